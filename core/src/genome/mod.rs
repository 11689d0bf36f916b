//! The genome: the named, bounded, documented weights of the tuned bot, as
//! one table (`GENES`) that the TOML files, the optimisers, `build.rs`,
//! the budget and the bot all read. Each gene is one definition: its name
//! (the TOML key), its kind (a real number, a count, a switch or a named
//! choice), bounds, default, doc and the mechanism it belongs to; the bot
//! reads a genome only through the typed `Plan` (module `plan`) decoded
//! from it once. Std-only: exported into the submission file.

mod gene;
pub mod plan;

use gene::g;
pub use gene::{Gene, Kind, MECHANISMS, Mechanism, Rounding};

/// The options of `wp_read`.
const READS: [&str; 3] = ["off", "rules", "scaled"];

const PRIO_DOC: &str = "thousands of points added to a put into this category (positive: use it sooner; negative: save it for later)";

/// Every gene, in genome order. The index constants below are looked up
/// here by name at compile time, so inserting a gene cannot shift them.
/// Each gene adjusts the exact value model or the equilibrium bid; every
/// default is neutral, so the default genome plays exactly as `dp`.
pub const GENES: &[Gene] = &[
    g("prio_one", -15.0, 15.0, 0.0, PRIO_DOC),
    g("prio_two", -15.0, 15.0, 0.0, PRIO_DOC),
    g("prio_three", -15.0, 15.0, 0.0, PRIO_DOC),
    g("prio_four", -15.0, 15.0, 0.0, PRIO_DOC),
    g("prio_five", -15.0, 15.0, 0.0, PRIO_DOC),
    g("prio_six", -15.0, 15.0, 0.0, PRIO_DOC),
    g("prio_choice", -15.0, 15.0, 0.0, PRIO_DOC),
    g("prio_four_of_a_kind", -15.0, 15.0, 0.0, PRIO_DOC),
    g("prio_full_house", -15.0, 15.0, 0.0, PRIO_DOC),
    g("prio_small_straight", -15.0, 15.0, 0.0, PRIO_DOC),
    g("prio_large_straight", -15.0, 15.0, 0.0, PRIO_DOC),
    g("prio_yacht", -15.0, 15.0, 0.0, PRIO_DOC),
    g(
        "future_weight",
        0.5,
        1.5,
        1.0,
        "weight of V, the exact expected points still to come (held dice included), against the points a put scores now",
    ),
    g(
        "upper_weight",
        0.0,
        1.0,
        0.0,
        "extra value per point an upper put scores above the bonus pace (3 of its face), while the bonus is still within reach",
    ),
    g(
        "bonus_chase",
        0.0,
        40.0,
        10.0,
        "how far behind the bonus pace (thousands) the bot still counts upper progress; further behind, upper_weight is ignored",
    )
    .of(Mechanism::BonusChase),
    g(
        "zero_penalty",
        0.0,
        15.0,
        0.0,
        "thousands of points subtracted from a put that scores 0 (dumping a category)",
    ),
    g(
        "bid_scale",
        0.0,
        2.0,
        1.0,
        "multiplies the equilibrium bid (my value difference between the bundles + the opponent's) / 4",
    )
    .of(Mechanism::Bid),
    g(
        "bid_opp_weight",
        0.0,
        2.0,
        1.0,
        "weight of the opponent's value difference in the bid (my difference counts 1)",
    )
    .of(Mechanism::Bid),
    g("bid_cap", 0.0, 100000.0, 100000.0, "largest bid").of(Mechanism::Bid),
    g(
        "bid_offset",
        0.0,
        3000.0,
        0.0,
        "added to every bid on a contested bundle (wins ties against round numbers)",
    )
    .of(Mechanism::Bid),
    g(
        "bid_rounds",
        -1.0,
        1.0,
        0.0,
        "bid change with rounds left: bids x (1 + bid_rounds x (rounds_left - 6) / 6)",
    )
    .of(Mechanism::Bid),
    g(
        "bid_lead",
        -2.0,
        2.0,
        0.0,
        "bid change with the score lead: bids x (1 - bid_lead x lead / 100000); positive bids less when ahead",
    )
    .of(Mechanism::Bid),
    g(
        "bid_follow",
        0.0,
        1.5,
        0.0,
        "when contested, bid at least this times the opponent's mean bid so far",
    )
    .of(Mechanism::Bid),
    g(
        "bid_best_response",
        0.0,
        1.0,
        0.0,
        "trust in predicting the opponent's bid as dp's (once two of its bids matched): then bid just over it to win a bundle worth that, else on its bundle just under it, times this, to lose and be paid (0: off)",
    )
    .of(Mechanism::Bid),
    g(
        "bid_adapt_mult",
        0.0,
        5.0,
        5.0,
        "after two rounds, bid at most this times the opponent's largest bid so far, plus bid_adapt_margin",
    )
    .of(Mechanism::AdaptScale),
    g(
        "bid_adapt_margin",
        0.0,
        100000.0,
        100000.0,
        "see bid_adapt_mult: the margin over the opponent's scaled largest bid (100000: no cap)",
    )
    .of(Mechanism::AdaptCap),
    g(
        "bid_read_zero",
        0.0,
        11.0,
        0.0,
        "once the opponent has bid 0 in this many rounds and never more (11 at most: the last bid follows 11 seen), bid 1 on the bundle the signed bid names (the one that gains me most over the opponent, counting what it gets): 1 beats 0, so every auction is won for 1 point (0: off)",
    )
    .reads(Kind::Count(Rounding::Up))
    .of(Mechanism::Bid),
    g(
        "wp_put_auctions",
        0.0,
        11.0,
        0.0,
        "puts by win probability when at most this many auctions follow them (0: off, the exact value's put; 2: the puts of rounds 10 and 11; 11: every put): the genome's best puts are compared by P(win) against the opponent's put by value, from the tables (wp_fast) or in wp_rollouts seeded futures each, both players as dp, and the one that wins most is put",
    )
    .reads(Kind::Count(Rounding::Down))
    .of(Mechanism::WinRounds),
    g(
        "wp_rollouts",
        50.0,
        4000.0,
        1000.0,
        "futures played out per win-probability put (on the same dice for every candidate); the cost of a put grows with it",
    )
    .reads(Kind::Count(Rounding::Nearest))
    .of(Mechanism::Rollouts),
    g(
        "wp_bid_auctions",
        0.0,
        11.0,
        0.0,
        "bids by win probability in this many last auctions (0: off): futures after the auction (wp_rollouts, both players as dp) when I receive A and when B; against a read opponent (see wp_read_tolerance) the bid of most P(win) against its predicted bids, otherwise the indifference bid, where winning and losing the auction win the game equally often",
    )
    .reads(Kind::Count(Rounding::Down))
    .of(Mechanism::WinRounds),
    g(
        "wp_read_tolerance",
        0.0,
        5000.0,
        100.0,
        "how far a rule's predictions of the opponent's bids may be off before the read drops the rule for the game (see wp_read)",
    )
    .of(Mechanism::Read),
    g(
        "wp_read",
        0.0,
        2.0,
        1.0,
        "how the opponent's bids are read: off, not at all (always predicted as the signed equilibrium on my table); rules, by the signed rule while none of its predictions this game was off by more than wp_read_tolerance, else by the own-bundle rule once it predicted two bids and none further off, else not (the indifference bid); scaled, as rules, then by the signed rule times the factor that fits the bids seen (a scaled or a zero bidder), within wp_read_scaled_tolerance. A read rule's next bid is its prediction plus one of the errors it made",
    )
    .reads(Kind::Choice(&READS))
    .of(Mechanism::WinBids),
    g(
        "wp_read_scaled_tolerance",
        0.0,
        5000.0,
        5.0,
        "how far the scaled rule's predictions (wp_read scaled) may be off before the read drops it for the game: tighter than wp_read_tolerance, since a factor fitted on loose predictions predicts badly",
    )
    .of(Mechanism::ReadScaled),
    g(
        "wp_fast",
        0.0,
        1.0,
        0.0,
        "how puts and bids by win probability (in the rounds wp_put_auctions and wp_bid_auctions choose) estimate P(win): on, from the tables (wp_normal: each final total normal, mean by V, variance by the spread table, the margin's variance times wp_spread_factor), a few lookups a candidate, and round 12's put too; off, by rollouts (wp_rollouts futures each, the reference)",
    )
    .reads(Kind::Switch)
    .of(Mechanism::Estimate),
    g(
        "wp_spread_factor",
        0.1,
        1.5,
        0.4,
        "with wp_fast: the margin's variance as this factor times the sum of the two players' solitaire variances (the auctions to come split each roll's bundles between them)",
    )
    .of(Mechanism::Tables),
    g(
        "wp_last_exact",
        0.0,
        1.0,
        1.0,
        "with wp_fast: round 11's put and bid see the last auction exactly (last_auction: both players as dp settle it at ½ (Y(A) + Y(B)), Y over the 252 bundles), not by the normal model",
    )
    .reads(Kind::Switch)
    .of(Mechanism::Tables),
    g(
        "wp_skew",
        0.0,
        2.0,
        0.0,
        "with wp_fast: the normal model's Edgeworth correction by the margin's skewness (the third-moment table, two solitaire totals' difference) times this; 0 is the plain normal",
    )
    .of(Mechanism::Tables),
    g(
        "wp_put_margin",
        0.0,
        5.0,
        0.0,
        "with wp_fast: a put other than the best by value is made only when the tables give it this many points (of 100) of P(win) more",
    )
    .of(Mechanism::TablePuts),
    g(
        "wp_bid_margin",
        0.0,
        3.0,
        0.0,
        "with wp_fast: the tables' bid takes a bundle the opponent bids on too only when that wins this many points (of 100) of P(win) more (the normal model leans toward taking)",
    )
    .of(Mechanism::TableBids),
    g(
        "wp_lookahead",
        0.0,
        64.0,
        0.0,
        "with wp_fast: the tables' bids (not the last auction's) play the next round this many times (seeded by the position, both players as dp, each roll settled by either coin, the same rolls for either award) and take the tables after each, so the next roll's shared bundles and its shape are played, not modelled; the margin now corrects the leaves' drift (a control variate). 0: the tables at once. Each roll costs about four puts' search",
    )
    .reads(Kind::Count(Rounding::Nearest))
    .of(Mechanism::LookRolls),
    g(
        "wp_lookahead_auctions",
        0.0,
        11.0,
        11.0,
        "with wp_lookahead: look ahead only in the last this many auctions (11: from round 2, every auction a look ahead can serve). The early rounds' look ahead is the dearest: a put's search grows with the categories left",
    )
    .reads(Kind::Count(Rounding::Down))
    .of(Mechanism::LookAuctions),
    g(
        "wp_lookahead_exact",
        0.0,
        1.0,
        0.0,
        "with wp_lookahead: round 10's bid takes its look ahead's leaves (both sides after round 11's puts) by the last auction exactly (as wp_last_exact: its shape, not only a mean and a spread), not by the normal model; 0 off",
    )
    .reads(Kind::Switch)
    .of(Mechanism::LookExact),
    g(
        "wp_edge",
        -2.0,
        2.0,
        0.0,
        "with wp_fast: thousands of points added to the tables' margin per auction still to come, the edge I expect to gain in each over the opponent beyond my value (positive: plays as the favourite, safer when ahead and less desperate behind; 0 off)",
    )
    .of(Mechanism::Tables),
    g(
        "wp_lookahead_pool",
        0.0,
        64.0,
        0.0,
        "with wp_lookahead: its rolls pair bundles from a pool of this many (rounded down to even), each bundle searched once by both players and met in about 2 wp_lookahead / pool rolls (a round-robin schedule), instead of two fresh bundles a roll: 2 searches a bundle instead of 4 a roll, the same rolls for either award. Below 2, or 2 wp_lookahead or more: fresh bundles",
    )
    .reads(Kind::Count(Rounding::Nearest))
    .of(Mechanism::LookPool),
    g(
        "wp_late_lookahead",
        0.0,
        128.0,
        0.0,
        "with wp_lookahead: the look ahead of the last wp_late_auctions auctions plays this many rolls instead of wp_lookahead (0: off). The late rounds' rolls are the cheapest (few categories left to search) and their bids the ones the tables misjudge most (tuner agree)",
    )
    .reads(Kind::Count(Rounding::Nearest))
    .of(Mechanism::LateRolls),
    g(
        "wp_late_auctions",
        0.0,
        11.0,
        5.0,
        "with wp_late_lookahead: how many of the last auctions take it (5: from round 8; round 12's and, with wp_last_exact, round 11's bids look nowhere ahead)",
    )
    .reads(Kind::Count(Rounding::Down))
    .of(Mechanism::LateAuctions),
    g(
        "wp_late_pool",
        0.0,
        1.0,
        0.0,
        "with wp_late_lookahead: the share of its bundles a pool saves: its rolls pair bundles from a pool of 2 + (1 - this) x (2 wp_late_lookahead - 2) (rounded down to even), as wp_lookahead_pool does wp_lookahead's; 0: fresh bundles (two a roll), 1: a pool of 2",
    )
    .of(Mechanism::LateLookahead),
];

/// Genes that were dropped, with why. Genome files that still name one
/// read as before with the gene ignored (old runs and hall-of-fame files
/// stay readable); nothing writes them.
pub const RETIRED: &[(&str, &str)] = &[
    (
        "bid_no_conflict",
        "scaled the bid when the opponent was predicted to want the other bundle; on the signed rule both players bid the sum's bundle, so it never acted (strength-7 with it at 0.42 or 1.0: 53.4 % and 53.3 % against dp, 2 000 paired games, seed 11)",
    ),
    (
        "wp_put_rollouts",
        "with wp_fast, handed the last puts back to rollouts; at its default (0, off) in all 115 committed genome files, never moved by a run",
    ),
    (
        "wp_bid_rollouts",
        "with wp_fast, handed the last bids back to rollouts; at its default (0, off) in all 115 committed genome files, never moved by a run",
    ),
    (
        "wp_put_lookahead",
        "with wp_lookahead, compared the puts a round ahead; at its default (0, off) in all 115 committed genome files, never moved by a run",
    ),
    (
        "wp_confidence",
        "the standard errors a rollout put's edge needed; at its default (2) in all 115 committed genome files, never moved by a run: the rollout puts keep 2 (`CONFIDENCE`)",
    ),
    (
        "wp_lookahead_close",
        "looked ahead only for a close call; lost in every run that freed it (lab/runs/fast-close −0.63, lab/runs/pool-ga −0.53 points; lab/runs/close-ga −0.32 ± 0.29), and at 10 changed no game of params/best.toml against eight opponents (tuner genes --play, seed 515): the look ahead plays for every bid it serves",
    ),
    (
        "wp_read_pick",
        "picked the fitting read rule whose predictions erred least; `dp:own` +0.00 with it (the same games, docs/journal.md \"Reading a bidder on another table\"), and on changed no game of params/best.toml against eight opponents (tuner genes --play, seed 515): the read takes the first rule that fits",
    ),
];

/// Whether `name` is a retired gene.
pub fn is_retired(name: &str) -> bool {
    RETIRED.iter().any(|(retired, _)| *retired == name)
}

/// Number of genes.
pub const N_GENES: usize = GENES.len();

/// The index of the gene `name` in `GENES`; a name that is not there fails
/// the build (in a constant) or panics.
pub const fn gene_index(name: &str) -> usize {
    let mut i = 0;
    while i < GENES.len() {
        if same(GENES[i].name.as_bytes(), name.as_bytes()) {
            return i;
        }
        i += 1;
    }
    panic!("no gene of that name in GENES");
}

const fn same(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// The first category priority; ONE … YACHT follow in category order.
pub const PRIO: usize = gene_index("prio_one");
pub const FUTURE_WEIGHT: usize = gene_index("future_weight");
pub const UPPER_WEIGHT: usize = gene_index("upper_weight");
pub const BONUS_CHASE: usize = gene_index("bonus_chase");
pub const ZERO_PENALTY: usize = gene_index("zero_penalty");
pub const BID_SCALE: usize = gene_index("bid_scale");
pub const BID_OPP_WEIGHT: usize = gene_index("bid_opp_weight");
pub const BID_CAP: usize = gene_index("bid_cap");
pub const BID_OFFSET: usize = gene_index("bid_offset");
pub const BID_ROUNDS: usize = gene_index("bid_rounds");
pub const BID_LEAD: usize = gene_index("bid_lead");
pub const BID_FOLLOW: usize = gene_index("bid_follow");
pub const BID_BEST_RESPONSE: usize = gene_index("bid_best_response");
pub const BID_ADAPT_MULT: usize = gene_index("bid_adapt_mult");
pub const BID_ADAPT_MARGIN: usize = gene_index("bid_adapt_margin");
pub const BID_READ_ZERO: usize = gene_index("bid_read_zero");
pub const WP_PUT_AUCTIONS: usize = gene_index("wp_put_auctions");
pub const WP_ROLLOUTS: usize = gene_index("wp_rollouts");
pub const WP_FAST: usize = gene_index("wp_fast");
pub const WP_SPREAD_FACTOR: usize = gene_index("wp_spread_factor");
pub const WP_LAST_EXACT: usize = gene_index("wp_last_exact");
pub const WP_SKEW: usize = gene_index("wp_skew");
pub const WP_PUT_MARGIN: usize = gene_index("wp_put_margin");
pub const WP_BID_MARGIN: usize = gene_index("wp_bid_margin");
pub const WP_LOOKAHEAD: usize = gene_index("wp_lookahead");
pub const WP_LOOKAHEAD_AUCTIONS: usize = gene_index("wp_lookahead_auctions");
pub const WP_LOOKAHEAD_EXACT: usize = gene_index("wp_lookahead_exact");
pub const WP_LOOKAHEAD_POOL: usize = gene_index("wp_lookahead_pool");
pub const WP_LATE_LOOKAHEAD: usize = gene_index("wp_late_lookahead");
pub const WP_LATE_AUCTIONS: usize = gene_index("wp_late_auctions");
pub const WP_LATE_POOL: usize = gene_index("wp_late_pool");
pub const WP_EDGE: usize = gene_index("wp_edge");
pub const WP_BID_AUCTIONS: usize = gene_index("wp_bid_auctions");
pub const WP_READ_TOLERANCE: usize = gene_index("wp_read_tolerance");
pub const WP_READ: usize = gene_index("wp_read");
pub const WP_READ_SCALED_TOLERANCE: usize = gene_index("wp_read_scaled_tolerance");

// The priorities are indexed as PRIO + category: the last must sit eleven
// places on (a build error otherwise).
const _: () = assert!(gene_index("prio_yacht") == PRIO + 11);

/// A genome: one value per gene, in `GENES` order.
#[derive(Clone, Debug, PartialEq)]
pub struct Genome {
    pub genes: [f64; N_GENES],
}

impl Default for Genome {
    fn default() -> Genome {
        Genome {
            genes: std::array::from_fn(|i| GENES[i].default),
        }
    }
}

impl Genome {
    pub fn get(&self, i: usize) -> f64 {
        self.genes[i]
    }

    /// The index of a gene by name.
    pub fn index_of(name: &str) -> Option<usize> {
        GENES.iter().position(|g| g.name == name)
    }

    /// Every gene clamped into its bounds and decoded as the bot plays it
    /// (a count, a switch, a choice: a whole number; see [`Kind::decode`]):
    /// the genome an optimiser proposes, as the files hold it.
    pub fn clamped(mut self) -> Genome {
        for (v, g) in self.genes.iter_mut().zip(GENES.iter()) {
            *v = g.kind.decode(v.clamp(g.min, g.max));
        }
        self
    }
}

#[cfg(test)]
mod tests;
