//! yacht-tuner: rules engine, strategies, evaluation and genetic tuning for
//! Yacht Auction bots. See ARCHITECTURE.md for the map.

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
