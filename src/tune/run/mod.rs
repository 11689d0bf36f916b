//! A tuning run: its folder and the files in it, each a typed record that
//! its writer and its readers share. Three layers, each using only those
//! before it: the records (`generations`, `checkpoint`, `verdict`,
//! `settings`, `config`, and `error`); the folder (`dir`, which alone knows the files'
//! names); the steps — `tuner evolve` creates or resumes a run (`create`,
//! `lock`, `notes`), runs its generations (`evolve`), validates the winner
//! against the incumbent (`validation`, reading it by `incumbent`), and installs it only when asked
//! and earned (`install`); `summary` is what the end of a run says,
//! `listing` what `tuner runs` shows.

pub mod checkpoint;
pub mod config;
pub mod create;
pub mod dir;
pub mod error;
pub mod evolve;
pub mod generations;
mod incumbent;
pub mod install;
pub mod listing;
pub mod lock;
pub mod notes;
pub mod settings;
pub mod summary;
pub mod validation;
pub mod verdict;

pub use checkpoint::Checkpoint;
pub use config::{Folders, RunConfig};
pub use create::{Made, NewRun, create_run, extend, open_run};
pub use dir::RunDir;
pub use error::RunError;
pub use evolve::{Progress, Tick, run_generations};
pub use generations::GenerationRow;
pub use install::install;
pub use settings::RunSettings;
pub use validation::{Validation, earlier, validate};
pub use verdict::ValidationRecord;
