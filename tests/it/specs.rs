//! One player grammar in every command: a name that resolves to nothing, a
//! bad genome file or a program that cannot start is an error naming it,
//! with a non-zero exit, before any game.

use crate::{repo, run_ok, scratch, tuner};
use std::path::Path;

/// Each way a command takes a player, with `player` in it.
fn commands(player: &str, dir: &Path) -> Vec<Vec<String>> {
    let suite = dir.join(format!("suite-{}.toml", player.len()));
    let entry = if player.starts_with("sh ") || player.starts_with('/') || player == "foo" {
        format!("[[opponent]]\ncommand = {player:?}\n")
    } else {
        format!("[[opponent]]\nspec = {player:?}\n")
    };
    std::fs::write(&suite, entry).unwrap();
    let s = |v: &[&str]| v.iter().map(|x| x.to_string()).collect::<Vec<_>>();
    let mut cmds = vec![
        s(&["eval", "--games", "2", "--player", player, "--vs", "greedy"]),
        s(&["eval", "--games", "2", "--player", "greedy", "--vs", player]),
        s(&["eval", "--games", "2", "--player", "greedy", "--suite"]),
        s(&["match", "--seed", "1", "--p1", player, "--p2", "greedy"]),
        s(&[
            "tournament",
            "--deals",
            "1",
            "--entrant",
            "a=greedy",
            "--entrant",
        ]),
    ];
    cmds[2].push(suite.display().to_string());
    cmds[4].push(format!("b={player}"));
    if player.contains(':') {
        cmds.push(s(&["play", player]));
    }
    cmds
}

fn fails_with(args: &[String], wanted: &[&str]) {
    let out = tuner().args(args).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{args:?} succeeded");
    // Read as one text: a wrapped line breaks where a space was.
    let text = err.split_whitespace().collect::<Vec<_>>().join(" ");
    for w in wanted {
        assert!(text.contains(w), "{args:?}: no `{w}` in: {err}");
    }
    assert!(!err.contains("panicked"), "{args:?}: {err}");
    assert!(
        String::from_utf8_lossy(&out.stdout).trim().is_empty(),
        "{args:?} printed results"
    );
}

#[test]
fn unknown_names_bad_genomes_and_silent_programs_fail_every_command() {
    let dir = scratch("specs");
    let bad_genome = dir.join("bad.toml");
    std::fs::write(&bad_genome, "bid_scale = 1.0\nbid_cap = = 3\n").unwrap();
    let bad_genome = format!("genome:{}", bad_genome.display());
    let cases: Vec<(&str, Vec<&str>)> = vec![
        (
            "sample:11",
            vec!["there is no `sample:11`", "sample:1 … sample:10"],
        ),
        ("sample:0", vec!["there is no `sample:0`"]),
        (
            "sample:9Z",
            vec!["unknown built-in player `sample:9Z`", "sample:N"],
        ),
        ("dp:exct", vec!["did you mean `exact`?"]),
        ("combo:6A", vec!["unknown built-in player `combo:6A`"]),
        ("foo", vec!["no program `foo` exists", "greedy, sample:N"]),
        ("/nonexistent/bot", vec!["no program `/nonexistent/bot`"]),
        ("genome:nope.toml", vec!["nope.toml: cannot read"]),
        (&bad_genome, vec!["bad.toml:2", "not valid TOML"]),
        (
            "sh -c 'read l; echo NOPE'",
            vec!["did not answer READY with OK", "INVALID READY MESSAGE"],
        ),
    ];
    for (player, wanted) in &cases {
        for args in commands(player, &dir) {
            fails_with(&args, wanted);
        }
    }
    // A genome file given directly, to every command that takes one.
    let bad = dir.join("bad.toml").display().to_string();
    for args in [
        vec!["eval", "--genome", &bad],
        vec!["export", "--genome", &bad, "-o"],
        vec!["evolve", "--generations", "1", "--init", &bad],
    ] {
        let mut args: Vec<String> = args.iter().map(|x| x.to_string()).collect();
        if args[0] == "export" {
            args.push(dir.join("out.rs").display().to_string());
        }
        if args[0] == "evolve" {
            std::fs::create_dir_all(dir.join("runs")).unwrap();
            args.extend(["--runs-dir".into(), dir.join("runs").display().to_string()]);
        }
        fails_with(&args, &["bad.toml:2", "not valid TOML"]);
    }
    let made = std::fs::read_dir(dir.join("runs")).unwrap().count();
    assert_eq!(made, 0, "evolve made a run folder");
    // Opponents given twice over: refused, not one of them dropped.
    let both: Vec<String> = "eval --games 2 --player greedy --vs dp --suite params/suite.toml"
        .split(' ')
        .map(String::from)
        .collect();
    fails_with(
        &both,
        &["'--vs <VS>' cannot be used with '--suite <SUITE>'"],
    );
}

#[test]
fn a_built_in_name_means_the_same_in_every_command() {
    // `greedy` without `builtin:` is the built-in in `match` too.
    let dir = scratch("specs-same");
    let json = dir.join("m.json");
    run_ok(
        tuner()
            .args(["match", "--seed", "2", "--games", "2", "--p1", "greedy"])
            .args(["--p2", "builtin:sample:4D", "--json"])
            .arg(&json),
    );
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(v["p1"]["name"], "greedy");
    assert_eq!(v["p2"]["name"], "4D");
    assert_eq!(v["p1"]["faults"].as_array().unwrap().len(), 0);
    let suite = repo("params/suite.toml");
    let out = run_ok(
        tuner()
            .args(["eval", "--games", "2", "--player", "sample:6", "--suite"])
            .arg(&suite),
    );
    assert!(String::from_utf8_lossy(&out.stdout).contains("fitness"));
}

#[test]
fn outputs_into_missing_folders_or_onto_folders_are_refused() {
    let dir = scratch("outputs");
    let missing = dir.join("no-such-folder/x.json");
    let missing = missing.to_str().unwrap();
    for args in [
        vec![
            "eval", "--player", "greedy", "--games", "2", "--vs", "greedy", "--json", missing,
        ],
        vec![
            "match", "--p1", "greedy", "--p2", "greedy", "--seed", "1", "--log", missing,
        ],
        vec!["tournament", "--samples", "--deals", "1", "--csv", missing],
        vec!["new-genome", "-o", missing],
    ] {
        let out = tuner().args(&args).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            !out.status.success() && err.contains("does not exist"),
            "{args:?}: {err}"
        );
    }
    assert!(!dir.join("no-such-folder").exists());
    // export's -o is a .rs file or a folder: anything else is refused.
    for force in [false, true] {
        let mut cmd = tuner();
        cmd.args(["export", "-o"]).arg(dir.join("sub"));
        if force {
            cmd.arg("--force");
        }
        let out = cmd.output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            !out.status.success() && err.contains("ending in .rs"),
            "{err}"
        );
    }
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert!(left.is_empty(), "{left:?}");
}

#[test]
fn a_rollout_budget_outside_the_genes_range_is_refused_before_any_game() {
    for budget in ["10", "4001", "x"] {
        let out = tuner()
            .args(["evolve", "--generations", "1", "--rollouts", budget])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(!out.status.success(), "{budget}: {err}");
        assert!(err.contains("50 to 4000"), "{budget}: {err}");
        assert_eq!(out.status.code(), Some(2), "an argument error");
    }
}

#[test]
fn a_diversity_floor_wide_share_cmaes_step_or_first_spread_outside_its_range_is_refused_before_any_game()
 {
    let cases = [
        (
            "diversity-floor",
            &["-0.1", "1.5", "NaN", "x"][..],
            "0 (off) to 1",
        ),
        (
            "cmaes-sigma",
            &["0", "1.5", "x"][..],
            "above 0 and at most 1",
        ),
        (
            "wide-share",
            &["0", "1.5", "x"][..],
            "above 0 and at most 1",
        ),
        (
            "init-sigma",
            &["0", "-0.1", "1.5", "x"][..],
            "the first generation's spread",
        ),
        (
            "step-target",
            &["-0.1", "1", "NaN", "x"][..],
            "0 (fixed steps) to below 1",
        ),
        (
            "step-tolerance",
            &["-0.01", "1.5", "x"][..],
            "0 to 1 (0.01: one point)",
        ),
    ];
    for (flag, values, takes) in cases {
        for value in values {
            let out = tuner()
                .args(["evolve", "--generations", "1", "--optimizer", "cmaes"])
                .arg(format!("--{flag}={value}"))
                .output()
                .unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "--{flag}={value}: {err}");
            assert!(err.contains(takes), "--{flag}={value}: {err}");
        }
    }
}

#[test]
fn a_run_name_with_a_path_is_refused_and_install_of_nothing_names_no_flag() {
    for name in ["../escape", "a/b", "..", ".", ""] {
        let out = tuner()
            .args(["evolve", "--generations", "1", "--name", name])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{name:?}: {err}");
        assert!(
            err.contains("a run name is one folder name"),
            "{name:?}: {err}"
        );
    }
    let out = tuner().args(["install", "nope"]).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success() && err.contains("no run here"),
        "{err}"
    );
    assert!(!err.contains("--resume"), "install has no --resume: {err}");
}

#[test]
fn a_folder_that_takes_no_files_is_refused_before_any_game() {
    let dir = scratch("unwritable");
    for d in ["runs", "params"] {
        std::fs::create_dir_all(dir.join(d)).unwrap();
    }
    // /proc takes no new files, even for root.
    let out = tuner()
        .args([
            "evolve",
            "--generations",
            "1",
            "--name",
            "ro",
            "--plots-dir",
            "/proc",
        ])
        .arg("--runs-dir")
        .arg(dir.join("runs"))
        .arg("--params-dir")
        .arg(dir.join("params"))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{err}");
    assert!(err.contains("/proc takes no files (--plots-dir)"), "{err}");
    assert!(!dir.join("runs").join("ro").exists(), "no run folder");
}

#[test]
fn optbench_prints_a_row_per_optimizer_and_budget_and_draws_its_png() {
    let dir = scratch("optbench");
    let png = dir.join("o.png");
    let run = |threads: &str| {
        let out = run_ok(
            tuner()
                .args(["optbench", "--generations", "8", "--landscapes", "3"])
                .args(["--threads", threads, "-o"])
                .arg(&png),
        );
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        // The table, without the line that gives the time taken.
        text.lines()
            .filter(|l| !l.contains(" s") || l.starts_with("optimizer"))
            .map(String::from)
            .collect::<Vec<_>>()
    };
    let lines = run("1");
    assert_eq!(lines, run("2"), "independent of threads");
    let rows: Vec<&String> = lines
        .iter()
        .filter(|l| {
            ["ga ", "cmaes ", "random "]
                .iter()
                .any(|k| l.starts_with(k))
        })
        .collect();
    // Budgets 2, 4 and 8 generations for each of the three optimisers.
    assert_eq!(rows.len(), 9, "{lines:#?}");
    assert!(rows[2].split_whitespace().nth(1) == Some("8"), "{lines:#?}");
    assert!(std::fs::metadata(&png).unwrap().len() > 10_000);
}

#[test]
fn optbench_freezes_genes_listed_as_evolve_lists_them() {
    let dir = scratch("optbench-freeze");
    let table = |freeze: &[&str]| {
        let mut c = tuner();
        c.args(["optbench", "--generations", "2", "--landscapes", "2"]);
        c.args(["--optimizer", "ga", "-o"]).arg(dir.join("o.png"));
        for f in freeze {
            c.args(["--freeze", f]);
        }
        let out = run_ok(&mut c);
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        text.lines()
            .filter(|l| l.starts_with("ga "))
            .map(String::from)
            .collect::<Vec<_>>()
    };
    let listed = table(&["wp_*,bid_*"]);
    assert_eq!(listed, table(&["wp_*", "bid_*"]), "a list is its names");
    assert_ne!(listed, table(&[]), "freezing changes the search");
    let out = tuner()
        .args(["optbench", "--freeze", "prio_one,no_such_gene"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{err}");
    assert!(err.contains("no_such_gene"), "{err}");
}

#[test]
fn plot_to_a_folder_that_takes_no_files_says_so_in_a_line() {
    let out = tuner()
        .args(["plot"])
        .arg(repo("lab/runs/strength-7"))
        .args(["-o", "/proc/x.png"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{err}");
    assert!(err.lines().all(|l| l.chars().count() <= 100), "{err}");
    let err = err.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        err.starts_with("error: cannot write /proc/x.png: ")
            && err.contains("give a folder this user can write")
            && !err.contains("ImageError"),
        "{err}"
    );
}

#[test]
fn match_shows_two_programs_that_differ_in_their_arguments_by_their_whole_names() {
    let exe = env!("CARGO_BIN_EXE_tuner");
    let (p1, p2) = (format!("{exe} play greedy"), format!("{exe} play sample:1"));
    let out = tuner()
        .args(["match", "--seed", "1", "--games", "2", "--quiet", "--p1"])
        .arg(&p1)
        .arg("--p2")
        .arg(&p2)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{text}");
    for name in [&p1, &p2] {
        assert!(
            text.lines().any(|l| l.starts_with(name.as_str())),
            "{name}: {text}"
        );
    }
}
