//! The players a submission can be: `dp`, the reference player, and the
//! tuned `genome_bot`.

pub mod dp;
pub mod genome_bot;
