//! Hosting games: the dice of a deal, the one game loop (`play`), programs
//! behind the protocol (`program`), who sits in a seat (`player`), the
//! views a player decided from (`positions`), the
//! official log (`transcript`), named players from files (`roster`), and
//! the series built on them (`arena` for `tuner match`, `tournament`), and
//! a match judged into luck and skill (`analysis`).

pub mod analysis;
pub mod arena;
pub mod deal;
pub mod gauntlet;
pub mod luck;
pub mod play;
pub mod player;
pub mod positions;
pub mod program;
pub mod roster;
pub mod series;
pub mod stop;
pub mod tournament;
pub mod transcript;
pub mod wire;
