//! The diversity floor's wider step: while the population's diversity
//! over its free genes is below the floor, a share of the children (every
//! second one at 0.5) take a step wider by floor over diversity, at most
//! `MAX_BOOST` times their plain step.

use crate::tune::optim::toolkit::{FrozenGenes, free_genes, spread_over};
use yacht_core::genome::Genome;

/// The most the diversity floor multiplies the mutation step by.
pub const MAX_BOOST: f64 = 4.0;

/// The wider step of one generation's children.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Floor {
    /// A wide step is the plain one times this.
    pub boost: f64,
    /// The share of the children that take the wide step.
    pub share: f64,
}

impl Floor {
    /// No child steps wider.
    pub fn none() -> Floor {
        Floor {
            boost: 1.0,
            share: 0.0,
        }
    }

    /// The children bred from `pop` under the floor `floor` (0: off), a
    /// share `share` of them wide: the boost is the floor over the free
    /// genes' diversity, between 1 and `MAX_BOOST`.
    pub fn of(pop: &[Genome], frozen: &FrozenGenes, floor: f64, share: f64) -> Floor {
        let boost = match floor <= 0.0 {
            true => 1.0,
            false => {
                let d = spread_over(pop, &free_genes(frozen));
                (floor / d.max(1e-9)).clamp(1.0, MAX_BOOST)
            }
        };
        Floor { boost, share }
    }

    /// What child `k`'s (0, 1, … after the elites) plain step is
    /// multiplied by.
    pub fn factor(&self, k: usize) -> f64 {
        match takes_wide(k, self.share) {
            true => self.boost,
            false => 1.0,
        }
    }
}

/// Whether child `k` takes the wide step when a share `share` of the
/// children do: spread evenly, every second one at 0.5, every one at 1.
fn takes_wide(k: usize, share: f64) -> bool {
    ((k + 1) as f64 * share).floor() > (k as f64 * share).floor()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wide_children_are_spread_evenly_and_grow_by_the_floor_over_the_diversity() {
        assert!(takes_wide(0, 1.0) && takes_wide(1, 1.0) && !takes_wide(0, 0.5));
        assert!(takes_wide(1, 0.5) && !takes_wide(2, 0.5) && takes_wide(3, 0.5));
        let none = [false; yacht_core::genome::N_GENES];
        let same = vec![Genome::default(); 4];
        let f = Floor::of(&same, &none, 0.2, 0.5);
        assert_eq!((f.factor(0), f.factor(1)), (1.0, MAX_BOOST));
        assert_eq!(Floor::of(&same, &none, 0.0, 0.5).factor(1), 1.0);
        assert_eq!(Floor::none().factor(1), 1.0);
    }
}
