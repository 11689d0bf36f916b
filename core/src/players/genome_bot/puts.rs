//! The genome bot's puts: by value (`PutValue`: the exact value model
//! shaped by the put genes: `adjustment`, `shape`, `best_put`) and, in the
//! last rounds (`wp_put_auctions`), by win probability (`put_for_the_win`):
//! the genome's best few puts compared by the tables' P(win) or by
//! rollouts (`WinModel`).

use super::ahead::WinModel;
use crate::game::{Card, Holding, View};
use crate::genome::plan::ValuePlan;
use crate::rules::Category;
use crate::rules::tables::Hand10;
use crate::value::{BestMove, NextRows, ValueTable};
use crate::win::side::Side;

/// How many of the genome's best puts a win-probability put compares.
pub const WP_CANDIDATES: usize = 5;

/// The genome's value of a put: the exact value model shaped by the put
/// genes.
pub struct PutValue {
    genes: ValuePlan,
    values: &'static ValueTable,
    /// Every put gene at its neutral default: puts are valued exactly,
    /// with no shaping to build (the values are the same to the bit).
    exact: bool,
}

impl PutValue {
    pub(super) fn new(genes: ValuePlan, values: &'static ValueTable) -> PutValue {
        let exact = genes.is_exact();
        PutValue {
            genes,
            values,
            exact,
        }
    }

    /// The value table the puts are valued on.
    pub(super) fn values(&self) -> &'static ValueTable {
        self.values
    }

    /// Whether puts are valued exactly (every put gene neutral).
    pub(super) fn is_exact(&self) -> bool {
        self.exact
    }

    /// What the genome adds to a put of `points` into `c` now, for a card
    /// `pace` points ahead of the bonus pace (None once the bonus is
    /// settled). 0 for the default genome.
    pub(super) fn adjustment(&self, pace: Option<i32>, c: Category, points: i32) -> f32 {
        let g = &self.genes;
        let mut v = 1000.0 * g.priority[c.index()];
        if points == 0 {
            v -= 1000.0 * g.zero_penalty;
        }
        if let (Some(face), Some(pace)) = (c.face(), pace) {
            let ahead = points - 3000 * i32::from(face);
            if (pace + ahead) as f32 >= -1000.0 * g.bonus_chase {
                v += g.upper_weight * ahead as f32;
            }
        }
        v
    }

    /// The puts from `card`'s state, valued by the genome.
    pub(super) fn shape<'a>(&self, card: &Card, rows: NextRows<'a>) -> NextRows<'a> {
        if self.exact {
            return rows;
        }
        let pace = (!card.bonus_settled()).then(|| card.upper_pace());
        rows.shaped(self.genes.future_weight, |c, points| {
            self.adjustment(pace, c, points)
        })
    }

    /// The best put from a hand of ten for `card`, by the genome's value.
    pub fn best_put(&self, card: &Card, hand: Hand10) -> BestMove {
        let rows = self.values.next_rows(card.used, card.upper);
        self.shape(card, rows).best_put(hand)
    }

    /// The genome's `WP_CANDIDATES` best puts from `hand`, my side after
    /// each, and the opponent's side after its put by value; None when the
    /// opponent's hand is not known.
    pub fn candidates(
        &self,
        view: &View,
        hand: Hand10,
    ) -> Option<(Vec<BestMove>, Vec<Side>, Side)> {
        let Holding::Ten(theirs) = view.opp.holding else {
            return None;
        };
        let opp_put = self.values.best_put(view.opp.used, view.opp.upper, theirs);
        let opp = Side::after(&view.opp, &opp_put)?;
        let rows = self.shape(&view.me, self.values.next_rows(view.me.used, view.me.upper));
        let candidates = rows.ranked_puts(hand, WP_CANDIDATES);
        let mine = candidates
            .iter()
            .map(|m| Side::after(&view.me, m))
            .collect::<Option<Vec<_>>>()?;
        Some((candidates, mine, opp))
    }
}

/// The put by win probability, when `wp_put_auctions` covers this round
/// (`WinModel::puts_for_the_win`): the genome's `WP_CANDIDATES` best puts
/// against the opponent's put by value, the one the win model picks
/// (`WinModel::put_pick`). None when off, or when the opponent's hand is
/// not known.
pub(super) fn put_for_the_win(
    puts: &PutValue,
    model: &WinModel,
    view: &View,
    hand: Hand10,
) -> Option<BestMove> {
    if !model.puts_for_the_win(view.auction()?.following()) {
        return None;
    }
    let (candidates, mine, opp) = puts.candidates(view, hand)?;
    Some(candidates[model.put_pick(view, &mine, opp)?])
}
