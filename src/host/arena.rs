//! Series of refereed games between two players (`tuner match`): seats
//! alternate, and a summary of results, decision times and faults.

use crate::host::deal::Deal;
use crate::host::referee::{Limits, Player, RefereedGame, play_deal};
use crate::rng::derive_seed;
use crate::stats::percentile;
use rayon::prelude::*;
use serde::Serialize;
use yacht_core::rules::Seat;

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
}

/// A match summary (`--json`).
#[derive(Clone, Debug, Default, Serialize)]
pub struct MatchSummary {
    pub games: u32,
    pub p1: Side,
    pub p2: Side,
}

/// Plays `games` games, `jobs` at a time (the results do not depend on it;
/// decision times do, as games share the cores); `on_game` sees each (game
/// index, player 1's seat, game) in game order.
pub fn run_match(
    players: [&Player; 2],
    source: &DealSource,
    games: u64,
    seed: u64,
    limits: Limits,
    jobs: usize,
    mut on_game: impl FnMut(u64, Seat, &RefereedGame),
) -> MatchSummary {
    let mut sides = [Side::default(), Side::default()];
    let mut times: [Vec<f64>; 2] = [vec![], vec![]];
    let (mut total, mut bids) = ([0f64; 2], [0f64; 2]);
    for (i, p) in players.iter().enumerate() {
        sides[i].name = p.name();
    }
    let play = |g: u64| {
        let (deal, swapped) = source.game(g);
        let seat_players = if swapped {
            [players[1], players[0]]
        } else {
            players
        };
        let seeds = [derive_seed(&[seed, g, 1]), derive_seed(&[seed, g, 2])];
        (swapped, play_deal(seat_players, &deal, seeds, limits))
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
    for (g, (swapped, game)) in (0..games).zip(played) {
        let seats = if swapped { [1, 0] } else { [0, 1] };
        for p in 0..2 {
            let s = seats[p];
            let side = &mut sides[p];
            let card = &game.result.cards[s];
            total[p] += card.total() as f64;
            bids[p] += card.bid_points as f64;
            times[p].extend(game.times[s].iter().map(|d| d.as_secs_f64() * 1000.0));
            match game.result.score(s) {
                1.0 => side.wins += 1,
                0.5 => side.draws += 1,
                _ => side.losses += 1,
            }
            match &game.result.fault {
                Some((f, why)) if f.index() == s => side.faults.push(format!("game {g}: {why}")),
                _ => {}
            }
        }
        let p1_seat = if swapped { Seat::Second } else { Seat::First };
        on_game(g, p1_seat, &game);
    }
    for p in 0..2 {
        let n = games.max(1) as f64;
        let side = &mut sides[p];
        side.mean_total = total[p] / n;
        side.mean_bid_points = bids[p] / n;
        let t = &mut times[p];
        t.sort_by(f64::total_cmp);
        side.decisions = t.len();
        side.p50_ms = percentile(t, 0.5);
        side.p99_ms = percentile(t, 0.99);
        side.max_ms = t.last().copied().unwrap_or(0.0);
    }
    let [p1, p2] = sides;
    MatchSummary {
        games: games as u32,
        p1,
        p2,
    }
}
