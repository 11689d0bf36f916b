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
        generations: cfg.generations,
        population: Some(cfg.population),
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

/// Both verdicts in a few words; a test that did not conclude says so
/// ("gain unsure": not shown better; "loss unsure": a winner within
/// --max-searches against a champion over it, not shown not worse by half
/// a point, which "not worse" says it was; "held out unsure": not shown
/// not worse by the margin), not that the winner is worse.
fn short_verdict(r: &super::ValidationRecord) -> String {
    if r.same_as_incumbent {
        return "is the champion".into();
    }
    let training = match &r.comparison {
        None => "no champion",
        Some(c) if c.allowance > 0.0 && c.better() => "not worse",
        Some(c) if c.allowance > 0.0 => "loss unsure",
        Some(c) if c.better() => "better",
        Some(_) => "gain unsure",
    };
    let heldout = match &r.heldout {
        None => "",
        Some(h) if h.not_worse => ", held out not worse",
        Some(_) => ", held out unsure",
    };
    format!("{training}{heldout}")
}

/// The lines as a table with a header.
pub fn render(lines: &[RunLine]) -> String {
    let header = [
        "run", "date", "gens", "pop", "suite", "valid.", "verdict", "inst.", "time",
    ]
    .map(String::from)
    .to_vec();
    let mut rows = vec![header];
    for l in lines {
        rows.push(vec![
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
        ]);
    }
    let mut out = crate::text::columns(&rows);
    for l in lines {
        if let Some(problem) = &l.problem {
            out += &format!("{}: {problem}\n", l.name);
        }
    }
    out
}
