//! `tuner plot RUN`: a run's fitness picture drawn again from its files.

use crate::edge::out::outputs_go_to_folders;
use crate::tune::run::RunDir;
use anyhow::Result;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct PlotArgs {
    /// Run folder (runs/NAME).
    run_dir: PathBuf,
    /// Output PNG (default: the run's plots folder, NAME-fitness.png).
    #[arg(short, long)]
    out: Option<PathBuf>,
    /// Width of the picture in pixels.
    #[arg(long, default_value_t = 1200, value_parser = clap::value_parser!(u32).range(300..=8000))]
    width: u32,
    /// Height of the picture in pixels, at least: taller when the heat
    /// map's rows (one per opponent) need it to keep their names readable.
    #[arg(long, default_value_t = 900, value_parser = clap::value_parser!(u32).range(300..=8000))]
    height: u32,
}

/// Runs `tuner plot`.
pub fn run(a: PlotArgs) -> Result<()> {
    outputs_go_to_folders([&a.out])?;
    let dir = RunDir(a.run_dir);
    let out = match a.out {
        Some(out) => out,
        // Runs of older versions may have a config.toml this version
        // cannot read: the repository's plots/ then.
        None => {
            let folders = dir.load_config().map(|c| c.folders);
            folders.unwrap_or_default().plot(&dir.name())
        }
    };
    crate::edge::plot::plot_run(&dir, &out, (a.width, a.height))?;
    say!("wrote {}", out.display());
    Ok(())
}
