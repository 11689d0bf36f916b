//! Errors as a user reads them: every line within 100 columns, a near
//! name offered for a misspelt gene, player or flag, bad input named for
//! what it is (a seed, a genome file's value, a file that is no genome).

use crate::{repo, scratch, tuner};

/// Runs `args`, which must fail: stderr's lines within 100 columns, each
/// of `wanted` in its words; nothing on stdout.
fn refused(args: &[&str], wanted: &[&str]) {
    let out = tuner().args(args).current_dir(repo("")).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{args:?} succeeded");
    for line in err.lines() {
        assert!(
            line.chars().count() <= 100,
            "{args:?}: a line of {}: {line}",
            line.len()
        );
    }
    // Read as one text: a wrapped line breaks where a space was.
    let text = err.split_whitespace().collect::<Vec<_>>().join(" ");
    for w in wanted {
        assert!(text.contains(w), "{args:?}: no `{w}` in:\n{err}");
    }
    assert!(out.stdout.is_empty(), "{args:?} printed results");
}

#[test]
fn errors_fit_100_columns_and_offer_the_name_meant() {
    let dir = scratch("errors");
    let runs = dir.to_str().unwrap();
    let best = "params/best.toml";
    refused(
        &[
            "evolve",
            "--freeze",
            "bid_scal",
            "--runs-dir",
            runs,
            "--plots-dir",
            runs,
        ],
        &[
            "did you mean `bid_scale`?",
            "(genes: prio_one,",
            "`tuner genes` lists them",
        ],
    );
    refused(
        &["eval", "--genome", best, "--vs", "dpp"],
        &["did you mean `dp`?"],
    );
    refused(
        &["eval", "--genome", best, "--vs", "sampel:4"],
        &["did you mean `sample:4`?", "the built-in players: greedy"],
    );
    refused(
        &["eval", "--genom", best],
        &["a similar argument exists: '--genome'"],
    );
    refused(
        &["eval", "--genome", best, "--games", "11"],
        &["11 is odd", "(e.g. 12)"],
    );
    // A committed run (no checkpoint), copied: its resume is refused.
    let run = dir.join("work-ga");
    std::fs::create_dir_all(&run).unwrap();
    for f in [
        "config.toml",
        "generations.csv",
        "best.toml",
        "validation.json",
    ] {
        std::fs::copy(repo("runs/work-ga").join(f), run.join(f)).unwrap();
    }
    let run = run.to_str().unwrap();
    refused(
        &["evolve", "--resume", run],
        &["no checkpoint.json", "Nothing was changed"],
    );
}

#[test]
fn bad_seeds_values_and_files_are_named() {
    let dir = scratch("errors-named");
    let best = "params/best.toml";
    refused(
        &["evolve", "--seed", "-1"],
        &[
            "`-1` is not a seed: a seed is a whole number from 0",
            "2^64 − 1",
        ],
    );
    refused(
        &["eval", "--genome", "params/suite.toml", "--vs", "dp"],
        &[
            "params/suite.toml: not a genome file: an opponent suite",
            "give it as --suite",
        ],
    );
    refused(
        &["eval", "--genome", "src/main.rs", "--vs", "dp"],
        &["src/main.rs: not a genome file: Rust source"],
    );
    let count = dir.join("count.toml");
    std::fs::write(&count, "bid_scale = 0.5\nwp_lookahead = 38.5\n").unwrap();
    let switch = dir.join("switch.toml");
    std::fs::write(&switch, "wp_fast = 0.3\n").unwrap();
    let (count, switch) = (count.to_str().unwrap(), switch.to_str().unwrap());
    refused(
        &["eval", "--genome", count, "--vs", "dp"],
        &[":2: field `wp_lookahead`: 38.5 is not a whole number"],
    );
    refused(
        &[
            "eval",
            "--genome",
            best,
            "--vs",
            &format!("genome:{switch}"),
        ],
        &[":1: field `wp_fast`: 0.3 is not on or off"],
    );
}
