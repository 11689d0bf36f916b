//! `tuner tournament`.

use crate::{repo, run_ok, scratch, tuner};

fn json(args: &[&str], out: &std::path::Path) -> serde_json::Value {
    run_ok(
        tuner()
            .arg("tournament")
            .args(args)
            .args(["--quiet", "--json"])
            .arg(out),
    );
    serde_json::from_str(&std::fs::read_to_string(out).unwrap()).unwrap()
}

#[test]
fn round_robin_is_deterministic_thread_independent_and_points_add_up() {
    let dir = scratch("tournament-rr");
    let args = [
        "--entrant",
        "g=greedy",
        "--entrant",
        "d=sample:6",
        "--entrant",
        "e=sample:7",
        "--entrant",
        "r=sample:3",
        "--deals",
        "10",
        "--seed",
        "4",
    ];
    let one = json(
        &[&args[..], &["--threads", "1"]].concat(),
        &dir.join("1.json"),
    );
    let two = json(
        &[&args[..], &["--threads", "2"]].concat(),
        &dir.join("2.json"),
    );
    assert_eq!(
        std::fs::read(dir.join("1.json")).unwrap(),
        std::fs::read(dir.join("2.json")).unwrap()
    );
    assert_eq!(one, two);
    // 6 pairs x 10 deals x 2 seats; every game hands out exactly one point.
    assert_eq!(one["games"], 120);
    let rows = one["standings"].as_array().unwrap();
    let points: f64 = rows.iter().map(|r| r["points"].as_f64().unwrap()).sum();
    assert_eq!(points, 120.0);
    assert!(rows.iter().all(|r| r["games"] == 60));
    let pair = |seed: &str, file: &str| {
        let args = [
            "--entrant",
            "g=greedy",
            "--entrant",
            "d=sample:6",
            "--deals",
            "10",
            "--seed",
            seed,
        ];
        json(&args, &dir.join(file))["standings"].clone()
    };
    assert_ne!(pair("5", "3.json"), pair("4", "4.json"));
    // The text table's "±" is the 95 % interval, as in the PNG: 1.96
    // standard errors of the rating in the JSON, and its title says so.
    let text = run_ok(
        tuner()
            .arg("tournament")
            .args(args)
            .args(["--threads", "2", "--png"])
            .arg(dir.join("t.png")),
    );
    let text = String::from_utf8_lossy(&text.stdout).into_owned();
    assert!(text.contains("rating ± 95%"), "{text}");
    // The leaderboard fits a terminal of 100 columns.
    let board = text.lines().take_while(|l| !l.is_empty());
    assert!(board.clone().count() > 2, "{text}");
    for line in board {
        assert!(line.chars().count() <= 100, "{line:?} is wider than 100");
    }
    for r in rows {
        let (rating, se) = (
            r["rating"].as_f64().unwrap(),
            r["rating_se"].as_f64().unwrap(),
        );
        let shown = format!("{:>4.0} ± {:<3.0}", rating, 1.96 * se.min(400.0));
        assert!(text.contains(&shown), "{shown:?} in {text}");
    }
}

#[test]
fn swiss_with_an_odd_field_counts_byes_and_a_crashing_program_loses_with_its_reason() {
    let dir = scratch("tournament-swiss");
    let v = json(
        &[
            "--format",
            "swiss",
            "--rounds",
            "3",
            "--deals",
            "2",
            "--entrant",
            "crash=sh -c 'read l; echo OK; read l; exit 1'",
            "--entrant",
            "a=sample:6",
            "--entrant",
            "b=greedy",
            "--entrant",
            "c=sample:9",
            "--entrant",
            "d=sample:2",
        ],
        &dir.join("s.json"),
    );
    let rows = v["standings"].as_array().unwrap();
    let crash = rows.iter().find(|r| r["name"] == "crash").unwrap();
    assert_eq!(crash["wins"], 0);
    assert!(crash["losses"].as_u64().unwrap() > 0);
    assert!(
        crash["faults"][0]
            .as_str()
            .unwrap()
            .contains("INVALID READY MESSAGE")
            || crash["faults"][0]
                .as_str()
                .unwrap()
                .contains("PROGRAM EXITED"),
        "{crash}"
    );
    // 5 entrants: 2 pairs a round (8 games) and one bye (worth 2 points).
    assert_eq!(v["games"], 24);
    let points: f64 = rows.iter().map(|r| r["points"].as_f64().unwrap()).sum();
    let byes: u64 = rows.iter().map(|r| r["byes"].as_u64().unwrap()).sum();
    assert_eq!(byes, 3);
    assert_eq!(points, 24.0 + 2.0 * byes as f64);
}

#[test]
fn ctrl_c_stops_between_games_and_keeps_the_standings() {
    use std::process::Stdio;
    use std::time::{Duration, Instant};
    let dir = scratch("tournament-interrupt");
    let out = dir.join("t.json");
    // Far more games than the test waits for (the genome bot plays about
    // 10 k games a second here; 110 000 of its games are scheduled).
    let mut child = tuner()
        .args(["tournament", "--samples", "--deals", "5000", "--quiet"])
        .arg("--entrant")
        .arg(format!(
            "best=genome:{}",
            repo("params/best.toml").display()
        ))
        .arg("--json")
        .arg(&out)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    std::thread::sleep(Duration::from_millis(2000));
    // SAFETY: kill(2) on our own child's pid; no memory is involved.
    unsafe {
        libc::kill(child.id() as i32, libc::SIGINT);
    }
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "no stop after SIGINT"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let result = child.wait_with_output().unwrap();
    let text = String::from_utf8_lossy(&result.stdout);
    assert_eq!(result.status.code(), Some(130), "{text}");
    assert!(
        text.contains("interrupted") && text.contains("rank entrant"),
        "{text}"
    );
    // Ten entrants: the leaderboard and the cross table within 100 columns.
    assert!(text.contains("cross table"), "{text}");
    for line in text.lines() {
        assert!(line.chars().count() <= 100, "{line:?} is wider than 100");
    }
    let table: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&out).unwrap()).unwrap();
    assert_eq!(table["interrupted"], true);
    let games: u64 = table["standings"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["games"].as_u64().unwrap())
        .sum();
    // Some games were played, and fewer than all (55 pairings × 10 000,
    // each game counted for both entrants).
    assert!(games > 0 && games < 2 * 550_000, "{games}");
}
