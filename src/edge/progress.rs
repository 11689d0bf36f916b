//! Progress on stderr: a bar on a terminal; otherwise one plain line at
//! each tenth of the work, so a log file tells the story; nothing when
//! quiet. Safe to advance from many threads. `Counter` counts one job's
//! games; `Bar` is evolve's: its generations, then validation's stages.

use crate::text::wrap;
use crate::tune::run::{GenerationRow, Progress, Tick};
use indicatif::{ProgressBar, ProgressState, ProgressStyle};
use std::io::IsTerminal;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Instant;

/// Counts units of work (games) towards a known total.
pub struct Counter {
    label: String,
    total: u64,
    done: AtomicU64,
    bar: Option<ProgressBar>,
    plain: bool,
    started: Instant,
}

impl Counter {
    pub fn new(label: &str, unit: &str, total: u64, quiet: bool) -> Counter {
        let terminal = std::io::stderr().is_terminal();
        let bar = (!quiet && terminal).then(|| {
            let b = ProgressBar::new(total);
            let template = format!(
                "{label} {{bar:30}} {{pos}}/{{len}} {unit} [{{elapsed_precise}}, {{rate}}, eta {{eta}}]"
            );
            let style = ProgressStyle::with_template(&template).expect("valid template");
            // Whole units a second (indicatif's own `per_sec` shows four decimals).
            let rate = |s: &ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = write!(w, "{:.0}/s", s.per_sec());
            };
            b.set_style(style.with_key("rate", rate));
            b
        });
        Counter {
            label: label.to_string(),
            total,
            done: AtomicU64::new(0),
            bar,
            plain: !quiet && !terminal,
            started: Instant::now(),
        }
    }

    /// One unit done.
    pub fn inc(&self) {
        let done = self.done.fetch_add(1, Ordering::Relaxed) + 1;
        if let Some(b) = &self.bar {
            b.inc(1);
        } else if self.plain
            && self.total > 0
            && tenth(done, self.total) > tenth(done - 1, self.total)
        {
            let spent = self.started.elapsed().as_secs_f64();
            let rate = done as f64 / spent.max(1e-9);
            let left = (self.total - done) as f64 / rate;
            eprintln!(
                "{}: {done}/{} ({} %) in {spent:.1} s, {rate:.0}/s, about {left:.0} s left",
                self.label,
                self.total,
                100 * done / self.total,
            );
        }
    }

    /// Clears the bar.
    pub fn finish(&self) {
        if let Some(b) = &self.bar {
            b.finish_and_clear();
        }
    }
}

/// Evolve's progress: a bar on a terminal, else a line per generation;
/// with `--quiet` only messages. Within a generation the bar counts its
/// games; validation's stages each get a counter of their games
/// (`Counter`: games/s and the time left).
pub struct Bar {
    bar: Option<indicatif::ProgressBar>,
    plain: bool,
    quiet: bool,
    started: std::time::Instant,
    games: u64,
    /// Validation: each stage's games counted (`stage`).
    validating: bool,
    /// The counter of the stage under way (validation).
    stage: Option<Arc<Counter>>,
}

impl Progress for Bar {
    fn generation(&mut self, row: &GenerationRow, total: u32) {
        self.games += row.games;
        let rate = self.games as f64 / self.started.elapsed().as_secs_f64();
        let spent = row
            .best_searches
            .map_or(String::new(), |s| format!(" ({s:.0} searches/game)"));
        let step = match (row.step, row.held) {
            (Some(s), Some(h)) => format!(" step {s:.3} held {:.0}%", 100.0 * h),
            (Some(s), None) => format!(" step {s:.3}"),
            _ => String::new(),
        };
        let msg = format!(
            "gen {} best {:.4}{spent} mean {:.4} div {:.3}{step} | {:.0} games/s",
            row.generation, row.best, row.mean, row.diversity, rate
        );
        if let Some(b) = &self.bar {
            b.set_length(total as u64);
            b.set_position(row.generation as u64 + 1);
            b.println(format!("{}/{total} {msg}", row.generation + 1));
        } else if self.plain {
            eprintln!("{}/{total} {msg}", row.generation + 1);
        }
    }

    fn message(&mut self, text: &str) {
        self.end_stage();
        // A screen of 100 columns (as notes.txt is).
        let wrapped: String = text
            .lines()
            .map(|l| wrap(l, crate::text::SCREEN, "  "))
            .collect();
        let text = wrapped.trim_end();
        match &self.bar {
            Some(b) if !b.is_finished() => b.println(text),
            _ => eprintln!("{text}"),
        }
    }

    fn games(&mut self, what: &str, total: u64) -> Tick {
        self.end_stage();
        match &self.bar {
            // Within a generation: its games so far on the bar.
            Some(b) if !b.is_finished() => {
                let (b, done) = (b.clone(), Arc::new(AtomicU64::new(0)));
                let what = what.to_string();
                Arc::new(move || {
                    let d = done.fetch_add(1, Ordering::Relaxed) + 1;
                    if d % 50 == 0 || d == total {
                        b.set_message(format!("{what}: {d}/{total} games"));
                    }
                })
            }
            // A generation's lines suffice off a terminal.
            _ if !self.validating => Arc::new(|| ()),
            _ => {
                let counter = Arc::new(Counter::new(what, "games", total, self.quiet));
                self.stage = Some(counter.clone());
                Arc::new(move || counter.inc())
            }
        }
    }
}

impl Bar {
    pub fn new(generations: u32, quiet: bool) -> Bar {
        let terminal = std::io::IsTerminal::is_terminal(&std::io::stderr());
        let bar = (!quiet && terminal).then(|| {
            let b = indicatif::ProgressBar::new(generations as u64);
            b.set_style(
                indicatif::ProgressStyle::with_template(
                    "{bar:30} {pos}/{len} [{elapsed_precise} eta {eta}] {msg}",
                )
                .expect("valid template"),
            );
            b.set_message("evaluating generation 0 …");
            b
        });
        Bar {
            bar,
            plain: !quiet && !terminal,
            quiet,
            started: std::time::Instant::now(),
            games: 0,
            validating: false,
            stage: None,
        }
    }

    /// Validation's progress: a counter for each stage's games.
    pub fn validating(quiet: bool) -> Bar {
        Bar {
            bar: None,
            validating: true,
            ..Bar::new(0, quiet)
        }
    }

    /// Leaves the generations' bar at its end.
    pub fn finish_generations(&self) {
        if let Some(b) = &self.bar {
            b.finish();
        }
    }

    /// Clears the counter of the stage under way.
    pub fn end_stage(&mut self) {
        if let Some(c) = self.stage.take() {
            c.finish();
        }
    }
}

fn tenth(done: u64, total: u64) -> u64 {
    done * 10 / total
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_plain_line_marks_each_tenth_once() {
        let marks: Vec<u64> = (1..=25u64)
            .filter(|&d| tenth(d, 25) > tenth(d - 1, 25))
            .collect();
        assert_eq!(marks, [3, 5, 8, 10, 13, 15, 18, 20, 23, 25]);
    }
}
