//! A game's decisions priced by rollouts (`tuner analyse --judge
//! rollouts`): a judge of win probability for players that play for the
//! win, which the value model (`judge`) charges for trading points for
//! chances.
//!
//! The events are replayed into each seat's `View` (as the referee tells
//! it). At each decision the **reference**, the default genome deciding
//! every bid and put by `futures` rollouts ([`deciding`], as `tuner agree`'s
//! reference), makes its own choice on its own futures; the made decision
//! and the reference's are then played out on the same `futures` other
//! futures (the position's seed salted by [`JUDGE_SALT`]), so neither
//! choice saw the judge's noise, and the cost is what the made one wins
//! less than the reference's there (negative: it did better).
//!
//! - A **put** (rounds 2–12, from ten dice): both sides after it played out
//!   against the opponent's side after the put it made the same round (the
//!   puts are simultaneous: mine cannot change it). The last put (round 13,
//!   five dice) is no choice and is not priced.
//! - A **bid** (rounds 2–12; round 1's first bundle leaves no hand to play
//!   out): the margins after either award played out, each bid's P(win)
//!   against the bid the opponent made, both coins.
//!
//! Every rollout plays both sides on as `dp`; each decision's futures are
//! seeded by its position alone, so the prices do not depend on threads.

use super::judge::Decision;
use crate::host::transcript::Event;
use crate::players::values::shipped_table;
use yacht_core::game::{Holding, Put, Roll, Strategy, View};
use yacht_core::genome::{Genome, WP_BID_AUCTIONS, WP_FAST, WP_PUT_AUCTIONS, WP_ROLLOUTS};
use yacht_core::players::genome_bot::GenomeBot;
use yacht_core::rules::{Bid, Bundle, PerSeat, Seat};
use yacht_core::win::side::Side;

/// The salt of a judge's futures (the reference's are unsalted): this
/// judge's and `tuner agree`'s.
pub const JUDGE_SALT: u64 = 0x4a75_6467_6520_2121;

/// `g` deciding every put and bid by win probability, by the tables
/// (`fast`) or by `futures` rollouts.
pub fn deciding(g: &Genome, fast: bool, futures: u32) -> GenomeBot {
    let mut g = g.clone();
    g.genes[WP_PUT_AUCTIONS] = 11.0;
    g.genes[WP_BID_AUCTIONS] = 11.0;
    g.genes[WP_FAST] = f64::from(u8::from(fast));
    g.genes[WP_ROLLOUTS] = f64::from(futures);
    GenomeBot::new(&g, shipped_table())
}

/// Every bid and put of a game (its events, in order) priced against the
/// reference by `futures` rollouts, in the order made.
pub fn price(events: &[Event], futures: u32) -> Vec<Decision> {
    let mut replay = Replay::new(futures);
    for e in events {
        if !replay.see(e) {
            break;
        }
    }
    replay.decisions
}

/// The game so far as each seat has been told it, each seat's reference,
/// and this round's bids, awards and puts until both seats' are in.
struct Replay {
    futures: u32,
    round: usize,
    views: PerSeat<View>,
    reference: PerSeat<GenomeBot>,
    bids: PerSeat<Option<Bid>>,
    got: PerSeat<Option<Bundle>>,
    puts: PerSeat<Option<Put>>,
    decisions: Vec<Decision>,
}

impl Replay {
    fn new(futures: u32) -> Replay {
        let reference = || deciding(&Genome::default(), false, futures);
        Replay {
            futures,
            round: 0,
            views: PerSeat::default(),
            reference: PerSeat::new(reference(), reference()),
            bids: PerSeat::default(),
            got: PerSeat::default(),
            puts: PerSeat::default(),
            decisions: Vec::new(),
        }
    }

    /// Takes the next event; false once the game cannot go on (a fault).
    fn see(&mut self, event: &Event) -> bool {
        match event {
            Event::Round(r) => self.round = *r,
            Event::Roll(a, b) => {
                let roll = Roll::new(*a, *b);
                for seat in Seat::ALL {
                    self.views[seat].on_roll(roll);
                }
            }
            Event::Bid(seat, bid) => {
                self.bids[*seat] = Some(*bid);
                if let (Some(first), Some(second)) = (self.bids.first, self.bids.second) {
                    self.both_bid(PerSeat::new(first, second));
                }
            }
            Event::Get(seat, bundle) => {
                self.got[*seat] = Some(*bundle);
                if let (Some(first), Some(second)) = (self.got.first, self.got.second) {
                    self.awarded(PerSeat::new(first, second));
                }
            }
            Event::Put(seat, put) => {
                self.puts[*seat] = Some(*put);
                if let (Some(first), Some(second)) = (self.puts.first, self.puts.second) {
                    return self.both_put(PerSeat::new(first, second));
                }
            }
            Event::Abort(..) => return false,
            Event::Debug(..) => {}
        }
        true
    }

    fn both_bid(&mut self, made: PerSeat<Bid>) {
        for seat in Seat::ALL {
            let view = &self.views[seat];
            // Asked at every auction, in order: its read of the opponent
            // is built from the bids it has seen.
            let reference = self.reference[seat].bid(view);
            let theirs = [made[seat.other()]];
            // None in round 1: no hand to play out yet.
            let model = self.reference[seat].model();
            let futures = view
                .roll
                .and_then(|r| r.dice)
                .and_then(|dice| model.rolled_out_futures(view, dice, self.futures, JUDGE_SALT));
            let Some(f) = futures else {
                continue;
            };
            let cost = f.expected(reference, &theirs) - f.expected(made[seat], &theirs);
            let d = Decision::bid(self.round, seat, cost, made[seat], reference);
            self.decisions.push(d);
        }
        for seat in Seat::ALL {
            self.views[seat].on_my_bid(made[seat]);
        }
    }

    fn awarded(&mut self, got: PerSeat<Bundle>) {
        for seat in Seat::ALL {
            let Some(theirs) = self.bids[seat.other()] else {
                continue;
            };
            self.views[seat].on_get(got[seat], theirs.bundle, theirs.amount);
        }
        self.bids = PerSeat::default();
        self.got = PerSeat::default();
    }

    /// Prices both puts, then makes them; false when one is illegal.
    fn both_put(&mut self, made: PerSeat<Put>) -> bool {
        for seat in Seat::ALL {
            if let Some(d) = self.put_priced(seat, made[seat], made[seat.other()]) {
                self.decisions.push(d);
            }
        }
        self.puts = PerSeat::default();
        Seat::ALL.into_iter().all(|seat| {
            let view = &mut self.views[seat];
            view.on_my_put(&made[seat]).is_ok() && view.on_set(&made[seat.other()]).is_ok()
        })
    }

    /// `seat`'s put `made` priced (None: no choice, or not a legal put).
    fn put_priced(&mut self, seat: Seat, made: Put, theirs: Put) -> Option<Decision> {
        let view = &self.views[seat];
        let Holding::Ten(_) = view.me.holding else {
            return None;
        };
        let reference = self.reference[seat].put(view);
        let after = |card: &yacht_core::game::Card, put: &Put| {
            let mut card = card.clone();
            card.apply_put(put.category, &put.dice).ok()?;
            Side::between(&card)
        };
        let mine = [after(&view.me, &made)?, after(&view.me, &reference)?];
        let opp = after(&view.opp, &theirs)?;
        let model = self.reference[seat].model();
        let c = model.rolled_out(view, &mine, opp, self.futures, JUDGE_SALT);
        // The edge is in win points (2 a win).
        let cost = c.edge(1).0 / 2.0;
        Some(Decision::put(self.round, seat, cost, &made, &reference))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::host::deal::Deal;
    use crate::host::luck::DecisionKind;
    use crate::host::play::{InProcess, play_game};
    use crate::players::StrategySpec;
    use crate::rng::derive_seed;

    /// The events of deal `d` between `a` (first seat) and `b`.
    fn events(a: Box<dyn Strategy>, b: Box<dyn Strategy>, d: u64) -> Vec<Event> {
        let (mut x, mut y) = (InProcess::new(a, d), InProcess::new(b, d + 1));
        let mut all = Vec::new();
        let dice = Deal::from_seed(derive_seed(&[53, d]));
        play_game(PerSeat::new(&mut x, &mut y), &dice, |e| all.push(e));
        all
    }

    fn built(spec: &str) -> Box<dyn Strategy> {
        StrategySpec::parse(spec).unwrap().build()
    }

    fn sum(priced: &[Decision], seat: Seat, kind: DecisionKind) -> (usize, f64) {
        let mine = priced.iter().filter(|d| d.seat == seat && d.kind == kind);
        mine.fold((0, 0.0), |(n, c), d| (n + 1, c + d.cost))
    }

    #[test]
    fn the_reference_costs_nothing_and_each_choice_from_round_2_is_priced_once() {
        // The reference playing the first seat makes the reference's own
        // choices on the same views: each costs exactly 0.
        let reference = Box::new(deciding(&Genome::default(), false, 50));
        let e = events(reference, built("sample:6"), 1);
        let priced = price(&e, 50);
        for kind in DecisionKind::ALL {
            // Rounds 2–12: eleven bids, eleven puts from ten dice.
            assert_eq!(sum(&priced, Seat::First, kind), (11, 0.0), "{kind:?}");
            assert_eq!(sum(&priced, Seat::Second, kind).0, 11);
        }
        assert_eq!(price(&e, 50), priced, "the same events, the same prices");
    }

    #[test]
    fn a_sample_ais_decisions_cost_more_than_dps() {
        let (mut dp, mut sample) = (0.0, 0.0);
        for d in 0..3 {
            let priced = price(&events(built("dp"), built("sample:6"), d), 50);
            for kind in DecisionKind::ALL {
                dp += sum(&priced, Seat::First, kind).1;
                sample += sum(&priced, Seat::Second, kind).1;
            }
        }
        assert!(sample > dp + 3.0 * 0.1, "dp {dp} sample:6 {sample}");
    }
}
