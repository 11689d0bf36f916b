//! Compiles the chosen genome into the `bot` binary: reads `$YACHT_GENOME`
//! (a relative path is taken from the workspace root), else
//! `params/best.toml`, else `params/default.toml`; validates it with the
//! tuner's own reader (a bad file fails the build naming file, line and
//! field); writes the genes as constants into `$OUT_DIR/genome.rs`.

use std::path::{Path, PathBuf};

fn main() {
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let root = manifest.parent().expect("the bot sits in the workspace");
    println!("cargo:rerun-if-env-changed=YACHT_GENOME");
    for default in ["params/best.toml", "params/default.toml"] {
        println!("cargo:rerun-if-changed={}", root.join(default).display());
    }
    let (path, shown) = choose(root);
    println!("cargo:rerun-if-changed={}", path.display());
    let genome = match yacht_genome_file::read_genome_file(&path, &shown) {
        Ok(read) => {
            for line in read.defaulted_note(&shown).iter().flat_map(|n| n.lines()) {
                println!("cargo:warning={line}");
            }
            read.genome
        }
        Err(e) => fail(&e.to_string()),
    };
    let out =
        PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("genome.rs");
    let code = format!(
        "/// The genome compiled into this bot.\npub const GENES: [f64; {}] = {:?};\n/// How it thinks at play time.\npub const THINK: yacht_core::genome::Think = yacht_core::genome::{:?};\n/// Where it came from.\npub const SOURCE: &str = {:?};\n",
        genome.genes.len(),
        genome.genes,
        genome.think,
        shown
    );
    std::fs::write(&out, code).expect("write OUT_DIR/genome.rs");
}

/// The genome file, and how to name it in messages.
fn choose(root: &Path) -> (PathBuf, String) {
    if let Ok(p) = std::env::var("YACHT_GENOME")
        && !p.is_empty()
    {
        return (root.join(&p), p);
    }
    let path = yacht_genome_file::default_genome(&root.join("params"));
    let shown = path
        .strip_prefix(root)
        .unwrap_or(&path)
        .display()
        .to_string();
    (path, shown)
}

fn fail(msg: &str) -> ! {
    eprintln!("error: bad genome for the bot: {msg}");
    println!("cargo:warning=bad genome for the bot: {msg}");
    std::process::exit(1);
}
