//! Each gene's step, a fraction of its range: where a run's steps start
//! (a switch or a choice at least at `SWITCH_START`), the bounds they stay
//! within, the typical step the run records, and the steps by gene name
//! as checkpoint.json keeps them. What moves them is `success` and `path`.

use crate::tune::optim::toolkit::FrozenGenes;
use yacht_core::genome::{GENES, Genome, Kind, N_GENES};

/// Where a switch's or a choice's step starts: a mutated one flips with
/// probability twice this.
pub const SWITCH_START: f64 = 0.25;

/// The smallest and largest step a gene may reach (fractions of its range).
pub const STEP_BOUNDS: (f64, f64) = (0.002, 0.5);

/// Each gene's step, a fraction of its range.
#[derive(Clone, Debug, PartialEq)]
pub struct Steps(pub [f64; N_GENES]);

impl Steps {
    /// Every gene at `sigma`.
    pub fn uniform(sigma: f64) -> Steps {
        Steps([sigma; N_GENES])
    }

    /// Where a run's steps start: every gene at `sigma`, a switch or a
    /// choice at least at `SWITCH_START` (a mutated one flips every
    /// second time: a flip is a move of the whole range, and a small
    /// step would leave it still until the run learns otherwise).
    pub fn start(sigma: f64) -> Steps {
        let mut s = Steps::uniform(sigma);
        for (x, g) in s.0.iter_mut().zip(GENES) {
            if matches!(g.kind, Kind::Switch | Kind::Choice(_)) {
                *x = x.max(SWITCH_START);
            }
        }
        s
    }

    /// The typical step of a real gene: the geometric mean over the free
    /// real genes (over every gene when none is free).
    pub fn typical(&self, frozen: &FrozenGenes) -> f64 {
        let free: Vec<f64> = (0..N_GENES)
            .filter(|&i| !frozen[i] && GENES[i].kind == Kind::Real)
            .map(|i| self.0[i])
            .collect();
        let all = if free.is_empty() {
            self.0.to_vec()
        } else {
            free
        };
        (all.iter().map(|s| s.ln()).sum::<f64>() / all.len() as f64).exp()
    }

    /// Each step multiplied by its factor (`Paths::follow`), within the
    /// bounds.
    pub fn scale(&mut self, factor: &[f64; N_GENES]) {
        for (s, f) in self.0.iter_mut().zip(factor) {
            *s = (*s * f).clamp(STEP_BOUNDS.0, STEP_BOUNDS.1);
        }
    }

    /// The steps by gene name, as checkpoint.json keeps them.
    pub fn named(&self) -> Vec<(String, f64)> {
        GENES
            .iter()
            .zip(self.0)
            .map(|(g, s)| (g.name.to_string(), s))
            .collect()
    }

    /// Steps from names (a gene the list lacks takes `fallback`; a name
    /// no gene has is ignored: a retired gene).
    pub fn from_named(named: &[(String, f64)], fallback: f64) -> Steps {
        let mut s = Steps::uniform(fallback);
        for (name, sigma) in named {
            if let Some(i) = Genome::index_of(name) {
                s.0[i] = *sigma;
            }
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tune::optim::ga::adapt::{Adapt, adapt};
    use crate::tune::optim::ga::lineage::{Lineage, Parent};

    #[test]
    fn steps_stay_within_their_bounds_and_read_back_by_name() {
        let a = Adapt::default();
        let mut s = Steps::uniform(0.45);
        let lineage = [Lineage {
            parent: Parent::Scored(0.0),
            moved: vec![0],
            by: Vec::new(),
        }];
        for _ in 0..10 {
            adapt(&mut s, &lineage, &[1.0], &a);
        }
        assert_eq!(s.0[0], STEP_BOUNDS.1);
        let back = Steps::from_named(&s.named(), 0.1);
        assert_eq!(back, s);
        let start = Steps::start(0.03);
        for (x, g) in start.0.iter().zip(GENES) {
            let want = match g.kind {
                Kind::Switch | Kind::Choice(_) => SWITCH_START,
                _ => 0.03,
            };
            assert_eq!(*x, want, "{}", g.name);
        }
        let partial = Steps::from_named(&[("no_such_gene".into(), 0.3)], 0.1);
        assert_eq!(partial, Steps::uniform(0.1));
        assert_eq!(
            Lineage::of(&Genome::default(), &Genome::default(), Parent::None).moved,
            Vec::<usize>::new()
        );
    }
}
