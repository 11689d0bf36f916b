//! `tuner evolve`: make or resume a run, show its progress, validate it,
//! install its winner when asked and earned, draw its plot and say, verdict
//! first, what came of it.

use crate::edge::eta::RunTally;
use crate::edge::out::write_out;
use crate::edge::progress::Bar;
use crate::edge::run_args::RunArgs;
use crate::edge::threads::with_threads;
use crate::host::player::check_programs;
use crate::host::program::Limits;
use crate::tune::run::lock::RunLock;
use crate::tune::run::summary::Summary;
use crate::tune::run::{
    Folders, Made, NewRun, Progress, RunDir, RunError, create_run, earlier, extend, install,
    open_run, run_generations, validate,
};
use anyhow::Result;
use std::path::PathBuf;
use std::sync::Arc;

#[derive(clap::Args)]
pub struct EvolveArgs {
    /// Generations to run (default 20). With --resume: extend the run to
    /// this many generations.
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    generations: Option<u32>,
    #[command(flatten)]
    run: RunArgs,
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
    /// A line for the run's notes.txt, written when the run is made: why
    /// genes are frozen, what the run is for (repeatable).
    #[arg(long, conflicts_with = "resume")]
    note: Vec<String>,
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
        settings: a.run.settings(a.generations.unwrap_or(20)),
        suite_file: a.suite.display().to_string(),
        heldout_file: a.heldout.display().to_string(),
        init,
        suite: crate::tune::suite::load(&a.suite, &[])?,
        heldout: crate::tune::suite::load(&a.heldout, &[])?,
        notes: a.note.clone(),
    })?;
    Ok((dir, lock, Some(made)))
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
                let said = format!(
                    "interrupted before the first generation was finished: nothing was kept \
                     ({} removed)",
                    dir.0.display()
                );
                // The command on a line of its own, whole, to be pasted.
                eprint!("{}", crate::text::wrap(&said, crate::text::SCREEN, "  "));
                let again = crate::text::tuner_command(&again.join(" "));
                eprintln!("start again with: {again}");
            }
            _ => {
                drop(lock);
                let said = crate::text::wrap(&e.to_string(), crate::text::SCREEN, "  ");
                eprint!("{said}");
                eprintln!("{}", resume_hint(&dir));
            }
        }
        crate::edge::out::exit(crate::edge::ctrl_c::INTERRUPTED)
    }
}

/// `tuner evolve`.
pub fn run(a: EvolveArgs) -> Result<()> {
    let (dir, lock, made) = open_or_create(&a)?;
    let held = Held { dir, lock, made };
    // The run's games in this process, generations and validation: the eta.
    let tally = Arc::new(RunTally::default());
    let (cfg, cp) = match generations(&a, &held.dir, tally.clone()) {
        Ok(Ok(done)) => done,
        Ok(Err(e @ (RunError::Interrupted(_) | RunError::InterruptedValidating))) => {
            held.stopped(e)
        }
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
            let mut progress = Bar::validating(a.quiet, tally);
            let v = with_threads(a.threads, || {
                validate(dir, &cp, &params_best, &mut progress)
            })?;
            progress.end_stage();
            match v {
                Err(e @ (RunError::Interrupted(_) | RunError::InterruptedValidating)) => {
                    held.stopped(e)
                }
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
        ga: cp.optimizer.ga(),
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
    tally: Arc<RunTally>,
) -> Result<Result<(crate::tune::run::RunConfig, crate::tune::run::Checkpoint), RunError>> {
    let cfg = dir.load_config()?;
    let suite = cfg.opponents()?;
    let heldout = cfg.heldout_opponents()?;
    let players = suite.iter().chain(&heldout).map(|o| &o.player);
    check_programs(players, Limits::default())?;
    let mut progress = Bar::new(a.quiet, tally);
    progress.message(&format!("run folder {}", dir.0.display()));
    crate::edge::ctrl_c::set_resume_hint(resume_hint(dir));
    let cp = with_threads(a.threads, || run_generations(dir, &mut progress))?;
    progress.finish_generations();
    Ok(cp.map(|cp| (cfg, cp)))
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
