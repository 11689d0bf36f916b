//! Positions from seeded games: the views one player decided from, game by
//! game, on the one game loop. What the bench times decisions on and the
//! estimators' agreement is measured on.

use crate::host::deal::Deal;
use crate::host::play::{Contestant, InProcess, play_game};
use crate::rng::derive_seed;
use yacht_core::game::{Put, Strategy, View};
use yacht_core::rules::Bid;
use yacht_core::rules::PerSeat;

/// The views a player decided from in one game, in order.
#[derive(Clone, Debug, Default)]
pub struct GameViews {
    pub bids: Vec<View>,
    pub puts: Vec<View>,
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
    let recorder = Recorder {
        inner: player,
        game: GameViews::default(),
    };
    let mut rec = InProcess::new(recorder, 0);
    let mut opp = InProcess::new(opponent, 0);
    (0..games)
        .map(|g| {
            let deal = Deal::from_seed(derive_seed(&[seed, g]));
            (rec.seed, opp.seed) = (g, g);
            let seats: PerSeat<&mut dyn Contestant> = PerSeat::new(&mut rec, &mut opp);
            play_game(seats, &deal, |_| {});
            std::mem::take(&mut rec.strategy.game)
        })
        .collect()
}
