//! The types a plan field reads its gene as (`FromGene`): `f32` a real,
//! `u32` a count, `bool` a switch, and each choice its enum (`Read`).

use super::gene::{Gene, Kind};

/// The options of `wp_read`, in the order of [`Read`]'s variants.
pub const READS: [&str; 3] = ["off", "rules", "scaled"];

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

/// A plan field's type, read from its gene's value by the gene's kind.
pub trait FromGene {
    /// The field from `value`, the gene's number in the genome.
    fn from_gene(gene: &Gene, value: f64) -> Self;
    /// Whether a gene of `kind` reads as this type.
    fn fits(kind: Kind) -> bool;
}

/// A real: the number as the bot computes in.
impl FromGene for f32 {
    fn from_gene(_: &Gene, value: f64) -> f32 {
        value as f32
    }
    fn fits(kind: Kind) -> bool {
        kind == Kind::Real
    }
}

/// A count: the whole number its rounding makes.
impl FromGene for u32 {
    fn from_gene(gene: &Gene, value: f64) -> u32 {
        gene.kind.decode(value) as u32
    }
    fn fits(kind: Kind) -> bool {
        matches!(kind, Kind::Count(_))
    }
}

/// A switch: on at 1.
impl FromGene for bool {
    fn from_gene(gene: &Gene, value: f64) -> bool {
        u32::from_gene(gene, value) == 1
    }
    fn fits(kind: Kind) -> bool {
        kind == Kind::Switch
    }
}

/// `wp_read`'s options, by index.
impl FromGene for Read {
    fn from_gene(gene: &Gene, value: f64) -> Read {
        [Read::Off, Read::Rules, Read::Scaled][u32::from_gene(gene, value) as usize]
    }
    fn fits(kind: Kind) -> bool {
        kind == Kind::Choice(&READS)
    }
}
