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
    /// Widest line of the table, in columns (default: the terminal's
    /// width, else 100); columns that do not fit are left out.
    #[arg(long, value_parser = clap::value_parser!(u16).range(20..))]
    width: Option<u16>,
}

/// Runs `tuner runs [--compare A B … [-o F]]`.
pub fn run(a: RunsArgs) -> Result<()> {
    let RunsArgs {
        runs_dir,
        compare,
        out,
        width,
    } = a;
    let runs_dir = runs_dir.as_path();
    if compare.is_empty() {
        let lines = list(runs_dir)?;
        if lines.is_empty() {
            bail!("{} holds no run", runs_dir.display());
        }
        let width = width.map_or_else(terminal_width, usize::from);
        write_out(&render(&lines, width));
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

/// The terminal's width in columns when stdout is one, else 100.
fn terminal_width() -> usize {
    let mut size = libc::winsize {
        ws_row: 0,
        ws_col: 0,
        ws_xpixel: 0,
        ws_ypixel: 0,
    };
    // SAFETY: TIOCGWINSZ writes a winsize into `size`, which outlives the
    // call; on a descriptor that is no terminal it fails and writes nothing.
    let read = unsafe { libc::ioctl(libc::STDOUT_FILENO, libc::TIOCGWINSZ, &mut size) };
    match (read, size.ws_col) {
        (0, cols) if cols > 0 => usize::from(cols),
        _ => 100,
    }
}
