//! The genetic algorithm as an [`Optimizer`]: the population evolves by
//! `tune::ga`'s operators, one seeded stream per generation.

use super::{Optimizer, Start, best_of};
use crate::rng::derive_seed;
use crate::tune::ga::{FrozenGenes, GaSettings, next_generation};
use yacht_core::genome::Genome;

pub struct Ga {
    population: Vec<Genome>,
    last: Vec<Genome>,
    last_fitness: Vec<f64>,
    settings: GaSettings,
    frozen: FrozenGenes,
    seed: u64,
    generation: u64,
}

impl Ga {
    /// The initial genomes, cycled to the population's size.
    pub fn new(s: &Start) -> Ga {
        let population = s.initial.iter().cycle().take(s.population).cloned();
        Ga::resume(population.collect(), s.ga, s.frozen, s.seed, 0)
    }

    /// The GA at `generation` with this population to evaluate (its whole
    /// state: a run's checkpoint keeps the population); each generation's
    /// stream is named by (`seed`, generation), as `tuner evolve` always
    /// named it.
    pub fn resume(
        population: Vec<Genome>,
        settings: &GaSettings,
        frozen: &FrozenGenes,
        seed: u64,
        generation: u64,
    ) -> Ga {
        Ga {
            population,
            last: Vec::new(),
            last_fitness: Vec::new(),
            settings: settings.clone(),
            frozen: *frozen,
            seed,
            generation,
        }
    }
}

impl Optimizer for Ga {
    fn ask(&mut self) -> Vec<Genome> {
        self.population.clone()
    }

    fn tell(&mut self, fitness: &[f64]) {
        let seed = derive_seed(&[self.seed, 0x6A, self.generation]);
        let next = next_generation(
            &self.population,
            fitness,
            &self.settings,
            &self.frozen,
            seed,
        );
        self.last = std::mem::replace(&mut self.population, next);
        self.last_fitness = fitness.to_vec();
        self.generation += 1;
    }

    /// The last generation's two best.
    fn proposals(&self) -> Vec<Genome> {
        best_of(&self.last, &self.last_fitness, 2)
    }
}
