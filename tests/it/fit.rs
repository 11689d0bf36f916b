//! `tuner fit`: the leaf fitted to games, as a user runs it.

use crate::{run_ok, scratch, tuner};

#[test]
fn a_fit_reports_every_auction_draws_its_picture_and_repeats_to_the_byte() {
    let dir = scratch("fit");
    let run = |threads: &str, png: &str| {
        let mut cmd = tuner();
        cmd.args([
            "fit",
            "--genome",
            "params/default.toml",
            "--vs",
            "dp",
            "--games",
            "250",
        ])
        .args(["--seed", "5", "--quiet", "--threads", threads, "--plot"])
        .arg(dir.join(png));
        let text = String::from_utf8(run_ok(&mut cmd).stdout).unwrap();
        // All but the last line, which names the picture.
        let (report, last) = text.trim_end().rsplit_once('\n').unwrap();
        assert!(last.ends_with(png), "{last}");
        report.to_string()
    };
    let one = run("1", "one.png");
    assert_eq!(
        one,
        run("2", "two.png"),
        "the same seed on any thread count"
    );
    // 250 games × 11 auctions, 50 games of each auction held out.
    assert!(
        one.starts_with("2750 positions between rounds from 250 games against dp"),
        "{one}"
    );
    for auction in 2..=12 {
        let row = one
            .lines()
            .find(|l| l.starts_with(&format!("{auction} ")))
            .unwrap();
        // The default genome settles auction 12 exactly: marked, and
        // left out of the totals.
        let cells: Vec<&str> = row.split_whitespace().collect();
        let held = match auction {
            12 => (cells[1], cells[2]) == ("ex", "50"),
            _ => cells[1] == "50",
        };
        assert!(held, "{row}");
    }
    assert!(
        one.contains("ex: today's leaf there is the last auction exactly"),
        "{one}"
    );
    assert!(one.contains("all held-out positions: log loss"), "{one}");
    for line in one.lines() {
        assert!(line.chars().count() <= 100, "{line}");
    }
    let png = std::fs::read(dir.join("one.png")).unwrap();
    assert_eq!(&png[1..4], b"PNG");
}

#[test]
fn a_bad_opponent_or_genome_is_an_error_before_any_game() {
    let dir = scratch("fit-bad");
    let png = dir.join("never.png");
    for (flag, value, says) in [
        ("--vs", "dq", "--vs dq"),
        ("--genome", "params/nothing.toml", "params/nothing.toml"),
    ] {
        let out = tuner()
            .args(["fit", flag, value, "--games", "250", "--quiet", "--plot"])
            .arg(&png)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{err}");
        assert!(err.contains(says), "{err}");
        assert!(out.stdout.is_empty() && !png.exists());
    }
}
