//! Steps the run adapts: each gene's mutation step (a fraction of its
//! range), set by how the children fare against their parents. A child
//! *holds* when its score is not below its parent's by more than the
//! tolerance; after each generation every gene's step grows when the
//! children that moved it held more often than the target share, and
//! shrinks when they held less (a success rule in the manner of
//! Rechenberg's 1/5 rule, per gene: a gene seen in few children leans on
//! the whole generation's share). A count moves by its step rounded and a
//! switch flips with probability twice its step (`step`), so counts and
//! switches adapt by their own kind. Pure: scores in, steps out.

use crate::tune::optim::toolkit::FrozenGenes;
use serde::{Deserialize, Serialize};
use yacht_core::genome::{GENES, Genome, Kind, N_GENES};

/// How the steps adapt (`tuner evolve --step-target`, `--step-tolerance`).
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct Adapt {
    /// The share of children that should hold: above it the steps grow,
    /// below it they shrink.
    pub target: f64,
    /// How far below its parent a child may score and still hold, in
    /// fitness (0.01: one point of win rate).
    pub tolerance: f64,
    /// How fast a step moves: at a share of 1 (or 0) it grows (shrinks) by
    /// e^rate in one generation.
    pub rate: f64,
    /// The memory of each gene's evolution path (`path`): the share of
    /// the path one generation replaces; 0: no path, the success rule
    /// alone.
    #[serde(default)]
    pub path: f64,
}

impl Default for Adapt {
    fn default() -> Adapt {
        Adapt {
            target: 0.5,
            tolerance: 0.01,
            rate: 0.7,
            path: 0.3,
        }
    }
}

/// Where a switch's or a choice's step starts: a mutated one flips with
/// probability twice this.
pub const SWITCH_START: f64 = 0.25;

/// The smallest and largest step a gene may reach (fractions of its range).
pub const STEP_BOUNDS: (f64, f64) = (0.002, 0.5);

/// How many children's worth of the generation's share a gene's own
/// share is shrunk towards.
const PRIOR: f64 = 2.0;

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

    /// The steps after a generation: `lineage` says each genome's parent
    /// and the genes it moved from it, `score` what each scored. Returns
    /// the share of children that held (None: no child had a parent).
    pub fn adapt(&mut self, lineage: &[Lineage], score: &[f64], a: &Adapt) -> Option<f64> {
        let verdicts = verdicts(lineage, score, a.tolerance);
        if verdicts.is_empty() {
            return None;
        }
        let held = verdicts.iter().filter(|(h, _)| *h).count() as f64;
        let share = held / verdicts.len() as f64;
        for (i, sigma) in self.0.iter_mut().enumerate() {
            let (mut n, mut h) = (0.0, 0.0);
            for (held, l) in &verdicts {
                if l.moved.contains(&i) {
                    n += 1.0;
                    h += f64::from(u8::from(*held));
                }
            }
            let own = (h + PRIOR * share) / (n + PRIOR);
            *sigma = (*sigma * factor(own, a)).clamp(STEP_BOUNDS.0, STEP_BOUNDS.1);
        }
        Some(share)
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

/// Each child with a parent: whether it held (scored not below its
/// parent's score by more than `tolerance`), and its lineage.
pub(super) fn verdicts<'l>(
    lineage: &'l [Lineage],
    score: &[f64],
    tolerance: f64,
) -> Vec<(bool, &'l Lineage)> {
    lineage
        .iter()
        .zip(score)
        .filter_map(|(l, &s)| {
            let parent = match l.parent {
                Parent::None => return None,
                Parent::Here(k) => score[k],
                Parent::Scored(p) => p,
            };
            Some((s >= parent - tolerance, l))
        })
        .collect()
}

/// What a step is multiplied by when a share `share` of the children that
/// moved it held: e^(rate · d), d from −1 (none held) through 0 (the
/// target) to +1 (all held).
fn factor(share: f64, a: &Adapt) -> f64 {
    let d = match share < a.target {
        true => (share - a.target) / a.target.max(1e-9),
        false => (share - a.target) / (1.0 - a.target).max(1e-9),
    };
    (a.rate * d).exp()
}

/// Whom a genome of a population is measured against.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "lowercase")]
pub enum Parent {
    /// No one: a starting genome or an elite (a copy, re-evaluated).
    None,
    /// A genome of the same generation (the first generation's starts):
    /// its index there, measured on the same dice.
    Here(usize),
    /// A parent of the last generation, with the score it had there.
    Scored(f64),
}

/// A genome's parent and the genes in which it differs from it.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Lineage {
    pub parent: Parent,
    /// Indices of the genes that differ from the parent's.
    pub moved: Vec<usize>,
    /// How far each of them moved (child less parent, a fraction of the
    /// gene's range), in `moved`'s order; empty in a run without a path.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub by: Vec<f64>,
}

impl Lineage {
    /// A genome measured against no one.
    pub fn none() -> Lineage {
        Lineage {
            parent: Parent::None,
            moved: Vec::new(),
            by: Vec::new(),
        }
    }

    /// `child` against `parent`, which scored as `of` says.
    pub fn of(child: &Genome, parent: &Genome, of: Parent) -> Lineage {
        let moved: Vec<usize> = (0..N_GENES)
            .filter(|&i| child.genes[i] != parent.genes[i])
            .collect();
        let by = moved
            .iter()
            .map(|&i| (child.genes[i] - parent.genes[i]) / (GENES[i].max - GENES[i].min))
            .collect();
        Lineage {
            parent: of,
            moved,
            by,
        }
    }

    /// How far gene `i` moved (a fraction of its range), if it did and
    /// the lineage says.
    pub fn by(&self, i: usize) -> Option<f64> {
        let k = self.moved.iter().position(|&j| j == i)?;
        self.by.get(k).copied()
    }
}

/// A generation as an optimiser proposes it: the genomes and each one's lineage.
#[derive(Clone, Debug, PartialEq)]
pub struct Brood {
    pub genomes: Vec<Genome>,
    pub lineage: Vec<Lineage>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn child(parent: Parent, moved: &[usize]) -> Lineage {
        Lineage {
            parent,
            moved: moved.to_vec(),
            by: Vec::new(),
        }
    }

    #[test]
    fn steps_grow_while_children_hold_and_shrink_while_they_fail() {
        let a = Adapt {
            target: 0.5,
            tolerance: 0.01,
            rate: 0.7,
            path: 0.0,
        };
        // Genome 0 a start scoring 0.60; children of it on the same dice.
        let lineage = [
            Lineage::none(),
            child(Parent::Here(0), &[0]),
            child(Parent::Here(0), &[0]),
            child(Parent::Here(0), &[1]),
            child(Parent::Here(0), &[1]),
        ];
        // Gene 0's children hold (one a little below, within the
        // tolerance), gene 1's lose 5 points.
        let score = [0.60, 0.595, 0.62, 0.55, 0.54];
        let mut s = Steps::uniform(0.05);
        let share = s.adapt(&lineage, &score, &a).unwrap();
        assert_eq!(share, 0.5);
        // Gene 0: (2 + 2 · 0.5) / 4 = 0.75 held; gene 1: 0.25; the rest
        // the generation's 0.5, the target: unchanged.
        let want = |own: f64| 0.05 * factor(own, &a);
        assert!((s.0[0] - want(0.75)).abs() < 1e-12);
        assert!((s.0[1] - want(0.25)).abs() < 1e-12);
        assert!((s.0[2] - want(0.5)).abs() < 1e-12);
        assert!(s.0[0] > 0.05 && s.0[1] < 0.05 && s.0[2] == 0.05);
        // A parent of the last generation, by its score there.
        let mut t = Steps::uniform(0.05);
        let fell = [child(Parent::Scored(0.70), &[3])];
        assert_eq!(t.adapt(&fell, &[0.65], &a), Some(0.0));
        assert!((t.0[3] - 0.05 * (-a.rate).exp()).abs() < 1e-12);
        // Nothing to judge: nothing moves.
        let mut u = Steps::uniform(0.05);
        assert_eq!(u.adapt(&[Lineage::none()], &[0.5], &a), None);
        assert_eq!(u, Steps::uniform(0.05));
    }

    #[test]
    fn settings_written_before_the_path_read_without_it() {
        let old: Adapt = toml::from_str("target = 0.5\ntolerance = 0.01\nrate = 0.7\n").unwrap();
        assert_eq!(
            old,
            Adapt {
                path: 0.0,
                ..Adapt::default()
            }
        );
        assert!(Adapt::default().path > 0.0);
    }

    #[test]
    fn the_factor_is_one_at_the_target_and_e_to_the_rate_at_the_ends() {
        let a = Adapt::default();
        assert!((factor(a.target, &a) - 1.0).abs() < 1e-12);
        assert!((factor(1.0, &a) - a.rate.exp()).abs() < 1e-12);
        assert!((factor(0.0, &a) - (-a.rate).exp()).abs() < 1e-12);
    }

    #[test]
    fn steps_stay_within_their_bounds_and_read_back_by_name() {
        let a = Adapt::default();
        let mut s = Steps::uniform(0.45);
        let lineage = [child(Parent::Scored(0.0), &[0])];
        for _ in 0..10 {
            s.adapt(&lineage, &[1.0], &a);
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
