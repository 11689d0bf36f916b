//! `tuner analyse`: a match split into luck and skill, as a user runs it.

use crate::{run_ok, scratch, tuner};
use std::process::Command;

/// `tuner analyse --p1 builtin:dp --p2 P2 --games N --quiet`, then `more`.
fn analyse(p2: &str, games: &str, more: &[&str]) -> Command {
    let mut cmd = tuner();
    cmd.args([
        "analyse",
        "--p1",
        "builtin:dp",
        "--p2",
        p2,
        "--games",
        games,
        "--quiet",
    ])
    .args(more);
    cmd
}

#[test]
fn a_sample_ais_decisions_cost_far_more_than_dps_and_the_json_says_so() {
    let dir = scratch("analyse-json");
    let (json, plot) = (dir.join("a.json"), dir.join("game.png"));
    let mut cmd = analyse("builtin:sample:6", "6", &["--seed", "3", "--worst", "4"]);
    cmd.arg("--json").arg(&json).arg("--plot").arg(&plot);
    let out = run_ok(cmd.args(["--game", "2"]));
    let text = String::from_utf8_lossy(&out.stdout);
    for line in text.lines() {
        let width = line.chars().count();
        assert!(width <= 100, "{width} columns: {line}");
    }
    assert!(text.contains("the 4 costliest decisions"), "{text}");
    let a: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(a["games"], 6);
    assert_eq!(a["per_game"].as_array().unwrap().len(), 6);
    assert_eq!(a["worst"].as_array().unwrap().len(), 4);
    let cost = |p: &str| {
        a[p]["put_cost"]["mean"].as_f64().unwrap() + a[p]["bid_cost"]["mean"].as_f64().unwrap()
    };
    assert!(cost("p2") > 10.0 * cost("p1") && cost("p2") > 0.1, "{a}");
    // The luck of the two players is one figure with two signs.
    let luck = |p: &str| a[p]["luck"]["mean"].as_f64().unwrap();
    assert!((luck("p1") + luck("p2")).abs() < 1e-12);
    assert_eq!(a["p2"]["by_round"].as_array().unwrap().len(), 13);
    let png = std::fs::read(&plot).unwrap();
    assert_eq!(&png[1..4], b"PNG");
}

#[test]
fn same_seed_same_analysis_and_bad_input_is_refused_before_any_game() {
    let dir = scratch("analyse-same");
    // Either judge: the same bytes on one thread and on two.
    let json = |judge: &str, jobs: &str| dir.join(format!("{judge}-{jobs}.json"));
    for judge in ["value", "rollouts"] {
        for jobs in ["1", "2"] {
            let more = [
                "--jobs",
                jobs,
                "--judge",
                judge,
                "--futures",
                "50",
                "--json",
            ];
            run_ok(analyse("builtin:dp:noise=0.3", "4", &more).arg(json(judge, jobs)));
        }
        let read = |jobs| std::fs::read_to_string(json(judge, jobs)).unwrap();
        assert_eq!(read("1"), read("2"));
    }
    let judged = |judge| -> serde_json::Value {
        serde_json::from_str(&std::fs::read_to_string(json(judge, "1")).unwrap()).unwrap()
    };
    let (value, rolled) = (judged("value"), judged("rollouts"));
    assert_eq!(value["judge"], "the exact value model");
    assert_eq!(rolled["judge"], "50 rollouts a decision");
    // The luck is the meter's whichever judge prices the decisions.
    assert_eq!(value["p1"]["luck"], rolled["p1"]["luck"]);
    assert_ne!(value["p1"]["bid_cost"], rolled["p1"]["bid_cost"]);
    let refused = |mut cmd: Command, says: &str| {
        let out = cmd.output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success() && err.contains(says), "{err}");
    };
    refused(analyse("builtin:nobody", "2", &[]), "nobody");
    refused(
        analyse("builtin:dp", "2", &["--plot", "x.png", "--game", "3"]),
        "--game 3",
    );
    refused(analyse("./no-such-program", "2", &[]), "no-such-program");
}
