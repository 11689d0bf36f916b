//! `dp`, the reference player: the field's best known approach. It puts by
//! points + bonus + V of what the put leaves, and bids the signed
//! equilibrium d = (MyA − MyB + OppA − OppB) / 4, valuing each bundle for
//! both players from what the protocol has shown (the opponent's carry,
//! categories and upper total follow from GET and SET). The bid rules
//! and the bundle values it bids from are the value model's
//! ([`crate::value::equilibrium`]). Std-only.

use crate::game::{Card, Holding, Put, Strategy, View, put_of};
use crate::rules::{Bid, Bundle, Category};
use crate::value::ValueTable;
use crate::value::equilibrium::{BidRule, bundle_values, last_category};

/// The reference player on a value table.
pub struct DpBot {
    values: &'static ValueTable,
    rule: BidRule,
}

impl DpBot {
    /// The field's player: the signed equilibrium bid.
    pub fn new(values: &'static ValueTable) -> DpBot {
        DpBot::with_rule(values, BidRule::Signed)
    }

    pub fn with_rule(values: &'static ValueTable, rule: BidRule) -> DpBot {
        DpBot { values, rule }
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
        self.rule.bid(gap(&view.me), gap(&view.opp))
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
