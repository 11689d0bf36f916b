//! `tuner optbench`: the optimisers on landscapes with a planted optimum
//! (`tune::optim::bench`): a table of regret and distance at a quarter,
//! half and all of the budget, and its picture.

use crate::edge::out::outputs_go_to_folders;
use crate::edge::search::SearchArgs;
use crate::edge::threads::with_threads;
use crate::text::{Align, Column, table};
use crate::tune::optim::OptimizerKind;
use crate::tune::optim::bench::{Contender, Row, Settings, run as run_bench, summary};
use crate::tune::optim::planted::Terrain;
use crate::tune::optim::racing::Racing;
use crate::tune::optim::toolkit::frozen_genes;
use anyhow::Result;
use std::path::PathBuf;
use std::time::Instant;

#[derive(clap::Args)]
pub struct OptbenchArgs {
    /// Optimisers to compare (repeatable; default: all).
    #[arg(long = "optimizer", value_enum)]
    optimizers: Vec<OptimizerKind>,
    /// How a generation's games are spread (repeatable: each optimiser
    /// runs with each; default: flat). Halving races the candidates:
    /// the better half plays on, rung after rung, on the same budget.
    #[arg(long, value_enum)]
    racing: Vec<Racing>,
    /// Generations a run (the budget; `tuner evolve`'s default is 20).
    #[arg(long, default_value_t = 40, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    generations: u32,
    /// Genomes a generation.
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u64).range(2..=1000))]
    population: u64,
    /// Games a genome is measured on each generation (the noise: 4 000 is
    /// `tuner evolve`'s 2 000 per opponent on two strong opponents).
    #[arg(long, default_value_t = 4000, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    games: u64,
    /// The luck adjustment's variance ratio: a measurement on G games
    /// is as noisy as G × R plain games. Default: 12, what `tuner eval`
    /// measures for two champions, paired, on dp and dp:exact
    /// (docs/luck.md); 1 is the plain win rate (`--fitness win-rate`).
    #[arg(long, default_value_t = 12.0, value_parser = parse_ratio)]
    variance_ratio: f64,
    /// Games each proposal is measured on again to pick the winner.
    #[arg(long, default_value_t = 4000, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    validation_games: u64,
    /// Landscapes (each optimiser runs once on each).
    #[arg(long, default_value_t = 7, value_parser = clap::value_parser!(u64).range(1..=10_000))]
    landscapes: u64,
    /// Where the start stands: open (optima anywhere, 0.5–5 points a gene
    /// from the start) or tuned (optima near the start, as a hand-set or
    /// tuned genome has them).
    #[arg(long, value_enum, default_value = "open")]
    terrain: Terrain,
    /// Seed of the first landscape (the others follow).
    #[arg(long, default_value_t = 1, value_parser = crate::edge::seed::parse_seed)]
    seed: u64,
    #[command(flatten)]
    search: SearchArgs,
    /// The picture.
    #[arg(short, long, default_value = "plots/optbench.png")]
    out: PathBuf,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long)]
    threads: Option<u64>,
}

/// A variance ratio that is not a number from 1 to 100.
#[derive(Debug, thiserror::Error)]
#[error("{0:?}: a variance ratio is a number from 1 to 100")]
struct BadRatio(String);

/// A variance ratio: a number from 1 to 100.
fn parse_ratio(text: &str) -> Result<f64, BadRatio> {
    let ok = |x: &f64| (1.0..=100.0).contains(x);
    let ratio = text.parse::<f64>().ok().filter(ok);
    ratio.ok_or_else(|| BadRatio(text.to_string()))
}

/// Runs `tuner optbench`.
pub fn run(a: OptbenchArgs) -> Result<()> {
    outputs_go_to_folders([&Some(a.out.clone())])?;
    let settings = Settings {
        contenders: contenders(&a.optimizers, &a.racing),
        generations: a.generations,
        population: a.population as usize,
        games: a.games,
        validation_games: a.validation_games,
        variance_ratio: a.variance_ratio,
        landscapes: a.landscapes,
        seed: a.seed,
        terrain: a.terrain,
        start: yacht_core::genome::Genome::default(),
        frozen: frozen_genes(&a.search.freeze)?,
        choices: a.search.choices(),
        init_sigma: a.search.init_sigma,
    };
    let began = Instant::now();
    let traces = with_threads(a.threads, || run_bench(&settings))?;
    let g = a.generations;
    let mut budgets: Vec<u32> = [g / 4, g / 2, g].into_iter().filter(|&b| b > 0).collect();
    budgets.dedup();
    for line in render(&summary(&settings, &traces, &budgets)) {
        say!("{line}");
    }
    say!(
        "{} landscapes with a planted optimum ({}; start: the default genome), {:.1} s",
        a.landscapes,
        a.terrain.describe(),
        began.elapsed().as_secs_f64()
    );
    crate::edge::plot::optbench_png(&settings, &traces, &a.out, (1200, 700))?;
    say!("wrote {}", a.out.display());
    Ok(())
}

/// Each optimiser (default: all) with each racing (default: flat).
fn contenders(kinds: &[OptimizerKind], racings: &[Racing]) -> Vec<Contender> {
    let kinds = if kinds.is_empty() {
        &OptimizerKind::ALL[..]
    } else {
        kinds
    };
    let racings = if racings.is_empty() {
        &[Racing::Flat][..]
    } else {
        racings
    };
    (kinds.iter())
        .flat_map(|&kind| {
            racings
                .iter()
                .map(move |&racing| Contender { kind, racing })
        })
        .collect()
}

fn render(rows: &[Row]) -> Vec<String> {
    let columns = [
        Column::new("optimizer", Align::Left, 13),
        Column::new("gens", Align::Right, 5),
        Column::new("games", Align::Right, 11),
        Column::new("regret (points)", Align::Right, 15),
        Column::new("quartiles", Align::Right, 13),
        Column::new("distance", Align::Right, 8),
        Column::new("quartiles", Align::Right, 0),
    ];
    let cells: Vec<Vec<String>> = rows
        .iter()
        .map(|r| {
            vec![
                r.contender.to_string(),
                r.generations.to_string(),
                r.games.to_string(),
                format!("{:.2}", r.regret.median),
                format!("{:.2}–{:.2}", r.regret.q1, r.regret.q3),
                format!("{:.3}", r.distance.median),
                format!("{:.3}–{:.3}", r.distance.q1, r.distance.q3),
            ]
        })
        .collect();
    table(&columns, &cells)
}
