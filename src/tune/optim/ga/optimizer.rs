//! The genetic algorithm as an [`Optimizer`]: the population evolves by
//! the GA's operators, one seeded stream per generation. With adapted
//! steps (`GaSettings::adapt`) it also keeps each gene's step and whom
//! each genome is measured against, and after each generation moves the
//! steps by how the children fared (`Steps`) and by which way the ones
//! that held moved each gene (`Paths`).

use super::{Brood, GaSettings, Lineage, Paths, Steps, first_brood, next_brood};
use crate::rng::derive_seed;
use crate::tune::optim::toolkit::FrozenGenes;
use crate::tune::optim::{Optimizer, Start, best_of};
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
    /// Each gene's step (every one `mutation_sigma` without adaptation).
    steps: Steps,
    /// Each gene's evolution path (zero without adaptation or a path).
    paths: Paths,
    /// Whom each genome of `population` is measured against.
    lineage: Vec<Lineage>,
    /// The share of the last generation's children that held (None
    /// before a generation, or without adaptation).
    held: Option<f64>,
}

/// What a checkpoint keeps of the GA beside its population: the steps and
/// the population's lineage (runs with adapted steps only).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GaState {
    /// Each gene's step, by gene name.
    pub steps: Vec<(String, f64)>,
    /// Each gene's evolution path, by gene name (empty: all zero).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub paths: Vec<(String, f64)>,
    /// Whom each genome of the population is measured against.
    pub lineage: Vec<Lineage>,
    /// The share of the last generation's children that held.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub held: Option<f64>,
}

impl Ga {
    /// The first generation from the initial genomes: with adapted steps
    /// the starts and their mutants at `s.init_sigma` ([`first_brood`]), else
    /// the initial genomes cycled to the population's size (the caller
    /// perturbs them, as `first_population` does).
    pub fn new(s: &Start) -> Ga {
        let steps = Steps::start(s.init_sigma);
        let brood = match s.ga.adapt {
            Some(_) => first_brood(
                s.initial,
                s.population,
                s.ga.mutation_rate,
                &steps,
                s.frozen,
                s.seed,
            ),
            None => {
                let genomes: Vec<Genome> = s
                    .initial
                    .iter()
                    .cycle()
                    .take(s.population)
                    .cloned()
                    .collect();
                Brood {
                    lineage: vec![Lineage::none(); genomes.len()],
                    genomes,
                }
            }
        };
        let state = s.ga.adapt.map(|_| GaState {
            steps: steps.named(),
            paths: Vec::new(),
            lineage: brood.lineage,
            held: None,
        });
        Ga::resume(brood.genomes, state.as_ref(), s.ga, s.frozen, s.seed, 0)
    }

    /// The GA at `generation` with this population to evaluate and, with
    /// adapted steps, its `state` (a run's checkpoint keeps both); each
    /// generation's stream is named by (`seed`, generation), as `tuner
    /// evolve` always named it.
    pub fn resume(
        population: Vec<Genome>,
        state: Option<&GaState>,
        settings: &GaSettings,
        frozen: &FrozenGenes,
        seed: u64,
        generation: u64,
    ) -> Ga {
        let fixed = Steps::uniform(settings.mutation_sigma);
        let (steps, paths, lineage, held) = match (settings.adapt, state) {
            (Some(_), Some(st)) => (
                Steps::from_named(&st.steps, settings.mutation_sigma),
                Paths::from_named(&st.paths),
                st.lineage.clone(),
                st.held,
            ),
            _ => (
                fixed,
                Paths::zero(),
                vec![Lineage::none(); population.len()],
                None,
            ),
        };
        Ga {
            population,
            last: Vec::new(),
            last_fitness: Vec::new(),
            settings: settings.clone(),
            frozen: *frozen,
            seed,
            generation,
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

    /// What a checkpoint keeps beside the population (adapted steps only).
    pub fn ga_state(&self) -> Option<GaState> {
        self.settings.adapt.map(|a| GaState {
            steps: self.steps.named(),
            paths: match a.path > 0.0 {
                true => self.paths.named(),
                false => Vec::new(),
            },
            lineage: self.lineage.clone(),
            held: self.held,
        })
    }
}

impl Optimizer for Ga {
    fn ask(&mut self) -> Vec<Genome> {
        self.population.clone()
    }

    fn tell(&mut self, fitness: &[f64], score: &[f64]) {
        if let Some(adapt) = &self.settings.adapt {
            let factor = self.paths.follow(&self.lineage, score, adapt);
            self.held = self.steps.adapt(&self.lineage, score, adapt);
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
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tune::optim::ga::Parent;
    use crate::tune::optim::toolkit::INIT_SIGMA;
    use yacht_core::genome::{GENES, Kind, N_GENES};

    fn start<'a>(initial: &'a [Genome], ga: &'a GaSettings, frozen: &'a FrozenGenes) -> Start<'a> {
        Start {
            initial,
            population: 10,
            frozen,
            ga,
            seed: 5,
            cmaes_sigma: 0.1,
            init_sigma: INIT_SIGMA,
        }
    }

    /// A real gene's step after one generation in which every child scored
    /// `child` and every start 0.5.
    fn step_after(child: f64) -> f64 {
        let (initial, ga, frozen) = ([Genome::default()], GaSettings::default(), [false; N_GENES]);
        let mut opt = Ga::new(&start(&initial, &ga, &frozen));
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
        let (initial, ga, frozen) = ([Genome::default()], GaSettings::default(), [false; N_GENES]);
        let mut opt = Ga::new(&start(&initial, &ga, &frozen));
        let pop = opt.ask();
        let state = opt.ga_state().unwrap();
        assert_eq!(state.lineage[0].parent, Parent::None);
        assert!(
            state.lineage[1..]
                .iter()
                .all(|l| l.parent == Parent::Here(0))
        );
        let score: Vec<f64> = (0..pop.len()).map(|i| 0.5 + i as f64 / 100.0).collect();
        // One GA told; another resumed from what a checkpoint keeps.
        let mut again = Ga::resume(pop.clone(), Some(&state), &ga, &frozen, 5, 0);
        opt.tell(&score, &score);
        again.tell(&score, &score);
        assert_eq!(opt.ask(), again.ask());
        assert_eq!(opt.ga_state(), again.ga_state());
        // Children of the second generation are measured against their
        // first parent's score in the first.
        let next = opt.ga_state().unwrap();
        assert!(
            next.lineage
                .iter()
                .any(|l| matches!(l.parent, Parent::Scored(_)))
        );
        // Fixed steps keep no state.
        let fixed = GaSettings::fixed();
        assert_eq!(Ga::new(&start(&initial, &fixed, &frozen)).ga_state(), None);
    }
}
