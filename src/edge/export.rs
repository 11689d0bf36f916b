//! `tuner export`: writes a bot as one self-contained Rust source file
//! (std only) for the contest: the core crate's modules as the crate holds
//! them (listed by build.rs from `core/src/lib.rs`), pasted as inline
//! modules, plus a `main`: the genome bot with the genome as constants, or
//! `dp`. Both read the shipped value table from `data.bin` at start-up.

use crate::edge::out::refuse_to_overwrite;
use crate::files::write_atomic;
use anyhow::{Result, bail, ensure};
use std::path::{Path, PathBuf};
use yacht_core::genome::{GENES, Genome};
use yacht_core::ship::DATA_LIMIT;

include!(concat!(env!("OUT_DIR"), "/core_modules.rs"));

#[derive(clap::Args)]
pub struct ExportArgs {
    /// Genome to compile in (default params/best.toml, else params/default.toml).
    #[arg(long)]
    genome: Option<PathBuf>,
    /// Export the reference player `dp` instead of the genome bot.
    #[arg(long, conflicts_with = "genome")]
    dp: bool,
    /// Where to write: a file ending in .rs (in a folder that exists), or
    /// a folder that exists (the file is then bot.rs in it). data.bin goes
    /// beside the file.
    #[arg(short, long)]
    out: PathBuf,
    /// Replace the output file and data.bin if they exist.
    #[arg(long)]
    force: bool,
}

/// Runs `tuner export`: the source file and data.bin, both or neither
/// replaced.
pub fn run(a: ExportArgs) -> Result<()> {
    let ExportArgs {
        genome,
        dp,
        out,
        force,
    } = a;
    let out = source_file(out)?;
    let out = out.as_path();
    refuse_to_overwrite(out, force)?;
    let data = out.with_file_name(yacht_core::submission::DATA_FILE);
    refuse_to_overwrite(&data, force)?;
    let (src, shown) = if dp {
        (export_source(Exported::Dp), "dp".to_string())
    } else {
        let path = genome.unwrap_or_else(|| yacht_genome_file::default_genome(Path::new("params")));
        let shown = path.display().to_string();
        let g = yacht_genome_file::read_genome(&path, &shown)?;
        (export_source(Exported::Genome(&g, &shown)), shown)
    };
    if src.len() > MAX_BYTES {
        bail!(
            "the exported file would be {} bytes, over the contest's 1 MiB limit: not written",
            src.len()
        );
    }
    let shipped = crate::players::values::SHIPPED;
    ensure!(
        shipped.len() <= DATA_LIMIT,
        "the shipped table is {} bytes, over the contest's 10 MiB data.bin limit: not written",
        shipped.len()
    );
    write_atomic(&data, shipped)?;
    write_atomic(out, src.as_bytes())?;
    tell(format!(
        "wrote {} ({} bytes, {:.1}% of 1 MiB) from {shown}",
        out.display(),
        src.len(),
        100.0 * src.len() as f64 / MAX_BYTES as f64,
    ));
    tell(format!(
        "wrote {} ({} bytes, {:.1}% of 10 MiB): the bot reads it from its working directory, \
         else from beside itself",
        data.display(),
        shipped.len(),
        100.0 * shipped.len() as f64 / DATA_LIMIT as f64
    ));
    // Whole, to be pasted.
    say!("compile with: {}", compile_line(out));
    tell(format!(
        "upload both files: {} as the source and {} as data.bin; without data.bin the bot plays \
         a much weaker fallback (its first stderr line says so; `tuner match` reports it)",
        out.display(),
        data.display()
    ));
    Ok(())
}

/// A message on stdout, wrapped within a screen of 100 columns.
fn tell(text: String) {
    say!(
        "{}",
        crate::text::wrap(&text, crate::text::SCREEN, "  ").trim_end()
    );
}

/// The source file `-o` names: a `.rs` file, or `bot.rs` in a folder that
/// exists; anything else is refused before anything is written.
fn source_file(out: PathBuf) -> Result<PathBuf> {
    if out.is_dir() {
        return Ok(out.join("bot.rs"));
    }
    ensure!(
        out.extension().is_some_and(|e| e == "rs"),
        "-o {}: give a file ending in .rs, or a folder that exists (the file is then bot.rs \
         in it); nothing was written",
        out.display()
    );
    Ok(out)
}

/// The command that compiles `out` into the program beside it (absolute
/// paths, so that it works from any folder), quoted for a shell.
fn compile_line(out: &Path) -> String {
    let abs = std::path::absolute(out).unwrap_or_else(|_| out.to_path_buf());
    let quoted = |p: &Path| shell_word(&p.display().to_string());
    format!(
        "rustc --edition 2024 -O {} -o {}",
        quoted(&abs),
        quoted(&abs.with_extension(""))
    )
}

/// `word` as one shell word: as it is when plain, else in single quotes.
fn shell_word(word: &str) -> String {
    let plain = |c: char| c.is_ascii_alphanumeric() || "/._-+=:,@%".contains(c);
    if !word.is_empty() && word.chars().all(plain) {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

/// The contest's limit on the source file.
pub const MAX_BYTES: usize = 1 << 20;

/// What an exported file plays.
pub enum Exported<'a> {
    /// The genome bot with this genome (from the file named).
    Genome(&'a Genome, &'a str),
    /// The reference player on the shipped table (`data.bin`).
    Dp,
}

/// The whole source file.
pub fn export_source(what: Exported) -> String {
    let from = match what {
        Exported::Genome(_, source) => source.to_string(),
        Exported::Dp => "the reference player dp".to_string(),
    };
    let mut s = format!(
        "//! Yacht Auction bot generated by yacht-tuner `tuner export` from {from}.\n\
         //! Compile: rustc --edition 2024 -O FILE. Reads data.bin from its working directory\n\
         //! at start-up; speaks the protocol on stdin/stdout.\n\
         #![allow(dead_code, unused_imports, clippy::all)]\n\n"
    );
    for (name, text) in CORE_MODULES {
        s.push_str(&format!("pub mod {name} {{\n{text}}}\n\n"));
    }
    let genome = match what {
        Exported::Genome(genome, _) => genome,
        Exported::Dp => {
            s.push_str(
                "fn main() -> std::process::ExitCode {\n    submission::serve(\"dp\", submission::load_shipped(), players::dp::DpBot::new)\n}\n",
            );
            return s;
        }
    };
    s.push_str(&format!(
        "/// The genome ({} genes: {} … {}).\nconst GENES: [f64; {}] = {:?};\n\n",
        GENES.len(),
        GENES[0].name,
        GENES[GENES.len() - 1].name,
        genome.genes.len(),
        genome.genes
    ));
    s.push_str(&format!(
        "/// How it thinks at play time.\nconst THINK: genome::Think = genome::{:?};\n\n",
        genome.think
    ));
    s.push_str(
        "fn main() -> std::process::ExitCode {\n    players::genome_bot::serve_stdio(GENES, THINK, submission::load_shipped())\n}\n",
    );
    s
}
