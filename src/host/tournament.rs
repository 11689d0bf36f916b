//! `tuner tournament`: a league of entrants (built-ins and programs), round
//! robin or Swiss, with a leaderboard (points, win rate with Wilson interval,
//! mean margin, Bradley–Terry rating with standard error), a cross table and
//! faults. Every game's dice come from (seed, round, pairing, deal), results
//! are folded in a fixed order: the same seed gives the same tournament
//! whatever the thread count.

use crate::host::deal::Deal;
use crate::host::play::{Fault, Outcome};
use crate::host::player::{Player, play_deal};
use crate::host::program::Limits;
use crate::host::roster;
use crate::rng::derive_seed;
use crate::stats::wilson95;
use crate::text::truncate;
use rayon::prelude::*;
use serde::Serialize;
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use yacht_core::rules::{PerSeat, Seat};

/// One entrant.
#[derive(Clone, Debug)]
pub struct Entrant {
    pub name: String,
    pub player: Player,
}

/// Tournament format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Every pair meets once.
    RoundRobin,
    /// `rounds` rounds, pairing by current points, no repeat while avoidable.
    Swiss { rounds: u32 },
}

impl Format {
    /// `round-robin` (or `rr`), or `swiss` with `rounds` rounds.
    pub fn parse(name: &str, rounds: u32) -> Result<Format, String> {
        match name {
            "round-robin" | "rr" => Ok(Format::RoundRobin),
            "swiss" => Ok(Format::Swiss { rounds }),
            other => Err(format!("unknown format `{other}`: round-robin or swiss")),
        }
    }

    /// Pairings played among `n` entrants (a Swiss round leaves the odd
    /// one out with a bye).
    pub fn pairings(self, n: usize) -> u64 {
        let n = n as u64;
        match self {
            Format::RoundRobin => n * n.saturating_sub(1) / 2,
            Format::Swiss { rounds } => rounds as u64 * (n / 2),
        }
    }
}

/// The entrants of a tournament: the ten samples (if asked), those of a
/// roster file (text, name), and `NAME=SPEC` / `NAME=COMMAND` items. Names
/// must differ; at least two are needed.
pub fn field(
    samples: bool,
    file: Option<(&str, &str)>,
    named: &[String],
) -> Result<Vec<Entrant>, String> {
    let mut listed = if samples { roster::samples() } else { vec![] };
    if let Some((text, name)) = file {
        listed.extend(roster::parse_roster(text, name, "entrant")?);
    }
    let mut entrants: Vec<Entrant> = listed
        .into_iter()
        .map(|l| Entrant {
            name: l.name,
            player: l.player,
        })
        .collect();
    for item in named {
        let (name, what) = item
            .split_once('=')
            .ok_or_else(|| format!("--entrant wants NAME=SPEC or NAME=COMMAND, got `{item}`"))?;
        let player = Player::parse(what).map_err(|e| format!("--entrant {name}: {e}"))?;
        entrants.push(Entrant {
            name: name.to_string(),
            player,
        });
    }
    let mut names = HashSet::new();
    for e in &entrants {
        if !names.insert(e.name.as_str()) {
            return Err(format!(
                "two entrants are named `{}`: give them different names",
                e.name
            ));
        }
    }
    if entrants.len() < 2 {
        return Err(
            "a tournament needs at least two entrants (--entrant NAME=SPEC, --samples, --file)"
                .into(),
        );
    }
    Ok(entrants)
}

/// One game's result, from the first-listed entrant of its pairing.
#[derive(Clone, Debug)]
struct GameRecord {
    a: usize,
    b: usize,
    outcome_a: Outcome,
    margin_a: i32,
    /// The entrant that faulted, and why.
    fault: Option<(usize, Fault)>,
}

/// A leaderboard row.
#[derive(Clone, Debug, Serialize)]
pub struct Standing {
    pub rank: usize,
    pub name: String,
    pub games: u32,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub points: f64,
    pub byes: u32,
    pub win_rate: f64,
    pub ci95: [f64; 2],
    pub mean_margin: f64,
    pub rating: f64,
    pub rating_se: f64,
    pub faults: Vec<String>,
}

/// The whole result.
#[derive(Clone, Debug, Serialize)]
pub struct Table {
    pub standings: Vec<Standing>,
    /// cross[i][j]: entrant i's score rate against j (entrant order), or None.
    pub names: Vec<String>,
    pub cross: Vec<Vec<Option<f64>>>,
    pub games: u32,
    pub interrupted: bool,
}

/// Settings of a tournament.
pub struct Settings {
    pub format: Format,
    /// Deals per pairing; each is played twice, seats swapped.
    pub deals: u64,
    pub seed: u64,
    /// Threads for games with a program (each runs two processes).
    pub jobs: usize,
    pub limits: Limits,
}

impl Settings {
    /// Games of a tournament among `n` entrants.
    pub fn games(&self, n: usize) -> u64 {
        2 * self.deals * self.format.pairings(n)
    }
}

/// Pairs for one round: indices into `entrants`, plus the bye (if odd).
pub fn swiss_pairs(
    points: &[f64],
    played: &HashSet<(usize, usize)>,
    byes: &[u32],
) -> (Vec<(usize, usize)>, Option<usize>) {
    let mut order: Vec<usize> = (0..points.len()).collect();
    order.sort_by(|&x, &y| points[y].total_cmp(&points[x]).then(x.cmp(&y)));
    let bye = if order.len() % 2 == 1 {
        // The lowest-ranked entrant with the fewest byes.
        let pick = *order
            .iter()
            .rev()
            .min_by_key(|&&i| byes[i])
            .expect("non-empty");
        order.retain(|&i| i != pick);
        Some(pick)
    } else {
        None
    };
    let met = |x: usize, y: usize| played.contains(&(x.min(y), x.max(y)));
    fn rec(
        left: &[usize],
        met: &dyn Fn(usize, usize) -> bool,
        strict: bool,
        out: &mut Vec<(usize, usize)>,
    ) -> bool {
        let Some((&first, rest)) = left.split_first() else {
            return true;
        };
        for k in 0..rest.len() {
            let other = rest[k];
            if strict && met(first, other) {
                continue;
            }
            let remaining: Vec<usize> = rest
                .iter()
                .enumerate()
                .filter(|(i, _)| *i != k)
                .map(|(_, &x)| x)
                .collect();
            out.push((first, other));
            if rec(&remaining, met, strict, out) {
                return true;
            }
            out.pop();
        }
        false
    }
    let mut pairs = Vec::new();
    if !rec(&order, &met, true, &mut pairs) {
        pairs.clear();
        rec(&order, &met, false, &mut pairs);
    }
    (pairs, bye)
}

/// Running totals of a tournament's games, folded in game order: the
/// leaderboard rows' counts (byes and derived columns come at the end).
struct Tally {
    rows: Vec<Standing>,
    /// Sum of each entrant's margins.
    margin: Vec<f64>,
    /// wins[i][j], games[i][j]: i's points and games against j.
    wins: Vec<Vec<f64>>,
    games: Vec<Vec<f64>>,
    played: u32,
}

impl Tally {
    fn new(entrants: &[Entrant]) -> Tally {
        let n = entrants.len();
        let row = |e: &Entrant| Standing {
            rank: 0,
            name: e.name.clone(),
            games: 0,
            wins: 0,
            draws: 0,
            losses: 0,
            points: 0.0,
            byes: 0,
            win_rate: 0.0,
            ci95: [0.0, 1.0],
            mean_margin: 0.0,
            rating: 0.0,
            rating_se: 0.0,
            faults: vec![],
        };
        Tally {
            rows: entrants.iter().map(row).collect(),
            margin: vec![0.0; n],
            wins: vec![vec![0.0; n]; n],
            games: vec![vec![0.0; n]; n],
            played: 0,
        }
    }

    fn add(&mut self, r: GameRecord, entrants: &[Entrant]) {
        self.played += 1;
        for (me, opp, outcome, m) in [
            (r.a, r.b, r.outcome_a, r.margin_a),
            (r.b, r.a, r.outcome_a.opposite(), -r.margin_a),
        ] {
            let t = &mut self.rows[me];
            let score = outcome.points();
            t.games += 1;
            t.points += score;
            match outcome {
                Outcome::Win => t.wins += 1,
                Outcome::Draw => t.draws += 1,
                Outcome::Loss => t.losses += 1,
            }
            self.margin[me] += m as f64;
            self.wins[me][opp] += score;
            self.games[me][opp] += 1.0;
        }
        if let Some((who, why)) = r.fault {
            let opp = if who == r.a { r.b } else { r.a };
            let line = format!("vs {}: {why}", entrants[opp].name);
            self.rows[who].faults.push(line);
        }
    }
}

/// Games of a set of pairings played at once, then folded in order: the
/// job list is never held whole.
const CHUNK: u64 = 4096;

/// Plays all games of a set of pairings into `tally`; `on_game` is told of
/// each finished game (for a progress bar); `stop` ends it early (games not
/// started are skipped).
fn play_pairings(
    entrants: &[Entrant],
    pairs: &[(usize, usize)],
    round: u64,
    s: &Settings,
    stop: &AtomicBool,
    on_game: &(dyn Fn() + Sync),
    tally: &mut Tally,
) {
    // Game k: pairing k / (2 · deals), deal (k / 2) mod deals, seats
    // swapped when k is odd.
    let job = |k: u64| ((k / (2 * s.deals)) as usize, (k / 2) % s.deals, k % 2 == 1);
    let external = |p: usize| {
        let (a, b) = pairs[p];
        !matches!(entrants[a].player, Player::Builtin(_))
            || !matches!(entrants[b].player, Player::Builtin(_))
    };
    let play = |(p, d, swapped): (usize, u64, bool)| -> Option<GameRecord> {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let (a, b) = pairs[p];
        let seed = derive_seed(&[s.seed, round, a as u64, b as u64, d]);
        let deal = Deal::from_seed(seed);
        let seeds = PerSeat::new(derive_seed(&[seed, 1]), derive_seed(&[seed, 2]));
        let (seated, deal) = if swapped {
            (PerSeat::new(b, a), deal.swapped())
        } else {
            (PerSeat::new(a, b), deal)
        };
        let players = seated.map(|e| &entrants[e].player);
        let g = play_deal(players, &deal, seeds, s.limits, |_| {}).result;
        let a_seat = if swapped { Seat::Second } else { Seat::First };
        on_game();
        Some(GameRecord {
            a,
            b,
            outcome_a: g.outcome(a_seat),
            margin_a: g.margin(a_seat),
            fault: g.fault.map(|(seat, why)| (seated[seat], why)),
        })
    };
    // Programs are bounded by `jobs`; built-ins use the whole pool.
    let ext_pool = rayon::ThreadPoolBuilder::new()
        .num_threads(s.jobs.max(1))
        .build()
        .expect("pool");
    let total = pairs.len() as u64 * 2 * s.deals;
    for start in (0..total).step_by(CHUNK as usize) {
        // Games with a program on the bounded pool, the others on this
        // one; never a pool's install from within another pool's worker
        // (a waiting worker would take more such games, each deeper on
        // its stack, until it overflowed). Folded back in game order.
        let (ext, own): (Vec<u64>, Vec<u64>) =
            (start..(start + CHUNK).min(total)).partition(|&k| external(job(k).0));
        let on = |ks: &[u64]| -> Vec<(u64, Option<GameRecord>)> {
            ks.par_iter().map(|&k| (k, play(job(k)))).collect()
        };
        let (mut results, own) = rayon::join(|| ext_pool.install(|| on(&ext)), || on(&own));
        results.extend(own);
        results.sort_by_key(|r| r.0);
        for (_, r) in results {
            if let Some(r) = r {
                tally.add(r, entrants);
            }
        }
    }
}

/// Runs a tournament.
pub fn run(
    entrants: &[Entrant],
    s: &Settings,
    stop: &AtomicBool,
    on_game: &(dyn Fn() + Sync),
) -> Table {
    let n = entrants.len();
    let mut tally = Tally::new(entrants);
    let mut bye_count = vec![0u32; n];
    match s.format {
        Format::RoundRobin => {
            let pairs: Vec<(usize, usize)> = (0..n)
                .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
                .collect();
            play_pairings(entrants, &pairs, 0, s, stop, on_game, &mut tally);
        }
        Format::Swiss { rounds } => {
            let mut played = HashSet::new();
            for round in 0..rounds {
                if stop.load(Ordering::Relaxed) {
                    break;
                }
                let pts = points(&tally, &bye_count, s.deals);
                let (pairs, bye) = swiss_pairs(&pts, &played, &bye_count);
                if let Some(b) = bye {
                    bye_count[b] += 1;
                }
                for &(a, b) in &pairs {
                    played.insert((a.min(b), a.max(b)));
                }
                play_pairings(
                    entrants,
                    &pairs,
                    round as u64 + 1,
                    s,
                    stop,
                    on_game,
                    &mut tally,
                );
            }
        }
    }
    table(
        entrants,
        tally,
        &bye_count,
        s.deals,
        stop.load(Ordering::Relaxed),
    )
}

/// Points so far: game points plus, per bye, half the games of a pairing.
fn points(tally: &Tally, byes: &[u32], deals: u64) -> Vec<f64> {
    tally
        .rows
        .iter()
        .zip(byes)
        .map(|(t, &b)| b as f64 * deals as f64 + t.points)
        .collect()
}

/// Bradley–Terry ratings (Elo scale, mean 1500) by the MM algorithm, with one
/// virtual draw per pair that met (so an unbeaten entrant stays finite), and
/// standard errors from the Fisher information.
pub fn bradley_terry(n: usize, wins: &[Vec<f64>], games: &[Vec<f64>]) -> (Vec<f64>, Vec<f64>) {
    let w = |i: usize, j: usize| {
        if games[i][j] > 0.0 {
            wins[i][j] + 0.5
        } else {
            0.0
        }
    };
    let g = |i: usize, j: usize| {
        if games[i][j] > 0.0 {
            games[i][j] + 1.0
        } else {
            0.0
        }
    };
    let mut gamma = vec![1.0f64; n];
    for _ in 0..2000 {
        let mut next = vec![0.0; n];
        for i in 0..n {
            let won: f64 = (0..n).filter(|&j| j != i).map(|j| w(i, j)).sum();
            let den: f64 = (0..n)
                .filter(|&j| j != i)
                .map(|j| g(i, j) / (gamma[i] + gamma[j]))
                .sum();
            next[i] = if den > 0.0 { won / den } else { gamma[i] };
        }
        let mean_log = next.iter().map(|x: &f64| x.ln()).sum::<f64>() / n as f64;
        let change = next
            .iter()
            .zip(&gamma)
            .map(|(a, b)| (a.ln() - mean_log - b.ln()).abs())
            .fold(0.0, f64::max);
        gamma = next.iter().map(|x| (x.ln() - mean_log).exp()).collect();
        if change < 1e-10 {
            break;
        }
    }
    let scale = 400.0 / std::f64::consts::LN_10;
    let rating = gamma.iter().map(|x| 1500.0 + scale * x.ln()).collect();
    let se = (0..n)
        .map(|i| {
            let info: f64 = (0..n)
                .filter(|&j| j != i)
                .map(|j| {
                    let p = gamma[i] / (gamma[i] + gamma[j]);
                    g(i, j) * p * (1.0 - p)
                })
                .sum();
            if info > 0.0 {
                scale / info.sqrt()
            } else {
                f64::INFINITY
            }
        })
        .collect();
    (rating, se)
}

fn table(entrants: &[Entrant], tally: Tally, byes: &[u32], deals: u64, interrupted: bool) -> Table {
    let n = entrants.len();
    let Tally {
        mut rows,
        margin,
        wins,
        games,
        played,
    } = tally;
    for (s, &b) in rows.iter_mut().zip(byes) {
        s.byes = b;
        s.points += b as f64 * deals as f64;
    }
    let (rating, se) = bradley_terry(n, &wins, &games);
    for (i, s) in rows.iter_mut().enumerate() {
        let g = s.games as f64;
        let score = s.wins as f64 + 0.5 * s.draws as f64;
        s.win_rate = if g > 0.0 { score / g } else { 0.0 };
        let (lo, hi) = wilson95(score, g);
        s.ci95 = [lo, hi];
        s.mean_margin = if g > 0.0 { margin[i] / g } else { 0.0 };
        s.rating = rating[i];
        s.rating_se = se[i];
    }
    let cross = (0..n)
        .map(|i| {
            (0..n)
                .map(|j| (games[i][j] > 0.0).then(|| wins[i][j] / games[i][j]))
                .collect()
        })
        .collect();
    let mut standings = rows;
    standings.sort_by(|a, b| {
        b.points
            .total_cmp(&a.points)
            .then(b.rating.total_cmp(&a.rating))
            .then(a.name.cmp(&b.name))
    });
    for (k, s) in standings.iter_mut().enumerate() {
        s.rank = k + 1;
    }
    Table {
        standings,
        names: entrants.iter().map(|e| e.name.clone()).collect(),
        cross,
        games: played,
        interrupted,
    }
}

impl Table {
    /// The leaderboard as CSV, one row per entrant in rank order.
    pub fn to_csv(&self) -> Result<Vec<u8>, csv::Error> {
        let mut w = csv::Writer::from_writer(Vec::new());
        w.write_record([
            "rank",
            "name",
            "games",
            "wins",
            "draws",
            "losses",
            "points",
            "win_rate",
            "ci_lo",
            "ci_hi",
            "mean_margin",
            "rating",
            "rating_se",
            "faults",
        ])?;
        for r in &self.standings {
            w.write_record([
                r.rank.to_string(),
                r.name.clone(),
                r.games.to_string(),
                r.wins.to_string(),
                r.draws.to_string(),
                r.losses.to_string(),
                format!("{}", r.points),
                format!("{:.4}", r.win_rate),
                format!("{:.4}", r.ci95[0]),
                format!("{:.4}", r.ci95[1]),
                format!("{:.1}", r.mean_margin),
                format!("{:.1}", r.rating),
                format!("{:.1}", r.rating_se),
                r.faults.len().to_string(),
            ])?;
        }
        w.into_inner().map_err(|e| e.into_error().into())
    }
}

/// The leaderboard and cross table as text.
pub fn render(t: &Table) -> String {
    let mut s = format!(
        "{:>4} {:<24} {:>6} {:>6} {:>5} {:>6} {:>8} {:>7} {:>15} {:>9} {:>12} {:>6}\n",
        "rank",
        "entrant",
        "games",
        "W",
        "D",
        "L",
        "points",
        "win %",
        "95% CI",
        "margin",
        "rating",
        "faults"
    );
    for r in &t.standings {
        s.push_str(&format!(
            "{:>4} {:<24} {:>6} {:>6} {:>5} {:>6} {:>8.1} {:>6.1}% {:>6.1}–{:>6.1}% {:>9.0} {:>6.0} ± {:<3.0} {:>6}\n",
            r.rank,
            truncate(&r.name, 24),
            r.games,
            r.wins,
            r.draws,
            r.losses,
            r.points,
            100.0 * r.win_rate,
            100.0 * r.ci95[0],
            100.0 * r.ci95[1],
            r.mean_margin,
            r.rating,
            r.rating_se,
            r.faults.len()
        ));
    }
    s.push_str("\ncross table (row's score rate against column):\n");
    let short: Vec<String> = t.names.iter().map(|n| truncate(n, 6)).collect();
    s.push_str(&format!("{:<24}", ""));
    for n in &short {
        s.push_str(&format!(" {n:>6}"));
    }
    s.push('\n');
    for (i, row) in t.cross.iter().enumerate() {
        s.push_str(&format!("{:<24}", truncate(&t.names[i], 24)));
        for c in row {
            match c {
                Some(x) => s.push_str(&format!(" {x:>6.2}")),
                None => s.push_str(&format!(" {:>6}", "·")),
            }
        }
        s.push('\n');
    }
    for r in &t.standings {
        for f in r.faults.iter().take(3) {
            s.push_str(&format!("fault: {}: {f}\n", r.name));
        }
    }
    if t.interrupted {
        s.push_str("(interrupted: standings of the games played so far)\n");
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn swiss_never_pairs_an_entrant_with_itself_and_avoids_repeats() {
        let n = 7;
        let mut played = HashSet::new();
        let mut byes = vec![0u32; n];
        for round in 0..6 {
            let points: Vec<f64> = (0..n).map(|i| ((i * 7 + round * 3) % 5) as f64).collect();
            let (pairs, bye) = swiss_pairs(&points, &played, &byes);
            assert_eq!(pairs.len(), 3);
            let mut seen: Vec<usize> = pairs.iter().flat_map(|&(a, b)| [a, b]).chain(bye).collect();
            seen.sort();
            assert_eq!(
                seen,
                (0..n).collect::<Vec<_>>(),
                "everyone plays once or has the bye"
            );
            for &(a, b) in &pairs {
                assert_ne!(a, b);
                assert!(
                    played.insert((a.min(b), a.max(b))),
                    "repeat {a}-{b} in round {round}"
                );
            }
            byes[bye.unwrap()] += 1;
        }
        assert!(byes.iter().all(|&b| b <= 1), "{byes:?}");
    }

    #[test]
    fn bradley_terry_orders_by_strength_and_stays_finite() {
        // 0 beats 1 beats 2, 0 unbeaten.
        let wins = vec![
            vec![0.0, 9.0, 10.0],
            vec![1.0, 0.0, 7.0],
            vec![0.0, 3.0, 0.0],
        ];
        let games = vec![
            vec![0.0, 10.0, 10.0],
            vec![10.0, 0.0, 10.0],
            vec![10.0, 10.0, 0.0],
        ];
        let (r, se) = bradley_terry(3, &wins, &games);
        assert!(r[0] > r[1] && r[1] > r[2], "{r:?}");
        assert!((r.iter().sum::<f64>() / 3.0 - 1500.0).abs() < 1e-6);
        assert!(se.iter().all(|s| s.is_finite() && *s > 0.0));
    }
}
