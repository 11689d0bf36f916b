//! The opponent suite (`params/suite.toml`): who a genome is evaluated
//! against, with weights. An entry is a built-in spec or a program command;
//! `--vs` names opponents on the command line instead.

use crate::host::player::Player;
use crate::host::roster::parse_roster;
pub use crate::host::roster::{Listed as Opponent, samples};
use anyhow::{Context, Result};
use std::path::Path;

/// Parses a suite file; errors name the file and the entry.
pub fn parse_suite(text: &str, file: &str) -> Result<Vec<Opponent>, String> {
    parse_roster(text, file, "opponent")
}

/// The suite of a file, or the `vs` opponents (specs or commands, weight
/// 1) when any are given.
pub fn load(path: &Path, vs: &[String]) -> Result<Vec<Opponent>> {
    if vs.is_empty() {
        let text = std::fs::read_to_string(path)
            .with_context(|| format!("cannot read {}", path.display()))?;
        return parse_suite(&text, &path.display().to_string()).map_err(anyhow::Error::msg);
    }
    vs.iter()
        .map(|s| {
            let player = Player::from_spec_or_command(s).map_err(anyhow::Error::msg)?;
            Ok(Opponent {
                name: player.name(),
                player,
                weight: 1.0,
            })
        })
        .collect()
}
