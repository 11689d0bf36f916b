//! Plays one game between two in-process strategies on a `Deal`. Pure: no
//! I/O, no clock. Each player sees only its own `View`, updated by the same
//! functions the protocol loop uses.

use crate::deal::Deal;
use crate::game::{Card, Put, Strategy, View};
use crate::rules::{Bid, Bundle, MAX_BID, Seat, resolve_auction};
use crate::transcript::Event;

/// The end of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// Both players' cards, first seat first.
    pub cards: [Card; 2],
    /// The player that made an illegal move, and why; it loses.
    pub fault: Option<(Seat, String)>,
}

/// Who won a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    Win(Seat),
    Draw,
}

impl GameResult {
    pub fn totals(&self) -> [i32; 2] {
        [self.cards[0].total(), self.cards[1].total()]
    }

    pub fn outcome(&self) -> Outcome {
        if let Some((seat, _)) = &self.fault {
            return Outcome::Win(seat.other());
        }
        let [a, b] = self.totals();
        match a.cmp(&b) {
            std::cmp::Ordering::Greater => Outcome::Win(Seat::First),
            std::cmp::Ordering::Less => Outcome::Win(Seat::Second),
            std::cmp::Ordering::Equal => Outcome::Draw,
        }
    }

    /// The official RESULT tag.
    pub fn result_tag(&self) -> &'static str {
        match self.outcome() {
            Outcome::Win(Seat::First) => "1-0",
            Outcome::Win(Seat::Second) => "0-1",
            Outcome::Draw => "1/2-1/2",
        }
    }
}

/// Plays a game. `seeds` feed each seat's own randomness; `log` receives
/// every event (pass `|_| {}` when not needed: it compiles away).
pub fn play_game(
    players: [&mut dyn Strategy; 2],
    deal: &Deal,
    seeds: [u64; 2],
    mut log: impl FnMut(Event),
) -> GameResult {
    let [p0, p1] = players;
    let mut players: [&mut dyn Strategy; 2] = [p0, p1];
    let mut views = [View::new(), View::new()];
    for (p, s) in players.iter_mut().zip(seeds) {
        p.new_game(s);
    }
    let seats = [Seat::First, Seat::Second];
    for round in 1..=13 {
        log(Event::Round(round));
        if round <= 12 {
            let (a, b) = deal.rolls[round - 1];
            log(Event::Roll(a, b));
            let mut bids = [Bid {
                bundle: Bundle::A,
                amount: 0,
            }; 2];
            for i in 0..2 {
                views[i].on_roll(a, b);
                let mut bid = players[i].bid(&views[i]);
                // A built-in cannot write an out-of-range number; clamp as
                // the protocol's parser would refuse it.
                bid.amount = bid.amount.min(MAX_BID);
                views[i].on_my_bid(bid);
                bids[i] = bid;
                log(Event::Bid(seats[i], bid));
            }
            let awards = resolve_auction(bids[0], bids[1], deal.ties[round - 1]);
            for i in 0..2 {
                log(Event::Get(seats[i], awards[i].bundle));
            }
            for i in 0..2 {
                let o = 1 - i;
                views[i].on_get(awards[i].bundle, bids[o].bundle, bids[o].amount);
            }
        }
        if round >= 2 {
            let mut puts: [Option<Put>; 2] = [None, None];
            for i in 0..2 {
                let put = players[i].put(&views[i]);
                log(Event::Put(seats[i], put));
                if let Err(e) = views[i].on_my_put(&put) {
                    log(Event::Abort(seats[i], e.reason().to_string()));
                    return finish(views, Some((seats[i], e.reason().to_string())));
                }
                puts[i] = Some(put);
            }
            for i in 0..2 {
                if let Some(p) = &puts[1 - i] {
                    // Already validated on the putter's own view.
                    let _ = views[i].on_set(p);
                }
            }
        }
    }
    finish(views, None)
}

fn finish(views: [View; 2], fault: Option<(Seat, String)>) -> GameResult {
    let [a, b] = views;
    GameResult {
        cards: [a.me, b.me],
        fault,
    }
}
