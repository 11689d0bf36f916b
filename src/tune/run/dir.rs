//! A run folder: the one place that knows the names of the files in it,
//! and reads and writes each as its typed record.

use super::checkpoint::Checkpoint;
use super::config::RunConfig;
use super::error::{Damage, Result, RunError, encode};
use super::generations::{GenerationRow, Generations};
use super::settings::RunSettings;
use super::verdict::ValidationRecord;
use crate::files::{read_file, write_atomic};
use std::path::{Path, PathBuf};

/// Files of a run folder.
#[derive(Clone, Debug)]
pub struct RunDir(pub PathBuf);

/// The line of a top-level key that `message` ("unknown field `KEY`…")
/// names: the flattening reports it without its place.
fn unknown_key_line(message: &str, text: &str) -> Option<usize> {
    let key = message.strip_prefix("unknown field `")?.split('`').next()?;
    text.lines()
        .position(|l| l.split('=').next().is_some_and(|k| k.trim() == key))
        .map(|i| i + 1)
}

impl RunDir {
    /// A run folder's path, or a bare name under `runs_dir`.
    pub fn find(given: &Path, runs_dir: &Path) -> RunDir {
        let under = runs_dir.join(given);
        if !given.exists() && given.components().count() == 1 && under.exists() {
            RunDir(under)
        } else {
            RunDir(given.to_path_buf())
        }
    }

    /// The run's name: its folder's.
    pub fn name(&self) -> String {
        self.0
            .file_name()
            .map_or_else(|| "run".into(), |n| n.to_string_lossy().into_owned())
    }

    pub fn config(&self) -> PathBuf {
        self.0.join("config.toml")
    }
    pub fn checkpoint(&self) -> PathBuf {
        self.0.join("checkpoint.json")
    }
    pub fn csv(&self) -> PathBuf {
        self.0.join("generations.csv")
    }
    pub fn best(&self) -> PathBuf {
        self.0.join("best.toml")
    }
    pub fn validation(&self) -> PathBuf {
        self.0.join("validation.json")
    }
    /// What a resume had to assume (genes added since), extensions, installs.
    pub fn notes(&self) -> PathBuf {
        self.0.join("notes.txt")
    }
    pub fn lock_file(&self) -> PathBuf {
        self.0.join("lock")
    }
    /// The files a run writes after its first generation: a folder with
    /// any of them and no checkpoint cannot be resumed without losing them
    /// (notes.txt is not one: a restart adds to it).
    pub fn results(&self) -> [PathBuf; 3] {
        [self.csv(), self.best(), self.validation()]
    }

    pub fn load_config(&self) -> Result<RunConfig> {
        let p = self.config();
        let text = read_file(&p)?;
        let err = match toml::from_str(&text) {
            Ok(cfg) => return Ok(cfg),
            Err(err) => err,
        };
        // A settings key's error comes through the flattening without its
        // place: read the settings alone for it.
        let err = match err.span().is_none_or(|at| at.is_empty()) {
            true => toml::from_str::<RunSettings>(&text).err().unwrap_or(err),
            false => err,
        };
        let line = err
            .span()
            .filter(|at| !at.is_empty())
            .map(|at| text[..at.start].matches('\n').count() + 1)
            .or_else(|| unknown_key_line(err.message(), &text));
        Err(RunError::BadConfig {
            line,
            message: err.message().to_owned(),
            path: p,
        })
    }

    pub fn save_config(&self, cfg: &RunConfig) -> Result<()> {
        let text = toml::to_string(cfg).map_err(encode("config.toml"))?;
        Ok(write_atomic(&self.config(), text.as_bytes())?)
    }

    pub fn load_checkpoint(&self) -> Result<Option<Checkpoint>> {
        let p = self.checkpoint();
        if !p.exists() {
            return Ok(None);
        }
        let text = read_file(&p)?;
        let damaged = |err: Damage| RunError::DamagedCheckpoint {
            path: p.clone(),
            err,
        };
        let cp: Checkpoint = serde_json::from_str(&text).map_err(|e| damaged(e.into()))?;
        cp.check().map_err(|e| damaged(e.into()))?;
        Ok(Some(cp))
    }

    pub fn save_checkpoint(&self, cp: &Checkpoint) -> Result<()> {
        let text = serde_json::to_string(cp).map_err(encode("checkpoint.json"))?;
        Ok(write_atomic(&self.checkpoint(), text.as_bytes())?)
    }

    /// generations.csv: the opponents' names and the rows.
    pub fn load_generations(&self) -> Result<Generations> {
        let p = self.csv();
        let text = read_file(&p)?;
        Generations::parse(&text).map_err(|e| RunError::DamagedFile {
            path: p,
            err: e.into(),
        })
    }

    pub fn save_generations(&self, names: &[String], rows: &[GenerationRow]) -> Result<()> {
        let bytes = Generations::encode(names, rows).map_err(encode("generations.csv"))?;
        Ok(write_atomic(&self.csv(), &bytes)?)
    }

    /// validation.json, once the run has been validated.
    pub fn load_validation(&self) -> Result<Option<ValidationRecord>> {
        let p = self.validation();
        if !p.exists() {
            return Ok(None);
        }
        let text = read_file(&p)?;
        serde_json::from_str(&text)
            .map(Some)
            .map_err(|e| RunError::DamagedFile {
                path: p,
                err: e.into(),
            })
    }

    pub fn save_validation(&self, record: &ValidationRecord) -> Result<()> {
        let text = serde_json::to_string_pretty(record).map_err(encode("validation.json"))?;
        Ok(write_atomic(&self.validation(), text.as_bytes())?)
    }
}
