//! The edges: the command line, terminal output, plots, the contest export
//! and the speed figures. The library's domain code lives below.

pub mod bench;
pub mod cli;
pub mod ctrl_c;
pub mod evolve;
pub mod export;
pub mod out;
pub mod plot;
pub mod progress;
pub mod runs;
pub mod threads;
