//! `tuner tournament`.

use crate::{run_ok, scratch, tuner};

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
            "crash=sh -c 'read l; exit 1'",
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
