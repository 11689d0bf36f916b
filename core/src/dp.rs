//! `dp`, the reference player: the field's best known approach. It puts by
//! points + bonus + V of what the put leaves, and bids the equilibrium
//! amount (MyA − MyB + OppA − OppB) / 4 on the bundle it prefers, valuing
//! each bundle for both players from what the protocol has shown (the
//! opponent's carry, categories and upper total follow from GET and SET).
//! Std-only.

use crate::game::{Card, Holding, Put, Strategy, View, put_of};
use crate::rules::{Bid, Bundle, Category, MAX_BID};
use crate::tables::{Dice5, tables};
use crate::value::{NextRows, ValueTable};

/// The reference player on a value table.
pub struct DpBot {
    values: &'static ValueTable,
}

impl DpBot {
    pub fn new(values: &'static ValueTable) -> DpBot {
        DpBot { values }
    }
}

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

/// The equilibrium bid: on the bundle `mine` (A minus B for me) prefers,
/// (mine + theirs) / 4 signed toward that bundle, rounded, within the
/// rules' range (0 when the opponent prefers the other bundle enough).
pub fn equilibrium_bid(mine: f32, theirs: f32) -> Bid {
    let (bundle, toward) = if mine >= 0.0 {
        (Bundle::A, 1.0)
    } else {
        (Bundle::B, -1.0)
    };
    let amount = (toward * (mine + theirs) / 4.0).round();
    Bid {
        bundle,
        amount: amount.clamp(0.0, MAX_BID as f32) as u32,
    }
}

impl Strategy for DpBot {
    fn bid(&mut self, view: &View) -> Bid {
        let Some((a, b)) = view.roll.and_then(|r| r.dice) else {
            return Bid {
                bundle: Bundle::A,
                amount: 0,
            };
        };
        let gap = |card: &Card| {
            let [a, b] = bundle_values(self.values, card, [a, b]);
            a - b
        };
        equilibrium_bid(gap(&view.me), gap(&view.opp))
    }

    fn put(&mut self, view: &View) -> Put {
        let me = &view.me;
        match me.holding {
            Holding::Ten(hand) => {
                let best = self.values.best_put(me.used, me.upper, hand);
                put_of(best.category, best.put)
            }
            Holding::Five(dice) => put_of(last_category(me).unwrap_or(Category::Choice), dice),
            Holding::Empty => view.fallback_put(),
        }
    }
}

/// The category round 13 fills: the one left.
pub fn last_category(card: &Card) -> Option<Category> {
    card.used.complement().first()
}
