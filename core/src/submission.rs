//! A submission's start-up: the shipped value table from `data.bin` (in the
//! working directory, where the contest puts it, else beside the program),
//! then the protocol on stdin/stdout. Without a usable table it says why on
//! stderr and plays a much weaker fallback (the outlook player), so it
//! always answers.

use crate::game::Strategy;
use crate::ship::ShipError;
use crate::value::ValueTable;
use crate::value::outlook::OutlookBot;
use std::fmt;
use std::path::PathBuf;
use std::process::ExitCode;

/// The file a submission reads its shipped value table from.
pub const DATA_FILE: &str = "data.bin";

/// What a submission says on stderr, first, when it plays without its
/// table: `tuner match` looks for it to say so in its result.
pub const WITHOUT_TABLE: &str = "playing a much weaker fallback";

/// Why a submission has no value table.
#[derive(Debug)]
pub enum NoTable {
    /// No `data.bin` where the contest puts it.
    Missing,
    Unreadable {
        path: PathBuf,
        error: std::io::Error,
    },
    /// Bytes that are no shipped table; `from` says where they came from.
    Damaged { from: String, error: ShipError },
}

impl fmt::Display for NoTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NoTable::Missing => write!(
                f,
                "no {DATA_FILE} in the working directory or beside the program"
            ),
            NoTable::Unreadable { path, error } => {
                write!(f, "cannot read {}: {error}", path.display())
            }
            NoTable::Damaged { from, error } => write!(f, "{from} is {error}"),
        }
    }
}

impl std::error::Error for NoTable {}

/// The shipped table: `data.bin` in the working directory, else beside the
/// program.
pub fn load_shipped() -> Result<ValueTable, NoTable> {
    let beside = std::env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.join(DATA_FILE)));
    let found = [Some(PathBuf::from(DATA_FILE)), beside]
        .into_iter()
        .flatten()
        .find(|p| p.is_file())
        .ok_or(NoTable::Missing)?;
    let bytes = match std::fs::read(&found) {
        Ok(bytes) => bytes,
        Err(error) => return Err(NoTable::Unreadable { path: found, error }),
    };
    let from = found.display().to_string();
    crate::ship::decode(&bytes).map_err(|error| NoTable::Damaged { from, error })
}

/// Serves `player` on the table on stdin/stdout (the table lives as long
/// as the process); without a table, the outlook player. Exit status 1
/// when the protocol's I/O fails.
pub fn serve<S: Strategy>(
    name: &str,
    table: Result<ValueTable, NoTable>,
    player: impl FnOnce(&'static ValueTable) -> S,
) -> ExitCode {
    let served = match table {
        Ok(table) => crate::protocol::run_stdio(player(Box::leak(Box::new(table))), 0),
        Err(why) => {
            eprintln!("{name}: {why}; {WITHOUT_TABLE}");
            crate::protocol::run_stdio(OutlookBot::new(), 0)
        }
    };
    match served {
        Ok(()) => ExitCode::SUCCESS,
        Err(_) => ExitCode::FAILURE,
    }
}
