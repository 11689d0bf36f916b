//! A fitness with a planted optimum, over the real gene table, to see how
//! an optimiser does where the answer is known. Each landscape (named by a
//! seed) makes `ACTIVE` of the free genes matter, the rest inert as many
//! real genes are; an active gene i has an optimum z*ᵢ (a fraction of its
//! range, in [0.05, 0.95]) and costs eᵢ·(dᵢ / d⁰ᵢ)² points of win rate at
//! dᵢ = zᵢ − z*ᵢ, where eᵢ, uniform in 0.5–5 points like the real genes'
//! effects, is what the starting genome loses on it (d⁰ᵢ its distance, at
//! least `MIN_START_DISTANCE`). Active genes interact in pairs (ρ·2√(wᵢwⱼ)
//! dᵢdⱼ, |ρ| ≤ 0.6, so the optimum stays unique). The true win rate is
//! `TOP` minus the costs. A measurement is the win rate of G games drawn
//! around the true value; like paired dice, half the games of a generation
//! are decided by draws shared by every candidate (common random numbers),
//! the other half by the candidate's own.
//!
//! That is the open terrain (`Terrain::Open`), an untuned start. On the
//! tuned terrain (`Terrain::Tuned`) the start is near the optimum, as a
//! hand-set or already tuned genome is: each optimum 0.02–0.1 of its range
//! from the start, which loses only 0.05–0.5 points on each gene, while a
//! step of a tenth of a range away costs up to 18 points.

use crate::rng::{derive_seed, unit};
use crate::tune::optim::toolkit::FrozenGenes;
use rand_core::SeedableRng;
use rand_pcg::Pcg32;
use yacht_core::genome::Genome;

use super::{free_genes, from_unit, to_unit};

/// How many free genes matter (at most as many as are free).
pub const ACTIVE: usize = 8;
/// The true win rate at the optimum.
pub const TOP: f64 = 0.65;
/// A gene whose start is closer than this to its optimum is costed as if
/// it were this far (no cliff around the start).
pub const MIN_START_DISTANCE: f64 = 0.1;
/// The share of a generation's games decided by draws all its candidates
/// share.
pub const SHARED: f64 = 0.5;

/// Where the start stands against the planted optimum (`--terrain`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Terrain {
    /// `ACTIVE` genes matter, their optima anywhere in their ranges, each
    /// 0.5–5 points from the start; the other genes are inert.
    #[default]
    Open,
    /// Every free gene matters: `ACTIVE` of them have optima 0.02–0.1 of
    /// their range from the start and lose 0.05–0.5 points each there; the
    /// others' optimum is the start, a step of a tenth of a range costing
    /// 0.02–0.3 points (fitted to the real runs `cmp-*`: CMA-ES's samples,
    /// σ 0.15 of each range on 33 genes, lost about 12 points against the
    /// start; the GA's first generation, σ 0.1, about 8). A tuned start,
    /// where wide steps only lose.
    Tuned,
}

impl Terrain {
    /// Its name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Terrain::Open => "open",
            Terrain::Tuned => "tuned",
        }
    }

    /// What the terrain is, in a few words.
    pub fn describe(self) -> String {
        match self {
            Terrain::Open => {
                format!("open: {ACTIVE} genes matter, each 0.5–5 points from the start")
            }
            Terrain::Tuned => format!(
                "tuned: every free gene matters, {ACTIVE} optima 0.02–0.1 of a range from the start"
            ),
        }
    }

    /// How many of `free` free genes matter.
    fn active(self, free: usize) -> usize {
        match self {
            Terrain::Open => ACTIVE.min(free),
            Terrain::Tuned => free,
        }
    }

    /// The `k`-th active gene's optimum (a fraction of its range) and
    /// weight (win rate lost per unit² of distance), from two uniform
    /// draws; `z` is the start.
    fn plant(self, k: usize, z: f64, u: f64, v: f64) -> (f64, f64) {
        match self {
            Terrain::Open => {
                let (optimum, effect) = (0.05 + 0.9 * u, (0.5 + 4.5 * v) / 100.0);
                let d0 = (z - optimum).abs().max(MIN_START_DISTANCE);
                (optimum, effect / (d0 * d0))
            }
            Terrain::Tuned if k < ACTIVE => {
                let away = 0.02 + 0.08 * u;
                let optimum = if z + away <= 1.0 { z + away } else { z - away };
                (optimum, (0.05 + 0.45 * v) / 100.0 / (away * away))
            }
            Terrain::Tuned => (z, (0.02 + 0.28 * v) / 100.0 / 0.01),
        }
    }
}

/// One planted landscape.
#[derive(Clone, Debug)]
pub struct Landscape {
    /// (gene, optimum as a fraction of its range, weight per unit²).
    active: Vec<(usize, f64, f64)>,
    /// (index in `active`, index in `active`, coefficient).
    pairs: Vec<(usize, usize, f64)>,
}

impl Landscape {
    /// The landscape of `seed` on `terrain`, for optimisers starting at
    /// `start` with `frozen` genes fixed.
    pub fn new(seed: u64, terrain: Terrain, start: &Genome, frozen: &FrozenGenes) -> Landscape {
        let mut rng = Pcg32::seed_from_u64(derive_seed(&[seed, 0x91A7]));
        let mut free = free_genes(frozen);
        // A seeded shuffle; the first ones matter.
        for i in (1..free.len()).rev() {
            free.swap(i, (unit(&mut rng) * (i + 1) as f64) as usize);
        }
        let active: Vec<(usize, f64, f64)> = free
            .iter()
            .take(terrain.active(free.len()))
            .enumerate()
            .map(|(k, &gene)| {
                let z = to_unit(gene, start.genes[gene]);
                let (u, v) = (unit(&mut rng), unit(&mut rng));
                let (optimum, weight) = terrain.plant(k, z, u, v);
                // A value the gene can take (a count, a switch, a choice:
                // a whole number), so the optimum is reachable.
                (gene, to_unit(gene, from_unit(gene, optimum)), weight)
            })
            .collect();
        let pairs = (0..active.len() / 2)
            .map(|k| {
                let (a, b) = (2 * k, 2 * k + 1);
                let rho = 1.2 * unit(&mut rng) - 0.6;
                (a, b, rho * 2.0 * (active[a].2 * active[b].2).sqrt())
            })
            .collect();
        Landscape { active, pairs }
    }

    /// The active genes' distances from their optima (fractions of range).
    fn offsets(&self, g: &Genome) -> Vec<f64> {
        self.active
            .iter()
            .map(|&(gene, optimum, _)| to_unit(gene, g.genes[gene]) - optimum)
            .collect()
    }

    /// The true win rate of `g`.
    pub fn truth(&self, g: &Genome) -> f64 {
        let d = self.offsets(g);
        let single: f64 = self.active.iter().zip(&d).map(|(a, d)| a.2 * d * d).sum();
        let paired: f64 = self.pairs.iter().map(|&(a, b, c)| c * d[a] * d[b]).sum();
        (TOP - single - paired).clamp(0.0, 1.0)
    }

    /// Points of win rate `g` gives up against the optimum.
    pub fn regret(&self, g: &Genome) -> f64 {
        100.0 * (TOP - self.truth(g))
    }

    /// Root mean square distance of the active genes from their optima
    /// (fractions of range).
    pub fn distance(&self, g: &Genome) -> f64 {
        let d = self.offsets(g);
        (d.iter().map(|x| x * x).sum::<f64>() / d.len().max(1) as f64).sqrt()
    }

    /// Measured win rates of `genomes` over `games` games each, the draws
    /// of stream `seed` (see the module's doc).
    pub fn measure(&self, genomes: &[Genome], games: u64, seed: u64) -> Vec<f64> {
        let wins = self.wins(genomes, games, seed);
        wins.iter().map(|&w| w as f64 / games as f64).collect()
    }

    /// Games won by each of `genomes` out of `games` (see `measure`).
    pub fn wins(&self, genomes: &[Genome], games: u64, seed: u64) -> Vec<u64> {
        let mut shared = Pcg32::seed_from_u64(derive_seed(&[seed, 0x5A]));
        let common: Vec<Option<f64>> = (0..games)
            .map(|_| {
                let (coin, draw) = (unit(&mut shared), unit(&mut shared));
                (coin < SHARED).then_some(draw)
            })
            .collect();
        genomes
            .iter()
            .enumerate()
            .map(|(k, g)| {
                let p = self.truth(g);
                let mut own = Pcg32::seed_from_u64(derive_seed(&[seed, 0x0E, k as u64]));
                common
                    .iter()
                    .filter(|c| c.unwrap_or_else(|| unit(&mut own)) < p)
                    .count() as u64
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use yacht_core::genome::N_GENES;

    #[test]
    fn the_optimum_is_planted_and_measurements_centre_on_the_truth() {
        let none = [false; N_GENES];
        let start = Genome::default();
        let land = Landscape::new(4, Terrain::Open, &start, &none);
        // The planted optimum: no regret, distance 0.
        let mut best = start.clone();
        for &(gene, optimum, _) in &land.active {
            best.genes[gene] = super::super::from_unit(gene, optimum);
        }
        assert!(land.regret(&best).abs() < 1e-9);
        assert!(land.distance(&best) < 1e-12);
        // The start loses the planted effects (0.5–5 points a gene, the
        // pairs' terms on top).
        let lost = land.regret(&start);
        assert!((2.0..=60.0).contains(&lost), "{lost}");
        // Measurements: mean near the truth, the same seed the same bytes.
        let m = land.measure(&[start.clone(), best.clone()], 200_000, 9);
        assert_eq!(m, land.measure(&[start.clone(), best.clone()], 200_000, 9));
        assert!((m[0] - land.truth(&start)).abs() < 0.005, "{m:?}");
        assert!((m[1] - TOP).abs() < 0.005, "{m:?}");
        // A tuned start: every free gene matters, the optimum near the
        // start, and wide steps cost more than the start loses.
        let tuned = Landscape::new(4, Terrain::Tuned, &start, &none);
        assert_eq!(tuned.active.len(), N_GENES);
        assert!(tuned.distance(&start) < 0.1);
        let lost = tuned.regret(&start);
        assert!((0.4..=6.0).contains(&lost), "{lost}");
        let wide = crate::tune::optim::toolkit::perturbed(&start, 0.15, &none, 5);
        assert!(tuned.regret(&wide) > lost + 2.0, "{}", tuned.regret(&wide));
        // Frozen genes never matter.
        let frozen: FrozenGenes = std::array::from_fn(|i| i % 2 == 0);
        let land = Landscape::new(4, Terrain::Open, &start, &frozen);
        assert!(land.active.iter().all(|&(g, _, _)| !frozen[g]));
    }
}
