//! The population as a whole: the first generation (the initial genomes,
//! then perturbed copies of them) and its diversity (each gene's spread as
//! a fraction of its range), which the mutation's floor and the run's
//! records read.

use super::frozen::FrozenGenes;
use super::step::step;
use crate::rng::derive_seed;
use rand_core::SeedableRng;
use rand_pcg::Pcg32;
use yacht_core::genome::{GENES, Genome, N_GENES};

/// The first generation's spread by default (`tuner evolve --init-sigma`,
/// the planted benchmark): a fraction of each gene's range.
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

/// Mean over genes of the population's standard deviation as a fraction of
/// the gene's range (0 = all equal).
pub fn diversity(pop: &[Genome]) -> f64 {
    spread_over(pop, &(0..N_GENES).collect::<Vec<_>>())
}

/// `diversity` over the genes `genes`.
pub(super) fn spread_over(pop: &[Genome], genes: &[usize]) -> f64 {
    let n = pop.len().max(1) as f64;
    let mut total = 0.0;
    for &i in genes {
        let g = &GENES[i];
        let mean = pop.iter().map(|p| p.genes[i]).sum::<f64>() / n;
        let var = pop.iter().map(|p| (p.genes[i] - mean).powi(2)).sum::<f64>() / n;
        total += var.sqrt() / (g.max - g.min);
    }
    total / genes.len().max(1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tune::ga::tests::pop;

    #[test]
    fn diversity_is_zero_for_clones_and_positive_otherwise() {
        assert_eq!(diversity(&vec![Genome::default(); 5]), 0.0);
        assert!(diversity(&pop(5)) > 0.01);
    }
}
