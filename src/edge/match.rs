//! `tuner match`: a series of refereed games between two players, like the
//! official testing tool: the summary, the official log, a JSON summary.

use crate::edge::ctrl_c::exit_if_stopped;
use crate::edge::out::{outputs_go_to_folders, write_out};
use crate::edge::progress::Counter;
use crate::files::{read_file, write_atomic};
use crate::host::arena::{DealSource, MatchSettings, run_match};
use crate::host::deal::Deal;
use crate::host::player::{Player, check_programs};
use crate::host::program::{Clock, Limits};
use anyhow::{Context, Result, bail};
use std::path::PathBuf;
use std::time::Duration;

#[derive(clap::Args)]
pub struct MatchArgs {
    /// Player 1: a command line (split like a shell, never run by one) or builtin:SPEC.
    #[arg(long)]
    p1: String,
    /// Player 2, as --p1.
    #[arg(long)]
    p2: String,
    /// Dice from an official input file (12 lines `AAAAA BBBBB t`).
    #[arg(long, conflicts_with = "seed")]
    input: Option<PathBuf>,
    /// Dice from this seed (game pairs share dice, seats swapped).
    #[arg(long, value_parser = crate::edge::seed::parse_seed)]
    seed: Option<u64>,
    /// Number of games, played as given (unlike eval's and evolve's
    /// --games, which play each deal twice): seats alternate, so an odd
    /// count gives one player the first seat once more.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=100_000_000))]
    games: u64,
    /// Time limit per BID/PUT, in milliseconds.
    #[arg(long, default_value_t = 500, value_parser = clap::value_parser!(u64).range(1..=600_000))]
    move_timeout: u64,
    /// Time limit for READY, in milliseconds.
    #[arg(long, default_value_t = 3000, value_parser = clap::value_parser!(u64).range(1..=600_000))]
    ready_timeout: u64,
    /// What time limits count: `cpu`, the program's CPU time as the
    /// official judge does (a reply is also late after 5× the limit in wall
    /// time), or `wall`.
    #[arg(long, default_value = "cpu")]
    clock: Clock,
    /// Write the official log of every game here (games separated by a blank line).
    #[arg(long)]
    log: Option<PathBuf>,
    /// Write a JSON summary here.
    #[arg(long)]
    json: Option<PathBuf>,
    /// No progress on stderr.
    #[arg(long)]
    quiet: bool,
    /// Games played at once. Results do not depend on it; decision times
    /// do (games share the cores), so 1 is the judge's condition.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u64).range(1..=256))]
    jobs: u64,
    /// Exit 0 even when a program played without its data.bin (it says so
    /// on stderr and plays a weaker fallback); the result says it either
    /// way.
    #[arg(long)]
    allow_no_table: bool,
}

/// Runs `tuner match`.
pub fn run(a: MatchArgs) -> Result<()> {
    outputs_go_to_folders([&a.log, &a.json])?;
    let source = match (&a.input, a.seed) {
        (Some(path), _) => DealSource::Fixed(
            Deal::parse(&read_file(path)?).with_context(|| format!("in {}", path.display()))?,
        ),
        (None, Some(s)) => DealSource::Seeded(s),
        (None, None) => bail!("give the dice: --input FILE or --seed S"),
    };
    let p1 = Player::parse(&a.p1).context("--p1")?;
    let p2 = Player::parse(&a.p2).context("--p2")?;
    let limits = Limits {
        ready: Duration::from_millis(a.ready_timeout),
        decision: Duration::from_millis(a.move_timeout),
        clock: a.clock,
    };
    let mut log = String::new();
    let seed = a.seed.unwrap_or(0);
    let settings = MatchSettings {
        source,
        games: a.games,
        seed,
        limits,
        jobs: a.jobs as usize,
    };
    check_programs([&p1, &p2], limits)?;
    let bar = Counter::new("match", "games", a.games, a.quiet);
    let summary = run_match(&p1, &p2, &settings, |_, game| {
        bar.inc();
        if a.log.is_some() {
            if !log.is_empty() {
                log.push('\n');
            }
            log.push_str(&game.official_log(&p1, &p2));
        }
    });
    bar.finish();
    if let Some(path) = &a.log {
        write_atomic(path, log.as_bytes())?;
    }
    if let Some(path) = &a.json {
        write_atomic(path, serde_json::to_string_pretty(&summary)?.as_bytes())?;
    }
    write_out(&summary.render());
    exit_if_stopped();
    let without = summary.without_table();
    if !without.is_empty() && !a.allow_no_table {
        let mut why = without.join("; ");
        why.push_str(": put data.bin in its working directory (--allow-no-table to accept)");
        bail!(
            "{}",
            crate::text::wrap(&why, crate::text::SCREEN - 7, "  ").trim_end()
        );
    }
    Ok(())
}
