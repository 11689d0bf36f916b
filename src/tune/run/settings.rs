//! A run's settings (`RunSettings`): the one definition of how a run
//! searches and measures, which `tuner evolve` decodes its flags into once,
//! `create_run` is given, and config.toml records among its top-level keys
//! (flattened into `RunConfig`, which refuses unknown keys).

use crate::tune::budget::Budget;
use crate::tune::eval::Fitness;
use crate::tune::optim::OptimizerKind;
use crate::tune::optim::ga::GaSettings;
use crate::tune::optim::racing::Racing;
use serde::{Deserialize, Serialize};

/// How a run searches and measures. A field absent from a config.toml
/// reads as the behaviour of a run that does not set it.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct RunSettings {
    /// Seed of every random stream of the run.
    pub seed: u64,
    pub generations: u32,
    /// Genomes per generation (at least 2).
    pub population: usize,
    /// Games per opponent per evaluation (deals played twice).
    pub games: u64,
    /// Games per opponent when validating the top genomes at the end.
    pub validation_games: u64,
    /// How many of the final ranking are validated.
    pub validate_top: usize,
    /// The first generation's spread around the initial genomes: every
    /// free gene of a perturbed copy moves by this fraction of its range.
    pub init_sigma: f64,
    /// The GA's settings, the genes every optimiser leaves as the initial
    /// genomes have them (`frozen`) among them.
    pub ga: GaSettings,
    /// What a game is worth to the fitness (absent: the win rate).
    #[serde(default)]
    pub fitness: Fitness,
    /// Futures per win-probability decision by rollouts in the run's games
    /// (see `config::at_budget`); 0, and absent: those decisions off.
    #[serde(default)]
    pub rollouts: u32,
    /// Which optimiser proposes each generation (absent: the GA).
    #[serde(default, skip_serializing_if = "is_ga")]
    pub optimizer: OptimizerKind,
    /// CMA-ES's first step size, in runs that use it (absent from a CMA-ES
    /// run: `SIGMA0_BEFORE`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cmaes_sigma: Option<f64>,
    /// The most searches per game a genome may spend (`--max-searches`),
    /// a look-ahead leaf a quarter; none: no limit.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_searches: Option<Budget>,
    /// How a generation's games are spread over its genomes (absent:
    /// flat, every genome every game).
    #[serde(default)]
    pub racing: Racing,
}

fn is_ga(k: &OptimizerKind) -> bool {
    *k == OptimizerKind::Ga
}
