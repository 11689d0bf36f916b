//! Random search as an [`Optimizer`]: the first generation the starts and
//! their copies spread by the run's first spread, then every generation
//! uniform genomes within the bounds (frozen genes as the first start has
//! them); it puts forward the best measured so
//! far. The floor an optimiser must beat.

use super::toolkit::{first_population, spread};
use super::{Optimizer, Start, State, free_genes, from_unit};
use crate::rng::{derive_seed, unit};
use crate::tune::named::NamedGenes;
use rand_core::SeedableRng;
use rand_pcg::Pcg32;
use serde::{Deserialize, Serialize};
use yacht_core::genome::Genome;

/// All a checkpoint needs to go on to the same genomes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Random {
    /// The first generation (asked once; a checkpoint is written after it).
    #[serde(skip)]
    initial: Vec<Genome>,
    base: NamedGenes,
    free: Vec<usize>,
    population: usize,
    seed: u64,
    generation: u64,
    asked: Vec<NamedGenes>,
    /// The best two measured so far and their fitness, best first.
    best: Vec<(NamedGenes, f64)>,
}

impl Random {
    pub fn new(s: &Start) -> Random {
        Random {
            initial: first_population(
                s.starts,
                s.population,
                s.first_seed,
                spread(s.init_sigma, s.frozen),
            ),
            base: NamedGenes::from(&s.starts[0]),
            free: free_genes(s.frozen),
            population: s.population,
            seed: s.seed,
            generation: 0,
            asked: Vec::new(),
            best: Vec::new(),
        }
    }
}

impl Optimizer for Random {
    fn ask(&mut self) -> Vec<Genome> {
        if self.generation == 0 && !self.initial.is_empty() {
            self.asked = self.initial.iter().map(NamedGenes::from).collect();
            return self.initial.clone();
        }
        let mut rng = Pcg32::seed_from_u64(derive_seed(&[self.seed, 0x4A4D, self.generation]));
        let asked: Vec<Genome> = (0..self.population)
            .map(|_| {
                let mut g = self.base.genome.clone();
                for &i in &self.free {
                    g.genes[i] = from_unit(i, unit(&mut rng));
                }
                g
            })
            .collect();
        self.asked = asked.iter().map(NamedGenes::from).collect();
        asked
    }

    fn tell(&mut self, fitness: &[f64], _score: &[f64]) {
        let mut all: Vec<(NamedGenes, f64)> = std::mem::take(&mut self.best);
        all.extend(self.asked.drain(..).zip(fitness.iter().copied()));
        let scores: Vec<f64> = all.iter().map(|(_, f)| *f).collect();
        self.best = crate::tune::optim::toolkit::ranking(&scores)
            .into_iter()
            .take(2)
            .map(|i| all[i].clone())
            .collect();
        self.generation += 1;
    }

    /// The two best measured so far.
    fn proposals(&self) -> Vec<Genome> {
        self.best.iter().map(|(g, _)| g.genome.clone()).collect()
    }

    fn state(&self) -> State {
        State::Random(Box::new(self.clone()))
    }
}
