//! The search's flags, one definition shared by `tuner evolve` and `tuner
//! optbench` (clap's `flatten`): how the GA's steps adapt, the first
//! generation's spread, the diversity floor, CMA-ES's first step and the
//! frozen genes, with their parsers; decoded once into every optimiser's
//! settings (`Choices`).

use crate::tune::optim::Choices;
use crate::tune::optim::cmaes::CmaesSettings;
use crate::tune::optim::ga::{Adapt, GaSettings, StepRule};

/// How the optimiser searches (`tuner evolve` records it in the run's
/// config.toml; `--resume` takes it from there).
#[derive(clap::Args, Clone, Debug)]
pub struct SearchArgs {
    /// The share of the GA's children that should hold against their
    /// parent (score not below it by more than --step-tolerance): after
    /// each generation every gene's step grows while more of the children
    /// that moved it held, and shrinks while fewer did. 0: fixed steps
    /// (every step 0.08 of the range).
    #[arg(long, default_value_t = Adapt::default().target, value_parser = parse_target)]
    pub step_target: f64,
    /// How far below its parent a child may score and still hold, in
    /// fitness (0.01: one point of win rate).
    #[arg(long, default_value_t = Adapt::default().tolerance, value_parser = parse_tolerance)]
    pub step_tolerance: f64,
    /// The memory of each gene's evolution path: the share of it one
    /// generation replaces. While the children that held kept moving a
    /// gene one way, its step grows (a far optimum); 0: no path, the
    /// share of children that held alone sets the steps.
    #[arg(long, default_value_t = Adapt::default().path, value_parser = parse_path)]
    pub step_path: f64,
    /// The first generation's spread, a fraction of each gene's range:
    /// with adapted steps, where every step starts (each genome after the
    /// initial ones is a mutant of one); with fixed steps, every free gene
    /// of a copy moved by a normal step of it at once (a switch flipped
    /// with twice this probability).
    #[arg(long, default_value_t = crate::tune::optim::toolkit::INIT_SIGMA, value_parser = parse_init_sigma)]
    pub init_sigma: f64,
    /// The GA's diversity floor: while the population's spread over its
    /// free genes (mean standard deviation, fraction of each range) is
    /// below it, the wide children's mutation step grows by floor /
    /// spread, at most 4×; 0: off.
    #[arg(long, default_value_t = GaSettings::default().diversity_floor, value_parser = parse_floor)]
    pub diversity_floor: f64,
    /// The share of the GA's children that take the floor's wider step
    /// (0.5: every second one; 1: all).
    #[arg(long, default_value_t = GaSettings::default().wide_share, value_parser = parse_share)]
    pub wide_share: f64,
    /// Whether the GA's second elite is the better half's rank-weighted
    /// centroid (else the second best genome).
    #[arg(long, default_value_t = GaSettings::default().centroid_elite, action = clap::ArgAction::Set)]
    pub centroid_elite: bool,
    /// CMA-ES's first step size, a fraction of each gene's range (0–1,
    /// not 0). Small suits a start near its optimum, as a champion is;
    /// `tuner optbench --terrain tuned` measures it.
    #[arg(long, default_value_t = crate::tune::optim::cmaes::SIGMA0, value_parser = parse_sigma)]
    pub cmaes_sigma: f64,
    /// Genes the GA leaves as the initial genomes have them: names, or
    /// `prefix*` (e.g. `prio_*`), comma-separated or repeated.
    #[arg(long, value_delimiter = ',')]
    pub freeze: Vec<String>,
}

impl SearchArgs {
    /// Every optimiser's settings these flags make.
    pub fn choices(&self) -> Choices {
        Choices {
            ga: self.ga(),
            cmaes: CmaesSettings {
                sigma: self.cmaes_sigma,
            },
        }
    }

    /// The GA's settings these flags make (`--step-target 0`: fixed steps).
    fn ga(&self) -> GaSettings {
        let steps = match self.step_target > 0.0 {
            true => StepRule::Adapted(Adapt {
                target: self.step_target,
                tolerance: self.step_tolerance,
                path: self.step_path,
                ..Adapt::default()
            }),
            false => StepRule::Fixed,
        };
        GaSettings {
            steps,
            diversity_floor: self.diversity_floor,
            wide_share: self.wide_share,
            centroid_elite: self.centroid_elite,
            ..GaSettings::default()
        }
    }
}

/// A fraction outside what its flag takes (`what` says of what).
#[derive(Debug, thiserror::Error)]
#[error("{given:?}: {what}, {takes}")]
pub struct BadFraction {
    given: String,
    what: &'static str,
    takes: &'static str,
}

/// `s` as a fraction that `ok` accepts, else what the flag takes.
fn fraction(
    s: &str,
    ok: fn(f64) -> bool,
    what: &'static str,
    takes: &'static str,
) -> Result<f64, BadFraction> {
    s.parse::<f64>()
        .ok()
        .filter(|&f| ok(f))
        .ok_or_else(|| BadFraction {
            given: s.to_string(),
            what,
            takes,
        })
}

/// `--diversity-floor`: 0 (off) to 1.
fn parse_floor(s: &str) -> Result<f64, BadFraction> {
    let ok = zero_to_one;
    fraction(
        s,
        ok,
        "a diversity floor is a fraction of each gene's range",
        "0 (off) to 1",
    )
}

/// `--step-tolerance`: 0 to 1, in fitness.
fn parse_tolerance(s: &str) -> Result<f64, BadFraction> {
    let ok = zero_to_one;
    fraction(
        s,
        ok,
        "a child's tolerance below its parent is a win rate",
        "0 to 1 (0.01: one point)",
    )
}

/// `--step-path`: 0 (no path) to 1.
fn parse_path(s: &str) -> Result<f64, BadFraction> {
    let ok = zero_to_one;
    fraction(s, ok, "a path's memory is a fraction", "0 (no path) to 1")
}

/// `--step-target`: 0 (fixed steps) or above, below 1.
fn parse_target(s: &str) -> Result<f64, BadFraction> {
    let ok = |f: f64| (0.0..1.0).contains(&f);
    fraction(
        s,
        ok,
        "the target is a share of the children",
        "0 (fixed steps) to below 1",
    )
}

/// `--wide-share`: above 0, at most 1.
fn parse_share(s: &str) -> Result<f64, BadFraction> {
    let ok = above_zero_to_one;
    fraction(
        s,
        ok,
        "the wide share is a share of the children",
        "above 0 and at most 1",
    )
}

/// `--init-sigma`: above 0, at most 1.
fn parse_init_sigma(s: &str) -> Result<f64, BadFraction> {
    let ok = above_zero_to_one;
    fraction(
        s,
        ok,
        "the first generation's spread is a fraction of each gene's range",
        "above 0 and at most 1",
    )
}

/// `--cmaes-sigma`: above 0, at most 1.
fn parse_sigma(s: &str) -> Result<f64, BadFraction> {
    let ok = above_zero_to_one;
    fraction(
        s,
        ok,
        "CMA-ES's step is a fraction of each gene's range",
        "above 0 and at most 1",
    )
}

/// 0 to 1, both included.
fn zero_to_one(f: f64) -> bool {
    (0.0..=1.0).contains(&f)
}

/// Above 0, at most 1.
fn above_zero_to_one(f: f64) -> bool {
    f > 0.0 && f <= 1.0
}
