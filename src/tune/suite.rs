//! The opponent suite (`params/suite.toml`): who a genome is evaluated
//! against, with weights. An entry is a built-in spec or a program command;
//! `--vs` names opponents on the command line instead.

use crate::files::{FileError, read_file};
use crate::host::player::Player;
use crate::host::player::PlayerError;
pub use crate::host::roster::{Listed as Opponent, samples};
use crate::host::roster::{RosterError, RosterKind, parse_roster};
use std::path::Path;

/// A suite that could not be had.
#[derive(Debug, thiserror::Error)]
pub enum SuiteError {
    #[error(transparent)]
    File(#[from] FileError),
    /// A bad entry (the error names the file and the entry).
    #[error(transparent)]
    Roster(#[from] RosterError),
    #[error("--vs {spec}: {error}")]
    Vs { spec: String, error: PlayerError },
}

/// Parses a suite file; errors name the file and the entry.
pub fn parse_suite(text: &str, file: &str) -> Result<Vec<Opponent>, RosterError> {
    parse_roster(text, file, RosterKind::Opponent)
}

/// The suite of a file, or the `vs` opponents (specs or commands, weight
/// 1) when any are given.
pub fn load(path: &Path, vs: &[String]) -> Result<Vec<Opponent>, SuiteError> {
    if vs.is_empty() {
        let text = read_file(path)?;
        return Ok(parse_suite(&text, &path.display().to_string())?);
    }
    vs.iter()
        .map(|s| {
            let player = Player::parse(s).map_err(|error| SuiteError::Vs {
                spec: s.clone(),
                error,
            })?;
            Ok(Opponent {
                name: player.name(),
                player,
                weight: 1.0,
            })
        })
        .collect()
}
