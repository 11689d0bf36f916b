//! The submission bot: the genome bot with the genome chosen at build time
//! (see build.rs) and the shipped value table (`assets/values.ship`, the
//! exported bot's data.bin) compiled in. Speaks the protocol on
//! stdin/stdout; reads no file. `tuner export` writes the same program as
//! one source file that reads the table from data.bin instead.

use yacht_core::submission::NoTable;

mod compiled {
    include!(concat!(env!("OUT_DIR"), "/genome.rs"));
}

/// The shipped value table, byte for byte the exported bot's data.bin.
const SHIPPED: &[u8] = include_bytes!("../../assets/values.ship");

fn main() -> std::process::ExitCode {
    eprintln!("genome: {}", compiled::SOURCE);
    let table = yacht_core::ship::decode(SHIPPED).map_err(|error| NoTable::Damaged {
        from: "the compiled-in table (assets/values.ship)".to_string(),
        error,
    });
    yacht_core::players::genome_bot::serve_stdio(compiled::GENES, compiled::THINK, table)
}
