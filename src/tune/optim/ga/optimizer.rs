//! The genetic algorithm as an [`Optimizer`]: the population evolves by
//! the GA's operators, one seeded stream per generation, from its first
//! brood (`first`). With adapted steps (`StepRule::Adapted`) it also keeps
//! each gene's step and whom each genome is measured against, and after
//! each generation moves the steps by how the children fared (the success
//! rule) and by which way the ones that held moved each gene (the paths).
//! It breeds from the genes that act in its population: the run offers
//! them each generation.

use super::adapt::{Paths, StepRule, Steps, adapt};
use super::first::first_brood;
use super::lineage::Lineage;
use super::next_brood;
use super::settings::GaSettings;
use crate::rng::derive_seed;
use crate::tune::optim::toolkit::FrozenGenes;
use crate::tune::optim::{Adapting, Optimizer, Resume, Start, State, best_of};
use serde::{Deserialize, Serialize};
use yacht_core::genome::Genome;

pub struct Ga {
    population: Vec<Genome>,
    last: Vec<Genome>,
    last_fitness: Vec<f64>,
    settings: GaSettings,
    frozen: FrozenGenes,
    seed: u64,
    generation: u64,
    /// Each gene's step (every one `mutation_sigma` with fixed steps).
    steps: Steps,
    /// Each gene's evolution path (zero with fixed steps or no path).
    paths: Paths,
    /// Whom each genome of `population` is measured against.
    lineage: Vec<Lineage>,
    /// The share of the last generation's children that held (None
    /// before a generation, or with fixed steps).
    held: Option<f64>,
}

/// What a checkpoint keeps of the GA beside its population: with adapted
/// steps the steps, the paths and the population's lineage; with fixed
/// steps nothing.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct GaState {
    /// Each gene's step, by gene name.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub steps: Vec<(String, f64)>,
    /// Each gene's evolution path, by gene name (empty: all zero).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub paths: Vec<(String, f64)>,
    /// Whom each genome of the population is measured against.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub lineage: Vec<Lineage>,
    /// The share of the last generation's children that held.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub held: Option<f64>,
}

impl Ga {
    /// The GA's first generation from the starts (`first_brood`), with
    /// fixed steps or its first adapted ones at `s.init_sigma`.
    pub fn new(settings: &GaSettings, s: &Start) -> Ga {
        let steps = match settings.steps {
            StepRule::Fixed => Steps::uniform(settings.mutation_sigma),
            StepRule::Adapted(_) => Steps::start(s.init_sigma),
        };
        let brood = first_brood(settings, &steps, s);
        Ga {
            population: brood.genomes,
            last: Vec::new(),
            last_fitness: Vec::new(),
            settings: settings.clone(),
            frozen: *s.frozen,
            seed: s.seed,
            generation: 0,
            steps,
            paths: Paths::zero(),
            lineage: brood.lineage,
            held: None,
        }
    }

    /// The GA at `r.generation` with `r.population` to evaluate and what a
    /// checkpoint kept of it; each generation's stream is named by
    /// (`r.seed`, generation).
    pub fn resume(settings: &GaSettings, state: &GaState, r: &Resume) -> Ga {
        let n = r.population.len();
        let fixed = || (Steps::uniform(settings.mutation_sigma), Paths::zero(), None);
        let (steps, paths, held) = match settings.steps {
            StepRule::Adapted(_) if !state.steps.is_empty() => (
                Steps::from_named(&state.steps, settings.mutation_sigma),
                Paths::from_named(&state.paths),
                state.held,
            ),
            _ => fixed(),
        };
        let lineage = match state.lineage.len() == n && settings.steps != StepRule::Fixed {
            true => state.lineage.clone(),
            false => vec![Lineage::none(); n],
        };
        Ga {
            population: r.population.to_vec(),
            last: Vec::new(),
            last_fitness: Vec::new(),
            settings: settings.clone(),
            frozen: *r.frozen,
            seed: r.seed,
            generation: r.generation,
            steps,
            paths,
            lineage,
            held,
        }
    }

    /// The steps the next generation is bred with.
    pub fn steps(&self) -> &Steps {
        &self.steps
    }

    /// What a checkpoint keeps beside the population.
    pub fn ga_state(&self) -> GaState {
        match self.settings.steps {
            StepRule::Fixed => GaState::default(),
            StepRule::Adapted(a) => GaState {
                steps: self.steps.named(),
                paths: match a.path > 0.0 {
                    true => self.paths.named(),
                    false => Vec::new(),
                },
                lineage: self.lineage.clone(),
                held: self.held,
            },
        }
    }
}

impl Optimizer for Ga {
    fn ask(&mut self) -> Vec<Genome> {
        self.population.clone()
    }

    fn tell(&mut self, fitness: &[f64], score: &[f64]) {
        if let StepRule::Adapted(a) = &self.settings.steps {
            let factor = self.paths.follow(&self.lineage, score, a);
            self.held = adapt(&mut self.steps, &self.lineage, score, a);
            self.steps.scale(&factor);
        }
        let seed = derive_seed(&[self.seed, 0x6A, self.generation]);
        let next = next_brood(
            &self.population,
            fitness,
            score,
            &self.settings,
            &self.steps,
            &self.frozen,
            seed,
        );
        self.lineage = next.lineage;
        self.last = std::mem::replace(&mut self.population, next.genomes);
        self.last_fitness = fitness.to_vec();
        self.generation += 1;
    }

    /// The last generation's two best.
    fn proposals(&self) -> Vec<Genome> {
        best_of(&self.last, &self.last_fitness, 2)
    }

    /// Validation takes the top of the last population by their mean
    /// over re-evaluations (the elites are measured again each generation).
    fn proposes(&self) -> bool {
        false
    }

    fn state(&self) -> State {
        State::Ga(self.ga_state())
    }

    /// It breeds from the genes that act in the population it breeds from.
    fn offer(&mut self, frozen: &FrozenGenes) -> bool {
        self.frozen = *frozen;
        true
    }

    fn adapting(&self) -> Option<Adapting> {
        self.settings.steps.adapted().map(|_| Adapting {
            step: self.steps.typical(&self.frozen),
            held: self.held,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tune::optim::ga::Parent;
    use crate::tune::optim::toolkit::INIT_SIGMA;
    use yacht_core::genome::{GENES, Kind, N_GENES};

    const NONE: FrozenGenes = [false; N_GENES];

    fn start(initial: &[Genome]) -> Start<'_> {
        Start {
            starts: initial,
            population: 10,
            frozen: &NONE,
            init_sigma: INIT_SIGMA,
            seed: 5,
            first_seed: 5,
        }
    }

    /// A real gene's step after one generation in which every child scored
    /// `child` and every start 0.5.
    fn step_after(child: f64) -> f64 {
        let initial = [Genome::default()];
        let mut opt = Ga::new(&GaSettings::default(), &start(&initial));
        let pop = opt.ask();
        let score: Vec<f64> = (0..pop.len())
            .map(|i| if i == 0 { 0.5 } else { child })
            .collect();
        opt.tell(&score, &score);
        let real = GENES.iter().position(|g| g.kind == Kind::Real).unwrap();
        opt.steps().0[real]
    }

    #[test]
    fn steps_grow_when_children_hold_and_shrink_when_they_lose() {
        assert!(step_after(0.5) > INIT_SIGMA * 1.5, "{}", step_after(0.5));
        assert!(step_after(0.45) < INIT_SIGMA / 1.5, "{}", step_after(0.45));
    }

    #[test]
    fn the_first_generation_is_measured_against_its_start_and_a_resumed_ga_breeds_the_same() {
        let (initial, ga) = ([Genome::default()], GaSettings::default());
        let mut opt = Ga::new(&ga, &start(&initial));
        let pop = opt.ask();
        let state = opt.ga_state();
        assert_eq!(state.lineage[0].parent, Parent::None);
        assert!(
            state.lineage[1..]
                .iter()
                .all(|l| l.parent == Parent::Here(0))
        );
        let score: Vec<f64> = (0..pop.len()).map(|i| 0.5 + i as f64 / 100.0).collect();
        // One GA told; another resumed from what a checkpoint keeps.
        let r = Resume {
            population: &pop,
            frozen: &NONE,
            seed: 5,
            generation: 0,
        };
        let mut again = Ga::resume(&ga, &state, &r);
        opt.tell(&score, &score);
        again.tell(&score, &score);
        assert_eq!(opt.ask(), again.ask());
        assert_eq!(opt.ga_state(), again.ga_state());
        // Children of the second generation are measured against their
        // first parent's score in the first.
        let next = opt.ga_state();
        assert!(
            next.lineage
                .iter()
                .any(|l| matches!(l.parent, Parent::Scored(_)))
        );
        // Fixed steps keep nothing, and record no step.
        let fixed = Ga::new(&GaSettings::fixed(), &start(&initial));
        assert_eq!(fixed.ga_state(), GaState::default());
        assert_eq!(fixed.adapting(), None);
    }
}
