//! The genome bot's puts: by value (the exact value model shaped by the
//! put genes: `adjustment`, `shape`, `best_put`) and, in the last rounds
//! (`wp_put_auctions`), by win probability (`put_for_the_win`): the
//! genome's best few puts compared by the tables' P(win) or by rollouts.

use super::GenomeBot;
use super::ahead::seed_of;
use crate::game::{Card, Holding, View};
use crate::rules::Category;
use crate::rules::tables::Hand10;
use crate::value::{BestMove, NextRows};
use crate::win::last_auction::{Settled, Worth};
use crate::win::normal::Outlook;
use crate::win::rollout::{self, Side};

/// How many of the genome's best puts a win-probability put compares.
pub const WP_CANDIDATES: usize = 5;

/// The standard errors a rollout put's edge over the best by value needs
/// (the retired gene `wp_confidence`, which no run ever moved from 2).
const CONFIDENCE: f64 = 2.0;

impl GenomeBot {
    /// What the genome adds to a put of `points` into `c` now, for a card
    /// `pace` points ahead of the bonus pace (None once the bonus is
    /// settled). 0 for the default genome.
    pub(super) fn adjustment(&self, pace: Option<i32>, c: Category, points: i32) -> f32 {
        let g = &self.plan.value;
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
    pub(crate) fn shape<'a>(&self, card: &Card, rows: NextRows<'a>) -> NextRows<'a> {
        if self.exact_puts {
            return rows;
        }
        let pace = (!card.bonus_settled()).then(|| card.upper_pace());
        rows.shaped(self.plan.value.future_weight, |c, points| {
            self.adjustment(pace, c, points)
        })
    }

    /// The best put from a hand of ten for `card`, by the genome's value.
    pub fn best_put(&self, card: &Card, hand: Hand10) -> BestMove {
        let rows = self.values.next_rows(card.used, card.upper);
        self.shape(card, rows).best_put(hand)
    }

    /// The put by win probability, when `wp_put_auctions` covers this
    /// round: the genome's `WP_CANDIDATES` best puts against the
    /// opponent's put by value. By the tables (`wp_fast`): the one of most
    /// P(win), the best by value among equals — in round 12 too, where
    /// nothing random is left and P(win) is the sure result. By rollouts
    /// (the reference): each played out in the same `wp_rollouts`
    /// futures, the best by value unless another wins more by
    /// `CONFIDENCE` standard errors. None when off, or when the opponent's
    /// hand is not known.
    pub(super) fn put_for_the_win(&self, view: &View, hand: Hand10) -> Option<BestMove> {
        let after = view.auction()?.following();
        let (fast, auctions) = (self.plan.win.fast, self.plan.win.put_auctions);
        if auctions == 0 || after > auctions {
            return None;
        }
        if after == 0 && !fast {
            return None;
        }
        let (candidates, mine, opp) = self.put_candidates(view, hand)?;
        let pick = if fast {
            self.most_likely_winner(&self.table_chances(&mine, opp)?)
        } else {
            self.rolled_out_winner(view, &mine, opp)
        };
        Some(candidates[pick])
    }

    /// The genome's `WP_CANDIDATES` best puts from `hand`, my side after
    /// each, and the opponent's side after its put by value; None when the
    /// opponent's hand is not known.
    pub(super) fn put_candidates(
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

    /// Which of my candidates wins most often by their `chances` (the
    /// first among equals), when it wins more than the first (the best by
    /// value) by `wp_put_margin` points of P(win), else the first.
    fn most_likely_winner(&self, chances: &[f64]) -> usize {
        let mut best = (0, f64::NEG_INFINITY);
        for (k, &p) in chances.iter().enumerate() {
            if p > best.1 {
                best = (k, p);
            }
        }
        let margin = f64::from(self.plan.win.put_margin) / 100.0;
        if best.1 > chances[0] + margin {
            best.0
        } else {
            0
        }
    }

    /// P(win) of each of my candidate sides against `opp` by the tables:
    /// the last auction exactly once round 11's puts are made (with
    /// `wp_last_exact`), else the normal model; None without spreads.
    pub(super) fn table_chances(&self, mine: &[Side], opp: Side) -> Option<Vec<f64>> {
        let theirs = (self.plan.win.last_exact)
            .then(|| Worth::of(self.values, &opp))
            .flatten();
        let outlook = Outlook::of(self.values, &opp)?;
        mine.iter()
            .map(|side| match &theirs {
                Some(theirs) => {
                    Some(Settled::between(&Worth::of(self.values, side)?, theirs).p_win(0.0))
                }
                None => {
                    let me = Outlook::of(self.values, side)?;
                    Some(self.margin(me, outlook, side).p_win(0.0))
                }
            })
            .collect()
    }

    /// Which of my candidate sides wins more than the first by
    /// `CONFIDENCE` standard errors, most of all, over the same
    /// `wp_rollouts` futures (the first when none does).
    fn rolled_out_winner(&self, view: &View, mine: &[Side], opp: Side) -> usize {
        let rollouts = self.plan.win.rollouts;
        let c = rollout::compare(
            self.values,
            mine,
            opp,
            view.rolls_seen,
            rollouts,
            seed_of(view),
        );
        (1..mine.len())
            .map(|k| (k, c.edge(k)))
            .filter(|&(_, (_, z))| z >= CONFIDENCE)
            .max_by(|a, b| a.1.0.total_cmp(&b.1.0))
            .map_or(0, |(k, _)| k)
    }
}
