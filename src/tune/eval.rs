//! Seeded, paired, parallel evaluation of one player against a suite: every
//! deal is played twice with seats swapped; games run on rayon's pool; the
//! results are collected in order and folded serially, so the figures do not
//! depend on the thread count.

use crate::host::deal::Deal;
use crate::host::play::{Fault, GameResult, Outcome};
use crate::host::player::{Player, play_deal};
use crate::host::program::Limits;
use crate::host::stop;
use crate::host::transcript::{Event, keep_last};
use crate::rng::derive_seed;
use crate::stats::wilson95;
use crate::tune::suite::Opponent;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use yacht_core::rules::{PerSeat, Seat};

/// One game from the candidate's side.
#[derive(Clone, Debug)]
struct Game {
    outcome: Outcome,
    margin: i32,
    total: i32,
    bid_points: i32,
    /// Who faulted (true: the candidate), and why.
    fault: Option<(bool, Fault)>,
    /// Lines a program wrote to stderr (true: the candidate's).
    stderr: Vec<(bool, String)>,
}

/// Games against one opponent that ended by a fault. A game the opponent
/// lost by a fault is a win for the candidate (the contest's rule), so they
/// are counted apart.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct Faults {
    /// Games the candidate lost by its own fault.
    pub candidate: u32,
    /// Games the opponent lost by its fault.
    pub opponent: u32,
    /// Games per "candidate: REASON" / "opponent: REASON".
    pub reasons: BTreeMap<String, u32>,
}

impl Faults {
    fn add(&mut self, by_candidate: bool, why: &Fault) {
        let who = if by_candidate {
            self.candidate += 1;
            "candidate"
        } else {
            self.opponent += 1;
            "opponent"
        };
        *self.reasons.entry(format!("{who}: {why}")).or_default() += 1;
    }
}

/// What a game is worth to the fitness: a named, pluggable part of a run
/// (recorded in its config.toml).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Fitness {
    /// A win 1, a draw ½, a loss 0: the weighted mean is the win rate.
    #[default]
    WinRate,
    /// The logistic of the game's margin over `MARGIN_SCALE` points: a
    /// narrow game counts near ½, a clear one near 1 or 0 (less noisy than
    /// the outcome alone). A game ended by a fault counts as its outcome.
    Margin,
}

/// Margin (points) at which a `Fitness::Margin` game counts 1/(1 + e⁻¹) ≈ 0.73.
pub const MARGIN_SCALE: f64 = 20_000.0;

impl Fitness {
    /// Every kind, for help and errors.
    pub const ALL: [Fitness; 2] = [Fitness::WinRate, Fitness::Margin];

    pub fn name(self) -> &'static str {
        match self {
            Fitness::WinRate => "win-rate",
            Fitness::Margin => "margin",
        }
    }

    /// What one game is worth, in 0..=1.
    fn of(self, g: &Game) -> f64 {
        match (self, &g.fault) {
            (Fitness::WinRate, _) | (Fitness::Margin, Some(_)) => g.outcome.points(),
            (Fitness::Margin, None) => 1.0 / (1.0 + (-(g.margin as f64) / MARGIN_SCALE).exp()),
        }
    }

    /// A short name for a plot's axis.
    pub fn axis_label(self) -> String {
        match self {
            Fitness::WinRate => "weighted win rate".to_string(),
            Fitness::Margin => format!("weighted logistic(margin / {MARGIN_SCALE})"),
        }
    }

    /// How the tables describe it.
    pub fn describe(self) -> String {
        match self {
            Fitness::WinRate => "weighted mean win rate, draws ½".to_string(),
            Fitness::Margin => {
                format!("weighted mean of each game's logistic(margin / {MARGIN_SCALE})")
            }
        }
    }
}

impl std::fmt::Display for Fitness {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl std::str::FromStr for Fitness {
    type Err = String;
    fn from_str(s: &str) -> Result<Fitness, String> {
        Fitness::ALL
            .into_iter()
            .find(|k| k.name() == s)
            .ok_or_else(|| {
                let names: Vec<&str> = Fitness::ALL.iter().map(|k| k.name()).collect();
                format!("unknown fitness `{s}` (one of: {})", names.join(", "))
            })
    }
}

/// Results against one opponent.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct OpponentResult {
    pub name: String,
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub win_rate: f64,
    /// The mean of each game's worth to the fitness (the win rate for
    /// `Fitness::WinRate`).
    pub score: f64,
    pub ci95: [f64; 2],
    pub mean_margin: f64,
    pub mean_total: f64,
    pub mean_bid_points: f64,
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

/// As [`evaluate`], telling `on_deal` of each deal played (two games).
pub fn evaluate_with(
    candidate: &Player,
    suite: &[Opponent],
    deals: u64,
    seed: u64,
    kind: Fitness,
    on_deal: &(dyn Fn() + Sync),
) -> Evaluation {
    let jobs: Vec<(usize, u64)> = (0..suite.len())
        .flat_map(|o| (0..deals).map(move |i| (o, i)))
        .collect();
    let games: Vec<Option<[Game; 2]>> = jobs
        .par_iter()
        .map(|&(o, i)| {
            // After Ctrl-C, no new deal starts.
            (!stop::requested()).then(|| {
                let deal_seed = derive_seed(&[seed, o as u64, i]);
                let pair = play_pair(candidate, &suite[o].player, deal_seed);
                on_deal();
                pair
            })
        })
        .collect();
    let mut opponents = Vec::with_capacity(suite.len());
    for (o, opp) in suite.iter().enumerate() {
        let mine = &games[o * deals as usize..(o + 1) * deals as usize];
        opponents.push(summarise(
            &opp.name,
            opp.weight,
            kind,
            mine.iter().flatten().flatten(),
        ));
    }
    Evaluation {
        fitness: fitness(&opponents),
        kind,
        opponents,
        interrupted: games.iter().any(Option::is_none),
    }
}

/// Weighted mean score (serial fold, fixed order).
pub fn fitness(results: &[OpponentResult]) -> f64 {
    let w: f64 = results.iter().map(|r| r.weight).sum();
    results.iter().map(|r| r.weight * r.score).sum::<f64>() / w
}

/// Both seats of one deal, from the candidate's side.
fn play_pair(candidate: &Player, opponent: &Player, deal_seed: u64) -> [Game; 2] {
    let deal = Deal::from_seed(deal_seed);
    let seeds = PerSeat::new(derive_seed(&[deal_seed, 1]), derive_seed(&[deal_seed, 2]));
    // The candidate's seat, and its game from that side.
    let play = |players, deal: &Deal, seeds, seat: Seat| {
        let mut stderr = Vec::new();
        let result = play_deal(players, deal, seeds, Limits::default(), |e| {
            if let Event::Debug(by, line) = e {
                stderr.push((by == seat, line));
            }
        })
        .result;
        Game {
            stderr,
            ..side(&result, seat)
        }
    };
    let first = play(PerSeat::new(candidate, opponent), &deal, seeds, Seat::First);
    let swapped = (deal.swapped(), seeds.swapped());
    let second = play(
        PerSeat::new(opponent, candidate),
        &swapped.0,
        swapped.1,
        Seat::Second,
    );
    [first, second]
}

fn side(r: &GameResult, seat: Seat) -> Game {
    Game {
        stderr: Vec::new(),
        outcome: r.outcome(seat),
        margin: r.margin(seat),
        total: r.totals()[seat],
        bid_points: r.cards[seat].bid_points,
        fault: r.fault.clone().map(|(s, why)| (s == seat, why)),
    }
}

fn summarise<'a>(
    name: &str,
    weight: f64,
    kind: Fitness,
    games: impl Iterator<Item = &'a Game>,
) -> OpponentResult {
    let (mut n, mut wins, mut draws, mut score) = (0u32, 0u32, 0u32, 0f64);
    let (mut margin, mut total, mut bids) = (0f64, 0f64, 0f64);
    let mut faults = Faults::default();
    let mut points = Vec::new();
    let mut stderr_tail = Vec::new();
    for g in games {
        for (by_candidate, line) in &g.stderr {
            let who = if *by_candidate {
                "candidate"
            } else {
                "opponent"
            };
            keep_last(&mut stderr_tail, format!("game {n}, {who}: {line}"));
        }
        points.push(kind.of(g));
        if let Some((by_candidate, why)) = &g.fault {
            faults.add(*by_candidate, why);
        }
        n += 1;
        score += g.outcome.points();
        match g.outcome {
            Outcome::Win => wins += 1,
            Outcome::Draw => draws += 1,
            Outcome::Loss => {}
        }
        margin += g.margin as f64;
        total += g.total as f64;
        bids += g.bid_points as f64;
    }
    let nf = n.max(1) as f64;
    let (lo, hi) = wilson95(score, n as f64);
    OpponentResult {
        name: name.to_string(),
        games: n,
        wins,
        draws,
        losses: n - wins - draws,
        win_rate: score / nf,
        score: points.iter().sum::<f64>() / nf,
        ci95: [lo, hi],
        mean_margin: margin / nf,
        mean_total: total / nf,
        mean_bid_points: bids / nf,
        weight,
        faults,
        stderr_tail,
        points,
    }
}

/// A paired comparison of two evaluations on the same deals: the weighted
/// mean difference of their game points (the fitness difference), its
/// standard error, and z = difference / error.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Paired {
    pub games_per_opponent: u32,
    pub difference: f64,
    pub std_error: f64,
    /// Infinite when the error is 0 (the two played alike game by game).
    #[serde(with = "unbounded")]
    pub z: f64,
}

/// Serde for a statistic that may be infinite: JSON has no infinity, so
/// ±∞ is written as the string "inf" or "-inf".
pub mod unbounded {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    #[derive(Serialize, Deserialize)]
    #[serde(untagged)]
    enum Written {
        Number(f64),
        Text(String),
    }

    fn written(x: f64) -> Written {
        match x {
            f64::INFINITY => Written::Text("inf".into()),
            f64::NEG_INFINITY => Written::Text("-inf".into()),
            x => Written::Number(x),
        }
    }

    fn read<E: serde::de::Error>(w: Written) -> Result<f64, E> {
        match w {
            Written::Number(x) => Ok(x),
            Written::Text(t) if t == "inf" => Ok(f64::INFINITY),
            Written::Text(t) if t == "-inf" => Ok(f64::NEG_INFINITY),
            Written::Text(t) => Err(E::custom(format!(
                "expected a number, \"inf\" or \"-inf\", found \"{t}\""
            ))),
        }
    }

    pub fn serialize<S: Serializer>(x: &f64, s: S) -> Result<S::Ok, S::Error> {
        written(*x).serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
        read(Written::deserialize(d)?)
    }

    /// The same for each value of a list.
    pub mod each {
        use super::{Written, read, written};
        use serde::{Deserialize, Deserializer, Serialize, Serializer};

        pub fn serialize<S: Serializer>(xs: &[f64], s: S) -> Result<S::Ok, S::Error> {
            let w: Vec<Written> = xs.iter().map(|&x| written(x)).collect();
            w.serialize(s)
        }

        pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<f64>, D::Error> {
            Vec::<Written>::deserialize(d)?
                .into_iter()
                .map(read)
                .collect()
        }
    }
}

/// difference / its standard error; with no error, +∞ for a positive
/// difference and 0 otherwise.
pub fn z_score(difference: f64, std_error: f64) -> f64 {
    if std_error > 0.0 {
        difference / std_error
    } else if difference > 0.0 {
        f64::INFINITY
    } else {
        0.0
    }
}

impl Paired {
    /// The comparison with this difference and standard error.
    fn new(games_per_opponent: u32, difference: f64, std_error: f64) -> Paired {
        Paired {
            games_per_opponent,
            difference,
            std_error,
            z: z_score(difference, std_error),
        }
    }

    /// Game points `a` against `b`, game by game.
    fn of(a: &[f64], b: &[f64]) -> Paired {
        let d: Vec<f64> = a.iter().zip(b).map(|(x, y)| x - y).collect();
        let n = d.len() as f64;
        let mean = d.iter().sum::<f64>() / n;
        let var = d.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
        Paired::new(d.len() as u32, mean, (var / n).sqrt())
    }
}

impl Evaluation {
    /// `self` against `other`, game by game (both on the same seed and
    /// suite; None otherwise).
    pub fn paired(&self, other: &Evaluation) -> Option<Paired> {
        let each = self.paired_each(other)?;
        let total: f64 = self.opponents.iter().map(|o| o.weight).sum();
        let (mut difference, mut variance) = (0.0, 0.0);
        for (o, p) in self.opponents.iter().zip(&each) {
            let w = o.weight / total;
            difference += w * p.difference;
            variance += (w * p.std_error).powi(2);
        }
        let games = self.opponents.iter().map(|o| o.games).min().unwrap_or(0);
        Some(Paired::new(games, difference, variance.sqrt()))
    }

    /// [`Evaluation::paired`] opponent by opponent, in suite order.
    pub fn paired_each(&self, other: &Evaluation) -> Option<Vec<Paired>> {
        let same = self.opponents.len() == other.opponents.len()
            && self.opponents.iter().zip(&other.opponents).all(|(a, b)| {
                a.name == b.name && a.points.len() == b.points.len() && !a.points.is_empty()
            });
        same.then(|| {
            self.opponents
                .iter()
                .zip(&other.opponents)
                .map(|(a, b)| Paired::of(&a.points, &b.points))
                .collect()
        })
    }

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
            a.games += b.games;
            a.wins += b.wins;
            a.draws += b.draws;
            a.losses += b.losses;
            let won = a.wins as f64 + 0.5 * a.draws as f64;
            a.win_rate = won / (a.games.max(1) as f64);
            let (lo, hi) = wilson95(won, a.games as f64);
            a.ci95 = [lo, hi];
            a.points.extend(b.points);
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

    /// The first opponent that lost most of its games by faults: wins the
    /// candidate did not earn (a missing or broken program), as a message.
    pub fn unearned(&self) -> Option<String> {
        self.opponents
            .iter()
            .find(|o| 2 * o.faults.opponent > o.games)
            .map(|o| {
                format!(
                    "opponent `{}` lost {} of its {} games by faults ({}): these are not wins to count",
                    o.name,
                    o.faults.opponent,
                    o.games,
                    o.faults
                        .reasons
                        .iter()
                        .filter(|(r, _)| r.starts_with("opponent"))
                        .map(|(r, n)| format!("{} ×{n}", r.trim_start_matches("opponent: ")))
                        .collect::<Vec<_>>()
                        .join(", ")
                )
            })
    }

    /// The evaluation as `tuner eval --json` writes it: who was evaluated,
    /// the seed, the fitness and the per-opponent results.
    pub fn to_json(&self, label: &str, seed: u64) -> serde_json::Result<String> {
        let mut json = serde_json::json!({
            "genome": label,
            "seed": seed,
            "fitness": self.fitness,
            "fitness_kind": self.kind,
            "opponents": self.opponents,
        });
        if self.interrupted {
            json["interrupted"] = true.into();
        }
        serde_json::to_string_pretty(&json)
    }
}

/// The evaluation as a table for the terminal.
pub fn table(e: &Evaluation) -> String {
    let mut s = format!(
        "{:<24} {:>6} {:>6} {:>5} {:>6} {:>8} {:>17} {:>10} {:>10} {:>9} {:>11}\n",
        "opponent",
        "games",
        "W",
        "D",
        "L",
        "win %",
        "95% CI",
        "margin",
        "total",
        "bid pts",
        "faults c/o"
    );
    for r in &e.opponents {
        let faults = format!("{}/{}", r.faults.candidate, r.faults.opponent);
        s.push_str(&format!(
            "{:<24} {:>6} {:>6} {:>5} {:>6} {:>7.1}% {:>7.1}%–{:>6.1}% {:>10.0} {:>10.0} {:>9.0} {faults:>11}\n",
            r.name,
            r.games,
            r.wins,
            r.draws,
            r.losses,
            100.0 * r.win_rate,
            100.0 * r.ci95[0],
            100.0 * r.ci95[1],
            r.mean_margin,
            r.mean_total,
            r.mean_bid_points
        ));
    }
    for r in e.opponents.iter().filter(|r| !r.faults.reasons.is_empty()) {
        let reasons: Vec<String> = r
            .faults
            .reasons
            .iter()
            .map(|(why, n)| format!("{why} ×{n}"))
            .collect();
        s.push_str(&format!("faults vs {}: {}\n", r.name, reasons.join("; ")));
    }
    for r in &e.opponents {
        for line in &r.stderr_tail {
            s.push_str(&format!("stderr vs {}: {line}\n", r.name));
        }
    }
    s.push_str(&format!(
        "fitness ({}; c/o: games lost by the candidate's / the opponent's faults): {:.4}\n",
        e.kind.describe(),
        e.fitness
    ));
    if e.interrupted {
        s.push_str("(interrupted: over the games played so far)\n");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    fn game(outcome: Outcome, margin: i32, fault: Option<(bool, Fault)>) -> Game {
        Game {
            outcome,
            margin,
            total: 0,
            bid_points: 0,
            fault,
            stderr: Vec::new(),
        }
    }

    #[test]
    fn fitness_kinds_parse_by_name_and_value_games_as_documented() {
        for k in Fitness::ALL {
            assert_eq!(k.name().parse::<Fitness>(), Ok(k));
        }
        assert!(
            "winrate"
                .parse::<Fitness>()
                .unwrap_err()
                .contains("win-rate, margin")
        );
        let won = game(Outcome::Win, 20_000, None);
        assert_eq!(Fitness::WinRate.of(&won), 1.0);
        assert!((Fitness::Margin.of(&won) - 1.0 / (1.0 + (-1f64).exp())).abs() < 1e-12);
        assert_eq!(Fitness::Margin.of(&game(Outcome::Draw, 0, None)), 0.5);
        let lost = game(Outcome::Loss, -20_000, None);
        assert!((Fitness::Margin.of(&lost) + Fitness::Margin.of(&won) - 1.0).abs() < 1e-12);
        // A game lost by a fault counts as lost, whatever the margin.
        let faulted = game(Outcome::Loss, 50_000, Some((true, Fault::Tle)));
        assert_eq!(Fitness::Margin.of(&faulted), 0.0);
    }

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
            assert_eq!(j.wins, x.wins + y.wins);
            assert_eq!(j.points, [x.points.clone(), y.points.clone()].concat());
            let margin =
                (x.mean_margin * x.games as f64 + y.mean_margin * y.games as f64) / j.games as f64;
            assert!((j.mean_margin - margin).abs() < 1e-9);
            let won = j.wins as f64 + 0.5 * j.draws as f64;
            assert_eq!(j.win_rate, won / j.games as f64);
            assert_eq!(j.ci95, {
                let (l, h) = wilson95(won, j.games as f64);
                [l, h]
            });
            assert!((j.score - j.points.iter().sum::<f64>() / j.games as f64).abs() < 1e-12);
        }
        assert_eq!(joined.fitness, fitness(&joined.opponents));
        assert_eq!(joined.kind, Fitness::Margin);
    }
}
