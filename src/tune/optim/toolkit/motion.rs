//! How each kind of gene moves by a step of a given size: a real by a
//! normal step, a count by that step rounded, a switch by a flip, a choice
//! to another option. The GA's mutation and the first population's
//! perturbation both move genes so; how large a step is, and how the GA
//! adapts it, is not this module's (`ga::adapt`).

use crate::rng::{normal, unit};
use rand_pcg::Pcg32;
use yacht_core::genome::{Gene, Kind};

/// One move of `value` by a step of `sigma` (a fraction of the gene's
/// range), as its kind moves, on one draw: a real by a normal step; a
/// count by that step rounded (whole numbers stay whole); a switch flips,
/// and a choice picks another option, with probability 2 `sigma` (at
/// most 1). The result may leave the bounds: the caller clamps.
pub fn move_by(gene: &Gene, value: f64, sigma: f64, rng: &mut Pcg32) -> f64 {
    move_by_as(gene, value, sigma, Counts::Rounded, rng)
}

/// How a count's step is made whole.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Counts {
    /// The normal step rounded: a small step leaves the count as it is.
    Rounded,
    /// Rounded away from zero to at least one: a count that mutates moves
    /// (with adapted steps, whose small steps would otherwise freeze it).
    AtLeastOne,
}

/// [`move_by`], a count's step made whole as `counts` says (on the same draw).
pub fn move_by_as(gene: &Gene, value: f64, sigma: f64, counts: Counts, rng: &mut Pcg32) -> f64 {
    let range = gene.max - gene.min;
    match gene.kind {
        Kind::Real => value + normal(rng) * sigma * range,
        Kind::Count(_) => {
            let d = normal(rng) * sigma * range;
            match counts {
                Counts::Rounded => value + d.round(),
                Counts::AtLeastOne => value + d.signum() * d.abs().round().max(1.0),
            }
        }
        Kind::Switch | Kind::Choice(_) => {
            let u = unit(rng);
            let p = (2.0 * sigma).min(1.0);
            if u >= p {
                return value;
            }
            // Another option, uniformly, from the same draw.
            let others = range as usize;
            let k = ((u / p) * others as f64) as usize % others.max(1);
            let other = gene.min + k as f64;
            if other >= value { other + 1.0 } else { other }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_core::SeedableRng;
    use yacht_core::genome::{GENES, WP_FAST, WP_LOOKAHEAD, WP_READ};

    #[test]
    fn counts_move_by_whole_numbers_switches_flip_and_choices_pick_another() {
        let mut rng = Pcg32::seed_from_u64(9);
        let (count, switch, choice) = (&GENES[WP_LOOKAHEAD], &GENES[WP_FAST], &GENES[WP_READ]);
        let (mut moved, mut flipped, mut picked) = (0, 0, [0; 3]);
        for _ in 0..2000 {
            let c = move_by(count, 16.0, 0.1, &mut rng);
            assert_eq!(c.fract(), 0.0, "{c}");
            moved += usize::from(c != 16.0);
            let s = move_by(switch, 1.0, 0.1, &mut rng);
            assert!(s == 0.0 || s == 1.0);
            flipped += usize::from(s == 0.0);
            let k = move_by(choice, 1.0, 0.5, &mut rng);
            picked[k as usize] += 1;
        }
        assert!(moved > 1000, "{moved}");
        // A flip with probability 2 sigma = 0.2.
        assert!((300..500).contains(&flipped), "{flipped}");
        // At 0.5 always another option, each as often.
        assert_eq!(picked[1], 0);
        assert!(picked[0] > 900 && picked[2] > 900, "{picked:?}");
        // A tiny step leaves a rounded count, and moves one at least by one.
        for _ in 0..200 {
            assert_eq!(move_by(count, 16.0, 0.001, &mut rng), 16.0);
            let c = move_by_as(count, 16.0, 0.001, Counts::AtLeastOne, &mut rng);
            assert!(c == 15.0 || c == 17.0, "{c}");
        }
    }
}
