//! Stopping on Ctrl-C. The first asks every series of games to finish the
//! games under way and start no more (its results so far are then shown as
//! interrupted); `kill_running_programs` ends the programs of a process that
//! must quit at once. The signal handler itself lives at the edge.

use std::collections::BTreeMap;
use std::sync::Mutex;
use std::sync::atomic::{AtomicBool, Ordering};

/// Set when a stop is asked for.
pub static STOP: AtomicBool = AtomicBool::new(false);

/// The programs running now: process group → the thread that spawned it.
static RUNNING: Mutex<BTreeMap<i32, i32>> = Mutex::new(BTreeMap::new());

pub fn requested() -> bool {
    STOP.load(Ordering::Relaxed)
}

pub fn request() {
    STOP.store(true, Ordering::Relaxed);
}

/// Spawns a program (in its own process group) and registers it, under
/// the registry's lock so that `ended` never takes it for an orphan.
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
    // SAFETY: gettid(2) has no arguments and no failure.
    running.insert(child.id() as i32, unsafe { libc::gettid() });
    Ok(child)
}

/// A program's process group ended (killed and waited for): its processes
/// that had left the group (`setsid`) are now children of this process;
/// they are killed and reaped.
pub(crate) fn ended(pgid: i32) {
    let mut running = RUNNING.lock().unwrap_or_else(|e| e.into_inner());
    let Some(tid) = running.remove(&pgid) else {
        return;
    };
    let me = std::process::id();
    // The kernel gives orphans to a live thread of this process, the main
    // one first: read its and the spawning thread's children (small
    // files), else scan every process.
    let listed: Option<Vec<i32>> = [me as i32, tid]
        .iter()
        .map(|t| std::fs::read_to_string(format!("/proc/{me}/task/{t}/children")).ok())
        .collect::<Option<Vec<String>>>()
        .map(|lists| {
            let all = lists.iter().flat_map(|l| l.split_whitespace());
            all.filter_map(|p| p.parse().ok()).collect()
        });
    let children = listed.unwrap_or_else(|| {
        std::fs::read_dir("/proc")
            .into_iter()
            .flatten()
            .flatten()
            .filter_map(|e| e.file_name().to_str()?.parse().ok())
            .filter(|&pid| parent_of(pid) == Some(me as i32))
            .collect()
    });
    for pid in children.into_iter().filter(|p| !running.contains_key(p)) {
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

/// Kills every running program's process group.
pub fn kill_running_programs() {
    let groups = std::mem::take(&mut *RUNNING.lock().unwrap_or_else(|e| e.into_inner()));
    for pgid in groups.into_keys() {
        // SAFETY: kill(2) with a negative pid signals a process group; no
        // memory is involved.
        unsafe {
            libc::kill(-pgid, libc::SIGKILL);
        }
    }
}
