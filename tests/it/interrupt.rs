//! Ctrl-C stops every command cleanly: the games under way finish, the
//! results so far are shown as interrupted, no program is left running, and
//! an interrupted `evolve` says how to resume it.

use crate::{Folders, repo, run_ok, scratch, tuner};
use std::process::{Child, Command, Output, Stdio};
use std::time::{Duration, Instant};

/// Starts `cmd`, waits until `ready()` (at most 60 s), sends SIGINT, and
/// waits for the end (at most 30 s).
pub(crate) fn interrupt(cmd: &mut Command, ready: impl Fn() -> bool) -> Output {
    let child: Child = cmd
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let start = Instant::now();
    while !ready() {
        assert!(start.elapsed() < Duration::from_secs(60), "never ready");
        std::thread::sleep(Duration::from_millis(20));
    }
    // SAFETY: kill(2) on our own child's pid; no memory is involved.
    unsafe {
        libc::kill(child.id() as i32, libc::SIGINT);
    }
    let start = Instant::now();
    let out = child.wait_with_output().unwrap();
    assert!(start.elapsed() < Duration::from_secs(30), "slow to stop");
    out
}

/// Half a second: past the READY check, games under way.
fn a_moment() -> bool {
    std::thread::sleep(Duration::from_millis(500));
    true
}

/// The command showed what it did (`said`), exited 130 as a command
/// stopped by Ctrl-C does, and left no program with `marker`.
fn stopped_cleanly(out: &Output, said: &str, marker: &str) {
    let text = String::from_utf8_lossy(&out.stdout);
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert!(text.contains(said), "{text}");
    std::thread::sleep(Duration::from_millis(200));
    assert_eq!(left(marker), "", "programs left running");
}

/// Processes whose command line contains `marker`.
fn left(marker: &str) -> String {
    let out = Command::new("pgrep")
        .args(["-af", marker])
        .output()
        .unwrap();
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn match_and_eval_stop_with_partial_results_and_leave_no_program() {
    let dir = scratch("interrupt-match");
    // A unique delay marks this test's programs.
    let program = format!("{} play greedy --delay-ms 3", env!("CARGO_BIN_EXE_tuner"));
    let marker = "greedy --delay-ms 3";
    let log = dir.join("m.log");
    let out = interrupt(
        tuner()
            .args([
                "match",
                "--p1",
                &program,
                "--p2",
                "builtin:sample:6",
                "--seed",
                "1",
            ])
            .args(["--games", "100000", "--log"])
            .arg(&log),
        a_moment,
    );
    stopped_cleanly(&out, "(interrupted: the ", marker);

    let json = dir.join("e.json");
    let out = interrupt(
        tuner()
            .args([
                "eval", "--player", "greedy", "--games", "100000", "--vs", &program,
            ])
            .arg("--json")
            .arg(&json),
        a_moment,
    );
    stopped_cleanly(&out, "(interrupted: over the games played so far)", marker);
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&json).unwrap()).unwrap();
    assert_eq!(v["interrupted"], true);
    let games = v["opponents"][0]["games"].as_u64().unwrap();
    assert!(games > 0 && games < 100_000, "{games}");

    let out = interrupt(
        tuner()
            .args(["tournament", "--deals", "50000", "--entrant"])
            .arg(format!("slow={program}"))
            .args(["--entrant", "fast=greedy"]),
        a_moment,
    );
    stopped_cleanly(&out, "interrupted", marker);
}

#[test]
fn an_interrupted_evolve_says_how_to_resume_and_resumes() {
    let dir = scratch("interrupt-evolve");
    let runs = dir.join("runs");
    let cp = runs.join("stopped/checkpoint.json");
    let mut cmd = tuner();
    cmd.args([
        "evolve",
        "--quiet",
        "--generations",
        "500",
        "--population",
        "4",
    ])
    .args([
        "--games",
        "20",
        "--validation-games",
        "10",
        "--name",
        "stopped",
    ])
    .arg("--init")
    .arg(repo("params/default.toml"))
    .folders(&dir, &dir.join("params"));
    let out = interrupt(&mut cmd, || cp.exists());
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{err}");
    // As typed after the README's commands: `cargo run --release -- …`.
    assert!(err.contains("resume with: cargo run"), "{err}");
    assert!(
        err.contains(&format!(
            "-- evolve --resume {}",
            runs.join("stopped").display()
        )),
        "{err}"
    );
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&cp).unwrap()).unwrap();
    let done = v["next_generation"].as_u64().unwrap();
    assert!((1..500).contains(&done), "{done}");
    // It resumes, here to one more generation than it had.
    run_ok(
        tuner()
            .args(["evolve", "--quiet", "--resume", "stopped"])
            .args(["--generations", &(done + 1).to_string()])
            .arg("--runs-dir")
            .arg(&runs),
    );
    assert!(runs.join("stopped/best.toml").exists());
}
