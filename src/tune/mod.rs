//! Tuning: opponent suites, seeded paired evaluation, the genetic
//! algorithm's operators and the evolve run around them.

pub mod eval;
pub mod evolve;
pub mod ga;
pub mod heldout;
pub mod named;
pub mod suite;
