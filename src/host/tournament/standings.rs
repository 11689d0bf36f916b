//! A league's results: the running tally of its games (folded in game
//! order), the leaderboard and cross table it comes to, as JSON, CSV and a
//! terminal table.

use super::Entrant;
use super::rating::bradley_terry;
use crate::host::play::{Fault, Outcome};
use crate::host::series::Record;
use crate::text::{Align, Column, percent_interval, table};
use serde::{Deserialize, Serialize};
use std::fmt;

/// One game's result, from the first-listed entrant of its pairing.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct GameRecord {
    pub a: usize,
    pub b: usize,
    pub outcome_a: Outcome,
    pub margin_a: i32,
    /// The entrant that faulted, and why.
    pub fault: Option<(usize, Fault)>,
}

/// A game an entrant lost by its fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct EntrantFault {
    /// Whom it was playing.
    pub opponent: String,
    pub fault: Fault,
}

impl fmt::Display for EntrantFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "vs {}: {}", self.opponent, self.fault)
    }
}

impl Serialize for EntrantFault {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// A leaderboard row.
#[derive(Clone, Debug, Serialize)]
pub struct Standing {
    pub rank: usize,
    pub name: String,
    pub games: u32,
    #[serde(flatten)]
    pub record: Record,
    /// Game points, and per bye half the games of a pairing.
    pub points: f64,
    pub byes: u32,
    pub win_rate: f64,
    pub ci95: [f64; 2],
    pub mean_margin: f64,
    pub rating: f64,
    pub rating_se: f64,
    pub faults: Vec<EntrantFault>,
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

/// Running totals of a league's games, in game order.
pub(super) struct Tally {
    records: Vec<Record>,
    faults: Vec<Vec<EntrantFault>>,
    /// Sum of each entrant's margins.
    margin: Vec<f64>,
    /// wins[i][j], games[i][j]: i's points and games against j.
    wins: Vec<Vec<f64>>,
    games: Vec<Vec<f64>>,
    played: u32,
}

impl Tally {
    pub fn new(n: usize) -> Tally {
        Tally {
            records: vec![Record::default(); n],
            faults: vec![Vec::new(); n],
            margin: vec![0.0; n],
            wins: vec![vec![0.0; n]; n],
            games: vec![vec![0.0; n]; n],
            played: 0,
        }
    }

    pub fn add(&mut self, r: GameRecord, entrants: &[Entrant]) {
        self.played += 1;
        for (me, opp, outcome, m) in [
            (r.a, r.b, r.outcome_a, r.margin_a),
            (r.b, r.a, r.outcome_a.opposite(), -r.margin_a),
        ] {
            self.records[me].add(outcome);
            self.margin[me] += m as f64;
            self.wins[me][opp] += outcome.points();
            self.games[me][opp] += 1.0;
        }
        if let Some((who, fault)) = r.fault {
            let opp = if who == r.a { r.b } else { r.a };
            let opponent = entrants[opp].name.clone();
            self.faults[who].push(EntrantFault { opponent, fault });
        }
    }

    /// Points so far: game points plus, per bye, half the games of a
    /// pairing (`deals`).
    pub fn points(&self, byes: &[u32], deals: u64) -> Vec<f64> {
        let each = self.records.iter().zip(byes);
        each.map(|(r, &b)| b as f64 * deals as f64 + r.points())
            .collect()
    }

    /// The leaderboard (ranked by points, then rating, then name) and the
    /// cross table.
    pub fn table(self, entrants: &[Entrant], byes: &[u32], deals: u64, interrupted: bool) -> Table {
        let n = entrants.len();
        let (rating, se) = bradley_terry(n, &self.wins, &self.games);
        let points = self.points(byes, deals);
        let mut standings: Vec<Standing> = (0..n)
            .map(|i| {
                let record = self.records[i];
                let g = record.games();
                Standing {
                    rank: 0,
                    name: entrants[i].name.clone(),
                    games: g,
                    record,
                    points: points[i],
                    byes: byes[i],
                    win_rate: record.rate(),
                    ci95: record.ci95(),
                    mean_margin: if g > 0 {
                        self.margin[i] / g as f64
                    } else {
                        0.0
                    },
                    rating: rating[i],
                    rating_se: se[i],
                    faults: self.faults[i].clone(),
                }
            })
            .collect();
        standings.sort_by(|a, b| {
            let by_points = b.points.total_cmp(&a.points);
            let by_rating = b.rating.total_cmp(&a.rating);
            by_points.then(by_rating).then(a.name.cmp(&b.name))
        });
        for (k, s) in standings.iter_mut().enumerate() {
            s.rank = k + 1;
        }
        let rate = |i: usize, j: usize| {
            let (w, g) = (self.wins[i][j], self.games[i][j]);
            (g > 0.0).then(|| w / g)
        };
        Table {
            standings,
            names: entrants.iter().map(|e| e.name.clone()).collect(),
            cross: (0..n)
                .map(|i| (0..n).map(|j| rate(i, j)).collect())
                .collect(),
            games: self.played,
            interrupted,
        }
    }
}

/// The CSV's columns, in order.
const CSV_COLUMNS: [&str; 14] = [
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
];

impl Table {
    /// The leaderboard as CSV, one row per entrant in rank order.
    pub fn to_csv(&self) -> Result<Vec<u8>, csv::Error> {
        let mut w = csv::Writer::from_writer(Vec::new());
        w.write_record(CSV_COLUMNS)?;
        for r in &self.standings {
            let counts = [r.games, r.record.wins, r.record.draws, r.record.losses];
            let mut row = vec![r.rank.to_string(), r.name.clone()];
            row.extend(counts.map(|n| n.to_string()));
            row.push(format!("{}", r.points));
            let four = [r.win_rate, r.ci95[0], r.ci95[1]].map(|x| format!("{x:.4}"));
            row.extend(four);
            let one = [r.mean_margin, r.rating, r.rating_se].map(|x| format!("{x:.1}"));
            row.extend(one);
            row.push(r.faults.len().to_string());
            w.write_record(&row)?;
        }
        w.into_inner().map_err(|e| e.into_error().into())
    }
}

/// The leaderboard's columns: 100 characters with their separators.
const LEADERBOARD: [Column; 12] = [
    Column::new("rank", Align::Right, 4),
    Column::new("entrant", Align::Left, 15),
    Column::new("games", Align::Right, 6),
    Column::new("W", Align::Right, 5),
    Column::new("D", Align::Right, 4),
    Column::new("L", Align::Right, 5),
    Column::new("points", Align::Right, 7),
    Column::new("win %", Align::Right, 6),
    Column::new("95% CI", Align::Right, 12),
    Column::new("margin", Align::Right, 7),
    Column::new("rating ± 95%", Align::Right, 12),
    Column::new("faults", Align::Right, 6),
];

impl Standing {
    /// Half the width of the rating's 95 % interval (1.96 standard errors,
    /// at most 784: a rating without games is unbounded); the text table
    /// and the PNG show the same.
    pub fn rating_ci95(&self) -> f64 {
        1.96 * self.rating_se.min(400.0)
    }
}

/// The leaderboard, the cross table and the first faults as text.
pub fn render(t: &Table) -> String {
    let rows: Vec<Vec<String>> = t.standings.iter().map(leaderboard_row).collect();
    let mut lines = table(&LEADERBOARD, &rows);
    lines.push(String::new());
    lines.push("cross table (row's score rate against column; entrants by number):".to_string());
    // Columns by the entrants' numbers: 14 entrants fit 100 columns, and no
    // two names cut short look alike.
    let numbers: Vec<String> = (1..=t.names.len()).map(|k| k.to_string()).collect();
    let mut columns = vec![Column::new("", Align::Left, 18)];
    columns.extend(numbers.iter().map(|k| Column::new(k, Align::Right, 5)));
    let cross: Vec<Vec<String>> = t
        .names
        .iter()
        .zip(&t.cross)
        .enumerate()
        .map(|(k, (name, row))| {
            let cells = row
                .iter()
                .map(|c| c.map_or("·".to_string(), |x| format!("{x:.2}")));
            std::iter::once(format!("{:>2} {name}", k + 1))
                .chain(cells)
                .collect()
        })
        .collect();
    lines.extend(table(&columns, &cross));
    for r in &t.standings {
        lines.extend(
            r.faults
                .iter()
                .take(3)
                .map(|f| format!("fault: {}: {f}", r.name)),
        );
    }
    if t.interrupted {
        lines.push("(interrupted: standings of the games played so far)".to_string());
    }
    lines.iter().map(|l| format!("{l}\n")).collect()
}

fn leaderboard_row(r: &Standing) -> Vec<String> {
    let mut row = vec![r.rank.to_string(), r.name.clone(), r.games.to_string()];
    row.extend([r.record.wins, r.record.draws, r.record.losses].map(|n| n.to_string()));
    row.push(format!("{:.1}", r.points));
    row.push(format!("{:.1}%", 100.0 * r.win_rate));
    row.push(percent_interval(r.ci95));
    row.push(format!("{:.0}", r.mean_margin));
    row.push(format!("{:>4.0} ± {:<3.0}", r.rating, r.rating_ci95()));
    row.push(r.faults.len().to_string());
    row
}
