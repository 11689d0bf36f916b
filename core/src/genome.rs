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
}

const fn g(name: &'static str, min: f64, max: f64, default: f64, doc: &'static str) -> Gene {
    Gene {
        name,
        min,
        max,
        default,
        doc,
    }
}

/// Index of the first category priority (ONE … YACHT follow in order).
pub const PRIO: usize = 0;
/// Index of the first per-category carry weight.
pub const CARRY: usize = 12;
pub const OUTLOOK_WEIGHT: usize = 24;
pub const CARRY_SCALE: usize = 25;
pub const UPPER_WEIGHT: usize = 26;
pub const BONUS_CHASE: usize = 27;
pub const ZERO_PENALTY: usize = 28;
pub const BID_SLOPE: usize = 29;
pub const BID_OPP_WEIGHT: usize = 30;
pub const BID_CURVE: usize = 31;
pub const BID_CAP: usize = 32;
pub const BID_OFFSET: usize = 33;
pub const BID_ROUNDS: usize = 34;
pub const BID_LEAD: usize = 35;
pub const BID_NO_CONFLICT: usize = 36;
pub const BID_FOLLOW: usize = 37;
pub const BID_ADAPT_MULT: usize = 38;
pub const BID_ADAPT_MARGIN: usize = 39;
/// Number of genes.
pub const N_GENES: usize = 40;

const PRIO_DOC: &str = "priority of using this category now, in thousands of points added to a put into it (negative: save it for later)";
const CARRY_DOC: &str = "how much the carried dice's promise for this category counts (multiplies its expected advantage over par)";

/// Every gene, in genome order.
pub const GENES: [Gene; N_GENES] = [
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
    g("carry_one", 0.0, 2.0, 1.0, CARRY_DOC),
    g("carry_two", 0.0, 2.0, 1.0, CARRY_DOC),
    g("carry_three", 0.0, 2.0, 1.0, CARRY_DOC),
    g("carry_four", 0.0, 2.0, 1.0, CARRY_DOC),
    g("carry_five", 0.0, 2.0, 1.0, CARRY_DOC),
    g("carry_six", 0.0, 2.0, 1.0, CARRY_DOC),
    g("carry_choice", 0.0, 2.0, 1.0, CARRY_DOC),
    g("carry_four_of_a_kind", 0.0, 2.0, 1.0, CARRY_DOC),
    g("carry_full_house", 0.0, 2.0, 1.0, CARRY_DOC),
    g("carry_small_straight", 0.0, 2.0, 1.0, CARRY_DOC),
    g("carry_large_straight", 0.0, 2.0, 1.0, CARRY_DOC),
    g("carry_yacht", 0.0, 2.0, 1.0, CARRY_DOC),
    g(
        "outlook_weight",
        0.5,
        1.5,
        1.0,
        "weight of the outlook table V(used, upper): the expected points still to come after a put",
    ),
    g(
        "carry_scale",
        0.0,
        3.0,
        1.0,
        "overall weight of the carried dice's value (sum over open categories of carry weight x expected advantage, divided by the number open)",
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
        "bid_slope",
        0.0,
        1.0,
        0.25,
        "bid per point of value difference between the bundles (0.25 is the auction's equilibrium for score difference)",
    ),
    g(
        "bid_opp_weight",
        0.0,
        2.0,
        1.0,
        "weight of the opponent's value difference in the bid (my difference counts 1)",
    ),
    g(
        "bid_curve",
        0.5,
        1.5,
        1.0,
        "curvature: the bid grows as (difference in thousands)^curve; above 1 bids more on big differences",
    ),
    g("bid_cap", 0.0, 100000.0, 30000.0, "largest bid"),
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
        "bid_no_conflict",
        0.0,
        1.0,
        0.1,
        "bid multiplier when the opponent is predicted to want the other bundle (a bid is then simply paid)",
    ),
    g(
        "bid_follow",
        0.0,
        1.5,
        0.0,
        "when contested, bid at least this times the opponent's mean bid so far",
    ),
    g(
        "bid_adapt_mult",
        0.0,
        5.0,
        2.0,
        "after two rounds, bid at most this times the opponent's largest bid so far, plus bid_adapt_margin",
    ),
    g(
        "bid_adapt_margin",
        0.0,
        10000.0,
        1000.0,
        "see bid_adapt_mult: the margin over the opponent's scaled largest bid",
    ),
];

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

    #[test]
    fn gene_table_is_consistent() {
        for (i, g) in GENES.iter().enumerate() {
            assert!(
                g.min < g.max && (g.min..=g.max).contains(&g.default),
                "{}",
                g.name
            );
            assert_eq!(Genome::index_of(g.name), Some(i));
        }
        assert_eq!(GENES[BID_FOLLOW].name, "bid_follow");
        assert_eq!(GENES[CARRY + 11].name, "carry_yacht");
        assert_eq!(GENES[OUTLOOK_WEIGHT].name, "outlook_weight");
    }
}
