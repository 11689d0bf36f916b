//! Elitism: the best genomes kept unchanged, the last of them (of at least
//! two) replaced by the better half's centroid weighted by rank; and the
//! rank weights, which CMA-ES weighs its mean by too.

use super::ElitismOp;
use crate::tune::optim::toolkit::{FrozenGenes, rank_weights};
use yacht_core::genome::{GENES, Genome};

/// The elites: the best `count`, the last of them the centroid if asked.
pub struct Elites {
    /// Genomes kept (re-evaluated in the next generation).
    pub count: usize,
    /// The last elite (of at least two) is the better half's centroid.
    pub centroid: bool,
}

impl ElitismOp for Elites {
    fn elites(&self, pop: &[Genome], order: &[usize], frozen: &FrozenGenes) -> Vec<Genome> {
        let mut kept: Vec<Genome> = order
            .iter()
            .take(self.count)
            .map(|&i| pop[i].clone())
            .collect();
        if self.centroid && kept.len() >= 2 {
            let last = kept.len() - 1;
            kept[last] = centroid(pop, order, frozen);
        }
        kept
    }
}

/// The better half's centroid (weighted by `rank_weights`), its frozen
/// genes the best genome's; `order` ranks `pop`, best first.
fn centroid(pop: &[Genome], order: &[usize], frozen: &FrozenGenes) -> Genome {
    let better = &order[..(pop.len() / 2).max(1)];
    let weights = rank_weights(better.len());
    let mut c = pop[order[0]].clone();
    for (i, g) in GENES.iter().enumerate().filter(|&(i, _)| !frozen[i]) {
        let v: f64 = better
            .iter()
            .zip(&weights)
            .map(|(&k, w)| w * pop[k].genes[i])
            .sum();
        c.genes[i] = v.clamp(g.min, g.max);
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tune::optim::ga::tests::pop;
    use crate::tune::optim::ga::{GaSettings, next_generation};
    use crate::tune::optim::toolkit::frozen_genes;

    #[test]
    fn the_second_elite_is_the_better_halfs_rank_weighted_centroid() {
        use yacht_core::genome::PRIO;
        let frozen = frozen_genes(&["prio_one".into()]).unwrap();
        let p = pop(6);
        let fit = [0.3, 0.9, 0.1, 0.5, 0.2, 0.7];
        let next = next_generation(&p, &fit, &GaSettings::default(), &frozen, 4);
        assert_eq!(next[0], p[1]);
        // The better half is genomes 1, 5, 3; ln(3.5) − ln(rank), normalised.
        let w = rank_weights(3);
        let raw = [
            3.5f64.ln(),
            3.5f64.ln() - 2f64.ln(),
            3.5f64.ln() - 3f64.ln(),
        ];
        for (w, r) in w.iter().zip(raw) {
            assert!((w - r / raw.iter().sum::<f64>()).abs() < 1e-15);
        }
        for (i, g) in GENES.iter().enumerate() {
            let want = match i {
                PRIO => p[1].genes[i],
                _ => (w[0] * p[1].genes[i] + w[1] * p[5].genes[i] + w[2] * p[3].genes[i])
                    .clamp(g.min, g.max),
            };
            assert!((next[1].genes[i] - want).abs() < 1e-12, "{}", g.name);
        }
        let off = GaSettings {
            centroid_elite: false,
            ..GaSettings::default()
        };
        assert_eq!(next_generation(&p, &fit, &off, &frozen, 4)[1], p[5]);
    }
}
