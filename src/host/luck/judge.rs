//! The judge: what each put and bid cost the seat that made it, in win
//! probability, against the choice of the model the luck is measured by
//! (the exact value table), so that a game splits into the dice's luck and
//! the players' skill as GNU Backgammon's match analysis splits it.
//!
//! - A **put** (rounds 2–12, from ten dice) is priced against the table's
//!   best put from the same hand: the points to come it gave up (its
//!   points and bonus now plus V of what it leaves, against the best's),
//!   turned into win probability as the round's luck is (the slope, or at
//!   the last auction the final outcome). It is never negative. The last
//!   put (round 13, five dice, one category) is no choice and is not priced.
//! - A **bid** is priced against the signed equilibrium bid on the same
//!   worths (what `dp` bids on the exact table). The two bids of an auction
//!   together move the first seat's chance (the mean over the tie coin)
//!   away from what the two reference bids leave, which is the roll shared
//!   as the luck meter shares it; each seat is given its Shapley share of
//!   that move (the mean of its bid's effect with the other's bid made and
//!   with the other's reference bid), so the two shares add up to the move.
//!   A bid can cost less than nothing: one that takes more from the bid the
//!   opponent made than the equilibrium would.
//!
//! A seat's outcome less ½ is then about its luck plus its skill less the
//! opponent's (the model's own error is the rest: the slope is taken once a
//! round).

use super::{Round, Value};
use serde::Serialize;
use yacht_core::game::{Card, Holding, Put, put_of};
use yacht_core::rules::{Bid, PerSeat, ROUNDS, Seat, format_dice};
use yacht_core::value::ValueTable;
use yacht_core::value::equilibrium::BidRule;

/// The kind of a decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum DecisionKind {
    Put,
    Bid,
}

impl DecisionKind {
    pub const ALL: [DecisionKind; 2] = [DecisionKind::Put, DecisionKind::Bid];

    pub fn name(self) -> &'static str {
        match self {
            DecisionKind::Put => "put",
            DecisionKind::Bid => "bid",
        }
    }
}

/// One decision and what it cost the seat that made it.
#[derive(Clone, Debug, PartialEq)]
pub struct Decision {
    pub round: usize,
    pub seat: Seat,
    pub kind: DecisionKind,
    /// Win probability lost against the model's choice (negative: won).
    pub cost: f64,
    /// The decision as the protocol writes it (`A 3200`, `FULL_HOUSE 33322`).
    pub made: String,
    /// The model's choice, written the same way.
    pub reference: String,
}

impl Decision {
    /// `seat`'s bid `made` in round `round`, against the judge's.
    pub(super) fn bid(round: usize, seat: Seat, cost: f64, made: Bid, judges: Bid) -> Decision {
        let text = |b: Bid| format!("{} {}", b.bundle.letter(), b.amount);
        Decision {
            round,
            seat,
            kind: DecisionKind::Bid,
            cost,
            made: text(made),
            reference: text(judges),
        }
    }

    /// `seat`'s put `made` in round `round`, against the judge's.
    pub(super) fn put(round: usize, seat: Seat, cost: f64, made: &Put, judges: &Put) -> Decision {
        let text = |p: &Put| format!("{} {}", p.category.name(), format_dice(&p.dice));
        Decision {
            round,
            seat,
            kind: DecisionKind::Put,
            cost,
            made: text(made),
            reference: text(judges),
        }
    }
}

/// What a judging meter saw of one game, by round (index 1–13).
#[derive(Clone, Debug, Default)]
pub struct Judged {
    round: usize,
    luck: [f64; ROUNDS + 1],
    chance: [Option<f64>; ROUNDS + 1],
    decisions: Vec<Decision>,
    settled: Option<Settled>,
    /// The meter's luck by the exact table, when a judge's own model
    /// measures `luck` ([`Judged::with_model`]).
    dice: Option<[f64; ROUNDS + 1]>,
}

/// The round's auction decided: how a change of the first seat's margin
/// is valued, and that margin if every put to come is the best.
#[derive(Clone, Copy, Debug)]
struct Settled {
    value: Value,
    margin: f64,
}

impl Settled {
    /// What giving up `points` costs `seat` in win probability; the margin
    /// then counts them given up.
    fn cost(&mut self, seat: Seat, points: f64) -> f64 {
        let sign = if seat == Seat::First { 1.0 } else { -1.0 };
        let before = self.value.of(self.margin);
        self.margin -= sign * points;
        sign * (before - self.value.of(self.margin))
    }
}

impl Judged {
    /// The first seat's luck in each round (index 1–13; the coin's in its
    /// auction's round).
    pub fn luck(&self) -> &[f64] {
        &self.luck
    }

    /// The first seat's chance of winning before each round's roll, as the
    /// model puts it (the normal, or exactly before the last auction);
    /// None for a round not reached (and round 13, which has no roll).
    pub fn chance(&self) -> &[Option<f64>] {
        &self.chance
    }

    /// Every decision priced, in the order made.
    pub fn decisions(&self) -> &[Decision] {
        &self.decisions
    }

    /// The same luck with the decisions priced by another judge.
    pub fn with_decisions(self, decisions: Vec<Decision>) -> Judged {
        Judged { decisions, ..self }
    }

    /// The luck, the chance and the decisions of another model (the win
    /// model's, by round as [`Judged::luck`] and [`Judged::chance`]); the
    /// meter's luck kept as [`Judged::dice_luck`].
    pub fn with_model(
        self,
        luck: [f64; ROUNDS + 1],
        chance: [Option<f64>; ROUNDS + 1],
        decisions: Vec<Decision>,
    ) -> Judged {
        Judged {
            dice: Some(self.luck),
            luck,
            chance,
            decisions,
            ..self
        }
    }

    /// The first seat's luck in each round by the exact table (the
    /// meter's, mean 0 whoever plays): [`Judged::luck`] unless a judge's
    /// own model measures that.
    pub fn dice_luck(&self) -> &[f64] {
        self.dice.as_ref().unwrap_or(&self.luck)
    }

    pub(super) fn at_round(&mut self, round: usize) {
        self.round = round.min(ROUNDS);
    }

    pub(super) fn add_luck(&mut self, luck: f64) {
        self.luck[self.round] += luck;
    }

    pub(super) fn before_roll(&mut self, chance: f64) {
        self.chance[self.round] = Some(chance);
    }

    /// Prices both bids of the round `r`; `margin` is the first seat's
    /// margin to come after the awards that fell.
    pub(super) fn bids(&mut self, r: &Round, made: PerSeat<Bid>, margin: f64) {
        let gap = |s: Seat| (r.worth[s].of[0] - r.worth[s].of[1]) as f32;
        let reference = PerSeat::from_fn(|s| BidRule::Signed.bid(gap(s), gap(s.other())));
        let chance = |first: Bid, second: Bid| {
            let coins = r.by_coin(first, second);
            0.5 * (coins[0].1 + coins[1].1)
        };
        let shares = shapley(made, reference, chance);
        for (seat, cost) in [(Seat::First, -shares.first), (Seat::Second, -shares.second)] {
            let d = Decision::bid(self.round, seat, cost, made[seat], reference[seat]);
            self.decisions.push(d);
        }
        self.settled = Some(Settled {
            value: r.value,
            margin,
        });
    }

    /// Prices `seat`'s put from `card` (before it is made).
    pub(super) fn put(&mut self, values: &ValueTable, card: &Card, seat: Seat, put: &Put) {
        let (Holding::Ten(hand), Some(settled)) = (card.holding, &mut self.settled) else {
            return;
        };
        let mut after = card.clone();
        let (Ok(()), Some(carry)) = (after.apply_put(put.category, &put.dice), after.carry())
        else {
            return;
        };
        let chosen = f64::from(after.total() - card.total())
            + f64::from(values.held_value(after.used, after.upper, carry));
        let best = values.best_put(card.used, card.upper, hand);
        let cost = settled.cost(seat, f64::from(best.value) - chosen);
        let judges = put_of(best.category, best.put);
        let d = Decision::put(self.round, seat, cost, put, &judges);
        self.decisions.push(d);
    }
}

/// Each seat's Shapley share of what `made` moved the first seat's
/// `chance` from `reference` (the first seat's gain, the second's loss of
/// it, so each is what the seat won): its move's effect with the other's
/// made and with the other's reference, averaged.
pub(super) fn shapley<T: Copy>(
    made: PerSeat<T>,
    reference: PerSeat<T>,
    chance: impl Fn(T, T) -> f64,
) -> PerSeat<f64> {
    let (m, e) = (made, reference);
    let both = chance(m.first, m.second);
    let first_only = chance(m.first, e.second);
    let second_only = chance(e.first, m.second);
    let neither = chance(e.first, e.second);
    let first = 0.5 * ((both - second_only) + (first_only - neither));
    let second = 0.5 * ((both - first_only) + (second_only - neither));
    PerSeat::new(first, -second)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::host::luck::Meter;
    use crate::host::luck::tests::play_into;
    use crate::host::transcript::Event;
    use yacht_core::rules::Bundle;

    /// The decisions of `a` (first seat) against `b` over deals 0..n.
    fn judged(a: &str, b: &str, n: u64) -> Vec<Decision> {
        let each = (0..n).flat_map(|d| {
            let (meter, _) = play_into(Meter::judging(), a, b, [52, d], |_, _| {});
            meter.judged().unwrap().decisions().to_vec()
        });
        each.collect()
    }

    #[test]
    fn the_models_own_player_costs_nothing_and_a_moved_bid_costs_in_its_bids_only() {
        // dp:exact bids and puts as the judge's model does: every one of
        // its decisions costs 0 whatever the opponent bids (its Shapley
        // share vanishes); the opponent bidding 1.5 times the equilibrium
        // puts as the model does (0) and pays for its bids.
        let all = judged("dp:exact", "dp:exact:bid=1.5", 20);
        let cost = |seat, kind| {
            let mine = all.iter().filter(|d| d.seat == seat && d.kind == kind);
            mine.map(|d| d.cost).collect::<Vec<_>>()
        };
        let (puts, bids) = (
            cost(Seat::First, DecisionKind::Put),
            cost(Seat::First, DecisionKind::Bid),
        );
        assert_eq!((puts.len(), bids.len()), (20 * 11, 20 * 12));
        for c in puts
            .iter()
            .chain(&bids)
            .chain(&cost(Seat::Second, DecisionKind::Put))
        {
            assert!(c.abs() < 1e-6, "{c}");
        }
        let theirs: f64 = cost(Seat::Second, DecisionKind::Bid).iter().sum();
        assert!(theirs > 20.0 * 0.05, "{theirs}");
    }

    #[test]
    fn a_put_never_beats_the_models_best_and_a_sample_ais_cost_more_than_dps() {
        let all = judged("dp", "sample:6", 10);
        assert!(
            all.iter()
                .filter(|d| d.kind == DecisionKind::Put)
                .all(|d| d.cost > -1e-6)
        );
        let sum = |seat| {
            all.iter()
                .filter(|d| d.seat == seat)
                .map(|d| d.cost)
                .sum::<f64>()
        };
        let (dp, sample) = (sum(Seat::First), sum(Seat::Second));
        assert!(sample > 20.0 * dp && sample > 10.0 * 0.3, "{dp} {sample}");
    }

    #[test]
    fn a_costly_put_is_priced_at_what_it_gives_up() {
        // Two empty cards, then 1 1 1 1 1 and 1 1 1 1 1 for the first seat:
        // putting five ones in CHOICE instead of YACHT is a costly put; in
        // YACHT it costs nothing.
        let price = |category: &str| {
            let mut m = Meter::judging();
            let ones = [1, 1, 1, 1, 1];
            let bid = |amount| Bid {
                bundle: Bundle::A,
                amount,
            };
            for (round, got) in [(1, ones), (2, ones)] {
                m.see(&Event::Round(round));
                m.see(&Event::Roll(got, [2, 3, 4, 5, 6]));
                m.see(&Event::Bid(Seat::First, bid(0)));
                m.see(&Event::Bid(Seat::Second, bid(0)));
                m.see(&Event::Get(Seat::First, Bundle::A));
            }
            let put = Put {
                category: category.parse().unwrap(),
                dice: ones,
            };
            m.see(&Event::Put(Seat::First, put));
            let last = m.judged().unwrap().decisions().last().cloned().unwrap();
            assert_eq!(
                (last.kind, last.round, last.seat),
                (DecisionKind::Put, 2, Seat::First)
            );
            assert_eq!(last.reference, "YACHT 11111");
            last.cost
        };
        assert!(price("YACHT").abs() < 1e-9);
        assert!(price("CHOICE") > 0.05, "{}", price("CHOICE"));
    }
}
