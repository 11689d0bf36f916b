//! The GA's first brood with adapted steps: the initial genomes, then their
//! mutants, each measured against its start on the same dice.

use super::MutationOp;
use super::mutation::Gaussian;
use super::steps::{Brood, Lineage, Parent, Steps};
use crate::rng::derive_seed;
use crate::tune::optim::toolkit::{Counts, FrozenGenes};
use rand_core::SeedableRng;
use rand_pcg::Pcg32;
use yacht_core::genome::{GENES, Genome};

/// The first generation with adapted steps: the initial genomes, then
/// their mutants in turn (each free gene moved with probability `rate` by
/// its step in `steps`; genome i's stream named by (`seed`, i)), each
/// measured against its start on the same dice.
pub fn first_brood(
    init: &[Genome],
    size: usize,
    rate: f64,
    steps: &Steps,
    frozen: &FrozenGenes,
    seed: u64,
) -> Brood {
    let mutation = Gaussian {
        rate,
        sigma: steps.clone(),
        boost: 1.0,
        wide_share: 0.0,
        counts: Counts::AtLeastOne,
    };
    let mut brood = Brood {
        genomes: Vec::with_capacity(size),
        lineage: Vec::with_capacity(size),
    };
    for i in 0..size {
        let k = i % init.len();
        let base = &init[k];
        if i < init.len() {
            brood.genomes.push(base.clone());
            brood.lineage.push(Lineage::none());
            continue;
        }
        let mut rng = Pcg32::seed_from_u64(derive_seed(&[seed, 0x1417, i as u64]));
        let mut g = base.clone();
        for (j, spec) in GENES.iter().enumerate().filter(|&(j, _)| !frozen[j]) {
            let v = mutation.mutate(i, j, g.genes[j], &mut rng);
            g.genes[j] = spec.kind.decode(v.clamp(spec.min, spec.max));
        }
        brood.lineage.push(Lineage::of(&g, base, Parent::Here(k)));
        brood.genomes.push(g);
    }
    brood
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tune::optim::ga::tests::pop;
    use yacht_core::genome::N_GENES;

    #[test]
    fn the_first_brood_is_the_starts_then_their_mutants_measured_against_them() {
        let starts = [Genome::default(), pop(1)[0].clone()];
        let none = [false; N_GENES];
        let b = first_brood(&starts, 6, 0.5, &Steps::uniform(0.05), &none, 7);
        assert_eq!(&b.genomes[..2], &starts);
        assert_eq!(b.lineage[..2], [Lineage::none(), Lineage::none()]);
        for i in 2..6 {
            let k = i % 2;
            assert_eq!(b.lineage[i].parent, Parent::Here(k));
            assert_eq!(
                b.lineage[i],
                Lineage::of(&b.genomes[i], &starts[k], Parent::Here(k))
            );
            // About half the genes move at rate 0.5, none of them far.
            let moved = b.lineage[i].moved.len();
            assert!(moved > N_GENES / 5 && moved < N_GENES * 4 / 5, "{moved}");
        }
        assert_eq!(
            b,
            first_brood(&starts, 6, 0.5, &Steps::uniform(0.05), &none, 7)
        );
        // Frozen genes stay.
        let mut frozen = [true; N_GENES];
        frozen[0] = false;
        let f = first_brood(&starts, 6, 1.0, &Steps::uniform(0.05), &frozen, 7);
        assert!(f.lineage.iter().all(|l| l.moved.iter().all(|&j| j == 0)));
    }
}
