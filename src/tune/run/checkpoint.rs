//! checkpoint.json: the state after a finished generation, written
//! atomically after each one, so a killed run resumes to the same result.
//! The optimiser's state is one slot, whatever the optimiser; a file that
//! keeps the GA's apart (`ga`), or none for a GA with fixed steps, reads
//! as the GA's state.

use super::generations::GenerationRow;
use crate::tune::named::NamedGenes;
use crate::tune::optim::State;
use crate::tune::optim::ga::GaState;
use serde::{Deserialize, Serialize};
use yacht_core::genome::Genome;

/// The state after a finished generation (checkpoint.json).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(from = "CheckpointRecord")]
pub struct Checkpoint {
    /// The generation to evaluate next.
    pub next_generation: u32,
    pub population: Vec<NamedGenes>,
    /// Fitness of the last evaluated population (for the final ranking).
    pub last_fitness: Vec<f64>,
    pub last_population: Vec<NamedGenes>,
    /// Every fitness each genome of `last_population` got, oldest first:
    /// an elite is evaluated again, on fresh dice, in each generation it
    /// survives. Empty in a checkpoint without them.
    #[serde(default)]
    pub last_scores: Vec<Vec<f64>>,
    pub rows: Vec<GenerationRow>,
    /// The optimiser's state after proposing `population`.
    pub optimizer: State,
    /// The genomes the optimiser puts forward after the last generation,
    /// best first: validation measures these (empty when the optimiser
    /// leaves validation the top of the last population).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub proposals: Vec<NamedGenes>,
}

/// checkpoint.json as read: the optimiser's state in its slot, or the
/// GA's apart.
#[derive(Deserialize)]
struct CheckpointRecord {
    next_generation: u32,
    population: Vec<NamedGenes>,
    last_fitness: Vec<f64>,
    last_population: Vec<NamedGenes>,
    #[serde(default)]
    last_scores: Vec<Vec<f64>>,
    rows: Vec<GenerationRow>,
    #[serde(default)]
    optimizer: Option<State>,
    #[serde(default)]
    proposals: Vec<NamedGenes>,
    /// The GA's steps and lineage, kept apart from the slot.
    #[serde(default)]
    ga: Option<GaState>,
}

impl From<CheckpointRecord> for Checkpoint {
    fn from(r: CheckpointRecord) -> Checkpoint {
        Checkpoint {
            next_generation: r.next_generation,
            population: r.population,
            last_fitness: r.last_fitness,
            last_population: r.last_population,
            last_scores: r.last_scores,
            rows: r.rows,
            optimizer: r
                .optimizer
                .unwrap_or_else(|| State::Ga(r.ga.unwrap_or_default())),
            proposals: r.proposals,
        }
    }
}

/// Parts of a checkpoint that do not agree.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Inconsistent {
    #[error("a population of {0}")]
    Population(usize),
    #[error("{0} fitness values for {1} genomes")]
    Fitness(usize, usize),
    #[error("{0} rows for {1} generations")]
    Rows(usize, u32),
    #[error("no last generation")]
    NoLastGeneration,
    #[error("scores of {0} genomes for {1}")]
    Scores(usize, usize),
}

impl Checkpoint {
    /// Whether its parts agree: a population to go on with, one fitness
    /// per genome last evaluated, one row per generation done.
    pub fn check(&self) -> Result<(), Inconsistent> {
        let last = self.last_population.len();
        if self.population.len() < 2 {
            return Err(Inconsistent::Population(self.population.len()));
        }
        if self.last_fitness.len() != last {
            return Err(Inconsistent::Fitness(self.last_fitness.len(), last));
        }
        if self.rows.len() != self.next_generation as usize {
            return Err(Inconsistent::Rows(self.rows.len(), self.next_generation));
        }
        if self.next_generation > 0 && last == 0 {
            return Err(Inconsistent::NoLastGeneration);
        }
        if !self.last_scores.is_empty() && self.last_scores.len() != last {
            return Err(Inconsistent::Scores(self.last_scores.len(), last));
        }
        Ok(())
    }

    /// The scores `pop`'s genomes already have: those of the same genome
    /// in the last population (an elite, or a child that is an exact copy).
    pub fn carried_scores(&self, pop: &[Genome]) -> Vec<Vec<f64>> {
        pop.iter()
            .map(|g| {
                self.last_population
                    .iter()
                    .zip(&self.last_scores)
                    .find(|(p, _)| p.genome == *g)
                    .map_or_else(Vec::new, |(_, s)| s.clone())
            })
            .collect()
    }

    /// What the last population's genomes are ranked by for validation:
    /// each one's mean over all its evaluations (its latest fitness in
    /// checkpoints without scores).
    pub fn mean_scores(&self) -> Vec<f64> {
        if self.last_scores.len() != self.last_population.len() {
            return self.last_fitness.clone();
        }
        self.last_scores
            .iter()
            .map(|s| s.iter().sum::<f64>() / s.len().max(1) as f64)
            .collect()
    }
}

/// The genes some of `genomes` took by default (their file predates them),
/// in table order.
pub fn defaulted<'a>(genomes: impl Iterator<Item = &'a NamedGenes>) -> Vec<&'static str> {
    let mut names: Vec<&'static str> = genomes.flat_map(|g| g.defaulted.clone()).collect();
    names.sort_by_key(|n| Genome::index_of(n));
    names.dedup();
    names
}

/// `pop` as run files store it.
pub fn named(pop: &[Genome]) -> Vec<NamedGenes> {
    pop.iter().map(NamedGenes::from).collect()
}

/// The genomes of `pop`.
pub fn genomes(pop: &[NamedGenes]) -> Vec<Genome> {
    pop.iter().map(|g| g.genome.clone()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tune::optim::toolkit::ranking;

    #[test]
    fn validation_ranks_by_the_mean_over_re_evaluations() {
        let genome = |bid_scale: f64| {
            let mut g = Genome::default();
            g.genes[yacht_core::genome::BID_SCALE] = bid_scale;
            g
        };
        let (elite, lucky, new) = (genome(0.5), genome(0.7), genome(0.9));
        let mut cp = Checkpoint {
            next_generation: 0,
            population: named(&[elite.clone(), new.clone()]),
            last_fitness: vec![0.60, 0.66],
            last_population: named(&[elite.clone(), lucky.clone()]),
            last_scores: vec![vec![0.64, 0.63, 0.60], vec![0.66]],
            rows: Vec::new(),
            optimizer: State::Ga(GaState::default()),
            proposals: Vec::new(),
        };
        // The elite's mean (0.623) is below the lucky child's single score,
        // but its latest fitness was lower still.
        assert_eq!(ranking(&cp.last_fitness), [1, 0]);
        let means = cp.mean_scores();
        assert!((means[0] - 0.623_333).abs() < 1e-5 && means[1] == 0.66);
        cp.last_scores[1] = vec![0.66, 0.58];
        assert_eq!(ranking(&cp.mean_scores()), [0, 1]);
        // The next generation's elite carries its scores; a new genome has none.
        assert_eq!(
            cp.carried_scores(&[elite.clone(), new]),
            [vec![0.64, 0.63, 0.60], vec![]]
        );
        // A checkpoint from before the scores ranks by the latest fitness.
        cp.last_scores.clear();
        assert_eq!(cp.mean_scores(), cp.last_fitness);
        cp.last_scores = vec![vec![0.6]];
        assert_eq!(cp.check(), Err(Inconsistent::Scores(1, 2)));
        assert_eq!(
            Inconsistent::Scores(1, 2).to_string(),
            "scores of 1 genomes for 2"
        );
    }

    #[test]
    fn the_gas_state_kept_apart_or_not_at_all_reads_into_the_one_slot() {
        let steps = vec![("bid_scale".to_string(), 0.05)];
        let kept = GaState {
            steps: steps.clone(),
            held: Some(0.5),
            ..GaState::default()
        };
        let cp = Checkpoint {
            next_generation: 0,
            population: named(&[Genome::default(), Genome::default()]),
            last_fitness: vec![],
            last_population: vec![],
            last_scores: vec![],
            rows: vec![],
            optimizer: State::Ga(kept.clone()),
            proposals: vec![],
        };
        let text = serde_json::to_string(&cp).unwrap();
        assert!(text.contains("\"optimizer\":{\"kind\":\"ga\""), "{text}");
        assert_eq!(serde_json::from_str::<Checkpoint>(&text).unwrap(), cp);
        let mut apart: serde_json::Value = serde_json::from_str(&text).unwrap();
        let slot = apart.as_object_mut().unwrap().remove("optimizer").unwrap();
        apart["ga"] = slot;
        assert_eq!(
            serde_json::from_value::<Checkpoint>(apart.clone()).unwrap(),
            cp
        );
        apart.as_object_mut().unwrap().remove("ga");
        let none: Checkpoint = serde_json::from_value(apart).unwrap();
        assert_eq!(none.optimizer, State::Ga(GaState::default()));
    }
}
