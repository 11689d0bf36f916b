//! Series of refereed games between two players (`tuner match`): seats
//! alternate, and a summary of results, decision times and faults.

use crate::host::deal::Deal;
use crate::host::play::{GameResult, Outcome};
use crate::host::player::{Player, play_deal};
use crate::host::program::{Clock, Limits};
use crate::host::stop;
use crate::host::transcript::{Event, keep_last, official_log};
use crate::rng::derive_seed;
use crate::stats::percentile;
use crate::text::truncate;
use rayon::prelude::*;
use serde::Serialize;
use std::time::Duration;
use yacht_core::rules::{PerSeat, Seat};

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
    /// The deal of game `g` and whether player 1 sits second.
    pub fn game(&self, g: u64) -> (Deal, bool) {
        let swapped = g % 2 == 1;
        match self {
            DealSource::Fixed(d) => (d.clone(), swapped),
            DealSource::Seeded(s) => {
                let d = Deal::from_seed(derive_seed(&[*s, g / 2]));
                (if swapped { d.swapped() } else { d }, swapped)
            }
        }
    }
}

/// One player's side of a match summary.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Side {
    pub name: String,
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
    pub mean_total: f64,
    pub mean_bid_points: f64,
    pub decisions: usize,
    pub p50_ms: f64,
    pub p99_ms: f64,
    pub max_ms: f64,
    pub faults: Vec<String>,
    /// The last lines the program wrote to stderr (its warnings: e.g. an
    /// exported bot without its data.bin), `game N: line`.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub stderr_tail: Vec<String>,
}

/// A match summary (`--json`).
#[derive(Clone, Debug, Default, Serialize)]
pub struct MatchSummary {
    /// Games played (fewer than asked when interrupted).
    pub games: u32,
    pub p1: Side,
    pub p2: Side,
    /// What the time limits counted (the times shown are wall-clock).
    pub clock: Clock,
    /// Stopped by Ctrl-C: the games played so far.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub interrupted: bool,
}

/// One game of a match, as played.
#[derive(Debug)]
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
        match game.result.outcome(seat) {
            Outcome::Win => self.side.wins += 1,
            Outcome::Draw => self.side.draws += 1,
            Outcome::Loss => self.side.losses += 1,
        }
        if let Some(why) = game.result.fault_of(seat) {
            self.side.faults.push(format!("game {g}: {why}"));
        }
        for e in &game.events {
            if let Event::Debug(s, line) = e
                && *s == seat
            {
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

impl MatchSummary {
    /// Both players' lines as a table for the terminal, with their first
    /// faults.
    pub fn render(&self) -> String {
        let mut lines = Vec::new();
        lines.push(format!(
            "{:<32} {:>6} {:>6} {:>6} {:>10} {:>9} {:>8} {:>8} {:>8} faults",
            "player",
            "wins",
            "draws",
            "losses",
            "mean total",
            "mean bid",
            "p50 ms",
            "p99 ms",
            "max ms"
        ));
        for s in [&self.p1, &self.p2] {
            lines.push(format!(
                "{:<32} {:>6} {:>6} {:>6} {:>10.0} {:>9.0} {:>8.3} {:>8.3} {:>8.3} {}",
                truncate(&s.name, 32),
                s.wins,
                s.draws,
                s.losses,
                s.mean_total,
                s.mean_bid_points,
                s.p50_ms,
                s.p99_ms,
                s.max_ms,
                s.faults.len()
            ));
            for f in s.faults.iter().take(5) {
                lines.push(format!("    fault: {f}"));
            }
            for l in &s.stderr_tail {
                lines.push(format!("    stderr: {l}"));
            }
        }

        if self.interrupted {
            lines.push(format!(
                "(interrupted: the {} games played so far)",
                self.games
            ));
        }
        lines.push(format!(
            "time limits on the {} clock; decision times shown are wall-clock",
            self.clock
        ));
        lines.push(String::new());
        lines.join("\n")
    }
}

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
    let play = |g: u64| {
        if stop::requested() {
            return None;
        }
        let (deal, swapped) = source.game(g);
        let (seated, p1_seat) = if swapped {
            (PerSeat::new(p2, p1), Seat::Second)
        } else {
            (PerSeat::new(p1, p2), Seat::First)
        };
        let seeds = PerSeat::new(derive_seed(&[seed, g, 1]), derive_seed(&[seed, g, 2]));
        let mut events = Vec::new();
        let played = play_deal(seated, &deal, seeds, limits, |e| events.push(e));
        Some(MatchGame {
            p1_seat,
            result: played.result,
            events,
            times: played.times,
        })
    };
    let jobs = jobs.max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs)
        .build()
        .expect("thread pool");
    // In chunks, so results are folded in game order with bounded memory.
    let chunk = 4 * jobs as u64;
    let played = (0..games).step_by(chunk as usize).flat_map(|start| {
        let end = (start + chunk).min(games);
        pool.install(|| (start..end).into_par_iter().map(play).collect::<Vec<_>>())
    });
    let mut done = 0;
    for (g, game) in (0..games).zip(played) {
        let Some(game) = game else { continue };
        let [t1, t2] = &mut tallies;
        t1.add(g, game.p1_seat, &game);
        t2.add(g, game.p1_seat.other(), &game);
        on_game(g, &game);
        done += 1;
    }
    let [p1, p2] = tallies.map(|t| t.finish(done));
    MatchSummary {
        games: done as u32,
        p1,
        p2,
        clock: limits.clock,
        interrupted: done < games,
    }
}
