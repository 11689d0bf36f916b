//! The game's rules: categories, scoring of five dice, the upper bonus, the
//! auction and its bid points, the seats and the round schedule, five dice
//! as text; and `tables`, every 5- and 10-dice multiset worked out once.
//! Pure and std-only: everything else calls this. The parts are re-exported
//! here: `crate::rules::Category`, `crate::rules::resolve_auction`, ….

mod auction;
mod auction_no;
mod category;
mod dice;
mod schedule;
mod scoring;
pub mod tables;

pub use auction::*;
pub use auction_no::AuctionNo;
pub use category::*;
pub use dice::*;
pub use schedule::*;
pub use scoring::*;

#[cfg(test)]
mod tests;
