//! `tuner tournament`: a league of entrants, its leaderboard on the
//! terminal, and JSON, CSV and a picture on request.

use crate::edge::ctrl_c::exit_if_stopped;
use crate::edge::out::{outputs_go_to_folders, write_out};
use crate::edge::progress::Counter;
use crate::edge::threads::with_threads;
use crate::files::{read_file, write_atomic};
use crate::host::player::check_programs;
use crate::host::program::{Clock, Limits};
use crate::host::tournament::{Format, FormatName, Settings, Table, field, render};
use anyhow::Result;
use std::path::PathBuf;
use std::time::Duration;

#[derive(clap::Args)]
pub struct TournamentArgs {
    /// An entrant: NAME=SPEC (greedy, sample:N, genome:PATH, …) or NAME=COMMAND (repeatable).
    #[arg(long = "entrant")]
    entrants: Vec<String>,
    /// Entrants from a TOML file: [[entrant]] with name and spec, command or
    /// hall (a folder of genome files, one entrant each).
    #[arg(long)]
    file: Option<PathBuf>,
    /// Add the ten sample AIs.
    #[arg(long)]
    samples: bool,
    /// round-robin (or rr) or swiss.
    #[arg(long, default_value = "round-robin")]
    format: FormatName,
    /// Rounds of a Swiss tournament.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    rounds: u32,
    /// Deals per pairing, each played twice with seats swapped.
    #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    deals: u64,
    /// Seed of the dice (every pairing's deals derive from it).
    #[arg(long, default_value_t = 1, value_parser = crate::edge::seed::parse_seed)]
    seed: u64,
    /// Worker threads for built-in games (default: all cores).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    threads: Option<u64>,
    /// Games with a program running at once.
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=256))]
    jobs: u64,
    /// Time limit per BID/PUT for programs, in milliseconds.
    #[arg(long, default_value_t = 500, value_parser = clap::value_parser!(u64).range(1..=600_000))]
    move_timeout: u64,
    /// What time limits count: `cpu`, the program's CPU time as the
    /// official judge does (a reply is also late after 5× the limit in wall
    /// time), or `wall`.
    #[arg(long, default_value = "cpu")]
    clock: Clock,
    /// Write the standings and cross table as JSON here.
    #[arg(long)]
    json: Option<PathBuf>,
    /// Write the standings as CSV here.
    #[arg(long)]
    csv: Option<PathBuf>,
    /// Ratings and cross-table picture.
    #[arg(long)]
    png: Option<PathBuf>,
    /// No progress on stderr.
    #[arg(long)]
    quiet: bool,
}

/// Runs `tuner tournament`.
pub fn run(a: TournamentArgs) -> Result<()> {
    outputs_go_to_folders([&a.json, &a.csv, &a.png])?;
    let file = match &a.file {
        Some(path) => Some((read_file(path)?, path.display().to_string())),
        None => None,
    };
    let file = file
        .as_ref()
        .map(|(text, name)| (text.as_str(), name.as_str()));
    let entrants = field(a.samples, file, &a.entrants)?;
    let settings = Settings {
        format: Format::new(a.format, a.rounds),
        deals: a.deals,
        seed: a.seed,
        jobs: a.jobs as usize,
        limits: Limits {
            decision: Duration::from_millis(a.move_timeout),
            clock: a.clock,
            ..Limits::default()
        },
    };
    check_programs(entrants.iter().map(|e| &e.player), settings.limits)?;
    let games = settings.games(entrants.len());
    let bar = Counter::new("tournament", "games", games, a.quiet);
    let start = std::time::Instant::now();
    let table = with_threads(a.threads, || {
        crate::host::tournament::run(&entrants, &settings, &|| bar.inc())
    })?;
    bar.finish();
    write_out(&render(&table));
    say!(
        "{} games in {:.1} s",
        table.games,
        start.elapsed().as_secs_f64()
    );
    write_files(&a, &table, &settings, entrants.len())?;
    exit_if_stopped();
    Ok(())
}

/// The JSON, CSV and picture asked for.
fn write_files(a: &TournamentArgs, table: &Table, s: &Settings, entrants: usize) -> Result<()> {
    if let Some(p) = &a.json {
        write_atomic(p, serde_json::to_string_pretty(table)?.as_bytes())?;
    }
    if let Some(p) = &a.csv {
        write_atomic(p, &table.to_csv()?)?;
    }
    if let Some(p) = &a.png {
        let interrupted = if table.interrupted {
            " (interrupted)"
        } else {
            ""
        };
        let title = format!(
            "{}, {entrants} entrants, {} deals per pairing (seats swapped), seed {}, {} games{interrupted}",
            s.format, s.deals, s.seed, table.games,
        );
        crate::edge::plot::tournament_png(table, &title, p, (1400, 700))?;
        say!("picture: {}", p.display());
    }
    Ok(())
}
