//! Command-line interface: parses arguments and calls the library. All file
//! and terminal I/O of the subcommands lives here or in the modules it calls
//! at the edges (referee, plot, run folders).

use crate::edge::out::write_out;
use crate::edge::progress::Counter;
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
    Evolve(EvolveArgs),
    /// Draw a run's fitness plot from its generations.csv.
    Plot {
        /// Run folder (runs/NAME).
        run_dir: PathBuf,
        /// Output PNG (default plots/NAME-fitness.png).
        #[arg(short, long)]
        out: Option<PathBuf>,
        #[arg(long, default_value_t = 1200, value_parser = clap::value_parser!(u32).range(300..=8000))]
        width: u32,
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
struct EvolveArgs {
    /// Generations to run (default 20). With --resume: extend the run to
    /// this many generations.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    generations: Option<u32>,
    /// Genomes per generation.
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u64).range(2..=10_000), conflicts_with = "resume")]
    population: u64,
    /// Games per opponent per evaluation (deals played twice, seats swapped).
    #[arg(long, default_value_t = 100, value_parser = clap::value_parser!(u64).range(2..=1_000_000), conflicts_with = "resume")]
    games: u64,
    #[arg(long, default_value_t = 1, conflicts_with = "resume")]
    seed: u64,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    threads: Option<u64>,
    /// Initial genome(s) (default: params/best.toml if present, else params/default.toml).
    #[arg(long, conflicts_with = "resume")]
    init: Vec<PathBuf>,
    /// Opponent suite.
    #[arg(long, default_value = "params/suite.toml", conflicts_with = "resume")]
    suite: PathBuf,
    /// Held-out suite: strong opponents never used for selection. A new
    /// champion must not be worse against them than the incumbent (a
    /// one-sided paired test, margin 1 point of win rate).
    #[arg(
        long,
        default_value = "params/suite-heldout.toml",
        conflicts_with = "resume"
    )]
    heldout: PathBuf,
    /// What a game is worth to the fitness: win-rate (1, ½, 0) or margin
    /// (the logistic of the margin over 20 000 points: less noisy).
    #[arg(long, default_value = "win-rate", conflicts_with = "resume")]
    fitness: crate::tune::eval::Fitness,
    /// Genes the GA leaves as the initial genomes have them: names, or
    /// `prefix*` (e.g. `prio_*`), comma-separated or repeated.
    #[arg(long, value_delimiter = ',', conflicts_with = "resume")]
    freeze: Vec<String>,
    /// Run folder name under runs/ (default: run-s<seed>, made unique).
    #[arg(long, value_parser = clap::builder::NonEmptyStringValueParser::new(), conflicts_with = "resume")]
    name: Option<String>,
    /// Folder that holds run folders.
    #[arg(long, default_value = "runs")]
    runs_dir: PathBuf,
    /// Continue a run from its checkpoint: a run folder, or a name under
    /// --runs-dir. Its settings come from its config.toml; only
    /// --generations may extend it.
    #[arg(long)]
    resume: Option<PathBuf>,
    /// Games per opponent when validating the top genomes at the end.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(2..=1_000_000), conflicts_with = "resume")]
    validation_games: u64,
    /// How many top genomes are validated.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u64).range(1..=100_000), conflicts_with = "resume")]
    validate_top: u64,
    /// Where params/best.toml lives.
    #[arg(long, default_value = "params")]
    params_dir: PathBuf,
    /// Where the plot goes.
    #[arg(long, default_value = "plots")]
    plots_dir: PathBuf,
    /// No progress bar (for scripts).
    #[arg(long)]
    quiet: bool,
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
    #[arg(long)]
    json: Option<PathBuf>,
    #[arg(long)]
    csv: Option<PathBuf>,
    /// Ratings and cross-table picture.
    #[arg(long)]
    png: Option<PathBuf>,
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

/// What to tell a user who stops the run under way (set by `evolve`).
static RESUME_HINT: std::sync::Mutex<Option<String>> = std::sync::Mutex::new(None);

/// Ctrl-C: the first lets the games under way finish and starts no more
/// (each command then shows what it has, marked interrupted); the second
/// kills the running programs and quits at once.
fn stop_on_ctrl_c() {
    let _ = ctrlc::set_handler(|| {
        let hint = RESUME_HINT.lock().ok().and_then(|h| h.clone());
        if crate::host::stop::requested() {
            crate::host::stop::kill_running_programs();
            eprintln!(
                "\nstopped{}",
                hint.map(|h| format!("; {h}")).unwrap_or_default()
            );
            std::process::exit(130);
        }
        crate::host::stop::request();
        eprintln!(
            "\nstopping: the games under way finish, no more start (Ctrl-C again to quit now)"
        );
    });
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
        Cmd::Evolve(args) => evolve_cmd(args),
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
            let out = out.unwrap_or_else(|| {
                crate::edge::plot::default_plot_path(Path::new("plots"), &run_dir)
            });
            crate::edge::plot::plot_run(&run_dir, &out, (width, height))?;
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

/// Output files go into folders that exist: a mistyped folder is an error
/// before any work, not a new folder.
fn outputs_go_to_folders<'a>(files: impl IntoIterator<Item = &'a Option<PathBuf>>) -> Result<()> {
    for file in files.into_iter().flatten() {
        match file.parent() {
            Some(dir) if !dir.as_os_str().is_empty() && !dir.is_dir() => bail!(
                "cannot write {}: the folder {} does not exist",
                file.display(),
                dir.display()
            ),
            _ if file.is_dir() => bail!("{} is a folder, not a file", file.display()),
            _ => {}
        }
    }
    Ok(())
}

/// An existing file is replaced only with `--force`.
fn refuse_to_overwrite(out: &Path, force: bool) -> Result<()> {
    outputs_go_to_folders([&Some(out.to_path_buf())])?;
    if out.exists() && !force {
        bail!(
            "{} exists: give --force to replace it (nothing was written)",
            out.display()
        );
    }
    Ok(())
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
    let p1 = Player::parse(&a.p1).context("--p1")?;
    let p2 = Player::parse(&a.p2).context("--p2")?;
    let source = match (&a.input, a.seed) {
        (Some(path), _) => DealSource::Fixed(
            Deal::parse(&read_file(path)?)
                .map_err(anyhow::Error::msg)
                .with_context(|| format!("in {}", path.display()))?,
        ),
        (None, Some(s)) => DealSource::Seeded(s),
        (None, None) => bail!("give the dice: --input FILE or --seed S"),
    };
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
    Ok(())
}

/// Runs `f` on a pool of `threads` workers (all cores when None).
pub fn with_threads<T: Send>(threads: Option<u64>, f: impl FnOnce() -> T + Send) -> Result<T> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0) as usize)
        .build()?;
    Ok(pool.install(f))
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
    Ok(())
}

/// Evolve's progress: a bar on a terminal, else a line per generation;
/// with `--quiet` only messages.
struct Bar {
    bar: Option<indicatif::ProgressBar>,
    plain: bool,
    started: std::time::Instant,
    games: u64,
}

impl crate::tune::evolve::Progress for Bar {
    fn generation(&mut self, row: &crate::tune::evolve::GenerationRow, total: u32) {
        self.games += row.games;
        let rate = self.games as f64 / self.started.elapsed().as_secs_f64();
        let msg = format!(
            "gen {} best {:.4} mean {:.4} div {:.3} | {:.0} games/s",
            row.generation, row.best, row.mean, row.diversity, rate
        );
        if let Some(b) = &self.bar {
            b.set_length(total as u64);
            b.set_position(row.generation as u64 + 1);
            b.set_message(msg);
        } else if self.plain {
            eprintln!("{}/{total} {msg}", row.generation + 1);
        }
    }
    fn message(&mut self, text: &str) {
        match &self.bar {
            Some(b) if !b.is_finished() => b.println(text),
            _ => eprintln!("{text}"),
        }
    }
}

fn evolve_cmd(a: EvolveArgs) -> Result<()> {
    use crate::tune::evolve::{NewRun, RunError, create_run, open_run, run_generations, validate};
    let (dir, _lock) = match &a.resume {
        Some(given) => {
            let (dir, lock) = open_run(given, &a.runs_dir)?;
            if let Some(n) = a.generations {
                crate::tune::evolve::extend(&dir, n)?;
            }
            (dir, lock)
        }
        None => create_run(&NewRun {
            name: a.name.clone(),
            runs_dir: a.runs_dir.clone(),
            seed: a.seed,
            generations: a.generations.unwrap_or(20),
            population: a.population as usize,
            games: a.games,
            validation_games: a.validation_games,
            validate_top: a.validate_top as usize,
            init: if a.init.is_empty() {
                vec![yacht_genome_file::default_genome(&a.params_dir)]
            } else {
                a.init.clone()
            },
            suite: crate::tune::suite::load(&a.suite, &[])?,
            heldout: crate::tune::suite::load(&a.heldout, &[])?,
            fitness: a.fitness,
            freeze: a.freeze.clone(),
        })?,
    };
    let cfg = dir.load_config()?;
    let suite = cfg.opponents()?;
    check_programs(suite.iter().map(|o| &o.player), Limits::default())?;
    let terminal = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let bar = (!a.quiet && terminal).then(|| {
        let b = indicatif::ProgressBar::new(cfg.generations as u64);
        b.set_style(
            indicatif::ProgressStyle::with_template(
                "{bar:30} {pos}/{len} [{elapsed_precise} eta {eta}] {msg}",
            )
            .expect("valid template"),
        );
        b.set_message("evaluating generation 0 …");
        b
    });
    let mut progress = Bar {
        bar,
        plain: !a.quiet && !terminal,
        started: std::time::Instant::now(),
        games: 0,
    };
    crate::tune::evolve::Progress::message(
        &mut progress,
        &format!("run folder {}", dir.0.display()),
    );
    let hint = format!(
        "resume with: tuner evolve --resume {} --runs-dir {}",
        cfg.name,
        a.runs_dir.display()
    );
    *RESUME_HINT.lock().unwrap_or_else(|e| e.into_inner()) = Some(hint.clone());
    let interrupted = |e: RunError| match e {
        RunError::Interrupted(_) => {
            eprintln!("{e}; {hint}");
            std::process::exit(130)
        }
        e => e,
    };
    let cp =
        with_threads(a.threads, || run_generations(&dir, &mut progress))?.map_err(interrupted)?;
    if let Some(b) = &progress.bar {
        b.finish();
    }
    let params_best = a.params_dir.join("best.toml");
    let v = with_threads(a.threads, || {
        validate(&dir, &cp, &params_best, &mut progress)
    })?
    .map_err(interrupted)?;
    let plot = crate::edge::plot::default_plot_path(&a.plots_dir, &dir.0);
    crate::edge::plot::plot_run(&dir.0, &plot, (1200, 900))?;
    write_out(&v.report(&dir, &cfg, &cp, &params_best));
    say!("plot: {}", plot.display());
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
    say!(
        "wrote {} ({} bytes, {:.1}% of 1 MiB) from {shown}; compile with: rustc --edition 2024 -O {}",
        out.display(),
        src.len(),
        100.0 * src.len() as f64 / MAX_BYTES as f64,
        out.display()
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
        crate::edge::plot::tournament_png(&table, p, (1400, 700))?;
        say!("picture: {}", p.display());
    }
    Ok(())
}
