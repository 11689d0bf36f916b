//! yacht-tuner: rules engine, strategies, evaluation and genetic tuning for
//! Yacht Auction bots. See ARCHITECTURE.md for the map.

/// `println!` for command output: when the reader has gone (`tuner … |
/// head`), the program ends quietly instead of panicking. (SIGPIPE stays
/// ignored: the referee must survive writing to a bot that died.)
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::cli::say_line(format_args!($($arg)*))
    };
}

pub mod arena;
pub mod bench;
pub mod cli;
pub mod deal;
pub mod eval;
pub mod evolve;
pub mod export;
pub mod ga;
pub mod game;
pub mod genome;
pub mod genome_file;
pub mod outlook;
pub mod plot;
pub mod protocol;
pub mod referee;
pub mod rules;
pub mod runner;
pub mod stats;
pub mod strategy;
pub mod suite;
pub mod tables;
pub mod tournament;
pub mod transcript;
