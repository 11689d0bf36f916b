//! Tuning: opponent suites, seeded paired evaluation, the genetic
//! algorithm's operators and the runs around them, and what each change
//! of a genome is worth.

pub mod acting;
pub mod agreement;
pub mod budget;
pub mod estimate;
pub mod eval;
pub mod fit;
pub mod heldout;
pub mod named;
pub mod optim;
pub mod run;
pub mod suite;
pub mod worth;
