//! notes.txt: what happened to a run besides its generations (genes that
//! took defaults on resume, extensions, installs), a dated line each.

use super::dir::RunDir;
use super::error::Result;
use crate::files::write_atomic;

/// Adds a line to the run's notes.txt.
pub fn append(dir: &RunDir, line: &str) -> Result<()> {
    let mut text = std::fs::read_to_string(dir.notes()).unwrap_or_default();
    text.push_str(line);
    text.push('\n');
    Ok(write_atomic(&dir.notes(), text.as_bytes())?)
}

/// Today's date (UTC) as YYYY-MM-DD.
pub fn today() -> String {
    time::OffsetDateTime::now_utc().date().to_string()
}
