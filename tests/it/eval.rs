//! `tuner eval`: the same results on any thread count and through a
//! program, paired differences from a baseline, what each change is worth.

use crate::{run_ok, scratch, tuner};

#[test]
fn eval_json_is_identical_on_one_and_two_threads() {
    let dir = scratch("eval-threads");
    // Decisions by win probability too: their futures are seeded by the
    // position, not by a thread.
    let genome = dir.join("wp.toml");
    let genes = "wp_bid_auctions = 4.0\nwp_put_auctions = 2.0\nwp_rollouts = 60.0\n";
    std::fs::write(&genome, genes).unwrap();
    let mut outs = vec![];
    for t in ["1", "2"] {
        let json = dir.join(format!("t{t}.json"));
        run_ok(
            tuner()
                .args(["eval", "--genome"])
                .arg(&genome)
                .args([
                    "--vs",
                    "sample:6",
                    "--vs",
                    "greedy",
                    "--vs",
                    "sample:2",
                    "--games",
                    "60",
                    "--seed",
                    "3",
                    "--threads",
                    t,
                    "--json",
                ])
                .arg(&json),
        );
        outs.push(std::fs::read(&json).unwrap());
    }
    assert_eq!(outs[0], outs[1]);
    let v: serde_json::Value = serde_json::from_slice(&outs[0]).unwrap();
    assert_eq!(v["opponents"].as_array().unwrap().len(), 3);
    assert_eq!(v["opponents"][0]["games"], 60);
    // The fitness is the luck-adjusted win rate: the mean of the
    // opponents' adjusted rates (weights 1).
    let opponents = v["opponents"].as_array().unwrap();
    let rates: Vec<f64> = opponents
        .iter()
        .map(|o| o["adjusted"]["rate"].as_f64().unwrap())
        .collect();
    let mean = rates.iter().sum::<f64>() / 3.0;
    assert!((v["fitness"].as_f64().unwrap() - mean).abs() < 1e-12, "{v}");
    assert_eq!(v["fitness_kind"], "adjusted");
}

#[test]
fn luck_adjusted_results_are_the_same_in_process_and_through_a_program() {
    // The referee measures the luck from what it sees of both seats, so a
    // built-in and the same player behind the protocol get the same
    // adjusted figures, and the adjustment moved them off the plain rate.
    let dir = scratch("eval-luck");
    let exe = env!("CARGO_BIN_EXE_tuner");
    let mut seen = vec![];
    for player in ["dp".to_string(), format!("{exe} play dp")] {
        let json = dir.join(format!("{}.json", seen.len()));
        run_ok(
            tuner()
                .args(["eval", "--player", &player, "--vs", "sample:7"])
                .args(["--vs", "dp:noise=0.2", "--games", "8", "--seed", "4"])
                .args(["--quiet", "--json"])
                .arg(&json),
        );
        let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
        let each = v["opponents"].as_array().unwrap();
        let adjusted: Vec<_> = each.iter().map(|o| o["adjusted"].clone()).collect();
        let plain: Vec<_> = each.iter().map(|o| o["win_rate"].clone()).collect();
        seen.push((v["fitness"].clone(), adjusted, plain));
    }
    assert_eq!(seen[0], seen[1]);
    let (_, adjusted, plain) = &seen[0];
    assert!(
        adjusted.iter().zip(plain).any(|(a, p)| a["rate"] != *p),
        "{adjusted:?} {plain:?}"
    );
}

#[test]
fn eval_baseline_shows_paired_differences_on_the_same_deals() {
    let dir = scratch("eval-baseline");
    let json = dir.join("e.json");
    let out = run_ok(
        tuner()
            .args(["eval", "--genome"])
            .arg(crate::repo("params/default.toml"))
            .args(["--baseline", "dp", "--baseline", "greedy"])
            .args(["--vs", "sample:6", "--vs", "greedy", "--games", "40"])
            .args(["--seed", "5", "--quiet", "--json"])
            .arg(&json),
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    for name in ["dp", "greedy"] {
        let title = format!("against the baseline {name} on the same deals");
        assert!(text.contains(&title), "{text}");
    }
    // The default genome makes dp's moves: game for game the same results,
    // so every difference is 0 with no spread, not worse against both.
    assert!(
        text.contains(
            "not worse by more than 1 point (one-sided, 95 %: z with the point added > 1.645): \
             against 2 of 2\n"
        ),
        "{text}"
    );
    let [dp, greedy] = [0, 1].map(|k| &v["baselines"][k]);
    assert_eq!(dp["player"], "dp");
    for row in dp["opponents"].as_array().unwrap() {
        assert_eq!(row["difference"], 0.0, "{row}");
        assert_eq!(row["std_error"], 0.0, "{row}");
        assert_eq!(row["games_per_opponent"], 40);
    }
    // Against greedy, the differences are the two players' scores apart,
    // opponent by opponent.
    assert_eq!(greedy["player"], "greedy");
    let own = v["opponents"].as_array().unwrap();
    for (row, own) in greedy["opponents"].as_array().unwrap().iter().zip(own) {
        let diff = own["score"].as_f64().unwrap() - row["baseline_score"].as_f64().unwrap();
        assert!(
            (row["difference"].as_f64().unwrap() - diff).abs() < 1e-9,
            "{row}"
        );
    }
    assert!(
        greedy["opponents"][1]["difference"].as_f64().unwrap() > 0.2,
        "{greedy}"
    );
    // A baseline that names nothing is an error before any game.
    let out = tuner()
        .args([
            "eval",
            "--player",
            "greedy",
            "--baseline",
            "no-such.toml",
            "--vs",
            "greedy",
        ])
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--baseline no-such.toml"));
}

#[test]
fn eval_put_back_shows_what_each_change_is_worth() {
    let dir = scratch("eval-put-back");
    let default = std::fs::read_to_string(crate::repo("params/default.toml")).unwrap();
    // One change that acts (the bid doubled) and one that does not (the
    // bonus chase, with upper_weight 0).
    let candidate = dir.join("candidate.toml");
    let text = default
        .replace("\nbid_scale = 1.0\n", "\nbid_scale = 2.0\n")
        .replace("\nbonus_chase = 10.0\n", "\nbonus_chase = 20.0\n");
    assert_ne!(text, default);
    std::fs::write(&candidate, text).unwrap();
    let json = dir.join("e.json");
    let out = run_ok(
        tuner()
            .args(["eval", "--put-back", "--genome"])
            .arg(&candidate)
            .arg("--baseline")
            .arg(crate::repo("params/default.toml"))
            .args([
                "--vs", "sample:6", "--games", "40", "--seed", "5", "--quiet", "--json",
            ])
            .arg(&json),
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("what each change is worth"), "{text}");
    assert!(text.contains("bid_scale"), "{text}");
    assert!(
        text.contains("not acting in the candidate (their mechanism does not run): bonus_chase"),
        "{text}"
    );
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let baselines = v["baselines"].as_array().unwrap();
    assert_eq!(baselines.len(), 2, "the baseline and one put-back copy");
    assert_eq!(baselines[1]["player"], "bid_scale put back");
    // With the one acting change put back the copy plays as the baseline:
    // the change is worth all of the difference, game for game.
    let rows = |k: usize| baselines[k]["opponents"][0].clone();
    assert_eq!(rows(0)["difference"], rows(1)["difference"]);
    assert_eq!(rows(0)["std_error"], rows(1)["std_error"]);
    assert_ne!(rows(0)["difference"], 0.0, "doubling the bid changes games");
    // Only against one genome baseline.
    for baseline in [
        &["dp"][..],
        &["params/default.toml", "params/default.toml"][..],
    ] {
        let mut c = tuner();
        c.args(["eval", "--put-back", "--genome"]).arg(&candidate);
        for b in baseline {
            c.args(["--baseline", b]);
        }
        let out = c.args(["--vs", "greedy", "--games", "2"]).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{baseline:?}: {err}");
        assert!(err.contains("--put-back"), "{baseline:?}: {err}");
    }
}
