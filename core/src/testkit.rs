//! Test helpers: positions from seeded self-play, without the tuner's
//! referee (the core cannot depend on it). The schedule is the rules'.

use crate::game::{Roll, Strategy, View};
use crate::rules::{AUCTIONS, ROUNDS, Seat, has_auction, has_scoring, resolve_auction};

/// SplitMix64: a dice stream for tests (the tuner's deals use rand_pcg).
pub struct Dice(pub u64);

impl Dice {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    pub fn five(&mut self) -> [u8; 5] {
        std::array::from_fn(|_| (self.next() % 6) as u8 + 1)
    }
}

/// The views the first seat decided from (bids, puts) in `games` seeded
/// games between two strategies; panics on an illegal put.
pub fn positions(
    first: &mut (dyn Strategy + '_),
    second: &mut (dyn Strategy + '_),
    games: u64,
) -> (Vec<View>, Vec<View>) {
    let (mut bids, mut puts) = (vec![], vec![]);
    for g in 0..games {
        let mut dice = Dice(g);
        let players: [&mut dyn Strategy; 2] = [&mut *first, &mut *second];
        let mut views = [View::new(), View::new()];
        for round in 1..=ROUNDS {
            if has_auction(round) {
                let roll = Roll::new(dice.five(), dice.five());
                let mut bid = [None; 2];
                for i in 0..2 {
                    views[i].on_roll(roll);
                    if i == 0 {
                        bids.push(views[0].clone());
                    }
                    let b = players[i].bid(&views[i]);
                    views[i].on_my_bid(b);
                    bid[i] = Some(b);
                }
                let [a, b] = bid.map(Option::unwrap);
                let tie = if dice.next().is_multiple_of(2) {
                    Seat::First
                } else {
                    Seat::Second
                };
                let awards = resolve_auction(a, b, tie);
                views[0].on_get(awards[0].bundle, b.bundle, b.amount);
                views[1].on_get(awards[1].bundle, a.bundle, a.amount);
            }
            if has_scoring(round) {
                puts.push(views[0].clone());
                let p = [players[0].put(&views[0]), players[1].put(&views[1])];
                for i in 0..2 {
                    views[i].on_my_put(&p[i]).expect("a legal put");
                    views[i].on_set(&p[1 - i]).expect("a legal put");
                }
            }
        }
        assert_eq!(views[0].rolls_seen, AUCTIONS);
    }
    (bids, puts)
}
