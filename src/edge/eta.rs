//! The time a run has left: the games still to play at the rate measured
//! over the games played so far (`Eta`), and the shared tally the progress
//! bar and validation's counters feed it from (`RunTally`).

use std::fmt;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// Games played before a rate is trusted.
const MIN_GAMES: u64 = 20;
/// Seconds played before a rate is trusted.
const MIN_SECONDS: f64 = 2.0;

/// Where a run stands: games done of the games planned, in `elapsed`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Eta {
    pub done: u64,
    pub total: u64,
    pub elapsed: Duration,
}

impl Eta {
    /// The time left: the games left at the rate so far; None until the
    /// rate is measured (`MIN_GAMES` games, `MIN_SECONDS`).
    pub fn left(&self) -> Option<Duration> {
        if self.done >= self.total && self.total > 0 {
            return Some(Duration::ZERO);
        }
        let secs = self.elapsed.as_secs_f64();
        if self.done < MIN_GAMES || secs < MIN_SECONDS {
            return None;
        }
        let rate = self.done as f64 / secs;
        Some(Duration::from_secs_f64(
            (self.total - self.done) as f64 / rate,
        ))
    }
}

/// `eta 3m 05s`, `eta 2h 10m`; `eta …` while the rate is measured.
impl fmt::Display for Eta {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Some(left) = self.left() else {
            return write!(f, "eta …");
        };
        let s = left.as_secs_f64().round() as u64;
        match s {
            0..60 => write!(f, "eta {s}s"),
            60..3600 => write!(f, "eta {}m {:02}s", s / 60, s % 60),
            3600..86400 => write!(f, "eta {}h {:02}m", s / 3600, s % 3600 / 60),
            _ => write!(f, "eta {}d {:02}h", s / 86400, s % 86400 / 3600),
        }
    }
}

/// A run's games in this process, counted from any thread: those done,
/// those planned (the games done and those still to play, told as each
/// part of the run begins), and the clock from the first telling.
pub struct RunTally {
    total: AtomicU64,
    done: AtomicU64,
    started: Mutex<Option<Instant>>,
}

impl Default for RunTally {
    fn default() -> Self {
        RunTally {
            total: AtomicU64::new(0),
            done: AtomicU64::new(0),
            started: Mutex::new(None),
        }
    }
}

impl RunTally {
    /// `games` still to play from here (told again as each part of the
    /// run begins); the clock starts at the first telling.
    pub fn plan(&self, games: u64) {
        let mut started = self.started.lock().expect("not poisoned");
        started.get_or_insert_with(Instant::now);
        self.total.store(self.done() + games, Ordering::Relaxed);
    }

    /// One game played.
    pub fn tick(&self) {
        self.done.fetch_add(1, Ordering::Relaxed);
    }

    pub fn done(&self) -> u64 {
        self.done.load(Ordering::Relaxed)
    }

    pub fn total(&self) -> u64 {
        self.total.load(Ordering::Relaxed)
    }

    /// Where the run stands now.
    pub fn eta(&self) -> Eta {
        let started = *self.started.lock().expect("not poisoned");
        Eta {
            done: self.done(),
            total: self.total().max(self.done()),
            elapsed: started.map_or(Duration::ZERO, |s| s.elapsed()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(done: u64, total: u64, secs: f64) -> Eta {
        Eta {
            done,
            total,
            elapsed: Duration::from_secs_f64(secs),
        }
    }

    #[test]
    fn the_games_left_at_the_rate_so_far() {
        assert_eq!(at(500, 2000, 10.0).left(), Some(Duration::from_secs(30)));
        assert_eq!(at(500, 2000, 10.0).to_string(), "eta 30s");
        assert_eq!(at(100, 10_000, 20.0).to_string(), "eta 33m 00s");
        assert_eq!(at(100, 100_000, 20.0).to_string(), "eta 5h 33m");
        assert_eq!(at(20, 100_000, 200.0).to_string(), "eta 11d 13h");
        assert_eq!(at(2000, 2000, 10.0).to_string(), "eta 0s");
    }

    #[test]
    fn no_eta_before_the_rate_is_measured() {
        assert_eq!(at(0, 2000, 0.0).to_string(), "eta …");
        assert_eq!(at(19, 2000, 30.0).left(), None);
        assert_eq!(at(500, 2000, 1.5).left(), None);
    }

    /// A simulated run: 3 generations of 1 600 games at 40 games/s with a
    /// 2 s pause between them (the optimiser's step, saving), then 2 400
    /// validation games at 30 games/s. From the second generation on, the
    /// eta never strays more than 25 % from the time truly left, and
    /// within a generation it moves by less than the time that passes.
    #[test]
    fn on_a_simulated_clock_the_eta_is_near_the_truth_and_steady() {
        let mut events = Vec::new(); // (time a game ends)
        let mut t = 0.0;
        for _ in 0..3 {
            for _ in 0..1600 {
                t += 1.0 / 40.0;
                events.push(t);
            }
            t += 2.0;
        }
        for _ in 0..2400 {
            t += 1.0 / 30.0;
            events.push(t);
        }
        let (end, total) = (t, events.len() as u64);
        let mut last: Option<f64> = None;
        for (i, &now) in events.iter().enumerate() {
            let eta = at(i as u64 + 1, total, now);
            let left = eta.left().map(|d| d.as_secs_f64());
            if i >= 1600 {
                let (left, truth) = (left.expect("measured"), end - now);
                assert!(
                    (left - truth).abs() <= 0.25 * truth.max(1.0),
                    "game {i}: {left:.1} s against {truth:.1} s"
                );
                if i % 1600 != 0 {
                    let moved = last.map_or(0.0, |l| left - l);
                    assert!(moved <= 0.0, "game {i}: the eta climbed by {moved:.2} s");
                }
            }
            last = left;
        }
    }

    #[test]
    fn a_tally_counts_and_is_told_what_is_left() {
        let tally = RunTally::default();
        assert_eq!(tally.eta().to_string(), "eta …");
        tally.plan(150);
        (0..30).for_each(|_| tally.tick());
        assert_eq!((tally.eta().done, tally.eta().total), (30, 150));
        // A test that stopped early: fewer left than planned.
        tally.plan(100);
        assert_eq!((tally.eta().done, tally.eta().total), (30, 130));
    }
}
