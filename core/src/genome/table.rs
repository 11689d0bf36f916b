//! Every gene, each in one definition: its name (the TOML key), bounds,
//! default, kind, mechanism and doc, and the typed field of the `Plan` the
//! bot reads it as. The macro `genes!` makes from the one list the table
//! `GENES` (in genome order), an index constant per gene, the plan's
//! structs and `Plan::of`, which decodes each field from its gene by the
//! field's type (`FromGene`: `f32` a real, `u32` a count, `bool` a switch,
//! `Read` a choice). Adding a gene to a mechanism is its row here and the
//! code that reads the field (docs/genome.md shows one such addition).

use super::field::{FromGene, READS, Read};
use super::gene::{Gene, Kind, Mechanism, Rounding};
use super::{Genome, gene_index};
use crate::rules::CATEGORIES;

/// Makes the genes' table, index constants, plan structs and `Plan::of`
/// from one list: the category priorities (real genes of the mechanism
/// `Value`, read as `ValuePlan::priority` by category), then each part of
/// the plan in genome order, a gene a row (`field: type = INDEX { … }`),
/// fields derived from several genes first (`@field: type = |genome| …;`).
macro_rules! genes {
    (
        priorities [$($pname:literal),* $(,)?] = $pmin:literal..=$pmax:literal,
            default $pdefault:literal, $pdoc:expr;
        $(
            $(#[$gmeta:meta])*
            $group:ident: $Group:ident {
                $(@$xfield:ident: $xty:ty = $xinit:expr;)*
                $(
                    $field:ident: $ty:ty = $INDEX:ident {
                        name: $name:literal, min: $min:literal, max: $max:literal,
                        default: $default:literal,
                        kind: $kind:expr, mechanism: $mech:ident,
                        doc: $doc:expr $(,)?
                    }
                )*
            }
        )*
    ) => {
        /// Every gene, in genome order. Each adjusts the exact value model
        /// or the equilibrium bid; every default is neutral, so the default
        /// genome plays exactly as `dp`.
        pub const GENES: &[Gene] = &[
            $(Gene {
                name: $pname,
                min: $pmin,
                max: $pmax,
                default: $pdefault,
                doc: $pdoc,
                kind: Kind::Real,
                mechanism: Mechanism::Value,
            },)*
            $($(Gene {
                name: $name,
                min: $min,
                max: $max,
                default: $default,
                doc: $doc,
                kind: $kind,
                mechanism: Mechanism::$mech,
            },)*)*
        ];

        $($(
            #[doc = concat!("The index of `", $name, "` in `GENES`.")]
            pub const $INDEX: usize = gene_index($name);
        )*)*

        $(
            $(#[$gmeta])*
            #[derive(Clone, Debug, PartialEq)]
            pub struct $Group {
                $(pub $xfield: $xty,)*
                $(#[doc = $doc] pub $field: $ty,)*
            }
        )*

        /// A genome as the bot plays it.
        #[derive(Clone, Debug, PartialEq)]
        pub struct Plan {
            $(pub $group: $Group,)*
        }

        impl Plan {
            /// The genome decoded: each gene by its kind, once.
            pub fn of(genome: &Genome) -> Plan {
                Plan {
                    $($group: $Group {
                        $($xfield: ($xinit)(genome),)*
                        $($field: FromGene::from_gene(&GENES[$INDEX], genome.genes[$INDEX]),)*
                    },)*
                }
            }
        }

        /// The genes whose plan field's type does not read their kind.
        #[cfg(test)]
        pub(super) fn misfits() -> Vec<&'static str> {
            let mut misfits = Vec::new();
            $($(
                if !<$ty as FromGene>::fits(GENES[$INDEX].kind) {
                    misfits.push($name);
                }
            )*)*
            misfits
        }
    };
}

genes! {
    priorities [
        "prio_one",
        "prio_two",
        "prio_three",
        "prio_four",
        "prio_five",
        "prio_six",
        "prio_choice",
        "prio_four_of_a_kind",
        "prio_full_house",
        "prio_small_straight",
        "prio_large_straight",
        "prio_yacht",
    ] = -15.0..=15.0, default 0.0,
        "thousands of points added to a put into this category (positive: use it sooner; \
        negative: save it for later)";
    /// The put's value (mechanisms `Value`, `BonusChase`): the genes `prio_*`
    /// as `priority`, by category, then the rest.
    value: ValuePlan {
        @priority: [f32; CATEGORIES] =
            |g: &Genome| std::array::from_fn(|c| g.genes[PRIO + c] as f32);
        future_weight: f32 = FUTURE_WEIGHT {
            name: "future_weight", min: 0.5, max: 1.5, default: 1.0,
            kind: Kind::Real, mechanism: Value,
            doc: "weight of V, the exact expected points still to come (held dice included), \
                against the points a put scores now",
        }
        upper_weight: f32 = UPPER_WEIGHT {
            name: "upper_weight", min: 0.0, max: 1.0, default: 0.0,
            kind: Kind::Real, mechanism: Value,
            doc: "extra value per point an upper put scores above the bonus pace (3 of its face), \
                while the bonus is still within reach",
        }
        bonus_chase: f32 = BONUS_CHASE {
            name: "bonus_chase", min: 0.0, max: 40.0, default: 10.0,
            kind: Kind::Real, mechanism: BonusChase,
            doc: "how far behind the bonus pace (thousands) the bot still counts upper progress; \
                further behind, upper_weight is ignored",
        }
        zero_penalty: f32 = ZERO_PENALTY {
            name: "zero_penalty", min: 0.0, max: 15.0, default: 0.0,
            kind: Kind::Real, mechanism: Value,
            doc: "thousands of points subtracted from a put that scores 0 (dumping a category)",
        }
    }
    /// The bid on the equilibrium (mechanisms `Bid`, `AdaptCap`, `AdaptScale`).
    bid: BidPlan {
        scale: f32 = BID_SCALE {
            name: "bid_scale", min: 0.0, max: 2.0, default: 1.0,
            kind: Kind::Real, mechanism: Bid,
            doc: "multiplies the equilibrium bid (my value difference between the bundles + the \
                opponent's) / 4",
        }
        opp_weight: f32 = BID_OPP_WEIGHT {
            name: "bid_opp_weight", min: 0.0, max: 2.0, default: 1.0,
            kind: Kind::Real, mechanism: Bid,
            doc: "weight of the opponent's value difference in the bid (my difference counts 1)",
        }
        cap: f32 = BID_CAP {
            name: "bid_cap", min: 0.0, max: 100000.0, default: 100000.0,
            kind: Kind::Real, mechanism: Bid,
            doc: "largest bid",
        }
        offset: f32 = BID_OFFSET {
            name: "bid_offset", min: 0.0, max: 3000.0, default: 0.0,
            kind: Kind::Real, mechanism: Bid,
            doc: "added to every bid on a contested bundle (wins ties against round numbers)",
        }
        rounds: f32 = BID_ROUNDS {
            name: "bid_rounds", min: -1.0, max: 1.0, default: 0.0,
            kind: Kind::Real, mechanism: Bid,
            doc: "bid change with rounds left: bids x (1 + bid_rounds x (rounds_left - 6) / 6)",
        }
        lead: f32 = BID_LEAD {
            name: "bid_lead", min: -2.0, max: 2.0, default: 0.0,
            kind: Kind::Real, mechanism: Bid,
            doc: "bid change with the score lead: bids x (1 - bid_lead x lead / 100000); positive \
                bids less when ahead",
        }
        follow: f32 = BID_FOLLOW {
            name: "bid_follow", min: 0.0, max: 1.5, default: 0.0,
            kind: Kind::Real, mechanism: Bid,
            doc: "when contested, bid at least this times the opponent's mean bid so far",
        }
        best_response: f32 = BID_BEST_RESPONSE {
            name: "bid_best_response", min: 0.0, max: 1.0, default: 0.0,
            kind: Kind::Real, mechanism: Bid,
            doc: "trust in predicting the opponent's bid as dp's (once two of its bids matched): \
                then bid just over it to win a bundle worth that, else on its bundle just under \
                it, times this, to lose and be paid (0: off)",
        }
        adapt_mult: f32 = BID_ADAPT_MULT {
            name: "bid_adapt_mult", min: 0.0, max: 5.0, default: 5.0,
            kind: Kind::Real, mechanism: AdaptScale,
            doc: "after two rounds, bid at most this times the opponent's largest bid so far, plus \
                bid_adapt_margin",
        }
        adapt_margin: f32 = BID_ADAPT_MARGIN {
            name: "bid_adapt_margin", min: 0.0, max: 100000.0, default: 100000.0,
            kind: Kind::Real, mechanism: AdaptCap,
            doc: "see bid_adapt_mult: the margin over the opponent's scaled largest bid (100000: \
                no cap)",
        }
        read_zero: u32 = BID_READ_ZERO {
            name: "bid_read_zero", min: 0.0, max: 11.0, default: 0.0,
            kind: Kind::Count(Rounding::Up), mechanism: Bid,
            doc: "once the opponent has bid 0 in this many rounds and never more (11 at most: the \
                last bid follows 11 seen), bid 1 on the bundle the signed bid names (the one \
                that gains me most over the opponent, counting what it gets): 1 beats 0, so \
                every auction is won for 1 point (0: off)",
        }
    }
    /// Puts and bids by win probability (the `wp_*` mechanisms).
    win: WinPlan {
        put_auctions: u32 = WP_PUT_AUCTIONS {
            name: "wp_put_auctions", min: 0.0, max: 11.0, default: 0.0,
            kind: Kind::Count(Rounding::Down), mechanism: WinRounds,
            doc: "puts by win probability when at most this many auctions follow them (0: off, the \
                exact value's put; 2: the puts of rounds 10 and 11; 11: every put): the genome's \
                best puts are compared by P(win) against the opponent's put by value, from the \
                tables (wp_fast) or in wp_rollouts seeded futures each, both players as dp, and \
                the one that wins most is put",
        }
        rollouts: u32 = WP_ROLLOUTS {
            name: "wp_rollouts", min: 50.0, max: 4000.0, default: 1000.0,
            kind: Kind::Count(Rounding::Nearest), mechanism: Rollouts,
            doc: "futures played out per win-probability put (on the same dice for every \
                candidate); the cost of a put grows with it",
        }
        bid_auctions: u32 = WP_BID_AUCTIONS {
            name: "wp_bid_auctions", min: 0.0, max: 11.0, default: 0.0,
            kind: Kind::Count(Rounding::Down), mechanism: WinRounds,
            doc: "bids by win probability in this many last auctions (0: off): futures after the \
                auction (wp_rollouts, both players as dp) when I receive A and when B; against a \
                read opponent (see wp_read_tolerance) the bid of most P(win) against its \
                predicted bids, otherwise the indifference bid, where winning and losing the \
                auction win the game equally often",
        }
        read_tolerance: f32 = WP_READ_TOLERANCE {
            name: "wp_read_tolerance", min: 0.0, max: 5000.0, default: 100.0,
            kind: Kind::Real, mechanism: Read,
            doc: "how far a rule's predictions of the opponent's bids may be off before the read \
                drops the rule for the game (see wp_read)",
        }
        read: Read = WP_READ {
            name: "wp_read", min: 0.0, max: 2.0, default: 1.0,
            kind: Kind::Choice(&READS), mechanism: WinBids,
            doc: "how the opponent's bids are read: off, not at all (always predicted as the \
                signed equilibrium on my table); rules, by the signed rule while none of its \
                predictions this game was off by more than wp_read_tolerance, else by the \
                own-bundle rule once it predicted two bids and none further off, else not (the \
                indifference bid); scaled, as rules, then by the signed rule times the factor \
                that fits the bids seen (a scaled or a zero bidder), within \
                wp_read_scaled_tolerance. A read rule's next bid is its prediction plus one of \
                the errors it made",
        }
        read_scaled_tolerance: f32 = WP_READ_SCALED_TOLERANCE {
            name: "wp_read_scaled_tolerance", min: 0.0, max: 5000.0, default: 5.0,
            kind: Kind::Real, mechanism: ReadScaled,
            doc: "how far the scaled rule's predictions (wp_read scaled) may be off before the \
                read drops it for the game: tighter than wp_read_tolerance, since a factor \
                fitted on loose predictions predicts badly",
        }
        fast: bool = WP_FAST {
            name: "wp_fast", min: 0.0, max: 1.0, default: 0.0,
            kind: Kind::Switch, mechanism: Estimate,
            doc: "how puts and bids by win probability (in the rounds wp_put_auctions and \
                wp_bid_auctions choose) estimate P(win): on, from the tables (wp_normal: each \
                final total normal, mean by V, variance by the spread table, the margin's \
                variance times wp_spread_factor), a few lookups a candidate, and round 12's put \
                too; off, by rollouts (wp_rollouts futures each, the reference)",
        }
        spread_factor: f32 = WP_SPREAD_FACTOR {
            name: "wp_spread_factor", min: 0.1, max: 1.5, default: 0.4,
            kind: Kind::Real, mechanism: Tables,
            doc: "with wp_fast: the margin's variance as this factor times the sum of the two \
                players' solitaire variances (the auctions to come split each roll's bundles \
                between them)",
        }
        last_exact: bool = WP_LAST_EXACT {
            name: "wp_last_exact", min: 0.0, max: 1.0, default: 1.0,
            kind: Kind::Switch, mechanism: Tables,
            doc: "with wp_fast: round 11's put and bid see the last auction exactly (last_auction: \
                both players as dp settle it at ½ (Y(A) + Y(B)), Y over the 252 bundles), not by \
                the normal model",
        }
        skew: f32 = WP_SKEW {
            name: "wp_skew", min: 0.0, max: 2.0, default: 0.0,
            kind: Kind::Real, mechanism: Tables,
            doc: "with wp_fast: the normal model's Edgeworth correction by the margin's skewness \
                (the third-moment table, two solitaire totals' difference) times this; 0 is the \
                plain normal",
        }
        put_margin: f32 = WP_PUT_MARGIN {
            name: "wp_put_margin", min: 0.0, max: 5.0, default: 0.0,
            kind: Kind::Real, mechanism: TablePuts,
            doc: "with wp_fast: a put other than the best by value is made only when the tables \
                give it this many points (of 100) of P(win) more",
        }
        bid_margin: f32 = WP_BID_MARGIN {
            name: "wp_bid_margin", min: 0.0, max: 3.0, default: 0.0,
            kind: Kind::Real, mechanism: TableBids,
            doc: "with wp_fast: the tables' bid takes a bundle the opponent bids on too only when \
                that wins this many points (of 100) of P(win) more (the normal model leans \
                toward taking)",
        }
        lookahead: u32 = WP_LOOKAHEAD {
            name: "wp_lookahead", min: 0.0, max: 64.0, default: 0.0,
            kind: Kind::Count(Rounding::Nearest), mechanism: LookRolls,
            doc: "with wp_fast: the tables' bids (not the last auction's) play the next round this \
                many times (seeded by the position, both players as dp, each roll settled by \
                either coin, the same rolls for either award) and take the tables after each, so \
                the next roll's shared bundles and its shape are played, not modelled; the \
                margin now corrects the leaves' drift (a control variate). 0: the tables at \
                once. Each roll costs about four puts' search",
        }
        lookahead_auctions: u32 = WP_LOOKAHEAD_AUCTIONS {
            name: "wp_lookahead_auctions", min: 0.0, max: 11.0, default: 11.0,
            kind: Kind::Count(Rounding::Down), mechanism: LookAuctions,
            doc: "with wp_lookahead: look ahead only in the last this many auctions (11: from \
                round 2, every auction a look ahead can serve). The early rounds' look ahead is \
                the dearest: a put's search grows with the categories left",
        }
        lookahead_exact: bool = WP_LOOKAHEAD_EXACT {
            name: "wp_lookahead_exact", min: 0.0, max: 1.0, default: 0.0,
            kind: Kind::Switch, mechanism: LookExact,
            doc: "with wp_lookahead: round 10's bid takes its look ahead's leaves (both sides \
                after round 11's puts) by the last auction exactly (as wp_last_exact: its shape, \
                not only a mean and a spread), not by the normal model; 0 off",
        }
        edge: f32 = WP_EDGE {
            name: "wp_edge", min: -2.0, max: 2.0, default: 0.0,
            kind: Kind::Real, mechanism: Tables,
            doc: "with wp_fast: thousands of points added to the tables' margin per auction still \
                to come, the edge I expect to gain in each over the opponent beyond my value \
                (positive: plays as the favourite, safer when ahead and less desperate behind; 0 \
                off)",
        }
        lookahead_pool: u32 = WP_LOOKAHEAD_POOL {
            name: "wp_lookahead_pool", min: 0.0, max: 64.0, default: 0.0,
            kind: Kind::Count(Rounding::Nearest), mechanism: LookPool,
            doc: "with wp_lookahead: its rolls pair bundles from a pool of this many (rounded down \
                to even), each bundle searched once by both players and met in about 2 \
                wp_lookahead / pool rolls (a round-robin schedule), instead of two fresh bundles \
                a roll: 2 searches a bundle instead of 4 a roll, the same rolls for either \
                award. Below 2, or 2 wp_lookahead or more: fresh bundles",
        }
        late_lookahead: u32 = WP_LATE_LOOKAHEAD {
            name: "wp_late_lookahead", min: 0.0, max: 128.0, default: 0.0,
            kind: Kind::Count(Rounding::Nearest), mechanism: LateRolls,
            doc: "with wp_lookahead: the look ahead of the last wp_late_auctions auctions plays \
                this many rolls instead of wp_lookahead (0: off). The late rounds' rolls are the \
                cheapest (few categories left to search) and their bids the ones the tables \
                misjudge most (tuner agree)",
        }
        late_auctions: u32 = WP_LATE_AUCTIONS {
            name: "wp_late_auctions", min: 0.0, max: 11.0, default: 5.0,
            kind: Kind::Count(Rounding::Down), mechanism: LateAuctions,
            doc: "with wp_late_lookahead: how many of the last auctions take it (5: from round 8; \
                round 12's and, with wp_last_exact, round 11's bids look nowhere ahead)",
        }
        late_pool: f32 = WP_LATE_POOL {
            name: "wp_late_pool", min: 0.0, max: 1.0, default: 0.0,
            kind: Kind::Real, mechanism: LateLookahead,
            doc: "with wp_late_lookahead: the share of its bundles a pool saves: its rolls pair \
                bundles from a pool of 2 + (1 - this) x (2 wp_late_lookahead - 2) (rounded down \
                to even), as wp_lookahead_pool does wp_lookahead's; 0: fresh bundles (two a \
                roll), 1: a pool of 2",
        }
    }
}

/// The first category priority; ONE … YACHT follow in category order.
pub const PRIO: usize = gene_index("prio_one");

// The priorities are indexed as PRIO + category: the last must sit eleven
// places on (a build error otherwise).
const _: () = assert!(gene_index("prio_yacht") == PRIO + 11);
