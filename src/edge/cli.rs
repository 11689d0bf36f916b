//! Command-line interface: parses arguments and calls the library. All file
//! and terminal I/O of the subcommands lives here or in the modules it calls
//! at the edges (referee, plot, run folders).

use crate::edge::files::{read_file, write_atomic};
use crate::edge::out::write_out;
use crate::host::arena::{DealSource, MatchSettings, run_match};
use crate::host::deal::Deal;
use crate::host::player::Player;
use crate::host::program::Limits;
use crate::players::StrategySpec;
use anyhow::{Context, Result, bail};
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
        /// greedy, sample:N, sample:4D, combo:XY, genome:PATH
        spec: String,
        /// Seed of the strategy's own randomness (random bidders).
        #[arg(default_value_t = 0)]
        seed: u64,
    },
    /// Referee games between two programs, like the official testing tool.
    Match(MatchArgs),
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
        #[arg(long, default_value_t = 1200)]
        width: u32,
        #[arg(long, default_value_t = 900)]
        height: u32,
    },
    /// A league of bots with a leaderboard (round robin or Swiss).
    Tournament(TournamentArgs),
    /// Write the bot as one self-contained Rust file for the contest.
    Export {
        /// Genome to compile in (default params/best.toml, else params/default.toml).
        #[arg(long)]
        genome: Option<PathBuf>,
        /// Output .rs file.
        #[arg(short, long)]
        out: PathBuf,
    },
    /// Write the default genome, every field documented, to a TOML file.
    NewGenome {
        /// Output file.
        #[arg(short, long)]
        out: PathBuf,
    },
}

#[derive(clap::Args)]
struct EvolveArgs {
    /// Generations to run.
    #[arg(long, default_value_t = 20)]
    generations: u32,
    /// Genomes per generation.
    #[arg(long, default_value_t = 16)]
    population: usize,
    /// Games per opponent per evaluation (deals played twice, seats swapped).
    #[arg(long, default_value_t = 100)]
    games: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long)]
    threads: Option<usize>,
    /// Initial genome(s) (default: params/best.toml if present, else params/default.toml).
    #[arg(long)]
    init: Vec<PathBuf>,
    /// Opponent suite.
    #[arg(long, default_value = "params/suite.toml")]
    suite: PathBuf,
    /// Run folder name under runs/ (default: run-s<seed>, made unique).
    #[arg(long)]
    name: Option<String>,
    /// Folder that holds run folders.
    #[arg(long, default_value = "runs")]
    runs_dir: PathBuf,
    /// Continue a killed run from its checkpoint (other settings come from its config).
    #[arg(long)]
    resume: Option<PathBuf>,
    /// Games per opponent when validating the top genomes at the end.
    #[arg(long, default_value_t = 1000)]
    validation_games: u64,
    /// How many top genomes are validated.
    #[arg(long, default_value_t = 3)]
    validate_top: usize,
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
    /// Entrants from a TOML file: [[entrant]] with name and spec or command.
    #[arg(long)]
    file: Option<PathBuf>,
    /// Add the ten sample AIs.
    #[arg(long)]
    samples: bool,
    /// round-robin or swiss.
    #[arg(long, default_value = "round-robin")]
    format: String,
    /// Rounds of a Swiss tournament.
    #[arg(long, default_value_t = 5)]
    rounds: u32,
    /// Deals per pairing, each played twice with seats swapped.
    #[arg(long, default_value_t = 50)]
    deals: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads for built-in games (default: all cores).
    #[arg(long)]
    threads: Option<usize>,
    /// Games with a program running at once.
    #[arg(long, default_value_t = 2)]
    jobs: usize,
    /// Time limit per BID/PUT for programs, in milliseconds.
    #[arg(long, default_value_t = 500)]
    move_timeout: u64,
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
    /// Games per opponent (deals played twice, seats swapped; rounded up to even).
    #[arg(long, default_value_t = 2000)]
    games: u64,
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long)]
    threads: Option<usize>,
    /// Write the results as JSON here.
    #[arg(long)]
    json: Option<PathBuf>,
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
    #[arg(long, default_value_t = 1)]
    games: u64,
    /// Time limit per BID/PUT, in milliseconds.
    #[arg(long, default_value_t = 500)]
    move_timeout: u64,
    /// Time limit for READY, in milliseconds.
    #[arg(long, default_value_t = 3000)]
    ready_timeout: u64,
    /// Write the official log of every game here (games separated by a blank line).
    #[arg(long)]
    log: Option<PathBuf>,
    /// Write a JSON summary here.
    #[arg(long)]
    json: Option<PathBuf>,
    /// Games played at once. Results do not depend on it; decision times
    /// do (games share the cores), so 1 is the judge's condition.
    #[arg(long, default_value_t = 1)]
    jobs: usize,
}

pub fn run() -> Result<()> {
    let cli = Cli::parse();
    match cli.command {
        Cmd::Play { spec, seed } => play(&spec, seed),
        Cmd::Match(args) => match_cmd(args),
        Cmd::Bench(args) => crate::edge::bench::run(args),
        Cmd::Eval(args) => eval_cmd(args),
        Cmd::Evolve(args) => evolve_cmd(args),
        Cmd::Export { genome, out } => export_cmd(genome, &out),
        Cmd::Tournament(args) => tournament_cmd(args),
        Cmd::Plot {
            run_dir,
            out,
            width,
            height,
        } => {
            let out = out.unwrap_or_else(|| default_plot_path(Path::new("plots"), &run_dir));
            plot_run(&run_dir, &out, (width, height))?;
            say!("wrote {}", out.display());
            Ok(())
        }
        Cmd::NewGenome { out } => {
            let text =
                yacht_genome_file::genome_to_toml(&yacht_core::genome::Genome::default(), "");
            write_atomic(&out, text.as_bytes())?;
            say!("wrote {}", out.display());
            Ok(())
        }
    }
}

fn play(spec: &str, seed: u64) -> Result<()> {
    let spec = StrategySpec::parse(spec).map_err(anyhow::Error::msg)?;
    let mut bot = yacht_core::protocol::Bot::new(spec.build(), seed);
    let stdin = std::io::stdin();
    yacht_core::protocol::serve(
        &mut bot,
        stdin.lock(),
        std::io::stdout().lock(),
        std::io::stderr(),
    )
    .context("protocol I/O")
}

fn match_cmd(a: MatchArgs) -> Result<()> {
    let p1 = Player::parse(&a.p1)
        .map_err(anyhow::Error::msg)
        .context("--p1")?;
    let p2 = Player::parse(&a.p2)
        .map_err(anyhow::Error::msg)
        .context("--p2")?;
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
    };
    let mut log = String::new();
    let seed = a.seed.unwrap_or(0);
    let settings = MatchSettings {
        source,
        games: a.games,
        seed,
        limits,
        jobs: a.jobs,
    };
    let summary = run_match(&p1, &p2, &settings, |_, game| {
        if a.log.is_some() {
            if !log.is_empty() {
                log.push('\n');
            }
            log.push_str(&game.official_log(&p1, &p2));
        }
    });
    if let Some(path) = &a.log {
        write_atomic(path, log.as_bytes())?;
    }
    if let Some(path) = &a.json {
        write_atomic(path, serde_json::to_string_pretty(&summary)?.as_bytes())?;
    }
    write_out(&summary.render());
    Ok(())
}

/// A built-in spec with or without the `builtin:` prefix, or a command line.
pub fn parse_player(s: &str) -> Result<Player> {
    let p = if StrategySpec::parse(s).is_ok() {
        format!("builtin:{s}")
    } else {
        s.to_string()
    };
    Player::parse(&p).map_err(anyhow::Error::msg)
}

/// Loads the suite file, or the `--vs` opponents when given.
pub fn load_suite(path: &Path, vs: &[String]) -> Result<Vec<crate::tune::suite::Opponent>> {
    if vs.is_empty() {
        let text = read_file(path)?;
        return crate::tune::suite::parse_suite(&text, &path.display().to_string())
            .map_err(anyhow::Error::msg);
    }
    vs.iter()
        .map(|s| {
            let player = parse_player(s)?;
            Ok(crate::tune::suite::Opponent {
                name: player.name(),
                player,
                weight: 1.0,
            })
        })
        .collect()
}

/// Runs `f` on a pool of `threads` workers (all cores when None).
pub fn with_threads<T: Send>(threads: Option<usize>, f: impl FnOnce() -> T + Send) -> Result<T> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0))
        .build()?;
    Ok(pool.install(f))
}

fn eval_cmd(a: EvalArgs) -> Result<()> {
    let (player, label) = match (&a.genome, &a.player) {
        (Some(path), _) => {
            let p = path.display().to_string();
            (parse_player(&format!("genome:{p}"))?, p)
        }
        (None, Some(s)) => (parse_player(s)?, s.clone()),
        (None, None) => bail!("give --genome PATH or --player SPEC"),
    };
    let suite = load_suite(&a.suite, &a.vs)?;
    let deals = a.games.div_ceil(2).max(1);
    let start = std::time::Instant::now();
    let e = with_threads(a.threads, || {
        crate::tune::eval::evaluate(&player, &suite, deals, a.seed)
    })?;
    let secs = start.elapsed().as_secs_f64();
    write_out(&crate::tune::eval::table(&e));
    let games = 2 * deals * suite.len() as u64;
    eprintln!(
        "{games} games in {secs:.1} s ({:.0} games/s)",
        games as f64 / secs
    );
    if let Some(path) = &a.json {
        let json = serde_json::json!({
            "genome": label,
            "seed": a.seed,
            "fitness": e.fitness,
            "opponents": e.opponents,
        });
        write_atomic(path, serde_json::to_string_pretty(&json)?.as_bytes())?;
    }
    Ok(())
}

fn default_plot_path(plots: &Path, run_dir: &Path) -> PathBuf {
    let name = run_dir
        .file_name()
        .map_or("run".into(), |n| n.to_string_lossy().into_owned());
    plots.join(format!("{name}-fitness.png"))
}

/// Draws a run's plot, atomically (temporary file, then rename).
pub fn plot_run(run_dir: &Path, out: &Path, size: (u32, u32)) -> Result<()> {
    let series = crate::edge::plot::read_series(&run_dir.join("generations.csv"))?;
    let title = run_dir
        .file_name()
        .map_or("run".into(), |n| n.to_string_lossy().into_owned());
    if let Some(dir) = out.parent().filter(|d| !d.as_os_str().is_empty()) {
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
    }
    let tmp = out.with_extension("tmp.png");
    crate::edge::plot::fitness_png(&series, &title, &tmp, size)?;
    std::fs::rename(&tmp, out).with_context(|| format!("cannot write {}", out.display()))
}

struct Bar {
    bar: Option<indicatif::ProgressBar>,
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
        }
    }
    fn message(&mut self, text: &str) {
        match &self.bar {
            Some(b) => b.println(text),
            None => eprintln!("{text}"),
        }
    }
}

fn unique_dir(base: &Path, name: &str) -> PathBuf {
    let mut p = base.join(name);
    let mut n = 2;
    while p.exists() {
        p = base.join(format!("{name}-{n}"));
        n += 1;
    }
    p
}

fn evolve_cmd(a: EvolveArgs) -> Result<()> {
    use crate::tune::evolve::{InitialGenome, RunConfig, RunDir, SuiteEntry};
    let dir = match &a.resume {
        Some(d) => {
            let d = RunDir(d.clone());
            d.load_config()
                .context("--resume needs a run folder with config.toml")?;
            d
        }
        None => {
            let inits: Vec<PathBuf> = if a.init.is_empty() {
                let best = a.params_dir.join("best.toml");
                vec![if best.exists() {
                    best
                } else {
                    a.params_dir.join("default.toml")
                }]
            } else {
                a.init.clone()
            };
            let mut initial = Vec::new();
            for p in &inits {
                let text = read_file(p)?;
                let g = yacht_genome_file::parse_genome(&text, &p.display().to_string())?;
                initial.push(InitialGenome {
                    source: p.display().to_string(),
                    genes: g.genes.to_vec(),
                });
            }
            let suite = load_suite(&a.suite, &[])?
                .into_iter()
                .map(|o| SuiteEntry {
                    name: o.name,
                    player: o.player.command(),
                    weight: o.weight,
                })
                .collect();
            let name = a.name.clone().unwrap_or_else(|| format!("run-s{}", a.seed));
            let path = if a.name.is_some() {
                a.runs_dir.join(&name)
            } else {
                unique_dir(&a.runs_dir, &name)
            };
            if path.join("config.toml").exists() {
                bail!(
                    "{} already holds a run: use --resume {} or another --name",
                    path.display(),
                    path.display()
                );
            }
            let cfg = RunConfig {
                name: path
                    .file_name()
                    .map_or(name.clone(), |n| n.to_string_lossy().into_owned()),
                seed: a.seed,
                generations: a.generations,
                population: a.population.max(2),
                games: a.games,
                validation_games: a.validation_games,
                validate_top: a.validate_top,
                init_sigma: 0.1,
                ga: crate::tune::ga::GaSettings::default(),
                suite,
                initial,
                tool_version: env!("CARGO_PKG_VERSION").to_string(),
                git_revision: crate::tune::evolve::git_revision(),
            };
            write_atomic(&path.join("config.toml"), toml::to_string(&cfg)?.as_bytes())?;
            RunDir(path)
        }
    };
    let cfg = dir.load_config()?;
    let bar = (!a.quiet).then(|| {
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
        started: std::time::Instant::now(),
        games: 0,
    };
    crate::tune::evolve::Progress::message(
        &mut progress,
        &format!("run folder {}", dir.0.display()),
    );
    let cp = with_threads(a.threads, || {
        crate::tune::evolve::run_generations(&dir, &mut progress)
    })??;
    if let Some(b) = &progress.bar {
        b.finish();
    }
    let params_best = a.params_dir.join("best.toml");
    let v = with_threads(a.threads, || {
        crate::tune::evolve::validate(&dir, &cp, &params_best)
    })??;
    let plot = default_plot_path(&a.plots_dir, &dir.0);
    plot_run(&dir.0, &plot, (1200, 900))?;
    let first = cp.rows.first().map_or(0.0, |r| r.best);
    let last = cp.rows.last().map_or(0.0, |r| r.best);
    say!(
        "run {}: {} generations, best fitness {first:.4} → {last:.4} (training dice)",
        cfg.name,
        cp.rows.len()
    );
    say!(
        "validated winner ({} games per opponent, held-out dice):",
        cfg.validation_games
    );
    write_out(&crate::tune::eval::table(&v.winner));
    match &v.incumbent {
        Some(i) if v.replaced => say!(
            "beats the previous {} ({:.4} on the same games): replaced it",
            params_best.display(),
            i.fitness
        ),
        Some(i) => say!(
            "does not beat {} ({:.4} vs {:.4} on the same games): kept it; the run's genome is in {}",
            params_best.display(),
            i.fitness,
            v.winner.fitness,
            dir.best().display()
        ),
        None => say!("wrote {}", params_best.display()),
    }
    say!("plot: {}", plot.display());
    Ok(())
}

fn export_cmd(genome: Option<PathBuf>, out: &Path) -> Result<()> {
    let path = genome.unwrap_or_else(|| {
        let best = PathBuf::from("params/best.toml");
        if best.exists() {
            best
        } else {
            PathBuf::from("params/default.toml")
        }
    });
    let shown = path.display().to_string();
    let g = yacht_genome_file::parse_genome(&read_file(&path)?, &shown)?;
    let src = crate::edge::export::export_source(&g, &shown);
    if src.len() > crate::edge::export::MAX_BYTES {
        bail!(
            "the exported file would be {} bytes, over the contest's 1 MiB limit: not written",
            src.len()
        );
    }
    write_atomic(out, src.as_bytes())?;
    say!(
        "wrote {} ({} bytes, {:.1}% of 1 MiB) from {shown}; compile with: rustc --edition 2024 -O {}",
        out.display(),
        src.len(),
        100.0 * src.len() as f64 / crate::edge::export::MAX_BYTES as f64,
        out.display()
    );
    Ok(())
}

fn tournament_cmd(a: TournamentArgs) -> Result<()> {
    use crate::host::tournament::{Entrant, Format, Settings};
    let mut entrants = Vec::new();
    if a.samples {
        entrants.extend(crate::tune::suite::samples().into_iter().map(|o| Entrant {
            name: o.name,
            player: o.player,
        }));
    }
    if let Some(path) = &a.file {
        let text = read_file(path)?;
        let suite = crate::tune::suite::parse_suite(
            &text.replace("[[entrant]]", "[[opponent]]"),
            &path.display().to_string(),
        )
        .map_err(anyhow::Error::msg)?;
        entrants.extend(suite.into_iter().map(|o| Entrant {
            name: o.name,
            player: o.player,
        }));
    }
    for e in &a.entrants {
        let (name, what) = e.split_once('=').ok_or_else(|| {
            anyhow::anyhow!("--entrant wants NAME=SPEC or NAME=COMMAND, got `{e}`")
        })?;
        let player = parse_player(what).with_context(|| format!("--entrant {name}"))?;
        entrants.push(Entrant {
            name: name.to_string(),
            player,
        });
    }
    let mut names = std::collections::HashSet::new();
    for e in &entrants {
        if !names.insert(e.name.clone()) {
            bail!(
                "two entrants are named `{}`: give them different names",
                e.name
            );
        }
    }
    if entrants.len() < 2 {
        bail!("a tournament needs at least two entrants (--entrant NAME=SPEC, --samples, --file)");
    }
    let format = match a.format.as_str() {
        "round-robin" | "rr" => Format::RoundRobin,
        "swiss" => Format::Swiss { rounds: a.rounds },
        other => bail!("unknown --format `{other}`: round-robin or swiss"),
    };
    let n = entrants.len() as u64;
    let games = 2
        * a.deals
        * match format {
            Format::RoundRobin => n * (n - 1) / 2,
            Format::Swiss { rounds } => rounds as u64 * (n / 2),
        };
    let settings = Settings {
        format,
        deals: a.deals,
        seed: a.seed,
        jobs: a.jobs,
        limits: Limits {
            decision: Duration::from_millis(a.move_timeout),
            ..Limits::default()
        },
    };
    let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
    let flag = stop.clone();
    // Ctrl-C: finish the games under way, skip the rest, print the standings.
    let _ = ctrlc::set_handler(move || flag.store(true, std::sync::atomic::Ordering::Relaxed));
    let bar = if a.quiet {
        indicatif::ProgressBar::hidden()
    } else {
        indicatif::ProgressBar::new(games)
    };
    bar.set_style(
        indicatif::ProgressStyle::with_template(
            "{bar:30} {pos}/{len} games [{elapsed_precise} eta {eta}]",
        )
        .expect("valid template"),
    );
    let start = std::time::Instant::now();
    let table = with_threads(a.threads, || {
        crate::host::tournament::run(&entrants, &settings, &stop, &|| bar.inc(1))
    })?;
    bar.finish_and_clear();
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
        let mut w = csv::Writer::from_writer(Vec::new());
        w.write_record([
            "rank",
            "name",
            "games",
            "wins",
            "draws",
            "losses",
            "points",
            "win_rate",
            "ci_lo",
            "ci_hi",
            "mean_margin",
            "rating",
            "rating_se",
            "faults",
        ])?;
        for r in &table.standings {
            w.write_record([
                r.rank.to_string(),
                r.name.clone(),
                r.games.to_string(),
                r.wins.to_string(),
                r.draws.to_string(),
                r.losses.to_string(),
                format!("{}", r.points),
                format!("{:.4}", r.win_rate),
                format!("{:.4}", r.ci95[0]),
                format!("{:.4}", r.ci95[1]),
                format!("{:.1}", r.mean_margin),
                format!("{:.1}", r.rating),
                format!("{:.1}", r.rating_se),
                r.faults.len().to_string(),
            ])?;
        }
        write_atomic(p, &w.into_inner()?)?;
    }
    if let Some(p) = &a.png {
        let tmp = p.with_extension("tmp.png");
        if let Some(dir) = p.parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir)?;
        }
        crate::edge::plot::tournament_png(&table, &tmp, (1400, 700))?;
        std::fs::rename(&tmp, p).with_context(|| format!("cannot write {}", p.display()))?;
        say!("picture: {}", p.display());
    }
    Ok(())
}
