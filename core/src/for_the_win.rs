//! The tuned bot's decisions by win probability (genes `wp_*`, off by
//! default): in the last rounds, its puts and bids are chosen by how often
//! they win the game in seeded futures (`rollout`) rather than by expected
//! points, and the opponent's bids are read (predicted as the signed
//! equilibrium on this table plus the errors seen so far) for the bid's
//! best response (`wp_bid`). From the tables, a bid can look a round ahead
//! (`wp_lookahead`): the next round played on seeded dice, the tables
//! after it; its rolls either two fresh bundles each or pairs from a pool
//! of bundles searched once (`wp_lookahead_pool`: half the searches for
//! the same leaves at a pool of `wp_lookahead`). Every choice is seeded
//! by the position, so the same position always gets the same move.
//! Std-only: the submission runs it.

use crate::game::{Card, Holding, View};
use crate::genome::plan::Read;
use crate::genome_bot::GenomeBot;
use crate::rules::tables::{Dice5, Hand10};
use crate::rules::{AUCTIONS, Bid, Bundle, MAX_BID, Seat};
use crate::value::BestMove;
use crate::win::bid::{Ahead, Futures, Leaf};
use crate::win::last_auction::{Settled, Worth};
use crate::win::normal::{Margin, Outlook};
use crate::win::rollout::{self, Side};

/// How many of the genome's best puts a win-probability put compares.
pub const WP_CANDIDATES: usize = 5;

/// The standard errors a rollout put's edge over the best by value needs
/// (the retired gene `wp_confidence`, which no run ever moved from 2).
const CONFIDENCE: f64 = 2.0;

impl GenomeBot {
    /// The put by win probability, when `wp_put_auctions` covers this
    /// round: the genome's `WP_CANDIDATES` best puts against the
    /// opponent's put by value. By the tables (`wp_fast`): the one of most
    /// P(win), the best by value among equals — in round 12 too, where
    /// nothing random is left and P(win) is the sure result. By rollouts
    /// (the reference): each played out in the same `wp_rollouts`
    /// futures, the best by value unless another wins more by
    /// `CONFIDENCE` standard errors. None when off, or when the opponent's
    /// hand is not known.
    pub(crate) fn put_for_the_win(&self, view: &View, hand: Hand10) -> Option<BestMove> {
        let after = AUCTIONS.checked_sub(view.rolls_seen)?;
        let (fast, auctions) = (self.plan.win.fast, self.plan.win.put_auctions as usize);
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
    fn put_candidates(
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
    fn table_chances(&self, mine: &[Side], opp: Side) -> Option<Vec<f64>> {
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

impl GenomeBot {
    /// The bid by win probability, when `wp_bid_auctions` covers this
    /// auction (from round 2, when both players carry dice): the margins
    /// when I receive A and when B (the same `wp_rollouts` futures, or the
    /// tables, looking ahead for a close call), then the best response to
    /// the opponent's predicted bids once they are read, else the
    /// indifference bid on `value`'s bundle.
    pub(crate) fn bid_for_the_win(&self, view: &View, value: Bid) -> Option<Bid> {
        if view.rolls_seen < 2 || !in_last(view, self.plan.win.bid_auctions) {
            return None;
        }
        let (a, b) = view.roll?.dice?;
        if !self.plan.win.fast {
            let rollouts = self.plan.win.rollouts;
            let futures = self.rolled_out_futures(view, (a, b), rollouts, 0)?;
            return Some(match self.read(view) {
                Some(theirs) => futures.best_response(&theirs, value),
                None => futures.indifference(value.bundle),
            });
        }
        let ahead = self.lookahead(view);
        let Some(theirs) = self.read(view) else {
            let futures = self.normal_futures(view, (a, b), ahead)?;
            return Some(futures.indifference(value.bundle));
        };
        let futures = self.normal_futures(view, (a, b), ahead)?;
        Some(futures.best_response(&theirs, value))
    }

    /// The margins after this auction by the tables' normal model, when I
    /// receive A (the opponent B) and when B; both then put by value. With
    /// `ahead` > 0, the tables after that many played next rounds (not
    /// after the last auction, where nothing is left to play).
    fn normal_futures(&self, view: &View, (a, b): (Dice5, Dice5), ahead: u32) -> Option<Futures> {
        let sides = |mine, theirs| {
            Some((
                Side::after_bundle(self.values, &view.me, mine)?,
                Side::after_bundle(self.values, &view.opp, theirs)?,
            ))
        };
        let ((me_a, opp_b), (me_b, opp_a)) = (sides(a, b)?, sides(b, a)?);
        if self.plan.win.last_exact
            && let Some(got_a) = Settled::after(self.values, &me_a, &opp_b)
        {
            return Some(Futures::settled(
                got_a,
                Settled::after(self.values, &me_b, &opp_a)?,
            ));
        }
        let futures = match ahead {
            rounds @ 1.. if view.rolls_seen < AUCTIONS => {
                let seed = roll_seed(view, (a, b));
                let ahead = |me, opp| self.looked_ahead(me, opp, rounds, seed);
                Futures::ahead(ahead(me_a, opp_b)?, ahead(me_b, opp_a)?)
            }
            _ => {
                let margin = |me, opp| self.table_margin(me, opp);
                Futures::normal(margin(me_a, opp_b)?, margin(me_b, opp_a)?)
            }
        };
        Some(futures.taking_at(self.taking(view)))
    }

    /// How many next rounds the tables' bid at `view` plays (`wp_lookahead`):
    /// none in the last auction (nothing is left to play) nor in the one
    /// before it when that is settled exactly (`wp_last_exact`), nor before
    /// the last `wp_lookahead_auctions`.
    fn lookahead(&self, view: &View) -> u32 {
        let win = &self.plan.win;
        let settled = win.last_exact && view.rolls_seen + 1 == AUCTIONS;
        if view.rolls_seen >= AUCTIONS || settled || !in_last(view, win.lookahead_auctions) {
            0
        } else {
            win.lookahead
        }
    }

    /// The points of P(win) the tables' futures take off a contested win
    /// (`wp_bid_margin`); none in the last auction, whose margins are
    /// sure (nothing random follows): nothing to correct there.
    fn taking(&self, view: &View) -> f64 {
        if view.rolls_seen < AUCTIONS {
            f64::from(self.plan.win.bid_margin) / 100.0
        } else {
            0.0
        }
    }

    /// The tables' margin between two sides between rounds.
    fn table_margin(&self, me: Side, opp: Side) -> Option<Margin> {
        let (mine, theirs) = (
            Outlook::of(self.values, &me)?,
            Outlook::of(self.values, &opp)?,
        );
        Some(self.margin(mine, theirs, &me))
    }

    /// The tables after each of `rounds` next rounds played from the two
    /// sides (both as `dp`), round `i` on the dice of `mix(seed + i)` and
    /// settled with either coin (two leaves a roll): the same rounds
    /// whichever sides they start from. From a pool of bundles
    /// (`wp_lookahead_pool`), round `i` is the pool's `i`th pair instead.
    fn looked_ahead(&self, me: Side, opp: Side, rounds: u32, seed: u64) -> Option<Ahead> {
        let mut leaves = Vec::with_capacity(2 * rounds as usize);
        let planner = rollout::Planner::new(self.values, &[me, opp]);
        let pool = self
            .pool_size(rounds)
            .map(|size| (size, rollout::Pool::deal(&planner, size, seed)));
        for i in 0..rounds {
            let round = match &pool {
                Some((size, pool)) => pool.round(rollout::pairing(*size, i as usize), Seat::First),
                None => {
                    let mut stream = rollout::Stream(rollout::mix(seed.wrapping_add(u64::from(i))));
                    rollout::Round::roll_from(&planner, &mut stream)
                }
            };
            for tie in Seat::ALL {
                let [me, opp] = round.settle([me, opp], tie);
                leaves.push(self.leaf(me, opp)?);
            }
        }
        let now = self.table_margin(me, opp)?;
        Some(Ahead { leaves, now })
    }

    /// The pool a look ahead of `rounds` rolls pairs its bundles from
    /// (`wp_lookahead_pool` rounded down to even), None for fresh bundles:
    /// below 2, or as many as fresh rolls would deal.
    fn pool_size(&self, rounds: u32) -> Option<usize> {
        let size = (self.plan.win.lookahead_pool as usize) / 2 * 2;
        (size >= 2 && size < 2 * rounds as usize).then_some(size)
    }

    /// A look ahead's leaf: the last auction exactly once round 11's puts
    /// are made (`wp_lookahead_exact`), else the tables' margin.
    fn leaf(&self, me: Side, opp: Side) -> Option<Leaf> {
        if self.plan.win.lookahead_exact
            && let Some(settled) = Settled::after(self.values, &me, &opp)
        {
            return Some(Leaf::Settled(settled));
        }
        Some(Leaf::Normal(self.table_margin(me, opp)?))
    }

    /// The margin between two outlooks as the genes model it (spread
    /// factor, skew weight), its mean moved by my edge (`wp_edge`) in each
    /// auction still to come after `me`'s puts.
    fn margin(&self, me: Outlook, opp: Outlook, side: &Side) -> Margin {
        let win = &self.plan.win;
        let factor = f64::from(win.spread_factor);
        let margin = Margin::between(me, opp, factor).skewed(me, opp, f64::from(win.skew));
        let left = (AUCTIONS as u32).saturating_sub(side.used.len() + 1);
        let edge = 1000.0 * f64::from(win.edge) * f64::from(left);
        Margin {
            mean: margin.mean + edge,
            ..margin
        }
    }

    /// The margins of the same `rollouts` futures (seeded by the position
    /// and the roll, the seed salted by `salt`) after this auction when I
    /// receive A and when B.
    fn rolled_out_futures(
        &self,
        view: &View,
        (a, b): (Dice5, Dice5),
        rollouts: u32,
        salt: u64,
    ) -> Option<Futures> {
        let seed = roll_seed(view, (a, b)) ^ salt;
        let margins = |mine, theirs| {
            let me = Side::after_bundle(self.values, &view.me, mine)?;
            let opp = Side::after_bundle(self.values, &view.opp, theirs)?;
            Some(rollout::margins(
                self.values,
                [me, opp],
                view.rolls_seen,
                rollouts,
                seed,
            ))
        };
        Some(Futures::new(margins(a, b)?, margins(b, a)?))
    }

    /// The opponent's next bid as read (see the gene `wp_read`): the
    /// signed equilibrium on my table, the rule a signed player follows,
    /// is the prior and is kept while its predictions hold; then the
    /// own-bundle rule, once two of its predictions held; then (`wp_read`
    /// scaled) the signed rule times the factor that fits the bids seen (a
    /// scaled or a zero bidder), within its own tolerance; each with the
    /// errors it made: the first rule that fits. Against a signed player the
    /// read is therefore the signed prediction from the first auction, as
    /// with the read off.
    pub(crate) fn read(&self, view: &View) -> Option<Vec<Bid>> {
        let k = view.rolls_seen.checked_sub(1)?;
        let win = &self.plan.win;
        if win.read == Read::Off {
            return Some(vec![(*self.predicted.get(k)?)?]);
        }
        let fit = |tolerance: f32, seen, scale| Fit {
            tolerance: f64::from(tolerance),
            seen,
            scale,
        };
        let actual = &view.opp_bids;
        let scaled = (win.read == Read::Scaled)
            .then(|| fitted_scale(&self.predicted, actual))
            .flatten()
            .map(|s| (&self.predicted, fit(win.read_scaled_tolerance, 2, s)));
        // The first rule that fits: signed, then own-bundle, then scaled.
        [
            (&self.predicted, fit(win.read_tolerance, 0, 1.0)),
            (&self.predicted_own, fit(win.read_tolerance, 2, 1.0)),
        ]
        .into_iter()
        .chain(scaled)
        .find_map(|(p, fit)| read_by(p, actual, k, fit))
    }
}

/// How P(win) is estimated, for checking the estimators against each
/// other (the bot's genes choose among them in play).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Estimator {
    /// The tables (`wp_normal`, and `last_auction` in round 11 when
    /// `wp_last_exact` is on).
    Tables,
    /// This many rollouts on the position's seeded futures.
    Rollouts(u32),
    /// This many rollouts on other futures than `Rollouts`' (the
    /// position's seed salted): a judge of the other estimators' choices
    /// that does not share their noise.
    Judge(u32),
}

impl Estimator {
    /// The rollouts' count and the salt of their seed; None for the tables.
    fn rollouts(self) -> Option<(u32, u64)> {
        match self {
            Estimator::Tables => None,
            Estimator::Rollouts(n) => Some((n, 0)),
            Estimator::Judge(n) => Some((n, 0x4a75_6467_6520_2121)),
        }
    }
}

impl GenomeBot {
    /// The genome's `WP_CANDIDATES` best puts from `view` (a put with ten
    /// dice in hand, the opponent's hand known) and each one's P(win)
    /// against the opponent's put by value, by `estimator`; None when
    /// there is no such put or no estimate.
    pub fn put_chances(&self, view: &View, estimator: Estimator) -> Option<Vec<(BestMove, f64)>> {
        let Holding::Ten(hand) = view.me.holding else {
            return None;
        };
        let (candidates, mine, opp) = self.put_candidates(view, hand)?;
        let chances = match estimator.rollouts() {
            None => self.table_chances(&mine, opp)?,
            Some((n, salt)) => {
                let seed = seed_of(view) ^ salt;
                let c = rollout::compare(self.values, &mine, opp, view.rolls_seen, n, seed);
                c.points
                    .iter()
                    .map(|&p| f64::from(p) / f64::from(2 * n))
                    .collect()
            }
        };
        Some(candidates.into_iter().zip(chances).collect())
    }

    /// The margins after this auction (when I receive A, when B) by
    /// `estimator`; None before round 2 or without an estimate.
    pub fn bid_futures(&self, view: &View, estimator: Estimator) -> Option<Futures> {
        if view.rolls_seen < 2 {
            return None;
        }
        let (a, b) = view.roll?.dice?;
        match estimator.rollouts() {
            None => self.normal_futures(view, (a, b), self.lookahead(view)),
            Some((n, salt)) => self.rolled_out_futures(view, (a, b), n, salt),
        }
    }

    /// Mean P(win) of each of `bids` against the opponent's bids as read,
    /// the margins after this auction by `estimator`; None before round 2,
    /// without an estimate or without a read.
    pub fn bid_chances(&self, view: &View, estimator: Estimator, bids: &[Bid]) -> Option<Vec<f64>> {
        let futures = self.bid_futures(view, estimator)?;
        let theirs = self.read(view)?;
        Some(bids.iter().map(|&b| futures.expected(b, &theirs)).collect())
    }
}

/// Whether the auction at `view` is among the last `n` (a gene's value):
/// round 12's is the last, round 2's the 11th from the end.
fn in_last(view: &View, n: u32) -> bool {
    (AUCTIONS + 1)
        .checked_sub(view.rolls_seen)
        .is_some_and(|left| left <= n as usize)
}

/// The seed of the futures after this roll's auction: the position's,
/// mixed with the two bundles.
fn roll_seed(view: &View, (a, b): (Dice5, Dice5)) -> u64 {
    seed_of(view) ^ rollout::mix(u64::from(a.0) << 8 | u64::from(b.0))
}

/// A bid as a signed amount: a bid on B counts negative.
fn signed(b: &Bid) -> i64 {
    match b.bundle {
        Bundle::A => i64::from(b.amount),
        Bundle::B => -i64::from(b.amount),
    }
}

/// The least predicted amount a scale is fitted on: below it, rounding
/// and the bundle's sign say little of a scale.
const SCALED_FROM: f64 = 1000.0;

/// The scales a read may fit: from a zero bidder's to three times the
/// equilibrium.
const SCALES: std::ops::RangeInclusive<f64> = 0.0..=3.0;

/// The factor s that best fits the opponent's bids as s times the
/// predicted ones (signed amounts, least squares through 0), when at least
/// two predictions were of `SCALED_FROM` or more and s is in `SCALES`.
fn fitted_scale(predicted: &[Option<Bid>; AUCTIONS], actual: &[Bid]) -> Option<f64> {
    let (large, pa, pp) = predicted
        .iter()
        .zip(actual)
        .filter_map(|(p, a)| p.map(|p| (signed(&p) as f64, signed(a) as f64)))
        .fold((0, 0.0, 0.0), |(n, pa, pp), (p, a)| {
            (
                n + usize::from(p.abs() >= SCALED_FROM),
                pa + p * a,
                pp + p * p,
            )
        });
    (large >= 2).then(|| pa / pp).filter(|s| SCALES.contains(s))
}

/// How a rule's predictions must fit the opponent's bids to be read.
#[derive(Clone, Copy)]
struct Fit {
    /// The most any prediction may be off, in points.
    tolerance: f64,
    /// How many bids must have been predicted.
    seen: usize,
    /// The factor the predictions are taken at.
    scale: f64,
}

/// The read by one rule's `predicted` bids (times `fit.scale`) against
/// the opponent's `actual` ones: the prediction for auction `k` plus each
/// error (the prediction alone before any), when at least `fit.seen` were
/// predicted and every error is within `fit.tolerance`.
fn read_by(
    predicted: &[Option<Bid>; AUCTIONS],
    actual: &[Bid],
    k: usize,
    fit: Fit,
) -> Option<Vec<Bid>> {
    let now = (*predicted.get(k)?)?;
    let scaled = |p: &Bid| (fit.scale * signed(p) as f64).round() as i64;
    let errors: Vec<i64> = predicted
        .iter()
        .zip(actual)
        .filter_map(|(p, a)| p.map(|p| signed(a) - scaled(&p)))
        .collect();
    if errors.len() < fit.seen || errors.iter().any(|e| e.abs() as f64 > fit.tolerance) {
        return None;
    }
    // A sum of 0 keeps the predicted bundle: 0 on A and 0 on B differ.
    let bid = |s: i64| Bid {
        bundle: match s.signum() {
            1 => Bundle::A,
            -1 => Bundle::B,
            _ => now.bundle,
        },
        amount: s.unsigned_abs().min(u64::from(MAX_BID)) as u32,
    };
    let offsets: &[i64] = if errors.is_empty() { &[0] } else { &errors };
    Some(offsets.iter().map(|e| bid(scaled(&now) + e)).collect())
}

/// A seed that names the position a put is chosen in (both cards, the
/// round), so the same position always sees the same futures.
fn seed_of(view: &View) -> u64 {
    let card = |c: &Card| {
        let held = match c.holding {
            Holding::Empty => 0,
            Holding::Five(d) => 1 + u64::from(d.0),
            Holding::Ten(h) => 1000 + u64::from(h.0),
        };
        [
            u64::from(c.used.bits()),
            c.upper as u64,
            c.total() as u64,
            held,
        ]
    };
    let words = [card(&view.me), card(&view.opp)].concat();
    words.iter().fold(view.rolls_seen as u64, |h, &w| {
        rollout::mix(h ^ w).wrapping_add(w)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{BidLog, Put, Strategy};
    use crate::genome::*;
    use crate::players::dp::DpBot;
    use crate::testkit;
    use crate::value::equilibrium::BidRule;

    fn bot(genome: &Genome) -> GenomeBot {
        GenomeBot::new(genome, testkit::table())
    }

    /// The test table's skewness rows, which the tables' model reads.
    fn with_skews() {
        let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
        crate::value::spread::skews_of(testkit::table(), threads);
    }

    /// The bid and put views of `games` seeded games of `dp` against `dp`.
    fn dp_positions(games: u64) -> (Vec<View>, Vec<View>) {
        let mut a = DpBot::new(testkit::table());
        let mut b = DpBot::new(testkit::table());
        testkit::positions(&mut a, &mut b, games)
    }

    /// The views `wp` bid from in the last of `games` seeded games against
    /// `opponent` (it then holds that game's predictions), and the
    /// opponent's bids in that game.
    fn last_game(
        wp: &mut GenomeBot,
        opponent: &mut dyn Strategy,
        games: u64,
    ) -> (Vec<View>, BidLog) {
        let (bids, _) = testkit::positions(wp, opponent, games);
        let game = bids[bids.len() - AUCTIONS..].to_vec();
        let actual = game.last().unwrap().opp_bids;
        (game, actual)
    }

    /// `look` at `wp` just after it bid at `view` (given that bid); its
    /// predictions are then put back as they were.
    fn at_bid<T>(wp: &mut GenomeBot, view: &View, look: impl FnOnce(&GenomeBot, Bid) -> T) -> T {
        let before = (wp.predicted, wp.predicted_own);
        let bid = wp.decide_bid(view);
        let seen = look(wp, bid);
        (wp.predicted, wp.predicted_own) = before;
        seen
    }

    /// A move a player made.
    #[derive(Debug, PartialEq)]
    enum Move {
        Bid(Bid),
        Put(Put),
    }

    /// A strategy that keeps every move it makes.
    struct Recorded<S> {
        player: S,
        moves: Vec<Move>,
    }

    impl<S: Strategy> Strategy for Recorded<S> {
        fn bid(&mut self, view: &View) -> Bid {
            let bid = self.player.bid(view);
            self.moves.push(Move::Bid(bid));
            bid
        }

        fn put(&mut self, view: &View) -> Put {
            let put = self.player.put(view);
            self.moves.push(Move::Put(put));
            put
        }
    }

    /// `dp` with the amounts of its bids times a factor.
    struct ScaledDp(DpBot, f64);

    impl Strategy for ScaledDp {
        fn bid(&mut self, view: &View) -> Bid {
            let bid = self.0.bid(view);
            let amount = (f64::from(bid.amount) * self.1).round() as u32;
            Bid { amount, ..bid }
        }

        fn put(&mut self, view: &View) -> Put {
            self.0.put(view)
        }
    }

    #[test]
    fn a_scaled_or_zero_bidder_is_read_to_a_point_or_two_by_the_scaled_rule() {
        let mut g = Genome::default();
        g.genes[WP_BID_AUCTIONS] = 3.0;
        g.genes[WP_ROLLOUTS] = 50.0;
        g.genes[WP_READ] = 2.0;
        let mut wp = bot(&g);
        let fit = Fit {
            tolerance: f64::from(wp.plan.win.read_tolerance),
            seen: 0,
            scale: 1.0,
        };
        for (scale, most_off) in [(0.8, 3), (1.2, 3), (0.0, 0)] {
            let mut scaled = ScaledDp(DpBot::new(testkit::table()), scale);
            let (game, actual) = last_game(&mut wp, &mut scaled, 3);
            let mut read = 0;
            for v in &game[..AUCTIONS - 1] {
                let k = v.rolls_seen;
                // Once the signed rule failed, a read is the scaled rule's
                // (from two predictions of SCALED_FROM or more).
                let theirs = at_bid(&mut wp, v, |wp, _| {
                    let signed_fails = read_by(&wp.predicted, &v.opp_bids, k - 1, fit).is_none();
                    wp.read(v).filter(|_| signed_fails)
                });
                if let Some(theirs) = theirs {
                    let off = theirs
                        .iter()
                        .map(|t| (signed(t) - signed(&actual[k - 1])).abs());
                    assert!(off.max().unwrap() <= most_off, "{scale}: auction {k}");
                    read += 1;
                }
            }
            assert!(read >= 6, "{scale}: {read}");
        }
    }

    /// Every move the genome bot made in `games` seeded games against
    /// `dp` playing `rule`.
    fn moves_against(genome: &Genome, rule: BidRule, games: u64) -> Vec<Move> {
        let mut me = Recorded {
            player: bot(genome),
            moves: vec![],
        };
        let mut opponent = DpBot::with_rule(testkit::table(), rule);
        testkit::positions(&mut me, &mut opponent, games);
        me.moves
    }

    #[test]
    fn against_a_signed_player_the_read_changes_no_move() {
        // The champion's mechanisms, in every auction from round 2.
        let mut g = Genome::default();
        g.genes[WP_BID_AUCTIONS] = 11.0;
        g.genes[WP_PUT_AUCTIONS] = 2.0;
        g.genes[WP_ROLLOUTS] = 50.0;
        let mut unread = g.clone();
        unread.genes[WP_READ] = 0.0;
        assert_eq!(g.genes[WP_READ], 1.0, "on by default");
        let signed = moves_against(&g, BidRule::Signed, 4);
        assert_eq!(signed.len(), 4 * (AUCTIONS + AUCTIONS));
        assert_eq!(signed, moves_against(&unread, BidRule::Signed, 4));
        // It is live: an own-bundle player is bid against differently.
        let own = moves_against(&g, BidRule::OwnBundle, 4);
        assert_ne!(own, moves_against(&unread, BidRule::OwnBundle, 4));
    }

    #[test]
    fn win_probability_puts_are_seeded_by_the_position_and_switch_on_a_measured_edge() {
        let mut g = Genome::default();
        g.genes[WP_PUT_AUCTIONS] = 2.0;
        g.genes[WP_ROLLOUTS] = 300.0;
        let wp = bot(&g);
        let mut plain = bot(&Genome::default());
        let (_, puts) = dp_positions(80);
        let mut switched = vec![];
        for v in &puts {
            let Holding::Ten(hand) = v.me.holding else {
                continue;
            };
            let chosen = wp.put_for_the_win(v, hand);
            if !(10..=11).contains(&v.rolls_seen) {
                // Outside the last two puts before an auction: the value's put.
                assert_eq!(chosen, None, "round {}", v.rolls_seen);
                assert_eq!(bot(&g).put(v), plain.put(v));
                continue;
            }
            let chosen = chosen.unwrap();
            assert_eq!(
                wp.put_for_the_win(v, hand),
                Some(chosen),
                "seeded by the position"
            );
            let ranked = wp
                .values
                .next_rows(v.me.used, v.me.upper)
                .ranked_puts(hand, WP_CANDIDATES);
            assert!(ranked.contains(&chosen));
            if chosen != ranked[0] {
                switched.push((v, ranked[0], chosen));
            }
        }
        assert!(switched.len() >= 3, "{}", switched.len());
        // On fresh futures (another seed, more of them) the puts it chose
        // win more than the value's puts would have.
        let mut edge = 0.0;
        for (v, best, chosen) in &switched {
            let Holding::Ten(theirs) = v.opp.holding else {
                unreachable!()
            };
            let opp_put = wp.values.best_put(v.opp.used, v.opp.upper, theirs);
            let opp = Side::after(&v.opp, &opp_put).unwrap();
            let sides = [best, chosen].map(|m| Side::after(&v.me, m).unwrap());
            let c = rollout::compare(wp.values, &sides, opp, v.rolls_seen, 3000, 0xC0FFEE);
            edge += c.edge(1).0;
        }
        assert!(edge > 0.0, "{edge} over {} switched puts", switched.len());
    }

    #[test]
    fn round_10s_look_ahead_settles_its_leaves_exactly_only_when_asked() {
        with_skews();
        let mut g = Genome::default();
        g.genes[WP_FAST] = 1.0;
        g.genes[WP_LAST_EXACT] = 1.0;
        g.genes[WP_LOOKAHEAD] = 4.0;
        let normal = bot(&g);
        g.genes[WP_LOOKAHEAD_EXACT] = 1.0;
        let exact = bot(&g);
        let (bids, _) = dp_positions(3);
        let mut tenths = 0;
        for v in bids.iter().filter(|v| v.rolls_seen >= 2) {
            let futures = |bot: &GenomeBot| bot.bid_futures(v, Estimator::Tables).unwrap();
            let (by_exact, by_normal) = (futures(&exact), futures(&normal));
            // Only round 10's look ahead ends after round 11's puts.
            assert_eq!(
                by_exact == by_normal,
                v.rolls_seen != 10,
                "round {}",
                v.rolls_seen
            );
            if v.rolls_seen == 10 {
                tenths += 1;
                let [a, b] =
                    [Bundle::A, Bundle::B].map(|g| (by_exact.p_win(g, 0), by_normal.p_win(g, 0)));
                // The same futures, modelled two ways: close, not equal.
                for (exact, normal) in [a, b] {
                    assert!((exact - normal).abs() < 0.15, "{exact} {normal}");
                }
            }
        }
        assert_eq!(tenths, 3, "round 10's bid of 3 games");
    }

    #[test]
    fn the_look_ahead_is_seeded_by_the_position_and_plays_only_in_its_auctions() {
        with_skews();
        let mut g = Genome::default();
        g.genes[WP_FAST] = 1.0;
        g.genes[WP_SKEW] = 1.0;
        g.genes[WP_LAST_EXACT] = 0.0;
        let plain = bot(&g);
        g.genes[WP_LOOKAHEAD] = 4.0;
        let ahead = bot(&g);
        g.genes[WP_LOOKAHEAD_AUCTIONS] = 5.0;
        let late = bot(&g);
        let (bids, _) = dp_positions(1);
        for v in bids.iter().filter(|v| v.rolls_seen >= 2) {
            let futures = |bot: &GenomeBot| bot.bid_futures(v, Estimator::Tables).unwrap();
            let seen = futures(&ahead);
            assert_eq!(seen, futures(&ahead), "round {}", v.rolls_seen);
            // After the last auction nothing is left to play: the tables'.
            let last = v.rolls_seen == AUCTIONS;
            assert_eq!(seen == futures(&plain), last, "round {}", v.rolls_seen);
            // The last 5 auctions are rounds 8 to 12: before them, the
            // tables at once; in them, the same look ahead.
            let early = v.rolls_seen < 8;
            let by_late = futures(&late);
            assert_eq!(
                by_late == futures(&plain),
                early || last,
                "round {}",
                v.rolls_seen
            );
            assert_eq!(by_late == seen, !early, "round {}", v.rolls_seen);
        }
    }

    #[test]
    fn a_pooled_look_ahead_searches_two_hands_a_bundle_and_a_pool_of_fresh_size_is_fresh() {
        with_skews();
        let mut g = Genome::default();
        g.genes[WP_FAST] = 1.0;
        g.genes[WP_LAST_EXACT] = 0.0;
        g.genes[WP_LOOKAHEAD] = 8.0;
        let fresh = bot(&g);
        g.genes[WP_LOOKAHEAD_POOL] = 16.0;
        let as_big = bot(&g);
        g.genes[WP_LOOKAHEAD_POOL] = 7.0;
        let pooled = bot(&g);
        let (bids, _) = dp_positions(1);
        let mut differed = 0;
        for v in bids
            .iter()
            .filter(|v| (2..AUCTIONS).contains(&v.rolls_seen))
        {
            let futures = |bot: &GenomeBot| {
                let before = crate::value::searches();
                let f = bot.bid_futures(v, Estimator::Tables).unwrap();
                (f, crate::value::searches() - before)
            };
            let (seen, searched) = futures(&fresh);
            assert_eq!(
                (seen.clone(), searched),
                futures(&as_big),
                "round {}",
                v.rolls_seen
            );
            // The hands after this auction (2 awards × 2 sides), then per
            // award 8 rolls × 4 fresh, or 6 bundles (7 rounded down) × 2.
            assert_eq!(searched, 4 + 2 * 8 * 4, "round {}", v.rolls_seen);
            let (by_pool, pool_searched) = futures(&pooled);
            assert_eq!(pool_searched, 4 + 2 * 6 * 2, "round {}", v.rolls_seen);
            assert_eq!(
                by_pool,
                futures(&pooled).0,
                "round {}: seeded",
                v.rolls_seen
            );
            differed += usize::from(by_pool != seen);
        }
        assert!(differed > 0, "the pool plays other rolls");
    }

    #[test]
    fn the_judge_plays_other_futures_than_the_rollouts_each_seeded() {
        let wp = bot(&Genome::default());
        let (bids, puts) = dp_positions(1);
        // The same judge twice sees the same futures; the rollouts others.
        fn apart<T: PartialEq + std::fmt::Debug>(of: impl Fn(Estimator) -> T) {
            assert_eq!(of(Estimator::Judge(200)), of(Estimator::Judge(200)));
            assert_ne!(of(Estimator::Rollouts(200)), of(Estimator::Judge(200)));
        }
        let v = bids.iter().find(|v| v.rolls_seen == 6).unwrap();
        apart(|e| wp.bid_futures(v, e).unwrap());
        let v = puts.iter().find(|v| v.rolls_seen == 6).unwrap();
        apart(|e| wp.put_chances(v, e).unwrap());
    }

    #[test]
    fn the_edge_moves_the_tables_margin_by_its_points_for_each_auction_left() {
        with_skews();
        let mut g = Genome::default();
        g.genes[WP_FAST] = 1.0;
        let plain = bot(&g);
        g.genes[WP_EDGE] = 1.5;
        let edged = bot(&g);
        let (bids, _) = dp_positions(1);
        let mut seen = 0;
        for v in bids.iter().filter(|v| v.rolls_seen >= 2) {
            let (a, b) = v.roll.unwrap().dice.unwrap();
            let me = Side::after_bundle(testkit::table(), &v.me, a).unwrap();
            let opp = Side::after_bundle(testkit::table(), &v.opp, b).unwrap();
            let (m0, m1) = (
                plain.table_margin(me, opp).unwrap(),
                edged.table_margin(me, opp).unwrap(),
            );
            // After auction r's put, auctions r + 1 … 12 are still to come.
            let left = (AUCTIONS - v.rolls_seen) as f64;
            assert!(
                (m1.mean - m0.mean - 1500.0 * left).abs() < 1e-6,
                "auction {}",
                v.rolls_seen
            );
            assert_eq!((m1.sd, m1.skew), (m0.sd, m0.skew));
            seen += 1;
        }
        assert_eq!(seen, AUCTIONS - 1);
    }

    #[test]
    fn the_read_predicts_signed_and_own_bundle_bids_exactly_and_drops_a_contradicted_read() {
        let mut g = Genome::default();
        g.genes[WP_BID_AUCTIONS] = 3.0;
        g.genes[WP_ROLLOUTS] = 100.0;
        let mut wp = bot(&g);
        let mut plain = bot(&Genome::default());
        let mut dp = DpBot::new(testkit::table());
        let (game, actual) = last_game(&mut wp, &mut dp, 2);
        let mut read = 0;
        for v in &game {
            let k = v.rolls_seen;
            let (bid, theirs) = at_bid(&mut wp, v, |wp, bid| (bid, wp.read(v)));
            // From the first auction on, every read bid is dp's own.
            let theirs = theirs.expect("a signed player is read");
            if k <= actual.len() {
                assert!(theirs.iter().all(|t| *t == actual[k - 1]), "auction {k}");
                read += 1;
            }
            // Outside the last three auctions, the value's bid.
            if k < AUCTIONS - 2 {
                assert_eq!(bid, plain.decide_bid(v), "auction {k}");
            }
        }
        assert_eq!(read, AUCTIONS - 1);
        // An own-bundle player is read by its rule, to the point (the
        // signed rule reads it until one of its bids is off by more than
        // the tolerance).
        let mut own = DpBot::with_rule(testkit::table(), BidRule::OwnBundle);
        let (game, actual) = last_game(&mut wp, &mut own, 3);
        let exact = Fit {
            tolerance: 0.0,
            seen: 2,
            scale: 1.0,
        };
        let mut read = 0;
        for v in &game[..AUCTIONS - 1] {
            let k = v.rolls_seen;
            let (by_own, any) = at_bid(&mut wp, v, |wp, _| {
                let by_own = read_by(&wp.predicted_own, &v.opp_bids, k - 1, exact);
                (by_own, wp.read(v).is_some())
            });
            if let Some(theirs) = by_own {
                assert!(theirs.iter().all(|t| *t == actual[k - 1]), "auction {k}");
                assert!(any);
                read += 1;
            }
        }
        assert_eq!(read, AUCTIONS - 3);
        // The outlook player's bids are not the equilibrium's: no read.
        let mut other = crate::value::outlook::OutlookBot::new();
        let (bids, _) = testkit::positions(&mut wp, &mut other, 1);
        assert_eq!(wp.read(bids.last().unwrap()), None);
    }
}
