//! The genome bot's bid (`decide_bid`, which `Strategy::bid` asks): the
//! equilibrium bid on the genome's values with the bid genes
//! (`value_bid`, `equilibrium_with_genes`), or the best response to `dp`'s
//! predicted bid (`best_response`, once `trust`ed); in the last auctions
//! (`wp_bid_auctions`) the bid by win probability (`bid_for_the_win`):
//! the margins after each award (`ahead`), then the best response to the
//! opponent's bids as `read`, or the indifference bid; last, 1 against a
//! zero bidder (`against_zero_bidder`).

use super::GenomeBot;
use crate::game::View;
use crate::rules::{Bid, Bundle, MAX_BID};
use crate::value::equilibrium::{
    bundle_toward, bundle_values, shaped_bundle_values, signed_equilibrium,
};

impl GenomeBot {
    /// The bid for a position: the equilibrium bid on my values (the
    /// genome's) and the opponent's (exact: it is predicted to play `dp`),
    /// then the bid genes; or the best response to the opponent's predicted
    /// bid, once its bids have matched the predictions.
    pub fn decide_bid(&mut self, view: &View) -> Bid {
        let bid = self.value_bid(view);
        let bid = self.bid_for_the_win(view, bid).unwrap_or(bid);
        self.against_zero_bidder(view, bid)
    }

    /// The bid by win probability, when `wp_bid_auctions` covers this
    /// auction (from round 2, when both players carry dice): the margins
    /// when I receive A and when B (the same `wp_rollouts` futures, or the
    /// tables, looking ahead for a close call), then the best response to
    /// the opponent's predicted bids once they are read, else the
    /// indifference bid on `value`'s bundle.
    fn bid_for_the_win(&self, view: &View, value: Bid) -> Option<Bid> {
        let at = view.auction()?;
        if at.is_first() || !at.in_last(self.plan.win.bid_auctions) {
            return None;
        }
        let theirs = || self.opponent.read(at, &view.opp_bids, &self.plan.win);
        let (a, b) = view.roll?.dice?;
        if !self.plan.win.fast {
            let rollouts = self.plan.win.rollouts;
            let futures = self.rolled_out_futures(view, (a, b), rollouts, 0)?;
            return Some(match theirs() {
                Some(theirs) => futures.best_response(&theirs, value),
                None => futures.indifference(value.bundle),
            });
        }
        let ahead = self.lookahead(at);
        let Some(theirs) = theirs() else {
            let futures = self.normal_futures(view, (a, b), ahead)?;
            return Some(futures.indifference(value.bundle));
        };
        let futures = self.normal_futures(view, (a, b), ahead)?;
        Some(futures.best_response(&theirs, value))
    }

    /// Whether the opponent's bids are predicted (for the best response or
    /// the bid by win probability).
    fn predicts(&self) -> bool {
        self.plan.bid.best_response > 0.0 || self.plan.win.bid_auctions > 0
    }

    /// `bid` at 1, once the opponent has bid 0 in at least `bid_read_zero`
    /// rounds and in every round so far (one bid above 0 ends the read for
    /// the game): it contests for nothing, and 1 beats 0. The bundle stays
    /// the signed one, which gains the most margin (my gap plus the
    /// opponent's: it gets the other bundle); taking the bundle I value
    /// more instead cost a third of the margin against sample 4C (200
    /// games, seed 5: 86 116 → 58 406).
    fn against_zero_bidder(&self, view: &View, bid: Bid) -> Bid {
        let (rounds, bids) = (self.plan.bid.read_zero as usize, &view.opp_bids);
        let zero = rounds > 0 && bids.len() >= rounds && bids.iter().all(|b| b.amount == 0);
        if zero { Bid { amount: 1, ..bid } } else { bid }
    }

    /// The bid the values give (see [`GenomeBot::decide_bid`]).
    fn value_bid(&mut self, view: &View) -> Bid {
        let Some((a, b)) = view.roll.and_then(|r| r.dice) else {
            return Bid {
                bundle: Bundle::A,
                amount: 0,
            };
        };
        let [my_a, my_b] = shaped_bundle_values(self.values, &view.me, [a, b], |rows| {
            self.shape(&view.me, rows)
        });
        let [op_a, op_b] = bundle_values(self.values, &view.opp, [a, b]);
        let (mine, theirs) = (my_a - my_b, op_a - op_b);
        if self.predicts() {
            // The opponent as `dp`: its gap, and mine valued exactly.
            let exact_mine = if self.exact_puts {
                mine
            } else {
                let [ex_a, ex_b] = bundle_values(self.values, &view.me, [a, b]);
                ex_a - ex_b
            };
            let predicted = self.opponent.predict(view.auction(), theirs, exact_mine);
            if self.plan.bid.best_response > 0.0
                && let Some(bid) = self.best_response(view, mine, theirs, predicted)
            {
                return bid;
            }
        }
        self.equilibrium_with_genes(view, mine, theirs)
    }

    /// The signed equilibrium bid on `mine` and `theirs` (A minus B for me
    /// and for the opponent, its gap weighted by `bid_opp_weight`), scaled
    /// and bounded by the bid genes.
    fn equilibrium_with_genes(&self, view: &View, mine: f32, theirs: f32) -> Bid {
        let g = &self.plan.bid;
        let d = signed_equilibrium(mine, g.opp_weight * theirs);
        let mut amount = d.abs() * g.scale;
        let rounds_left = view.auction().map_or(0, |at| at.from_end()) as f32;
        let lead = (view.me.total() - view.opp.total()) as f32;
        amount *= (1.0 + g.rounds * (rounds_left - 6.0) / 6.0).max(0.0);
        amount *= (1.0 - g.lead * lead / 100_000.0).max(0.0);
        // On the signed rule every bundle is contested: an opponent valuing
        // as I do bids the same bundle.
        let bids = &view.opp_bids;
        if !bids.is_empty() {
            let mean = bids.iter().map(|b| b.amount as f32).sum::<f32>() / bids.len() as f32;
            amount = amount.max(g.follow * mean);
        }
        amount += g.offset;
        if view.opp_bids.len() >= 2 {
            let max_seen = view.opp_bids.iter().map(|b| b.amount).max().unwrap_or(0) as f32;
            amount = amount.min(g.adapt_mult * max_seen + g.adapt_margin);
        }
        let amount = amount.round().min(g.cap).clamp(0.0, MAX_BID as f32);
        Bid {
            bundle: bundle_toward(d),
            amount: amount as u32,
        }
    }

    /// The best response to the opponent's `predicted` bid, when its bids
    /// can be trusted and it bids at all. The loser of a contested bundle is
    /// paid its own bid, so: on the bundle it wants, either win it at one
    /// point more (when that is worth it to me) or lose it bidding just
    /// under it, and be paid.
    fn best_response(&self, view: &View, mine: f32, theirs: f32, predicted: Bid) -> Option<Bid> {
        let trust = self.opponent.trust(&view.opp_bids)?;
        if predicted.amount < 2 {
            return None;
        }
        let expected = predicted.amount as f32;
        let under = (self.plan.bid.best_response * trust * (expected - 1.0)).floor();
        let toward = match predicted.bundle {
            Bundle::A => 1.0,
            Bundle::B => -1.0,
        };
        // My score difference when I win its bundle at expected + 1,
        // minus when I lose it at `under` (the winner pays, the loser is
        // paid): gaps toward that bundle, less both payments each way.
        let win_over_lose = toward * (mine + theirs) - 3.0 * expected - 1.0 - under;
        let amount = if win_over_lose > 0.0 {
            expected + 1.0
        } else if under >= 1.0 {
            under
        } else {
            return None;
        };
        Some(Bid {
            bundle: predicted.bundle,
            amount: amount.min(MAX_BID as f32) as u32,
        })
    }
}
