//! The value tables of the players that need them. The shipped table is
//! the one a submission plays on (`assets/values.ship`, the bytes `tuner
//! export` writes as `data.bin` and the `bot` binary embeds), decoded as
//! the bot decodes it. The exact table is the reference it is measured
//! against: solved once per machine and cached on disk with a checksum, so
//! later processes load it in a fraction of a second; a damaged or stale
//! cache is solved again and replaced.
//!
//! The cache lives in `$YACHT_CACHE_DIR`, else `$XDG_CACHE_HOME/yacht-tuner`,
//! else `~/.cache/yacht-tuner`. File: magic (8 bytes, with the model's
//! version), row count (u64), checksum of the values (u64), then the values
//! as little-endian f32 in layout order.

use crate::files::{FileError, write_atomic};
use std::path::{Path, PathBuf};
use std::sync::OnceLock;
use std::time::Instant;
use yacht_core::rules::tables::N5;
use yacht_core::ship;
use yacht_core::value::{Layout, ValueTable};

/// The shipped table's bytes (`tuner ship` writes them from the exact table).
pub const SHIPPED: &[u8] = include_bytes!("../../assets/values.ship");

/// Where the shipped bytes are kept in the repository.
pub const SHIPPED_PATH: &str = "assets/values.ship";

/// The shipped table (`exact` false) or the exact one.
pub fn table(exact: bool) -> &'static ValueTable {
    if exact {
        exact_table()
    } else {
        shipped_table()
    }
}

/// The process-wide shipped table, decoded on first use (as the bot does).
pub fn shipped_table() -> &'static ValueTable {
    static TABLE: OnceLock<ValueTable> = OnceLock::new();
    TABLE.get_or_init(|| {
        ship::decode(SHIPPED).unwrap_or_else(|e| {
            panic!(
                "{SHIPPED_PATH} is {e}: write it again with `{}`",
                crate::text::tuner_command("ship")
            )
        })
    })
}

/// Changes whenever the model or the layout does (stale caches are solved
/// again).
const MAGIC: &[u8; 8] = b"YVALUE01";
const HEADER: usize = 24;
const FILE_NAME: &str = "values-v1.bin";

/// How long the first solve takes, as the screen and README say it:
/// measured with a fresh `$YACHT_CACHE_DIR` (7.3–8.0 s on 2 cores beside
/// another job, 8.2 CPU-seconds).
pub const SOLVE_TIME: &str = "about 8 s on 2 cores";

/// The process-wide exact table: loaded from the cache, or solved (and the
/// cache written) on first use. What happened is told on stderr.
pub fn exact_table() -> &'static ValueTable {
    static TABLE: OnceLock<ValueTable> = OnceLock::new();
    TABLE.get_or_init(|| {
        let path = cache_path();
        let (table, how) = load_or_solve(path.as_deref(), || {
            let line = format!(
                "solving the exact value table: once per machine, {SOLVE_TIME} (then loaded from \
                 the cache in a fraction of a second) …"
            );
            eprint!("{}", crate::text::wrap(&line, crate::text::SCREEN, "  "));
        });
        if let Some(note) = how.note(path.as_deref()) {
            eprint!("{}", crate::text::wrap(&note, crate::text::SCREEN, "  "));
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
#[derive(Debug)]
pub enum Obtained {
    Loaded,
    /// Solved in `secs`: no cache yet, or it was unusable (`why`); `saved`
    /// says whether the new cache was written (else why not).
    Solved {
        secs: f64,
        why: Option<CacheError>,
        /// The cache file's size, when written.
        saved: Result<usize, CacheError>,
    },
}

/// Why the cache was not used, or not written.
#[derive(Debug, thiserror::Error)]
pub enum CacheError {
    #[error("no cache folder (set YACHT_CACHE_DIR)")]
    NoFolder,
    #[error("cannot read {}: {error}", path.display())]
    Unreadable {
        path: PathBuf,
        error: std::io::Error,
    },
    #[error("{} {why}", path.display())]
    Unusable { path: PathBuf, why: Corrupt },
    #[error(transparent)]
    Write(#[from] FileError),
}

/// Cache bytes that are no table of this version.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Corrupt {
    #[error("is not a value cache of this version")]
    Version,
    #[error("has the wrong size ({bytes} bytes for {rows} rows; {expected} expected)")]
    Size {
        bytes: usize,
        rows: usize,
        expected: usize,
    },
    #[error("is damaged (checksum mismatch)")]
    Checksum,
}

impl Obtained {
    /// A line for the user, when there is something to say.
    pub fn note(&self, path: Option<&Path>) -> Option<String> {
        let shown = path.map_or("(no cache folder)".into(), |p| p.display().to_string());
        match self {
            Obtained::Loaded => None,
            Obtained::Solved { secs, why, saved } => {
                let why = why.as_ref().map_or(String::new(), |w| format!(" ({w})"));
                let saved = match saved {
                    Ok(bytes) => format!(
                        "cached in {shown} ({:.0} MB, written once per machine; delete it to free \
                         the space: it is solved again when needed)",
                        *bytes as f64 / 1e6
                    ),
                    Err(e) => format!("not cached: {e}"),
                };
                Some(format!("value table solved in {secs:.1} s{why}; {saved}"))
            }
        }
    }
}

/// Loads the cache at `path`, or solves the table and writes the cache,
/// calling `before_solving` first (the wait is long: a line for the user).
pub fn load_or_solve(path: Option<&Path>, before_solving: impl FnOnce()) -> (ValueTable, Obtained) {
    let why = match path.map(load) {
        Some(Ok(Some(table))) => return (table, Obtained::Loaded),
        Some(Ok(None)) | None => None,
        Some(Err(why)) => Some(why),
    };
    before_solving();
    let start = Instant::now();
    let threads = rayon::current_num_threads();
    let table = ValueTable::solve(threads);
    let secs = start.elapsed().as_secs_f64();
    let saved = match path {
        Some(path) => {
            let bytes = encode(&table);
            write_atomic(path, &bytes)
                .map(|()| bytes.len())
                .map_err(CacheError::from)
        }
        None => Err(CacheError::NoFolder),
    };
    (table, Obtained::Solved { secs, why, saved })
}

/// The cache at `path`; None when there is none.
fn load(path: &Path) -> Result<Option<ValueTable>, CacheError> {
    let path = path.to_path_buf();
    let bytes = match std::fs::read(&path) {
        Ok(b) => b,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(error) => return Err(CacheError::Unreadable { path, error }),
    };
    let table = decode(&bytes).map_err(|why| CacheError::Unusable { path, why })?;
    Ok(Some(table))
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
pub fn decode(bytes: &[u8]) -> Result<ValueTable, Corrupt> {
    let layout = Layout::new();
    let word = |at: usize| u64::from_le_bytes(bytes[at..at + 8].try_into().unwrap());
    if bytes.len() < HEADER || &bytes[..8] != MAGIC {
        return Err(Corrupt::Version);
    }
    let rows = word(8) as usize;
    if rows != layout.rows() || bytes.len() != HEADER + rows * N5 * 4 {
        return Err(Corrupt::Size {
            bytes: bytes.len(),
            rows,
            expected: HEADER + layout.rows() * N5 * 4,
        });
    }
    let values: Vec<f32> = bytes[HEADER..]
        .chunks_exact(4)
        .map(|b| f32::from_le_bytes(b.try_into().unwrap()))
        .collect();
    if checksum(&values) != word(16) {
        return Err(Corrupt::Checksum);
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

/// What shipping costs: sizes, errors, and solitaire play on both tables.
#[derive(Clone, Debug)]
pub struct ShipReport {
    pub bytes: usize,
    pub decode_secs: f64,
    pub max_error: f32,
    pub rms_error: f64,
    /// The expected solitaire game by each table's own values.
    pub expected: (f64, f64),
    /// How far the shipped spreads' standard deviations are from the exact
    /// ones: the most and the rms, in points.
    pub sd_error: (f64, f64),
    /// Solitaire games played by each table's puts on the same dice: games,
    /// mean scores (exact, shipped) and the mean paired difference with its
    /// standard error.
    pub games: u64,
    pub means: (f64, f64),
    pub difference: (f64, f64),
}

/// Measures shipped bytes against the exact table.
pub fn ship_report(
    exact: &ValueTable,
    bytes: &[u8],
    games: u64,
) -> Result<ShipReport, ship::ShipError> {
    let start = Instant::now();
    let shipped = ship::decode(bytes)?;
    let decode_secs = start.elapsed().as_secs_f64();
    let (mut max_error, mut sq) = (0f32, 0f64);
    for (a, b) in exact.values().iter().zip(shipped.values()) {
        max_error = max_error.max((a - b).abs());
        sq += ((a - b) as f64).powi(2);
    }
    let sd = |s: &ValueTable| -> Vec<f64> {
        s.spreads().map_or(vec![], |v| {
            v.iter().map(|&x| f64::from(x).max(0.0).sqrt()).collect()
        })
    };
    let (sd_exact, sd_shipped) = (sd(exact), sd(&shipped));
    let (mut sd_max, mut sd_sq) = (0f64, 0f64);
    for (a, b) in sd_exact.iter().zip(&sd_shipped) {
        sd_max = sd_max.max((a - b).abs());
        sd_sq += (a - b).powi(2);
    }
    let sd_error = (sd_max, (sd_sq / sd_exact.len().max(1) as f64).sqrt());
    let scores: Vec<(f64, f64)> = (0..games)
        .map(|g| {
            let seed = crate::rng::derive_seed(&[0x5111, g]);
            (
                solitaire(exact, seed) as f64,
                solitaire(&shipped, seed) as f64,
            )
        })
        .collect();
    let n = games.max(1) as f64;
    let mean = |f: &dyn Fn(&(f64, f64)) -> f64| scores.iter().map(f).sum::<f64>() / n;
    let (a, b) = (mean(&|s| s.0), mean(&|s| s.1));
    let d = b - a;
    let var = scores.iter().map(|s| (s.1 - s.0 - d).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    Ok(ShipReport {
        bytes: bytes.len(),
        decode_secs,
        max_error,
        rms_error: (sq / exact.values().len() as f64).sqrt(),
        sd_error,
        expected: (exact.expected_game(), shipped.expected_game()),
        games,
        means: (a, b),
        difference: (d, (var / n).sqrt()),
    })
}

/// The score of a solitaire game put by `table`, on dice from `seed`.
fn solitaire(table: &ValueTable, seed: u64) -> i32 {
    let mut rng = <rand_pcg::Pcg32 as rand_core::SeedableRng>::seed_from_u64(seed);
    table.play_solitaire(|| std::array::from_fn(|_| crate::rng::uniform(&mut rng, 6) as u8 + 1))
}

impl std::fmt::Display for ShipReport {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let pct = |x: f64| 100.0 * x / self.expected.0;
        writeln!(
            f,
            "{} bytes ({:.1}% of data.bin's 10 MiB), decoded in {:.2} s",
            self.bytes,
            100.0 * self.bytes as f64 / ship::DATA_LIMIT as f64,
            self.decode_secs
        )?;
        writeln!(
            f,
            "values off by at most {:.0} points (rms {:.0}); spreads' standard deviations by at most {:.0} (rms {:.0})",
            self.max_error, self.rms_error, self.sd_error.0, self.sd_error.1
        )?;
        writeln!(
            f,
            "expected solitaire game: exact {:.1}, shipped {:.1} ({:+.4}%)",
            self.expected.0,
            self.expected.1,
            pct(self.expected.1 - self.expected.0)
        )?;
        if self.games == 0 {
            return write!(f, "no solitaire games played (--games 0)");
        }
        write!(
            f,
            "{} solitaire games on the same dice: exact {:.0}, shipped {:.0}, shipped − exact {:+.1} ± {:.1} ({:+.4}%)",
            self.games,
            self.means.0,
            self.means.1,
            self.difference.0,
            self.difference.1,
            pct(self.difference.0)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_readme_gives_the_first_solve_the_time_the_screen_gives_it() {
        let readme = include_str!("../../README.md");
        let words = readme.split_whitespace().collect::<Vec<_>>().join(" ");
        let said = format!("exact value table solves it ({SOLVE_TIME}");
        assert!(words.contains(&said), "README.md does not say: {said}");
        assert_eq!(SOLVE_TIME, "about 8 s on 2 cores");
    }

    #[test]
    fn the_committed_shipped_table_is_the_exact_tables_encoding() {
        let bytes = ship::encode(exact_table(), 2);
        assert!(
            bytes == SHIPPED,
            "{SHIPPED_PATH} is stale: write it again with `tuner ship`"
        );
        assert!(bytes.len() <= ship::DATA_LIMIT);
    }

    #[test]
    fn a_damaged_or_stale_cache_is_solved_again_and_replaced() {
        let dir = std::env::temp_dir().join(format!("values-test-{}", std::process::id()));
        let path = dir.join(FILE_NAME);
        let _ = std::fs::remove_dir_all(&dir);
        // A good cache, made from the process's table (no second solve).
        write_atomic(&path, &encode(exact_table())).unwrap();
        let told = std::cell::Cell::new(0);
        let tell = || told.set(told.get() + 1);
        let (table, how) = load_or_solve(Some(&path), tell);
        assert!(matches!(how, Obtained::Loaded), "{how:?}");
        assert_eq!(told.get(), 0, "a load is not announced");
        assert_eq!(table.values(), exact_table().values());
        // One flipped bit in the values: detected; solving again gives the
        // same table and a good cache.
        let mut bytes = std::fs::read(&path).unwrap();
        let at = HEADER + 4 * 1_000_000 + 1;
        bytes[at] ^= 0x10;
        assert_eq!(decode(&bytes).unwrap_err(), Corrupt::Checksum);
        std::fs::write(&path, &bytes).unwrap();
        let (table, how) = load_or_solve(Some(&path), tell);
        assert_eq!(told.get(), 1, "a solve is announced before it starts");
        let Obtained::Solved { why, saved, .. } = &how else {
            panic!("{how:?}")
        };
        let checksum = |w: &CacheError| {
            matches!(
                w,
                CacheError::Unusable {
                    why: Corrupt::Checksum,
                    ..
                }
            )
        };
        assert!(why.as_ref().is_some_and(checksum), "{why:?}");
        assert!(saved.is_ok(), "{saved:?}");
        assert_eq!(table.values(), exact_table().values());
        assert!(matches!(
            load_or_solve(Some(&path), || ()).1,
            Obtained::Loaded
        ));
        // Cut short, or another version: unusable, with the reason.
        let short = decode(&bytes[..bytes.len() - 4]).unwrap_err();
        assert!(matches!(short, Corrupt::Size { .. }), "{short}");
        assert!(short.to_string().contains("size"));
        let mut old = bytes.clone();
        old[7] = b'0';
        assert_eq!(decode(&old).unwrap_err(), Corrupt::Version);
        let note = how.note(Some(&path)).unwrap();
        assert!(
            note.contains("checksum") && note.contains("cached in") && note.contains(" MB"),
            "{note}"
        );
        assert!(note.contains("delete it"), "{note}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
