//! `tuner evolve`: make or resume a run, show its progress, validate it,
//! install its winner when asked and earned, draw its plot and say, verdict
//! first, what came of it.

use crate::edge::out::write_out;
use crate::edge::progress::Bar;
use crate::edge::search::SearchArgs;
use crate::edge::threads::with_threads;
use crate::host::player::check_programs;
use crate::host::program::Limits;
use crate::tune::optim::OptimizerKind;
use crate::tune::run::lock::RunLock;
use crate::tune::run::summary::Summary;
use crate::tune::run::{
    Folders, Made, NewRun, Progress, RunDir, RunError, RunSettings, create_run, earlier, extend,
    install, open_run, run_generations, validate,
};
use anyhow::Result;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct EvolveArgs {
    /// Generations to run (default 20). With --resume: extend the run to
    /// this many generations.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    generations: Option<u32>,
    /// Genomes per generation.
    #[arg(long, default_value_t = 16, value_parser = clap::value_parser!(u64).range(2..=10_000), conflicts_with = "resume")]
    population: u64,
    /// Games per opponent per evaluation: an even number (each deal is
    /// played twice, seats swapped).
    #[arg(long, default_value_t = 100, value_parser = crate::edge::games::parse_games, conflicts_with = "resume")]
    games: u64,
    /// Seed of every random stream of the run (the same seed gives the
    /// same run, whatever the number of threads).
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
    /// What a game is worth to the fitness, the validation and the
    /// held-out check: adjusted (the outcome less the game's luck, the dice
    /// and tie coins as the exact table values them: the win rate's mean
    /// with about a twelfth of its variance), win-rate (1, ½, 0), or margin
    /// (the logistic of the margin over 20 000 points). Recorded in
    /// config.toml.
    #[arg(long, default_value = "adjusted", conflicts_with = "resume")]
    fitness: crate::tune::eval::Fitness,
    /// Futures per win-probability decision by rollouts (the reference
    /// estimator) in the run's games (GA and validation): every genome
    /// plays with wp_rollouts set to it (50 to 4000, the gene's range).
    /// 0: no rollouts in the run; every win-probability decision is made by
    /// the tables (wp_fast), microseconds a move where rollouts cost
    /// milliseconds; genomes whose files ask rollouts are told in notes.txt.
    #[arg(long, default_value_t = 0, value_parser = parse_rollouts, conflicts_with = "resume")]
    rollouts: u32,
    /// Which optimiser proposes each generation: ga (the default), cmaes
    /// (Hansen's CMA-ES; validation measures its mean's average and its
    /// mean) or random (uniform genomes, the floor). `tuner optbench`
    /// compares them where the optimum is known.
    #[arg(long, value_enum, default_value = "ga", conflicts_with = "resume")]
    optimizer: crate::tune::optim::OptimizerKind,
    /// How a generation's games are spread: halving (successive halving:
    /// every genome plays a first rung, the better half by fitness play
    /// on, rung after rung of equal budget, down to 2; docs/luck.md) or
    /// flat (every genome every game, as runs before it did).
    #[arg(long, value_enum, default_value = "halving", conflicts_with = "resume")]
    racing: crate::tune::optim::racing::Racing,
    #[command(flatten)]
    search: SearchArgs,
    /// A line for the run's notes.txt, written when the run is made: why
    /// genes are frozen, what the run is for (repeatable).
    #[arg(long, conflicts_with = "resume")]
    note: Vec<String>,
    /// The most searches per game a genome may spend (hands searched for
    /// their best puts in its own decisions, each look-ahead leaf counted
    /// as a quarter search, its cost; counted, not timed: the same on any
    /// machine; `tuner eval` shows them). Selection ranks every
    /// genome within it before any over it, and a winner within it may
    /// replace a champion over it when not worse by more than half a
    /// point. A dp player spends about 55; none: no limit.
    #[arg(long, conflicts_with = "resume")]
    max_searches: Option<crate::tune::budget::Budget>,
    /// Run folder name under runs/ (default: run-s<seed>, made unique): a
    /// plain name, no path.
    #[arg(long, value_parser = parse_run_name, conflicts_with = "resume")]
    name: Option<String>,
    /// Folder that holds run folders (it must exist). With --resume: where
    /// a bare run name is looked up.
    #[arg(long, default_value = "runs")]
    runs_dir: PathBuf,
    /// Continue a run from its checkpoint: a run folder, or a name under
    /// --runs-dir. Its settings and folders come from its config.toml;
    /// --generations may extend it, --threads, --quiet and --install apply.
    #[arg(long, conflicts_with = "SearchArgs")]
    resume: Option<PathBuf>,
    /// Make the run's winner the champion (params/best.toml, the old one
    /// kept in params/history/) when its verdicts say it is better on the
    /// training suite and not worse held out. Without it nothing outside
    /// the run folder and its plot changes; `tuner install RUN` does it later.
    #[arg(long)]
    install: bool,
    /// With --resume of a run whose generations are all done and
    /// validated: play the validation again (else its record stands, as
    /// long as the champion it was compared with has not changed).
    #[arg(long, requires = "resume")]
    revalidate: bool,
    /// Games per opponent when validating the top genomes at the end: an
    /// even number (each deal is played twice, seats swapped).
    #[arg(long, default_value_t = 1000, value_parser = crate::edge::games::parse_games, conflicts_with = "resume")]
    validation_games: u64,
    /// How many top genomes are validated.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u64).range(1..=100_000), conflicts_with = "resume")]
    validate_top: u64,
    /// Where the champion best.toml (compared with, and replaced on
    /// --install) and its history/ are; it must exist.
    #[arg(long, default_value = "params", conflicts_with = "resume")]
    params_dir: PathBuf,
    /// Where the run's plot goes; it must exist.
    #[arg(long, default_value = "plots", conflicts_with = "resume")]
    plots_dir: PathBuf,
    /// No progress bar (for scripts).
    #[arg(long)]
    quiet: bool,
}

/// The run folder under this process's lock: the one to resume (extended
/// when asked), or a new one with what this command made of it.
fn open_or_create(a: &EvolveArgs) -> Result<(RunDir, RunLock, Option<Made>)> {
    if let Some(given) = &a.resume {
        let (dir, lock) = open_run(given, &a.runs_dir)?;
        if let Some(n) = a.generations {
            extend(&dir, n)?;
        }
        return Ok((dir, lock, None));
    }
    let folders = Folders {
        runs: a.runs_dir.clone(),
        params: a.params_dir.clone(),
        plots: a.plots_dir.clone(),
    };
    // Before the suites load (a `dp` opponent loads the value table).
    folders.check()?;
    let init = match a.init.is_empty() {
        true => vec![yacht_genome_file::default_genome(&a.params_dir)],
        false => a.init.clone(),
    };
    let (dir, lock, made) = create_run(&NewRun {
        name: a.name.clone(),
        folders,
        settings: settings(a),
        suite_file: a.suite.display().to_string(),
        heldout_file: a.heldout.display().to_string(),
        init,
        suite: crate::tune::suite::load(&a.suite, &[])?,
        heldout: crate::tune::suite::load(&a.heldout, &[])?,
        notes: a.note.clone(),
    })?;
    Ok((dir, lock, Some(made)))
}

/// The run's settings from the flags: their one decode.
fn settings(a: &EvolveArgs) -> RunSettings {
    RunSettings {
        seed: a.seed,
        generations: a.generations.unwrap_or(20),
        population: a.population as usize,
        games: a.games,
        validation_games: a.validation_games,
        validate_top: a.validate_top as usize,
        init_sigma: a.search.init_sigma,
        ga: a.search.ga(),
        fitness: a.fitness,
        rollouts: a.rollouts,
        optimizer: a.optimizer,
        cmaes_sigma: (a.optimizer == OptimizerKind::Cmaes).then_some(a.search.cmaes_sigma),
        max_searches: a.max_searches,
        racing: a.racing,
    }
}

/// The line that resumes the run in `dir`.
fn resume_hint(dir: &RunDir) -> String {
    let args = format!("evolve --resume {}", dir.0.display());
    format!("resume with: {}", crate::text::tuner_command(&args))
}

/// A run folder held by this command: its lock, and what the command made
/// of it when it started the run (taken back if the run fails or is
/// stopped before its first generation is kept).
struct Held {
    dir: RunDir,
    lock: RunLock,
    made: Option<Made>,
}

impl Held {
    /// After a failure: a new run that kept nothing leaves nothing
    /// behind, else the folder stays for a resume.
    fn give_up(self) {
        if let Some(made) = self.made.filter(Made::nothing_kept) {
            made.discard(self.lock);
        }
    }

    /// An interrupted run: what was kept and how to go on, then exit 130
    /// (the lock released: the exit runs no destructor).
    fn stopped(self, e: RunError) -> ! {
        let Held { dir, lock, made } = self;
        // A new run that kept nothing goes; another keeps its folder.
        match made {
            Some(made) if made.nothing_kept() => {
                made.discard(lock);
                let again: Vec<String> = std::env::args().skip(1).collect();
                eprintln!(
                    "interrupted before the first generation was finished: nothing was kept \
                     ({} removed); start again with: {}",
                    dir.0.display(),
                    crate::text::tuner_command(&again.join(" "))
                );
            }
            _ => {
                drop(lock);
                eprintln!("{e}; {}", resume_hint(&dir));
            }
        }
        crate::edge::out::exit(crate::edge::ctrl_c::INTERRUPTED)
    }
}

/// `tuner evolve`.
pub fn run(a: EvolveArgs) -> Result<()> {
    let (dir, lock, made) = open_or_create(&a)?;
    let held = Held { dir, lock, made };
    let (cfg, cp) = match generations(&a, &held.dir) {
        Ok(Ok(done)) => done,
        Ok(Err(e @ RunError::Interrupted(_))) => held.stopped(e),
        Ok(Err(e)) => {
            held.give_up();
            return Err(e.into());
        }
        Err(e) => {
            held.give_up();
            return Err(e);
        }
    };
    let dir = &held.dir;
    let params_best = cfg.folders.params_best();
    let before = match a.revalidate {
        true => None,
        false => earlier(dir, &cp, &params_best)?,
    };
    let v = match before {
        Some(v) => {
            let said = crate::text::wrap(
                &format!(
                    "the run's {} generations were validated before ({}, {} then) against the \
                     same champion: that record stands (--revalidate plays it again)",
                    cp.next_generation,
                    dir.validation().display(),
                    crate::tune::run::summary::duration(v.record.seconds),
                ),
                crate::text::SCREEN,
                "  ",
            );
            write_out(&said);
            v
        }
        None => {
            let mut progress = Bar::validating(a.quiet);
            let v = with_threads(a.threads, || {
                validate(dir, &cp, &params_best, &mut progress)
            })?;
            progress.end_stage();
            match v {
                Err(e @ RunError::Interrupted(_)) => held.stopped(e),
                v => v?,
            }
        }
    };
    // A refused install is told after the run's summary.
    let installed = (a.install && v.record.earned()).then(|| install(dir));
    let record = match &installed {
        Some(Ok(done)) => done.record.clone(),
        _ => v.record.clone(),
    };
    let plot = cfg.folders.plot(&cfg.name);
    crate::edge::plot::plot_run(dir, &plot, (1200, 900))?;
    let summary = Summary {
        dir,
        cfg: &cfg,
        rows: &cp.rows,
        ga: cp.ga.as_ref(),
        record: &record,
        winner: &v.winner_genome,
        plot: &plot,
    };
    write_out(&summary.to_string());
    match installed {
        Some(Err(refused)) => Err(refused.into()),
        _ => Ok(()),
    }
}

/// The run's programs checked, then its generations: the config and the
/// last checkpoint, or why not (a run error apart: an interrupted run is
/// told how to resume).
fn generations(
    a: &EvolveArgs,
    dir: &RunDir,
) -> Result<Result<(crate::tune::run::RunConfig, crate::tune::run::Checkpoint), RunError>> {
    let cfg = dir.load_config()?;
    let suite = cfg.opponents()?;
    let heldout = cfg.heldout_opponents()?;
    let players = suite.iter().chain(&heldout).map(|o| &o.player);
    check_programs(players, Limits::default())?;
    let mut progress = Bar::new(cfg.settings.generations, a.quiet);
    progress.message(&format!("run folder {}", dir.0.display()));
    crate::edge::ctrl_c::set_resume_hint(resume_hint(dir));
    let cp = with_threads(a.threads, || run_generations(dir, &mut progress))?;
    progress.finish_generations();
    Ok(cp.map(|cp| (cfg, cp)))
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

/// A run name that is not one plain folder name.
#[derive(Debug, thiserror::Error)]
#[error("{0:?}: a run name is one folder name under runs/ (no `/`, not `.` or `..`, not empty)")]
struct BadRunName(String);

/// A run's name: one folder name, so that the run stays under its runs
/// folder.
fn parse_run_name(s: &str) -> Result<String, BadRunName> {
    use std::path::{Component, Path};
    let mut parts = Path::new(s).components();
    let one_name = matches!(
        (parts.next(), parts.next()),
        (Some(Component::Normal(_)), None)
    );
    // `a/` is one component too: no separator at all.
    if one_name && !s.contains(['/', '\\']) {
        Ok(s.to_string())
    } else {
        Err(BadRunName(s.to_string()))
    }
}
