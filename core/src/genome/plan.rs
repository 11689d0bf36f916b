//! The plan: a genome decoded once into the typed settings the genome bot
//! reads — counts as counts, switches as `bool`, choices as enums, reals
//! as the `f32` the bot computes in. No decision code tests a threshold or
//! rounds a gene: that happens here, by each gene's [`Kind`]. The plan
//! also says which mechanisms run in the genome (`runs`), so which genes
//! act and can be offered to an optimiser (`offers`).

use crate::genome::*;
use crate::rules::{AUCTIONS, MAX_BID};

pub use super::field::{FromGene, Read};
pub use super::table::{BidPlan, Plan, ValuePlan, WinPlan};

impl ValuePlan {
    /// Whether the puts' values are exact (every value gene neutral):
    /// then no shaping is built, and the values are the same to the bit.
    pub fn is_exact(&self) -> bool {
        self.priority.iter().all(|&p| p == 0.0)
            && self.zero_penalty == 0.0
            && self.upper_weight == 0.0
            && self.future_weight == 1.0
    }
}

impl WinPlan {
    /// The last auction a look ahead can serve, counted from the end: the
    /// one before the last (nothing is left to play after the last), or
    /// the one before that when that one is settled exactly
    /// (`wp_last_exact`). The tables' bid margin acts there too: the last
    /// auction's margins are sure, a settled one's exact.
    fn last_look(&self) -> u32 {
        if self.last_exact { 3 } else { 2 }
    }

    /// Which look ahead the tables' bid in the `k`th auction from the end
    /// (1: the last) plays.
    pub fn look_slot(&self, k: u32) -> LookSlot {
        if k < self.last_look() || k > self.lookahead_auctions {
            LookSlot::None
        } else if k <= self.late_auctions {
            LookSlot::Late
        } else {
            LookSlot::Rolls
        }
    }
}

/// Bids by win probability in this many last auctions or more take every
/// auction from round 3 on, where the cap by the opponent's largest bid
/// (seen two bids) would bound the bid by value.
const BY_VALUE_FROM_ROUND_3: u32 = 10;

/// Which look ahead the tables' bid in an auction plays
/// ([`WinPlan::look_slot`]): the one rule the bot plays by and the plan
/// offers genes by.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LookSlot {
    /// None: the last auction (nothing is left to play), the one before
    /// it when that is settled exactly (`wp_last_exact`), or before the
    /// last `wp_lookahead_auctions`.
    None,
    /// `wp_lookahead` rolls from a pool of `wp_lookahead_pool`.
    Rolls,
    /// Among the last `wp_late_auctions`: the late look ahead's rolls
    /// when they are on (and `wp_lookahead` is), else as `Rolls`.
    Late,
}

/// Round 10's auction, counted from the end: the last whose look ahead's
/// leaves can be settled exactly (`wp_lookahead_exact`: two categories
/// left after round 11's puts).
const ROUND_10_FROM_THE_END: u32 = 3;

impl Plan {
    /// Whether `mechanism` runs in this genome: its genes act only then.
    pub fn runs(&self, mechanism: Mechanism) -> bool {
        let w = &self.win;
        let tables = w.fast;
        match mechanism {
            Mechanism::Value | Mechanism::Bid | Mechanism::WinRounds => true,
            Mechanism::BonusChase => self.value.upper_weight != 0.0,
            Mechanism::AdaptCap => w.bid_auctions < BY_VALUE_FROM_ROUND_3,
            Mechanism::AdaptScale => {
                self.runs(Mechanism::AdaptCap) && self.bid.adapt_margin < MAX_BID as f32
            }
            Mechanism::Estimate => w.put_auctions > 0 || w.bid_auctions > 0,
            Mechanism::Rollouts => self.runs(Mechanism::Estimate) && !tables,
            Mechanism::Tables => self.runs(Mechanism::Estimate) && tables,
            Mechanism::TablePuts => w.put_auctions > 0 && tables,
            Mechanism::WinBids => w.bid_auctions > 0,
            Mechanism::TableBids => {
                self.runs(Mechanism::WinBids) && tables && w.bid_auctions >= self.win.last_look()
            }
            Mechanism::LookRolls => {
                self.runs(Mechanism::TableBids) && self.served().next().is_some()
            }
            Mechanism::LookAuctions => self.runs(Mechanism::TableBids) && w.lookahead > 0,
            Mechanism::LookPool => {
                let late_rolls = |slot| slot == LookSlot::Late && w.late_lookahead > 0;
                self.looks() && w.lookahead >= 2 && self.served().any(|(_, s)| !late_rolls(s))
            }
            Mechanism::LookExact => {
                self.looks() && self.served().any(|(k, _)| k == ROUND_10_FROM_THE_END)
            }
            Mechanism::LateRolls => self.looks() && self.served().any(|(_, s)| s == LookSlot::Late),
            Mechanism::LateAuctions => self.looks() && w.late_lookahead > 0,
            Mechanism::LateLookahead => {
                self.runs(Mechanism::LateRolls)
                    && self.runs(Mechanism::LateAuctions)
                    && w.late_lookahead >= 2
            }
            Mechanism::Read => self.runs(Mechanism::WinBids) && w.read != Read::Off,
            Mechanism::ReadScaled => self.runs(Mechanism::WinBids) && w.read == Read::Scaled,
        }
    }

    /// The auctions a look ahead serves when its rolls are on (counted
    /// from the end) and its slot there: those the tables bid in (the last
    /// `wp_bid_auctions`) with a slot.
    fn served(&self) -> impl Iterator<Item = (u32, LookSlot)> + '_ {
        (1..=self.win.bid_auctions.min(AUCTIONS as u32))
            .map(|k| (k, self.win.look_slot(k)))
            .filter(|&(_, slot)| slot != LookSlot::None)
    }

    /// Whether the look ahead plays in some auction.
    fn looks(&self) -> bool {
        self.runs(Mechanism::LookRolls) && self.win.lookahead > 0
    }

    /// Whether gene `i` acts in this genome (its mechanism runs).
    pub fn offers(&self, i: usize) -> bool {
        self.runs(GENES[i].mechanism)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_default_genome_runs_the_value_and_the_bid_by_value() {
        let plan = Plan::of(&Genome::default());
        let running: Vec<_> = MECHANISMS.into_iter().filter(|&m| plan.runs(m)).collect();
        assert_eq!(
            running,
            [
                Mechanism::Value,
                Mechanism::Bid,
                Mechanism::AdaptCap,
                Mechanism::WinRounds
            ]
        );
        assert!(plan.value.is_exact());
    }

    #[test]
    fn counts_switches_and_choices_decode_as_the_bot_read_them() {
        let mut g = Genome::default();
        g.genes[WP_PUT_AUCTIONS] = 10.9;
        g.genes[BID_READ_ZERO] = 2.1;
        g.genes[WP_FAST] = 0.6;
        g.genes[WP_READ] = 1.6;
        g.genes[WP_LOOKAHEAD_POOL] = 8.3;
        let plan = Plan::of(&g);
        assert_eq!((plan.win.put_auctions, plan.bid.read_zero), (10, 3));
        assert!(plan.win.fast);
        assert_eq!(plan.win.read, Read::Scaled);
        assert_eq!(plan.win.lookahead_pool, 8);
        assert_eq!(
            Plan::of(&g.clone().clamped()),
            plan,
            "decoding is idempotent"
        );
    }

    #[test]
    fn a_mechanism_runs_by_the_genes_that_switch_it() {
        let mut g = Genome::default();
        g.genes[WP_BID_AUCTIONS] = 3.0;
        let plan = Plan::of(&g);
        assert!(plan.runs(Mechanism::Rollouts) && plan.runs(Mechanism::Read));
        assert!(!plan.runs(Mechanism::Tables) && !plan.runs(Mechanism::ReadScaled));
        assert!(plan.offers(WP_ROLLOUTS) && !plan.offers(WP_SKEW));
        g.genes[WP_FAST] = 1.0;
        g.genes[WP_LOOKAHEAD] = 16.0;
        let plan = Plan::of(&g);
        assert!(plan.runs(Mechanism::LookPool) && !plan.runs(Mechanism::TablePuts));
        assert!(!plan.offers(WP_ROLLOUTS) && plan.offers(WP_LOOKAHEAD_POOL));
        // The late look ahead's auctions and pool act once it plays rolls.
        assert!(plan.offers(WP_LATE_LOOKAHEAD) && !plan.offers(WP_LATE_POOL));
        g.genes[WP_LATE_LOOKAHEAD] = 64.0;
        let plan = Plan::of(&g);
        assert!(plan.offers(WP_LATE_AUCTIONS) && plan.offers(WP_LATE_POOL));
        // Its rolls act only where they fall: not in the last two auctions
        // alone when the one before the last is settled exactly.
        g.genes[WP_LAST_EXACT] = 1.0;
        g.genes[WP_LATE_AUCTIONS] = 2.0;
        let plan = Plan::of(&g);
        assert!(plan.offers(WP_LATE_AUCTIONS) && !plan.offers(WP_LATE_LOOKAHEAD));
        assert!(!plan.offers(WP_LATE_POOL));
        g.genes[WP_LAST_EXACT] = 0.0;
        assert!(Plan::of(&g).offers(WP_LATE_LOOKAHEAD));
        g.genes[WP_LATE_AUCTIONS] = 5.0;
        g.genes[WP_LOOKAHEAD] = 0.0;
        assert!(
            !Plan::of(&g).runs(Mechanism::LateLookahead),
            "no look ahead"
        );
    }

    #[test]
    fn the_look_aheads_genes_are_offered_only_where_some_value_changes_play() {
        let mut g = Genome::default();
        g.genes[WP_BID_AUCTIONS] = 11.0;
        g.genes[WP_FAST] = 1.0;
        g.genes[WP_LAST_EXACT] = 1.0;
        g.genes[WP_LOOKAHEAD] = 16.0;
        g.genes[WP_LOOKAHEAD_POOL] = 8.0;
        let offered = |g: &Genome| {
            let plan = Plan::of(g);
            [
                WP_LOOKAHEAD,
                WP_LOOKAHEAD_AUCTIONS,
                WP_LOOKAHEAD_POOL,
                WP_LOOKAHEAD_EXACT,
            ]
            .map(|i| plan.offers(i))
        };
        assert_eq!(offered(&g), [true; 4]);
        // The last two auctions only: the one before the last is settled
        // exactly, so no auction is left to look ahead in; only the
        // auctions can bring it back.
        g.genes[WP_LOOKAHEAD_AUCTIONS] = 2.0;
        assert_eq!(offered(&g), [false, true, false, false]);
        g.genes[WP_LAST_EXACT] = 0.0;
        assert_eq!(offered(&g), [true, true, true, false], "round 11 only");
        // The tables bid in the last auction only: nothing to look ahead
        // in, and its margins are sure, so no margin to take off either.
        g.genes[WP_LOOKAHEAD_AUCTIONS] = 11.0;
        g.genes[WP_BID_AUCTIONS] = 1.0;
        assert_eq!(offered(&g), [false; 4]);
        assert!(!Plan::of(&g).offers(WP_BID_MARGIN));
        g.genes[WP_BID_AUCTIONS] = 2.0;
        assert!(Plan::of(&g).offers(WP_BID_MARGIN), "round 11's bid");
        g.genes[WP_LAST_EXACT] = 1.0;
        assert!(!Plan::of(&g).offers(WP_BID_MARGIN), "round 11 settled");
        g.genes[WP_LAST_EXACT] = 0.0;
        // The late look ahead takes every auction the look ahead serves:
        // its rolls and pool are the late ones, but 0 rolls stops both.
        g.genes[WP_BID_AUCTIONS] = 11.0;
        g.genes[WP_LATE_LOOKAHEAD] = 32.0;
        g.genes[WP_LATE_AUCTIONS] = 11.0;
        assert_eq!(offered(&g), [true, true, false, true]);
        // One roll: a pool makes no difference.
        g.genes[WP_LATE_LOOKAHEAD] = 0.0;
        g.genes[WP_LOOKAHEAD] = 1.0;
        assert_eq!(offered(&g), [true, true, false, true]);
    }
}
