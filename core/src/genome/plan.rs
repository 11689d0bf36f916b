//! The plan: a genome decoded once into the typed settings the genome bot
//! reads — counts as counts, switches as `bool`, choices as enums, reals
//! as the `f32` the bot computes in. No decision code tests a threshold or
//! rounds a gene: that happens here, by each gene's [`Kind`]. The plan
//! also says which mechanisms run in the genome (`runs`), so which genes
//! act and can be offered to an optimiser (`offers`).

use crate::genome::*;
use crate::rules::{AUCTIONS, CATEGORIES, MAX_BID};

/// How the bids by win probability read the opponent's bids (`wp_read`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Read {
    /// Not at all: always predicted as the signed equilibrium on my table.
    Off,
    /// By the signed rule, else the own-bundle rule, while they fit.
    Rules,
    /// As `Rules`, then by the signed rule times a fitted factor.
    Scaled,
}

/// The put's value (mechanisms `Value`, `BonusChase`).
#[derive(Clone, Debug, PartialEq)]
pub struct ValuePlan {
    /// Thousands of points added to a put into each category.
    pub priority: [f32; CATEGORIES],
    pub future_weight: f32,
    pub upper_weight: f32,
    pub bonus_chase: f32,
    pub zero_penalty: f32,
}

/// The bid on the equilibrium (mechanisms `Bid`, `AdaptCap`).
#[derive(Clone, Debug, PartialEq)]
pub struct BidPlan {
    pub scale: f32,
    pub opp_weight: f32,
    pub cap: f32,
    pub offset: f32,
    pub rounds: f32,
    pub lead: f32,
    pub follow: f32,
    pub best_response: f32,
    pub adapt_mult: f32,
    pub adapt_margin: f32,
    /// Rounds of zero bids that make the opponent a zero bidder (0: off).
    pub read_zero: u32,
}

/// Puts and bids by win probability (the `wp_*` mechanisms).
#[derive(Clone, Debug, PartialEq)]
pub struct WinPlan {
    /// Puts by win probability when at most this many auctions follow.
    pub put_auctions: u32,
    /// Bids by win probability in this many last auctions.
    pub bid_auctions: u32,
    /// By the tables (true) or by rollouts.
    pub fast: bool,
    pub rollouts: u32,
    pub spread_factor: f32,
    pub last_exact: bool,
    pub skew: f32,
    pub put_margin: f32,
    pub bid_margin: f32,
    pub edge: f32,
    /// Rolls of the next round a tables' bid plays (0: none).
    pub lookahead: u32,
    pub lookahead_auctions: u32,
    pub lookahead_exact: bool,
    /// The pool a look ahead pairs bundles from (0: fresh bundles).
    pub lookahead_pool: u32,
    /// Rolls of the last `late_auctions` auctions' look ahead (0: as
    /// `lookahead`), and the share of their bundles a pool saves.
    pub late_lookahead: u32,
    pub late_auctions: u32,
    pub late_pool: f32,
    pub read: Read,
    pub read_tolerance: f32,
    pub read_scaled_tolerance: f32,
}

/// Bids by win probability in this many last auctions or more take every
/// auction from round 3 on, where the cap by the opponent's largest bid
/// (seen two bids) would bound the bid by value.
const BY_VALUE_FROM_ROUND_3: u32 = 10;

/// A genome as the bot plays it.
#[derive(Clone, Debug, PartialEq)]
pub struct Plan {
    pub value: ValuePlan,
    pub bid: BidPlan,
    pub win: WinPlan,
}

/// Which look ahead the tables' bid in an auction plays
/// ([`Plan::look_slot`]): the one rule the bot plays by and the plan
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
    /// The genome decoded: each gene by its kind, once.
    pub fn of(genome: &Genome) -> Plan {
        let real = |i: usize| genome.genes[i] as f32;
        let count = |i: usize| GENES[i].kind.decode(genome.genes[i]) as u32;
        let on = |i: usize| count(i) == 1;
        Plan {
            value: ValuePlan {
                priority: std::array::from_fn(|c| real(PRIO + c)),
                future_weight: real(FUTURE_WEIGHT),
                upper_weight: real(UPPER_WEIGHT),
                bonus_chase: real(BONUS_CHASE),
                zero_penalty: real(ZERO_PENALTY),
            },
            bid: BidPlan {
                scale: real(BID_SCALE),
                opp_weight: real(BID_OPP_WEIGHT),
                cap: real(BID_CAP),
                offset: real(BID_OFFSET),
                rounds: real(BID_ROUNDS),
                lead: real(BID_LEAD),
                follow: real(BID_FOLLOW),
                best_response: real(BID_BEST_RESPONSE),
                adapt_mult: real(BID_ADAPT_MULT),
                adapt_margin: real(BID_ADAPT_MARGIN),
                read_zero: count(BID_READ_ZERO),
            },
            win: WinPlan {
                put_auctions: count(WP_PUT_AUCTIONS),
                bid_auctions: count(WP_BID_AUCTIONS),
                fast: on(WP_FAST),
                rollouts: count(WP_ROLLOUTS),
                spread_factor: real(WP_SPREAD_FACTOR),
                last_exact: on(WP_LAST_EXACT),
                skew: real(WP_SKEW),
                put_margin: real(WP_PUT_MARGIN),
                bid_margin: real(WP_BID_MARGIN),
                edge: real(WP_EDGE),
                lookahead: count(WP_LOOKAHEAD),
                lookahead_auctions: count(WP_LOOKAHEAD_AUCTIONS),
                lookahead_exact: on(WP_LOOKAHEAD_EXACT),
                lookahead_pool: count(WP_LOOKAHEAD_POOL),
                late_lookahead: count(WP_LATE_LOOKAHEAD),
                late_auctions: count(WP_LATE_AUCTIONS),
                late_pool: real(WP_LATE_POOL),
                read: [Read::Off, Read::Rules, Read::Scaled][count(WP_READ) as usize],
                read_tolerance: real(WP_READ_TOLERANCE),
                read_scaled_tolerance: real(WP_READ_SCALED_TOLERANCE),
            },
        }
    }

    /// Whether the puts' values are exact (every value gene neutral):
    /// then no shaping is built, and the values are the same to the bit.
    pub fn exact_puts(&self) -> bool {
        let v = &self.value;
        v.priority.iter().all(|&p| p == 0.0)
            && v.zero_penalty == 0.0
            && v.upper_weight == 0.0
            && v.future_weight == 1.0
    }

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
                self.runs(Mechanism::WinBids) && tables && w.bid_auctions >= self.last_look()
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

    /// The last auction a look ahead can serve, counted from the end: the
    /// one before the last (nothing is left to play after the last), or
    /// the one before that when that one is settled exactly
    /// (`wp_last_exact`). The tables' bid margin acts there too: the last
    /// auction's margins are sure, a settled one's exact.
    fn last_look(&self) -> u32 {
        if self.win.last_exact { 3 } else { 2 }
    }

    /// Which look ahead the tables' bid in the `k`th auction from the end
    /// (1: the last) plays.
    pub fn look_slot(&self, k: u32) -> LookSlot {
        let w = &self.win;
        if k < self.last_look() || k > w.lookahead_auctions {
            LookSlot::None
        } else if k <= w.late_auctions {
            LookSlot::Late
        } else {
            LookSlot::Rolls
        }
    }

    /// The auctions a look ahead serves when its rolls are on (counted
    /// from the end) and its slot there: those the tables bid in (the last
    /// `wp_bid_auctions`) with a slot.
    fn served(&self) -> impl Iterator<Item = (u32, LookSlot)> + '_ {
        (1..=self.win.bid_auctions.min(AUCTIONS as u32))
            .map(|k| (k, self.look_slot(k)))
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
        assert!(plan.exact_puts());
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
