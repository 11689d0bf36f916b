//! A run's settings: extending and resuming every optimiser, genome
//! opponents, refusals before anything is written, frozen genes, the
//! budget and racing.

use super::champion::against_incumbent;
use super::*;

#[test]
fn two_runs_of_one_name_started_together_one_fails_at_once() {
    let dir = scratch("evolve-twice");
    let start = || {
        evolve(&dir, "same", "1", "3")
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::piped())
            .spawn()
            .unwrap()
    };
    let (a, b) = (start(), start());
    let outs = [a.wait_with_output().unwrap(), b.wait_with_output().unwrap()];
    let ok: Vec<bool> = outs.iter().map(|o| o.status.success()).collect();
    assert_eq!(ok.iter().filter(|x| **x).count(), 1, "{ok:?}");
    let failed = outs.iter().find(|o| !o.status.success()).unwrap();
    let err = String::from_utf8_lossy(&failed.stderr);
    assert!(
        err.contains("is in use by another tuner") || err.contains("already holds a run"),
        "{err}"
    );
    assert!(!dir.join("runs/same/lock").exists(), "the lock is removed");
}

#[test]
fn resume_with_more_generations_extends_to_the_longer_runs_result() {
    let dir = scratch("evolve-extend");
    run_ok(&mut evolve(&dir, "long", "2", "4"));
    run_ok(&mut evolve(&dir, "short", "2", "2"));
    let resume = |extra: &[&str]| {
        let mut c = tuner();
        c.args(["evolve", "--quiet", "--resume", "short"])
            .args(extra)
            .arg("--runs-dir")
            .arg(dir.join("runs"));
        c.output().unwrap()
    };
    // Other settings come from the run: giving them is refused.
    let out = resume(&["--generations", "4", "--population", "8"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success() && err.contains("cannot be used with"),
        "{err}"
    );
    // The search's flags too (one definition shared with optbench).
    let out = resume(&["--step-path", "0.5"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success() && err.contains("cannot be used with"),
        "{err}"
    );
    let out = resume(&["--generations", "1"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success() && err.contains("would shorten it"),
        "{err}"
    );
    let out = resume(&["--generations", "4"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(
        results(&dir.join("runs/long")),
        results(&dir.join("runs/short"))
    );
    let notes = std::fs::read_to_string(dir.join("runs/short/notes.txt")).unwrap();
    assert!(notes.contains("generations 2 → 4"), "{notes}");
}

#[test]
fn resuming_a_finished_run_keeps_its_validation_unless_told_to_play_it_again() {
    let dir = scratch("evolve-finished");
    run_ok(&mut evolve(&dir, "done", "2", "2"));
    let record = dir.join("runs/done/validation.json");
    let first = std::fs::read(&record).unwrap();
    let resume = |extra: &[&str]| {
        let mut c = tuner();
        c.args(["evolve", "--resume", "done"])
            .args(extra)
            .arg("--runs-dir")
            .arg(dir.join("runs"));
        run_ok(&mut c)
    };
    // Nothing to run and the champion unchanged: the record stands, no
    // game is played, and the summary is the same.
    let again = resume(&[]);
    let said = String::from_utf8_lossy(&again.stdout);
    let err = String::from_utf8_lossy(&again.stderr);
    assert!(said.contains("were validated before"), "{said}");
    assert!(!err.contains("validating the top"), "{err}");
    assert!(said.contains("INSTALLED"), "{said}");
    assert_eq!(std::fs::read(&record).unwrap(), first);
    // --revalidate plays it again, on the same dice: the same verdicts.
    let replayed = resume(&["--revalidate"]);
    let err = String::from_utf8_lossy(&replayed.stderr);
    assert!(err.contains("validating the top"), "{err}");
    let read = |b: &[u8]| -> serde_json::Value { serde_json::from_slice(b).unwrap() };
    let (mut a, mut b) = (read(&first), read(&std::fs::read(&record).unwrap()));
    for v in [&mut a, &mut b] {
        v.as_object_mut().unwrap().remove("seconds");
    }
    assert_eq!(a, b);
}

#[test]
fn cmaes_and_random_runs_resume_to_the_uninterrupted_result() {
    for kind in ["cmaes", "random"] {
        let dir = scratch(&format!("evolve-{kind}"));
        run_ok(evolve(&dir, "long", "2", "4").args(["--optimizer", kind]));
        run_ok(evolve(&dir, "short", "1", "2").args(["--optimizer", kind]));
        let config = std::fs::read_to_string(dir.join("runs/short/config.toml")).unwrap();
        assert!(
            config.contains(&format!("optimizer = \"{kind}\"")),
            "{config}"
        );
        // CMA-ES's first step is recorded with its runs, and only there.
        assert_eq!(
            config.contains("cmaes_sigma = 0.05\n"),
            kind == "cmaes",
            "{config}"
        );
        let checkpoint = std::fs::read_to_string(dir.join("runs/short/checkpoint.json")).unwrap();
        assert!(
            checkpoint.contains(&format!("\"kind\":\"{kind}\"")),
            "{kind}"
        );
        run_ok(
            tuner()
                .args([
                    "evolve",
                    "--quiet",
                    "--generations",
                    "4",
                    "--resume",
                    "short",
                ])
                .arg("--runs-dir")
                .arg(dir.join("runs")),
        );
        assert_eq!(
            results(&dir.join("runs/long")),
            results(&dir.join("runs/short")),
            "{kind}"
        );
        // Validation measured the optimiser's proposals.
        let v = std::fs::read_to_string(dir.join("runs/long/validation.json")).unwrap();
        assert!(v.contains("\"winner\""), "{kind}: {v}");
    }
}

#[test]
fn a_genome_opponent_is_played_as_it_was_when_the_run_started() {
    let dir = scratch("evolve-hall");
    let hall = dir.join("champion.toml");
    let suite = dir.join("hall-suite.toml");
    std::fs::write(
        &suite,
        format!(
            "[[opponent]]\nspec = \"sample:6\"\n[[opponent]]\nname = \"champion\"\nspec = \"genome:{}\"\n",
            hall.display()
        ),
    )
    .unwrap();
    let champion = "bid_scale = 0.7\nbid_best_response = 1\nprio_choice = -2\n";
    std::fs::write(&hall, champion).unwrap();
    run_ok(&mut evolve_against(&dir, "longer", "2", "3", &suite));
    run_ok(&mut evolve_against(&dir, "extended", "2", "2", &suite));
    let config = std::fs::read_to_string(dir.join("runs/extended/config.toml")).unwrap();
    assert!(
        config.contains("[suite.genes]\nprio_one = 0.0\n"),
        "{config}"
    );
    assert!(config.contains("bid_best_response = 1.0\n"), "{config}");
    // A new champion in the file changes nothing for the run under way.
    std::fs::write(&hall, "bid_scale = 0\nprio_yacht = 15\n").unwrap();
    let mut resume = tuner();
    resume
        .args([
            "evolve",
            "--quiet",
            "--resume",
            "extended",
            "--generations",
            "3",
        ])
        .arg("--runs-dir")
        .arg(dir.join("runs"));
    run_ok(&mut resume);
    assert_eq!(
        results(&dir.join("runs/longer")),
        results(&dir.join("runs/extended"))
    );
}

#[test]
fn nonsense_values_are_refused_before_anything_is_written() {
    let dir = scratch("evolve-nonsense");
    let runs = dir.join("runs");
    let runs = runs.to_str().unwrap();
    for args in [
        vec!["evolve", "--population", "0", "--runs-dir", runs],
        vec!["evolve", "--population", "4000000000", "--runs-dir", runs],
        vec!["evolve", "--games", "0", "--runs-dir", runs],
        vec!["evolve", "--generations", "0", "--runs-dir", runs],
        vec!["evolve", "--generations", "-3", "--runs-dir", runs],
        vec!["evolve", "--games", "3", "--runs-dir", runs],
        vec!["evolve", "--validation-games", "-2", "--runs-dir", runs],
        vec!["eval", "--player", "greedy", "--games", "1"],
        vec!["eval", "--player", "greedy", "--seed", "-1"],
        vec!["evolve", "--name", "", "--runs-dir", runs],
        vec!["evolve", "--threads", "0", "--runs-dir", runs],
        vec!["evolve", "--max-searches", "0", "--runs-dir", runs],
        vec![
            "eval",
            "--player",
            "greedy",
            "--games",
            "18446744073709551615",
        ],
        vec!["eval", "--player", "greedy", "--games", "0"],
        vec!["tournament", "--samples", "--deals", "0"],
        vec![
            "match", "--p1", "greedy", "--p2", "greedy", "--seed", "1", "--games", "0",
        ],
        vec![
            "match", "--p1", "greedy", "--p2", "greedy", "--seed", "1", "--jobs", "0",
        ],
        vec!["bench", "--seconds", "0"],
        vec!["bench", "--seconds", "NaN"],
        vec!["plot", "--width", "100000", "runs/late-ga"],
    ] {
        let out = tuner().args(&args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("invalid value") || err.contains("a value is required"),
            "{args:?}: {err}"
        );
        // The error names the option it is about.
        let option = args
            .iter()
            .rfind(|a| a.starts_with("--") && *a != &"--runs-dir");
        assert!(err.contains(option.unwrap()), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
    assert!(!dir.join("runs").exists());
}

#[test]
fn frozen_genes_keep_their_initial_values_and_a_bad_name_is_refused() {
    let dir = scratch("evolve-freeze");
    let run = dir.join("runs").join("frozen");
    run_ok(evolve(&dir, "frozen", "2", "3").args(["--freeze", "prio_*,bid_scale"]));
    let config = std::fs::read_to_string(run.join("config.toml")).unwrap();
    assert!(
        config.contains("frozen = [\"prio_*\", \"bid_scale\"]"),
        "{config}"
    );
    let cp: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(run.join("checkpoint.json")).unwrap())
            .unwrap();
    let genomes = cp["population"].as_array().unwrap();
    let mut moved = 0;
    for g in genomes
        .iter()
        .chain(cp["last_population"].as_array().unwrap())
    {
        assert_eq!(g["bid_scale"], 1.0);
        assert_eq!(g["prio_yacht"], 0.0);
        assert_eq!(g["prio_one"], 0.0);
        let free = [
            ("bid_opp_weight", 1.0),
            ("future_weight", 1.0),
            ("bid_offset", 0.0),
            ("bid_lead", 0.0),
            ("bid_follow", 0.0),
            ("zero_penalty", 0.0),
            ("upper_weight", 0.0),
        ];
        moved += free.iter().filter(|(n, v)| g[*n] != *v).count();
    }
    assert!(moved > 0, "the other genes evolve");
    let out = evolve(&dir, "typo", "2", "1")
        .args(["--freeze", "bid_scael"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("--freeze bid_scael: no gene of that name"),
        "{err}"
    );
    assert!(!dir.join("runs").join("typo").exists());
}

#[test]
fn win_probability_genes_are_kept_frozen_and_played_at_the_runs_budget() {
    let dir = scratch("evolve-wp");
    let suite = dir.join("suite.toml");
    std::fs::write(&suite, "[[opponent]]\nspec = \"greedy\"\n").unwrap();
    let init = dir.join("wp.toml");
    std::fs::write(&init, "wp_bid_auctions = 9.0\nwp_put_auctions = 2.0\n").unwrap();
    for (name, rollouts, note) in [
        (
            "off",
            "0",
            "win-probability decisions by rollouts are made by the tables",
        ),
        (
            "on",
            "50",
            "win-probability decisions by rollouts play 50 futures each",
        ),
    ] {
        let mut c = tuner();
        c.args([
            "evolve",
            "--generations",
            "1",
            "--population",
            "3",
            "--games",
            "4",
        ])
        .args([
            "--validation-games",
            "4",
            "--quiet",
            "--name",
            name,
            "--rollouts",
            rollouts,
        ])
        .arg("--suite")
        .arg(&suite)
        .arg("--init")
        .arg(&init)
        .folders(&dir, &dir.join(format!("params-{name}")));
        run_ok(&mut c);
        let run = dir.join("runs").join(name);
        let notes = std::fs::read_to_string(run.join("notes.txt")).unwrap();
        assert!(notes.contains(note), "{notes}");
        let cfg = std::fs::read_to_string(run.join("config.toml")).unwrap();
        assert!(cfg.contains(&format!("rollouts = {rollouts}")), "{cfg}");
        // The winner is written as the run played it: by the tables, or
        // at the run's futures (the population files keep the genes).
        let best = std::fs::read_to_string(run.join("best.toml")).unwrap();
        let played = match rollouts {
            "0" => ["wp_fast = true", "wp_rollouts = 1000"],
            _ => ["wp_fast = false", "wp_rollouts = 50"],
        };
        for line in played {
            assert!(best.lines().any(|l| l == line), "{line}: {best}");
        }
        let checkpoint = std::fs::read_to_string(run.join("checkpoint.json")).unwrap();
        assert!(
            checkpoint.contains("\"wp_rollouts\":1000.0"),
            "{checkpoint}"
        );
    }
}

#[test]
fn the_summary_says_when_the_champion_was_played_as_the_budget_plays_it() {
    let dir = scratch("evolve-budget-note");
    // A champion that asks bids by rollouts (wp_fast 0 by default).
    let asks = "wp_bid_auctions = 3.0\nwp_rollouts = 60.0\n";
    let (_, _, out) = against_incumbent(&dir, "budget", asks, 1, 4, false);
    assert!(
        out.contains("note: the champion was played as this run plays every genome: its decisions by rollouts were made by the tables"),
        "{out}"
    );
    // A champion that plays as its file says: no note.
    let (_, _, out) = against_incumbent(&dir, "plain", "bid_scale = 1.0\n", 1, 4, false);
    assert!(!out.contains("note: the champion"), "{out}");
}

#[test]
fn a_raced_generation_spends_the_flat_budget_and_ranks_the_survivors_first() {
    // Eight genomes × 8 games × 2 opponents (weights 1 and ½): flat, every
    // genome every game; by halving (the default) rungs of 8, 4, 2
    // genomes with about the same games in all, the survivors ranked
    // above the genomes that stopped.
    let dir = scratch("evolve-racing");
    let games = |name: &str, racing: &str| {
        let mut c = evolve_with(&dir, name, "2", "1", "8");
        run_ok(c.args(["--racing", racing]));
        let run = dir.join("runs").join(name);
        let config = std::fs::read_to_string(run.join("config.toml")).unwrap();
        assert!(
            config.contains(&format!("racing = \"{racing}\"")),
            "{config}"
        );
        assert!(config.contains("fitness = \"adjusted\""), "{config}");
        let csv = std::fs::read_to_string(run.join("generations.csv")).unwrap();
        let row: Vec<String> = csv
            .lines()
            .nth(1)
            .unwrap()
            .split(',')
            .map(String::from)
            .collect();
        (row[6].parse::<u64>().unwrap(), told(&run))
    };
    let (flat, told) = games("flat", "flat");
    assert_eq!(flat, 8 * 8 * 2);
    assert!(told.iter().all(|&f| f < 2.0), "{told:?}");
    let (raced, told) = games("raced", "halving");
    assert!(raced <= flat && raced * 10 >= flat * 8, "{raced} of {flat}");
    // Two genomes reached the third rung (ranked 2000 up), two stopped
    // after the second, four after the first.
    let rung = |k: f64| told.iter().filter(|&&f| (f / 1000.0).round() == k).count();
    assert_eq!((rung(0.0), rung(1.0), rung(2.0)), (4, 2, 2), "{told:?}");
}
