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

/// Spawns a program (in its own process group) and registers it, under
/// the registry's lock so that `kill_orphans` never takes it for an orphan.
/// The first spawn makes this process the subreaper of its descendants
/// (Linux): a program's process that leaves its group and outlives it
/// (`setsid`) becomes this process's child, and is killed as an orphan.
pub(crate) fn spawn_registered(
    command: &mut std::process::Command,
) -> std::io::Result<std::process::Child> {
    static SUBREAPER: std::sync::Once = std::sync::Once::new();
    SUBREAPER.call_once(|| {
        // SAFETY: prctl(2) with PR_SET_CHILD_SUBREAPER only sets a flag of
        // this process; no memory is involved.
        unsafe {
            libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0);
        }
    });
    let mut running = RUNNING.lock().unwrap_or_else(|e| e.into_inner());
    let child = command.spawn()?;
    running.insert(child.id() as i32);
    Ok(child)
}

/// Kills and reaps this process's children that are not running programs:
/// processes of finished programs that had left their group.
pub(crate) fn kill_orphans() {
    let running = RUNNING.lock().unwrap_or_else(|e| e.into_inner());
    let me = std::process::id() as i32;
    let Ok(procs) = std::fs::read_dir("/proc") else {
        return;
    };
    for entry in procs.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|n| n.parse::<i32>().ok())
        else {
            continue;
        };
        if running.contains(&pid) || parent_of(pid) != Some(me) {
            continue;
        }
        // SAFETY: kill(2) and waitpid(2) on a child of this process; no
        // memory is shared with it.
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
            libc::kill(pid, libc::SIGKILL);
            libc::waitpid(pid, std::ptr::null_mut(), 0);
        }
    }
}

/// The parent of `pid`, from /proc/PID/stat (the field after the name,
/// which may hold spaces and parentheses).
fn parent_of(pid: i32) -> Option<i32> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let after = &stat[stat.rfind(')')? + 1..];
    after.split_whitespace().nth(1)?.parse().ok()
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
