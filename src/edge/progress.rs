//! Progress on stderr: a bar on a terminal; otherwise one plain line at
//! each tenth of the work, so a log file tells the story; nothing when
//! quiet. Safe to advance from many threads.

use indicatif::{ProgressBar, ProgressStyle};
use std::io::IsTerminal;
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
                "{label} {{bar:30}} {{pos}}/{{len}} {unit} [{{elapsed_precise}}, {{per_sec}}, eta {{eta}}]"
            );
            b.set_style(ProgressStyle::with_template(&template).expect("valid template"));
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
