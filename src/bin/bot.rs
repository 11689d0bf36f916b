//! The submission bot: the genome bot with the genome chosen at build time
//! (see build.rs) compiled in. Speaks the protocol on stdin/stdout; reads no
//! file. `tuner export` writes the same program as one source file.

mod compiled {
    include!(concat!(env!("OUT_DIR"), "/genome.rs"));
}

fn main() {
    eprintln!("genome: {}", compiled::SOURCE);
    let genome = yacht_tuner::genome::Genome {
        genes: compiled::GENES,
    };
    let bot = yacht_tuner::strategy::genome_bot::GenomeBot::new(&genome);
    if yacht_tuner::protocol::run_stdio(bot).is_err() {
        std::process::exit(1);
    }
}
