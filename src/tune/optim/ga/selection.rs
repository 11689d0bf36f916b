//! Parent selection: a tournament of `size` genomes drawn with replacement,
//! the fittest of them the parent.

use super::SelectionOp;
use crate::rng::uniform;
use rand_pcg::Pcg32;

/// Tournament selection.
pub struct Tournament {
    /// Genomes drawn for each tournament (at least one is).
    pub size: usize,
}

impl SelectionOp for Tournament {
    /// `size` draws; ties go to the lower index.
    fn select(&self, fitness: &[f64], rng: &mut Pcg32) -> usize {
        (0..self.size.max(1))
            .map(|_| uniform(rng, fitness.len() as u32) as usize)
            .max_by(|&a, &b| fitness[a].total_cmp(&fitness[b]).then(b.cmp(&a)))
            .expect("size >= 1")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_core::SeedableRng;

    #[test]
    fn selection_prefers_the_fitter() {
        let fit = [0.1, 0.9, 0.2, 0.3];
        let mut rng = Pcg32::seed_from_u64(1);
        let t = Tournament { size: 3 };
        let wins = (0..1000).filter(|_| t.select(&fit, &mut rng) == 1).count();
        // P(best in a 3-draw tournament) = 1 − (3/4)^3 ≈ 0.58.
        assert!((500..660).contains(&wins), "{wins}");
    }
}
