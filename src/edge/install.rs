//! `tuner install RUN`: a finished run's winner made the champion
//! (`params/best.toml`), when its verdicts allow it.

use crate::tune::run::{RunDir, RunError, install};
use anyhow::Result;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct InstallArgs {
    /// The run: its folder, or a name under --runs-dir.
    run: PathBuf,
    /// Folder that holds run folders.
    #[arg(long, default_value = "runs")]
    runs_dir: PathBuf,
}

/// Runs `tuner install`: refuses, changing nothing, when the run is not
/// validated, already installed, or its verdicts are about another champion.
pub fn run(a: InstallArgs) -> Result<()> {
    let dir = RunDir::find(&a.run, &a.runs_dir);
    if !dir.config().exists() {
        return Err(RunError::NoRun(dir.0).into());
    }
    let _lock = dir.lock()?;
    let done = install(&dir)?;
    let kept = done.record.previous_kept_as.as_ref();
    let kept = kept.map(|k| format!(" (the previous champion kept as {})", k.display()));
    say!(
        "installed {}{}",
        done.champion.display(),
        kept.unwrap_or_default()
    );
    // The run's plot says in its banner whether the winner was installed.
    let plot = dir.load_config()?.folders.plot(&dir.name());
    crate::edge::plot::plot_run(&dir, &plot, (1200, 900))?;
    say!("redrew {} (its banner: installed)", plot.display());
    Ok(())
}
