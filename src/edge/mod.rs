//! The edges: the command line (one file per subcommand, `cli` parses and
//! dispatches), terminal output, plots, the contest export and the speed
//! figures. The library's domain code lives below.

pub mod agree;
pub mod analyse;
pub mod bench;
pub mod cli;
pub mod ctrl_c;
pub mod curve;
pub mod eta;
pub mod eval;
pub mod evolve;
pub mod export;
pub mod fit;
pub mod games;
pub mod genes;
pub mod install;
pub mod r#match;
pub mod new_genome;
pub mod optbench;
pub mod out;
pub mod play;
pub mod plot;
pub mod plot_cmd;
pub mod progress;
pub mod reference;
pub mod run_args;
pub mod runs;
pub mod search;
pub mod seed;
pub mod ship;
pub mod threads;
pub mod tournament;
