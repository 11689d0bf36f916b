//! A run's settings as `tuner evolve`'s flags (`RunArgs`, flattened into
//! its arguments; each conflicts with `--resume`: the run's config.toml
//! holds them), decoded once into the run's typed settings ([`RunSettings`]).

use crate::edge::search::SearchArgs;
use crate::tune::run::RunSettings;

/// How a new run searches and measures.
#[derive(clap::Args)]
pub struct RunArgs {
    /// Genomes per generation.
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u64).range(2..=10_000), conflicts_with = "resume")]
    pub population: u64,
    /// Games per opponent per evaluation: an even number (each deal is
    /// played twice, seats swapped).
    #[arg(long, default_value_t = 100, value_parser = crate::edge::games::parse_games, conflicts_with = "resume")]
    pub games: u64,
    /// Seed of every random stream of the run (the same seed gives the
    /// same run, whatever the number of threads).
    #[arg(long, default_value_t = 1, conflicts_with = "resume", value_parser = crate::edge::seed::parse_seed)]
    pub seed: u64,
    /// What a game is worth to the fitness, the validation and the
    /// held-out check: adjusted (the outcome less the game's luck, the dice
    /// and tie coins as the exact table values them: the win rate's mean
    /// with about a twelfth of its variance), win-rate (1, ½, 0), or margin
    /// (the logistic of the margin over 20 000 points). Recorded in
    /// config.toml.
    #[arg(long, default_value = "adjusted", conflicts_with = "resume")]
    pub fitness: crate::tune::eval::Fitness,
    /// Futures per win-probability decision by rollouts (the reference
    /// estimator) in the run's games (GA and validation): every genome
    /// plays with wp_rollouts set to it (50 to 4000, the gene's range).
    /// 0: no rollouts in the run; every win-probability decision is made by
    /// the tables (wp_fast), microseconds a move where rollouts cost
    /// milliseconds; genomes whose files ask rollouts are told in notes.txt.
    #[arg(long, default_value_t = 0, value_parser = parse_rollouts, conflicts_with = "resume")]
    pub rollouts: u32,
    /// Which optimiser proposes each generation: ga (the default), cmaes
    /// (Hansen's CMA-ES; validation measures its mean's average and its
    /// mean) or random (uniform genomes, the floor). `tuner optbench`
    /// compares them where the optimum is known.
    #[arg(long, value_enum, default_value = "ga", conflicts_with = "resume")]
    pub optimizer: crate::tune::optim::OptimizerKind,
    /// How a generation's games are spread: halving (successive halving:
    /// every genome plays a first rung, the better half by fitness play
    /// on, rung after rung of equal budget, down to 2; docs/luck.md) or
    /// flat (every genome every game).
    #[arg(long, value_enum, default_value = "halving", conflicts_with = "resume")]
    pub racing: crate::tune::optim::racing::Racing,
    #[command(flatten)]
    pub search: SearchArgs,
    /// The most searches per game a genome may spend (hands searched for
    /// their best puts in its own decisions, each look-ahead leaf counted
    /// as a quarter search, its cost; counted, not timed: the same on any
    /// machine; `tuner eval` shows them). Selection ranks every
    /// genome within it before any over it, and a winner within it may
    /// replace a champion over it when not worse by more than half a
    /// point. A dp player spends about 55; none: no limit.
    #[arg(long, conflicts_with = "resume")]
    pub max_searches: Option<crate::tune::budget::Budget>,
    /// Games per opponent when validating the top genomes at the end: an
    /// even number (each deal is played twice, seats swapped).
    #[arg(long, default_value_t = 1000, value_parser = crate::edge::games::parse_games, conflicts_with = "resume")]
    pub validation_games: u64,
    /// How many top genomes are validated.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u64).range(1..=100_000), conflicts_with = "resume")]
    pub validate_top: u64,
}

impl RunArgs {
    /// The run's settings, `generations` long: the flags' one decode.
    pub fn settings(&self, generations: u32) -> RunSettings {
        RunSettings {
            seed: self.seed,
            generations,
            population: self.population as usize,
            games: self.games,
            validation_games: self.validation_games,
            validate_top: self.validate_top as usize,
            init_sigma: self.search.init_sigma,
            frozen: self.search.freeze.clone(),
            optimizer: self.search.choices().pick(self.optimizer),
            fitness: self.fitness,
            rollouts: self.rollouts,
            max_searches: self.max_searches,
            racing: self.racing,
        }
    }
}

/// A rollout budget that is neither 0 nor in the gene's range.
#[derive(Debug, thiserror::Error)]
#[error("{given}: 0 (no rollouts) or {min} to {max} futures, the range of the gene wp_rollouts")]
struct BadBudget {
    given: String,
    min: f64,
    max: f64,
}

/// A run's rollout budget: 0 (none) or within the gene `wp_rollouts`'s
/// range.
fn parse_rollouts(s: &str) -> Result<u32, BadBudget> {
    let gene = &yacht_core::genome::GENES[yacht_core::genome::WP_ROLLOUTS];
    s.parse::<u32>()
        .ok()
        .filter(|&n| n == 0 || (gene.min..=gene.max).contains(&f64::from(n)))
        .ok_or_else(|| BadBudget {
            given: s.to_string(),
            min: gene.min,
            max: gene.max,
        })
}
