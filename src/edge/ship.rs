//! `tuner ship`: the shipped value table (the submission's data.bin)
//! written from the exact one, with what the compression costs.

use crate::edge::out::outputs_go_to_folders;
use crate::files::write_atomic;
use crate::players::values;
use anyhow::Result;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct ShipArgs {
    /// Output file.
    #[arg(short, long, default_value = values::SHIPPED_PATH)]
    out: PathBuf,
    /// Solitaire games played on both tables to compare them.
    #[arg(long, default_value_t = 20_000, value_parser = clap::value_parser!(u64).range(0..=10_000_000))]
    games: u64,
}

/// Runs `tuner ship`.
pub fn run(a: ShipArgs) -> Result<()> {
    outputs_go_to_folders([&Some(a.out.clone())])?;
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let bytes = yacht_core::ship::encode(values::exact_table(), threads);
    let report = values::ship_report(values::exact_table(), &bytes, a.games)?;
    write_atomic(&a.out, &bytes)?;
    say!("wrote {}: {report}", a.out.display());
    Ok(())
}
