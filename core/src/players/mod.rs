//! The players a submission can be: `dp`, the reference player.

pub mod dp;
