//! A decision's guard (`Guard`): the time a search has used, on the CPU
//! clock of the thread that searches where the system gives one (Linux,
//! 64-bit: the clock the contest's judge counts for a single-threaded
//! bot, and one that does not run while other processes hold the cores),
//! else on the wall clock, its upper bound.

use std::time::{Duration, Instant};

/// When a decision began, on both clocks.
#[derive(Clone, Copy)]
pub(super) struct Guard {
    wall: Instant,
    cpu: Option<Duration>,
}

impl Guard {
    /// A guard starting now.
    pub(super) fn start() -> Guard {
        Guard {
            wall: Instant::now(),
            cpu: thread_cpu(),
        }
    }

    /// The time the search has used: CPU time where it is known, else
    /// wall-clock time.
    pub(super) fn used(&self) -> Duration {
        match (self.cpu, thread_cpu()) {
            (Some(then), Some(now)) => now.saturating_sub(then),
            _ => self.wall.elapsed(),
        }
    }
}

/// The CPU time this thread has used (`clock_gettime` with
/// `CLOCK_THREAD_CPUTIME_ID`, from the C library std links on Linux).
#[cfg(all(target_os = "linux", target_pointer_width = "64"))]
fn thread_cpu() -> Option<Duration> {
    /// `struct timespec` on 64-bit Linux.
    #[repr(C)]
    struct Timespec {
        sec: i64,
        nsec: i64,
    }
    unsafe extern "C" {
        fn clock_gettime(clock: i32, tp: *mut Timespec) -> i32;
    }
    const CLOCK_THREAD_CPUTIME_ID: i32 = 3;
    let mut t = Timespec { sec: 0, nsec: 0 };
    // SAFETY: `t` is a valid, writable timespec for the call's duration.
    let ok = unsafe { clock_gettime(CLOCK_THREAD_CPUTIME_ID, &mut t) } == 0;
    (ok && t.sec >= 0 && (0..1_000_000_000).contains(&t.nsec))
        .then(|| Duration::new(t.sec as u64, t.nsec as u32))
}

/// No CPU clock known here: the wall clock serves.
#[cfg(not(all(target_os = "linux", target_pointer_width = "64")))]
fn thread_cpu() -> Option<Duration> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cpu_clock_counts_work_and_not_sleep() {
        let g = Guard::start();
        std::thread::sleep(Duration::from_millis(30));
        let slept = g.used();
        let mut x = 0u64;
        let spin = Instant::now();
        while spin.elapsed() < Duration::from_millis(30) {
            x = std::hint::black_box(x.wrapping_add(1));
        }
        let worked = g.used() - slept;
        if cfg!(all(target_os = "linux", target_pointer_width = "64")) {
            assert!(
                slept < Duration::from_millis(20),
                "sleep is not CPU: {slept:?}"
            );
            assert!(worked > Duration::from_millis(1), "work is CPU: {worked:?}");
        } else {
            assert!(slept >= Duration::from_millis(30));
        }
    }
}
