//! Each gene's step scale: the share of its range-based step (σ times the
//! range) that a move of the gene takes, for the GA's mutation, the first
//! population's perturbation and CMA-ES's first distribution. All 1 (the
//! range alone) unless a run calibrated them (`tune::calibrate`): then a
//! gene whose plain move would decide many games takes a shorter one.
//! Stored in a run's config.toml as `gene = scale` for the genes below 1.

use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::ser::{SerializeMap, Serializer};
use serde::{Deserialize, Serialize};
use std::fmt;
use yacht_core::genome::{GENES, Genome, N_GENES, is_retired};

/// Each gene's step scale, in (0, 1], by gene index.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Steps(pub [f64; N_GENES]);

impl Default for Steps {
    /// Every gene's step by its range alone.
    fn default() -> Steps {
        Steps([1.0; N_GENES])
    }
}

impl Steps {
    /// Gene `i`'s scale.
    pub fn of(&self, i: usize) -> f64 {
        self.0[i]
    }

    /// Whether every gene steps by its range alone (what runs before the
    /// scales were recorded did).
    pub fn is_plain(&self) -> bool {
        self.0.iter().all(|&s| s == 1.0)
    }
}

impl Serialize for Steps {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let scaled: Vec<usize> = (0..N_GENES).filter(|&i| self.0[i] != 1.0).collect();
        let mut map = s.serialize_map(Some(scaled.len()))?;
        for i in scaled {
            map.serialize_entry(GENES[i].name, &self.0[i])?;
        }
        map.end()
    }
}

impl<'de> Deserialize<'de> for Steps {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Steps, D::Error> {
        d.deserialize_map(StepsVisitor)
    }
}

struct StepsVisitor;

impl<'de> Visitor<'de> for StepsVisitor {
    type Value = Steps;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "a table of gene name = step scale")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Steps, A::Error> {
        let mut steps = Steps::default();
        while let Some((name, scale)) = map.next_entry::<String, f64>()? {
            if is_retired(&name) {
                continue;
            }
            let i = Genome::index_of(&name)
                .ok_or_else(|| de::Error::custom(format!("unknown gene `{name}`")))?;
            if !(scale > 0.0 && scale <= 1.0) {
                return Err(de::Error::custom(format!(
                    "gene `{name}`: step scale {scale} is not in (0, 1]"
                )));
            }
            steps.0[i] = scale;
        }
        Ok(steps)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use yacht_core::genome::{BID_SCALE, PRIO};

    #[derive(Serialize, Deserialize, Debug, PartialEq)]
    struct File {
        #[serde(default, skip_serializing_if = "Steps::is_plain")]
        steps: Steps,
    }

    #[test]
    fn only_the_scaled_genes_are_written_and_they_read_back() {
        let mut steps = Steps::default();
        steps.0[PRIO] = 0.125;
        steps.0[BID_SCALE] = 0.5;
        let text = toml::to_string(&File { steps }).unwrap();
        assert_eq!(text, "[steps]\nprio_one = 0.125\nbid_scale = 0.5\n");
        assert_eq!(toml::from_str::<File>(&text).unwrap(), File { steps });
        assert_eq!(toml::to_string(&File::default_plain()).unwrap(), "");
        assert_eq!(toml::from_str::<File>("").unwrap(), File::default_plain());
        let bad = toml::from_str::<File>("[steps]\nprio_one = 2.0\n").unwrap_err();
        assert!(bad.to_string().contains("not in (0, 1]"), "{bad}");
    }

    impl File {
        fn default_plain() -> File {
            File {
                steps: Steps::default(),
            }
        }
    }
}
