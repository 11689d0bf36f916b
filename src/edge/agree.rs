//! `tuner agree`: how the tables' win probability agrees with rollouts
//! (the reference) on the positions of seeded `dp` games, by round and by
//! lead.

use crate::edge::threads::with_threads;
use crate::players::StrategySpec;
use crate::text::{Align, Column, table};
use crate::tune::agreement::{Agreement, BidRow, PutRow, measure};
use anyhow::Result;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct AgreeArgs {
    /// The genome whose puts and bids are checked (its shaping and read;
    /// every put and bid is decided by win probability).
    #[arg(long, default_value = "params/best.toml")]
    genome: PathBuf,
    /// The opponent of the seeded `dp` games whose positions are checked
    /// (a built-in spec); the bids' read is built from its bids.
    #[arg(long, default_value = "dp")]
    vs: String,
    /// Seeded games whose positions are checked.
    #[arg(long, default_value_t = 40, value_parser = clap::value_parser!(u64).range(1..=100_000))]
    games: u64,
    /// Rollouts per candidate of the reference (the gene wp_rollouts's range).
    #[arg(long, default_value_t = 4000, value_parser = clap::value_parser!(u32).range(50..=4000))]
    futures: u32,
    /// Seed of the games' dice.
    #[arg(long, default_value_t = 1, value_parser = crate::edge::seed::parse_seed)]
    seed: u64,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long)]
    threads: Option<u64>,
}

/// Runs `tuner agree`.
pub fn run(a: AgreeArgs) -> Result<()> {
    let shown = a.genome.display().to_string();
    let g = yacht_genome_file::read_genome(&a.genome, &shown)?;
    let vs = StrategySpec::parse(&a.vs)?;
    let agreement = with_threads(a.threads, || measure(&g, &vs, a.games, a.futures, a.seed))?;
    for line in report(&agreement, a.futures) {
        say!("{line}");
    }
    Ok(())
}

/// Groups of rows: by round, by lead, and all.
fn groups<R>(
    rows: &[R],
    round: impl Fn(&R) -> usize,
    lead: impl Fn(&R) -> i32,
) -> Vec<(String, Vec<&R>)> {
    let mut out: Vec<(String, Vec<&R>)> = (2..=12)
        .map(|r| {
            (
                format!("round {r}"),
                rows.iter().filter(|x| round(x) == r).collect(),
            )
        })
        .collect();
    let leads: [(&str, i32, i32); 3] = [
        ("|lead| < 10 000", 0, 10_000),
        ("|lead| 10 000–30 000", 10_000, 30_000),
        ("|lead| ≥ 30 000", 30_000, i32::MAX),
    ];
    for (name, lo, hi) in leads {
        let hit = |x: &&R| (lo..hi).contains(&lead(x).abs());
        out.push((name.to_string(), rows.iter().filter(hit).collect()));
    }
    out.push(("all".to_string(), rows.iter().collect()));
    out.retain(|(_, rows)| !rows.is_empty());
    out
}

fn mean(xs: impl Iterator<Item = f64>) -> f64 {
    let (n, s) = xs.fold((0.0, 0.0), |(n, s), x| (n + 1.0, s + x));
    s / f64::max(n, 1.0)
}

/// A group's cells: its name, its size, the share where both agree, then
/// each measure's mean (with its decimals).
type Measure<R> = (fn(&R) -> f64, usize);

fn summary<R>(
    groups: &[(String, Vec<&R>)],
    same: fn(&R) -> bool,
    measures: &[Measure<R>],
) -> Vec<Vec<String>> {
    groups
        .iter()
        .map(|(name, rows)| {
            let agree = mean(rows.iter().map(|r| f64::from(u8::from(same(r)))));
            let mut cells = vec![
                name.clone(),
                rows.len().to_string(),
                format!("{:.1}%", 100.0 * agree),
            ];
            for (measure, decimals) in measures {
                let m = mean(rows.iter().map(|r| measure(r)));
                cells.push(format!("{m:.decimals$}"));
            }
            cells
        })
        .collect()
}

/// The two tables (puts, then bids) and what the decisions gain per game.
fn report(a: &Agreement, futures: u32) -> Vec<String> {
    let mut out = put_lines(a, futures);
    out.push(String::new());
    out.extend(bid_lines(a, futures));
    let [put, bid] = a.per_game();
    out.push(String::new());
    out.push(format!(
        "per game over the value's decisions (points of %): puts tables {:+.2}, reference {:+.2}; bids tables {:+.2}, reference {:+.2}",
        100.0 * put.tables,
        100.0 * put.reference,
        100.0 * bid.tables,
        100.0 * bid.reference
    ));
    out
}

/// The gain columns, alike in both tables.
fn gain_columns() -> [Column<'static>; 2] {
    [
        Column::new("gain: tables", Align::Right, 13),
        Column::new("reference", Align::Right, 0),
    ]
}

/// The puts' table, with its title.
fn put_lines(a: &Agreement, futures: u32) -> Vec<String> {
    let puts = groups(&a.puts, |r: &PutRow| r.round, |r| r.lead);
    let rows = summary(
        &puts,
        |r| r.same,
        &[
            (|r| 100.0 * r.error, 2),
            (|r| 100.0 * r.gain.tables, 3),
            (|r| 100.0 * r.gain.reference, 3),
        ],
    );
    let mut out = vec![
        format!("puts: the tables against {futures} rollouts per candidate (the genome's 5 best puts);"),
        "  gain: P(win) over the put by value in points of %, judged by as many rollouts on other futures".to_string(),
    ];
    let mut columns = vec![
        Column::new("positions", Align::Left, 22),
        Column::new("n", Align::Right, 6),
        Column::new("same put", Align::Right, 9),
        Column::new("mean |ΔP(win)|", Align::Right, 15),
    ];
    columns.extend(gain_columns());
    out.extend(table(&columns, &rows));
    out
}

/// The bids' table, with its title.
fn bid_lines(a: &Agreement, futures: u32) -> Vec<String> {
    let bids = groups(&a.bids, |r: &BidRow| r.round, |r| r.lead);
    let rows = summary(
        &bids,
        |r| r.same,
        &[
            (|r| f64::from(r.tables_off), 0),
            (|r| f64::from(r.value_off), 0),
            (|r| f64::from(r.indifference_off), 0),
            (|r| f64::from(r.value_indifference_off), 0),
            (|r| 100.0 * r.gain.tables, 3),
            (|r| 100.0 * r.gain.reference, 3),
        ],
    );
    let mut out = vec![
        format!("bids: the tables against {futures} rollouts per award; distance of signed amounts from the rollouts' bid"),
        "  (best response to the read, else indifference); value: the signed equilibrium; gain as for puts,".to_string(),
        "  against the bid the opponent made".to_string(),
    ];
    let mut columns = vec![
        Column::new("positions", Align::Left, 22),
        Column::new("n", Align::Right, 6),
        Column::new("same bundle", Align::Right, 12),
        Column::new("tables off", Align::Right, 11),
        Column::new("value off", Align::Right, 10),
        Column::new("indiff.: tables", Align::Right, 16),
        Column::new("value", Align::Right, 6),
    ];
    columns.extend(gain_columns());
    out.extend(table(&columns, &rows));
    out
}
