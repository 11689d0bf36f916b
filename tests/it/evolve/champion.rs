//! A run against the champion: its verdicts, what each change is worth,
//! `params/best.toml` kept or replaced, files not overwritten without
//! `--force`.

use crate::{Folders, repo, run_ok, scratch, tuner};
use std::path::Path;
use std::process::Command;

/// A run from params/default.toml against a copy of `incumbent` as the
/// params folder's best.toml: (params folder, the command).
fn incumbent_run(
    dir: &Path,
    name: &str,
    incumbent: &str,
    seed: u64,
    validation_games: u64,
    install: bool,
) -> (std::path::PathBuf, Command) {
    let params = dir.join(format!("params-{name}"));
    std::fs::create_dir_all(&params).unwrap();
    std::fs::write(params.join("best.toml"), incumbent).unwrap();
    let suite = dir.join("suite.toml");
    std::fs::write(
        &suite,
        "[[opponent]]\nspec = \"sample:6\"\n[[opponent]]\nspec = \"sample:9\"\n",
    )
    .unwrap();
    let mut cmd = tuner();
    cmd.arg("evolve");
    if install {
        cmd.arg("--install");
    }
    cmd.args(["--quiet", "--generations", "1", "--population", "3"])
        .args(["--games", "4", "--validate-top", "1", "--name", name])
        .args(["--seed", &seed.to_string()])
        .args(["--validation-games", &validation_games.to_string()])
        .arg("--suite")
        .arg(&suite)
        .arg("--init")
        .arg(repo("params/default.toml"))
        .folders(dir, &params);
    (params, cmd)
}

/// [`incumbent_run`], run to success; returns (params folder, run folder,
/// stdout).
pub(super) fn against_incumbent(
    dir: &Path,
    name: &str,
    incumbent: &str,
    seed: u64,
    validation_games: u64,
    install: bool,
) -> (std::path::PathBuf, std::path::PathBuf, String) {
    let (params, mut cmd) = incumbent_run(dir, name, incumbent, seed, validation_games, install);
    let out = run_ok(&mut cmd);
    // The summary's words, whatever lines they were wrapped into.
    let words: Vec<&str> = std::str::from_utf8(&out.stdout)
        .unwrap()
        .split_whitespace()
        .collect();
    (params, dir.join("runs").join(name), words.join(" "))
}

#[test]
fn a_champion_played_otherwise_than_its_file_says_is_not_replaced() {
    let dir = scratch("evolve-otherwise");
    // A weak champion whose last two bids are by rollouts: the run (no
    // --rollouts) plays them by the tables, so its verdicts are not about
    // the champion as it plays, and --install refuses after the summary.
    let weak = "prio_yacht = -15\nprio_choice = 15\nprio_one = 15\nbid_cap = 0\n\
                future_weight = 0.5\nwp_bid_auctions = 2\n";
    let (params, mut cmd) = incumbent_run(&dir, "otherwise", weak, 1, 400, true);
    let out = cmd.output().unwrap();
    // The summary's words, whatever lines they were wrapped into.
    let words: Vec<&str> = std::str::from_utf8(&out.stdout)
        .unwrap()
        .split_whitespace()
        .collect();
    let stderr = String::from_utf8_lossy(&out.stderr);
    let stderr = stderr.split_whitespace().collect::<Vec<_>>().join(" ");
    let stdout = words.join(" ");
    assert!(!out.status.success(), "{stdout}");
    assert!(
        stdout.starts_with(
            "run otherwise: NOT INSTALLED (the verdicts allow it, but saw the champion played otherwise"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains("note: the champion was played as this run plays"),
        "{stdout}"
    );
    assert!(
        stderr.contains("saw the champion played otherwise than the file says"),
        "{stderr}"
    );
    assert_eq!(
        std::fs::read_to_string(params.join("best.toml")).unwrap(),
        weak
    );
    assert!(!params.join("history").exists());
}

/// An installable winner's validation measured what each change from the
/// champion is worth (validation.json), and its summary shows it by the
/// changed genes.
fn measured_each_change(out: &str, run: &Path) {
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(run.join("validation.json")).unwrap())
            .unwrap();
    let worth = v["worth"].as_array().expect("measured");
    let genes: Vec<&str> = worth.iter().map(|w| w["gene"].as_str().unwrap()).collect();
    assert!(
        genes.contains(&"prio_yacht") && genes.contains(&"future_weight"),
        "{genes:?}"
    );
    for w in worth {
        assert_ne!(w["from"], w["to"], "{w}");
        assert!(
            w["worth"]["games_per_opponent"].as_u64().unwrap() > 0,
            "{w}"
        );
    }
    // The summary's words, a space apart: the gene's line carries its worth.
    let at = out.find("prio_yacht -15.00 → ").expect("listed");
    let line: String = out[at..].chars().take(60).collect();
    assert!(line.contains(" worth "), "{out}");
    assert!(out.contains("a copy with that gene put back"), "{out}");
}

/// A summary's hints work as typed (this tuner is no `tuner` on the PATH:
/// `cargo run --release -- install …`), and one shows each change's worth
/// against the champion in `params`.
fn says_how_to_go_on(out: &str, params: &Path) {
    let worth = params.join("best.toml").display().to_string();
    let worth = format!("--baseline {worth} --put-back");
    let hints = [
        "cargo run",
        " -- install ",
        "genes changed from the champion",
        &worth,
    ];
    // A long hint is broken with shell continuations: read it whole.
    let words = out.split_whitespace().filter(|w| *w != "\\");
    let whole = words.collect::<Vec<_>>().join(" ");
    assert!(hints.iter().all(|h| whole.contains(h)), "{out}");
}

#[test]
fn params_best_survives_tiny_validations_and_is_kept_when_replaced() {
    let dir = scratch("evolve-protect");
    let best = std::fs::read_to_string(repo("params/best.toml")).unwrap();
    // A handful of validation games never replaces it, whatever the seed,
    // even when asked to.
    for seed in 0..10 {
        let name = format!("tiny-{seed}");
        let (params, _, out) = against_incumbent(&dir, &name, &best, seed, 2, true);
        assert_eq!(
            std::fs::read_to_string(params.join("best.toml")).unwrap(),
            best
        );
        assert!(!params.join("history").exists());
        assert!(
            out.contains("NOT INSTALLED — training suite: not shown better"),
            "{out}"
        );
        assert!(out.contains("too few to replace it"), "{out}");
    }
    // A clearly weaker incumbent: beaten, but without --install it stays,
    // byte for byte; the summary says how to install.
    let weak = "prio_yacht = -15\nprio_choice = 15\nprio_one = 15\nbid_cap = 0\n\
                future_weight = 0.5\n";
    let (params, run, out) = against_incumbent(&dir, "weak", weak, 1, 400, false);
    assert_eq!(
        std::fs::read_to_string(params.join("best.toml")).unwrap(),
        weak
    );
    assert!(!params.join("history").exists());
    assert!(
        out.starts_with(
            "run weak: NOT INSTALLED (no --install; the verdicts allow it) — training suite: better"
        ),
        "{out}"
    );
    says_how_to_go_on(&out, &params);
    measured_each_change(&out, &run);
    names_the_winners_two_figures(&out, &run);
    // `tuner install` does it, keeping the old one in history/, and draws
    // the run's plot again (its banner says installed).
    let plot = dir.join("plots").join("weak-fitness.png");
    std::fs::remove_file(&plot).unwrap();
    let said = run_ok(tuner().arg("install").arg(&run));
    let said = String::from_utf8_lossy(&said.stdout);
    assert!(said.contains("previous champion kept as"), "{said}");
    assert!(plot.exists() && said.contains("redrew"), "{said}");
    let history: Vec<_> = std::fs::read_dir(params.join("history"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(history.len(), 1);
    assert_eq!(std::fs::read_to_string(&history[0]).unwrap(), weak);
    assert_eq!(
        std::fs::read_to_string(params.join("best.toml")).unwrap(),
        std::fs::read_to_string(run.join("best.toml")).unwrap()
    );
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(run.join("validation.json")).unwrap())
            .unwrap();
    assert!(
        v["comparison"]["test"]["z"].as_f64().unwrap() > 1.6449,
        "{v}"
    );
    assert_eq!(v["installed"], true);
    // Installing again, or a verdict about a champion since replaced, is
    // refused and changes nothing.
    let now = std::fs::read(params.join("best.toml")).unwrap();
    let again = tuner().arg("install").arg(&run).output().unwrap();
    assert!(!again.status.success());
    assert!(String::from_utf8_lossy(&again.stderr).contains("already installed"));
    let (other_params, other, _) = against_incumbent(&dir, "other", weak, 2, 40, false);
    std::fs::write(other_params.join("best.toml"), &now).unwrap();
    let stale = tuner().arg("install").arg(&other).output().unwrap();
    let err = String::from_utf8_lossy(&stale.stderr);
    assert!(
        !stale.status.success() && err.contains("has changed since"),
        "{err}"
    );
    assert_eq!(std::fs::read(other_params.join("best.toml")).unwrap(), now);
    // With --install the run does it itself.
    let (params, _, out) = against_incumbent(&dir, "weak-installed", weak, 1, 400, true);
    assert!(
        out.starts_with("run weak-installed: INSTALLED as "),
        "{out}"
    );
    assert!(params.join("history").exists());
}

#[test]
fn new_genome_and_export_refuse_to_overwrite_without_force() {
    let dir = scratch("no-overwrite");
    let file = dir.join("g.toml");
    // export writes a .rs file.
    let source = dir.join("g.rs");
    for (args, file) in [(["new-genome", "-o"], &file), (["export", "-o"], &source)] {
        std::fs::write(file, "precious\n").unwrap();
        let out = tuner().args(args).arg(file).output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            !out.status.success() && err.contains("give --force"),
            "{err}"
        );
        assert_eq!(std::fs::read_to_string(file).unwrap(), "precious\n");
    }
    run_ok(tuner().args(["new-genome", "--force", "-o"]).arg(&file));
    let written = std::fs::read_to_string(&file).unwrap();
    assert!(written.contains("bid_scale = 1.0"));
    // params/default.toml is exactly this file: every gene documented.
    assert_eq!(
        written,
        std::fs::read_to_string(repo("params/default.toml")).unwrap()
    );
}

/// The summary names which of the winner's two fitness figures is which,
/// and `tuner runs` shows the one on validation dice.
fn names_the_winners_two_figures(summary: &str, run: &Path) {
    let text = std::fs::read_to_string(run.join("validation.json")).unwrap();
    let v: serde_json::Value = serde_json::from_str(&text).unwrap();
    let picked = v["winner"]["fitness"].as_f64().unwrap();
    let fresh = v["comparison"]["winner_fitness"].as_f64().unwrap();
    let said = format!(
        "the winner's fitness: {picked:.4} on the validation dice it was picked on (`tuner runs` \
         shows it: valid.); {fresh:.4} on fresh dice beside the champion"
    );
    assert!(summary.contains(&said), "{summary}");
    let listing = run_ok(
        tuner()
            .args(["runs", "--width", "200", "--runs-dir"])
            .arg(run.parent().unwrap()),
    );
    let listing = String::from_utf8_lossy(&listing.stdout);
    let name = format!("{} ", run.file_name().unwrap().to_str().unwrap());
    let line = listing.lines().find(|l| l.starts_with(&name)).unwrap();
    assert!(line.contains(&format!(" {picked:.4} ")), "{listing}");
    assert!(
        listing.contains("valid.: the winner's fitness on the validation dice"),
        "{listing}"
    );
}
