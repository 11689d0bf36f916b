//! Series of refereed games between two players (`tuner match`): seats
//! alternate, and a summary of results, decision times and faults.

use crate::host::deal::Deal;
use crate::host::play::{Fault, GameResult};
use crate::host::player::{Player, play_deal};
use crate::host::program::{Clock, Limits};
use crate::host::series::{GameAt, Lane, Record, Schedule, Series};
use crate::host::transcript::{Event, keep_last, official_log};
use crate::rng::derive_seed;
use crate::stats::percentile;
use crate::text::{Align, Column, table};
use serde::Serialize;
use std::fmt;
use std::time::Duration;
use yacht_core::rules::{PerSeat, Seat};
use yacht_core::submission::WITHOUT_TABLE;

/// Where a match's dice come from.
#[derive(Clone, Debug)]
pub enum DealSource {
    /// One deal for every game (the official input file).
    Fixed(Deal),
    /// Game pair `k` plays `Deal::from_seed(derive(seed, k))`, seats swapped
    /// (and tie-breaks mirrored) in the second game of the pair.
    Seeded(u64),
}

impl DealSource {
    /// The dice of a game of the match.
    fn deal(&self, at: GameAt) -> Deal {
        match self {
            DealSource::Fixed(d) => d.clone(),
            DealSource::Seeded(s) => at.deal(derive_seed(&[*s, at.deal])),
        }
    }
}

/// A game a player lost by its fault.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameFault {
    /// The game's number in the match.
    pub game: u64,
    pub fault: Fault,
}

impl fmt::Display for GameFault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}: {}", self.game, self.fault)
    }
}

impl Serialize for GameFault {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// One player's side of a match summary.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Side {
    pub name: String,
    #[serde(flatten)]
    pub record: Record,
    pub mean_total: f64,
    pub mean_bid_points: f64,
    pub decisions: usize,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub max_ms: f64,
    pub faults: Vec<GameFault>,
    /// The last lines the program wrote to stderr (its warnings: e.g. an
    /// exported bot without its data.bin), `game N: line`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub stderr_tail: Vec<String>,
    /// The games in which the program said it played without its table
    /// (`data.bin`): a weaker fallback, not the bot that was meant.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub without_table: Vec<u64>,
}

/// A match summary (`--json`).
#[derive(Clone, Debug, Default, Serialize)]
pub struct MatchSummary {
    /// Games played (fewer than asked when interrupted).
    pub games: u32,
    pub p1: Side,
    pub p2: Side,
    /// What the time limits counted, and the clock of a program's decision
    /// times (a built-in's, where timed, are wall-clock).
    pub clock: Clock,
    /// Stopped by Ctrl-C: the games played so far.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub interrupted: bool,
}

/// One game of a match, as played.
#[derive(Clone, Debug)]
pub struct MatchGame {
    /// Where player 1 sat (the seats alternate).
    pub p1_seat: Seat,
    pub result: GameResult,
    /// Every event, for the official log.
    pub events: Vec<Event>,
    pub times: PerSeat<Vec<Duration>>,
}

impl MatchGame {
    /// The game in the official testing tool's log format.
    pub fn official_log(&self, p1: &Player, p2: &Player) -> String {
        let commands = if self.p1_seat == Seat::First {
            PerSeat::new(p1.command(), p2.command())
        } else {
            PerSeat::new(p2.command(), p1.command())
        };
        official_log(
            commands.as_ref().map(String::as_str),
            self.result.result_tag(),
            &self.events,
            self.result.totals(),
        )
    }
}

/// One player's running totals.
#[derive(Default)]
struct Tally {
    side: Side,
    total: f64,
    bid_points: f64,
    times_ms: Vec<f64>,
}

impl Tally {
    fn add(&mut self, g: u64, seat: Seat, game: &MatchGame) {
        let card = &game.result.cards[seat];
        self.total += card.total() as f64;
        self.bid_points += card.bid_points as f64;
        let ms = game.times[seat].iter().map(|d| d.as_secs_f64() * 1000.0);
        self.times_ms.extend(ms);
        self.side.record.add(game.result.outcome(seat));
        if let Some(fault) = game.result.fault_of(seat) {
            let fault = fault.clone();
            self.side.faults.push(GameFault { game: g, fault });
        }
        for e in &game.events {
            if let Event::Debug(s, line) = e
                && *s == seat
            {
                if line.contains(WITHOUT_TABLE) && self.side.without_table.last() != Some(&g) {
                    self.side.without_table.push(g);
                }
                keep_last(&mut self.side.stderr_tail, format!("game {g}: {line}"));
            }
        }
    }

    fn finish(self, games: u64) -> Side {
        let n = games.max(1) as f64;
        let mut t = self.times_ms;
        t.sort_by(f64::total_cmp);
        Side {
            mean_total: self.total / n,
            mean_bid_points: self.bid_points / n,
            decisions: t.len(),
            p50_ms: percentile(&t, 0.5),
            p99_ms: percentile(&t, 0.99),
            max_ms: t.last().copied().unwrap_or(0.0),
            ..self.side
        }
    }
}

impl Side {
    /// What the result must say when the program played without its
    /// table in some of the `games`.
    pub fn without_table_warning(&self, games: u32) -> Option<String> {
        let n = self.without_table.len();
        (n > 0).then(|| {
            format!(
                "played without its data.bin in {n} of {games} games: the outlook player, \
                 not the bot"
            )
        })
    }
}

impl MatchSummary {
    /// The players that played without their table (`data.bin`) in some
    /// game, with what to say of each.
    pub fn without_table(&self) -> Vec<String> {
        [&self.p1, &self.p2]
            .into_iter()
            .filter_map(|s| {
                let warning = s.without_table_warning(self.games)?;
                Some(format!("{} {warning}", s.name))
            })
            .collect()
    }

    /// Both players' lines as a table for the terminal, with their first
    /// faults.
    pub fn render(&self) -> String {
        let sides = [&self.p1, &self.p2];
        let cells: Vec<Vec<String>> = sides.iter().map(|s| s.cells()).collect();
        // The player column as wide as the longest name (two programs that
        // differ only in their arguments must not read alike).
        let mut columns = MATCH_COLUMNS;
        let longest = cells.iter().map(|c| c[0].chars().count()).max();
        columns[0].width = longest.unwrap_or(0).max(columns[0].width);
        let mut table = table(&columns, &cells).into_iter();
        let mut lines: Vec<String> = table.next().into_iter().collect();
        for (line, side) in table.zip(sides) {
            lines.push(line);
            let faults = side
                .faults
                .iter()
                .take(5)
                .map(|f| format!("    fault: {f}"));
            lines.extend(faults);
            if let Some(warning) = side.without_table_warning(self.games) {
                lines.push(format!("    warning: {warning}"));
            }
            let stderr = side.stderr_tail.iter().map(|l| format!("    stderr: {l}"));
            lines.extend(stderr);
        }
        if self.interrupted {
            lines.push(format!(
                "(interrupted: the {} games played so far)",
                self.games
            ));
        }
        lines.push(format!(
            "time limits and a program's times on the {} clock; a built-in's, where shown, wall-clock",
            self.clock
        ));
        if sides.iter().any(|s| s.decisions == 0) {
            lines.push("– : not timed (a built-in played in-process)".into());
        }
        lines.push(String::new());
        lines.join("\n")
    }
}

impl Side {
    /// The side's row of the match table.
    fn cells(&self) -> Vec<String> {
        let r = self.record;
        let mut row = vec![self.name.clone()];
        row.extend([r.wins, r.draws, r.losses].map(|n| n.to_string()));
        row.extend([self.mean_total, self.mean_bid_points].map(|x| format!("{x:.0}")));
        // A built-in's decisions are not timed: "–", not 0.000.
        let time = |x: f64| match self.decisions {
            0 => "–".to_string(),
            _ => format!("{x:.3}"),
        };
        row.extend([self.p50_ms, self.p99_ms, self.max_ms].map(time));
        row.push(self.faults.len().to_string());
        row
    }
}

/// The match table's columns (the player's at least this wide).
const MATCH_COLUMNS: [Column; 10] = [
    Column::new("player", Align::Left, 24),
    Column::new("wins", Align::Right, 6),
    Column::new("draws", Align::Right, 6),
    Column::new("losses", Align::Right, 6),
    Column::new("mean total", Align::Right, 10),
    Column::new("mean bid", Align::Right, 9),
    Column::new("p50 ms", Align::Right, 8),
    Column::new("p99 ms", Align::Right, 8),
    Column::new("max ms", Align::Right, 8),
    Column::new("faults", Align::Left, 0),
];

/// How a match is played.
#[derive(Clone, Debug)]
pub struct MatchSettings {
    pub source: DealSource,
    pub games: u64,
    /// Seeds the built-ins' own randomness (game `g`, seat `s`: derived
    /// from (seed, g, s)).
    pub seed: u64,
    pub limits: Limits,
    /// Games played at once. The results do not depend on it; decision
    /// times do, as games share the cores.
    pub jobs: usize,
}

/// Plays a match; `on_game` sees each (game index, game) in game order.
pub fn run_match(
    p1: &Player,
    p2: &Player,
    settings: &MatchSettings,
    mut on_game: impl FnMut(u64, &MatchGame),
) -> MatchSummary {
    let MatchSettings {
        ref source,
        games,
        seed,
        limits,
        jobs,
    } = *settings;
    let mut tallies = [p1, p2].map(|p| Tally {
        side: Side {
            name: p.name(),
            ..Side::default()
        },
        ..Tally::default()
    });
    let play = |at: GameAt| {
        let seated = at.seated(p1, p2);
        // Each game's own seeds (`--seed`'s), not the deal's.
        let seeds = PerSeat::new(
            derive_seed(&[seed, at.index, 1]),
            derive_seed(&[seed, at.index, 2]),
        );
        let mut events = Vec::new();
        let played = play_deal(seated, &source.deal(at), seeds, limits, |e| events.push(e));
        MatchGame {
            p1_seat: at.first_seat(),
            result: played.result,
            events,
            times: played.times,
        }
    };
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.max(1))
        .build()
        .expect("thread pool");
    // Every game on `jobs` threads (the judge's condition is one), in
    // small chunks so that results stream.
    let series = Series {
        schedule: Schedule::games(games),
        chunk: 4 * jobs.max(1) as u64,
        jobs: Some(&pool),
    };
    let played = series.play(
        |_| Lane::Jobs,
        play,
        |at, game| {
            let [t1, t2] = &mut tallies;
            t1.add(at.index, game.p1_seat, &game);
            t2.add(at.index, game.p1_seat.other(), &game);
            on_game(at.index, &game);
        },
    );
    let [p1, p2] = tallies.map(|t| t.finish(played.games));
    MatchSummary {
        games: played.games as u32,
        p1,
        p2,
        clock: limits.clock,
        interrupted: played.interrupted,
    }
}
