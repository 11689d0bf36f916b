//! Whom each genome of a generation is measured against: its parent (a
//! start of the same generation, or a parent of the last with the score it
//! had there) and the genes in which it differs from it. The success rule
//! and the paths read it; the first brood and each generation step write it.

use serde::{Deserialize, Serialize};
use yacht_core::genome::{GENES, Genome, N_GENES};

/// Whom a genome of a population is measured against.
#[derive(Clone, Copy, Debug, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "lowercase")]
pub enum Parent {
    /// No one: a starting genome or an elite (a copy, re-evaluated).
    None,
    /// A genome of the same generation (the first generation's starts):
    /// its index there, measured on the same dice.
    Here(usize),
    /// A parent of the last generation, with the score it had there.
    Scored(f64),
}

/// A genome's parent and the genes in which it differs from it.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Lineage {
    pub parent: Parent,
    /// Indices of the genes that differ from the parent's.
    pub moved: Vec<usize>,
    /// How far each of them moved (child less parent, a fraction of the
    /// gene's range), in `moved`'s order; empty in a run without a path.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub by: Vec<f64>,
}

impl Lineage {
    /// A genome measured against no one.
    pub fn none() -> Lineage {
        Lineage {
            parent: Parent::None,
            moved: Vec::new(),
            by: Vec::new(),
        }
    }

    /// `child` against `parent`, which scored as `of` says.
    pub fn of(child: &Genome, parent: &Genome, of: Parent) -> Lineage {
        let moved: Vec<usize> = (0..N_GENES)
            .filter(|&i| child.genes[i] != parent.genes[i])
            .collect();
        let by = moved
            .iter()
            .map(|&i| (child.genes[i] - parent.genes[i]) / (GENES[i].max - GENES[i].min))
            .collect();
        Lineage {
            parent: of,
            moved,
            by,
        }
    }

    /// How far gene `i` moved (a fraction of its range), if it did and
    /// the lineage says.
    pub fn by(&self, i: usize) -> Option<f64> {
        let k = self.moved.iter().position(|&j| j == i)?;
        self.by.get(k).copied()
    }
}

/// A generation as an optimiser proposes it: the genomes and each one's lineage.
#[derive(Clone, Debug, PartialEq)]
pub struct Brood {
    pub genomes: Vec<Genome>,
    pub lineage: Vec<Lineage>,
}
