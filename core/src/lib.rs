//! yacht-core: everything a Yacht Auction contest submission contains, and
//! nothing else. The rules, the dice tables, what one player knows (`View`),
//! the value model and its shipped form, the reference player `dp`, the gene
//! table, the tuned bot's decisions, the bot side of the line protocol and a
//! submission's start-up.
//!
//! Std only, no dependencies: `tuner export` pastes these modules, in the
//! order declared here, into the one source file the contest compiles with
//! plain rustc, so the bot the tuner evaluates is the bot that is submitted.

pub mod game;
pub mod genome;
pub mod players;
pub mod protocol;
pub mod rules;
pub mod ship;
pub mod submission;
pub mod value;
pub mod win;

#[cfg(test)]
mod testkit;
