//! The submission bot: the genome bot with the genome chosen at build time
//! (see build.rs) compiled in. Speaks the protocol on stdin/stdout; reads no
//! file. `tuner export` writes the same program as one source file.

mod compiled {
    include!(concat!(env!("OUT_DIR"), "/genome.rs"));
}

fn main() -> std::process::ExitCode {
    eprintln!("genome: {}", compiled::SOURCE);
    yacht_core::genome_bot::serve_stdio(compiled::GENES)
}
