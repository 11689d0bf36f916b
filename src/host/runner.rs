//! Plays one game between two in-process strategies on a `Deal`. Pure: no
//! I/O, no clock. Each player sees only its own `View`, updated by the same
//! functions the protocol loop uses.

use crate::host::deal::Deal;
use crate::host::transcript::Event;
use yacht_core::game::{Card, Put, Roll, Strategy, View};
use yacht_core::rules::{Bid, Bundle, MAX_BID, Seat, resolve_auction};

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

    /// Points of the player in seat `seat` (0 or 1): 1 for a win, ½ for a
    /// draw, 0 for a loss.
    pub fn score(&self, seat: usize) -> f64 {
        match self.outcome() {
            Outcome::Draw => 0.5,
            Outcome::Win(w) if w.index() == seat => 1.0,
            Outcome::Win(_) => 0.0,
        }
    }

    /// Total of seat `seat` minus the other's.
    pub fn margin(&self, seat: usize) -> i32 {
        let t = self.totals();
        t[seat] - t[1 - seat]
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
            let roll = Roll::new(a, b);
            for i in 0..2 {
                views[i].on_roll(roll);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::uniform;
    use proptest::prelude::*;
    use rand_core::SeedableRng;
    use rand_pcg::Pcg32;
    use yacht_core::game::Holding;
    use yacht_core::rules::{Category, counts_of};
    use yacht_core::tables::tables;

    /// Any legal move, chosen at random: a random bundle and bid, a random
    /// unused category and random five held dice.
    struct RandomLegal(Pcg32);

    impl yacht_core::game::Strategy for RandomLegal {
        fn bid(&mut self, _: &View) -> Bid {
            let bundle = if uniform(&mut self.0, 2) == 0 {
                Bundle::A
            } else {
                Bundle::B
            };
            Bid {
                bundle,
                amount: uniform(&mut self.0, 3000),
            }
        }
        fn put(&mut self, v: &View) -> Put {
            let open: Vec<Category> = Category::ALL
                .into_iter()
                .filter(|c| !v.me.is_used(*c))
                .collect();
            let category = open[uniform(&mut self.0, open.len() as u32) as usize];
            let t = tables();
            let dice = match v.me.holding {
                Holding::Ten(h) => {
                    let s = t.splits(h);
                    t.faces5(s[uniform(&mut self.0, s.len() as u32) as usize].put)
                }
                Holding::Five(d) => t.faces5(d),
                Holding::Empty => [1; 5],
            };
            Put { category, dice }
        }
    }

    proptest! {
        #[test]
        fn legal_games_fill_every_category_conserve_dice_and_add_up(seed in any::<u64>()) {
            let deal = Deal::from_seed(seed);
            let mut a = RandomLegal(Pcg32::seed_from_u64(seed ^ 1));
            let mut b = RandomLegal(Pcg32::seed_from_u64(seed ^ 2));
            let mut events = vec![];
            let r = play_game([&mut a, &mut b], &deal, [0, 0], |e| events.push(e));
            prop_assert!(r.fault.is_none());
            for (s, card) in r.cards.iter().enumerate() {
                prop_assert_eq!(card.used, 0xfff);
                prop_assert_eq!(card.holding, Holding::Empty);
                let parts: i32 = card.points.iter().sum::<i32>() + card.bonus + card.bid_points;
                prop_assert_eq!(card.total(), parts);
                // Dice conserved: everything received was put, exactly once.
                let mut got = [0u32; 6];
                let mut put = [0u32; 6];
                let mut bids = 0i32;
                let mut round_bids: Vec<Bid> = vec![];
                for e in &events {
                    match e {
                        crate::host::transcript::Event::Bid(_, b) => round_bids.push(*b),
                        crate::host::transcript::Event::Get(seat, g) if seat.index() == s => {
                            let (ra, rb) = deal.rolls[round_bids.len() / 2 - 1];
                            let d = if *g == Bundle::A { ra } else { rb };
                            for (f, n) in counts_of(&d).iter().enumerate() { got[f] += *n as u32; }
                            let mine = round_bids[round_bids.len() - 2 + s];
                            bids += if mine.bundle == *g { -(mine.amount as i32) } else { mine.amount as i32 };
                        }
                        crate::host::transcript::Event::Put(seat, p) if seat.index() == s => {
                            for (f, n) in counts_of(&p.dice).iter().enumerate() { put[f] += *n as u32; }
                        }
                        _ => {}
                    }
                }
                prop_assert_eq!(got, put);
                prop_assert_eq!(bids, card.bid_points);
                // The bonus is earned exactly when the upper total reaches 63000.
                prop_assert_eq!(card.bonus > 0, card.points[..6].iter().sum::<i32>() >= 63000);
            }
        }
    }
}
