//! Command-line interface: parses arguments and calls the library. All file
//! and terminal I/O of the subcommands lives here or in the modules it calls
//! at the edges (referee, plot, run folders).

use crate::edge::ctrl_c::{exit_if_stopped, stop_on_ctrl_c};
use crate::edge::out::{outputs_go_to_folders, refuse_to_overwrite, write_out};
use crate::edge::progress::Counter;
use crate::edge::threads::with_threads;
use crate::files::{read_file, write_atomic};
use crate::host::arena::{DealSource, MatchSettings, run_match};
use crate::host::deal::Deal;
use crate::host::player::{Player, check_programs};
use crate::host::program::{Clock, Limits};
use crate::players::StrategySpec;
use anyhow::{Context, Result, bail, ensure};
use clap::{Parser, Subcommand};
use std::path::{Path, PathBuf};
use std::time::Duration;

#[derive(Parser)]
#[command(
    name = "tuner",
    version,
    about = "Tunes and builds winning bots for Yacht Auction"
)]
struct Cli {
    #[command(subcommand)]
    command: Cmd,
}

#[derive(Subcommand)]
enum Cmd {
    /// Run a built-in strategy as a protocol program on stdin/stdout.
    Play {
        /// greedy, sample:N, sample:4D, combo:XY, genome:PATH, dp, dp:exact
        spec: String,
        /// Seed of the strategy's own randomness (random bidders).
        #[arg(default_value_t = 0)]
        seed: u64,
        /// Answer every BID and PUT this many milliseconds late (a slow
        /// program, for testing time limits).
        #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u64).range(0..=600_000))]
        delay_ms: u64,
    },
    /// Referee games between two programs, like the official testing tool.
    Match(MatchArgs),
    /// Write the shipped value table (the submission's data.bin) from the
    /// exact one, and report what the compression costs.
    Ship {
        /// Output file.
        #[arg(short, long, default_value = crate::players::values::SHIPPED_PATH)]
        out: PathBuf,
        /// Solitaire games played on both tables to compare them.
        #[arg(long, default_value_t = 20_000, value_parser = clap::value_parser!(u64).range(0..=10_000_000))]
        games: u64,
    },
    /// Print speed figures (in-process games/s, ns per decision, match games/s).
    Bench(crate::edge::bench::BenchArgs),
    /// Evaluate a genome (or any built-in) against the opponent suite.
    Eval(EvalArgs),
    /// Evolve genomes with the genetic algorithm (the main job).
    Evolve(crate::edge::evolve::EvolveArgs),
    /// Make a finished run's winner the champion (params/best.toml), when
    /// its verdicts say better on the training suite and not worse held out.
    Install {
        /// The run: its folder, or a name under --runs-dir.
        run: PathBuf,
        /// Folder that holds run folders.
        #[arg(long, default_value = "runs")]
        runs_dir: PathBuf,
    },
    /// Every run, a line each; with --compare, their fitness curves on one PNG.
    Runs {
        /// Folder that holds run folders.
        #[arg(long, default_value = "runs")]
        runs_dir: PathBuf,
        /// Runs whose fitness curves to draw on one picture (names under
        /// --runs-dir, or folders).
        #[arg(long, num_args = 1..)]
        compare: Vec<PathBuf>,
        /// The picture's file (default plots/compare-A-B….png).
        #[arg(short, long, requires = "compare")]
        out: Option<PathBuf>,
    },
    /// Draw a run's fitness plot from its generations.csv.
    Plot {
        /// Run folder (runs/NAME).
        run_dir: PathBuf,
        /// Output PNG (default: the run's plots folder, NAME-fitness.png).
        #[arg(short, long)]
        out: Option<PathBuf>,
        /// Width of the picture in pixels.
        #[arg(long, default_value_t = 1200, value_parser = clap::value_parser!(u32).range(300..=8000))]
        width: u32,
        /// Height of the picture in pixels.
        #[arg(long, default_value_t = 900, value_parser = clap::value_parser!(u32).range(300..=8000))]
        height: u32,
    },
    /// A league of bots with a leaderboard (round robin or Swiss).
    Tournament(TournamentArgs),
    /// Write the bot as one self-contained Rust file for the contest, and
    /// its shipped value table as data.bin beside it.
    Export {
        /// Genome to compile in (default params/best.toml, else params/default.toml).
        #[arg(long)]
        genome: Option<PathBuf>,
        /// Export the reference player `dp` instead of the genome bot.
        #[arg(long, conflicts_with = "genome")]
        dp: bool,
        /// Output .rs file.
        #[arg(short, long)]
        out: PathBuf,
        /// Replace the output file and data.bin if they exist.
        #[arg(long)]
        force: bool,
    },
    /// Write the default genome, every field documented, to a TOML file.
    NewGenome {
        /// Output file.
        #[arg(short, long)]
        out: PathBuf,
        /// Replace the output file if it exists.
        #[arg(long)]
        force: bool,
    },
}

#[derive(clap::Args)]
struct TournamentArgs {
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
    /// round-robin or swiss.
    #[arg(long, default_value = "round-robin")]
    format: String,
    /// Rounds of a Swiss tournament.
    #[arg(long, default_value_t = 5, value_parser = clap::value_parser!(u32).range(1..=10_000))]
    rounds: u32,
    /// Deals per pairing, each played twice with seats swapped.
    #[arg(long, default_value_t = 50, value_parser = clap::value_parser!(u64).range(1..=10_000_000))]
    deals: u64,
    /// Seed of the dice (every pairing's deals derive from it).
    #[arg(long, default_value_t = 1)]
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

#[derive(clap::Args)]
struct EvalArgs {
    /// Genome TOML to evaluate.
    #[arg(long, conflicts_with = "player")]
    genome: Option<PathBuf>,
    /// Or any player: builtin spec (greedy, sample:N, …) or builtin:SPEC or a command.
    #[arg(long)]
    player: Option<String>,
    /// Opponents instead of the suite (repeatable; spec or command).
    #[arg(long)]
    vs: Vec<String>,
    /// Suite file.
    #[arg(long, default_value = "params/suite.toml")]
    suite: PathBuf,
    /// What a game is worth to the fitness: win-rate (1, ½, 0) or margin
    /// (the logistic of the margin over 20 000 points).
    #[arg(long, default_value = "win-rate")]
    fitness: crate::tune::eval::Fitness,
    /// Games per opponent (deals played twice, seats swapped; rounded up to even).
    #[arg(long, default_value_t = 2000, value_parser = clap::value_parser!(u64).range(1..=1_000_000))]
    games: u64,
    /// Seed of the dice (deal i against opponent o comes from it).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    threads: Option<u64>,
    /// Write the results as JSON here.
    #[arg(long)]
    json: Option<PathBuf>,
    /// No progress on stderr.
    #[arg(long)]
    quiet: bool,
}

#[derive(clap::Args)]
struct MatchArgs {
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
    #[arg(long)]
    seed: Option<u64>,
    /// Number of games; seats alternate.
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
}

pub fn run() -> Result<()> {
    let cli = Cli::parse();
    // A protocol program keeps the default (Ctrl-C ends it); every other
    // command stops cleanly.
    if !matches!(cli.command, Cmd::Play { .. }) {
        stop_on_ctrl_c();
    }
    match cli.command {
        Cmd::Play {
            spec,
            seed,
            delay_ms,
        } => play(&spec, seed, delay_ms),
        Cmd::Match(args) => match_cmd(args),
        Cmd::Bench(args) => crate::edge::bench::run(args),
        Cmd::Ship { out, games } => ship_cmd(&out, games),
        Cmd::Eval(args) => eval_cmd(args),
        Cmd::Evolve(args) => crate::edge::evolve::run(args),
        Cmd::Install { run, runs_dir } => {
            let done = crate::edge::evolve::install_run(&run, &runs_dir)?;
            say!(
                "installed {}{}",
                done.champion.display(),
                done.record
                    .previous_kept_as
                    .map(|k| format!(" (the previous champion kept as {})", k.display()))
                    .unwrap_or_default()
            );
            Ok(())
        }
        Cmd::Runs {
            runs_dir,
            compare,
            out,
        } => crate::edge::runs::run(&runs_dir, &compare, out),
        Cmd::Export {
            genome,
            dp,
            out,
            force,
        } => {
            refuse_to_overwrite(&out, force)?;
            export_cmd(genome, dp, &out, force)
        }
        Cmd::Tournament(args) => tournament_cmd(args),
        Cmd::Plot {
            run_dir,
            out,
            width,
            height,
        } => {
            outputs_go_to_folders([&out])?;
            let dir = crate::tune::run::RunDir(run_dir);
            let out = match out {
                Some(out) => out,
                // Runs of older versions may have a config.toml this
                // version cannot read: the repository's plots/ then.
                None => {
                    let folders = dir.load_config().map(|c| c.folders);
                    folders.unwrap_or_default().plot(&dir.name())
                }
            };
            crate::edge::plot::plot_run(&dir, &out, (width, height))?;
            say!("wrote {}", out.display());
            Ok(())
        }
        Cmd::NewGenome { out, force } => {
            refuse_to_overwrite(&out, force)?;
            let text =
                yacht_genome_file::genome_to_toml(&yacht_core::genome::Genome::default(), "");
            write_atomic(&out, text.as_bytes())?;
            say!("wrote {}", out.display());
            Ok(())
        }
    }
}

fn play(spec: &str, seed: u64, delay_ms: u64) -> Result<()> {
    let spec = StrategySpec::parse(spec).map_err(anyhow::Error::msg)?;
    let served = match delay_ms {
        0 => yacht_core::protocol::run_stdio(spec.build(), seed),
        ms => {
            let delay = Duration::from_millis(ms);
            let player = crate::players::Slow {
                inner: spec.build(),
                delay,
            };
            yacht_core::protocol::run_stdio(player, seed)
        }
    };
    served.context("protocol I/O")
}

fn match_cmd(a: MatchArgs) -> Result<()> {
    outputs_go_to_folders([&a.log, &a.json])?;
    let source = match (&a.input, a.seed) {
        (Some(path), _) => DealSource::Fixed(
            Deal::parse(&read_file(path)?)
                .map_err(anyhow::Error::msg)
                .with_context(|| format!("in {}", path.display()))?,
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
    Ok(())
}

fn eval_cmd(a: EvalArgs) -> Result<()> {
    outputs_go_to_folders([&a.json])?;
    let (player, label) = match (&a.genome, &a.player) {
        (Some(path), _) => {
            let p = path.display().to_string();
            (Player::builtin(&format!("genome:{p}"))?, p)
        }
        (None, Some(s)) => (Player::parse(s).context("--player")?, s.clone()),
        (None, None) => bail!("give --genome PATH or --player SPEC"),
    };
    let suite = crate::tune::suite::load(&a.suite, &a.vs)?;
    let players = suite.iter().map(|o| &o.player);
    check_programs(players.chain([&player]), Limits::default())?;
    let deals = a.games.div_ceil(2).max(1);
    let start = std::time::Instant::now();
    let bar = Counter::new("eval", "deals", deals * suite.len() as u64, a.quiet);
    let e = with_threads(a.threads, || {
        crate::tune::eval::evaluate_with(&player, &suite, deals, a.seed, a.fitness, &|| bar.inc())
    })?;
    bar.finish();
    let secs = start.elapsed().as_secs_f64();
    write_out(&crate::tune::eval::table(&e));
    let games: u32 = e.opponents.iter().map(|o| o.games).sum();
    if !a.quiet {
        eprintln!(
            "{games} games in {secs:.1} s ({:.0} games/s)",
            games as f64 / secs
        );
    }
    if let Some(path) = &a.json {
        write_atomic(path, e.to_json(&label, a.seed)?.as_bytes())?;
    }
    if let Some(why) = e.unearned() {
        bail!("{why}");
    }
    exit_if_stopped();
    Ok(())
}

fn export_cmd(genome: Option<PathBuf>, dp: bool, out: &Path, force: bool) -> Result<()> {
    use crate::edge::export::{Exported, MAX_BYTES, export_source};
    use yacht_core::ship::DATA_LIMIT;
    let data = out.with_file_name(yacht_core::submission::DATA_FILE);
    refuse_to_overwrite(&data, force)?;
    let (src, shown) = if dp {
        (export_source(Exported::Dp), "dp".to_string())
    } else {
        let path = genome.unwrap_or_else(|| yacht_genome_file::default_genome(Path::new("params")));
        let shown = path.display().to_string();
        let g = yacht_genome_file::read_genome(&path, &shown)?;
        (export_source(Exported::Genome(&g, &shown)), shown)
    };
    if src.len() > MAX_BYTES {
        bail!(
            "the exported file would be {} bytes, over the contest's 1 MiB limit: not written",
            src.len()
        );
    }
    let shipped = crate::players::values::SHIPPED;
    ensure!(
        shipped.len() <= DATA_LIMIT,
        "the shipped table is {} bytes, over the contest's 10 MiB data.bin limit: not written",
        shipped.len()
    );
    write_atomic(&data, shipped)?;
    write_atomic(out, src.as_bytes())?;
    // Absolute paths: the command works from any folder and puts the
    // program beside its source and data.bin.
    let abs = std::path::absolute(out).unwrap_or_else(|_| out.to_path_buf());
    say!(
        "wrote {} ({} bytes, {:.1}% of 1 MiB) from {shown}; compile with: rustc --edition 2024 -O {} -o {}",
        out.display(),
        src.len(),
        100.0 * src.len() as f64 / MAX_BYTES as f64,
        abs.display(),
        abs.with_extension("").display()
    );
    say!(
        "wrote {} ({} bytes, {:.1}% of 10 MiB): the bot reads it from its working directory",
        data.display(),
        shipped.len(),
        100.0 * shipped.len() as f64 / DATA_LIMIT as f64
    );
    Ok(())
}

fn ship_cmd(out: &Path, games: u64) -> Result<()> {
    use crate::players::values;
    outputs_go_to_folders([&Some(out.to_path_buf())])?;
    let bytes = yacht_core::ship::encode(values::exact_table());
    let report = values::ship_report(values::exact_table(), &bytes, games)?;
    write_atomic(out, &bytes)?;
    say!("wrote {}: {report}", out.display());
    Ok(())
}

fn tournament_cmd(a: TournamentArgs) -> Result<()> {
    outputs_go_to_folders([&a.json, &a.csv, &a.png])?;
    use crate::host::tournament::{Format, Settings, field};
    let file = match &a.file {
        Some(path) => Some((read_file(path)?, path.display().to_string())),
        None => None,
    };
    let file = file
        .as_ref()
        .map(|(text, name)| (text.as_str(), name.as_str()));
    let entrants = field(a.samples, file, &a.entrants).map_err(anyhow::Error::msg)?;
    let format = Format::parse(&a.format, a.rounds).map_err(anyhow::Error::msg)?;
    let settings = Settings {
        format,
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
    let bar = Counter::new(
        "tournament",
        "games",
        settings.games(entrants.len()),
        a.quiet,
    );
    let start = std::time::Instant::now();
    let table = with_threads(a.threads, || {
        crate::host::tournament::run(&entrants, &settings, &crate::host::stop::STOP, &|| {
            bar.inc()
        })
    })?;
    bar.finish();
    write_out(&crate::host::tournament::render(&table));
    say!(
        "{} games in {:.1} s",
        table.games,
        start.elapsed().as_secs_f64()
    );
    if let Some(p) = &a.json {
        write_atomic(p, serde_json::to_string_pretty(&table)?.as_bytes())?;
    }
    if let Some(p) = &a.csv {
        write_atomic(p, &table.to_csv()?)?;
    }
    if let Some(p) = &a.png {
        let format = match settings.format {
            Format::RoundRobin => "round robin".to_string(),
            Format::Swiss { rounds } => format!("Swiss, {rounds} rounds"),
        };
        let title = format!(
            "{format}, {} entrants, {} deals per pairing (seats swapped), seed {}, {} games{}",
            entrants.len(),
            settings.deals,
            settings.seed,
            table.games,
            if table.interrupted {
                " (interrupted)"
            } else {
                ""
            }
        );
        crate::edge::plot::tournament_png(&table, &title, p, (1400, 700))?;
        say!("picture: {}", p.display());
    }
    exit_if_stopped();
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::Cli;
    use clap::CommandFactory;

    #[test]
    fn every_flag_and_argument_has_help_text() {
        let cli = Cli::command();
        let mut missing = Vec::new();
        for cmd in cli.get_subcommands() {
            for arg in cmd.get_arguments() {
                let builtin = matches!(arg.get_id().as_str(), "help" | "version");
                if !builtin && arg.get_help().is_none() {
                    missing.push(format!("{} --{}", cmd.get_name(), arg.get_id()));
                }
            }
        }
        assert!(missing.is_empty(), "no help text: {missing:?}");
    }
}
