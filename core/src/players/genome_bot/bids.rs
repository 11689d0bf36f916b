//! The genome bot's bid, in steps that each take what they read: the
//! bundles' gaps for me and the opponent (`Gaps`); the bid by value
//! (`by_value`: the equilibrium on the genome's values with the bid genes,
//! `equilibrium_with_genes`, or the best response to `dp`'s predicted bid
//! once it is trusted, `best_response`); in the last auctions
//! (`wp_bid_auctions`) the bid by win probability (`for_the_win`: the
//! margins after each award by the `WinModel`, then the best response to
//! the opponent's bids as read, or the indifference bid); last, 1 against
//! a zero bidder (`against_zero_bidder`). `GenomeBot::decide_bid` chains
//! them.

use super::ahead::WinModel;
use super::puts::PutValue;
use super::read::OpponentRead;
use crate::game::View;
use crate::genome::plan::BidPlan;
use crate::rules::tables::Dice5;
use crate::rules::{Bid, Bundle, MAX_BID};
use crate::value::equilibrium::{
    bundle_toward, bundle_values, shaped_bundle_values, signed_equilibrium,
};

/// A roll's two bundles as each player values them: A minus B.
#[derive(Clone, Copy, Debug)]
pub(super) struct Gaps {
    /// Mine, by the genome's values.
    pub(super) mine: f32,
    /// The opponent's, by the exact values (it is predicted to be `dp`).
    pub(super) theirs: f32,
    /// The roll's two bundles.
    dice: [Dice5; 2],
}

impl Gaps {
    /// The gaps of the roll at `view`; None without one.
    pub(super) fn of(puts: &PutValue, view: &View) -> Option<Gaps> {
        let (a, b) = view.roll?.dice?;
        let values = puts.values();
        let [my_a, my_b] =
            shaped_bundle_values(values, &view.me, [a, b], |rows| puts.shape(&view.me, rows));
        let [op_a, op_b] = bundle_values(values, &view.opp, [a, b]);
        Some(Gaps {
            mine: my_a - my_b,
            theirs: op_a - op_b,
            dice: [a, b],
        })
    }

    /// My gap valued exactly, as `dp` would value it (what the opponent's
    /// predicted bid is made on).
    pub(super) fn exact_mine(&self, puts: &PutValue, view: &View) -> f32 {
        if puts.is_exact() {
            return self.mine;
        }
        let [ex_a, ex_b] = bundle_values(puts.values(), &view.me, self.dice);
        ex_a - ex_b
    }
}

/// The bid the values give: the best response to the opponent's
/// `predicted` bid (with `bid_best_response` on, once `opponent` trusts
/// the predictions), else the equilibrium with the bid genes.
pub(super) fn by_value(
    genes: &BidPlan,
    opponent: &OpponentRead,
    view: &View,
    gaps: Gaps,
    predicted: Option<Bid>,
) -> Bid {
    if genes.best_response > 0.0
        && let Some(predicted) = predicted
        && let Some(trust) = opponent.trust(&view.opp_bids)
        && let Some(bid) = best_response(genes, trust, gaps, predicted)
    {
        return bid;
    }
    equilibrium_with_genes(genes, view, gaps)
}

/// The bid by win probability, when `wp_bid_auctions` covers this auction
/// (from round 2, when both players carry dice): the margins when I
/// receive A and when B, as the win model estimates them
/// (`WinModel::bid_futures`), then the best response to the
/// opponent's predicted bids once they are read, else the indifference
/// bid on `value`'s bundle.
pub(super) fn for_the_win(
    model: &WinModel,
    opponent: &OpponentRead,
    view: &View,
    value: Bid,
) -> Option<Bid> {
    let win = model.genes();
    let at = view.auction()?;
    if at.is_first() || !at.in_last(win.bid_auctions) {
        return None;
    }
    let dice = view.roll?.dice?;
    let futures = model.bid_futures(view, dice)?;
    Some(match opponent.read(at, &view.opp_bids, win) {
        Some(theirs) => futures.best_response(&theirs, value),
        None => futures.indifference(value.bundle),
    })
}

/// `bid` at 1, once the opponent has bid 0 in at least `bid_read_zero`
/// rounds and in every round so far (one bid above 0 ends the read for
/// the game): it contests for nothing, and 1 beats 0. The bundle stays
/// the signed one, which gains the most margin (my gap plus the
/// opponent's: it gets the other bundle); taking the bundle I value more
/// instead cost a third of the margin against sample 4C (200 games, seed
/// 5: 86 116 → 58 406).
pub(super) fn against_zero_bidder(genes: &BidPlan, view: &View, bid: Bid) -> Bid {
    let (rounds, bids) = (genes.read_zero as usize, &view.opp_bids);
    let zero = rounds > 0 && bids.len() >= rounds && bids.iter().all(|b| b.amount == 0);
    if zero { Bid { amount: 1, ..bid } } else { bid }
}

/// The signed equilibrium bid on the gaps (the opponent's weighted by
/// `bid_opp_weight`), scaled and bounded by the bid genes.
fn equilibrium_with_genes(g: &BidPlan, view: &View, gaps: Gaps) -> Bid {
    let d = signed_equilibrium(gaps.mine, g.opp_weight * gaps.theirs);
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

/// The best response to the opponent's `predicted` bid, trusted as far as
/// `trust`, when it bids at all. The loser of a contested bundle is paid
/// its own bid, so: on the bundle it wants, either win it at one point
/// more (when that is worth it to me) or lose it bidding just under it,
/// and be paid.
fn best_response(g: &BidPlan, trust: f32, gaps: Gaps, predicted: Bid) -> Option<Bid> {
    if predicted.amount < 2 {
        return None;
    }
    let expected = predicted.amount as f32;
    let under = (g.best_response * trust * (expected - 1.0)).floor();
    let toward = match predicted.bundle {
        Bundle::A => 1.0,
        Bundle::B => -1.0,
    };
    // My score difference when I win its bundle at expected + 1, minus
    // when I lose it at `under` (the winner pays, the loser is paid): gaps
    // toward that bundle, less both payments each way.
    let win_over_lose = toward * (gaps.mine + gaps.theirs) - 3.0 * expected - 1.0 - under;
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
