//! The genetic algorithm on genomes, as genevo lays it out: the operator
//! traits and the one generation step that composes them here, one operator
//! per file beside it — `selection` (tournament), `crossover` (BLX-α),
//! `mutation` (a Gaussian step by each gene's step), `elite` (the best
//! genome and the better half's centroid) — and `settings` (`GaSettings`
//! and the `[ga]` table they are recorded as), `lineage` (whom each genome
//! is measured against), `adapt` (how large the steps are and how they
//! change: the step rule, the success rule, the paths, the diversity
//! floor's wide step), `first` (the first generation) and `optimizer`
//! (`Ga`: the GA behind the `Optimizer` trait, its state kept as
//! `GaState`). What every optimiser shares (frozen genes, the first
//! population, how a kind of gene moves by a step, diversity, ranks) is
//! `optim::toolkit`'s. Pure: it sees genomes and fitness values, never
//! dice.
//!
//! A seed's bytes depend on the order of the draws, which this step fixes:
//! for each child, two selections, the crossover's draw for the pair, then
//! gene by gene (free genes only) the crossover's draw and the mutation's.

pub mod adapt;
mod crossover;
mod elite;
mod first;
mod lineage;
mod mutation;
mod optimizer;
mod selection;
mod settings;

pub use adapt::{Adapt, MAX_BOOST, Paths, STEP_BOUNDS, StepRule, Steps};
pub use crossover::Blx;
pub use elite::Elites;
pub use first::first_brood;
pub use lineage::{Brood, Lineage, Parent};
pub use mutation::Gaussian;
pub use optimizer::{Ga, GaState};
pub use selection::Tournament;
pub use settings::{GaRecord, GaSettings};

use crate::tune::optim::toolkit::{FrozenGenes, ranking};
use rand_core::SeedableRng;
use rand_pcg::Pcg32;
use yacht_core::genome::{GENES, Genome};

/// Picks a parent.
pub trait SelectionOp {
    /// A parent: its index in the population, chosen by `fitness`.
    fn select(&self, fitness: &[f64], rng: &mut Pcg32) -> usize;
}

/// Makes a child's genes from two parents.
pub trait CrossoverOp {
    /// The child of `a` and `b`, before mutation: what the pair draws once
    /// is drawn here; the function returned gives free gene `i`, drawing
    /// as it goes (the step calls it gene by gene, between the mutation's
    /// draws).
    fn mate<'p>(
        &self,
        a: &'p Genome,
        b: &'p Genome,
        rng: &mut Pcg32,
    ) -> impl Fn(usize, &mut Pcg32) -> f64 + use<'p, Self>;
}

/// Moves a child's gene.
pub trait MutationOp {
    /// Gene `gene` (its index) of child `child` (0, 1, … after the
    /// elites), `value` as the crossover made it; the step clamps the
    /// result to the bounds.
    fn mutate(&self, child: usize, gene: usize, value: f64, rng: &mut Pcg32) -> f64;
}

/// Keeps genomes into the next generation.
pub trait ElitismOp {
    /// The elites, at most `pop.len()` of them; `order` ranks `pop`, best
    /// first. Frozen genes are left as a genome of `pop` has them.
    fn elites(&self, pop: &[Genome], order: &[usize], frozen: &FrozenGenes) -> Vec<Genome>;
}

/// The four operators of a generation step.
pub struct Operators<S, C, M, E> {
    pub selection: S,
    pub crossover: C,
    pub mutation: M,
    pub elitism: E,
}

impl Operators<Tournament, Blx, Gaussian, Elites> {
    /// The GA's operators as `s` sets them, mutating by `steps`, for
    /// breeding from `pop` (the mutation's wide step reads its diversity).
    pub fn of(s: &GaSettings, steps: Steps, pop: &[Genome], frozen: &FrozenGenes) -> Self {
        Operators {
            selection: Tournament { size: s.tournament },
            crossover: Blx {
                rate: s.crossover,
                alpha: s.blx_alpha,
            },
            mutation: Gaussian::new(s, steps, pop, frozen),
            elitism: Elites {
                count: s.elites,
                centroid: s.centroid_elite,
            },
        }
    }
}

impl<S: SelectionOp, C: CrossoverOp, M: MutationOp, E: ElitismOp> Operators<S, C, M, E> {
    /// **The generation step**: the elites, then children to `pop`'s size,
    /// each from two selected parents (by `fitness`), crossed and mutated
    /// gene by gene and clamped to the bounds; a child's frozen genes are
    /// its first parent's, and it is measured against that parent's
    /// `score` (its lineage).
    pub fn breed(
        &self,
        pop: &[Genome],
        fitness: &[f64],
        score: &[f64],
        frozen: &FrozenGenes,
        rng: &mut Pcg32,
    ) -> Brood {
        let genomes = self.elitism.elites(pop, &ranking(fitness), frozen);
        let elites = genomes.len();
        let mut next = Brood {
            lineage: vec![Lineage::none(); elites],
            genomes,
        };
        while next.genomes.len() < pop.len() {
            let first = self.selection.select(fitness, rng);
            let a = &pop[first];
            let b = &pop[self.selection.select(fitness, rng)];
            let crossed = self.crossover.mate(a, b, rng);
            let k = next.genomes.len() - elites;
            let mut child = a.clone();
            for (i, g) in GENES.iter().enumerate().filter(|&(i, _)| !frozen[i]) {
                let v = crossed(i, rng);
                let moved = self.mutation.mutate(k, i, v, rng);
                child.genes[i] = g.kind.decode(moved.clamp(g.min, g.max));
            }
            next.lineage
                .push(Lineage::of(&child, a, Parent::Scored(score[first])));
            next.genomes.push(child);
        }
        next
    }
}

/// The next generation from a population and its fitness by the GA's
/// operators as `s` sets them, every step `s.mutation_sigma`, with `seed`
/// naming this generation's random stream. A child's frozen genes are its
/// first parent's.
pub fn next_generation(
    pop: &[Genome],
    fitness: &[f64],
    s: &GaSettings,
    frozen: &FrozenGenes,
    seed: u64,
) -> Vec<Genome> {
    let steps = Steps::uniform(s.mutation_sigma);
    next_brood(pop, fitness, fitness, s, &steps, frozen, seed).genomes
}

/// The next generation as [`next_generation`] makes it, mutating by
/// `steps`, each child with its lineage: its first parent and that
/// parent's `score`.
pub fn next_brood(
    pop: &[Genome],
    fitness: &[f64],
    score: &[f64],
    s: &GaSettings,
    steps: &Steps,
    frozen: &FrozenGenes,
    seed: u64,
) -> Brood {
    let mut rng = Pcg32::seed_from_u64(seed);
    Operators::of(s, steps.clone(), pop, frozen).breed(pop, fitness, score, frozen, &mut rng)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::tune::optim::toolkit::perturbed;
    use yacht_core::genome::N_GENES;

    pub const NONE: FrozenGenes = [false; N_GENES];

    /// `n` genomes around the default, each its own seed.
    pub fn pop(n: usize) -> Vec<Genome> {
        (0..n)
            .map(|i| perturbed(&Genome::default(), 0.2, &NONE, i as u64))
            .collect()
    }

    #[test]
    fn children_stay_in_bounds_and_elites_survive() {
        let p = pop(12);
        let fit: Vec<f64> = (0..12).map(|i| i as f64 / 12.0).collect();
        let s = GaSettings {
            mutation_rate: 1.0,
            mutation_sigma: 0.5,
            ..GaSettings::classic()
        };
        let next = next_generation(&p, &fit, &s, &NONE, 9);
        assert_eq!(next.len(), 12);
        assert_eq!(next[0], p[11]);
        assert_eq!(next[1], p[10]);
        for g in &next {
            for (v, spec) in g.genes.iter().zip(GENES.iter()) {
                assert!((spec.min..=spec.max).contains(v));
            }
        }
        assert_eq!(next, next_generation(&p, &fit, &s, &NONE, 9));
        assert_ne!(next, next_generation(&p, &fit, &s, &NONE, 10));
    }
}
