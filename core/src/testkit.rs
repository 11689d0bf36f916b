//! Test helpers: the exact value table, positions from seeded self-play, without the tuner's
//! referee (the core cannot depend on it). The schedule is the rules'.

use crate::game::{Roll, Strategy, View};
use crate::rules::{AUCTIONS, PerSeat, ROUNDS, Seat, has_auction, has_scoring, resolve_auction};
use crate::value::ValueTable;
use crate::win::rollout::Stream;
use std::sync::OnceLock;

/// The exact value table, solved once per test binary on every core.
pub fn table() -> &'static ValueTable {
    static TABLE: OnceLock<ValueTable> = OnceLock::new();
    TABLE.get_or_init(|| {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        ValueTable::solve(threads)
    })
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
        let mut dice = Stream(g);
        let mut players: PerSeat<&mut dyn Strategy> = PerSeat::new(&mut *first, &mut *second);
        let mut views = PerSeat::<View>::default();
        for round in 1..=ROUNDS {
            if has_auction(round) {
                let roll = Roll::new(dice.five(), dice.five());
                let bids_now = PerSeat::from_fn(|seat| {
                    views[seat].on_roll(roll);
                    if seat == Seat::First {
                        bids.push(views[seat].clone());
                    }
                    let b = players[seat].bid(&views[seat]);
                    views[seat].on_my_bid(b);
                    b
                });
                let tie = if dice.next_u64().is_multiple_of(2) {
                    Seat::First
                } else {
                    Seat::Second
                };
                let awards = resolve_auction(bids_now.first, bids_now.second, tie);
                for seat in Seat::ALL {
                    let theirs = bids_now[seat.other()];
                    views[seat].on_get(awards[seat].bundle, theirs.bundle, theirs.amount);
                }
            }
            if has_scoring(round) {
                puts.push(views.first.clone());
                let put = PerSeat::from_fn(|seat| players[seat].put(&views[seat]));
                for seat in Seat::ALL {
                    views[seat].on_my_put(&put[seat]).expect("a legal put");
                    views[seat].on_set(&put[seat.other()]).expect("a legal put");
                }
            }
        }
        assert_eq!(views.first.rolls_seen, AUCTIONS);
    }
    (bids, puts)
}
