//! How large the GA's steps are and how they change, apart from how a
//! gene moves by a step (`toolkit::move_by`): the rule a run names
//! (`StepRule`: fixed steps, or steps adapted to how the children fare),
//! each gene's step (`steps`), the success rule that grows or shrinks it
//! (`success`), each gene's evolution path (`path`), and the diversity
//! floor's wider step for a share of the children (`floor`).

mod floor;
mod path;
mod steps;
mod success;

pub use floor::{Floor, MAX_BOOST};
pub use path::Paths;
pub use steps::{STEP_BOUNDS, SWITCH_START, Steps};
pub use success::{Adapt, adapt, verdicts};

use crate::tune::optim::toolkit::Counts;

/// How the GA sets its steps.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum StepRule {
    /// Every gene's step is the settings' `mutation_sigma`, always.
    Fixed,
    /// Each gene's step starts at the run's first spread and follows how
    /// the children that moved it fared against their parent (`success`,
    /// `path`).
    Adapted(Adapt),
}

impl StepRule {
    /// The adaptation, if the steps adapt.
    pub fn adapted(&self) -> Option<&Adapt> {
        match self {
            StepRule::Fixed => None,
            StepRule::Adapted(a) => Some(a),
        }
    }

    /// How a count's step is made whole: adapted steps move a count that
    /// mutates by one at least (their small steps would freeze it).
    pub fn counts(&self) -> Counts {
        match self {
            StepRule::Fixed => Counts::Rounded,
            StepRule::Adapted(_) => Counts::AtLeastOne,
        }
    }
}
