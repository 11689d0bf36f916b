//! The genome: the named, bounded, documented weights of the tuned bot, as
//! one table (`GENES`) that the TOML files, the optimisers, `build.rs`,
//! the budget and the bot all read. Each gene is one definition: its name
//! (the TOML key), its kind (a real number, a count, a switch or a named
//! choice), bounds, default, doc and the mechanism it belongs to; the bot
//! reads a genome only through the typed `Plan` (module `plan`) decoded
//! from it once. Std-only: exported into the submission file.

mod field;
mod gene;
pub mod plan;
mod table;
mod think;

pub use gene::{Gene, Kind, MECHANISMS, Mechanism, Rounding};
pub use table::*;
pub use think::{Think, ThinkField};

/// Retired genes: no code reads them; a genome file that names one reads
/// with the gene ignored (old runs and hall-of-fame files stay readable),
/// and nothing writes them. Why each went: docs/genome.md, "Retired genes".
pub const RETIRED: &[&str] = &[
    "bid_no_conflict",
    "wp_put_rollouts",
    "wp_bid_rollouts",
    "wp_put_lookahead",
    "wp_confidence",
    "wp_lookahead_close",
    "wp_read_pick",
];

/// Whether `name` is a retired gene.
pub fn is_retired(name: &str) -> bool {
    RETIRED.contains(&name)
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

/// A genome: one value per gene, in `GENES` order, and how much the bot
/// thinks at play time (not a gene: see [`Think`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Genome {
    pub genes: [f64; N_GENES],
    pub think: Think,
}

impl Default for Genome {
    fn default() -> Genome {
        Genome::of(std::array::from_fn(|i| GENES[i].default))
    }
}

impl Genome {
    /// The genome of `genes`, thinking off (what an optimiser proposes).
    pub fn of(genes: [f64; N_GENES]) -> Genome {
        Genome {
            genes,
            think: Think::OFF,
        }
    }

    /// The same genes, thinking off.
    pub fn without_thinking(self) -> Genome {
        Genome::of(self.genes)
    }

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
