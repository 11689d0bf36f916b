//! Integration tests: the `tuner` and `bot` binaries as a user runs them.
//! One test binary (see DEVELOPERS guide); modules by subject. The `bot`
//! belongs to another package of the workspace, so the tests build it
//! themselves (`build_bot`).

mod analyse;
mod bot;
mod docs;
mod edges;
mod errors;
mod eval;
mod evolve;
mod faults;
mod fit;
mod interrupt;
mod layers;
mod referee;
mod specs;
mod tournament;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

pub fn tuner() -> Command {
    Command::new(env!("CARGO_BIN_EXE_tuner"))
}

/// Builds the `bot` package in release with `YACHT_GENOME=genome` (unset:
/// build.rs's own choice) and copies the binary to `dest`. Builds share one
/// target folder and run one at a time. Returns cargo's output (a failed
/// build copies nothing).
pub fn build_bot(genome: Option<&Path>, dest: &Path) -> Output {
    static ONE_AT_A_TIME: std::sync::Mutex<()> = std::sync::Mutex::new(());
    let _guard = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
    let target = repo("target/it-bot");
    let mut cmd = Command::new(env!("CARGO"));
    cmd.args(["build", "--release", "-p", "yacht-bot", "--quiet"])
        .current_dir(repo(""))
        .env("CARGO_TARGET_DIR", &target)
        .env_remove("YACHT_GENOME");
    if let Some(g) = genome {
        cmd.env("YACHT_GENOME", g);
    }
    let out = cmd.output().expect("run cargo");
    if out.status.success() {
        std::fs::copy(target.join("release/bot"), dest).expect("copy the bot");
    }
    out
}

/// Points an evolve at its folders, made if missing: `dir/runs`,
/// `params`, `dir/plots`.
pub trait Folders {
    fn folders(&mut self, dir: &Path, params: &Path) -> &mut Self;
}

impl Folders for Command {
    fn folders(&mut self, dir: &Path, params: &Path) -> &mut Command {
        for d in [dir.join("runs"), params.to_path_buf(), dir.join("plots")] {
            std::fs::create_dir_all(d).unwrap();
        }
        self.arg("--runs-dir")
            .arg(dir.join("runs"))
            .arg("--params-dir")
            .arg(params)
            .arg("--plots-dir")
            .arg(dir.join("plots"))
    }
}

pub fn run_ok(cmd: &mut Command) -> Output {
    let out = cmd.output().expect("spawn");
    assert!(
        out.status.success(),
        "{:?} failed:\nstdout: {}\nstderr: {}",
        cmd,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

pub fn data(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/it/data")
        .join(name)
}

pub fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join(path)
}

/// A fresh scratch folder for one test.
pub fn scratch(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join(name);
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Move lines of an official log (no header, no debug lines).
pub fn moves(log: &str) -> Vec<String> {
    log.lines()
        .filter(|l| !l.starts_with('[') && !l.starts_with("# Debug"))
        .map(String::from)
        .collect()
}

/// `tuner match` of two players on the official input, one game, writing
/// the official log to `log`. (A generous READY limit: start-up speed is
/// not what these tests are about.)
pub fn match_official(p1: &str, p2: &str, log: &Path) {
    run_ok(
        tuner()
            .args([
                "match",
                "--p1",
                p1,
                "--p2",
                p2,
                "--ready-timeout",
                "30000",
                "--input",
            ])
            .arg(data("official-input.txt"))
            .arg("--log")
            .arg(log),
    );
}
