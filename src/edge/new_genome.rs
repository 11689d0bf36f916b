//! `tuner new-genome`: the default genome, every field documented, as a
//! TOML file to edit.

use crate::edge::out::refuse_to_overwrite;
use crate::files::write_atomic;
use anyhow::Result;
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct NewGenomeArgs {
    /// Output file.
    #[arg(short, long)]
    out: PathBuf,
    /// Replace the output file if it exists.
    #[arg(long)]
    force: bool,
}

/// Runs `tuner new-genome`.
pub fn run(a: NewGenomeArgs) -> Result<()> {
    refuse_to_overwrite(&a.out, a.force)?;
    let text = yacht_genome_file::genome_to_toml(&yacht_core::genome::Genome::default(), "");
    write_atomic(&a.out, text.as_bytes())?;
    say!("wrote {}", a.out.display());
    Ok(())
}
