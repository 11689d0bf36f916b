//! yacht-core: everything a Yacht Auction contest submission contains, and
//! nothing else. The rules, the dice tables, what one player knows (`View`),
//! the value model and its shipped form, the reference player `dp`, the gene
//! table, the tuned bot's decisions, the bot side of the line protocol and a
//! submission's start-up.
//!
//! Std only, no dependencies: `tuner export` pastes these modules, in the
//! order declared here, into the one source file the contest compiles with
//! plain rustc, so the bot the tuner evaluates is the bot that is submitted.

pub mod dp;
pub mod for_the_win;
pub mod game;
pub mod genome;
pub mod genome_bot;
pub mod last_auction;
pub mod outlook;
pub mod plan;
pub mod protocol;
pub mod rollout;
pub mod rules;
pub mod ship;
pub mod spread;
pub mod submission;
pub mod tables;
pub mod value;
pub mod wp_bid;
pub mod wp_normal;

#[cfg(test)]
mod testkit;
