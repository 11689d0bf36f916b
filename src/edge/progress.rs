//! Progress on stderr: a bar on a terminal; otherwise one plain line at
//! each tenth of the work, so a log file tells the story; nothing when
//! quiet. Safe to advance from many threads. `Counter` counts one job's
//! games; `Bar` is evolve's: its generations, then validation's stages,
//! with the run's eta over both ([`RunTally`]).

use crate::edge::eta::{Eta, RunTally};
use crate::text::{per_second, wrap};
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
    done: Arc<AtomicU64>,
    bar: Option<ProgressBar>,
    plain: bool,
    started: Instant,
    /// The run this job is a part of (evolve's validation): its games
    /// counted there too, its eta shown.
    run: Option<Arc<RunTally>>,
}

impl Counter {
    pub fn new(label: &str, unit: &str, total: u64, quiet: bool) -> Counter {
        Counter::of_run(label, unit, total, quiet, None)
    }

    /// A counter whose eta is the run's when it is a part of one.
    fn of_run(
        label: &str,
        unit: &str,
        total: u64,
        quiet: bool,
        run: Option<Arc<RunTally>>,
    ) -> Counter {
        let terminal = std::io::stderr().is_terminal();
        let done = Arc::new(AtomicU64::new(0));
        let started = Instant::now();
        let bar = (!quiet && terminal).then(|| {
            let b = ProgressBar::new(total);
            let eta = match run {
                Some(_) => "the run's {eta}",
                None => "{eta}",
            };
            let template = format!(
                "{label} {{bar:30}} {{pos}}/{{len}} {unit} [{{elapsed_precise}}, {{rate}}, {eta}]"
            );
            let style = ProgressStyle::with_template(&template).expect("valid template");
            // With the digits it needs (indicatif's own `per_sec` shows four decimals).
            let rate = |s: &ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = write!(w, "{}/s", per_second(s.per_sec()));
            };
            let (run, done) = (run.clone(), done.clone());
            let eta = move |_: &ProgressState, w: &mut dyn std::fmt::Write| {
                let eta = match &run {
                    Some(r) => r.eta(),
                    None => Eta {
                        done: done.load(Ordering::Relaxed),
                        total,
                        elapsed: started.elapsed(),
                    },
                };
                let _ = write!(w, "{eta}");
            };
            b.set_style(style.with_key("rate", rate).with_key("eta", eta));
            b
        });
        Counter {
            label: label.to_string(),
            total,
            done,
            bar,
            plain: !quiet && !terminal,
            started,
            run,
        }
    }

    /// One unit done.
    pub fn inc(&self) {
        let done = self.done.fetch_add(1, Ordering::Relaxed) + 1;
        if let Some(r) = &self.run {
            r.tick();
        }
        if let Some(b) = &self.bar {
            b.inc(1);
        } else if self.plain
            && self.total > 0
            && tenth(done, self.total) > tenth(done - 1, self.total)
        {
            let spent = self.started.elapsed();
            let rate = per_second(done as f64 / spent.as_secs_f64().max(1e-9));
            let eta = match &self.run {
                Some(r) => format!("the run's {}", r.eta()),
                None => Eta {
                    done,
                    total: self.total,
                    elapsed: spent,
                }
                .to_string(),
            };
            eprintln!(
                "{}: {done}/{} ({} %) in {:.1} s, {rate}/s, {eta}",
                self.label,
                self.total,
                100 * done / self.total,
                spent.as_secs_f64(),
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
/// with `--quiet` only messages. The bar counts the run's games, its eta
/// the games left in the whole run (generations and validation) at the
/// rate so far; validation's stages each get a counter of their games
/// (`Counter`: games/s and the run's eta).
pub struct Bar {
    bar: Option<indicatif::ProgressBar>,
    plain: bool,
    quiet: bool,
    /// The run's games, planned and played, in this process.
    run: Arc<RunTally>,
    /// Validation: each stage's games counted (`stage`).
    validating: bool,
    /// The counter of the stage under way (validation).
    stage: Option<Arc<Counter>>,
}

impl Progress for Bar {
    fn generation(&mut self, row: &GenerationRow, total: u32) {
        let eta = self.run.eta();
        let rate = per_second(eta.done as f64 / eta.elapsed.as_secs_f64().max(1e-9));
        let spent = row
            .best_searches
            .map_or(String::new(), |s| format!(" ({s:.0} searches/game)"));
        let step = match (row.step, row.held) {
            (Some(s), Some(h)) => format!(" step {s:.3} held {:.0}%", 100.0 * h),
            (Some(s), None) => format!(" step {s:.3}"),
            _ => String::new(),
        };
        let msg = format!(
            "gen {} best {:.4}{spent} mean {:.4} div {:.3}{step} | {} games/s",
            row.generation, row.best, row.mean, row.diversity, rate
        );
        let line = |end: &str| {
            let line = format!("{}/{total} {msg}{end}", row.generation + 1);
            wrap(&line, crate::text::SCREEN, "  ")
        };
        if let Some(b) = &self.bar {
            b.println(line("").trim_end());
        } else if self.plain {
            eprint!("{}", line(&format!(", {eta}")));
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

    fn plan(&mut self, games: u64) {
        self.run.plan(games);
        if let Some(b) = &self.bar {
            b.set_length(self.run.total());
        }
    }

    fn games(&mut self, what: &str, total: u64) -> Tick {
        self.end_stage();
        let run = self.run.clone();
        match &self.bar {
            // Within a generation: the run's games on the bar, this
            // generation's in its message.
            Some(b) if !b.is_finished() => {
                let (b, done) = (b.clone(), Arc::new(AtomicU64::new(0)));
                let what = what.to_string();
                Arc::new(move || {
                    run.tick();
                    b.inc(1);
                    let d = done.fetch_add(1, Ordering::Relaxed) + 1;
                    if d % 50 == 0 || d == total {
                        b.set_message(format!("{what}: {d}/{total} games"));
                    }
                })
            }
            // A generation's lines suffice off a terminal.
            _ if !self.validating => Arc::new(move || run.tick()),
            _ => {
                let counter = Counter::of_run(what, "games", total, self.quiet, Some(run));
                let counter = Arc::new(counter);
                self.stage = Some(counter.clone());
                Arc::new(move || counter.inc())
            }
        }
    }
}

impl Bar {
    /// The generations' progress, counting `run`'s games.
    pub fn new(quiet: bool, run: Arc<RunTally>) -> Bar {
        let terminal = std::io::IsTerminal::is_terminal(&std::io::stderr());
        let bar = (!quiet && terminal).then(|| {
            let b = indicatif::ProgressBar::new(1);
            let tally = run.clone();
            let eta = move |_: &ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = write!(w, "{}", tally.eta());
            };
            b.set_style(
                indicatif::ProgressStyle::with_template(
                    "{bar:30} {percent:>3}% [{elapsed_precise}, {eta}] {msg}",
                )
                .expect("valid template")
                .with_key("eta", eta),
            );
            b.set_message("evaluating generation 0 …");
            b
        });
        Bar {
            bar,
            plain: !quiet && !terminal,
            quiet,
            run,
            validating: false,
            stage: None,
        }
    }

    /// Validation's progress: a counter for each stage's games, counting
    /// `run`'s games.
    pub fn validating(quiet: bool, run: Arc<RunTally>) -> Bar {
        Bar {
            bar: None,
            validating: true,
            ..Bar::new(quiet, run)
        }
    }

    /// Leaves the generations' bar where it is (validation follows).
    pub fn finish_generations(&self) {
        if let Some(b) = &self.bar {
            b.abandon();
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
