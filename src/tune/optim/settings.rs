//! Which optimiser a run uses, with its own settings (`OptimizerSettings`),
//! what a checkpoint keeps of each (`State`), and the one place that
//! starts or resumes each behind the `Optimizer` trait. `Choices` holds
//! every optimiser's settings, as `tuner evolve` and `tuner optbench`
//! decode their flags, one of which a run or a contender picks by kind.

use super::cmaes::{Cmaes, CmaesSettings};
use super::ga::{Ga, GaSettings, GaState};
use super::random::Random;
use super::{Optimizer, OptimizerKind, Resume, Start};
use crate::rng::derive_seed;

/// An optimiser and its settings.
#[derive(Clone, Debug, PartialEq)]
pub enum OptimizerSettings {
    Ga(GaSettings),
    Cmaes(CmaesSettings),
    Random,
}

/// Every optimiser's settings, one picked by kind.
#[derive(Clone, Debug, PartialEq)]
pub struct Choices {
    pub ga: GaSettings,
    pub cmaes: CmaesSettings,
}

impl Choices {
    pub fn pick(&self, kind: OptimizerKind) -> OptimizerSettings {
        match kind {
            OptimizerKind::Ga => OptimizerSettings::Ga(self.ga.clone()),
            OptimizerKind::Cmaes => OptimizerSettings::Cmaes(self.cmaes),
            OptimizerKind::Random => OptimizerSettings::Random,
        }
    }
}

impl Default for OptimizerSettings {
    /// The GA with its default settings.
    fn default() -> OptimizerSettings {
        OptimizerSettings::Ga(GaSettings::default())
    }
}

impl OptimizerSettings {
    pub fn kind(&self) -> OptimizerKind {
        match self {
            OptimizerSettings::Ga(_) => OptimizerKind::Ga,
            OptimizerSettings::Cmaes(_) => OptimizerKind::Cmaes,
            OptimizerSettings::Random => OptimizerKind::Random,
        }
    }

    /// The GA's settings, in a run that uses it.
    pub fn ga(&self) -> Option<&GaSettings> {
        match self {
            OptimizerSettings::Ga(g) => Some(g),
            _ => None,
        }
    }

    /// The optimiser's own stream in a run of seed `seed`: the GA's the
    /// run's seed, another's named by it.
    pub fn stream(&self, seed: u64) -> u64 {
        match self {
            OptimizerSettings::Ga(_) => seed,
            _ => derive_seed(&[seed, 0x0B7]),
        }
    }

    /// A fresh optimiser: its first generation made from `s`.
    pub fn start(&self, s: &Start) -> Box<dyn Optimizer + Send> {
        match self {
            OptimizerSettings::Ga(g) => Box::new(Ga::new(g, s)),
            OptimizerSettings::Cmaes(c) => Box::new(Cmaes::new(c, s)),
            OptimizerSettings::Random => Box::new(Random::new(s)),
        }
    }

    /// The optimiser going on from `state`, which must be its own kind's.
    pub fn resume(
        &self,
        state: State,
        r: &Resume,
    ) -> Result<Box<dyn Optimizer + Send>, WrongState> {
        match (self, state) {
            (OptimizerSettings::Ga(g), State::Ga(st)) => Ok(Box::new(Ga::resume(g, &st, r))),
            (OptimizerSettings::Cmaes(_), State::Cmaes(c)) => Ok(c),
            (OptimizerSettings::Random, State::Random(x)) => Ok(x),
            (s, st) => Err(WrongState {
                settings: s.kind(),
                state: st.kind(),
            }),
        }
    }
}

/// An optimiser's state as checkpoint.json keeps it.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum State {
    Ga(GaState),
    Cmaes(Box<Cmaes>),
    Random(Box<Random>),
}

impl State {
    /// The GA's state, in a GA run.
    pub fn ga(&self) -> Option<&GaState> {
        match self {
            State::Ga(g) => Some(g),
            _ => None,
        }
    }

    pub fn kind(&self) -> OptimizerKind {
        match self {
            State::Ga(_) => OptimizerKind::Ga,
            State::Cmaes(_) => OptimizerKind::Cmaes,
            State::Random(_) => OptimizerKind::Random,
        }
    }
}

/// A state of one optimiser given to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("it holds the state of {state}, and the run's config.toml runs {settings}")]
pub struct WrongState {
    pub settings: OptimizerKind,
    pub state: OptimizerKind,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tune::optim::toolkit::INIT_SIGMA;
    use yacht_core::genome::{Genome, N_GENES};

    #[test]
    fn each_optimiser_resumes_from_its_own_state_only() {
        let choices = Choices {
            ga: GaSettings::default(),
            cmaes: CmaesSettings::default(),
        };
        let (starts, none) = ([Genome::default()], [false; N_GENES]);
        let start = Start {
            starts: &starts,
            population: 6,
            frozen: &none,
            init_sigma: INIT_SIGMA,
            seed: 3,
            first_seed: 4,
        };
        for kind in OptimizerKind::ALL {
            let settings = choices.pick(kind);
            assert_eq!(settings.kind(), kind);
            let mut opt = settings.start(&start);
            let pop = opt.ask();
            let fitness: Vec<f64> = (0..pop.len()).map(|i| i as f64 / 10.0).collect();
            let r = Resume {
                population: &pop,
                frozen: &none,
                seed: settings.stream(3),
                generation: 0,
            };
            let mut again = settings.resume(opt.state(), &r).unwrap();
            opt.tell(&fitness, &fitness);
            again.tell(&fitness, &fitness);
            assert_eq!(opt.ask(), again.ask(), "{kind}");
            assert_eq!(opt.state(), again.state(), "{kind}");
            let other = choices.pick(OptimizerKind::ALL[(kind as usize + 1) % 3]);
            let wrong = other.resume(opt.state(), &r).err().unwrap();
            assert_eq!(wrong.state, kind);
        }
    }
}
