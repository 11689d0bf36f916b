//! `EvalFile`: what `tuner eval --json` writes, the one record its writer
//! and its readers (`tuner curve`) share.

use super::{Baseline, Evaluation, Fitness, OpponentResult};
use crate::files::{FileError, read_file};
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// An evaluation as written: who was evaluated, the seed, the fitness, the
/// per-opponent results and the paired differences from each baseline.
/// Fields in the order the file lists them (alphabetical).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct EvalFile {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub baselines: Vec<Baseline>,
    pub fitness: f64,
    pub fitness_kind: Fitness,
    /// The candidate as given (a genome path or a player).
    pub genome: String,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub interrupted: bool,
    pub opponents: Vec<OpponentResult>,
    pub seed: u64,
}

/// A file that is not a `tuner eval --json` record.
#[derive(Debug, thiserror::Error)]
pub enum EvalFileError {
    #[error(transparent)]
    File(#[from] FileError),
    #[error("{}: not a `tuner eval --json` file: {err}", path.display())]
    Parse {
        path: PathBuf,
        err: serde_json::Error,
    },
}

impl EvalFile {
    /// The record of `e`, evaluated as `label` on `seed`'s deals.
    pub fn of(e: &Evaluation, label: &str, seed: u64, baselines: &[Baseline]) -> EvalFile {
        EvalFile {
            baselines: baselines.to_vec(),
            fitness: e.fitness,
            fitness_kind: e.kind,
            genome: label.to_string(),
            interrupted: e.interrupted,
            opponents: e.opponents.clone(),
            seed,
        }
    }

    /// The record as JSON text, objects' keys in alphabetical order.
    pub fn to_json(&self) -> serde_json::Result<String> {
        // Through a `Value`, whose maps sort their keys: nested records
        // list their fields alphabetically too.
        serde_json::to_string_pretty(&serde_json::to_value(self)?)
    }

    /// Reads a record written by `tuner eval --json`.
    pub fn read(path: &Path) -> Result<EvalFile, EvalFileError> {
        let text = read_file(path)?;
        serde_json::from_str(&text).map_err(|err| EvalFileError::Parse {
            path: path.to_path_buf(),
            err,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_reads_back_as_written() {
        let record = EvalFile {
            baselines: Vec::new(),
            fitness: 0.625,
            fitness_kind: Fitness::Adjusted,
            genome: "params/best.toml".into(),
            interrupted: false,
            opponents: vec![OpponentResult {
                name: "dp".into(),
                games: 2,
                win_rate: 0.5,
                score: 0.5,
                ..OpponentResult::default()
            }],
            seed: 7,
        };
        let text = record.to_json().unwrap();
        let back: EvalFile = serde_json::from_str(&text).unwrap();
        assert_eq!(back, record);
        assert!(!text.contains("interrupted") && !text.contains("baselines"));
    }

    #[test]
    fn a_file_of_another_kind_is_named_in_the_error() {
        let dir = std::env::temp_dir().join(format!("eval-file-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("suite.json");
        std::fs::write(&path, r#"{"opponent": []}"#).unwrap();
        let err = EvalFile::read(&path).unwrap_err().to_string();
        assert!(err.starts_with(&format!(
            "{}: not a `tuner eval --json` file",
            path.display()
        )));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
