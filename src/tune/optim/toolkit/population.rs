//! The first generation of an optimiser that starts from a population: the
//! initial genomes, then perturbed copies of them (the GA with fixed steps,
//! the planted benchmark; the GA with adapted steps breeds its own first
//! brood, `ga::first_brood`).

use super::frozen::FrozenGenes;
use super::step::step;
use crate::rng::derive_seed;
use rand_core::SeedableRng;
use rand_pcg::Pcg32;
use yacht_core::genome::{GENES, Genome};

/// The first generation's spread by default (`tuner evolve --init-sigma`,
/// the planted benchmark): a fraction of each gene's range; with adapted
/// steps, where every gene's step starts.
pub const INIT_SIGMA: f64 = 0.1;

/// The first generation of `size` genomes: the initial genomes, then
/// copies of them in turn perturbed by `sigma` (genome i's stream named by
/// (`seed`, i)).
pub fn first_population(
    init: &[Genome],
    size: usize,
    sigma: f64,
    frozen: &FrozenGenes,
    seed: u64,
) -> Vec<Genome> {
    (0..size)
        .map(|i| {
            let base = &init[i % init.len()];
            match i < init.len() {
                true => base.clone(),
                false => perturbed(base, sigma, frozen, derive_seed(&[seed, 0x1417, i as u64])),
            }
        })
        .collect()
}

/// A random genome within bounds, centred on `base`, for the first
/// generation; frozen genes are `base`'s.
pub fn perturbed(base: &Genome, sigma: f64, frozen: &FrozenGenes, seed: u64) -> Genome {
    let mut rng = Pcg32::seed_from_u64(seed);
    let mut g = base.clone();
    for ((v, spec), _) in g
        .genes
        .iter_mut()
        .zip(GENES)
        .zip(frozen)
        .filter(|(_, f)| !**f)
    {
        *v = spec
            .kind
            .decode(step(spec, *v, sigma, &mut rng).clamp(spec.min, spec.max));
    }
    g
}
