//! One player between rounds, as every win model sees it (`Side`): what it
//! has used, its upper total, its total so far and its carry; made from a
//! card after a put, and scored as the rounds are played out.

use crate::game::{Card, Holding};
use crate::rules::tables::{Dice5, tables};
use crate::rules::{Category, CategorySet, bonus_for};
use crate::value::{BestMove, ValueTable};

/// One player in a rollout, between rounds: what it has used, its upper
/// total, its total so far (bonus and bid points included) and its carry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Side {
    pub used: CategorySet,
    pub upper: i32,
    pub total: i32,
    pub carry: Dice5,
}

impl Side {
    /// The side of `card` once it has made `put` from its hand of ten;
    /// None unless the card holds ten dice.
    pub fn after(card: &Card, put: &BestMove) -> Option<Side> {
        let Holding::Ten(_) = card.holding else {
            return None;
        };
        Some(Side::put(card, put))
    }

    /// `card` between rounds, as it is: five dice held; None otherwise.
    pub fn between(card: &Card) -> Option<Side> {
        let Holding::Five(carry) = card.holding else {
            return None;
        };
        Some(Side {
            used: card.used,
            upper: card.upper,
            total: card.total(),
            carry,
        })
    }

    /// The side of `card` (holding five dice) once it has received
    /// `bundle` and put by value; None unless the card holds five dice.
    pub fn after_bundle(values: &ValueTable, card: &Card, bundle: Dice5) -> Option<Side> {
        let Holding::Five(carry) = card.holding else {
            return None;
        };
        let hand = tables().add5(carry, bundle);
        Some(Side::put(
            card,
            &values.best_put(card.used, card.upper, hand),
        ))
    }

    /// `card`'s side after `put`.
    fn put(card: &Card, put: &BestMove) -> Side {
        let mut side = Side {
            used: card.used,
            upper: card.upper,
            total: card.total(),
            carry: put.carry,
        };
        side.score(put.category, put.put);
        side
    }

    /// Scores `dice` into `category` (points and any bonus).
    pub(super) fn score(&mut self, category: Category, dice: Dice5) {
        let points = tables().score5(dice, category);
        self.total += points + bonus_for(category, points, self.upper);
        if category.face().is_some() {
            self.upper += points;
        }
        self.used.insert(category);
    }

    /// Round 13: the carry into the one category left.
    pub(super) fn finish(&mut self) {
        if let Some(last) = self.used.complement().first() {
            self.score(last, self.carry);
        }
    }
}
