//! The genome: the named, bounded, documented weights of the tuned bot, as
//! one table (`GENES`) that the TOML reader, the GA, `build.rs` and the bot
//! all read. Std-only: exported into the submission file.

/// One gene: its name (the TOML key), bounds, default and meaning.
pub struct Gene {
    pub name: &'static str,
    pub min: f64,
    pub max: f64,
    pub default: f64,
    pub doc: &'static str,
    /// How the bot reads the value: for showing it as the bot plays it
    /// (the bot's code reads the value itself; this changes no play).
    pub kind: Kind,
}

/// How the bot reads a gene's value (the GA moves every gene as a real
/// number; these say what the bot makes of it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A real number.
    Real,
    /// A whole number: the value rounded to the nearest.
    Whole,
    /// A count compared as "at most this many": the value rounded down.
    AtMost,
    /// A count compared as "at least this many": the value rounded up.
    AtLeast,
    /// On (0.5 and above) or off.
    Switch,
}

const fn g(name: &'static str, min: f64, max: f64, default: f64, doc: &'static str) -> Gene {
    Gene {
        name,
        min,
        max,
        default,
        doc,
        kind: Kind::Real,
    }
}

impl Gene {
    /// The gene as the bot reads it (see [`Kind`]).
    const fn reads(self, kind: Kind) -> Gene {
        Gene { kind, ..self }
    }

    /// `value` as the bot plays it: a whole number, on/off, or a real
    /// number to four or five significant digits.
    pub fn shown(&self, value: f64) -> String {
        // The bot holds genes as f32.
        let v = value as f32;
        match self.kind {
            Kind::Real if value.abs() >= 1000.0 => format!("{value:.0}"),
            Kind::Real if value.abs() >= 100.0 => format!("{value:.1}"),
            Kind::Real if value.abs() >= 10.0 => format!("{value:.2}"),
            Kind::Real => format!("{value:.3}"),
            Kind::Whole => format!("{}", v.round()),
            Kind::AtMost => format!("{}", v.floor()),
            Kind::AtLeast => format!("{}", v.ceil()),
            Kind::Switch if v >= 0.5 => "on".into(),
            Kind::Switch => "off".into(),
        }
    }
}

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
    ),
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
    ),
    g(
        "bid_opp_weight",
        0.0,
        2.0,
        1.0,
        "weight of the opponent's value difference in the bid (my difference counts 1)",
    ),
    g("bid_cap", 0.0, 100000.0, 100000.0, "largest bid"),
    g(
        "bid_offset",
        0.0,
        3000.0,
        0.0,
        "added to every bid on a contested bundle (wins ties against round numbers)",
    ),
    g(
        "bid_rounds",
        -1.0,
        1.0,
        0.0,
        "bid change with rounds left: bids x (1 + bid_rounds x (rounds_left - 6) / 6)",
    ),
    g(
        "bid_lead",
        -2.0,
        2.0,
        0.0,
        "bid change with the score lead: bids x (1 - bid_lead x lead / 100000); positive bids less when ahead",
    ),
    g(
        "bid_follow",
        0.0,
        1.5,
        0.0,
        "when contested, bid at least this times the opponent's mean bid so far",
    ),
    g(
        "bid_best_response",
        0.0,
        1.0,
        0.0,
        "trust in predicting the opponent's bid as dp's (once two of its bids matched): then bid just over it to win a bundle worth that, else on its bundle just under it, times this, to lose and be paid (0: off)",
    ),
    g(
        "bid_adapt_mult",
        0.0,
        5.0,
        5.0,
        "after two rounds, bid at most this times the opponent's largest bid so far, plus bid_adapt_margin",
    ),
    g(
        "bid_adapt_margin",
        0.0,
        100000.0,
        100000.0,
        "see bid_adapt_mult: the margin over the opponent's scaled largest bid (100000: no cap)",
    ),
    g(
        "bid_read_zero",
        0.0,
        12.0,
        0.0,
        "once the opponent has bid 0 in this many rounds and never more, bid 1 on the bundle the signed bid names (the one that gains me most over the opponent, counting what it gets): 1 beats 0, so every auction is won for 1 point (0: off)",
    )
    .reads(Kind::AtLeast),
    g(
        "wp_put_auctions",
        0.0,
        11.0,
        0.0,
        "puts by win probability when at most this many auctions follow them (0: off, the exact value's put; 2: the puts of rounds 10 and 11; 11: every put): the genome's best puts are compared by P(win) against the opponent's put by value, from the tables (wp_fast) or in wp_rollouts seeded futures each, both players as dp, and the one that wins most is put",
    )
    .reads(Kind::AtMost),
    g(
        "wp_rollouts",
        50.0,
        4000.0,
        1000.0,
        "futures played out per win-probability put (on the same dice for every candidate); the cost of a put grows with it",
    )
    .reads(Kind::Whole),
    g(
        "wp_bid_auctions",
        0.0,
        11.0,
        0.0,
        "bids by win probability in this many last auctions (0: off): futures after the auction (wp_rollouts, both players as dp) when I receive A and when B; against a read opponent (see wp_read_tolerance) the bid of most P(win) against its predicted bids, otherwise the indifference bid, where winning and losing the auction win the game equally often",
    )
    .reads(Kind::AtMost),
    g(
        "wp_read_tolerance",
        0.0,
        5000.0,
        100.0,
        "how far a rule's predictions of the opponent's bids may be off before the read drops the rule for the game (see wp_read)",
    ),
    g(
        "wp_read",
        0.0,
        2.0,
        1.0,
        "how the opponent's bids are read: 0 not at all (always predicted as the signed equilibrium on my table); 1 by the signed rule while none of its predictions this game was off by more than wp_read_tolerance, else by the own-bundle rule once it predicted two bids and none further off, else not (the indifference bid); 2 as 1, then by the signed rule times the factor that fits the bids seen (a scaled or a zero bidder), within wp_read_scaled_tolerance. A read rule's next bid is its prediction plus one of the errors it made",
    )
    .reads(Kind::Whole),
    g(
        "wp_read_scaled_tolerance",
        0.0,
        5000.0,
        5.0,
        "how far the scaled rule's predictions (wp_read 2) may be off before the read drops it for the game: tighter than wp_read_tolerance, since a factor fitted on loose predictions predicts badly",
    ),
    g(
        "wp_read_pick",
        0.0,
        1.0,
        0.0,
        "how the read picks among the rules that fit the opponent's bids (see wp_read): 0 the first (signed, then own-bundle, then scaled); 1 the one whose predictions were off by least on average, so an own-bundle bidder is read by its own rule even when the signed rule is within the tolerance",
    )
    .reads(Kind::Switch),
    g(
        "wp_fast",
        0.0,
        1.0,
        0.0,
        "how puts and bids by win probability (in the rounds wp_put_auctions and wp_bid_auctions choose) estimate P(win): 1 from the tables (wp_normal: each final total normal, mean by V, variance by the spread table, the margin's variance times wp_spread_factor), a few lookups a candidate, and round 12's put too; 0 by rollouts (wp_rollouts futures each, the reference)",
    )
    .reads(Kind::Switch),
    g(
        "wp_spread_factor",
        0.1,
        1.5,
        0.4,
        "with wp_fast: the margin's variance as this factor times the sum of the two players' solitaire variances (the auctions to come split each roll's bundles between them)",
    ),
    g(
        "wp_put_rollouts",
        0.0,
        11.0,
        0.0,
        "with wp_fast: the puts followed by this many auctions or fewer (but 0) are still chosen by rollouts, whose futures see the shape of what is left (an all-or-nothing category), not only its mean and spread",
    )
    .reads(Kind::AtMost),
    g(
        "wp_bid_rollouts",
        0.0,
        11.0,
        0.0,
        "with wp_fast: the bids of the last this many auctions are still chosen from rollouts (wp_rollouts futures), the reference",
    )
    .reads(Kind::AtMost),
    g(
        "wp_last_exact",
        0.0,
        1.0,
        1.0,
        "with wp_fast: round 11's put and bid see the last auction exactly (last_auction: both players as dp settle it at ½ (Y(A) + Y(B)), Y over the 252 bundles), not by the normal model",
    )
    .reads(Kind::Switch),
    g(
        "wp_skew",
        0.0,
        2.0,
        0.0,
        "with wp_fast: the normal model's Edgeworth correction by the margin's skewness (the third-moment table, two solitaire totals' difference) times this; 0 is the plain normal",
    ),
    g(
        "wp_put_margin",
        0.0,
        5.0,
        0.0,
        "with wp_fast: a put other than the best by value is made only when the tables give it this many points (of 100) of P(win) more",
    ),
    g(
        "wp_bid_margin",
        0.0,
        3.0,
        0.0,
        "with wp_fast: the tables' bid takes a bundle the opponent bids on too only when that wins this many points (of 100) of P(win) more (the normal model leans toward taking)",
    ),
    g(
        "wp_lookahead",
        0.0,
        64.0,
        0.0,
        "with wp_fast: the tables' bids (not the last auction's) play the next round this many times (seeded by the position, both players as dp, each roll settled by either coin, the same rolls for either award) and take the tables after each, so the next roll's shared bundles and its shape are played, not modelled; the margin now corrects the leaves' drift (a control variate). 0: the tables at once. Each roll costs about four puts' search",
    )
    .reads(Kind::Whole),
    g(
        "wp_lookahead_close",
        0.0,
        10.0,
        0.0,
        "with wp_lookahead: look ahead only for a close call, when the tables' best bid wins less than this many points (of 100) of P(win) more than the next best that differs (0: for every bid)",
    ),
    g(
        "wp_lookahead_auctions",
        0.0,
        11.0,
        11.0,
        "with wp_lookahead: look ahead only in the last this many auctions (11: from round 2, every auction a look ahead can serve). The early rounds' look ahead is the dearest: a put's search grows with the categories left",
    )
    .reads(Kind::AtMost),
    g(
        "wp_lookahead_exact",
        0.0,
        1.0,
        0.0,
        "with wp_lookahead: round 10's bid takes its look ahead's leaves (both sides after round 11's puts) by the last auction exactly (as wp_last_exact: its shape, not only a mean and a spread), not by the normal model; 0 off",
    )
    .reads(Kind::Switch),
    g(
        "wp_edge",
        -2.0,
        2.0,
        0.0,
        "with wp_fast: thousands of points added to the tables' margin per auction still to come, the edge I expect to gain in each over the opponent beyond my value (positive: plays as the favourite, safer when ahead and less desperate behind; 0 off)",
    ),
    g(
        "wp_lookahead_pool",
        0.0,
        64.0,
        0.0,
        "with wp_lookahead: its rolls pair bundles from a pool of this many (rounded down to even), each bundle searched once by both players and met in about 2 wp_lookahead / pool rolls (a round-robin schedule), instead of two fresh bundles a roll: 2 searches a bundle instead of 4 a roll, the same rolls for either award. Below 2, or 2 wp_lookahead or more: fresh bundles",
    )
    .reads(Kind::Whole),
    g(
        "wp_put_lookahead",
        0.0,
        11.0,
        0.0,
        "with wp_fast and wp_lookahead: the puts followed by this many auctions or fewer (from two: round 11's sees the last auction exactly) compare their candidates a round ahead: the next round played wp_lookahead times from each, the same rolls for every candidate, the leaves as the bids' (wp_lookahead_exact); 0 off",
    )
    .reads(Kind::AtMost),
    g(
        "wp_confidence",
        0.0,
        4.0,
        2.0,
        "a put other than the best by value is made only when its win-probability edge is this many standard errors above 0 (paired over the same futures)",
    ),
];

/// Genes that were dropped, with why. Genome files that still name one
/// read as before with the gene ignored (old runs and hall-of-fame files
/// stay readable); nothing writes them.
pub const RETIRED: &[(&str, &str)] = &[(
    "bid_no_conflict",
    "scaled the bid when the opponent was predicted to want the other bundle; on the signed rule both players bid the sum's bundle, so it never acted (strength-7 with it at 0.42 or 1.0: 53.4 % and 53.3 % against dp, 2 000 paired games, seed 11)",
)];

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
pub const WP_CONFIDENCE: usize = gene_index("wp_confidence");
pub const WP_FAST: usize = gene_index("wp_fast");
pub const WP_SPREAD_FACTOR: usize = gene_index("wp_spread_factor");
pub const WP_PUT_ROLLOUTS: usize = gene_index("wp_put_rollouts");
pub const WP_BID_ROLLOUTS: usize = gene_index("wp_bid_rollouts");
pub const WP_LAST_EXACT: usize = gene_index("wp_last_exact");
pub const WP_SKEW: usize = gene_index("wp_skew");
pub const WP_PUT_MARGIN: usize = gene_index("wp_put_margin");
pub const WP_BID_MARGIN: usize = gene_index("wp_bid_margin");
pub const WP_LOOKAHEAD: usize = gene_index("wp_lookahead");
pub const WP_LOOKAHEAD_CLOSE: usize = gene_index("wp_lookahead_close");
pub const WP_LOOKAHEAD_AUCTIONS: usize = gene_index("wp_lookahead_auctions");
pub const WP_LOOKAHEAD_EXACT: usize = gene_index("wp_lookahead_exact");
pub const WP_PUT_LOOKAHEAD: usize = gene_index("wp_put_lookahead");
pub const WP_LOOKAHEAD_POOL: usize = gene_index("wp_lookahead_pool");
pub const WP_EDGE: usize = gene_index("wp_edge");
pub const WP_BID_AUCTIONS: usize = gene_index("wp_bid_auctions");
pub const WP_READ_TOLERANCE: usize = gene_index("wp_read_tolerance");
pub const WP_READ: usize = gene_index("wp_read");
pub const WP_READ_SCALED_TOLERANCE: usize = gene_index("wp_read_scaled_tolerance");
pub const WP_READ_PICK: usize = gene_index("wp_read_pick");

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

    /// Clamps every gene into its bounds.
    pub fn clamped(mut self) -> Genome {
        for (v, g) in self.genes.iter_mut().zip(GENES.iter()) {
            *v = v.clamp(g.min, g.max);
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::rules::Category;

    #[test]
    fn genes_are_shown_as_the_bot_reads_them() {
        let shown = |i: usize, v: f64| GENES[i].shown(v);
        assert_eq!(shown(WP_PUT_AUCTIONS, 10.3739), "10");
        assert_eq!(
            shown(WP_PUT_AUCTIONS, 10.9947),
            "10",
            "at most: rounded down"
        );
        assert_eq!(shown(BID_READ_ZERO, 2.4731), "3", "at least: rounded up");
        assert_eq!(shown(WP_READ, 0.7638), "1", "a whole number: rounded");
        assert_eq!(shown(WP_LAST_EXACT, 0.9892), "on");
        assert_eq!(shown(WP_FAST, 0.4999), "off");
        assert_eq!(shown(PRIO + 5, 3.35749), "3.357");
        assert_eq!(shown(BID_CAP, 98318.17), "98318");
        assert_eq!(shown(WP_READ_TOLERANCE, 0.6065), "0.607");
        assert_eq!(shown(WP_READ_TOLERANCE, 262.93), "262.9");
        // Counts and switches have whole bounds and defaults; switches 0–1.
        for g in GENES.iter().filter(|g| g.kind != Kind::Real) {
            let whole = [g.min, g.max, g.default].iter().all(|v| v.fract() == 0.0);
            assert!(whole, "{}", g.name);
            assert!(
                g.kind != Kind::Switch || (g.min, g.max) == (0.0, 1.0),
                "{}",
                g.name
            );
        }
    }

    #[test]
    fn gene_table_is_consistent() {
        for (i, g) in GENES.iter().enumerate() {
            assert!(
                g.min < g.max && (g.min..=g.max).contains(&g.default),
                "{}",
                g.name
            );
            assert_eq!(Genome::index_of(g.name), Some(i), "names are unique");
            assert_eq!(gene_index(g.name), i);
        }
    }

    #[test]
    fn every_category_gene_is_named_for_its_category() {
        for c in Category::ALL {
            let name = c.name().to_lowercase();
            assert_eq!(GENES[PRIO + c.index()].name, format!("prio_{name}"));
        }
    }
}
