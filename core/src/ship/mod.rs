//! The shipped value table: what a submission's `data.bin` holds, and how
//! the bot turns it back into a [`ValueTable`](crate::value::ValueTable) at start-up.
//!
//! `format`: the sections, their constants and the prediction both sides
//! share; `huffman`: the canonical codes; `encode` (the tuner) and `decode`
//! (the bot: the stored levels, then the others solved again).

mod decode;
mod encode;
pub mod format;
mod huffman;

pub use decode::decode;
pub use encode::encode;
pub use format::{
    DATA_LIMIT, ROW_SD_STEP, SD_HELD, SD_ROWS, SD_STEP, SKEW_ROWS, SKEW_STEP, STEP, STORED,
    ShipError,
};

#[cfg(test)]
mod tests;
