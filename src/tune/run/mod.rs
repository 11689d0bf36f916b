//! A tuning run: its folder and the files in it, each a typed record that
//! its writer and its readers share. `tuner evolve` creates or resumes a
//! run (`config`, `lock`), runs its generations (`evolve`, writing
//! `checkpoint` and `generations`), validates the top genomes against the
//! incumbent (`validation`), and installs the winner only when asked and
//! earned (`install`); `summary` is what the end of a run says, `listing`
//! what `tuner runs` shows. `dir` alone knows the files' names.

pub mod checkpoint;
pub mod config;
pub mod dir;
pub mod error;
pub mod evolve;
pub mod generations;
pub mod install;
pub mod listing;
pub mod lock;
pub mod notes;
pub mod summary;
pub mod validation;

pub use checkpoint::Checkpoint;
pub use config::{Folders, NewRun, RunConfig, create_run, extend, open_run};
pub use dir::RunDir;
pub use error::RunError;
pub use evolve::{Progress, run_generations};
pub use generations::GenerationRow;
pub use install::install;
pub use validation::{Validation, ValidationRecord, validate};
