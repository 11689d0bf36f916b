//! The opponent suite (`params/suite.toml`): who a genome is evaluated
//! against, with weights. An entry is a built-in spec or a program command;
//! `--vs` names opponents on the command line instead.

use crate::files::{FileError, read_file};
use crate::host::player::Player;
use crate::host::roster::parse_roster;
pub use crate::host::roster::{Listed as Opponent, samples};
use std::path::Path;

/// A suite that could not be had.
#[derive(Debug, thiserror::Error)]
pub enum SuiteError {
    #[error(transparent)]
    File(#[from] FileError),
    /// A bad entry or opponent (the message names it).
    #[error("{0}")]
    Bad(String),
}

/// Parses a suite file; errors name the file and the entry.
pub fn parse_suite(text: &str, file: &str) -> Result<Vec<Opponent>, String> {
    parse_roster(text, file, "opponent")
}

/// The suite of a file, or the `vs` opponents (specs or commands, weight
/// 1) when any are given.
pub fn load(path: &Path, vs: &[String]) -> Result<Vec<Opponent>, SuiteError> {
    if vs.is_empty() {
        let text = read_file(path)?;
        return parse_suite(&text, &path.display().to_string()).map_err(SuiteError::Bad);
    }
    vs.iter()
        .map(|s| {
            let player = Player::parse(s).map_err(|e| SuiteError::Bad(format!("--vs {s}: {e}")))?;
            Ok(Opponent {
                name: player.name(),
                player,
                weight: 1.0,
            })
        })
        .collect()
}
