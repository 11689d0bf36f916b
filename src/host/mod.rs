//! Hosting games: the dice of a deal, the one game loop, programs behind
//! the protocol, the official log, and the series built on them (`match`,
//! tournaments).

pub mod arena;
pub mod deal;
pub mod referee;
pub mod runner;
pub mod tournament;
pub mod transcript;
