//! The tuned bot: `dp`'s play on the exact value model, adjusted by the
//! genome. A put's value is points + bonus + V of what it leaves (held dice
//! included), plus the genome's adjustments (category priorities, a penalty
//! for scoring 0, a pull toward the bonus pace) with V weighted by
//! `future_weight`; the bid is the equilibrium bid on those values, scaled
//! and bounded by the bid genes. Every default is neutral: the default
//! genome makes `dp`'s moves, to the bit. Std-only: the submission runs it.

use crate::game::{Card, Holding, Put, Strategy, View, put_of};
use crate::genome::plan::Plan;
use crate::genome::{Genome, N_GENES};
use crate::rules::tables::Hand10;
use crate::rules::{AUCTIONS, Bid, Bundle, Category, MAX_BID};
use crate::value::equilibrium::{
    BidRule, bundle_toward, bundle_values, last_category, shaped_bundle_values, signed_equilibrium,
};
use crate::value::{BestMove, NextRows, ValueTable};

/// The genome bot.
pub struct GenomeBot {
    /// The genome, decoded.
    pub(crate) plan: Plan,
    pub(crate) values: &'static ValueTable,
    /// Every put gene at its neutral default: puts are valued exactly, with
    /// no shaping to build (the values are the same to the bit).
    exact_puts: bool,
    /// The opponent's bid predicted (as `dp` would bid) in each auction of
    /// this game, while `bid_best_response` is on.
    pub(crate) predicted: [Option<Bid>; AUCTIONS],
    /// The same as the own-bundle rule would bid it (for the read).
    pub(crate) predicted_own: [Option<Bid>; AUCTIONS],
}

/// Predictions of at least this many points are checked against the
/// opponent's bids.
const CHECKED_PREDICTION: u32 = 1000;

impl GenomeBot {
    pub fn new(genome: &Genome, values: &'static ValueTable) -> GenomeBot {
        let plan = Plan::of(genome);
        let exact_puts = plan.exact_puts();
        GenomeBot {
            plan,
            values,
            exact_puts,
            predicted: [None; AUCTIONS],
            predicted_own: [None; AUCTIONS],
        }
    }

    /// What the genome adds to a put of `points` into `c` now, for a card
    /// `pace` points ahead of the bonus pace (None once the bonus is
    /// settled). 0 for the default genome.
    fn adjustment(&self, pace: Option<i32>, c: Category, points: i32) -> f32 {
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

    /// The bid for a position: the equilibrium bid on my values (the
    /// genome's) and the opponent's (exact: it is predicted to play `dp`),
    /// then the bid genes; or the best response to the opponent's predicted
    /// bid, once its bids have matched the predictions.
    pub fn decide_bid(&mut self, view: &View) -> Bid {
        let bid = self.value_bid(view);
        let bid = self.bid_for_the_win(view, bid).unwrap_or(bid);
        self.against_zero_bidder(view, bid)
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
            if view.rolls_seen == 1 {
                self.predicted = [None; AUCTIONS];
                self.predicted_own = [None; AUCTIONS];
            }
            // The opponent as `dp`: its gap, and mine valued exactly.
            let exact_mine = if self.exact_puts {
                mine
            } else {
                let [ex_a, ex_b] = bundle_values(self.values, &view.me, [a, b]);
                ex_a - ex_b
            };
            let predicted = BidRule::Signed.bid(theirs, exact_mine);
            let k = view.rolls_seen.wrapping_sub(1);
            if let Some(slot) = self.predicted.get_mut(k) {
                *slot = Some(predicted);
            }
            if let Some(slot) = self.predicted_own.get_mut(k) {
                *slot = Some(BidRule::OwnBundle.bid(theirs, exact_mine));
            }
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
        let rounds_left = (AUCTIONS + 1) as f32 - view.rolls_seen as f32;
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

    /// How far the opponent's bids have matched the predictions: the least
    /// ratio of its bid to the one predicted (0 when it asked for the other
    /// bundle) over the auctions predicted at `CHECKED_PREDICTION` or more,
    /// at most 1; None before two such auctions.
    fn trust(&self, view: &View) -> Option<f32> {
        let checked = self
            .predicted
            .iter()
            .zip(view.opp_bids.iter())
            .filter_map(|(p, actual)| p.map(|p| (p, actual)))
            .filter(|(p, _)| p.amount >= CHECKED_PREDICTION);
        let (mut n, mut least) = (0, 1f32);
        for (p, actual) in checked {
            let ratio = if actual.bundle == p.bundle {
                actual.amount as f32 / p.amount as f32
            } else {
                0.0
            };
            least = least.min(ratio);
            n += 1;
        }
        (n >= 2).then_some(least)
    }

    /// The best response to the opponent's `predicted` bid, when its bids
    /// can be trusted and it bids at all. The loser of a contested bundle is
    /// paid its own bid, so: on the bundle it wants, either win it at one
    /// point more (when that is worth it to me) or lose it bidding just
    /// under it, and be paid.
    fn best_response(&self, view: &View, mine: f32, theirs: f32, predicted: Bid) -> Option<Bid> {
        let trust = self.trust(view)?;
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
mod tests {
    use super::*;
    use crate::genome::*;
    use crate::players::dp::DpBot;
    use crate::rules::tables::tables;
    use crate::rules::{CategorySet, score_dice};
    use crate::testkit;

    fn bot(genome: &Genome) -> GenomeBot {
        GenomeBot::new(genome, testkit::table())
    }

    fn with(gene: usize, value: f64) -> GenomeBot {
        let mut g = Genome::default();
        g.genes[gene] = value;
        bot(&g)
    }

    /// Views at every decision of a few seeded games of `dp` against the
    /// outlook player (so that both sides' positions vary).
    fn positions() -> (Vec<View>, Vec<View>) {
        let mut a = DpBot::new(testkit::table());
        let mut b = crate::value::outlook::OutlookBot::new();
        testkit::positions(&mut a, &mut b, 30)
    }

    fn total_bid(bot: &mut GenomeBot, views: &[View]) -> u64 {
        views.iter().map(|v| bot.bid(v).amount as u64).sum()
    }

    #[test]
    fn the_default_genome_makes_dps_moves() {
        let (bids, puts) = positions();
        let mut genome = bot(&Genome::default());
        let mut dp = DpBot::new(testkit::table());
        for v in &bids {
            assert_eq!(genome.bid(v), dp.bid(v), "{v:?}");
        }
        for v in &puts {
            assert_eq!(genome.put(v), dp.put(v), "{v:?}");
        }
        assert_eq!(bids.len(), 30 * AUCTIONS);
        // Some bids are contested amounts, not all 0.
        assert!(total_bid(&mut genome, &bids) > 100_000);
    }

    #[test]
    fn the_zero_bidder_read_bids_1_after_zeros_only_and_never_against_dp() {
        let mut read = with(BID_READ_ZERO, 2.0);
        let mut plain = bot(&Genome::default());
        // Against dp (its bids are not all 0): the same bids as without.
        let mut a = DpBot::new(testkit::table());
        let mut b = DpBot::new(testkit::table());
        let (against_dp, _) = testkit::positions(&mut a, &mut b, 30);
        for v in &against_dp {
            assert_eq!(read.bid(v), plain.bid(v), "{v:?}");
        }
        // Against a zero bidder, from its second zero on: 1, same bundle.
        let (bids, _) = positions();
        let mut zeros = 0;
        for v in bids.iter().filter(|v| v.roll.is_some()) {
            let mut v = v.clone();
            v.opp_bids = crate::game::BidLog::default();
            for k in 0..v.rolls_seen.saturating_sub(1) {
                let bundle = if k % 2 == 0 { Bundle::A } else { Bundle::B };
                v.opp_bids.push(Bid { bundle, amount: 0 });
            }
            let (mine, theirs) = (read.bid(&v), plain.bid(&v));
            assert_eq!(mine.bundle, theirs.bundle);
            if v.opp_bids.len() >= 2 {
                assert_eq!(mine.amount, 1);
                zeros += 1;
            } else {
                assert_eq!(mine, theirs);
            }
        }
        assert!(zeros > 100, "{zeros}");
    }

    #[test]
    fn bid_genes_move_bids_as_documented() {
        let (bids, _) = positions();
        let sum = |gene, v| total_bid(&mut with(gene, v), &bids);
        assert!(sum(BID_SCALE, 1.5) > sum(BID_SCALE, 1.0));
        assert_eq!(sum(BID_SCALE, 0.0), 0);
        assert!(sum(BID_OFFSET, 2000.0) > sum(BID_OFFSET, 0.0));
        assert!(sum(BID_CAP, 2000.0) < sum(BID_CAP, 100000.0));
        assert!(sum(BID_FOLLOW, 1.5) > sum(BID_FOLLOW, 0.0));
        let mut capped = with(BID_CAP, 1500.0);
        assert!(bids.iter().all(|v| capped.decide_bid(v).amount <= 1500));
        // The adaptive cap: a tight margin over the opponent's bids bids less.
        let mut g = Genome::default();
        g.genes[BID_ADAPT_MULT] = 1.0;
        g.genes[BID_ADAPT_MARGIN] = 0.0;
        assert!(total_bid(&mut bot(&g), &bids) < sum(BID_ADAPT_MARGIN, 100000.0));
    }

    #[test]
    fn best_response_predicts_dps_bids_exactly_and_bids_just_over_or_under_them() {
        let mut br = with(BID_BEST_RESPONSE, 1.0);
        let mut dp = DpBot::new(testkit::table());
        let mut responses = 0;
        for game in 0..6 {
            // Games 0..=game (testkit seeds by game index); the bot holds
            // the predictions of the last one, whose views are the last
            // AUCTIONS bids.
            let (bids, _) = testkit::positions(&mut br, &mut dp, game + 1);
            let this_game = &bids[bids.len() - AUCTIONS..];
            let last = this_game.last().unwrap();
            // Every prediction of this game's first eleven auctions is the
            // bid dp made.
            for (i, actual) in last.opp_bids.iter().enumerate() {
                assert_eq!(
                    br.predicted[i],
                    Some(*actual),
                    "game {game}, auction {}",
                    i + 1
                );
            }
            // Once trusted, a bid is one over or one under dp's.
            for v in this_game.iter().filter(|v| v.rolls_seen >= 4) {
                let before = br.predicted;
                let bid = br.decide_bid(v);
                let p = br.predicted[v.rolls_seen - 1].unwrap();
                br.predicted = before;
                let trust = br.trust(v);
                assert!(trust.is_none_or(|t| t == 1.0), "{trust:?}");
                if p.amount >= 2 && trust.is_some() {
                    assert_eq!(bid.bundle, p.bundle);
                    assert!(bid.amount + 1 == p.amount || bid.amount == p.amount + 1);
                    responses += 1;
                }
            }
        }
        assert!(responses > 20, "{responses}");
        // Off by default: nothing is predicted.
        let mut plain = bot(&Genome::default());
        let (bids, _) = testkit::positions(&mut plain, &mut dp, 1);
        assert!(!bids.is_empty() && plain.predicted.iter().all(Option::is_none));
    }

    #[test]
    fn trust_needs_two_checked_bids_and_is_the_least_ratio() {
        let mut br = with(BID_BEST_RESPONSE, 1.0);
        let mut dp = DpBot::new(testkit::table());
        let (bids, _) = testkit::positions(&mut br, &mut dp, 1);
        assert!(bids.iter().take(2).all(|v| br.trust(v).is_none()));
        assert_eq!(br.trust(bids.last().unwrap()), Some(1.0));
        // Against the outlook player, whose bids are not dp's: less.
        let mut other = crate::value::outlook::OutlookBot::new();
        let (bids, _) = testkit::positions(&mut br, &mut other, 1);
        let trust = br.trust(bids.last().unwrap());
        assert!(trust.is_some_and(|t| t < 1.0), "{trust:?}");
        // By hand: predicted 4000 on A, then 2000 on B; the opponent bid
        // 3000 on A (0.75), then 2000 on A (the other bundle: 0).
        let mut v = bids[0].clone();
        v.opp_bids = Default::default();
        let bid = |bundle, amount| Bid { bundle, amount };
        br.predicted = [None; AUCTIONS];
        br.predicted[0] = Some(bid(Bundle::A, 4000));
        br.predicted[1] = Some(bid(Bundle::B, 2000));
        v.opp_bids.push(bid(Bundle::A, 3000));
        assert_eq!(br.trust(&v), None);
        v.opp_bids.push(bid(Bundle::A, 2000));
        assert_eq!(br.trust(&v), Some(0.0));
        br.predicted[1] = Some(bid(Bundle::A, 2000));
        assert_eq!(br.trust(&v), Some(0.75));
        // Predictions under 1000 points are not checked.
        br.predicted[1] = Some(bid(Bundle::A, 999));
        assert_eq!(br.trust(&v), None);
    }

    #[test]
    fn category_priority_makes_the_bot_use_that_category_sooner() {
        let (_, puts) = positions();
        let count = |bot: &mut GenomeBot, c: Category| {
            puts.iter().filter(|v| bot.put(v).category == c).count()
        };
        for c in [Category::Choice, Category::Yacht, Category::Two] {
            let lo = count(&mut with(PRIO + c.index(), -10.0), c);
            let hi = count(&mut with(PRIO + c.index(), 10.0), c);
            assert!(hi > lo, "{c:?}: {lo} -> {hi}");
        }
    }

    #[test]
    fn zero_penalty_avoids_dumping() {
        let (_, puts) = positions();
        let zeros = |bot: &mut GenomeBot| {
            puts.iter()
                .filter(|v| {
                    let p = bot.put(v);
                    score_dice(p.category, &p.dice) == 0
                })
                .count()
        };
        assert!(zeros(&mut with(ZERO_PENALTY, 15.0)) < zeros(&mut with(ZERO_PENALTY, 0.0)));
    }

    #[test]
    fn value_genes_change_a_puts_value_by_their_terms() {
        let t = tables();
        let card = Card::default();
        let hand = t.add5(
            t.dice5(&[6, 6, 6, 6, 1]).unwrap(),
            t.dice5(&[1, 2, 3, 4, 5]).unwrap(),
        );
        let exact = bot(&Genome::default()).best_put(&card, hand);
        assert_eq!(
            exact,
            testkit::table().best_put(card.used, card.upper, hand)
        );
        // A priority adds its thousands to every put into its category, so
        // the same put stays best, 2000 higher.
        let prio = with(PRIO + exact.category.index(), 2.0).best_put(&card, hand);
        assert_eq!((prio.category, prio.put), (exact.category, exact.put));
        assert!((prio.value - exact.value - 2000.0).abs() < 0.1);
        // Without V, a put is worth its points now: the best is LARGE_STRAIGHT.
        let now = with(FUTURE_WEIGHT, 0.0).best_put(&card, hand);
        assert_eq!(
            (now.category, now.value),
            (Category::LargeStraight, 30000.0)
        );
        // Four sixes are 6000 above the pace of three: upper_weight 1 adds
        // it while the card is within bonus_chase (10 000) of the pace.
        let pulled = with(UPPER_WEIGHT, 1.0);
        assert_eq!(pulled.adjustment(Some(0), Category::Six, 24000), 6000.0);
        assert_eq!(pulled.adjustment(Some(-9000), Category::Six, 18000), 0.0);
        assert_eq!(pulled.adjustment(Some(-17000), Category::Six, 24000), 0.0);
        assert_eq!(pulled.adjustment(None, Category::Six, 24000), 0.0);
        assert_eq!(pulled.adjustment(Some(0), Category::Choice, 24000), 0.0);
        assert_eq!(
            with(ZERO_PENALTY, 3.0).adjustment(None, Category::Yacht, 0),
            -3000.0
        );
    }

    #[test]
    fn the_last_two_categories_are_valued_exactly() {
        // CHOICE and YACHT open, hand 66666 + 12345: YACHT now (50000) then
        // CHOICE from the carry 12345 (15000), or CHOICE 12345 now and YACHT
        // from the carry 66666: both are worth exactly 65000; anything else
        // (e.g. CHOICE 66666 now, 30000 + 0) less.
        let t = tables();
        let card = Card {
            used: [Category::Choice, Category::Yacht]
                .into_iter()
                .collect::<CategorySet>()
                .complement(),
            upper: 70000,
            ..Card::default()
        };
        let h = t.add5(
            t.dice5(&[6; 5]).unwrap(),
            t.dice5(&[1, 2, 3, 4, 5]).unwrap(),
        );
        let best = bot(&Genome::default()).best_put(&card, h);
        assert_eq!(best.value, 65000.0);
        let chosen = (best.category, t.faces5(best.put));
        assert!(
            chosen == (Category::Yacht, [6; 5]) || chosen == (Category::Choice, [1, 2, 3, 4, 5]),
            "{chosen:?}"
        );
    }
}
