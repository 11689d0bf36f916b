//! CMA-ES (Hansen, "The CMA Evolution Strategy: A Tutorial", 2016) as an
//! [`Optimizer`]: genomes are drawn from a normal distribution over the
//! free genes (each as a fraction of its range), x = m + σ·B·D·z; after
//! each generation the mean moves to the weighted mean of the better half,
//! the step size σ follows the length of its evolution path and the
//! covariance C = B·D²·Bᵀ learns from the path (rank one) and the better
//! half's steps (rank μ). A draw outside [0, 1] is set on the bound, and the
//! update uses the point as evaluated. Default parameters are the
//! tutorial's; σ starts at `CmaesSettings::sigma` of each range (default
//! `SIGMA0`). It puts forward the
//! means' exponential average (rate `AVERAGE`) and the mean: under the
//! games' noise the mean wanders around the optimum, and on the planted
//! benchmark (15 landscapes, 40 generations of 16, σ0 0.15) the average halved the
//! median regret (0.60 → 0.28 points; the last generation's best instead
//! of the average: 0.60).

use super::{Optimizer, Start, State, free_genes, from_unit, to_unit};
use crate::rng::{derive_seed, gauss};
use crate::tune::named::NamedGenes;
use crate::tune::optim::toolkit::rank_weights;
use rand_core::SeedableRng;
use rand_pcg::Pcg32;
use serde::{Deserialize, Serialize};
use yacht_core::genome::Genome;

/// The first step size, as a fraction of every free gene's range, by
/// default (`--cmaes-sigma`). On the planted benchmark's tuned terrain (a
/// start near the optimum, as every real run has) 0.15 lost 0.9–3.5
/// points where 0.05 gained 0.8 (15 landscapes, 10–40 generations of 16);
/// on the open terrain 0.05 ends at 0.41 points of regret, 0.15 at 0.28.
pub const SIGMA0: f64 = 0.05;
/// The first step size of a CMA-ES run whose config.toml records none.
pub const SIGMA0_BEFORE: f64 = 0.15;
/// CMA-ES's settings.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CmaesSettings {
    /// The first step size, a fraction of every free gene's range.
    pub sigma: f64,
}

impl Default for CmaesSettings {
    fn default() -> CmaesSettings {
        CmaesSettings { sigma: SIGMA0 }
    }
}

/// The rate of the means' exponential average.
pub const AVERAGE: f64 = 0.15;

/// The strategy's parameters (fixed by the dimension and population).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
struct Params {
    weights: Vec<f64>,
    mu_eff: f64,
    c_sigma: f64,
    d_sigma: f64,
    c_c: f64,
    c_1: f64,
    c_mu: f64,
    chi_n: f64,
}

impl Params {
    fn new(n: usize, lambda: usize) -> Params {
        let nf = n as f64;
        let weights = rank_weights((lambda / 2).max(1));
        let mu_eff = 1.0 / weights.iter().map(|w| w * w).sum::<f64>();
        let c_sigma = (mu_eff + 2.0) / (nf + mu_eff + 5.0);
        let d_sigma = 1.0 + 2.0 * (((mu_eff - 1.0) / (nf + 1.0)).sqrt() - 1.0).max(0.0) + c_sigma;
        let c_c = (4.0 + mu_eff / nf) / (nf + 4.0 + 2.0 * mu_eff / nf);
        let c_1 = 2.0 / ((nf + 1.3).powi(2) + mu_eff);
        let c_mu =
            (1.0 - c_1).min(2.0 * (mu_eff - 2.0 + 1.0 / mu_eff) / ((nf + 2.0).powi(2) + mu_eff));
        let chi_n = nf.sqrt() * (1.0 - 1.0 / (4.0 * nf) + 1.0 / (21.0 * nf * nf));
        Params {
            weights,
            mu_eff,
            c_sigma,
            d_sigma,
            c_c,
            c_1,
            c_mu,
            chi_n,
        }
    }
}

/// The search distribution and its paths: all a checkpoint needs to go on
/// to the same genomes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Cmaes {
    /// The frozen genes' values (the first start).
    base: NamedGenes,
    free: Vec<usize>,
    lambda: usize,
    seed: u64,
    generation: u64,
    p: Params,
    mean: Vec<f64>,
    /// The means' exponential average (rate `AVERAGE`): where the mean
    /// wanders around the optimum under noise, its average sits closer.
    average: Vec<f64>,
    sigma: f64,
    /// Covariance, row-major n × n.
    c: Vec<f64>,
    /// Eigenvectors of C (columns, row-major) and the square roots of its
    /// eigenvalues.
    b: Vec<f64>,
    d: Vec<f64>,
    p_sigma: Vec<f64>,
    p_c: Vec<f64>,
    /// The last generation's points (fractions of ranges).
    asked: Vec<Vec<f64>>,
}

impl Cmaes {
    /// Centred on the first start.
    pub fn new(c: &CmaesSettings, s: &Start) -> Cmaes {
        let free = free_genes(s.frozen);
        let n = free.len().max(1);
        let mut identity = vec![0.0; n * n];
        for i in 0..n {
            identity[i * n + i] = 1.0;
        }
        let base = s.starts[0].clone();
        let mean: Vec<f64> = free.iter().map(|&i| to_unit(i, base.genes[i])).collect();
        let base = NamedGenes::from(&base);
        Cmaes {
            average: mean.clone(),
            mean,
            base,
            free,
            lambda: s.population.max(2),
            seed: s.seed,
            generation: 0,
            p: Params::new(n, s.population.max(2)),
            sigma: c.sigma,
            c: identity.clone(),
            b: identity,
            d: vec![1.0; n],
            p_sigma: vec![0.0; n],
            p_c: vec![0.0; n],
            asked: Vec::new(),
        }
    }

    fn n(&self) -> usize {
        self.mean.len()
    }

    fn genome(&self, x: &[f64]) -> Genome {
        let mut g = self.base.genome.clone();
        for (&i, &y) in self.free.iter().zip(x) {
            g.genes[i] = from_unit(i, y);
        }
        g
    }

    /// B · D · z.
    fn shaped(&self, z: &[f64]) -> Vec<f64> {
        let n = self.n();
        (0..n)
            .map(|i| (0..n).map(|k| self.b[i * n + k] * self.d[k] * z[k]).sum())
            .collect()
    }

    /// C^{-1/2} · y = B · D⁻¹ · Bᵀ · y.
    fn whitened(&self, y: &[f64]) -> Vec<f64> {
        let n = self.n();
        let bty: Vec<f64> = (0..n)
            .map(|k| (0..n).map(|i| self.b[i * n + k] * y[i]).sum::<f64>() / self.d[k])
            .collect();
        (0..n)
            .map(|i| (0..n).map(|k| self.b[i * n + k] * bty[k]).sum())
            .collect()
    }

    fn update_distribution(&mut self, order: &[usize]) {
        let (n, p) = (self.n(), self.p.clone());
        let old = self.mean.clone();
        let steps: Vec<Vec<f64>> = order
            .iter()
            .take(p.weights.len())
            .map(|&k| {
                self.asked[k]
                    .iter()
                    .zip(&old)
                    .map(|(x, m)| (x - m) / self.sigma)
                    .collect()
            })
            .collect();
        let y_w: Vec<f64> = (0..n)
            .map(|i| steps.iter().zip(&p.weights).map(|(y, w)| w * y[i]).sum())
            .collect();
        for (m, y) in self.mean.iter_mut().zip(&y_w) {
            *m += self.sigma * y;
        }
        let cs = (p.c_sigma * (2.0 - p.c_sigma) * p.mu_eff).sqrt();
        let white = self.whitened(&y_w);
        for (ps, w) in self.p_sigma.iter_mut().zip(&white) {
            *ps = (1.0 - p.c_sigma) * *ps + cs * w;
        }
        let ps_norm = self.p_sigma.iter().map(|x| x * x).sum::<f64>().sqrt();
        let g = (self.generation + 1) as f64;
        let h_sigma = ps_norm / (1.0 - (1.0 - p.c_sigma).powf(2.0 * g)).sqrt()
            < (1.4 + 2.0 / (n as f64 + 1.0)) * p.chi_n;
        let h = f64::from(u8::from(h_sigma));
        let cc = (p.c_c * (2.0 - p.c_c) * p.mu_eff).sqrt();
        for (pc, y) in self.p_c.iter_mut().zip(&y_w) {
            *pc = (1.0 - p.c_c) * *pc + h * cc * y;
        }
        let decay = 1.0 - p.c_1 - p.c_mu + (1.0 - h) * p.c_1 * p.c_c * (2.0 - p.c_c);
        for i in 0..n {
            for j in 0..n {
                let rank_mu: f64 = steps
                    .iter()
                    .zip(&p.weights)
                    .map(|(y, w)| w * y[i] * y[j])
                    .sum();
                self.c[i * n + j] = decay * self.c[i * n + j]
                    + p.c_1 * self.p_c[i] * self.p_c[j]
                    + p.c_mu * rank_mu;
            }
        }
        self.sigma *= ((p.c_sigma / p.d_sigma) * (ps_norm / p.chi_n - 1.0)).exp();
        self.sigma = self.sigma.min(1.0);
        let (values, vectors) = super::eigen::symmetric(&self.c, n);
        self.d = values.iter().map(|v| v.max(1e-20).sqrt()).collect();
        self.b = vectors;
    }
}

impl Optimizer for Cmaes {
    fn ask(&mut self) -> Vec<Genome> {
        let mut rng = Pcg32::seed_from_u64(derive_seed(&[self.seed, 0xC3A, self.generation]));
        let n = self.n();
        self.asked = (0..self.lambda)
            .map(|_| {
                let z: Vec<f64> = (0..n).map(|_| gauss(&mut rng)).collect();
                let y = self.shaped(&z);
                self.mean
                    .iter()
                    .zip(&y)
                    .map(|(m, y)| (m + self.sigma * y).clamp(0.0, 1.0))
                    .collect()
            })
            .collect();
        self.asked.iter().map(|x| self.genome(x)).collect()
    }

    fn tell(&mut self, fitness: &[f64], _score: &[f64]) {
        let order = crate::tune::optim::toolkit::ranking(fitness);
        self.update_distribution(&order);
        for (a, m) in self.average.iter_mut().zip(&self.mean) {
            *a += AVERAGE * (m - *a);
        }
        self.generation += 1;
    }

    /// The means' average, then the mean.
    fn proposals(&self) -> Vec<Genome> {
        vec![self.genome(&self.average), self.genome(&self.mean)]
    }

    fn state(&self) -> State {
        State::Cmaes(Box::new(self.clone()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tune::optim::toolkit::frozen_genes;

    /// On a noiseless quadratic over the free genes, CMA-ES walks to the
    /// optimum from the default genome.
    #[test]
    fn it_finds_a_quadratics_optimum() {
        let frozen = frozen_genes(&["prio_*".into(), "bid_*".into(), "wp_*".into()]).unwrap();
        let initial = [Genome::default()];
        let start = Start {
            starts: &initial,
            population: 12,
            frozen: &frozen,
            init_sigma: crate::tune::optim::toolkit::INIT_SIGMA,
            seed: 3,
            first_seed: 3,
        };
        let sigma = CmaesSettings {
            sigma: SIGMA0_BEFORE,
        };
        let mut opt = Cmaes::new(&sigma, &start);
        let target: Vec<f64> = opt
            .free
            .iter()
            .enumerate()
            .map(|(k, _)| 0.2 + 0.1 * (k % 7) as f64)
            .collect();
        let loss = |g: &Genome, free: &[usize]| -> f64 {
            free.iter()
                .zip(&target)
                .map(|(&i, t)| (to_unit(i, g.genes[i]) - t).powi(2))
                .sum()
        };
        let free = opt.free.clone();
        let first = loss(&opt.genome(&opt.mean), &free);
        for _ in 0..150 {
            let pop = opt.ask();
            let fitness: Vec<f64> = pop.iter().map(|g| -loss(g, &free)).collect();
            opt.tell(&fitness, &fitness);
        }
        let last = loss(&opt.proposals()[0], &free);
        assert!(first > 0.05 && last < 1e-6, "{first} → {last}");
        // Frozen genes stay.
        let g = &opt.proposals()[0];
        assert!(
            g.genes
                .iter()
                .zip(&Genome::default().genes)
                .enumerate()
                .all(|(i, (a, b))| !frozen[i] || a == b)
        );
    }
}
