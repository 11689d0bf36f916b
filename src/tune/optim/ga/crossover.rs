//! Crossover: BLX-α. A pair mates with probability `rate` (one draw a
//! pair); a mated child's gene is drawn uniformly from the parents' interval
//! widened by α of its width each side, else it is the first parent's. A
//! count, a switch or a choice takes one parent's value (a count between
//! two counts is no count the parents tried).

use super::CrossoverOp;
use crate::rng::unit;
use rand_pcg::Pcg32;
use yacht_core::genome::{GENES, Genome, Kind};

/// BLX-α crossover.
pub struct Blx {
    /// Probability that a pair mates (else the child starts as the first parent).
    pub rate: f64,
    /// The widening of the parents' interval each side, as a share of its width.
    pub alpha: f64,
}

impl CrossoverOp for Blx {
    fn mate<'p>(
        &self,
        a: &'p Genome,
        b: &'p Genome,
        rng: &mut Pcg32,
    ) -> impl Fn(usize, &mut Pcg32) -> f64 + use<'p> {
        let cross = unit(rng) < self.rate;
        let alpha = self.alpha;
        move |i, rng| match (cross, GENES[i].kind) {
            (true, Kind::Real) => {
                let (lo, hi) = (a.genes[i].min(b.genes[i]), a.genes[i].max(b.genes[i]));
                let w = hi - lo;
                lo - alpha * w + unit(rng) * (1.0 + 2.0 * alpha) * w
            }
            // A count, a switch or a choice: one parent's, on the same draw.
            (true, _) => match unit(rng) < 0.5 {
                true => a.genes[i],
                false => b.genes[i],
            },
            (false, _) => a.genes[i],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tune::optim::ga::tests::pop;
    use rand_core::SeedableRng;
    use yacht_core::genome::N_GENES;

    #[test]
    fn a_mated_childs_genes_lie_in_the_widened_interval_else_are_the_first_parents() {
        let p = pop(2);
        let (a, b) = (&p[0], &p[1]);
        let mut rng = Pcg32::seed_from_u64(2);
        let blx = Blx {
            rate: 1.0,
            alpha: 0.3,
        };
        let gene = blx.mate(a, b, &mut rng);
        for i in 0..N_GENES {
            let (lo, hi) = (a.genes[i].min(b.genes[i]), a.genes[i].max(b.genes[i]));
            let v = gene(i, &mut rng);
            let slack = 0.3 * (hi - lo) + 1e-12;
            assert!(
                lo - slack <= v && v <= hi + slack,
                "{i}: {v} not in {lo}..{hi}"
            );
        }
        let copy = Blx { rate: 0.0, ..blx };
        let gene = copy.mate(a, b, &mut rng);
        assert!((0..N_GENES).all(|i| gene(i, &mut rng) == a.genes[i]));
    }
}
