//! A run's settings (`RunSettings`): the one definition of how a run
//! searches and measures, which `tuner evolve` decodes its flags into once,
//! `create_run` is given, and config.toml records among its top-level keys
//! (flattened into `RunConfig`, which refuses unknown keys) as
//! `SettingsRecord`: the optimiser's kind among the keys, the GA's
//! settings in a `[ga]` table, CMA-ES's first step as `cmaes_sigma`.

use crate::tune::budget::Budget;
use crate::tune::eval::Fitness;
use crate::tune::optim::cmaes::{CmaesSettings, SIGMA0_BEFORE};
use crate::tune::optim::ga::GaRecord;
use crate::tune::optim::racing::Racing;
use crate::tune::optim::{OptimizerKind, OptimizerSettings};
use serde::{Deserialize, Serialize};

/// How a run searches and measures.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(try_from = "SettingsRecord", into = "SettingsRecord")]
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
    /// The first generation's spread around the initial genomes, a
    /// fraction of each gene's range: how far their copies move, or where
    /// the GA's adapted steps start.
    pub init_sigma: f64,
    /// Genes every optimiser leaves as the initial genomes have them
    /// (`--freeze`): names, or `prefix*` for every gene whose name starts so.
    pub frozen: Vec<String>,
    /// Which optimiser proposes each generation, with its settings.
    pub optimizer: OptimizerSettings,
    /// What a game is worth to the fitness.
    pub fitness: Fitness,
    /// Futures per win-probability decision by rollouts in the run's games
    /// (see `config::at_budget`); 0: those decisions off.
    pub rollouts: u32,
    /// The most searches per game a genome may spend (`--max-searches`),
    /// a look-ahead leaf a quarter; none: no limit.
    pub max_searches: Option<Budget>,
    /// How a generation's games are spread over its genomes.
    pub racing: Racing,
}

/// A run's settings as config.toml records them. A field absent from a
/// config.toml reads as the behaviour of a run that does not set it.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct SettingsRecord {
    seed: u64,
    generations: u32,
    population: usize,
    games: u64,
    validation_games: u64,
    validate_top: usize,
    init_sigma: f64,
    /// Absent: none (or those the `[ga]` table lists).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    frozen: Vec<String>,
    /// The GA's settings, in a GA run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    ga: Option<GaRecord>,
    /// Absent: the win rate.
    #[serde(default)]
    fitness: Fitness,
    /// Absent: 0.
    #[serde(default)]
    rollouts: u32,
    /// Absent: the GA.
    #[serde(default, skip_serializing_if = "is_ga")]
    optimizer: OptimizerKind,
    /// CMA-ES's first step size; absent from a CMA-ES run: `SIGMA0_BEFORE`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    cmaes_sigma: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    max_searches: Option<Budget>,
    /// Absent: flat, every genome every game.
    #[serde(default)]
    racing: Racing,
}

fn is_ga(k: &OptimizerKind) -> bool {
    *k == OptimizerKind::Ga
}

/// A GA run's config.toml without its `[ga]` table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("a GA run's settings need their [ga] table")]
pub struct NoGaTable;

impl TryFrom<SettingsRecord> for RunSettings {
    type Error = NoGaTable;

    fn try_from(r: SettingsRecord) -> Result<RunSettings, NoGaTable> {
        // Every optimiser's frozen genes, when the [ga] table lists them.
        let mut frozen = r.frozen;
        let ga = r.ga.map(|table| {
            frozen.extend(table.frozen);
            table.settings
        });
        let optimizer = match r.optimizer {
            OptimizerKind::Ga => OptimizerSettings::Ga(ga.ok_or(NoGaTable)?),
            OptimizerKind::Cmaes => OptimizerSettings::Cmaes(CmaesSettings {
                sigma: r.cmaes_sigma.unwrap_or(SIGMA0_BEFORE),
            }),
            OptimizerKind::Random => OptimizerSettings::Random,
        };
        Ok(RunSettings {
            seed: r.seed,
            generations: r.generations,
            population: r.population,
            games: r.games,
            validation_games: r.validation_games,
            validate_top: r.validate_top,
            init_sigma: r.init_sigma,
            frozen,
            optimizer,
            fitness: r.fitness,
            rollouts: r.rollouts,
            max_searches: r.max_searches,
            racing: r.racing,
        })
    }
}

impl From<RunSettings> for SettingsRecord {
    fn from(s: RunSettings) -> SettingsRecord {
        SettingsRecord {
            seed: s.seed,
            generations: s.generations,
            population: s.population,
            games: s.games,
            validation_games: s.validation_games,
            validate_top: s.validate_top,
            init_sigma: s.init_sigma,
            frozen: s.frozen,
            ga: s.optimizer.ga().map(|g| GaRecord {
                settings: g.clone(),
                frozen: Vec::new(),
            }),
            fitness: s.fitness,
            rollouts: s.rollouts,
            optimizer: s.optimizer.kind(),
            cmaes_sigma: match s.optimizer {
                OptimizerSettings::Cmaes(c) => Some(c.sigma),
                _ => None,
            },
            max_searches: s.max_searches,
            racing: s.racing,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tune::optim::ga::StepRule;

    const KEYS: &str = "seed = 1\ngenerations = 2\npopulation = 4\ngames = 8\n\
                        validation_games = 10\nvalidate_top = 2\ninit_sigma = 0.1\n";
    const GA: &str = "[ga]\nelites = 2\ntournament = 3\ncrossover = 0.7\nblx_alpha = 0.3\n\
                      mutation_rate = 0.15\nmutation_sigma = 0.08\n";

    #[test]
    fn frozen_genes_in_the_ga_table_and_cmaes_without_its_step_read_as_the_runs() {
        let old: RunSettings =
            toml::from_str(&format!("{KEYS}{GA}frozen = [\"prio_one\"]\n")).unwrap();
        assert_eq!(old.frozen, ["prio_one"]);
        let ga = old.optimizer.ga().unwrap();
        assert_eq!((ga.steps, ga.wide_share), (StepRule::Fixed, 1.0));
        // Written back: the genes at the top, the table without them.
        let text = toml::to_string(&old).unwrap();
        assert_eq!(toml::from_str::<RunSettings>(&text).unwrap(), old);
        assert_eq!(text.matches("frozen").count(), 1, "{text}");
        let cmaes: RunSettings = toml::from_str(&format!(
            "{KEYS}optimizer = \"cmaes\"\n{GA}frozen = [\"prio_one\"]\n"
        ))
        .unwrap();
        assert_eq!(cmaes.frozen, ["prio_one"]);
        let sigma = CmaesSettings {
            sigma: SIGMA0_BEFORE,
        };
        assert_eq!(cmaes.optimizer, OptimizerSettings::Cmaes(sigma));
        let text = toml::to_string(&cmaes).unwrap();
        assert!(
            !text.contains("[ga]") && text.contains("cmaes_sigma"),
            "{text}"
        );
        assert_eq!(toml::from_str::<RunSettings>(&text).unwrap(), cmaes);
        let no_table = toml::from_str::<RunSettings>(KEYS).unwrap_err();
        assert!(no_table.message().contains("[ga] table"), "{no_table}");
    }
}
