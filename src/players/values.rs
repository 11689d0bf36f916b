//! The exact value table for the players that need it (`dp`): solved once
//! per machine and cached on disk with a checksum, so later processes load
//! it in a fraction of a second; a damaged or stale cache is solved again
//! and replaced.
//!
//! The cache lives in `$YACHT_CACHE_DIR`, else `$XDG_CACHE_HOME/yacht-tuner`,
//! else `~/.cache/yacht-tuner`. File: magic (8 bytes, with the model's
//! version), row count (u64), checksum of the values (u64), then the values
//! as little-endian f32 in layout order.

use crate::files::write_atomic;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Instant;
use yacht_core::tables::N5;
use yacht_core::value::{Layout, ValueTable};

/// Changes whenever the model or the layout does (stale caches are solved
/// again).
const MAGIC: &[u8; 8] = b"YVALUE01";
const HEADER: usize = 24;
const FILE_NAME: &str = "values-v1.bin";

/// The process-wide exact table: loaded from the cache, or solved (and the
/// cache written) on first use. What happened is told on stderr.
pub fn exact_table() -> &'static ValueTable {
    static TABLE: OnceLock<ValueTable> = OnceLock::new();
    TABLE.get_or_init(|| {
        let path = cache_path();
        let (table, how) = load_or_solve(path.as_deref());
        if let Some(note) = how.note(path.as_deref()) {
            eprintln!("{note}");
        }
        table
    })
}

/// Where the cache is kept (None when no folder is known).
pub fn cache_path() -> Option<PathBuf> {
    let var = |name| {
        std::env::var_os(name)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    let dir = var("YACHT_CACHE_DIR")
        .or_else(|| var("XDG_CACHE_HOME").map(|d| d.join("yacht-tuner")))
        .or_else(|| var("HOME").map(|d| d.join(".cache/yacht-tuner")))?;
    Some(dir.join(FILE_NAME))
}

/// How the table was obtained.
#[derive(Clone, Debug, PartialEq)]
pub enum Obtained {
    Loaded,
    /// Solved in `secs`: no cache yet, or it was unusable (`why`); `saved`
    /// says whether the new cache was written (else why not).
    Solved {
        secs: f64,
        why: Option<String>,
        saved: Result<(), String>,
    },
}

impl Obtained {
    /// A line for the user, when there is something to say.
    pub fn note(&self, path: Option<&Path>) -> Option<String> {
        let shown = path.map_or("(no cache folder)".into(), |p| p.display().to_string());
        match self {
            Obtained::Loaded => None,
            Obtained::Solved { secs, why, saved } => {
                let why = why.as_deref().map_or(String::new(), |w| format!(" ({w})"));
                let saved = match saved {
                    Ok(()) => format!("cached in {shown}"),
                    Err(e) => format!("not cached: {e}"),
                };
                Some(format!("value table solved in {secs:.1} s{why}; {saved}"))
            }
        }
    }
}

/// Loads the cache at `path`, or solves the table and writes the cache.
pub fn load_or_solve(path: Option<&Path>) -> (ValueTable, Obtained) {
    let why = match path.map(load) {
        Some(Ok(table)) => return (table, Obtained::Loaded),
        Some(Err(Unusable::Missing)) | None => None,
        Some(Err(Unusable::Bad(why))) => Some(why),
    };
    let start = Instant::now();
    let threads = rayon::current_num_threads();
    let table = ValueTable::solve(threads);
    let secs = start.elapsed().as_secs_f64();
    let saved = match path {
        Some(path) => write_atomic(path, &encode(&table)).map_err(|e| e.to_string()),
        None => Err("no cache folder (set YACHT_CACHE_DIR)".into()),
    };
    (table, Obtained::Solved { secs, why, saved })
}

enum Unusable {
    Missing,
    Bad(String),
}

fn load(path: &Path) -> Result<ValueTable, Unusable> {
    let bytes = match std::fs::read(path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Err(Unusable::Missing),
        Err(e) => {
            return Err(Unusable::Bad(format!(
                "cannot read {}: {e}",
                path.display()
            )));
        }
    };
    decode(&bytes).map_err(|why| Unusable::Bad(format!("{} {why}", path.display())))
}

/// The cache file's bytes.
pub fn encode(table: &ValueTable) -> Vec<u8> {
    let values = table.values();
    let mut out = Vec::with_capacity(HEADER + 4 * values.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&(table.layout().rows() as u64).to_le_bytes());
    out.extend_from_slice(&checksum(values).to_le_bytes());
    for v in values {
        out.extend_from_slice(&v.to_le_bytes());
    }
    out
}

/// A table from cache bytes, or why they are unusable.
pub fn decode(bytes: &[u8]) -> Result<ValueTable, String> {
    let layout = Layout::new();
    let word = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap());
    if bytes.len() < HEADER || &bytes[..8] != MAGIC {
        return Err("is not a value cache of this version".into());
    }
    let rows = word(8) as usize;
    if rows != layout.rows() || bytes.len() != HEADER + rows * N5 * 4 {
        return Err(format!(
            "has the wrong size ({} bytes for {rows} rows; {} expected)",
            bytes.len(),
            HEADER + layout.rows() * N5 * 4
        ));
    }
    let values: Vec<f32> = bytes[HEADER..]
        .chunks_exact(4)
        .map(|b| f32::from_le_bytes(b.try_into().unwrap()))
        .collect();
    if checksum(&values) != word(16) {
        return Err("is damaged (checksum mismatch)".into());
    }
    Ok(ValueTable::from_values(layout, values).expect("sizes checked"))
}

/// A 64-bit checksum of the values' bits (multiply–xorshift per pair of
/// values): any changed bit changes it with overwhelming probability.
fn checksum(values: &[f32]) -> u64 {
    let mut h: u64 = 0x9E37_79B9_7F4A_7C15 ^ values.len() as u64;
    for pair in values.chunks(2) {
        let lo = pair[0].to_bits() as u64;
        let hi = pair.get(1).map_or(0, |v| v.to_bits() as u64);
        h = (h ^ (hi << 32 | lo)).wrapping_mul(0xFF51_AFD7_ED55_8CCD);
        h ^= h >> 29;
    }
    h
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_damaged_or_stale_cache_is_solved_again_and_replaced() {
        let dir = std::env::temp_dir().join(format!("values-test-{}", std::process::id()));
        let path = dir.join(FILE_NAME);
        let _ = std::fs::remove_dir_all(&dir);
        // A good cache, made from the process's table (no second solve).
        write_atomic(&path, &encode(exact_table())).unwrap();
        let (table, how) = load_or_solve(Some(&path));
        assert_eq!(how, Obtained::Loaded);
        assert_eq!(table.values(), exact_table().values());
        // One flipped bit in the values: detected; solving again gives the
        // same table and a good cache.
        let mut bytes = std::fs::read(&path).unwrap();
        let at = HEADER + 4 * 1_000_000 + 1;
        bytes[at] ^= 0x10;
        assert!(decode(&bytes).unwrap_err().contains("checksum"));
        std::fs::write(&path, &bytes).unwrap();
        let (table, how) = load_or_solve(Some(&path));
        let Obtained::Solved { why, saved, .. } = &how else {
            panic!("{how:?}")
        };
        assert!(why.as_deref().unwrap().contains("checksum"), "{why:?}");
        assert_eq!(saved, &Ok(()));
        assert_eq!(table.values(), exact_table().values());
        assert_eq!(load_or_solve(Some(&path)).1, Obtained::Loaded);
        // Cut short, or another version: unusable, with the reason.
        assert!(
            decode(&bytes[..bytes.len() - 4])
                .unwrap_err()
                .contains("size")
        );
        let mut old = bytes.clone();
        old[7] = b'0';
        assert!(decode(&old).unwrap_err().contains("version"));
        let note = how.note(Some(&path)).unwrap();
        assert!(
            note.contains("checksum") && note.contains("cached in"),
            "{note}"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
