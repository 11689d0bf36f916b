//! `tuner evolve`, `--resume`, `tuner plot`: a run's folder, its
//! resumption, its records; the champion and its replacement in
//! `champion`, the settings and optimisers in `settings`.

mod champion;
mod committed;
mod listing;
mod settings;

use crate::{Folders, data, repo, run_ok, scratch, tuner};
use std::path::Path;
use std::process::Command;
use std::time::Duration;

fn evolve(dir: &Path, name: &str, threads: &str, generations: &str) -> Command {
    evolve_with(dir, name, threads, generations, "4")
}

/// [`evolve`] with `population` genomes.
fn evolve_with(
    dir: &Path,
    name: &str,
    threads: &str,
    generations: &str,
    population: &str,
) -> Command {
    let suite = dir.join("suite.toml");
    std::fs::write(
        &suite,
        "[[opponent]]\nspec = \"sample:6\"\n[[opponent]]\nspec = \"greedy\"\nweight = 0.5\n",
    )
    .unwrap();
    evolve_of(dir, name, threads, [generations, population], &suite)
}

/// A tiny run against the suite file `suite`.
fn evolve_against(
    dir: &Path,
    name: &str,
    threads: &str,
    generations: &str,
    suite: &Path,
) -> Command {
    evolve_of(dir, name, threads, [generations, "4"], suite)
}

/// A tiny run of `generations` × `population` against `suite`.
fn evolve_of(
    dir: &Path,
    name: &str,
    threads: &str,
    [generations, population]: [&str; 2],
    suite: &Path,
) -> Command {
    let mut c = tuner();
    c.args([
        "evolve",
        "--generations",
        generations,
        "--population",
        population,
        "--games",
        "8",
        "--seed",
        "5",
    ])
    .args([
        "--validation-games",
        "10",
        "--validate-top",
        "2",
        "--quiet",
        "--threads",
        threads,
        "--name",
        name,
    ])
    .arg("--suite")
    .arg(suite)
    .arg("--init")
    .arg(repo("params/default.toml"))
    .folders(dir, &dir.join(format!("params-{name}")));
    c
}

/// Column `column` of the first generation's row in a run's generations.csv.
fn first_generation(run: &Path, column: &str) -> f64 {
    let csv = std::fs::read_to_string(run.join("generations.csv")).unwrap();
    let mut lines = csv.lines();
    let header = lines.next().unwrap();
    let at = header.split(',').position(|h| h == column).unwrap();
    let row = lines.next().unwrap();
    row.split(',').nth(at).unwrap().parse().unwrap()
}

/// The lab's run `name` (lab/runs/NAME: the experiments behind the
/// champion, kept apart from the user's runs/).
fn lab_run(name: &str) -> std::path::PathBuf {
    repo("lab/runs").join(name)
}

/// A copy of the run folder `run` in `dir/runs/`, under its own name.
fn copy_run(run: &Path, dir: &Path) -> std::path::PathBuf {
    let copy = dir.join("runs").join(run.file_name().unwrap());
    std::fs::create_dir_all(&copy).unwrap();
    for e in std::fs::read_dir(run).unwrap() {
        let p = e.unwrap().path();
        std::fs::copy(&p, copy.join(p.file_name().unwrap())).unwrap();
    }
    copy
}

/// What the optimiser was told of the last generation (checkpoint.json's
/// `last_fitness`).
fn told(run: &Path) -> Vec<f64> {
    let cp: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(run.join("checkpoint.json")).unwrap())
            .unwrap();
    let each = cp["last_fitness"].as_array().unwrap().iter();
    each.map(|f| f.as_f64().unwrap()).collect()
}

/// A run's results without what legitimately differs (elapsed time, date).
fn results(run: &Path) -> (String, String, String) {
    let csv = std::fs::read_to_string(run.join("generations.csv")).unwrap();
    let csv: Vec<String> = csv
        .lines()
        .map(|l| {
            l.split(',')
                .enumerate()
                .filter(|(i, _)| *i != 5)
                .map(|(_, f)| f)
                .collect::<Vec<_>>()
                .join(",")
        })
        .collect();
    let best = std::fs::read_to_string(run.join("best.toml")).unwrap();
    let best: String = best
        .lines()
        .filter(|l| !l.contains("written 20"))
        .collect::<Vec<_>>()
        .join("\n");
    let cp: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(run.join("checkpoint.json")).unwrap())
            .unwrap();
    (
        csv.join("\n"),
        best,
        format!("{}{}", cp["population"], cp["last_fitness"]),
    )
}

#[test]
fn a_tiny_run_writes_everything_and_is_independent_of_threads() {
    let dir = scratch("evolve-tiny");
    // The win-probability genes frozen: a winner that turned them on would
    // be played by the tables in the run (--rollouts 0), and not installed.
    let tiny = |name, threads| {
        let mut c = evolve(&dir, name, threads, "3");
        c.args(["--freeze", "wp_*"]);
        c
    };
    run_ok(&mut tiny("one", "1"));
    run_ok(&mut tiny("two", "2"));
    let one = dir.join("runs/one");
    for f in [
        "config.toml",
        "generations.csv",
        "checkpoint.json",
        "best.toml",
        "validation.json",
    ] {
        assert!(one.join(f).exists(), "{f}");
    }
    // Without --install nothing outside the run and its plot is written;
    // `tuner install` makes the winner the champion.
    assert!(!dir.join("params-one/best.toml").exists());
    run_ok(tuner().arg("install").arg(&one));
    assert_eq!(
        std::fs::read(dir.join("params-one/best.toml")).unwrap(),
        std::fs::read(one.join("best.toml")).unwrap()
    );
    let cfg = std::fs::read_to_string(one.join("config.toml")).unwrap();
    assert!(
        cfg.contains("seed = 5") && cfg.contains("git_revision") && cfg.contains("tool_version")
    );
    assert_eq!(
        std::fs::read_to_string(one.join("generations.csv"))
            .unwrap()
            .lines()
            .count(),
        4
    );
    assert_eq!(results(&one), results(&dir.join("runs/two")));
    // The best genome loads back as a genome.
    run_ok(
        tuner()
            .args(["eval", "--games", "2", "--vs", "greedy", "--genome"])
            .arg(one.join("best.toml")),
    );
    // The plot: a PNG of the requested size.
    let png = dir.join("plot.png");
    run_ok(
        tuner()
            .arg("plot")
            .arg(&one)
            .arg("-o")
            .arg(&png)
            .args(["--width", "640", "--height", "480"]),
    );
    let b = std::fs::read(&png).unwrap();
    assert_eq!(&b[..8], b"\x89PNG\r\n\x1a\n");
    assert_eq!(&b[12..16], b"IHDR");
    assert_eq!(u32::from_be_bytes(b[16..20].try_into().unwrap()), 640);
    // At least as tall as asked (taller when the heat map's rows need it).
    assert!(u32::from_be_bytes(b[20..24].try_into().unwrap()) >= 480);
    assert!(dir.join("plots/one-fitness.png").exists());
}

#[test]
fn validation_counts_its_games_off_a_terminal() {
    let dir = scratch("evolve-progress");
    let c = evolve(&dir, "loud", "2", "1");
    // The same command without --quiet (its stderr is no terminal here).
    let args: Vec<_> = c
        .get_args()
        .filter(|a| *a != "--quiet")
        .map(|a| a.to_owned())
        .collect();
    let mut loud = tuner();
    loud.args(args);
    for (k, v) in c.get_envs() {
        if let Some(v) = v {
            loud.env(k, v);
        }
    }
    let out = run_ok(&mut loud);
    let err = String::from_utf8_lossy(&out.stderr);
    // Each tenth of validation's games, with its rate and the run's eta.
    let lines: Vec<&str> = err
        .lines()
        .filter(|l| l.starts_with("validating: "))
        .collect();
    // Chunks finish on several threads: their lines may come out of
    // order, but every tenth is told once and the last says 100 %.
    assert_eq!(lines.len(), 10, "{err}");
    assert!(
        lines.iter().any(|l| l.contains("(100 %)"))
            && lines.iter().all(|l| l.contains("/s, the run's eta")),
        "{err}"
    );
}

#[test]
fn the_first_spread_and_the_makers_notes_are_recorded() {
    let dir = scratch("evolve-spread");
    let why = "bid_best_response frozen: 0.02 costs dp -5.4 points";
    // Fixed steps: every free gene of a copy moves by the spread.
    let fixed = ["--step-target", "0"];
    run_ok(
        evolve(&dir, "narrow", "2", "1")
            .args(["--init-sigma", "0.02", "--note", why])
            .args(fixed),
    );
    run_ok(
        evolve(&dir, "wide", "2", "1")
            .args(["--init-sigma", "0.1"])
            .args(fixed),
    );
    let run = |name: &str| dir.join("runs").join(name);
    let cfg = std::fs::read_to_string(run("narrow").join("config.toml")).unwrap();
    assert!(cfg.contains("init_sigma = 0.02"), "{cfg}");
    let notes = std::fs::read_to_string(run("narrow").join("notes.txt")).unwrap();
    assert!(notes.lines().any(|l| l == why), "{notes}");
    // The first generation's copies sit 5 times closer to the start.
    let first = |name: &str| first_generation(&run(name), "diversity");
    let (narrow, wide) = (first("narrow"), first("wide"));
    assert!(narrow > 0.0 && narrow < wide / 3.0, "{narrow} {wide}");
    // Fixed steps record no step.
    let csv = std::fs::read_to_string(run("wide").join("generations.csv")).unwrap();
    assert!(csv.lines().nth(1).unwrap().contains(",,,"), "{csv}");
}

#[test]
fn adapted_steps_are_recorded_each_generation_and_resume_as_they_were() {
    let dir = scratch("evolve-steps");
    run_ok(&mut evolve(&dir, "steps", "2", "3"));
    let run = dir.join("runs/steps");
    let cfg = std::fs::read_to_string(run.join("config.toml")).unwrap();
    assert!(
        cfg.contains("[ga.adapt]") && cfg.contains("target = 0.5"),
        "{cfg}"
    );
    let cp = std::fs::read_to_string(run.join("checkpoint.json")).unwrap();
    assert!(
        cp.contains("\"steps\"") && cp.contains("\"lineage\""),
        "{cp}"
    );
    let csv = std::fs::read_to_string(run.join("generations.csv")).unwrap();
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let (step, held) = (
        header.iter().position(|h| *h == "step").unwrap(),
        header.iter().position(|h| *h == "held").unwrap(),
    );
    for row in csv.lines().skip(1) {
        let f: Vec<&str> = row.split(',').collect();
        let s: f64 = f[step].parse().unwrap();
        let h: f64 = f[held].parse().unwrap();
        assert!(s > 0.0 && s <= 0.5 && (0.0..=1.0).contains(&h), "{row}");
    }
    // Killed after 2 generations and resumed: the same bytes as in one go.
    run_ok(&mut evolve(&dir, "halves", "1", "2"));
    run_ok(
        tuner()
            .args(["evolve", "--quiet", "--generations", "3", "--resume"])
            .arg(dir.join("runs/halves")),
    );
    let cp2 = std::fs::read_to_string(dir.join("runs/halves/checkpoint.json")).unwrap();
    let strip = |c: &str| {
        let v: serde_json::Value = serde_json::from_str(c).unwrap();
        (
            v["population"].clone(),
            v["ga"].clone(),
            v["last_fitness"].clone(),
        )
    };
    assert_eq!(strip(&cp), strip(&cp2));
}

#[test]
fn a_search_budget_is_recorded_and_a_genome_over_it_ranks_by_what_it_spent() {
    let dir = scratch("evolve-budget");
    // Every genome spends more than one search a game (a put searches its
    // hand): all over the budget.
    // Flat: what the optimiser is told is the budget's rank alone (a
    // raced generation puts the rung reached first).
    run_ok(evolve(&dir, "budget", "2", "1").args(["--max-searches", "1", "--racing", "flat"]));
    let run = dir.join("runs/budget");
    let cfg = std::fs::read_to_string(run.join("config.toml")).unwrap();
    assert!(cfg.contains("max_searches = 1.0"), "{cfg}");
    let spent = first_generation(&run, "best_searches");
    assert!(spent > 1.0, "{spent}");
    // What the optimiser was told: minus the searches in budgets, the
    // best genome's the highest.
    let told = told(&run);
    assert!(told.iter().all(|&t| t <= -1.0), "{told:?}");
    let highest = told.iter().cloned().fold(f64::MIN, f64::max);
    assert!((highest + spent).abs() < 0.05, "{told:?} {spent}");
}

#[test]
fn a_killed_run_resumes_to_the_same_result() {
    let dir = scratch("evolve-kill");
    // Long enough that the kill lands mid-run: a generation of this tiny
    // run takes about a millisecond.
    run_ok(&mut evolve(&dir, "whole", "2", "300"));
    let mut child = evolve(&dir, "killed", "2", "300").spawn().unwrap();
    let cp = dir.join("runs/killed/checkpoint.json");
    // Kill -9 once two generations are checkpointed (mid-generation 2).
    let mut waited = 0;
    loop {
        let done = std::fs::read_to_string(&cp)
            .ok()
            .and_then(|t| serde_json::from_str::<serde_json::Value>(&t).ok());
        if done.is_some_and(|v| v["next_generation"].as_u64() >= Some(2)) {
            break;
        }
        assert!(waited < 60_000, "no checkpoint after 60 s");
        std::thread::sleep(Duration::from_millis(1));
        waited += 1;
    }
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(
        !dir.join("runs/killed/best.toml").exists(),
        "killed too late to test resume"
    );
    let mut resume = tuner();
    resume
        .args(["evolve", "--quiet", "--resume"])
        .arg(dir.join("runs/killed"));
    let out = run_ok(&mut resume);
    assert!(String::from_utf8_lossy(&out.stderr).contains("resuming at generation"));
    assert_eq!(
        results(&dir.join("runs/whole")),
        results(&dir.join("runs/killed"))
    );
}

/// Every file under `dir`, by relative path, with its bytes.
fn snapshot(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&p).unwrap())
        })
        .collect();
    files.sort();
    files
}

#[test]
fn resuming_a_committed_run_without_its_checkpoint_refuses_and_changes_nothing() {
    let dir = scratch("evolve-committed");
    let copy = copy_run(&lab_run("strength-7"), &dir);
    assert!(!copy.join("checkpoint.json").exists());
    let before = snapshot(&copy);
    let out = tuner()
        .args(["evolve", "--quiet", "--generations", "41", "--resume"])
        .arg(&copy)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{err}");
    assert!(
        err.contains("has no checkpoint.json") && err.contains("Nothing was changed"),
        "{err}"
    );
    // Byte for byte as before (the lock it took is gone too).
    assert_eq!(snapshot(&copy), before);
}

#[test]
fn an_old_runs_config_is_one_error_within_100_columns_naming_the_file_and_line() {
    let dir = scratch("evolve-old-config");
    let copy = copy_run(&data("runs/strength-1"), &dir);
    for args in [
        vec!["evolve", "--quiet", "--resume"],
        vec!["runs", "--compare"],
    ] {
        let out = tuner().args(&args).arg(&copy).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{err}");
        // strength-1 stored its genomes by position, 40 genes, the first
        // on line 72; the parser's quote of that line is left out.
        let lines: Vec<&str> = err.lines().collect();
        assert!(lines.len() <= 4 && lines[0].starts_with("error: "), "{err}");
        assert!(lines.iter().all(|l| l.chars().count() <= 100), "{err}");
        let words = err.split_whitespace().collect::<Vec<_>>().join(" ");
        assert!(
            words.contains("strength-1/config.toml line 72: not a valid run config")
                && words.contains("has 40 genes")
                && words.len() < 300,
            "{err}"
        );
    }
}

#[test]
fn a_damaged_checkpoint_is_a_clear_error() {
    let dir = scratch("evolve-damaged");
    run_ok(&mut evolve(&dir, "d", "2", "1"));
    let cp = dir.join("runs/d/checkpoint.json");
    let text = std::fs::read_to_string(&cp).unwrap();
    std::fs::write(&cp, &text[..text.len() / 2]).unwrap();
    let out = tuner()
        .args(["evolve", "--quiet", "--resume"])
        .arg(dir.join("runs/d"))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success() && err.contains("checkpoint.json is damaged"),
        "{err}"
    );
    assert!(!err.contains("panicked"));
    // Valid JSON whose parts disagree is damaged too, not a panic.
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let mut empty = v.clone();
    empty["population"] = serde_json::json!([]);
    let mut short = v.clone();
    short["last_fitness"].as_array_mut().unwrap().pop();
    for (bad, why) in [
        (empty, "a population of 0"),
        (short, "3 fitness values for 4 genomes"),
    ] {
        std::fs::write(&cp, bad.to_string()).unwrap();
        let out = tuner()
            .args(["evolve", "--quiet", "--resume"])
            .arg(dir.join("runs/d"))
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success() && err.contains(why), "{err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

#[test]
fn a_run_saved_before_a_gene_was_added_resumes_with_its_default_noted() {
    let dir = scratch("evolve-old-genes");
    let mut first = evolve(&dir, "old", "2", "2");
    run_ok(&mut first);
    let run = dir.join("runs/old");
    // As if `bid_follow` had been added after the run was saved: no genome
    // of its files has it, and the run must be extended by a generation.
    let cp = run.join("checkpoint.json");
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&cp).unwrap()).unwrap();
    for key in ["population", "last_population"] {
        for g in v[key].as_array_mut().unwrap() {
            g.as_object_mut().unwrap().remove("bid_follow").unwrap();
        }
    }
    v["next_generation"] = 1.into();
    v["rows"].as_array_mut().unwrap().pop();
    std::fs::write(&cp, v.to_string()).unwrap();
    let config = run.join("config.toml");
    let text = std::fs::read_to_string(&config).unwrap();
    let text: String = text
        .lines()
        .filter(|l| !l.starts_with("bid_follow ="))
        .map(|l| format!("{l}\n"))
        .collect();
    std::fs::write(&config, text).unwrap();
    let out = run_ok(tuner().args(["evolve", "--quiet", "--resume"]).arg(&run));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("bid_follow = 0.0"), "{err}");
    let notes = std::fs::read_to_string(run.join("notes.txt")).unwrap();
    // An entry may wrap (within 100 columns): its words in order.
    let words = notes.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains("take their defaults: bid_follow = 0.0"),
        "{notes}"
    );
    assert!(notes.lines().all(|l| l.chars().count() <= 100), "{notes}");
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&cp).unwrap()).unwrap();
    assert_eq!(v["next_generation"], 2);
    assert_eq!(v["population"][0]["bid_follow"], 0.0, "written back whole");
}
