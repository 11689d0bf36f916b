//! The GA's settings (`GaSettings`): the defaults, `classic()` (fixed
//! steps, no centroid elite, no wide share) and `fixed()` (fixed steps),
//! and `GaRecord`, the `[ga]` table of a run's config.toml they are read
//! from and written as (a field it lacks reads as a run without it).

use super::adapt::{Adapt, StepRule};
use serde::{Deserialize, Serialize};

/// GA settings.
#[derive(Clone, Debug, PartialEq)]
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
    /// start at the run's `init_sigma`).
    pub steps: StepRule,
    /// Diversity kept: while the population's diversity over its free
    /// genes (see `diversity`) is below this, the wide children's mutation
    /// step grows by floor / diversity (at most `MAX_BOOST` times). 0: off.
    pub diversity_floor: f64,
    /// The share of the children that take the floor's wider step (every
    /// second one at 0.5); the others take the plain step.
    pub wide_share: f64,
    /// The last elite (of at least two) is the better half's centroid,
    /// weighted by rank as CMA-ES weighs its mean: it averages the noise
    /// of half the generation.
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

/// The `[ga]` table of a run's config.toml.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct GaRecord {
    pub elites: usize,
    pub tournament: usize,
    pub crossover: f64,
    pub blx_alpha: f64,
    pub mutation_rate: f64,
    pub mutation_sigma: f64,
    /// How the steps adapt; absent: fixed steps.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub adapt: Option<Adapt>,
    /// Absent: 0 (off).
    #[serde(default)]
    pub diversity_floor: f64,
    /// Absent: 1 (every child).
    #[serde(default = "every_child")]
    pub wide_share: f64,
    /// Absent: off.
    #[serde(default)]
    pub centroid_elite: bool,
    /// Frozen genes when the table lists them: they are the run's
    /// (`RunSettings::frozen`), read from here and written there.
    #[serde(default, skip_serializing)]
    pub frozen: Vec<String>,
}

fn every_child() -> f64 {
    1.0
}

impl From<&GaRecord> for GaSettings {
    fn from(r: &GaRecord) -> GaSettings {
        GaSettings {
            elites: r.elites,
            tournament: r.tournament,
            crossover: r.crossover,
            blx_alpha: r.blx_alpha,
            mutation_rate: r.mutation_rate,
            mutation_sigma: r.mutation_sigma,
            steps: r.adapt.map_or(StepRule::Fixed, StepRule::Adapted),
            diversity_floor: r.diversity_floor,
            wide_share: r.wide_share,
            centroid_elite: r.centroid_elite,
        }
    }
}

impl From<&GaSettings> for GaRecord {
    fn from(s: &GaSettings) -> GaRecord {
        GaRecord {
            elites: s.elites,
            tournament: s.tournament,
            crossover: s.crossover,
            blx_alpha: s.blx_alpha,
            mutation_rate: s.mutation_rate,
            mutation_sigma: s.mutation_sigma,
            adapt: s.steps.adapted().copied(),
            diversity_floor: s.diversity_floor,
            wide_share: s.wide_share,
            centroid_elite: s.centroid_elite,
            frozen: Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_without_the_centroid_the_share_or_adapt_reads_as_the_classic_ga() {
        let old = "elites = 2\ntournament = 3\ncrossover = 0.7\nblx_alpha = 0.3\n\
                   mutation_rate = 0.15\nmutation_sigma = 0.08\n";
        let read: GaRecord = toml::from_str(old).unwrap();
        assert_eq!(GaSettings::from(&read), GaSettings::classic());
        for s in [GaSettings::default(), GaSettings::fixed()] {
            let text = toml::to_string(&GaRecord::from(&s)).unwrap();
            let back: GaRecord = toml::from_str(&text).unwrap();
            assert_eq!(GaSettings::from(&back), s);
        }
        let listed: GaRecord = toml::from_str(&format!("{old}frozen = [\"prio_one\"]\n")).unwrap();
        assert_eq!(listed.frozen, ["prio_one"]);
        assert!(!toml::to_string(&listed).unwrap().contains("frozen"));
    }
}
