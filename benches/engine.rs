//! `cargo bench`: runs `tuner bench` (in-process games/s, ns per decision,
//! `match` games/s), passing on any arguments after `--`.

use std::process::{Command, exit};

fn main() {
    // Cargo passes `--bench` to bench targets; the rest is the user's.
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let status = Command::new(env!("CARGO_BIN_EXE_tuner"))
        .arg("bench")
        .args(&args)
        .status()
        .unwrap_or_else(|e| {
            eprintln!("cannot run tuner bench: {e}");
            exit(1)
        });
    exit(status.code().unwrap_or(1));
}
