//! `tuner runs`: every run folder under a runs folder, a line each, read
//! from its config.toml, generations.csv and validation.json.

use super::dir::RunDir;
use super::error::{Result, RunError};
use super::summary::duration;
use crate::files::FileError;
use std::path::Path;

/// One run as `tuner runs` shows it.
#[derive(Clone, Debug, PartialEq)]
pub struct RunLine {
    pub name: String,
    /// The day it was made (else its config.toml's last change).
    pub date: String,
    pub generations_done: usize,
    pub generations: u32,
    /// None when the run's files do not read here.
    pub population: Option<usize>,
    /// The suite file (else the number of opponents) and the held-out one.
    pub suite: String,
    /// The winner's fitness on validation dice, once validated.
    pub validated: Option<f64>,
    /// `better`, `not better`, `not worse held out` …: both verdicts, short.
    pub verdict: String,
    /// None when the record does not read here.
    pub installed: Option<bool>,
    /// None when the run's files do not read here.
    pub seconds: Option<f64>,
    /// Why the run's files do not read here (shown below the table).
    pub problem: Option<String>,
}

/// The runs in `runs_dir` (folders with a config.toml), by name; a run
/// whose files this version cannot read says so on its line.
pub fn list(runs_dir: &Path) -> Result<Vec<RunLine>> {
    let entries = std::fs::read_dir(runs_dir).map_err(|err| FileError::Read {
        path: runs_dir.to_path_buf(),
        err,
    })?;
    let mut dirs: Vec<RunDir> = entries
        .flatten()
        .map(|e| RunDir(e.path()))
        .filter(|d| d.config().exists())
        .collect();
    dirs.sort_by_key(RunDir::name);
    Ok(dirs
        .iter()
        .map(|d| line(d).unwrap_or_else(|e| unreadable(d, &e)))
        .collect())
}

/// The line of a run this version cannot read (older file formats): its
/// name, the rest blank, and why.
fn unreadable(dir: &RunDir, e: &RunError) -> RunLine {
    RunLine {
        name: dir.name(),
        date: "-".into(),
        generations_done: 0,
        generations: 0,
        population: None,
        suite: String::new(),
        validated: None,
        verdict: "unreadable (below)".into(),
        installed: None,
        seconds: None,
        problem: Some(e.to_string()),
    }
}

/// One run's line.
fn line(dir: &RunDir) -> Result<RunLine> {
    let cfg = dir.load_config()?;
    let rows = match dir.load_generations() {
        Ok(g) => g.rows,
        Err(RunError::File(_)) => Vec::new(),
        Err(e) => return Err(e),
    };
    // A validation.json of an older format: the run was validated, its
    // record does not read here (as `tuner plot` says).
    let (record, old) = match dir.load_validation() {
        Ok(record) => (record, false),
        Err(RunError::DamagedFile { .. }) => (None, true),
        Err(e) => return Err(e),
    };
    // Runs before the record have no date (a clone's file times are not it).
    let date = match cfg.started.is_empty() {
        false => cfg.started.clone(),
        true => "-".into(),
    };
    let suite = match cfg.suite_file.is_empty() {
        false => stem(&cfg.suite_file),
        true => format!("{} opponents", cfg.suite.len()),
    };
    let heldout = match (cfg.heldout_file.is_empty(), cfg.heldout.len()) {
        (_, 0) => String::new(),
        (false, _) => format!(" / {}", stem(&cfg.heldout_file)),
        (true, n) => format!(" / {n} held out"),
    };
    let seconds =
        rows.last().map_or(0.0, |r| r.elapsed_s) + record.as_ref().map_or(0.0, |r| r.seconds);
    Ok(RunLine {
        name: cfg.name.clone(),
        date,
        generations_done: rows.len(),
        generations: cfg.settings.generations,
        population: Some(cfg.settings.population),
        suite: suite + &heldout,
        validated: record.as_ref().map(|r| r.winner.fitness),
        verdict: match (&record, old) {
            (Some(r), _) => short_verdict(r),
            (None, true) => "validated by an older version".into(),
            (None, false) => "-".into(),
        },
        installed: (!old).then(|| record.as_ref().is_some_and(|r| r.installed)),
        seconds: Some(seconds),
        problem: None,
    })
}

/// A suite file's name without folder and extension.
fn stem(file: &str) -> String {
    Path::new(file)
        .file_stem()
        .map_or_else(|| file.to_string(), |s| s.to_string_lossy().into_owned())
}

/// Both verdicts in a few words, the summary's words: a test that did not
/// conclude says "not shown better" or "not shown not worse" (a winner
/// within --max-searches against a champion over it, not shown not worse
/// by half a point; held out, not shown not worse by the margin), not
/// that the winner is worse.
fn short_verdict(r: &super::ValidationRecord) -> String {
    if r.same_as_incumbent {
        return "is the champion".into();
    }
    let training = r.comparison.as_ref().map_or("no champion", |c| c.word());
    let heldout = r
        .heldout
        .as_ref()
        .map_or(String::new(), |h| format!(", held out {}", h.word()));
    format!("{training}{heldout}")
}

/// The columns of `tuner runs`, in order.
const HEADER: [&str; 9] = [
    "run", "date", "gens", "pop", "suite", "valid.", "verdict", "inst.", "time",
];

/// The columns left out, in this order, while the table is wider than
/// the terminal: the run, its verdict and whether it was installed stay.
const DROP_ORDER: [&str; 6] = ["pop", "suite", "date", "time", "gens", "valid."];

/// The lines as a table with a header, at most `width` columns wide where
/// leaving out columns ([`DROP_ORDER`], named below the table) can make it
/// so; the reasons of unreadable runs below, wrapped to `width`.
pub fn render(lines: &[RunLine], width: usize) -> String {
    let mut rows = vec![HEADER.map(String::from).to_vec()];
    rows.extend(lines.iter().map(cells));
    let dropped = fit(&mut rows, width);
    let mut out = crate::text::columns(&rows);
    if !dropped.is_empty() {
        let note = format!(
            "({} left out to fit {width} columns; --width shows more)",
            dropped.join(", ")
        );
        out += &wrap(&note, width);
    }
    if let Some(note) = mixed_suites(lines, &rows[0]) {
        out += &wrap(&note, width);
    }
    if rows[0].iter().any(|h| h == "valid.") && lines.iter().any(|l| l.validated.is_some()) {
        out += &wrap(VALID, width);
    }
    for l in lines {
        if let Some(problem) = &l.problem {
            out += &wrap(&format!("{}: {problem}", l.name), width);
        }
    }
    out
}

/// What the column `valid.` shows, and which figure of the summary it is.
pub const VALID: &str = "valid.: the winner's fitness on the validation dice it was picked on (its \
                         summary's \"on validation dice\"; its \"fresh dice\" figure, beside the \
                         champion, is another measurement)";

/// A warning when the table shows validated fitness without the suite
/// column and the runs were validated on different training suites (a
/// figure on one suite says nothing beside one on another).
fn mixed_suites(lines: &[RunLine], header: &[String]) -> Option<String> {
    let shown = |name: &str| header.iter().any(|h| h == name);
    let suites: std::collections::BTreeSet<&str> = lines
        .iter()
        .filter(|l| l.validated.is_some())
        .filter_map(|l| l.suite.split(" / ").next())
        .filter(|s| !s.is_empty() && *s != "-")
        .collect();
    (shown("valid.") && !shown("suite") && suites.len() > 1).then(|| {
        let names: Vec<&str> = suites.into_iter().collect();
        format!(
            "valid. is each run's fitness on its own training suite ({}): compare runs of one suite only",
            names.join(", ")
        )
    })
}

/// One run's cells, in the order of [`HEADER`].
fn cells(l: &RunLine) -> Vec<String> {
    vec![
        l.name.clone(),
        l.date.clone(),
        match (l.generations, l.generations_done == l.generations as usize) {
            (0, _) => "-".into(),
            (_, true) => l.generations.to_string(),
            (_, false) => format!("{}/{}", l.generations_done, l.generations),
        },
        l.population.map_or_else(|| "-".into(), |p| p.to_string()),
        l.suite.clone(),
        l.validated
            .map_or_else(|| "-".into(), |f| format!("{f:.4}")),
        l.verdict.clone(),
        match l.installed {
            Some(true) => "yes",
            Some(false) => "no",
            None => "-",
        }
        .into(),
        l.seconds.map_or_else(|| "-".into(), duration),
    ]
}

/// Leaves out columns, in [`DROP_ORDER`], until the table is at most
/// `width` wide; the names of those left out.
fn fit(rows: &mut [Vec<String>], width: usize) -> Vec<&'static str> {
    let mut dropped = Vec::new();
    for name in DROP_ORDER {
        if table_width(rows) <= width {
            break;
        }
        let Some(k) = rows[0].iter().position(|h| h == name) else {
            continue;
        };
        rows.iter_mut().for_each(|r| drop(r.remove(k)));
        dropped.push(name);
    }
    dropped
}

/// The width of the table `crate::text::columns` draws of `rows`.
fn table_width(rows: &[Vec<String>]) -> usize {
    let n = rows.first().map_or(0, Vec::len);
    let widest = |c: usize| rows.iter().map(|r| r[c].chars().count()).max();
    (0..n).filter_map(widest).sum::<usize>() + 2 * n.saturating_sub(1)
}

/// `text` in lines of at most `width` characters, broken between words
/// (a word longer than that has a line of its own), the later lines
/// indented by two spaces.
fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        let fits = line.chars().count() + 1 + word.chars().count() <= width;
        match (line.trim().is_empty(), fits) {
            (true, _) => {}
            (false, true) => line.push(' '),
            (false, false) => {
                out += &line;
                out.push('\n');
                line = "  ".into();
            }
        }
        line.push_str(word);
    }
    out + &line + "\n"
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A run as long as the lab's longest lines.
    fn wide_run(name: &str) -> RunLine {
        RunLine {
            name: name.into(),
            date: "2026-11-27".into(),
            generations_done: 7,
            generations: 10,
            population: Some(16),
            suite: "suite-mirror / suite-heldout".into(),
            validated: Some(0.6188),
            verdict: "not shown not worse, held out not worse".into(),
            installed: Some(false),
            seconds: Some(2325.0),
            problem: None,
        }
    }

    fn widest(text: &str) -> usize {
        text.lines().map(|l| l.chars().count()).max().unwrap_or(0)
    }

    #[test]
    fn a_wide_table_loses_the_least_needed_columns_and_says_which() {
        let mut old = wide_run("strength-1");
        let path = "runs/strength-1/config.toml ".repeat(6);
        old.problem = Some(format!("{path}line 72: not a valid run config"));
        let lines = [wide_run("fast-win-probability-2"), old];
        let all = render(&lines, 200);
        assert!(
            widest(&all[..all.find("strength-1: ").unwrap()]) > 100,
            "{all}"
        );
        assert!(all.starts_with("run  ") && all.contains("  pop  "), "{all}");
        let narrow = render(&lines, 100);
        assert!(widest(&narrow) <= 100, "{narrow}");
        let header = narrow.lines().next().unwrap();
        assert!(
            header.contains("verdict") && header.contains("inst."),
            "{narrow}"
        );
        assert!(!header.contains("pop"), "{narrow}");
        assert!(
            narrow.contains("(pop, suite, date left out to fit 100 columns"),
            "{narrow}"
        );
        assert!(
            narrow.contains("7/10") && narrow.contains("not shown not worse, held out not worse")
        );
        // One suite: no warning; two without their column: one.
        assert!(!narrow.contains("compare runs of one suite"), "{narrow}");
        // Which of the winner's figures the column shows.
        let words = narrow.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(words.contains(VALID), "{narrow}");
        let mut other = wide_run("mirror-run");
        other.suite = "suite-strong / suite-heldout".into();
        let mixed = render(&[wide_run("fast-win-probability-2"), other.clone()], 100);
        let joined = mixed.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(joined.contains("(suite-mirror, suite-strong): compare runs of one suite only"));
        assert!(widest(&mixed) <= 100, "{mixed}");
        let wide = render(&[wide_run("fast-win-probability-2"), other], 300);
        assert!(!wide.contains("compare runs of one suite"), "{wide}");
        let words: Vec<&str> = narrow.split_whitespace().collect();
        assert!(
            words
                .join(" ")
                .contains("strength-1: runs/strength-1/config.toml")
        );
        assert!(words.join(" ").contains("line 72: not a valid run config"));
    }

    #[test]
    fn a_terminal_too_narrow_for_any_table_keeps_run_verdict_and_installed() {
        let out = render(&[wide_run("default-cga")], 20);
        let header: Vec<&str> = out.lines().next().unwrap().split_whitespace().collect();
        assert_eq!(header, ["run", "verdict", "inst."], "{out}");
    }

    #[test]
    fn wrapped_lines_break_between_words_and_indent_the_rest() {
        assert_eq!(wrap("one two three", 8), "one two\n  three\n");
        assert_eq!(wrap("one", 80), "one\n");
        assert_eq!(
            wrap("averyveryverylongword x", 5),
            "averyveryverylongword\n  x\n"
        );
    }
}
