//! The GA's settings (`GaSettings`): the defaults, `classic()` (fixed
//! steps, no centroid elite, no wide share) and `fixed()` (fixed steps),
//! as the `[ga]` table of a run's config.toml records them (`GaRecord`; a
//! field it lacks reads as a run without it).

use super::adapt::{Adapt, StepRule};
use serde::{Deserialize, Serialize};

/// GA settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GaSettings {
    /// Genomes copied unchanged into the next generation (re-evaluated there).
    pub elites: usize,
    /// Tournament size for parent selection.
    pub tournament: usize,
    /// Probability of crossover (else the first parent is copied).
    pub crossover: f64,
    /// BLX-α: children range over the parents' interval widened by α each side.
    pub blx_alpha: f64,
    /// Probability that a gene mutates.
    pub mutation_rate: f64,
    /// Mutation step as a fraction of the gene's range (standard
    /// deviation), every gene's, when the steps are fixed.
    pub mutation_sigma: f64,
    /// Fixed steps, or steps adapted to the children's fortunes (they
    /// start at the run's `init_sigma`): recorded as `adapt`, how they
    /// adapt (absent: fixed steps).
    #[serde(
        rename = "adapt",
        default = "fixed_steps",
        skip_serializing_if = "is_fixed",
        with = "recorded"
    )]
    pub steps: StepRule,
    /// Diversity kept: while the population's diversity over its free
    /// genes (see `diversity`) is below this, the wide children's mutation
    /// step grows by floor / diversity (at most `MAX_BOOST` times). 0
    /// (and absent): off.
    #[serde(default)]
    pub diversity_floor: f64,
    /// The share of the children that take the floor's wider step (every
    /// second one at 0.5); the others take the plain step. Absent: 1
    /// (every child).
    #[serde(default = "every_child")]
    pub wide_share: f64,
    /// The last elite (of at least two) is the better half's centroid,
    /// weighted by rank as CMA-ES weighs its mean: it averages the noise
    /// of half the generation. Absent: off.
    #[serde(default)]
    pub centroid_elite: bool,
}

impl Default for GaSettings {
    fn default() -> GaSettings {
        GaSettings {
            elites: 2,
            tournament: 3,
            crossover: 0.7,
            blx_alpha: 0.3,
            mutation_rate: 0.15,
            mutation_sigma: 0.08,
            steps: StepRule::Adapted(Adapt::default()),
            diversity_floor: 0.0,
            wide_share: 0.5,
            centroid_elite: true,
        }
    }
}

impl GaSettings {
    /// The classic GA: fixed steps, no centroid elite, no wide share
    /// (`--step-target 0 --diversity-floor 0 --wide-share 1
    /// --centroid-elite false`).
    pub fn classic() -> GaSettings {
        GaSettings {
            diversity_floor: 0.0,
            wide_share: 1.0,
            centroid_elite: false,
            ..GaSettings::fixed()
        }
    }

    /// The GA with fixed steps (`--step-target 0`): every step
    /// `mutation_sigma`, half the children wider under the diversity floor 0.4.
    pub fn fixed() -> GaSettings {
        GaSettings {
            steps: StepRule::Fixed,
            diversity_floor: 0.4,
            ..GaSettings::default()
        }
    }
}

/// The `[ga]` table of a run's config.toml: the GA's settings, and the
/// frozen genes when it lists them (they are the run's,
/// `RunSettings::frozen`: read from here, written there).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct GaRecord {
    #[serde(flatten)]
    pub settings: GaSettings,
    #[serde(default, skip_serializing)]
    pub frozen: Vec<String>,
}

fn every_child() -> f64 {
    1.0
}

fn fixed_steps() -> StepRule {
    StepRule::Fixed
}

fn is_fixed(rule: &StepRule) -> bool {
    *rule == StepRule::Fixed
}

/// The step rule as its `adapt` entry: the adaptation, or none.
mod recorded {
    use super::{Adapt, StepRule};
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    pub fn serialize<S: Serializer>(rule: &StepRule, s: S) -> Result<S::Ok, S::Error> {
        rule.adapted().serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<StepRule, D::Error> {
        Adapt::deserialize(d).map(StepRule::Adapted)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<GaRecord, toml::de::Error> {
        toml::from_str(text)
    }

    #[test]
    fn a_table_without_the_centroid_the_share_or_adapt_reads_as_the_classic_ga() {
        let old = "elites = 2\ntournament = 3\ncrossover = 0.7\nblx_alpha = 0.3\n\
                   mutation_rate = 0.15\nmutation_sigma = 0.08\n";
        assert_eq!(read(old).unwrap().settings, GaSettings::classic());
        for settings in [GaSettings::default(), GaSettings::fixed()] {
            let record = GaRecord {
                settings,
                frozen: Vec::new(),
            };
            let text = toml::to_string(&record).unwrap();
            assert_eq!(read(&text).unwrap(), record, "{text}");
        }
        let listed = read(&format!("{old}frozen = [\"prio_one\"]\n")).unwrap();
        assert_eq!(listed.frozen, ["prio_one"]);
        assert!(!toml::to_string(&listed).unwrap().contains("frozen"));
        let bogus = read(&format!("{old}bogus = 1\n")).unwrap_err();
        assert!(bogus.message().contains("bogus"), "{bogus}");
    }
}
