//! `tuner analyse`: a match split into luck and skill, as a user runs it.

use crate::{run_ok, scratch, tuner};

#[test]
fn a_sample_ais_decisions_cost_far_more_than_dps_and_the_json_says_so() {
    let dir = scratch("analyse-json");
    let json = dir.join("a.json");
    let plot = dir.join("game.png");
    let out = run_ok(
        tuner()
            .args([
                "analyse",
                "--p1",
                "builtin:dp",
                "--p2",
                "builtin:sample:6",
                "--games",
                "6",
                "--seed",
                "3",
                "--worst",
                "4",
                "--quiet",
                "--json",
            ])
            .arg(&json)
            .arg("--plot")
            .arg(&plot)
            .args(["--game", "2"]),
    );
    let text = String::from_utf8_lossy(&out.stdout);
    for line in text.lines() {
        assert!(
            line.chars().count() <= 100,
            "{} columns: {line}",
            line.chars().count()
        );
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
    let json = |k: u32| dir.join(format!("{k}.json"));
    for (k, jobs) in [(1, "1"), (2, "2")] {
        run_ok(
            tuner()
                .args([
                    "analyse",
                    "--p1",
                    "builtin:dp",
                    "--p2",
                    "builtin:dp:noise=0.3",
                    "--games",
                    "4",
                    "--quiet",
                    "--jobs",
                    jobs,
                    "--json",
                ])
                .arg(json(k)),
        );
    }
    assert_eq!(
        std::fs::read(json(1)).unwrap(),
        std::fs::read(json(2)).unwrap()
    );
    let refused = |args: &[&str], says: &str| {
        let out = tuner().arg("analyse").args(args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success() && err.contains(says), "{err}");
    };
    refused(&["--p1", "builtin:dp", "--p2", "builtin:nobody"], "nobody");
    refused(
        &[
            "--p1",
            "builtin:dp",
            "--p2",
            "builtin:dp",
            "--games",
            "2",
            "--plot",
            "x.png",
            "--game",
            "3",
        ],
        "--game 3",
    );
    refused(
        &["--p1", "builtin:dp", "--p2", "./no-such-program"],
        "no-such-program",
    );
}
