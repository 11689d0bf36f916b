//! A submission's start-up: the shipped value table from `data.bin` (in the
//! working directory, where the contest puts it, else beside the program),
//! then the protocol on stdin/stdout. Without a usable table it says why on
//! stderr and plays the outlook player instead, so it always answers.

use crate::game::Strategy;
use crate::outlook::OutlookBot;
use crate::value::ValueTable;
use std::path::PathBuf;
use std::process::ExitCode;

/// The file a submission reads its shipped value table from.
pub const DATA_FILE: &str = "data.bin";

/// The shipped table: `data.bin` in the working directory, else beside the
/// program.
pub fn load_shipped() -> Result<ValueTable, String> {
    let beside = std::env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.join(DATA_FILE)));
    let found = [Some(PathBuf::from(DATA_FILE)), beside]
        .into_iter()
        .flatten()
        .find(|p| p.is_file())
        .ok_or_else(|| format!("no {DATA_FILE} in the working directory or beside the program"))?;
    let bytes =
        std::fs::read(&found).map_err(|e| format!("cannot read {}: {e}", found.display()))?;
    crate::ship::decode(&bytes).map_err(|e| format!("{} is {e}", found.display()))
}

/// Serves `player` on the table on stdin/stdout (the table lives as long
/// as the process); without a table, the outlook player. Exit status 1
/// when the protocol's I/O fails.
pub fn serve<S: Strategy>(
    name: &str,
    table: Result<ValueTable, String>,
    player: impl FnOnce(&'static ValueTable) -> S,
) -> ExitCode {
    let served = match table {
        Ok(table) => crate::protocol::run_stdio(player(Box::leak(Box::new(table))), 0),
        Err(why) => {
            eprintln!("{name}: {why}; playing the outlook player instead");
            crate::protocol::run_stdio(OutlookBot::new(), 0)
        }
    };
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(_) => ExitCode::FAILURE,
    }
}
