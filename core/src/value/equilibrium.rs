//! The equilibrium bid on the value model, once for every player that bids
//! one (`dp`, the outlook bot, the rollouts, the genome bot): what receiving
//! each bundle is worth (V of the bundle held in round 1, W of carry +
//! bundle later; `shaped` by the genome), and the bid rules ([`BidRule`])
//! turning the two players' gaps into a bid: the signed equilibrium d =
//! (MyA − MyB + OppA − OppB) / 4.

use super::search::NextRows;
use super::table::ValueTable;
use crate::game::{Card, Holding};
use crate::rules::tables::{Dice5, tables};
use crate::rules::{Bid, Bundle, Category, MAX_BID};

/// What receiving each of `bundles` is worth to the player of `card`: V of
/// the bundle held in round 1, W of carry + bundle later (points to come).
pub fn bundle_values(values: &ValueTable, card: &Card, bundles: [Dice5; 2]) -> [f32; 2] {
    shaped_bundle_values(values, card, bundles, |rows| rows)
}

/// [`bundle_values`] with the puts after a bundle valued by `shape` (see
/// [`NextRows::shaped`]); V of the held bundle in round 1 as it is.
pub fn shaped_bundle_values<'a>(
    values: &'a ValueTable,
    card: &Card,
    bundles: [Dice5; 2],
    shape: impl FnOnce(NextRows<'a>) -> NextRows<'a>,
) -> [f32; 2] {
    match card.holding {
        Holding::Empty => bundles.map(|b| values.held_value(card.used, card.upper, b)),
        Holding::Five(carry) => {
            let next = shape(values.next_rows(card.used, card.upper));
            bundles.map(|b| next.best_put(tables().add5(carry, b)).value)
        }
        Holding::Ten(_) => [0.0; 2],
    }
}

/// How a player turns the two players' gaps (A minus B, for me and for the
/// opponent) into a bid.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BidRule {
    /// The field's rule: d = (mine + theirs) / 4 is a signed bid (a bid on
    /// B counts negative): round(d) on A when d ≥ 0 (d = 0: nothing to
    /// choose, 0 on A), round(−d) on B when d < 0. The bundle follows the
    /// sign of the sum of both gaps, not my own gap.
    Signed,
    /// The bundle my own gap prefers (A when it is ≥ 0), the amount
    /// (mine + theirs) / 4 toward it, clamped at 0: a weaker rule that
    /// field bots also play.
    OwnBundle,
}

impl BidRule {
    /// The bid for the gaps `mine` and `theirs`, within the rules' range.
    pub fn bid(self, mine: f32, theirs: f32) -> Bid {
        let toward = match self {
            BidRule::Signed => mine + theirs,
            BidRule::OwnBundle => mine,
        };
        signed_bid(toward, signed_equilibrium(mine, theirs))
    }
}

/// The signed equilibrium amount d = (mine + theirs) / 4: positive toward A.
pub fn signed_equilibrium(mine: f32, theirs: f32) -> f32 {
    (mine + theirs) / 4.0
}

/// A bid of `d` (positive toward A) on the bundle the sign of `toward`
/// names (A when ≥ 0): the amount is `d` toward that bundle, rounded and
/// clamped into 0..=MAX_BID.
pub fn signed_bid(toward: f32, d: f32) -> Bid {
    let bundle = bundle_toward(toward);
    let sign = if bundle == Bundle::A { 1.0 } else { -1.0 };
    Bid {
        bundle,
        amount: (sign * d).round().clamp(0.0, MAX_BID as f32) as u32,
    }
}

/// The bundle a signed amount points to: A when it is ≥ 0, else B.
pub fn bundle_toward(x: f32) -> Bundle {
    if x >= 0.0 { Bundle::A } else { Bundle::B }
}

/// The category round 13 fills: the one left.
pub fn last_category(card: &Card) -> Option<Category> {
    card.used.complement().first()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bid(bundle: Bundle, amount: u32) -> Bid {
        Bid { bundle, amount }
    }

    #[test]
    fn the_signed_rule_bids_by_the_sign_of_the_sum_of_both_gaps() {
        // I prefer A by 2000, the opponent prefers B by 6000: d = (2000 −
        // 6000) / 4 = −1000, so 1000 on B (losing it hands me A and 1000).
        assert_eq!(BidRule::Signed.bid(2000.0, -6000.0), bid(Bundle::B, 1000));
        // The own-bundle rule bids on A, (2000 − 6000) / 4 clamped: 0.
        assert_eq!(BidRule::OwnBundle.bid(2000.0, -6000.0), bid(Bundle::A, 0));
        // The mirror: I prefer B by 1000, the opponent A by 9000: d = 2000 on A.
        assert_eq!(BidRule::Signed.bid(-1000.0, 9000.0), bid(Bundle::A, 2000));
        assert_eq!(BidRule::OwnBundle.bid(-1000.0, 9000.0), bid(Bundle::B, 0));
        // Both gaps toward the same bundle: both rules agree.
        for rule in [BidRule::Signed, BidRule::OwnBundle] {
            assert_eq!(rule.bid(3000.0, 5000.0), bid(Bundle::A, 2000));
            assert_eq!(rule.bid(-3000.0, -5002.0), bid(Bundle::B, 2001));
        }
    }

    #[test]
    fn a_signed_bid_of_zero_is_zero_on_a_and_amounts_round_and_clamp() {
        // d = 0: nothing to choose between the bundles.
        assert_eq!(BidRule::Signed.bid(4000.0, -4000.0), bid(Bundle::A, 0));
        assert_eq!(BidRule::Signed.bid(0.0, 0.0), bid(Bundle::A, 0));
        // d = −0.25 rounds to 0, still on B (the sign of the sum).
        assert_eq!(BidRule::Signed.bid(-1.0, 0.0), bid(Bundle::B, 0));
        // d = 2.5 rounds away from zero; beyond the rules' range, clamped.
        assert_eq!(BidRule::Signed.bid(6.0, 4.0), bid(Bundle::A, 3));
        assert_eq!(BidRule::Signed.bid(-1.0e6, -1.0e6), bid(Bundle::B, MAX_BID));
    }

    #[test]
    fn two_signed_players_bid_the_same_bundle_and_amount() {
        // The sum is symmetric: from the opponent's side, mine and theirs
        // swap and the bid is the same.
        for (m, t) in [(2000.0, -6000.0), (-7000.0, 1000.0), (123.0, 456.0)] {
            assert_eq!(BidRule::Signed.bid(m, t), BidRule::Signed.bid(t, m));
        }
    }
}
