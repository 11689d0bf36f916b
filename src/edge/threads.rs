//! The worker threads of a command (`--threads`): results never depend on
//! their number.

use anyhow::Result;

/// Runs `f` on a pool of `threads` workers (all cores when None).
pub fn with_threads<T: Send>(threads: Option<u64>, f: impl FnOnce() -> T + Send) -> Result<T> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.unwrap_or(0) as usize)
        .build()?;
    Ok(pool.install(f))
}
