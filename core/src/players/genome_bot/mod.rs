//! The tuned bot: `dp`'s play on the exact value model, adjusted by the
//! genome, and in the last rounds its puts and bids by win probability
//! (genes `wp_*`). Every default is neutral: the default genome makes
//! `dp`'s moves, to the bit. Std-only: the submission runs it.
//!
//! How a decision flows. A put (`Strategy::put`): with ten dice in hand,
//! `puts` picks by win probability when `wp_put_auctions` covers the
//! round (the genome's best few puts, by the tables or rollouts), else by
//! value (points + bonus + V of what it leaves, plus the genome's
//! adjustments, V weighted by `future_weight`). A bid (`Strategy::bid`):
//! `bids` values both bundles for me (the genome's values) and for the
//! opponent (as `dp`), predicts the opponent's bid and bids the
//! equilibrium with the bid genes (or the best response to `dp`); when
//! `wp_bid_auctions` covers the auction, it weighs the futures after each
//! award (`ahead`) against the opponent's bids as read (`read`) and the
//! amount comes from `win::bid`. Every choice by win probability is
//! seeded by the position, so the same position always gets the same
//! move. `estimate` (the estimators for `tuner agree`) is the tuner's
//! only.

mod ahead;
mod bids;
mod puts;
mod read;

// tuner only: not exported
pub mod estimate;

use crate::game::{Holding, Put, Strategy, View, put_of};
use crate::genome::plan::Plan;
use crate::genome::{Genome, N_GENES};
use crate::rules::{Bid, Category};
use crate::value::ValueTable;
use crate::value::equilibrium::last_category;
use read::OpponentRead;

/// The genome bot.
pub struct GenomeBot {
    /// The genome, decoded.
    plan: Plan,
    values: &'static ValueTable,
    /// Every put gene at its neutral default: puts are valued exactly, with
    /// no shaping to build (the values are the same to the bit).
    exact_puts: bool,
    /// The opponent's bids predicted this game, while they are (for the
    /// best response or the bid by win probability).
    opponent: OpponentRead,
}

impl GenomeBot {
    pub fn new(genome: &Genome, values: &'static ValueTable) -> GenomeBot {
        let plan = Plan::of(genome);
        let exact_puts = plan.exact_puts();
        GenomeBot {
            plan,
            values,
            exact_puts,
            opponent: OpponentRead::default(),
        }
    }
}

impl Strategy for GenomeBot {
    fn bid(&mut self, view: &View) -> Bid {
        self.decide_bid(view)
    }

    fn put(&mut self, view: &View) -> Put {
        let me = &view.me;
        match me.holding {
            Holding::Ten(hand) => {
                let best = self
                    .put_for_the_win(view, hand)
                    .unwrap_or_else(|| self.best_put(me, hand));
                put_of(best.category, best.put)
            }
            Holding::Five(dice) => put_of(last_category(me).unwrap_or(Category::Choice), dice),
            Holding::Empty => view.fallback_put(),
        }
    }
}

/// The submission's `main`: the genome bot with `genes` on `table` (see
/// [`crate::submission::serve`]).
pub fn serve_stdio(
    genes: [f64; N_GENES],
    table: Result<ValueTable, crate::submission::NoTable>,
) -> std::process::ExitCode {
    crate::submission::serve("genome", table, |values| {
        GenomeBot::new(&Genome { genes }, values)
    })
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod win_tests;
