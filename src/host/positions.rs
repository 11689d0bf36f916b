//! Positions from seeded games: the views one player decided from, game by
//! game, on the one game loop, with how each game ended for it. What the
//! bench times decisions on, the estimators' agreement is measured on and
//! the leaf is fitted to.

use crate::host::deal::Deal;
use crate::host::play::{Contestant, InProcess, Outcome, play_game};
use crate::rng::derive_seed;
use yacht_core::game::{Put, Strategy, View};
use yacht_core::rules::Bid;
use yacht_core::rules::{PerSeat, Seat};

/// The views a player decided from in one game, in order, and how the
/// game ended for it.
#[derive(Clone, Debug)]
pub struct GameViews {
    pub bids: Vec<View>,
    pub puts: Vec<View>,
    pub outcome: Outcome,
}

impl Default for GameViews {
    fn default() -> GameViews {
        GameViews {
            bids: Vec::new(),
            puts: Vec::new(),
            outcome: Outcome::Draw,
        }
    }
}

/// A strategy that keeps the views it is asked to decide from.
struct Recorder {
    inner: Box<dyn Strategy>,
    game: GameViews,
}

impl Strategy for Recorder {
    fn new_game(&mut self, s: u64) {
        self.inner.new_game(s)
    }

    fn bid(&mut self, v: &View) -> Bid {
        self.game.bids.push(v.clone());
        self.inner.bid(v)
    }

    fn put(&mut self, v: &View) -> Put {
        self.game.puts.push(v.clone());
        self.inner.put(v)
    }
}

/// The first seat's views in `games` games of `player` against
/// `opponent`, game g on the dice of `derive_seed(&[seed, g])`.
pub fn positions(
    player: Box<dyn Strategy>,
    opponent: Box<dyn Strategy>,
    games: u64,
    seed: u64,
) -> Vec<GameViews> {
    positions_seated(player, opponent, 0..games, seed, |_| Seat::First)
}

/// `player`'s views in games `games` against `opponent`, game g on the
/// dice of `derive_seed(&[seed, g])` with `player` in seat `seat(g)`; a
/// game's views depend only on its number, so any split of the games gives
/// the same positions.
pub fn positions_seated(
    player: Box<dyn Strategy>,
    opponent: Box<dyn Strategy>,
    games: std::ops::Range<u64>,
    seed: u64,
    seat: impl Fn(u64) -> Seat,
) -> Vec<GameViews> {
    let recorder = Recorder {
        inner: player,
        game: GameViews::default(),
    };
    let mut rec = InProcess::new(recorder, 0);
    let mut opp = InProcess::new(opponent, 0);
    games
        .map(|g| {
            let deal = Deal::from_seed(derive_seed(&[seed, g]));
            (rec.seed, opp.seed) = (g, g);
            let at = seat(g);
            let seats: PerSeat<&mut dyn Contestant> = match at {
                Seat::First => PerSeat::new(&mut rec, &mut opp),
                Seat::Second => PerSeat::new(&mut opp, &mut rec),
            };
            let result = play_game(seats, &deal, |_| {});
            let mut game = std::mem::take(&mut rec.strategy.game);
            game.outcome = result.outcome(at);
            game
        })
        .collect()
}
