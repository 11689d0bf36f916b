//! The GA's settings (`GaSettings`, recorded in a run's config.toml): the
//! defaults, `classic()` (no centroid elite, no wide share), `fixed()`
//! (fixed steps), and what a config.toml without a field reads as.

use super::steps::Adapt;
use serde::{Deserialize, Serialize};

/// GA settings.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
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
    /// deviation), every gene's, when the steps are not adapted.
    pub mutation_sigma: f64,
    /// How the run adapts each gene's step to its children's fortunes
    /// (`steps`; they start at the run's `init_sigma`); none: every step
    /// is `mutation_sigma`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub adapt: Option<Adapt>,
    /// Diversity kept: while the population's diversity over its free
    /// genes (see `diversity`) is below this, the wide children's mutation
    /// step grows by floor / diversity (at most `MAX_BOOST` times). 0: off.
    #[serde(default)]
    pub diversity_floor: f64,
    /// The share of the children that take the floor's wider step (every
    /// second one at 0.5); the others take `mutation_sigma`. Absent from
    /// a config.toml: 1 (every child).
    #[serde(default = "every_child")]
    pub wide_share: f64,
    /// The last elite (of at least two) is the better half's centroid,
    /// weighted by rank as CMA-ES weighs its mean: it averages the noise
    /// of half the generation. Absent from a config.toml: off.
    #[serde(default)]
    pub centroid_elite: bool,
    /// Genes left as the starting genomes have them (`--freeze`): names,
    /// or `prefix*` for every gene whose name starts so.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub frozen: Vec<String>,
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
            adapt: Some(Adapt::default()),
            diversity_floor: 0.0,
            wide_share: 0.5,
            centroid_elite: true,
            frozen: Vec::new(),
        }
    }
}

impl GaSettings {
    /// The classic GA: no centroid elite, no wide share
    /// (`--diversity-floor 0 --wide-share 1 --centroid-elite false`).
    pub fn classic() -> GaSettings {
        GaSettings {
            diversity_floor: 0.0,
            wide_share: 1.0,
            centroid_elite: false,
            ..GaSettings::fixed()
        }
    }

    /// The GA with fixed steps (`--step-target 0`): every step `mutation_sigma`, half the children
    /// wider under the diversity floor 0.4.
    pub fn fixed() -> GaSettings {
        GaSettings {
            adapt: None,
            diversity_floor: 0.4,
            ..GaSettings::default()
        }
    }
}

fn every_child() -> f64 {
    1.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_written_before_the_centroid_and_the_share_read_as_the_classic_ga() {
        let old = "elites = 2\ntournament = 3\ncrossover = 0.7\nblx_alpha = 0.3\n\
                   mutation_rate = 0.15\nmutation_sigma = 0.08\n";
        let read: GaSettings = toml::from_str(old).unwrap();
        assert_eq!(read, GaSettings::classic());
        let now = toml::to_string(&GaSettings::default()).unwrap();
        assert_eq!(
            toml::from_str::<GaSettings>(&now).unwrap(),
            GaSettings::default()
        );
    }
}
