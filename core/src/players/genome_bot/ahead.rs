//! The bot's model of winning (`WinModel`: the win genes on the value
//! table). It alone decides how P(win) is estimated (`Estimator`: the
//! tables or rollouts, by `wp_fast`): the bid and put steps ask it
//! (`bid_futures`, `put_pick`, `puts_for_the_win`) and never read the
//! switch. Beneath: P(win) of the sides a put leaves, by the tables
//! (`table_chances`) or rollouts (`rolled_out_winner`); and the futures a
//! bid by win probability weighs: the margins after this
//! auction when I receive A and when B, by the tables (`normal_futures`:
//! the normal model, the last auction settled exactly, or `lookahead`
//! rounds played on seeded dice from a pool of bundles, `looked_ahead`)
//! or by rollouts (`rolled_out_futures`); the margin as the genes model it
//! (`margin`, also the puts'); and the seeds that make the same position
//! see the same futures (`seed_of`, `roll_seed`).

use crate::game::{Card, Holding, View};
use crate::genome::plan::{LookSlot, WinPlan};
use crate::rules::tables::Dice5;
use crate::rules::{AUCTIONS, AuctionNo, Seat};
use crate::value::ValueTable;
use crate::win::bid::{Ahead, Futures, Leaf};
use crate::win::last_auction::{Settled, Worth};
use crate::win::normal::{Gap, Margin, Outlook, Shape};
use crate::win::rollout;
use crate::win::side::Side;

/// The standard errors a rollout put's edge over the best by value needs
/// (the retired gene `wp_confidence`, which no run ever moved from 2).
const CONFIDENCE: f64 = 2.0;

/// How the win model estimates P(win), decided once from the win genes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Estimator {
    /// By the tables (`wp_fast` on): a few lookups a candidate, the look
    /// ahead's rolls for a bid.
    Tables,
    /// By `futures` rollouts (`wp_rollouts`), both players as `dp`: the
    /// reference.
    Rollouts { futures: u32 },
}

/// The win genes (`wp_*`) on the value table: how the bot estimates its
/// chances.
pub struct WinModel {
    win: WinPlan,
    estimator: Estimator,
    values: &'static ValueTable,
}

impl WinModel {
    pub(super) fn new(win: WinPlan, values: &'static ValueTable) -> WinModel {
        let estimator = if win.fast {
            Estimator::Tables
        } else {
            Estimator::Rollouts {
                futures: win.rollouts,
            }
        };
        WinModel {
            win,
            estimator,
            values,
        }
    }

    /// The win genes.
    pub(super) fn genes(&self) -> &WinPlan {
        &self.win
    }

    /// The value table the model reads.
    pub(super) fn values(&self) -> &'static ValueTable {
        self.values
    }

    /// How this model estimates P(win).
    pub fn estimator(&self) -> Estimator {
        self.estimator
    }

    /// The futures a bid by win probability weighs after the roll `dice`
    /// at `view`, by this model's estimator: the tables (looking ahead as
    /// `lookahead` says for this auction) or the rollouts.
    pub(super) fn bid_futures(&self, view: &View, dice: (Dice5, Dice5)) -> Option<Futures> {
        match self.estimator {
            Estimator::Tables => self.normal_futures(view, dice, self.lookahead(view.auction()?)),
            Estimator::Rollouts { futures } => self.rolled_out_futures(view, dice, futures, 0),
        }
    }

    /// Whether puts are made by win probability with `following` auctions
    /// still to come (`wp_put_auctions`): by the tables in round 12 too,
    /// where nothing random is left and P(win) is the sure result; by
    /// rollouts not there (nothing to roll out).
    pub(super) fn puts_for_the_win(&self, following: u32) -> bool {
        let auctions = self.win.put_auctions;
        let rolls_out = matches!(self.estimator, Estimator::Rollouts { .. });
        auctions > 0 && following <= auctions && !(following == 0 && rolls_out)
    }

    /// Which of my candidate sides (the first the best by value) a put by
    /// win probability makes against the opponent's `opp`, by this model's
    /// estimator: by the tables the one of most P(win) when it wins more
    /// than the first by `wp_put_margin` points (the first among equals);
    /// by rollouts the one winning most when it wins more than the first by
    /// `CONFIDENCE` standard errors. None without the tables' spreads.
    pub(super) fn put_pick(&self, view: &View, mine: &[Side], opp: Side) -> Option<usize> {
        match self.estimator {
            Estimator::Tables => Some(self.most_likely_winner(&self.table_chances(mine, opp)?)),
            Estimator::Rollouts { futures } => {
                Some(self.rolled_out_winner(view, mine, opp, futures))
            }
        }
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
        let margin = f64::from(self.win.put_margin) / 100.0;
        if best.1 > chances[0] + margin {
            best.0
        } else {
            0
        }
    }

    /// The margins after this auction by the tables' normal model, when I
    /// receive A (the opponent B) and when B; both then put by value. With
    /// rolls to look `ahead`, the tables after that many played next
    /// rounds (not after the last auction, where nothing is left to play).
    pub fn normal_futures(
        &self,
        view: &View,
        (a, b): (Dice5, Dice5),
        ahead: Look,
    ) -> Option<Futures> {
        let at = view.auction()?;
        let sides = |mine, theirs| {
            Some((
                Side::after_bundle(self.values, &view.me, mine)?,
                Side::after_bundle(self.values, &view.opp, theirs)?,
            ))
        };
        let ((me_a, opp_b), (me_b, opp_a)) = (sides(a, b)?, sides(b, a)?);
        if self.win.last_exact
            && let Some(got_a) = Settled::after(self.values, &me_a, &opp_b)
        {
            return Some(Futures::settled(
                got_a,
                Settled::after(self.values, &me_b, &opp_a)?,
            ));
        }
        let futures = match ahead.rolls {
            1.. if !at.is_last() => {
                let seed = roll_seed(view, (a, b));
                let ahead = |me, opp| self.looked_ahead(me, opp, ahead, seed);
                Futures::ahead(ahead(me_a, opp_b)?, ahead(me_b, opp_a)?)
            }
            _ => {
                let margin = |me, opp| self.table_margin(me, opp);
                Futures::normal(margin(me_a, opp_b)?, margin(me_b, opp_a)?)
            }
        };
        Some(futures.taking_at(self.taking(at)))
    }

    /// The look ahead of the tables' bid at auction `at`, by its slot
    /// ([`WinPlan::look_slot`]): `wp_lookahead` rolls of
    /// the next round from a pool of `wp_lookahead_pool`, or in the late
    /// slot `wp_late_lookahead` from a pool that saves `wp_late_pool` of
    /// their bundles; none out of a slot.
    pub fn lookahead(&self, at: AuctionNo) -> Look {
        let win = &self.win;
        match win.look_slot(at.from_end()) {
            LookSlot::None => Look::NONE,
            LookSlot::Late if win.lookahead > 0 && win.late_lookahead > 0 => {
                Look::saving(win.late_lookahead, win.late_pool)
            }
            LookSlot::Rolls | LookSlot::Late => Look {
                rolls: win.lookahead,
                pool: win.lookahead_pool,
            },
        }
    }

    /// The points of P(win) the tables' futures take off a contested win
    /// (`wp_bid_margin`); none in the last auction, whose margins are
    /// sure (nothing random follows): nothing to correct there.
    pub(super) fn taking(&self, at: AuctionNo) -> f64 {
        if !at.is_last() {
            f64::from(self.win.bid_margin) / 100.0
        } else {
            0.0
        }
    }

    /// The tables' margin between two sides between rounds.
    pub(super) fn table_margin(&self, me: Side, opp: Side) -> Option<Margin> {
        let (mine, theirs) = (
            Outlook::of(self.values, &me)?,
            Outlook::of(self.values, &opp)?,
        );
        Some(self.margin(mine, theirs, &me))
    }

    /// The tables after each of `look.rolls` next rounds played from the
    /// two sides (both as `dp`), round `i` on the dice of `mix(seed + i)`
    /// and settled with either coin (two leaves a roll): the same rounds
    /// whichever sides they start from. From a pool of bundles
    /// (`look.pool`), round `i` is the pool's `i`th pair instead.
    fn looked_ahead(&self, me: Side, opp: Side, look: Look, seed: u64) -> Option<Ahead> {
        let mut leaves = Vec::with_capacity(2 * look.rolls as usize);
        let planner = rollout::Planner::new(self.values, &[me, opp]);
        let pool = look
            .pool_size()
            .map(|size| (size, rollout::Pool::deal(&planner, size, seed)));
        for i in 0..look.rolls {
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

    /// A look ahead's leaf: the last auction exactly once round 11's puts
    /// are made (`wp_lookahead_exact`), else the tables' margin; counted
    /// (`value::leaves`).
    fn leaf(&self, me: Side, opp: Side) -> Option<Leaf> {
        crate::value::count_leaf();
        if self.win.lookahead_exact
            && let Some(settled) = Settled::after(self.values, &me, &opp)
        {
            return Some(Leaf::Settled(settled));
        }
        Some(Leaf::Normal(self.table_margin(me, opp)?))
    }

    /// The margin between two outlooks as the genes model it: the leaf's
    /// shape after `me`'s puts ([`WinModel::leaf_shape`]).
    pub(super) fn margin(&self, me: Outlook, opp: Outlook, side: &Side) -> Margin {
        self.leaf_shape(side.used.len())
            .margin(Gap::between(me, opp))
    }

    /// The leaf's shape once I have used `used` categories: the spread
    /// factor and skew weight of the genes, the mean moved by my edge
    /// (`wp_edge`) in each auction still to come after the next put.
    pub fn leaf_shape(&self, used: u32) -> Shape {
        let win = &self.win;
        let left = (AUCTIONS as u32).saturating_sub(used + 1);
        Shape {
            shift: 1000.0 * f64::from(win.edge) * f64::from(left),
            factor: f64::from(win.spread_factor),
            skew: f64::from(win.skew),
        }
    }

    /// Whether the put before the last auction sees it exactly
    /// (`wp_last_exact`) instead of the normal leaf.
    pub fn settles_last(&self) -> bool {
        self.win.last_exact
    }

    /// The margins of the same `rollouts` futures (seeded by the position
    /// and the roll, the seed salted by `salt`) after this auction when I
    /// receive A and when B.
    pub fn rolled_out_futures(
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

    /// P(win) of each of my candidate sides against `opp` by the tables:
    /// the last auction exactly once round 11's puts are made (with
    /// `wp_last_exact`), else the normal model; None without spreads.
    pub fn table_chances(&self, mine: &[Side], opp: Side) -> Option<Vec<f64>> {
        let theirs = (self.win.last_exact)
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

    /// P(win) of each of my candidate sides against `opp` over the same
    /// `n` rollouts (seeded by the position at `view`, the seed salted by
    /// `salt`): the points of each and the edges over the first.
    pub fn rolled_out(
        &self,
        view: &View,
        mine: &[Side],
        opp: Side,
        n: u32,
        salt: u64,
    ) -> rollout::Comparison {
        let seed = seed_of(view) ^ salt;
        rollout::compare(self.values, mine, opp, view.rolls_seen, n, seed)
    }

    /// Which of my candidate sides wins more than the first by
    /// `CONFIDENCE` standard errors, most of all, over the same `futures`
    /// (the first when none does).
    fn rolled_out_winner(&self, view: &View, mine: &[Side], opp: Side, futures: u32) -> usize {
        let c = self.rolled_out(view, mine, opp, futures, 0);
        (1..mine.len())
            .map(|k| (k, c.edge(k)))
            .filter(|&(_, (_, z))| z >= CONFIDENCE)
            .max_by(|a, b| a.1.0.total_cmp(&b.1.0))
            .map_or(0, |(k, _)| k)
    }
}

/// A look ahead: how many rolls of the next round it plays, and the pool
/// of bundles it pairs them from (see `pool_size`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Look {
    pub(super) rolls: u32,
    pub(super) pool: u32,
}

impl Look {
    /// No look ahead: the tables at once.
    pub(super) const NONE: Look = Look { rolls: 0, pool: 0 };

    /// `rolls` from a pool that saves `share` of their fresh bundles (2 a
    /// roll): 2 + (1 − share) × (2 rolls − 2) bundles, fresh at 0, a pool
    /// of 2 at 1 (`wp_late_pool`).
    fn saving(rolls: u32, share: f32) -> Look {
        let fresh = 2.0 * rolls as f32;
        let pool = 2.0 + (1.0 - share.clamp(0.0, 1.0)) * (fresh - 2.0);
        Look {
            rolls,
            pool: pool.floor() as u32,
        }
    }

    /// The pool the rolls pair their bundles from (`pool` rounded down to
    /// even), None for fresh bundles: below 2, or as many as fresh rolls
    /// would deal.
    fn pool_size(self) -> Option<usize> {
        let size = (self.pool as usize) / 2 * 2;
        (size >= 2 && size < 2 * self.rolls as usize).then_some(size)
    }
}

/// The seed of the futures after this roll's auction: the position's,
/// mixed with the two bundles.
pub(super) fn roll_seed(view: &View, (a, b): (Dice5, Dice5)) -> u64 {
    seed_of(view) ^ rollout::mix(u64::from(a.0) << 8 | u64::from(b.0))
}

/// A seed that names the position a put is chosen in (both cards, the
/// round), so the same position always sees the same futures.
pub(super) fn seed_of(view: &View) -> u64 {
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
