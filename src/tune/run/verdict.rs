//! validation.json's record and the rules its verdicts follow: the
//! winner against the champion on the training suite (a sequential paired
//! test, `LOOKS` looks at `Z_SEQUENTIAL`) and not worse on the held-out
//! suite; `promoted` says when both allow installing. Written by
//! `validation` (and `install`), read by the plot, the summary and `tuner
//! runs`.

use crate::tune::eval::{Evaluation, Paired, z_score};
use crate::tune::heldout::HeldOutCheck;
use crate::tune::named::NamedGenes;
use serde::{Deserialize, Serialize};
use std::path::PathBuf;

/// Fewest games per opponent of the comparison that may replace
/// `params/best.toml`: fewer never replace it.
pub const MIN_COMPARISON_GAMES: u32 = 200;

/// Looks of the sequential comparison with the incumbent: the fresh games
/// are played in this many equal stages, tested after each.
pub const LOOKS: u64 = 4;

/// Pocock's boundary for `LOOKS` equally spaced looks at one-sided 5 %: a
/// winner whose z crosses it at any look is better (the chance that an
/// equal one ever does is 5 %; a test checks it by simulation). Below its
/// negative the comparison stops: the winner is not better.
pub const Z_SEQUENTIAL: f64 = 2.067;

/// validation.json: what `validate` decided (and `install` did), as they
/// write it and as the plot, the summary and `tuner runs` read it back.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct ValidationRecord {
    /// The seed of the validation dice.
    pub seed: u64,
    pub games_per_opponent: u64,
    /// The best of the top genomes on the validation dice.
    pub winner: Evaluation,
    /// Against the incumbent on the training suite (none without one, or
    /// when the winner is the incumbent itself).
    pub comparison: Option<Comparison>,
    /// Against the incumbent on the held-out suite (none in a record
    /// without it, or a run without a held-out suite).
    #[serde(default)]
    pub heldout: Option<HeldOutCheck>,
    /// The champion file the winner was compared with.
    #[serde(default)]
    pub incumbent: Option<PathBuf>,
    /// Its genes then: installing checks that it has not changed since.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub incumbent_genes: Option<NamedGenes>,
    /// The winner is the incumbent itself (an extended finished run):
    /// nothing to compare, nothing to install.
    #[serde(default)]
    pub same_as_incumbent: bool,
    /// Whether the winner was installed as the champion.
    #[serde(alias = "replaced_params_best")]
    pub installed: bool,
    pub previous_kept_as: Option<PathBuf>,
    /// Seconds the validation took (0 in a record without it).
    #[serde(default)]
    pub seconds: f64,
    /// How many generations the run had when it was validated (none in a
    /// record without it: a resume validates them again).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub generations: Option<u32>,
    /// When the verdicts allow installing: what each of the winner's
    /// changes from the incumbent is worth (none otherwise, and in a
    /// record without it).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub worth: Vec<ChangeWorth>,
}

/// What one change of the winner is worth on the training suite: the
/// winner less a copy with that gene put back as the incumbent has it,
/// paired on fresh dice (the run's fitness, luck-adjusted by default).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct ChangeWorth {
    pub gene: String,
    /// The incumbent's value and the winner's.
    pub from: f64,
    pub to: f64,
    pub worth: Paired,
}

impl ValidationRecord {
    /// Whether the winner may replace the incumbent: [`promoted`] by both
    /// verdicts, and not the incumbent itself.
    pub fn earned(&self) -> bool {
        !self.same_as_incumbent && promoted(self.comparison.as_ref(), self.heldout.as_ref())
    }

    /// Both verdicts in one line, each with its z.
    pub fn verdicts(&self) -> String {
        if self.same_as_incumbent {
            return "the winner is the champion itself".into();
        }
        let training = match &self.comparison {
            None => "no champion to compare with".to_string(),
            Some(c) if c.allowance > 0.0 => format!(
                "training suite: {}, within the budget (z = {:.2})",
                c.word(),
                allowed_z(&c.test, c.allowance)
            ),
            Some(c) => format!("training suite: {} (z = {:.2})", c.word(), c.test.z),
        };
        let heldout = match &self.heldout {
            None => "no held-out suite".to_string(),
            Some(h) => match h.shown_worse_against() {
                worse if worse.is_empty() => {
                    format!("held out: {} (z = {:.2})", h.word(), h.z)
                }
                worse => format!(
                    "held out: {} against {} (the suite: z = {:.2})",
                    h.word(),
                    worse.join(", "),
                    h.z
                ),
            },
        };
        format!("{training}; {heldout}")
    }

    /// Why the winner may not replace the incumbent, when it may not: the
    /// first verdict that refuses it, in its own words.
    pub fn refusal(&self) -> Option<Refusal> {
        if self.earned() {
            return None;
        }
        if self.same_as_incumbent {
            return Some(Refusal::SameAsIncumbent);
        }
        match (&self.comparison, &self.heldout) {
            (Some(c), _) if !c.better() => Some(Refusal::Training(c.verdict.clone())),
            (_, Some(h)) => Some(Refusal::HeldOut(h.verdict.clone())),
            _ => unreachable!("promoted() refuses only on one of the two verdicts"),
        }
    }
}

/// Why a run's winner may not be installed: the verdict that refuses it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    SameAsIncumbent,
    /// Not shown better on the training suite (the verdict's words).
    Training(String),
    /// Not shown not worse held out (the verdict's words).
    HeldOut(String),
}

impl std::fmt::Display for Refusal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Refusal::SameAsIncumbent => f.write_str("the winner is the champion itself"),
            Refusal::Training(verdict) => write!(f, "training suite: {verdict}"),
            Refusal::HeldOut(verdict) => write!(f, "held out: {verdict}"),
        }
    }
}

/// The winner against the incumbent on fresh dice.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Comparison {
    pub seed: u64,
    pub winner_fitness: f64,
    pub incumbent_fitness: f64,
    /// The test over every stage played.
    pub test: Paired,
    /// z after each stage played (at most `LOOKS`; empty in runs from
    /// before the sequential test), the allowance added.
    #[serde(default, with = "crate::tune::eval::unbounded::each")]
    pub looks: Vec<f64>,
    /// Why it did or did not replace the incumbent.
    pub verdict: String,
    /// Fitness the winner may lose and still replace the incumbent:
    /// `budget::NOT_WORSE_BY` when the winner is within the run's budget
    /// and the incumbent over it, else 0 (it must be better).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub allowance: f64,
}

fn is_zero(x: &f64) -> bool {
    *x == 0.0
}

/// z of `test`'s difference plus `allowance`: above `Z_SEQUENTIAL` at a
/// look, the winner is better (with an allowance: not worse by more).
pub fn allowed_z(test: &Paired, allowance: f64) -> f64 {
    z_score(test.difference + allowance, test.std_error)
}

/// Whether the winner replaces the incumbent: (a) better on the training
/// suite by the sequential test and (b) not worse on the held-out suite,
/// each when there is one.
pub fn promoted(comparison: Option<&Comparison>, heldout: Option<&HeldOutCheck>) -> bool {
    comparison.is_none_or(Comparison::better) && heldout.is_none_or(|h| h.not_worse)
}

impl Comparison {
    /// Whether the sequential test showed the winner better.
    pub fn better(&self) -> bool {
        self.test.games_per_opponent >= MIN_COMPARISON_GAMES
            && allowed_z(&self.test, self.allowance) > Z_SEQUENTIAL
    }

    /// The verdict in the tool's words: "better" or "not shown better";
    /// with an allowance (a winner within --max-searches against a
    /// champion over it), "not worse" or "not shown not worse".
    pub fn word(&self) -> &'static str {
        match (self.allowance > 0.0, self.better()) {
            (false, true) => "better",
            (false, false) => "not shown better",
            (true, true) => "not worse",
            (true, false) => "not shown not worse",
        }
    }
}
