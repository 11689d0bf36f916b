//! The tuned bot: `dp`'s play on the exact value model, adjusted by the
//! genome, and in the last rounds its puts and bids by win probability
//! (genes `wp_*`). Every default is neutral: the default genome makes
//! `dp`'s moves, to the bit. Std-only: the submission runs it.
//!
//! The genome is decoded once into parts, each its own type taking what it
//! reads: `PutValue` (the put genes on the value table, `puts`),
//! `BidPlan` (the bid genes), `WinModel` (the win genes on the tables,
//! `ahead`), and `OpponentRead` (what the bot has read of the opponent this
//! game, `read`), the one state that changes during a game.
//!
//! How a decision flows. A put (`Strategy::put`): with ten dice in hand,
//! `puts` picks by win probability when `wp_put_auctions` covers the
//! round (the genome's best few puts, by the tables or rollouts), else by
//! value (points + bonus + V of what it leaves, plus the genome's
//! adjustments, V weighted by `future_weight`). A bid (`decide_bid`):
//! `bids` values both bundles for me (the genome's values) and for the
//! opponent (as `dp`), the read predicts the opponent's bid, and the bid is
//! the equilibrium with the bid genes (or the best response to `dp`); when
//! `wp_bid_auctions` covers the auction, it weighs the futures after each
//! award (`ahead`) against the opponent's bids as read and the amount
//! comes from `win::bid`. Every choice by win probability is seeded by the
//! position, so the same position always gets the same move. The put's
//! value and the win model are public parts (`puts()`, `model()`): the
//! tuner's `agree` asks them for its estimates.

mod ahead;
mod bids;
mod exact;
mod guard;
mod puts;
mod read;
mod think;

use crate::game::{Holding, Put, Strategy, View, put_of};
use crate::genome::plan::{BidPlan, Plan};
use crate::genome::{Genome, N_GENES, Think};
use crate::rules::{Bid, Bundle, Category};
use crate::value::ValueTable;
use crate::value::equilibrium::last_category;
pub use ahead::{Look, WinModel};
use bids::Gaps;
use exact::Exact;
pub use guard::guard_trips;
pub use puts::PutValue;
use read::{ExactFits, OpponentRead};
use think::Thinker;

/// The genome bot: the genome decoded into its parts, and what it has
/// read of the opponent this game.
pub struct GenomeBot {
    /// The put's value (the value genes).
    puts: PutValue,
    /// The bid genes.
    bid: BidPlan,
    /// The chances by the tables or rollouts (the win genes).
    model: WinModel,
    /// The opponent's bids predicted this game, while they are (for the
    /// best response or the bid by win probability).
    opponent: OpponentRead,
    /// The search around the tuned move at play time (`[think]`).
    thinker: Thinker,
    /// The exact rows solved at play time (`[think]`), for the read.
    exact: Exact,
}

impl GenomeBot {
    pub fn new(genome: &Genome, values: &'static ValueTable) -> GenomeBot {
        let Plan { value, bid, win } = Plan::of(genome);
        GenomeBot {
            puts: PutValue::new(value, values),
            bid,
            model: WinModel::new(win, values),
            opponent: OpponentRead::new(ExactFits::of(&genome.think)),
            thinker: Thinker::new(genome.think),
            exact: Exact::new(genome.think, values),
        }
    }

    /// The bot with its exact rows (`[think]` `exact_rows`) copied from
    /// `exact`, the exact table, instead of solved: the same moves (rows
    /// counted alike, the same bits) in a fraction of the time, for the
    /// tuner's games; a submission solves them.
    pub fn copying_exact_rows(mut self, exact: &'static ValueTable) -> GenomeBot {
        self.exact.copying(exact);
        self
    }

    /// The put's value: the genome's best puts and its candidates.
    pub fn puts(&self) -> &PutValue {
        &self.puts
    }

    /// The win model: the chances by the tables or by rollouts.
    pub fn model(&self) -> &WinModel {
        &self.model
    }

    /// The bid for a position (`bids`): the bid by value on my values (the
    /// genome's) and the opponent's (exact: it is predicted to play `dp`),
    /// predicting its bid first when something reads it; then by win
    /// probability where `wp_bid_auctions` covers the auction; then 1
    /// against a zero bidder.
    pub fn decide_bid(&mut self, view: &View) -> Bid {
        let guard = self.thinker.guard();
        let bid = match Gaps::of(&self.puts, view) {
            Some(gaps) => {
                let predicted = self.predicts().then(|| {
                    let mine = gaps.exact_mine(&self.puts, view);
                    let exact = self.exact.gaps(view, guard.as_ref());
                    self.opponent
                        .predict(view.auction(), gaps.theirs, mine, exact)
                });
                bids::by_value(&self.bid, &self.opponent, view, gaps, predicted)
            }
            None => Bid {
                bundle: Bundle::A,
                amount: 0,
            },
        };
        let bid = bids::for_the_win(&self.model, &self.opponent, view, bid).unwrap_or(bid);
        let bid = (self.thinker)
            .bid(&self.model, &self.opponent, view, bid, guard.as_ref())
            .unwrap_or(bid);
        bids::against_zero_bidder(&self.bid, view, bid)
    }

    /// Whether the opponent's bids are predicted (for the best response or
    /// the bid by win probability).
    fn predicts(&self) -> bool {
        self.bid.best_response > 0.0 || self.model.genes().bid_auctions > 0
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
                let guard = self.thinker.guard();
                let best = puts::put_for_the_win(&self.puts, &self.model, view, hand)
                    .unwrap_or_else(|| self.puts.best_put(me, hand));
                let best = (self.thinker)
                    .put(&self.puts, &self.model, view, hand, best, guard.as_ref())
                    .unwrap_or(best);
                self.exact.after_put(view, &best, guard.as_ref());
                put_of(best.category, best.put)
            }
            Holding::Five(dice) => put_of(last_category(me).unwrap_or(Category::Choice), dice),
            Holding::Empty => view.fallback_put(),
        }
    }
}

/// The submission's `main`: the genome bot with `genes`, thinking as
/// `think`, on `table` (see [`crate::submission::serve`]).
pub fn serve_stdio(
    genes: [f64; N_GENES],
    think: Think,
    table: Result<ValueTable, crate::submission::NoTable>,
) -> std::process::ExitCode {
    crate::submission::serve("genome", table, |values| {
        GenomeBot::new(&Genome { genes, think }, values)
    })
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod unread_tests;
#[cfg(test)]
mod win_tests;
