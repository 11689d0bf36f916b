//! SPSA (Spall, "Implementation of the simultaneous perturbation
//! algorithm for stochastic optimization", 1998) as an [`Optimizer`]: one
//! centre θ over the free genes (each as a fraction of its range). Each
//! generation draws `population / 2` directions Δ of random signs and asks
//! the pairs θ + cΔ and θ − cΔ (and θ itself when the population is odd);
//! a generation is played flat, so a pair meets the same dice. The pairs'
//! differences estimate the gradient, f(θ + cΔ) − f(θ − cΔ) ≈ 2c ∇f·Δ
//! (the curvature cancels), and θ moves by the gain times that estimate.
//! Every measurement is used, none is selected: a noisy genome's luck does
//! not become the search's step, and a flat gene, whose differences are
//! noise, hardly moves. The gains fall with the generations (Spall's
//! exponents). A count, a switch or a choice is perturbed by one of its
//! steps, so that the pair plays two different values, and moves in its
//! own steps (a diagonal scaling); near a bound a pair straddles a point
//! moved in from it, so both sides stay the same distance apart. It puts
//! forward θ and its exponential average.

use super::{Optimizer, Start, free_genes, from_unit, to_unit};
use crate::rng::{derive_seed, unit};
use crate::tune::named::NamedGenes;
use rand_core::SeedableRng;
use rand_pcg::Pcg32;
use serde::{Deserialize, Serialize};
use yacht_core::genome::{GENES, Genome, Kind as GeneKind};

/// The first perturbation, a fraction of each range: the GA's plain step.
pub const C0: f64 = 0.08;
/// How the perturbation falls: c_k = C0 / (k + 1)^GAMMA.
const GAMMA: f64 = 0.101;
/// The first gain: a_k = A0 / (k + 1 + STABILITY)^ALPHA, in fractions of
/// a range per unit of fitness per range. With a_0 ≈ 0.3 a gene whose
/// plain step costs half a point (the champion's steepest real genes)
/// moves back a third of its distance a generation, without overshoot.
pub const A0: f64 = 0.6;
const ALPHA: f64 = 0.602;
const STABILITY: f64 = 2.0;
/// The rate of the centres' exponential average (a second proposal).
const AVERAGE: f64 = 0.3;

/// The centre and what the last generation asked: all a checkpoint needs
/// to go on to the same genomes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Spsa {
    /// The frozen genes' values (the first initial genome).
    base: NamedGenes,
    free: Vec<usize>,
    population: usize,
    seed: u64,
    generation: u64,
    theta: Vec<f64>,
    average: Vec<f64>,
    /// The last generation's pairs, as asked (fractions of ranges): the
    /// plus point, then the minus point.
    asked: Vec<(Vec<f64>, Vec<f64>)>,
}

impl Spsa {
    /// Centred on the first initial genome.
    pub fn new(s: &Start) -> Spsa {
        let free = free_genes(s.frozen);
        let base = s.initial[0].clone();
        let theta: Vec<f64> = free.iter().map(|&i| to_unit(i, base.genes[i])).collect();
        Spsa {
            base: NamedGenes::from(&base),
            free,
            population: s.population.max(2),
            seed: s.seed,
            generation: 0,
            average: theta.clone(),
            theta,
            asked: Vec::new(),
        }
    }

    fn genome(&self, x: &[f64]) -> Genome {
        let mut g = self.base.genome.clone();
        for (&i, &y) in self.free.iter().zip(x) {
            g.genes[i] = from_unit(i, y);
        }
        g
    }

    /// This generation's perturbation of every real gene (a fraction of
    /// its range).
    fn c(&self) -> f64 {
        C0 / ((self.generation + 1) as f64).powf(GAMMA)
    }

    /// This generation's perturbation of the k-th free gene: a count by
    /// at least one of its steps, a switch or a choice by one step (at
    /// most half its range).
    fn perturbation(&self, k: usize) -> f64 {
        let g = &GENES[self.free[k]];
        let one = (1.0 / (g.max - g.min)).min(0.5);
        match g.kind {
            GeneKind::Real => self.c(),
            GeneKind::Count(_) => self.c().max(one),
            GeneKind::Switch | GeneKind::Choice(_) => one,
        }
    }

    /// Where the k-th gene's pairs straddle: the centre, moved in from a
    /// bound so that both sides of a pair are the same distance away (a
    /// one-sided pair would leak its curvature into every gene's
    /// estimate). A switch's pairs play it on and off.
    fn straddled(&self, k: usize) -> f64 {
        let c = self.perturbation(k);
        self.theta[k].clamp(c, 1.0 - c)
    }

    fn gain(&self) -> f64 {
        A0 / (self.generation as f64 + 1.0 + STABILITY).powf(ALPHA)
    }
}

impl Optimizer for Spsa {
    fn ask(&mut self) -> Vec<Genome> {
        let mut rng = Pcg32::seed_from_u64(derive_seed(&[self.seed, 0x5B5A, self.generation]));
        let n = self.theta.len();
        self.asked = (0..self.population / 2)
            .map(|_| {
                let (mut plus, mut minus) = (vec![0.0; n], vec![0.0; n]);
                for k in 0..n {
                    let sign = if unit(&mut rng) < 0.5 { 1.0 } else { -1.0 };
                    let (centre, c) = (self.straddled(k), sign * self.perturbation(k));
                    (plus[k], minus[k]) = (centre + c, centre - c);
                }
                (plus, minus)
            })
            .collect();
        let mut genomes: Vec<Genome> = self
            .asked
            .iter()
            .flat_map(|(p, m)| [self.genome(p), self.genome(m)])
            .collect();
        if self.population % 2 == 1 {
            genomes.push(self.genome(&self.theta));
        }
        genomes
    }

    /// The gradient from the pairs' differences, f(θ + cΔ) − f(θ − cΔ)
    /// over 2cΔ, then the step: the gain times the gradient, each gene's
    /// scaled by its perturbation squared over the real genes' (each gene
    /// measured in its own steps: a switch moves as far in a generation
    /// as its flip's worth says), at most its perturbation.
    fn tell(&mut self, fitness: &[f64]) {
        let pairs = self.asked.len().max(1) as f64;
        let (gain, c) = (self.gain(), self.c());
        for k in 0..self.theta.len() {
            let ck = self.perturbation(k);
            let spread: f64 = (self.asked.iter().enumerate())
                .map(|(j, (p, m))| (fitness[2 * j] - fitness[2 * j + 1]) * (p[k] - m[k]))
                .sum();
            // Σ diff · 2 ck Δ / (2 ck · 2 ck) = Σ diff Δ / (2 ck): the gradient.
            let grad = spread / (4.0 * ck * ck * pairs);
            let step = (gain * grad * (ck / c).powi(2)).clamp(-ck, ck);
            self.theta[k] = (self.theta[k] + step).clamp(0.0, 1.0);
        }
        for (a, t) in self.average.iter_mut().zip(&self.theta) {
            *a += AVERAGE * (t - *a);
        }
        self.generation += 1;
    }

    /// The centre, then the centres' average.
    fn proposals(&self) -> Vec<Genome> {
        vec![self.genome(&self.theta), self.genome(&self.average)]
    }

    fn state(&self) -> Option<super::State> {
        Some(super::State::Spsa(Box::new(self.clone())))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tune::ga::{GaSettings, frozen_genes};

    fn start_on(
        frozen: &crate::tune::ga::FrozenGenes,
        initial: &[Genome],
        population: usize,
    ) -> Spsa {
        let ga = GaSettings::default();
        Spsa::new(&Start {
            initial,
            population,
            frozen,
            ga: &ga,
            seed: 5,
            cmaes_sigma: 0.05,
        })
    }

    /// On a noiseless quadratic over the free real genes, SPSA walks to
    /// the optimum from the default genome, and frozen genes stay.
    #[test]
    fn it_finds_a_quadratics_optimum() {
        let frozen = frozen_genes(&["prio_*".into(), "bid_*".into(), "wp_*".into()]).unwrap();
        let mut opt = start_on(&frozen, &[Genome::default()], 12);
        let free = opt.free.clone();
        let target: Vec<f64> = (0..free.len())
            .map(|k| 0.3 + 0.1 * (k % 4) as f64)
            .collect();
        let loss = |g: &Genome| -> f64 {
            free.iter()
                .zip(&target)
                .map(|(&i, t)| (to_unit(i, g.genes[i]) - t).powi(2))
                .sum()
        };
        let first = loss(&opt.proposals()[0]);
        for _ in 0..300 {
            let pop = opt.ask();
            let fitness: Vec<f64> = pop.iter().map(|g| -loss(g)).collect();
            opt.tell(&fitness);
        }
        let last = loss(&opt.proposals()[0]);
        assert!(first > 0.05 && last < 1e-3, "{first} → {last}");
        let g = &opt.proposals()[0];
        let default = Genome::default();
        assert!((0..GENES.len()).all(|i| !frozen[i] || g.genes[i] == default.genes[i]));
    }

    /// A pair differs in every free gene, a switch by a whole flip; an
    /// odd population adds the centre; the same seed asks the same pairs.
    #[test]
    fn pairs_straddle_the_centre() {
        let frozen = frozen_genes(&[]).unwrap();
        let mut opt = start_on(&frozen, &[Genome::default()], 5);
        let asked = opt.ask();
        assert_eq!(asked.len(), 5);
        assert_eq!(asked[4], Genome::default());
        for &i in &opt.free {
            assert_ne!(asked[0].genes[i], asked[1].genes[i], "{}", GENES[i].name);
        }
        let mut again = start_on(&frozen, &[Genome::default()], 5);
        assert_eq!(again.ask(), asked);
    }
}
