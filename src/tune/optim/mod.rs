//! Optimisers behind one trait: each proposes a generation of genomes
//! (`ask`), hears their measured fitness (`tell`) and puts forward the
//! genomes it would keep (`proposals`). The genetic algorithm (`ga`), CMA-ES
//! (`cmaes`) and random search (`random`, the floor) share it, so the run
//! loop and the planted-optimum benchmark (`planted`, `bench`) drive any of
//! them the same way. Genomes stay within each gene's bounds; frozen genes
//! stay as the starting genome has them.

pub mod bench;
pub mod cmaes;
mod eigen;
pub mod ga;
pub mod planted;
pub mod racing;
pub mod random;
pub mod toolkit;

use ga::GaSettings;
use toolkit::FrozenGenes;
pub use toolkit::free_genes;
use yacht_core::genome::{GENES, Genome};

/// An optimiser over genomes, one generation at a time.
pub trait Optimizer {
    /// The genomes to evaluate next.
    fn ask(&mut self) -> Vec<Genome>;
    /// The measured fitness of the genomes `ask` returned, in its order:
    /// `fitness` ranks them (a race's order), `score` is what each scored
    /// on the games it played (what a child is compared with its parent by).
    fn tell(&mut self, fitness: &[f64], score: &[f64]);
    /// The genomes it would put forward now, best first (validation
    /// measures them again on fresh games and picks one).
    fn proposals(&self) -> Vec<Genome>;
    /// What a checkpoint keeps to go on from here; None for the GA, whose
    /// state is its population.
    fn state(&self) -> Option<State> {
        None
    }
}

/// An optimiser's state as checkpoint.json keeps it.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum State {
    Cmaes(Box<cmaes::Cmaes>),
    Random(Box<random::Random>),
}

impl State {
    /// The optimiser, going on from this state.
    pub fn resume(self) -> Box<dyn Optimizer + Send> {
        match self {
            State::Cmaes(c) => c,
            State::Random(r) => r,
        }
    }
}

/// Which optimiser (`--optimizer`).
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    clap::ValueEnum,
    serde::Serialize,
    serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum OptimizerKind {
    /// The genetic algorithm: tournament selection, BLX-α crossover,
    /// mutation, elites.
    #[default]
    Ga,
    /// CMA-ES (Hansen): a Gaussian search distribution whose mean, step
    /// size and covariance follow the best genomes.
    Cmaes,
    /// Random search: uniform genomes within the bounds (the floor).
    Random,
}

impl OptimizerKind {
    pub const ALL: [OptimizerKind; 3] = [
        OptimizerKind::Ga,
        OptimizerKind::Cmaes,
        OptimizerKind::Random,
    ];

    pub fn name(self) -> &'static str {
        match self {
            OptimizerKind::Ga => "ga",
            OptimizerKind::Cmaes => "cmaes",
            OptimizerKind::Random => "random",
        }
    }
}

impl std::fmt::Display for OptimizerKind {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// What every optimiser starts from.
#[derive(Clone, Debug)]
pub struct Start<'a> {
    /// The first generation's genomes (the first is the centre of CMA-ES's
    /// search and random search's frozen genes).
    pub initial: &'a [Genome],
    pub population: usize,
    pub frozen: &'a FrozenGenes,
    pub ga: &'a GaSettings,
    pub seed: u64,
    /// CMA-ES's first step size (fraction of each range).
    pub cmaes_sigma: f64,
    /// The GA's first steps with adapted steps (fraction of each range).
    pub init_sigma: f64,
}

/// A fresh optimiser of `kind`.
pub fn start(kind: OptimizerKind, s: &Start) -> Box<dyn Optimizer + Send> {
    match kind {
        OptimizerKind::Ga => Box::new(ga::Ga::new(s)),
        OptimizerKind::Cmaes => Box::new(cmaes::Cmaes::new(s)),
        OptimizerKind::Random => Box::new(random::Random::new(s)),
    }
}

/// A gene's value as a fraction of its range.
pub fn to_unit(gene: usize, value: f64) -> f64 {
    let g = &GENES[gene];
    (value - g.min) / (g.max - g.min)
}

/// A fraction of a gene's range as its value, within the bounds and as
/// its kind is played (a count, a switch, a choice: a whole number).
pub fn from_unit(gene: usize, y: f64) -> f64 {
    let g = &GENES[gene];
    g.kind
        .decode((g.min + y * (g.max - g.min)).clamp(g.min, g.max))
}

/// The `k` genomes of highest fitness, best first (ties: the earlier).
pub fn best_of(genomes: &[Genome], fitness: &[f64], k: usize) -> Vec<Genome> {
    crate::tune::optim::toolkit::ranking(fitness)
        .into_iter()
        .take(k)
        .map(|i| genomes[i].clone())
        .collect()
}
