//! The GA's first generation, by the one first-population path
//! (`toolkit::first_population`): with fixed steps the copies spread by
//! the run's first spread; with adapted steps each copy a mutant of its
//! start by the first steps (each free gene moved with probability
//! `mutation_rate`), measured against its start on the same dice.

use super::MutationOp;
use super::adapt::{Floor, StepRule, Steps};
use super::lineage::{Brood, Lineage, Parent};
use super::mutation::Gaussian;
use super::settings::GaSettings;
use crate::tune::optim::Start;
use crate::tune::optim::toolkit::{first_population, spread};
use yacht_core::genome::GENES;

/// The first generation as `s` says, mutating by `steps` with adapted
/// steps (on the GA's own stream, `start.seed`), each genome with whom it
/// is measured against.
pub fn first_brood(s: &GaSettings, steps: &Steps, start: &Start) -> Brood {
    let (starts, size) = (start.starts, start.population);
    let genomes = match s.steps {
        StepRule::Fixed => first_population(
            starts,
            size,
            start.first_seed,
            spread(start.init_sigma, start.frozen),
        ),
        StepRule::Adapted(_) => {
            let mutation = Gaussian {
                rate: s.mutation_rate,
                sigma: steps.clone(),
                floor: Floor::none(),
                counts: s.steps.counts(),
            };
            first_population(starts, size, start.seed, |i, base, rng| {
                let mut g = base.clone();
                for (j, spec) in GENES.iter().enumerate().filter(|&(j, _)| !start.frozen[j]) {
                    let v = mutation.mutate(i, j, g.genes[j], rng);
                    g.genes[j] = spec.kind.decode(v.clamp(spec.min, spec.max));
                }
                g
            })
        }
    };
    let lineage = genomes
        .iter()
        .enumerate()
        .map(|(i, g)| match (s.steps, i < starts.len()) {
            (StepRule::Adapted(_), false) => {
                let k = i % starts.len();
                Lineage::of(g, &starts[k], Parent::Here(k))
            }
            _ => Lineage::none(),
        })
        .collect();
    Brood { genomes, lineage }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tune::optim::ga::tests::pop;
    use yacht_core::genome::{Genome, N_GENES};

    fn brood(starts: &[Genome], rate: f64, frozen: &[bool; N_GENES]) -> Brood {
        let s = GaSettings {
            mutation_rate: rate,
            ..GaSettings::default()
        };
        let start = Start {
            starts,
            population: 6,
            frozen,
            init_sigma: 0.05,
            seed: 7,
            first_seed: 8,
        };
        first_brood(&s, &Steps::uniform(0.05), &start)
    }

    #[test]
    fn the_first_brood_is_the_starts_then_their_mutants_measured_against_them() {
        let starts = [Genome::default(), pop(1)[0].clone()];
        let none = [false; N_GENES];
        let b = brood(&starts, 0.5, &none);
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
        assert_eq!(b, brood(&starts, 0.5, &none));
        // Frozen genes stay.
        let mut frozen = [true; N_GENES];
        frozen[0] = false;
        let f = brood(&starts, 1.0, &frozen);
        assert!(f.lineage.iter().all(|l| l.moved.iter().all(|&j| j == 0)));
        // Fixed steps: the starts' copies spread, measured against no one.
        let fixed = GaSettings::fixed();
        let start = Start {
            starts: &starts,
            population: 6,
            frozen: &none,
            init_sigma: 0.05,
            seed: 7,
            first_seed: 8,
        };
        let b = first_brood(&fixed, &Steps::uniform(0.08), &start);
        let spread_copies = first_population(&starts, 6, 8, spread(0.05, &none));
        assert_eq!(b.genomes, spread_copies);
        assert!(b.lineage.iter().all(|l| *l == Lineage::none()));
    }
}
