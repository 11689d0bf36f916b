//! `tuner runs`: the listing of a runs folder, its verdicts and its
//! older runs.

use super::*;

#[test]
fn runs_says_when_a_cheaper_winners_test_was_not_worse_and_did_not_conclude() {
    let dir = scratch("runs-budget");
    copy_run(&lab_run("fast-ga"), &dir);
    let out = run_ok(
        tuner()
            .args(["runs", "--width", "200", "--runs-dir"])
            .arg(dir.join("runs")),
    );
    let out = String::from_utf8_lossy(&out.stdout).into_owned();
    let line = out.lines().find(|l| l.starts_with("fast-ga ")).unwrap();
    assert!(
        line.contains("  not shown not worse, held out not worse  no "),
        "{out}"
    );
}

#[test]
fn runs_lists_older_runs_with_blanks_and_their_reasons_below() {
    let dir = scratch("runs-older");
    copy_run(&data("runs/strength-1"), &dir);
    for name in ["strength-4", "strength-7", "cmp-ga-1"] {
        copy_run(&lab_run(name), &dir);
    }
    let out = run_ok(
        tuner()
            .args(["runs", "--width", "200", "--runs-dir"])
            .arg(dir.join("runs")),
    );
    let out = String::from_utf8_lossy(&out.stdout).into_owned();
    let row = |name: &str| -> Vec<String> {
        let line = out.lines().find(|l| l.starts_with(name)).unwrap();
        line.split("  ")
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .map(String::from)
            .collect()
    };
    // Unreadable: nothing but its name and blanks, the reason below.
    assert_eq!(
        row("strength-1 ")[1..],
        ["-", "-", "-", "-", "unreadable (below)", "-", "-"]
    );
    assert!(
        out.contains("strength-1: ") && out.contains("config.toml line 72: not a valid run config"),
        "{out}"
    );
    // A validation.json of an older format: the run's figures, and the
    // words `tuner plot` uses.
    let four = row("strength-4 ");
    assert_eq!(four[1..4], ["-", "60", "16"], "{out}");
    assert!(
        four.contains(&"validated by an older version".to_string()),
        "{out}"
    );
    assert_eq!(row("strength-7 ")[6..8], ["better", "yes"], "{out}");
    // Tests that did not conclude say so, not that the winner is worse.
    assert_eq!(
        row("cmp-ga-1 ")[6..8],
        ["not shown better, held out not shown not worse", "no"],
        "{out}"
    );
    // On a terminal of 120 columns the table leaves out columns to fit,
    // and keeps every verdict whole.
    let narrow = run_ok(
        tuner()
            .args(["runs", "--width", "120", "--runs-dir"])
            .arg(dir.join("runs")),
    );
    let narrow = String::from_utf8_lossy(&narrow.stdout).into_owned();
    let widest = narrow
        .lines()
        .take(5)
        .map(|l| l.chars().count())
        .max()
        .unwrap();
    assert!(widest <= 120, "fits 120 columns: {narrow}");
    assert!(narrow.contains("not shown better, held out not shown not worse"));
}
