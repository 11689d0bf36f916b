//! notes.txt: what happened to a run besides its generations (genes that
//! took defaults on resume, extensions, installs), a dated entry each,
//! wrapped to a screen of 100 columns (an entry's later lines indented).

use super::dir::RunDir;
use super::error::Result;
use crate::files::write_atomic;
use crate::text::{SCREEN, wrap};

/// Adds an entry to the run's notes.txt, each of its lines wrapped between
/// words within 100 columns.
pub fn append(dir: &RunDir, entry: &str) -> Result<()> {
    let mut text = std::fs::read_to_string(dir.notes()).unwrap_or_default();
    for line in entry.lines() {
        text.push_str(&wrap(line, SCREEN, "  "));
    }
    Ok(write_atomic(&dir.notes(), text.as_bytes())?)
}

/// Today's date (UTC) as YYYY-MM-DD.
pub fn today() -> String {
    time::OffsetDateTime::now_utc().date().to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_entry_is_wrapped_within_100_columns_and_kept_word_for_word() {
        let tmp = std::env::temp_dir().join(format!("notes-{}", std::process::id()));
        std::fs::create_dir_all(&tmp).unwrap();
        let dir = RunDir(tmp.clone());
        let long = format!("2026-11-30 extended: {}", "genes not offered ".repeat(12));
        append(&dir, "2026-11-30 a short one").unwrap();
        append(&dir, &long).unwrap();
        let text = std::fs::read_to_string(dir.notes()).unwrap();
        std::fs::remove_dir_all(&tmp).unwrap();
        let lines: Vec<_> = text.lines().collect();
        assert_eq!(lines[0], "2026-11-30 a short one");
        assert!(lines.len() >= 4, "{text}");
        assert!(lines.iter().all(|l| l.chars().count() <= SCREEN), "{text}");
        assert!(lines[2..].iter().all(|l| l.starts_with("  ")), "{text}");
        let words = |s: &str| s.split_whitespace().map(str::to_string).collect::<Vec<_>>();
        assert_eq!(words(&lines[1..].join(" ")), words(&long));
    }
}
