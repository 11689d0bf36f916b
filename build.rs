//! Compiles the chosen genome into the `bot` binary: reads `$YACHT_GENOME`,
//! else `params/best.toml`, else `params/default.toml`; validates it with
//! the tuner's own reader (a bad file fails the build naming file, line and
//! field); writes the genes as constants into `$OUT_DIR/genome.rs`.

#[allow(dead_code)]
#[path = "src/genome.rs"]
mod genome;
#[allow(dead_code)]
#[path = "src/genome_file.rs"]
mod genome_file;

use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-env-changed=YACHT_GENOME");
    println!("cargo:rerun-if-changed=params/best.toml");
    println!("cargo:rerun-if-changed=params/default.toml");
    println!("cargo:rerun-if-changed=src/genome.rs");
    println!("cargo:rerun-if-changed=src/genome_file.rs");
    let path = match std::env::var("YACHT_GENOME") {
        Ok(p) if !p.is_empty() => PathBuf::from(p),
        _ if PathBuf::from("params/best.toml").exists() => PathBuf::from("params/best.toml"),
        _ => PathBuf::from("params/default.toml"),
    };
    println!("cargo:rerun-if-changed={}", path.display());
    let shown = path.display().to_string();
    let text = match std::fs::read_to_string(&path) {
        Ok(t) => t,
        Err(e) => fail(&format!("cannot read genome file {shown}: {e}")),
    };
    let genome = match genome_file::parse_genome(&text, &shown) {
        Ok(g) => g,
        Err(e) => fail(&e.to_string()),
    };
    let out =
        PathBuf::from(std::env::var("OUT_DIR").expect("cargo sets OUT_DIR")).join("genome.rs");
    let genes: Vec<String> = genome.genes.iter().map(|g| format!("{g:?}")).collect();
    let code = format!(
        "/// The genome compiled into this bot.\npub const GENES: [f64; {}] = [{}];\n/// Where it came from.\npub const SOURCE: &str = {:?};\n",
        genes.len(),
        genes.join(", "),
        shown
    );
    std::fs::write(&out, code).expect("write OUT_DIR/genome.rs");
}

fn fail(msg: &str) -> ! {
    eprintln!("error: bad genome for the bot: {msg}");
    println!("cargo:warning=bad genome for the bot: {msg}");
    std::process::exit(1);
}
