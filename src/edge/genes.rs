//! `tuner genes`: the gene table as a genome plays it — each gene's kind,
//! mechanism, value, whether its mechanism runs (so an optimiser is offered
//! it), and with `--play`, whether moving it to its far bound changes a
//! game against the opponents that trigger every mechanism.

use crate::players::StrategySpec;
use crate::text::{Align, Column, table};
use crate::tune::acting::{TRIGGERS, which_act};
use anyhow::Result;
use std::path::PathBuf;
use yacht_core::genome::plan::Plan;
use yacht_core::genome::{GENES, Kind, Rounding};

#[derive(clap::Args)]
pub struct GenesArgs {
    /// The genome (default: params/best.toml, else params/default.toml).
    #[arg(long)]
    genome: Option<PathBuf>,
    /// Also play: each gene moved to its far bound, against the opponents
    /// (both seats, --deals deals each), and say whether a game changed.
    #[arg(long)]
    play: bool,
    /// Opponents for --play instead of the eight that trigger every
    /// mechanism (repeatable; built-in specs).
    #[arg(long)]
    vs: Vec<String>,
    /// Deals per opponent for --play (at least 1).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..))]
    deals: u64,
    /// Seed of the deals.
    #[arg(long, default_value_t = 515, value_parser = crate::edge::seed::parse_seed)]
    seed: u64,
}

/// Runs `tuner genes`.
pub fn run(a: GenesArgs) -> Result<()> {
    let path = a
        .genome
        .unwrap_or_else(|| yacht_genome_file::default_genome("params".as_ref()));
    let genome = yacht_genome_file::read_genome(&path, &path.display().to_string())?;
    let plan = Plan::of(&genome);
    let specs: Vec<String> = match a.vs.is_empty() {
        true => TRIGGERS.iter().map(|s| s.to_string()).collect(),
        false => a.vs,
    };
    let opponents = specs
        .iter()
        .map(|s| StrategySpec::parse(s))
        .collect::<Result<Vec<_>, _>>()?;
    let acted = a
        .play
        .then(|| which_act(&genome, |_| true, &opponents, a.deals, a.seed));
    let rows: Vec<Vec<String>> = GENES
        .iter()
        .enumerate()
        .map(|(i, g)| {
            let mut row = vec![
                g.name.to_string(),
                kind_name(g.kind).to_string(),
                g.mechanism.name().to_string(),
                g.shown(genome.genes[i]),
                if plan.offers(i) { "offered" } else { "-" }.to_string(),
            ];
            if let Some(acted) = &acted {
                row.push(match acted[i].changed_against {
                    Some(o) => format!("{} → {}", g.shown(acted[i].moved_to), specs[o]),
                    None => format!("{} → none", g.shown(acted[i].moved_to)),
                });
            }
            row
        })
        .collect();
    let mut columns = vec![
        Column::new("gene", Align::Left, 24),
        Column::new("kind", Align::Left, 7),
        Column::new("mechanism", Align::Left, 11),
        Column::new("value", Align::Right, 8),
        Column::new("runs", Align::Left, 7),
    ];
    if a.play {
        columns.push(Column::new(
            "moved → a game changed against",
            Align::Left,
            0,
        ));
    }
    say!("{}", path.display());
    for line in table(&columns, &rows) {
        say!("{}", line.trim_end());
    }
    Ok(())
}

/// A kind in a word.
fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::Real => "real",
        Kind::Count(Rounding::Down) => "count≤",
        Kind::Count(Rounding::Up) => "count≥",
        Kind::Count(Rounding::Nearest) => "count",
        Kind::Switch => "switch",
        Kind::Choice(_) => "choice",
    }
}
