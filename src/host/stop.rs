//! Stopping on Ctrl-C. The first asks every series of games to finish the
//! games under way and start no more (its results so far are then shown as
//! interrupted); `kill_running_programs` ends the programs of a process that
//! must quit at once. The signal handler itself lives at the edge.

use std::collections::BTreeSet;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

/// Set when a stop is asked for.
pub static STOP: AtomicBool = AtomicBool::new(false);

/// Process groups of the programs running now.
static RUNNING: Mutex<BTreeSet<i32>> = Mutex::new(BTreeSet::new());

pub fn requested() -> bool {
    STOP.load(Ordering::Relaxed)
}

pub fn request() {
    STOP.store(true, Ordering::Relaxed);
}

/// A program's process group started.
pub(crate) fn started(pgid: i32) {
    RUNNING
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(pgid);
}

/// A program's process group ended.
pub(crate) fn ended(pgid: i32) {
    RUNNING
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .remove(&pgid);
}

/// Kills every running program's process group.
pub fn kill_running_programs() {
    let groups = std::mem::take(&mut *RUNNING.lock().unwrap_or_else(|e| e.into_inner()));
    for pgid in groups {
        // SAFETY: kill(2) with a negative pid signals a process group; no
        // memory is involved.
        unsafe {
            libc::kill(-pgid, libc::SIGKILL);
        }
    }
}
