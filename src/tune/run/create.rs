//! Making, opening and extending a run folder: config.toml written once
//! under the folder's lock, a run found by name or path, its generations
//! extended (recorded in config.toml and notes.txt).

use super::config::{Folders, InitialGenome, RunConfig, entries_of, git_revision};
use super::dir::RunDir;
use super::error::{Result, RunError};
use super::lock::RunLock;
use super::notes;
use super::settings::RunSettings;
use crate::tune::optim::toolkit::frozen_genes;
use crate::tune::suite::Opponent;
use std::path::{Path, PathBuf};

/// What `tuner evolve` is given to start a run: its settings, and what it
/// plays and writes where.
#[derive(Clone, Debug)]
pub struct NewRun {
    /// The folder's name under `folders.runs`; None: `run-s<seed>`, made unique.
    pub name: Option<String>,
    pub folders: Folders,
    pub settings: RunSettings,
    /// The suite files, for the record.
    pub suite_file: String,
    pub heldout_file: String,
    /// Genome files the first generation starts from.
    pub init: Vec<PathBuf>,
    pub suite: Vec<Opponent>,
    /// Opponents never used for selection (none of them in `suite`).
    pub heldout: Vec<Opponent>,
    /// Lines for the run's notes.txt from its maker (`--note`: why genes
    /// are frozen, what the run is for).
    pub notes: Vec<String>,
}

/// What `create_run` made: the files of a run folder that were not there
/// before, so that a run that fails (or is stopped) before its first
/// generation is finished can be taken back whole ([`Made::discard`]).
#[derive(Debug)]
pub struct Made {
    dir: RunDir,
    /// Whether the folder itself was made by this command.
    folder: bool,
    /// The run's files that existed before (none, but for a folder that
    /// held something else): never removed.
    before: Vec<PathBuf>,
}

impl Made {
    /// The run's files that were not there before.
    fn files(&self) -> Vec<PathBuf> {
        let d = &self.dir;
        let mut all = vec![d.config(), d.notes(), d.checkpoint()];
        all.extend(d.results());
        all.retain(|p| !self.before.contains(p));
        all
    }

    /// Whether the run has kept nothing yet: no generation finished.
    pub fn nothing_kept(&self) -> bool {
        !self.dir.checkpoint().exists()
    }

    /// Removes what this command made (its files, then the folder if it
    /// made it and it is empty), under the lock, which goes last.
    pub fn discard(self, lock: RunLock) {
        for f in self.files() {
            let _ = std::fs::remove_file(f);
        }
        drop(lock);
        if self.folder {
            let _ = std::fs::remove_dir(&self.dir.0);
        }
    }
}

/// Creates a run folder and its config.toml (seed, settings, suite,
/// initial genomes, tool version, git revision). A folder that already
/// holds a run is an error saying how to resume it. The caller checks
/// `new.folders` ([`Folders::check`]) first, before it loads the suites.
pub fn create_run(new: &NewRun) -> Result<(RunDir, RunLock, Made)> {
    frozen_genes(&new.settings.frozen)?;
    let mut initial = Vec::new();
    for p in &new.init {
        let shown = p.display().to_string();
        let g = yacht_genome_file::read_genome(p, &shown)?;
        initial.push(InitialGenome {
            source: shown,
            genes: (&g).into(),
        });
    }
    let (suite, heldout) = (entries_of(&new.suite), entries_of(&new.heldout));
    if let Some(both) = heldout
        .iter()
        .find(|h| suite.iter().any(|t| t.player == h.player))
    {
        return Err(RunError::HeldOutInTraining(both.player.clone()));
    }
    let path = match &new.name {
        Some(name) => new.folders.runs.join(name),
        None => free_path(
            &new.folders.runs,
            &format!("run-s{}", new.settings.seed),
            "",
        ),
    };
    let dir = RunDir(path);
    if new.name.as_deref().is_some_and(str::is_empty) {
        return Err(RunError::EmptyName);
    }
    let folder = !dir.0.exists();
    // The lock first: of two runs started together, one gets the folder.
    let lock = dir.lock()?;
    if dir.config().exists() {
        return Err(RunError::Exists(dir.0));
    }
    let mut made = Made {
        dir: dir.clone(),
        folder,
        before: Vec::new(),
    };
    made.before = made.files().into_iter().filter(|p| p.exists()).collect();
    let cfg = RunConfig {
        name: dir.name(),
        settings: RunSettings {
            population: new.settings.population.max(2),
            ..new.settings.clone()
        },
        suite,
        heldout,
        initial,
        tool_version: env!("CARGO_PKG_VERSION").to_string(),
        git_revision: git_revision(),
        started: notes::today(),
        suite_file: new.suite_file.clone(),
        heldout_file: new.heldout_file.clone(),
        resumed_at: Vec::new(),
        folders: new.folders.clone(),
    };
    dir.save_config(&cfg)?;
    for line in &new.notes {
        notes::append(&dir, line)?;
    }
    Ok((dir, lock, made))
}

/// `dir/NAME` + `suffix`, or `dir/NAME-2` + `suffix`, `-3`, … if taken.
pub fn free_path(dir: &Path, name: &str, suffix: &str) -> PathBuf {
    (1..)
        .map(|n| match n {
            1 => dir.join(format!("{name}{suffix}")),
            n => dir.join(format!("{name}-{n}{suffix}")),
        })
        .find(|p| !p.exists())
        .expect("a free name")
}

/// An existing run to resume: a run folder's path, or a bare name under
/// `runs_dir`. A run without a checkpoint that has kept no results (one
/// stopped before its first generation was finished) starts at generation
/// 0. A refused resume touches nothing (the lock is taken after the checks).
pub fn open_run(given: &Path, runs_dir: &Path) -> Result<(RunDir, RunLock)> {
    let dir = RunDir::find(given, runs_dir);
    if !dir.config().exists() {
        return Err(RunError::NoRun(dir.0));
    }
    dir.load_config()?;
    let resumable = |dir: &RunDir| {
        let kept = dir.results().into_iter().find(|p| p.exists());
        match (dir.checkpoint().exists(), kept) {
            (false, Some(kept)) => Err(RunError::NoCheckpoint {
                dir: dir.0.clone(),
                kept,
            }),
            _ => Ok(()),
        }
    };
    resumable(&dir)?;
    let lock = dir.lock()?;
    // Again under the lock: another tuner may have worked on it meanwhile.
    resumable(&dir)?;
    Ok((dir, lock))
}

/// Extends a run to `generations` (at least as many as it has run),
/// recorded in its config.toml and notes.txt; the result is that of a run
/// started with that many.
pub fn extend(dir: &RunDir, generations: u32) -> Result<()> {
    let mut cfg = dir.load_config()?;
    let done = dir.load_checkpoint()?.map_or(0, |c| c.next_generation);
    if generations < done {
        return Err(RunError::Shorter {
            run: cfg.name,
            done,
            asked: generations,
        });
    }
    if generations != cfg.settings.generations {
        let note = format!(
            "{}: generations {} → {generations} (--resume --generations)",
            notes::today(),
            cfg.settings.generations
        );
        cfg.settings.generations = generations;
        dir.save_config(&cfg)?;
        notes::append(dir, &note)?;
    }
    Ok(())
}
