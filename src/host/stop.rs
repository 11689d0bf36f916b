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

/// Spawns a program (in its own process group) and registers it.
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
    let child = command.spawn()?;
    // SAFETY: gettid(2) has no arguments and no failure.
    let tid = unsafe { libc::gettid() };
    RUNNING
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .insert(child.id() as i32, tid);
    Ok(child)
}

/// A program's process group ended (killed and waited for): its processes
/// that had left it for a session of their own (`setsid`) are now children
/// of this process; they are killed and reaped. A program itself is a
/// group leader in this process's session, never a session leader, so one
/// starting meanwhile is never taken for such an orphan.
pub(crate) fn ended(pgid: i32) {
    let removed = RUNNING
        .lock()
        .unwrap_or_else(|e| e.into_inner())
        .remove(&pgid);
    let Some(tid) = removed else {
        return;
    };
    let me = std::process::id() as i32;
    // The kernel gives orphans to a live thread of this process, the main
    // one first: read its and the spawning thread's children (small
    // files), else scan every process.
    let listed: Option<Vec<i32>> = [me, tid]
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
            .filter(|&pid| family(pid).is_some_and(|(parent, _)| parent == me))
            .collect()
    });
    let escaped = children
        .into_iter()
        .filter(|&pid| family(pid).is_some_and(|(_, session)| session == pid));
    for pid in escaped {
        // SAFETY: kill(2) and waitpid(2) on a child of this process; no
        // memory is shared with it.
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
            libc::waitpid(pid, std::ptr::null_mut(), 0);
        }
    }
}

/// The parent and the session of `pid`, from /proc/PID/stat (the fields
/// after the name, which may hold spaces and parentheses).
fn family(pid: i32) -> Option<(i32, i32)> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let mut fields = stat[stat.rfind(')')? + 1..].split_whitespace();
    let parent = fields.nth(1)?.parse().ok()?;
    let session = fields.nth(1)?.parse().ok()?;
    Some((parent, session))
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
