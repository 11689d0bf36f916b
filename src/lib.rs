//! yacht-tuner: hosts Yacht Auction games between built-in players and
//! programs, evaluates and evolves genomes for the bot of `yacht-core`, and
//! writes the contest submission. See ARCHITECTURE.md for the map.
//!
//! Layers, each using only those before it (tests/it/layers.rs checks):
//! `yacht_core` (the rules and the bot, std only) → `rng`, `stats`, `text`,
//! `files` → `players` (built-in players and their specs) → `host` (deals,
//! the game loop, programs, match, tournament) → `tune` (suites,
//! evaluation, the GA, evolve runs) → `edge` (command line, terminal,
//! plots, export, bench).

/// `println!` for command output: when the reader has gone (`tuner … |
/// head`), the program ends quietly instead of panicking. (SIGPIPE stays
/// ignored: the referee must survive writing to a bot that died.)
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::edge::out::say_line(format_args!($($arg)*))
    };
}

pub mod edge;
pub mod files;
pub mod host;
pub mod players;
pub mod rng;
pub mod stats;
pub mod text;
pub mod tune;
