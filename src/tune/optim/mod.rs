//! Optimisers behind one trait: each proposes a generation of genomes
//! (`ask`), hears their measured fitness (`tell`), puts forward the
//! genomes it would keep (`proposals`) and says what a checkpoint keeps of
//! it (`state`). The genetic algorithm (`ga`), CMA-ES (`cmaes`) and random
//! search (`random`, the floor) each own their settings; `settings` names
//! them (`OptimizerSettings`, the run's choice) and is the one place that
//! starts or resumes each, so the run loop and the planted-optimum
//! benchmark (`planted`, `bench`) drive any of them the same way. Genomes
//! stay within each gene's bounds; frozen genes stay as the starting
//! genomes have them.

pub mod bench;
pub mod cmaes;
mod eigen;
pub mod ga;
pub mod planted;
pub mod racing;
pub mod random;
pub mod settings;
pub mod toolkit;

pub use settings::{Choices, OptimizerSettings, State, WrongState};
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
    /// The genomes it would put forward now, best first.
    fn proposals(&self) -> Vec<Genome>;
    /// Whether validation measures its `proposals` (else the top of its
    /// last population, by their mean over re-evaluations).
    fn proposes(&self) -> bool {
        true
    }
    /// What a checkpoint keeps to go on from here.
    fn state(&self) -> State;
    /// Offers the genes it may move from the next generation on (those
    /// that act in the population it breeds from); false when it keeps
    /// the genes it started with.
    fn offer(&mut self, frozen: &FrozenGenes) -> bool {
        let _ = frozen;
        false
    }
    /// Its steps as generations.csv records them, when they adapt.
    fn adapting(&self) -> Option<Adapting> {
        None
    }
}

/// An optimiser's adapted steps after a generation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Adapting {
    /// The typical step of a free real gene, a fraction of its range.
    pub step: f64,
    /// The share of the generation's children that held against their
    /// parent (None when none had one).
    pub held: Option<f64>,
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
    /// The run's starting genomes: the first generation's first genomes
    /// (the first is CMA-ES's centre, and the frozen genes' values of
    /// CMA-ES and random search).
    pub starts: &'a [Genome],
    pub population: usize,
    pub frozen: &'a FrozenGenes,
    /// The first generation's spread (a fraction of each range): how far
    /// the starts' copies move, or where the GA's adapted steps start.
    pub init_sigma: f64,
    /// The optimiser's own random stream.
    pub seed: u64,
    /// The stream the starts' copies are spread on.
    pub first_seed: u64,
}

/// Where an optimiser goes on from, besides its kept state: the genomes
/// it asked last, the genes it may move, its stream and the generation.
#[derive(Clone, Debug)]
pub struct Resume<'a> {
    pub population: &'a [Genome],
    pub frozen: &'a FrozenGenes,
    pub seed: u64,
    pub generation: u64,
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
