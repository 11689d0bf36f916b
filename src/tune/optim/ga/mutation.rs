//! Mutation: a Gaussian step on each gene with probability `rate`, its
//! standard deviation a fraction of the gene's range: the gene's own step
//! (`adapt::Steps`), times the diversity floor's boost for the children
//! that take the wider step (`adapt::Floor`). Each gene moves as its kind
//! does (`toolkit::move_by_as`): a count by whole numbers, a switch flips,
//! a choice picks another option.

use super::MutationOp;
use super::adapt::{Floor, Steps};
use super::settings::GaSettings;
use crate::rng::unit;
use crate::tune::optim::toolkit::{Counts, FrozenGenes, move_by_as};
use rand_pcg::Pcg32;
use yacht_core::genome::{GENES, Genome};

/// Gaussian mutation, the step of one generation.
pub struct Gaussian {
    /// Probability that a gene mutates.
    pub rate: f64,
    /// Each gene's plain step, a fraction of its range (standard deviation).
    pub sigma: Steps,
    /// The diversity floor's wider step for a share of the children.
    pub floor: Floor,
    /// How a count's step is made whole (at least one with adapted steps).
    pub counts: Counts,
}

impl Gaussian {
    /// The mutation of the children bred from `pop` by steps `sigma`: its
    /// wide step is the plain one grown by the diversity floor on `pop`'s
    /// free genes.
    pub fn new(s: &GaSettings, sigma: Steps, pop: &[Genome], frozen: &FrozenGenes) -> Gaussian {
        Gaussian {
            rate: s.mutation_rate,
            sigma,
            floor: Floor::of(pop, frozen, s.diversity_floor, s.wide_share),
            counts: s.steps.counts(),
        }
    }
}

impl MutationOp for Gaussian {
    /// One draw (whether it mutates), then one normal draw if it does.
    fn mutate(&self, child: usize, gene: usize, value: f64, rng: &mut Pcg32) -> f64 {
        let sigma = self.sigma.0[gene] * self.floor.factor(child);
        match unit(rng) < self.rate {
            true => move_by_as(&GENES[gene], value, sigma, self.counts, rng),
            false => value,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tune::optim::ga::next_generation;
    use crate::tune::optim::ga::tests::{NONE, pop};
    use crate::tune::optim::toolkit::diversity;
    use yacht_core::genome::GENES;

    #[test]
    fn a_collapsed_population_mutates_wider_under_a_diversity_floor() {
        let same = vec![Genome::default(); 8];
        let fit = vec![0.5; 8];
        let plain = GaSettings {
            mutation_rate: 1.0,
            ..GaSettings::classic()
        };
        let floored = GaSettings {
            diversity_floor: 0.2,
            ..plain.clone()
        };
        let d = |s: &GaSettings| diversity(&next_generation(&same, &fit, s, &NONE, 3));
        // Diversity 0: the step grows the most (4×; bounds clip a little).
        assert!(
            d(&floored) > 3.0 * d(&plain),
            "{} {}",
            d(&floored),
            d(&plain)
        );
        // Above the floor, nothing changes.
        let spread = pop(8);
        assert!(diversity(&spread) > 0.05, "{}", diversity(&spread));
        let low = GaSettings {
            diversity_floor: 0.05,
            ..plain.clone()
        };
        let f: Vec<f64> = (0..8).map(f64::from).collect();
        assert_eq!(
            next_generation(&spread, &f, &low, &NONE, 3),
            next_generation(&spread, &f, &plain, &NONE, 3)
        );
    }

    #[test]
    fn every_second_child_takes_the_floors_wider_step() {
        let same = vec![Genome::default(); 12];
        let fit = vec![0.5; 12];
        let s = GaSettings {
            mutation_rate: 1.0,
            crossover: 0.0,
            ..GaSettings::fixed()
        };
        let next = next_generation(&same, &fit, &s, &NONE, 5);
        let moved = |g: &Genome| -> f64 {
            let d = g.genes.iter().zip(&same[0].genes).zip(GENES);
            d.map(|((a, b), spec)| (a - b).abs() / (spec.max - spec.min))
                .sum()
        };
        // Children 0, 2, 4, … (genomes 2, 4, …) take the plain step, the
        // others 4× it (the spread is 0, under any floor).
        let (plain, wide): (Vec<_>, Vec<_>) = (2..12).partition(|i| i % 2 == 0);
        let mean = |v: &[usize]| v.iter().map(|&i| moved(&next[i])).sum::<f64>() / v.len() as f64;
        assert!(
            mean(&wide) > 2.5 * mean(&plain),
            "{} {}",
            mean(&wide),
            mean(&plain)
        );
        let all = GaSettings {
            wide_share: 1.0,
            ..s.clone()
        };
        let narrow = mean(&plain);
        let next = next_generation(&same, &fit, &all, &NONE, 5);
        let mean = |v: &[usize]| v.iter().map(|&i| moved(&next[i])).sum::<f64>() / v.len() as f64;
        assert!(mean(&plain) > 2.5 * narrow, "{} {narrow}", mean(&plain));
    }
}
