//! The exact value model. V(used, upper, held) is the expected number of
//! points still to come (category points and the bonus) for a player who
//! holds five dice between rounds, when every later round brings a uniformly
//! random bundle of five and every put takes the best (category, five dice)
//! by points + bonus + V of the state it leaves. W(used, upper, hand of ten)
//! is the value of that best put. Rows of 252 values (one per held multiset)
//! are solved level by level, from the last put back to the first.
//!
//! `layout` (which rows exist), `solver` (a row from the rows above),
//! `table` (`ValueTable`: the rows and their look-ups), `search` (the best
//! put by value), `equilibrium` (bundle values and the equilibrium bid),
//! `spread` (the variance and skewness of the points to come, one more
//! backward pass), `outlook` (V blind to the held dice, and the bot on it).
//!
//! Std-only: the tuner solves the whole table (one row per call of
//! [`solver::solve_row`], rows of a level in parallel), and a submission can
//! rebuild the rows a move needs from the rows below them.

pub mod equilibrium;
pub mod exact;
pub mod layout;
pub mod outlook;
pub mod search;
pub mod solver;
pub mod spread;
pub mod table;

pub use layout::Layout;
pub use search::{BestMove, NextRows, SEARCH_WORK, count_leaf, leaves, searches, work};
pub use table::ValueTable;

#[cfg(test)]
mod tests;
