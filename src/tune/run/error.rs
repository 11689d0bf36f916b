//! Why a run could not be created, resumed, validated or installed.

use super::checkpoint::Inconsistent;
use super::generations::CsvError;
use super::verdict::Refusal;
use crate::files::FileError;
use crate::host::player::PlayerError;
use crate::tune::eval::Unearned;
use crate::tune::optim::toolkit::NoSuchGene;
use std::path::PathBuf;
use yacht_genome_file::GenomeError;

/// What is wrong with a file the run wrote.
#[derive(Debug, thiserror::Error)]
pub enum Damage {
    #[error(transparent)]
    Json(#[from] serde_json::Error),
    #[error(transparent)]
    Csv(#[from] CsvError),
    #[error(transparent)]
    Inconsistent(#[from] Inconsistent),
    #[error(transparent)]
    Optimizer(#[from] crate::tune::optim::WrongState),
}

#[derive(Debug, thiserror::Error)]
pub enum RunError {
    #[error(transparent)]
    File(#[from] FileError),
    #[error(transparent)]
    Genome(#[from] GenomeError),
    #[error("{} already holds a run: use --resume {} or another --name", .0.display(), .0.display())]
    Exists(PathBuf),
    #[error("{}: no run here (a run folder holds config.toml)", .0.display())]
    NoRun(PathBuf),
    #[error(
        "{} has no checkpoint.json (committed runs do not carry one), so it cannot be resumed: \
         it would restart at generation 0 over {}; start a new run (--name) instead. Nothing was changed",
        dir.display(), kept.display()
    )]
    NoCheckpoint { dir: PathBuf, kept: PathBuf },
    #[error("{} does not exist (--{flag}): give a folder that exists", .path.display())]
    NoFolder { flag: &'static str, path: PathBuf },
    #[error("{} takes no files (--{flag}): {err}; give a folder this user can write", .path.display())]
    NotWritable {
        flag: &'static str,
        path: PathBuf,
        err: std::io::Error,
    },
    #[error("{}{}: not a valid run config: {message}", .path.display(), .line.map(|l| format!(" line {l}")).unwrap_or_default())]
    BadConfig {
        path: PathBuf,
        /// From 1, when the parser knows it.
        line: Option<usize>,
        /// The parser's message, without its quote of the line (a stored
        /// genome's line is hundreds of characters).
        message: String,
    },
    #[error("{} is damaged (delete it to restart the run from generation 0): {err}", path.display())]
    DamagedCheckpoint { path: PathBuf, err: Damage },
    #[error("{} is damaged: {err}", path.display())]
    DamagedFile { path: PathBuf, err: Damage },
    #[error("suite entry `{name}`: {err}")]
    Suite { name: String, err: PlayerError },
    #[error(transparent)]
    Unearned(#[from] Unearned),
    #[error("interrupted at generation {0} (the checkpoint holds every finished generation)")]
    Interrupted(u32),
    #[error(
        "interrupted while validating (every generation is in the checkpoint; a resume validates again)"
    )]
    InterruptedValidating,
    #[error("{} is in use by another tuner{}; if none runs, delete {}/lock", .dir.display(), pid.map(|p| format!(" (process {p})")).unwrap_or_default(), .dir.display())]
    InUse { dir: PathBuf, pid: Option<i32> },
    #[error("--name must not be empty")]
    EmptyName,
    #[error(transparent)]
    Frozen(#[from] NoSuchGene),
    #[error(
        "run `{run}` has already run {done} generations: --generations {asked} would shorten it"
    )]
    Shorter { run: String, done: u32, asked: u32 },
    #[error(
        "held-out opponent `{0}` is also in the training suite: a held-out suite must be disjoint from it"
    )]
    HeldOutInTraining(String),
    #[error("the run has no evaluated generation to validate")]
    NothingToValidate,
    #[error("run `{0}` has not been validated yet (finish it: {resume})", resume = crate::text::tuner_command(&format!("evolve --resume {}", .0)))]
    NotValidated(String),
    #[error("run `{run}`'s winner is not installed: {why}")]
    NotEarned { run: String, why: Refusal },
    #[error("run `{0}`'s winner is already installed")]
    AlreadyInstalled(String),
    #[error(
        "{} has changed since run `{run}` compared its winner with it: the verdict is about \
         another champion. Validate again with a new run (--init {})",
        path.display(), best.display()
    )]
    IncumbentChanged {
        run: String,
        path: PathBuf,
        best: PathBuf,
    },
    #[error(
        "run `{run}`'s winner is not installed: its verdicts saw {who} played otherwise than \
         the file says (--rollouts {rollouts} changed its win-probability decisions), so they \
         are not about what installing would replace or ship. Validate with a run that plays \
         both as their files say (--rollouts equal to their wp_rollouts), or measure with \
         {}",
        crate::text::tuner_command("eval --baseline")
    )]
    PlayedOtherwise {
        run: String,
        who: &'static str,
        rollouts: u32,
    },
    #[error("cannot encode {what}: {err}")]
    Encode {
        what: &'static str,
        err: Box<dyn std::error::Error + Send + Sync>,
    },
}

pub type Result<T, E = RunError> = std::result::Result<T, E>;

/// An encoding error of `what` (a file the run writes).
pub fn encode<E: std::error::Error + Send + Sync + 'static>(
    what: &'static str,
) -> impl FnOnce(E) -> RunError {
    move |e| RunError::Encode {
        what,
        err: Box::new(e),
    }
}
