//! `tuner runs`: every run a line; `--compare` draws runs' fitness curves
//! on one picture.

use crate::edge::out::write_out;
use crate::tune::run::RunDir;
use crate::tune::run::listing::{list, render};
use anyhow::{Result, bail};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct RunsArgs {
    /// Folder that holds run folders.
    #[arg(long, default_value = "runs")]
    runs_dir: PathBuf,
    /// Runs whose fitness curves to draw on one picture (names under
    /// --runs-dir, or folders).
    #[arg(long, num_args = 1..)]
    compare: Vec<PathBuf>,
    /// The picture's file (default plots/compare-A-B….png).
    #[arg(short, long, requires = "compare")]
    out: Option<PathBuf>,
}

/// Runs `tuner runs [--compare A B … [-o F]]`.
pub fn run(a: RunsArgs) -> Result<()> {
    let RunsArgs {
        runs_dir,
        compare,
        out,
    } = a;
    let runs_dir = runs_dir.as_path();
    if compare.is_empty() {
        let lines = list(runs_dir)?;
        if lines.is_empty() {
            bail!("{} holds no run", runs_dir.display());
        }
        write_out(&render(&lines));
        return Ok(());
    }
    let dirs: Vec<RunDir> = compare.iter().map(|r| RunDir::find(r, runs_dir)).collect();
    if let Some(d) = dirs.iter().find(|d| !d.csv().exists()) {
        bail!("{}: no run with generations here", d.0.display());
    }
    let out = out.unwrap_or_else(|| {
        let names: Vec<String> = dirs.iter().map(RunDir::name).collect();
        PathBuf::from("plots").join(format!("compare-{}.png", names.join("-")))
    });
    crate::edge::out::outputs_go_to_folders([&Some(out.clone())])?;
    crate::edge::plot::compare_png(&dirs, &out, (1200, 700))?;
    say!("wrote {}", out.display());
    Ok(())
}
