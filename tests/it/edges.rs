//! The dead ends a newcomer met (issue 53): runs stopped or failed before
//! their first generation, export's -o, genome files that set no gene or
//! leave genes out, output files checked before the first game.

use crate::{Folders, repo, run_ok, scratch, tuner};
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

/// A one-generation run named `name` against `suite` (TOML text; held
/// out: sample 1), its folders under `dir`.
fn tiny_run(dir: &Path, name: &str, suite: &str) -> Command {
    let file = dir.join(format!("suite-{name}.toml"));
    std::fs::write(&file, suite).unwrap();
    let heldout = dir.join("heldout.toml");
    std::fs::write(&heldout, "[[opponent]]\nspec = \"sample:1\"\n").unwrap();
    let mut c = tuner();
    c.args([
        "evolve",
        "--quiet",
        "--generations",
        "1",
        "--population",
        "3",
    ])
    .args([
        "--games",
        "2",
        "--validation-games",
        "2",
        "--validate-top",
        "1",
    ])
    .args(["--name", name, "--suite"])
    .arg(&file)
    .arg("--heldout")
    .arg(&heldout)
    .arg("--init")
    .arg(repo("params/default.toml"))
    .folders(dir, &dir.join("params"));
    c
}

/// `cmd` stopped by Ctrl-C once `ready`: its exit code and stderr.
fn interrupted(cmd: &mut Command, ready: impl Fn() -> bool) -> (Option<i32>, String) {
    let out = crate::interrupt::interrupt(cmd, ready);
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn a_run_stopped_in_its_first_generation_starts_again_with_the_same_command() {
    let dir = scratch("edges-first-generation");
    let run = dir.join("runs/first");
    // Games slow enough to be stopped in generation 0.
    let slow = format!("{} play greedy --delay-ms 20", env!("CARGO_BIN_EXE_tuner"));
    let suite = format!("[[opponent]]\ncommand = \"{slow}\"\n");
    for _ in 0..2 {
        let config = run.join("config.toml");
        // Past the READY check, games under way.
        let in_generation_0 = || {
            let made = config.exists();
            std::thread::sleep(Duration::from_millis(300));
            made
        };
        let (code, err) = interrupted(&mut tiny_run(&dir, "first", &suite), in_generation_0);
        assert_eq!(code, Some(130), "{err}");
        // Nothing kept, nothing left: the same command starts it again
        // (the second time round is not refused as "already holds a run").
        assert!(err.contains("nothing was kept"), "{err}");
        assert!(err.contains("start again with: cargo run"), "{err}");
        assert!(!run.exists(), "{err}");
    }
}

#[test]
fn a_run_without_a_checkpoint_resumes_from_generation_0_or_is_refused_untouched() {
    let dir = scratch("edges-no-checkpoint");
    let suite = "[[opponent]]\nspec = \"greedy\"\n";
    run_ok(&mut tiny_run(&dir, "killed", suite));
    // As a run killed in generation 0 leaves it: config.toml, notes.txt
    // and the lock of a process that is gone.
    let run = dir.join("runs/killed");
    for f in [
        "checkpoint.json",
        "generations.csv",
        "best.toml",
        "validation.json",
    ] {
        std::fs::remove_file(run.join(f)).unwrap();
    }
    std::fs::write(run.join("notes.txt"), "a note\n").unwrap();
    std::fs::write(run.join("lock"), "999999999\n").unwrap();
    let resume = || {
        let mut c = tuner();
        c.args(["evolve", "--quiet", "--resume"]).arg(&run);
        c
    };
    run_ok(&mut resume());
    assert!(run.join("best.toml").exists() && !run.join("lock").exists());
    // A folder with results and no checkpoint is refused, and the lock of
    // another tuner (this test's pid: alive) is left as it was.
    std::fs::remove_file(run.join("checkpoint.json")).unwrap();
    let lock = format!("{}\n", std::process::id());
    std::fs::write(run.join("lock"), &lock).unwrap();
    let out = resume().output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success() && err.contains("no checkpoint.json"),
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(run.join("lock")).unwrap(), lock);
}

#[test]
fn a_run_that_fails_before_its_first_generation_leaves_nothing_behind() {
    let dir = scratch("edges-failed-run");
    // An opponent that dies before READY.
    let suite = "[[opponent]]\ncommand = \"sh -c 'exit 3'\"\n";
    let out = tiny_run(&dir, "crashed", suite).output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{err}");
    assert!(!dir.join("runs/crashed").exists(), "{err}");
    let listed = tuner()
        .arg("runs")
        .arg("--runs-dir")
        .arg(dir.join("runs"))
        .output();
    let listed = listed.unwrap();
    let said = String::from_utf8_lossy(&listed.stdout) + String::from_utf8_lossy(&listed.stderr);
    assert!(said.contains("holds no run"), "{said}");
    // In a folder the user made, only what the command made goes.
    let mine = dir.join("runs/mine");
    std::fs::create_dir_all(&mine).unwrap();
    std::fs::write(mine.join("keep.txt"), "mine").unwrap();
    let out = tiny_run(&dir, "mine", suite).output().unwrap();
    assert!(!out.status.success());
    let left: Vec<_> = std::fs::read_dir(&mine)
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(left, ["keep.txt"]);
}

#[test]
fn export_writes_only_where_it_was_told() {
    let dir = scratch("edges-export");
    let out = dir.join("out");
    std::fs::create_dir(&out).unwrap();
    // Neither a .rs file nor a folder: refused, nothing written.
    let refused = tuner()
        .args(["export", "--dp", "-o"])
        .arg(out.join("sub"))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(!refused.status.success(), "{err}");
    assert!(
        err.contains("ending in .rs") && err.contains("nothing was written"),
        "{err}"
    );
    assert_eq!(std::fs::read_dir(&out).unwrap().count(), 0);
    // A .rs file: it and data.bin beside it; the program beside them.
    let said = run_ok(
        tuner()
            .args(["export", "--dp", "-o"])
            .arg(out.join("sub.rs")),
    );
    let said = String::from_utf8_lossy(&said.stdout);
    assert!(out.join("sub.rs").exists() && out.join("data.bin").exists());
    let program = std::path::absolute(out.join("sub")).unwrap();
    assert!(
        said.contains(&format!(" -o {}\n", program.display())),
        "{said}"
    );
}

#[test]
fn genome_files_that_set_no_gene_are_refused_and_left_out_genes_are_told() {
    let dir = scratch("edges-genome-files");
    let empty = dir.join("empty.toml");
    std::fs::write(&empty, "").unwrap();
    let eval = |genome: &Path| {
        tuner()
            .args([
                "eval", "--quiet", "--games", "2", "--vs", "greedy", "--genome",
            ])
            .arg(genome)
            .output()
            .unwrap()
    };
    let out = eval(&empty);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{err}");
    assert!(
        err.contains(&format!("{}: sets no gene", empty.display())),
        "{err}"
    );
    // The head of a complete file: played, and the genes cut off are told.
    let full = std::fs::read_to_string(repo("params/default.toml")).unwrap();
    let cut = dir.join("cut.toml");
    std::fs::write(&cut, &full[..full.find("bid_scale =").unwrap()]).unwrap();
    let out = eval(&cut);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{err}");
    assert!(
        err.contains(&format!("warning: {} does not set", cut.display())),
        "{err}"
    );
    assert!(
        err.contains("bid_scale") && err.contains("wp_lookahead_pool"),
        "{err}"
    );
}

#[test]
fn output_files_are_checked_before_the_first_game() {
    // A folder no user can write in (even root): /proc.
    let start = Instant::now();
    let out = tuner()
        .args(["eval", "--quiet", "--player", "greedy", "--vs", "greedy"])
        .args(["--games", "1000000", "--json", "/proc/eval.json"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{err}");
    assert!(err.contains("cannot write /proc/eval.json"), "{err}");
    assert!(out.stdout.is_empty(), "no games were played");
    assert!(start.elapsed() < Duration::from_secs(30));
}
