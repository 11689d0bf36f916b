//! Precomputed tables over every multiset of 5 dice (252) and of 10 dice
//! (3003): category points, the distinct put/carry splits of a hand, the best
//! put per category (with the sample AIs' dice tie-break), and the par table.
//! Each entry is worked out once per process (a 10-dice hand when first
//! met); every decision is then a few look-ups. Std-only.

mod keys;
mod multiset;
mod store;

pub use keys::*;
pub use store::{Tables, tables};

#[cfg(test)]
mod properties;
#[cfg(test)]
mod tests;
