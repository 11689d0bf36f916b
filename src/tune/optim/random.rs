//! Random search as an [`Optimizer`]: the first generation as given, then
//! every generation uniform genomes within the bounds (frozen genes as the
//! first initial genome has them); it puts forward the best measured so
//! far. The floor an optimiser must beat.

use super::{Optimizer, Start, best_of, free_genes, from_unit};
use crate::rng::{derive_seed, unit};
use rand_core::SeedableRng;
use rand_pcg::Pcg32;
use yacht_core::genome::Genome;

pub struct Random {
    initial: Vec<Genome>,
    base: Genome,
    free: Vec<usize>,
    population: usize,
    seed: u64,
    generation: u64,
    asked: Vec<Genome>,
    /// Every genome measured and its fitness.
    seen: Vec<(Genome, f64)>,
}

impl Random {
    pub fn new(s: &Start) -> Random {
        Random {
            initial: s
                .initial
                .iter()
                .cycle()
                .take(s.population)
                .cloned()
                .collect(),
            base: s.initial[0].clone(),
            free: free_genes(s.frozen),
            population: s.population,
            seed: s.seed,
            generation: 0,
            asked: Vec::new(),
            seen: Vec::new(),
        }
    }
}

impl Optimizer for Random {
    fn ask(&mut self) -> Vec<Genome> {
        if self.generation == 0 {
            self.asked = self.initial.clone();
            return self.asked.clone();
        }
        let mut rng = Pcg32::seed_from_u64(derive_seed(&[self.seed, 0x4A4D, self.generation]));
        self.asked = (0..self.population)
            .map(|_| {
                let mut g = self.base.clone();
                for &i in &self.free {
                    g.genes[i] = from_unit(i, unit(&mut rng));
                }
                g
            })
            .collect();
        self.asked.clone()
    }

    fn tell(&mut self, fitness: &[f64]) {
        self.seen
            .extend(self.asked.drain(..).zip(fitness.iter().copied()));
        self.generation += 1;
    }

    /// The two best measured so far.
    fn proposals(&self) -> Vec<Genome> {
        let (genomes, fitness): (Vec<Genome>, Vec<f64>) = self.seen.iter().cloned().unzip();
        best_of(&genomes, &fitness, 2)
    }
}
