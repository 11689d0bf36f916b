//! Genomes in run files (config.toml, checkpoint.json) stored by gene name,
//! in gene-table order, so that a run outlives changes to the table: a gene
//! added later takes its default (and the run says so), a retired gene
//! (`RETIRED`) is ignored, any other gene the table does not have is an
//! error naming it.

use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::ser::{SerializeMap, Serializer};
use serde::{Deserialize, Serialize};
use std::fmt;
use yacht_core::genome::{GENES, Genome, N_GENES, is_retired};

/// A genome as run files store it.
#[derive(Clone, Debug, PartialEq)]
pub struct NamedGenes {
    pub genome: Genome,
    /// Genes the file did not have, which took their defaults.
    pub defaulted: Vec<&'static str>,
}

/// A genome's genes alone: what a run records of a genome, so a run plays
/// every genome without thinking (the GA tunes what plays fast).
impl From<&Genome> for NamedGenes {
    fn from(genome: &Genome) -> NamedGenes {
        NamedGenes {
            genome: genome.clone().without_thinking(),
            defaulted: Vec::new(),
        }
    }
}

impl Serialize for NamedGenes {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut map = s.serialize_map(Some(N_GENES))?;
        for (gene, value) in GENES.iter().zip(&self.genome.genes) {
            map.serialize_entry(gene.name, value)?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for NamedGenes {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<NamedGenes, D::Error> {
        d.deserialize_any(GenesVisitor)
    }
}

struct GenesVisitor;

impl<'de> Visitor<'de> for GenesVisitor {
    type Value = NamedGenes;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "a table of gene name = value")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<NamedGenes, A::Error> {
        let mut genes: [Option<f64>; N_GENES] = [None; N_GENES];
        while let Some((name, value)) = map.next_entry::<String, f64>()? {
            if is_retired(&name) {
                continue;
            }
            let i = Genome::index_of(&name).ok_or_else(|| {
                de::Error::custom(format!(
                    "unknown gene `{name}` (this version has no such gene; see params/default.toml)"
                ))
            })?;
            let g = &GENES[i];
            if !(g.min..=g.max).contains(&value) {
                return Err(de::Error::custom(format!(
                    "gene `{name}` = {value} is outside [{}, {}]",
                    g.min, g.max
                )));
            }
            genes[i] = Some(value);
        }
        let defaulted = GENES
            .iter()
            .zip(&genes)
            .filter(|(_, v)| v.is_none())
            .map(|(g, _)| g.name)
            .collect();
        let genome = Genome::of(std::array::from_fn(|i| {
            genes[i].unwrap_or(GENES[i].default)
        }));
        Ok(NamedGenes { genome, defaulted })
    }

    /// Files of earlier versions stored genes by position: readable only
    /// while the table has exactly as many genes.
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<NamedGenes, A::Error> {
        let mut values = Vec::new();
        while let Some(v) = seq.next_element::<f64>()? {
            values.push(v);
        }
        if values.len() != N_GENES {
            return Err(de::Error::custom(format!(
                "a genome stored by position has {} genes, this version has {N_GENES}: \
                 files of that older version cannot be read (start a new run)",
                values.len()
            )));
        }
        let genome = Genome::of(std::array::from_fn(|i| values[i])).clamped();
        Ok(NamedGenes {
            genome,
            defaulted: Vec::new(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use yacht_core::genome::BID_SCALE;

    #[derive(Serialize, Deserialize)]
    struct File {
        genes: NamedGenes,
    }

    #[test]
    fn genomes_round_trip_by_name_in_table_order() {
        let mut g = Genome::default();
        g.genes[BID_SCALE] = 0.5;
        let text = toml::to_string(&File {
            genes: NamedGenes::from(&g),
        })
        .unwrap();
        assert!(text.starts_with("[genes]\nprio_one = 0.0\n"), "{text}");
        assert!(text.contains("bid_scale = 0.5\n"));
        let back: File = toml::from_str(&text).unwrap();
        assert_eq!(back.genes.genome, g);
        assert!(back.genes.defaulted.is_empty());
    }

    #[test]
    fn a_missing_gene_takes_its_default_and_is_named() {
        let back: File = toml::from_str("[genes]\nbid_scale = 0.5\n").unwrap();
        let mut want = Genome::default();
        want.genes[BID_SCALE] = 0.5;
        assert_eq!(back.genes.genome, want);
        assert_eq!(back.genes.defaulted.len(), N_GENES - 1);
        assert!(back.genes.defaulted.contains(&"prio_one"));
    }

    #[test]
    fn unknown_genes_and_wrong_lengths_are_clear_errors() {
        let e = toml::from_str::<File>("[genes]\nbid_slop = 0.5\n")
            .err()
            .unwrap()
            .to_string();
        assert!(e.contains("unknown gene `bid_slop`"), "{e}");
        let e = serde_json::from_str::<File>(r#"{"genes": [1.0, 2.0]}"#)
            .err()
            .unwrap()
            .to_string();
        assert!(e.contains("has 2 genes, this version has"), "{e}");
        let positional = format!(r#"{{"genes": {:?}}}"#, Genome::default().genes);
        let back: File = serde_json::from_str(&positional).unwrap();
        assert_eq!(back.genes.genome, Genome::default());
    }
}
