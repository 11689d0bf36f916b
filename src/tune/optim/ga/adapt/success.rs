//! The success rule: a child *holds* when its score is not below its
//! parent's by more than the tolerance; after each generation every
//! gene's step grows when the children that moved it held more often than
//! the target share, and shrinks when they held less (in the manner of
//! Rechenberg's 1/5 rule, per gene: a gene seen in few children leans on
//! the whole generation's share). A count moves by its step rounded and a
//! switch flips with probability twice its step, so counts and switches
//! adapt by their own kind. Pure: scores in, steps out.

use super::steps::{STEP_BOUNDS, Steps};
use crate::tune::optim::ga::lineage::{Lineage, Parent};
use serde::{Deserialize, Serialize};

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

/// How many children's worth of the generation's share a gene's own
/// share is shrunk towards.
const PRIOR: f64 = 2.0;

/// The steps after a generation, by the success rule: `lineage` says each genome's parent
/// and the genes it moved from it, `score` what each scored. Returns
/// the share of children that held (None: no child had a parent).
pub fn adapt(steps: &mut Steps, lineage: &[Lineage], score: &[f64], a: &Adapt) -> Option<f64> {
    let verdicts = verdicts(lineage, score, a.tolerance);
    if verdicts.is_empty() {
        return None;
    }
    let held = verdicts.iter().filter(|(h, _)| *h).count() as f64;
    let share = held / verdicts.len() as f64;
    for (i, sigma) in steps.0.iter_mut().enumerate() {
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

/// Each child with a parent: whether it held (scored not below its
/// parent's score by more than `tolerance`), and its lineage.
pub fn verdicts<'l>(
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
        let share = adapt(&mut s, &lineage, &score, &a).unwrap();
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
        assert_eq!(adapt(&mut t, &fell, &[0.65], &a), Some(0.0));
        assert!((t.0[3] - 0.05 * (-a.rate).exp()).abs() < 1e-12);
        // Nothing to judge: nothing moves.
        let mut u = Steps::uniform(0.05);
        assert_eq!(adapt(&mut u, &[Lineage::none()], &[0.5], &a), None);
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
}
