//! Faults are counted and shown everywhere: eval's table and JSON, evolve's
//! CSV; an opponent that loses most games by faults is an error, not wins.

use crate::{Folders, scratch, tuner};
use std::path::Path;

/// A program that answers READY, then exits at its first ROLL.
const CRASHER: &str = "sh -c 'read l; echo OK; read l; exit 3'";

/// A program that crashes in about one game in four (a counter in `dir`)
/// and otherwise is `tuner play greedy`.
fn sometimes_crashes(dir: &Path) -> String {
    let counter = dir.join("count");
    format!(
        "sh -c 'n=$(cat {c} 2>/dev/null || echo 0); echo $((n+1)) > {c}; \
         if [ $((n % 4)) = 3 ]; then read l; echo OK; read l; exit 3; fi; exec {t} play greedy'",
        c = counter.display(),
        t = env!("CARGO_BIN_EXE_tuner")
    )
}

#[test]
fn eval_counts_and_shows_faults_and_refuses_unearned_wins() {
    let dir = scratch("faults-eval");
    let json = dir.join("e.json");
    let out = tuner()
        .args([
            "eval", "--player", "greedy", "--games", "6", "--vs", CRASHER,
        ])
        .arg("--json")
        .arg(&json)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    let err = err.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(!out.status.success(), "{err}");
    assert!(
        err.contains("lost 6 of its 6 games by faults (PROGRAM EXITED ×6)"),
        "{err}"
    );
    let table = String::from_utf8_lossy(&out.stdout);
    assert!(table.contains("faults vs sh -c"), "{table}");
    assert!(table.contains("opponent: PROGRAM EXITED ×6"), "{table}");
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    let f = &v["opponents"][0]["faults"];
    assert_eq!(
        (f["candidate"].as_u64(), f["opponent"].as_u64()),
        (Some(0), Some(6)),
        "{v}"
    );
    assert_eq!(f["reasons"]["opponent: PROGRAM EXITED"], 6);
}

#[test]
fn evolve_writes_faults_to_its_csv_and_stops_on_a_broken_suite() {
    let dir = scratch("faults-evolve");
    let run = |name: &str, command: &str| {
        let suite = dir.join(format!("{name}.toml"));
        std::fs::write(
            &suite,
            format!("[[opponent]]\nspec = \"greedy\"\n[[opponent]]\ncommand = {command:?}\n"),
        )
        .unwrap();
        let mut c = tuner();
        c.args([
            "evolve",
            "--quiet",
            "--generations",
            "2",
            "--population",
            "3",
        ])
        .args(["--games", "8", "--validation-games", "4", "--name", name])
        .arg("--suite")
        .arg(&suite)
        .folders(&dir, &dir.join("params"))
        .arg("--init")
        .arg(crate::repo("params/default.toml"));
        c.output().unwrap()
    };
    let out = run("some", &sometimes_crashes(&dir));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let csv = std::fs::read_to_string(dir.join("runs/some/generations.csv")).unwrap();
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let col = header
        .iter()
        .position(|h| *h == "faults_opponents")
        .unwrap();
    let faults: u64 = csv
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(col).unwrap().parse::<u64>().unwrap())
        .sum();
    assert!(faults > 0, "{csv}");
    let out = run("broken", CRASHER);
    let err = String::from_utf8_lossy(&out.stderr);
    let err = err.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(!out.status.success());
    assert!(err.contains("by faults (PROGRAM EXITED"), "{err}");
    assert!(!dir.join("runs/broken/generations.csv").exists());
}
