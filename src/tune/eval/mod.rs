//! Seeded, paired, parallel evaluation of players against a suite: every
//! deal is played twice with seats swapped, through the series engine
//! (`host::series`), so the figures do not depend on the thread count.

mod adjusted;
pub mod curve;
mod file;
mod fitness;
mod paired;
mod table;
mod tally;

pub use adjusted::Adjusted;
pub use file::{EvalFile, EvalFileError};
pub use fitness::{Fitness, MARGIN_SCALE, UnknownFitness};
pub use paired::{
    Baseline, BaselineRow, MARGIN, Paired, Standing, Z_ONE_SIDED, margin_z, unbounded, z_score,
};
pub use table::{baseline_table, difference_interval, plain_cells, points, table};

pub use crate::host::gauntlet::Culprit;

use crate::host::gauntlet::Gauntlet;
use crate::host::play::Fault;
use crate::host::player::Player;
use crate::host::series::{Job, Record, Series};
use crate::tune::suite::Opponent;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use std::fmt;
use tally::Tally;

/// Games against one opponent that ended by a fault. A game the opponent
/// lost by a fault is a win for the candidate (the contest's rule), so they
/// are counted apart.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct Faults {
    /// Games the candidate lost by its own fault.
    pub candidate: u32,
    /// Games the opponent lost by its fault.
    pub opponent: u32,
    /// Games per culprit and official reason; in JSON, keyed
    /// "candidate: REASON" / "opponent: REASON".
    #[serde(with = "reasons")]
    pub reasons: BTreeMap<(Culprit, String), u32>,
}

impl Faults {
    fn add(&mut self, who: Culprit, why: &Fault) {
        match who {
            Culprit::Candidate => self.candidate += 1,
            Culprit::Opponent => self.opponent += 1,
        }
        *self.reasons.entry((who, why.to_string())).or_default() += 1;
    }

    /// `who`'s reasons, with their games.
    fn of(&self, who: Culprit) -> impl Iterator<Item = (&str, u32)> {
        let mine = self.reasons.iter().filter(move |((c, _), _)| *c == who);
        mine.map(|((_, why), &n)| (why.as_str(), n))
    }
}

/// The JSON of [`Faults::reasons`]: a map from "culprit: reason".
mod reasons {
    use crate::host::gauntlet::Culprit;
    use serde::de::Error;
    use serde::{Deserialize, Deserializer, Serializer};
    use std::collections::BTreeMap;

    type Reasons = BTreeMap<(Culprit, String), u32>;

    pub fn serialize<S: Serializer>(m: &Reasons, s: S) -> Result<S::Ok, S::Error> {
        s.collect_map(m.iter().map(|((who, why), n)| (format!("{who}: {why}"), n)))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Reasons, D::Error> {
        let written = BTreeMap::<String, u32>::deserialize(d)?;
        let culprit = |who: &str| {
            [Culprit::Candidate, Culprit::Opponent]
                .into_iter()
                .find(|c| c.name() == who)
        };
        let read = |key: &str| {
            let (who, why) = key.split_once(": ")?;
            Some((culprit(who)?, why.to_string()))
        };
        written
            .into_iter()
            .map(|(key, n)| {
                let read = read(&key).ok_or_else(|| {
                    D::Error::custom(format!(
                        "fault reason `{key}`: not `candidate: …` or `opponent: …`"
                    ))
                })?;
                Ok((read, n))
            })
            .collect()
    }
}

/// An opponent that lost most of its games by faults: its losses are not
/// wins to count.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct Unearned {
    pub opponent: String,
    /// Games it lost by faults, of `games`.
    pub lost: u32,
    pub games: u32,
    /// Each official reason, with its games.
    pub reasons: Vec<(String, u32)>,
}

impl fmt::Display for Unearned {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let reasons: Vec<String> = self
            .reasons
            .iter()
            .map(|(why, n)| format!("{why} ×{n}"))
            .collect();
        write!(
            f,
            "opponent `{}` lost {} of its {} games by faults ({}): these are not wins to count",
            self.opponent,
            self.lost,
            self.games,
            reasons.join(", ")
        )
    }
}

/// Results against one opponent.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct OpponentResult {
    pub name: String,
    pub games: u32,
    #[serde(flatten)]
    pub record: Record,
    pub win_rate: f64,
    /// The mean of each game's worth to the fitness (the win rate for
    /// `Fitness::WinRate`).
    pub score: f64,
    pub ci95: [f64; 2],
    /// The luck-adjusted result (the win rate less each game's luck).
    #[serde(default)]
    pub adjusted: Adjusted,
    pub mean_margin: f64,
    pub mean_total: f64,
    pub mean_bid_points: f64,
    /// The candidate's work per game in searches (`yacht_core::value::work`:
    /// each hand searched for its best put one, each look-ahead leaf valued
    /// a quarter, what it costs), the same on any machine; None when not
    /// counted (a program).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mean_searches: Option<f64>,
    pub weight: f64,
    pub faults: Faults,
    /// The programs' last lines on stderr, `game N, candidate|opponent:
    /// line` (warnings such as a bot without its data.bin).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub stderr_tail: Vec<String>,
    /// Each game's worth to the fitness (1, ½, 0 for the win rate), in game
    /// order: deal by deal, the candidate first then second. Evaluations on
    /// one seed pair up.
    #[serde(skip)]
    pub points: Vec<f64>,
    /// Each game's outcome (1, ½, 0), in game order.
    #[serde(skip)]
    pub outcomes: Vec<f64>,
    /// Each game's luck of the candidate (win probability), in game order.
    #[serde(skip)]
    pub luck: Vec<f64>,
}

/// Results against a suite.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Evaluation {
    /// Weighted mean of the opponents' scores (the win rate, draws ½, for
    /// `Fitness::WinRate`).
    pub fitness: f64,
    pub kind: Fitness,
    pub opponents: Vec<OpponentResult>,
    /// Stopped by Ctrl-C: over the games played so far.
    pub interrupted: bool,
}

/// Plays `deals` deals (2 × deals games) against each opponent. Deal `i` of
/// opponent `o` comes from `derive_seed([seed, o, i])`, so candidates given
/// the same seed meet the same dice (common random numbers).
pub fn evaluate(
    candidate: &Player,
    suite: &[Opponent],
    deals: u64,
    seed: u64,
    kind: Fitness,
) -> Evaluation {
    evaluate_with(candidate, suite, deals, seed, kind, &|| {})
}

/// As [`evaluate`], telling `on_game` of each game played.
pub fn evaluate_with(
    candidate: &Player,
    suite: &[Opponent],
    deals: u64,
    seed: u64,
    kind: Fitness,
    on_game: &(dyn Fn() + Sync),
) -> Evaluation {
    let all = evaluate_all(
        std::slice::from_ref(candidate),
        suite,
        deals,
        seed,
        kind,
        on_game,
    );
    all.into_iter().next().expect("one candidate")
}

/// [`evaluate_with`] for each candidate, as one series (all candidates meet
/// the same dice): the same evaluations as one by one.
pub fn evaluate_all(
    candidates: &[Player],
    suite: &[Opponent],
    deals: u64,
    seed: u64,
    kind: Fitness,
    on_game: &(dyn Fn() + Sync),
) -> Vec<Evaluation> {
    let job = Gauntlet {
        candidates: candidates.to_vec(),
        opponents: suite.iter().map(|o| o.player.clone()).collect(),
        deals,
        seed,
    };
    let mut tallies: Vec<Tally> = (0..candidates.len() * suite.len())
        .map(|_| Tally::default())
        .collect();
    let series = Series::on_cores(job.schedule());
    let played = series.run(&job, on_game, |at, g| tallies[at.pairing].add(g, kind));
    let mut tallies = tallies.into_iter();
    let mut evaluations = Vec::with_capacity(candidates.len());
    for _ in candidates {
        let opponents: Vec<OpponentResult> = suite
            .iter()
            .zip(tallies.by_ref())
            .map(|(opp, t)| t.finish(&opp.name, opp.weight))
            .collect();
        evaluations.push(Evaluation {
            fitness: fitness(&opponents),
            kind,
            opponents,
            interrupted: played.interrupted,
        });
    }
    evaluations
}

/// Weighted mean score (serial fold, fixed order).
pub fn fitness(results: &[OpponentResult]) -> f64 {
    let w: f64 = results.iter().map(|r| r.weight).sum();
    results.iter().map(|r| r.weight * r.score).sum::<f64>() / w
}

impl Evaluation {
    /// An evaluation with these game points (1, ½, 0) per opponent, each
    /// of weight 1, win-rate fitness: for tests of what reads evaluations.
    #[cfg(test)]
    pub(crate) fn from_points(points: &[(&str, Vec<f64>)]) -> Evaluation {
        let opponents: Vec<OpponentResult> = points
            .iter()
            .map(|(name, p)| {
                let rate = p.iter().sum::<f64>() / p.len() as f64;
                OpponentResult {
                    name: name.to_string(),
                    games: p.len() as u32,
                    win_rate: rate,
                    score: rate,
                    weight: 1.0,
                    points: p.clone(),
                    ..OpponentResult::default()
                }
            })
            .collect();
        Evaluation {
            fitness: opponents.iter().map(|o| o.score).sum::<f64>() / opponents.len() as f64,
            kind: Fitness::WinRate,
            opponents,
            interrupted: false,
        }
    }

    /// `self` and `later` (the same suite, later deals) as one evaluation:
    /// counts and game points joined, means weighted by games.
    pub fn append(&mut self, later: Evaluation) {
        for (a, b) in self.opponents.iter_mut().zip(later.opponents) {
            let (n, m) = (a.games as f64, b.games as f64);
            let mean = |x: f64, y: f64| (x * n + y * m) / (n + m).max(1.0);
            a.mean_margin = mean(a.mean_margin, b.mean_margin);
            a.mean_total = mean(a.mean_total, b.mean_total);
            a.mean_bid_points = mean(a.mean_bid_points, b.mean_bid_points);
            a.mean_searches = a
                .mean_searches
                .zip(b.mean_searches)
                .map(|(x, y)| mean(x, y));
            a.games += b.games;
            a.record = a.record.join(b.record);
            a.win_rate = a.record.rate();
            a.ci95 = a.record.ci95();
            a.points.extend(b.points);
            a.outcomes.extend(b.outcomes);
            a.luck.extend(b.luck);
            a.adjusted = Adjusted::of(&a.outcomes, &a.luck);
            a.score = a.points.iter().sum::<f64>() / (a.points.len().max(1) as f64);
            a.faults.candidate += b.faults.candidate;
            a.faults.opponent += b.faults.opponent;
            for (why, k) in b.faults.reasons {
                *a.faults.reasons.entry(why).or_default() += k;
            }
        }
        self.fitness = fitness(&self.opponents);
        self.interrupted |= later.interrupted;
    }

    /// The candidate's searches per game over every game played (see
    /// [`OpponentResult::mean_searches`]); None unless every game counted.
    pub fn searches_per_game(&self) -> Option<f64> {
        let mut sum = 0.0;
        for o in &self.opponents {
            sum += o.mean_searches? * f64::from(o.games);
        }
        let games: u32 = self.opponents.iter().map(|o| o.games).sum();
        (games > 0).then(|| sum / f64::from(games))
    }

    /// The first opponent that lost most of its games by faults: wins the
    /// candidate did not earn (a missing or broken program).
    pub fn unearned(&self) -> Option<Unearned> {
        let o = self
            .opponents
            .iter()
            .find(|o| 2 * o.faults.opponent > o.games)?;
        let reasons = o.faults.of(Culprit::Opponent);
        Some(Unearned {
            opponent: o.name.clone(),
            lost: o.faults.opponent,
            games: o.games,
            reasons: reasons.map(|(why, n)| (why.to_string(), n)).collect(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_evaluations_appended_equal_one_over_all_their_deals() {
        use crate::players::StrategySpec;
        let player = |spec: &str| Player::Builtin(StrategySpec::parse(spec).unwrap());
        let suite: Vec<Opponent> = ["sample:6", "greedy"]
            .iter()
            .map(|s| Opponent {
                name: s.to_string(),
                player: player(s),
                weight: 1.0,
            })
            .collect();
        // The second part on another seed (other deals): the join adds the
        // counts and games and derives every figure from them.
        let me = player("sample:4");
        let a = evaluate(&me, &suite, 4, 1, Fitness::Margin);
        let b = evaluate(&me, &suite, 2, 2, Fitness::Margin);
        let mut joined = a.clone();
        joined.append(b.clone());
        for ((j, x), y) in joined.opponents.iter().zip(&a.opponents).zip(&b.opponents) {
            assert_eq!(j.games, x.games + y.games);
            assert_eq!(j.record, x.record.join(y.record));
            assert_eq!(j.points, [x.points.clone(), y.points.clone()].concat());
            let margin =
                (x.mean_margin * x.games as f64 + y.mean_margin * y.games as f64) / j.games as f64;
            assert!((j.mean_margin - margin).abs() < 1e-9);
            let won = j.record.wins as f64 + 0.5 * j.record.draws as f64;
            assert_eq!(j.win_rate, won / j.games as f64);
            assert_eq!(j.ci95, {
                let (l, h) = crate::stats::wilson95(won, j.games as f64);
                [l, h]
            });
            assert!((j.score - j.points.iter().sum::<f64>() / j.games as f64).abs() < 1e-12);
        }
        assert_eq!(joined.fitness, fitness(&joined.opponents));
        assert_eq!(joined.kind, Fitness::Margin);
    }
}
