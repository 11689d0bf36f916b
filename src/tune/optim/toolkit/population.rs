//! The one way every optimiser makes a first generation from the run's
//! starts: the starts, then copies of them in turn, each moved on its own
//! stream. How a copy moves is the optimiser's: perturbed by the run's
//! first spread (`perturb`: the GA with fixed steps, random search, the
//! planted benchmark) or mutated by the GA's first steps (its first
//! brood).

use super::frozen::FrozenGenes;
use super::motion::move_by;
use crate::rng::derive_seed;
use rand_core::SeedableRng;
use rand_pcg::Pcg32;
use yacht_core::genome::{GENES, Genome};

/// The first generation's spread by default (`tuner evolve --init-sigma`,
/// the planted benchmark): a fraction of each gene's range; with adapted
/// steps, where every gene's step starts.
pub const INIT_SIGMA: f64 = 0.1;

/// The first generation of `size` genomes: the starts, then copies of
/// them in turn (genome i a copy of start i mod the starts' number), copy
/// i moved by `moved(i, start, rng)` on the stream named by (`seed`, i).
pub fn first_population(
    starts: &[Genome],
    size: usize,
    seed: u64,
    mut moved: impl FnMut(usize, &Genome, &mut Pcg32) -> Genome,
) -> Vec<Genome> {
    (0..size)
        .map(|i| {
            let base = &starts[i % starts.len()];
            match i < starts.len() {
                true => base.clone(),
                false => {
                    let mut rng = Pcg32::seed_from_u64(derive_seed(&[seed, 0x1417, i as u64]));
                    moved(i, base, &mut rng)
                }
            }
        })
        .collect()
}

/// The move of a copy that spreads by `sigma`: every free gene moved by a
/// step of it at once (see [`perturb`]).
pub fn spread(
    sigma: f64,
    frozen: &FrozenGenes,
) -> impl FnMut(usize, &Genome, &mut Pcg32) -> Genome + '_ {
    move |_, base, rng| perturb(base, sigma, frozen, rng)
}

/// `base` with every free gene moved by a step of `sigma`, within bounds;
/// frozen genes are `base`'s.
pub fn perturb(base: &Genome, sigma: f64, frozen: &FrozenGenes, rng: &mut Pcg32) -> Genome {
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
            .decode(move_by(spec, *v, sigma, rng).clamp(spec.min, spec.max));
    }
    g
}

/// [`perturb`] on the stream `seed`.
pub fn perturbed(base: &Genome, sigma: f64, frozen: &FrozenGenes, seed: u64) -> Genome {
    perturb(base, sigma, frozen, &mut Pcg32::seed_from_u64(seed))
}

#[cfg(test)]
mod tests {
    use super::*;
    use yacht_core::genome::N_GENES;

    #[test]
    fn the_first_population_is_the_starts_then_their_copies_each_on_its_stream() {
        let starts = [
            Genome::default(),
            perturbed(&Genome::default(), 0.2, &[false; N_GENES], 1),
        ];
        let none = [false; N_GENES];
        let pop = first_population(&starts, 5, 7, spread(0.1, &none));
        assert_eq!(&pop[..2], &starts);
        for (i, g) in pop.iter().enumerate().skip(2) {
            let mut rng = Pcg32::seed_from_u64(derive_seed(&[7, 0x1417, i as u64]));
            assert_eq!(*g, perturb(&starts[i % 2], 0.1, &none, &mut rng));
            assert_ne!(*g, starts[i % 2]);
        }
    }
}
