//! Each gene's evolution path: the direction in which the children that
//! held moved it, accumulated over the generations, and what it does to
//! the gene's step (CMA-ES's cumulative step-size control, per gene). A
//! generation's signal for a gene is how differently the children that
//! held moved it from all the children that moved it, in units of the
//! spread of their moves (a selection differential: about a standard
//! normal when holding does not depend on the move, whatever the moves'
//! size, bias at a bound or crossover). The path sums these signals with
//! fading memory; while it is longer than a path of chance the step
//! grows (the children keep succeeding one way: a far optimum), while
//! shorter it shrinks (they succeed both ways: the step overshoots).
//! Reals and counts only: a switch has no direction to follow. Pure:
//! lineage and scores in, factors out.

use super::success::{Adapt, verdicts};
use crate::tune::optim::ga::lineage::Lineage;
use yacht_core::genome::{GENES, Genome, Kind, N_GENES};

/// E|N(0, 1)|: a path's length by chance.
const CHANCE: f64 = 0.797_884_560_802_865_4;

/// How strongly a path's length moves the step: the damping of CMA-ES's
/// step-size control (the factor is e^((c / damping)(|p| / E|N| − 1))).
const DAMPING: f64 = 1.0;

/// Each gene's path (standard normal units; 0 at the start).
#[derive(Clone, Debug, PartialEq)]
pub struct Paths(pub [f64; N_GENES]);

impl Paths {
    /// Every path at zero.
    pub fn zero() -> Paths {
        Paths([0.0; N_GENES])
    }

    /// Follows one generation (`lineage` and `score` as the success
    /// rule reads them) with memory `a.path` (c: the share of the path a
    /// generation replaces; 0 leaves every path and step alone), and
    /// returns what each gene's step is multiplied by. A gene whose
    /// children all held, all failed, or were fewer than two keeps its
    /// path and step.
    pub fn follow(&mut self, lineage: &[Lineage], score: &[f64], a: &Adapt) -> [f64; N_GENES] {
        let mut factor = [1.0; N_GENES];
        let c = a.path;
        if c <= 0.0 {
            return factor;
        }
        let verdicts = verdicts(lineage, score, a.tolerance);
        for (i, (p, f)) in self.0.iter_mut().zip(&mut factor).enumerate() {
            if !matches!(GENES[i].kind, Kind::Real | Kind::Count(_)) {
                continue;
            }
            let moves: Vec<(bool, f64)> = verdicts
                .iter()
                .filter_map(|(held, l)| l.by(i).map(|d| (*held, d)))
                .collect();
            let Some(m) = differential(&moves) else {
                continue;
            };
            *p = (1.0 - c) * *p + (c * (2.0 - c)).sqrt() * m;
            *f = ((c / DAMPING) * (p.abs() / CHANCE - 1.0)).exp();
        }
        factor
    }

    /// The paths by gene name, as checkpoint.json keeps them.
    pub fn named(&self) -> Vec<(String, f64)> {
        GENES
            .iter()
            .zip(self.0)
            .map(|(g, p)| (g.name.to_string(), p))
            .collect()
    }

    /// Paths from names (a gene the list lacks starts at zero; a name no
    /// gene has is ignored).
    pub fn from_named(named: &[(String, f64)]) -> Paths {
        let mut p = Paths::zero();
        for (name, v) in named {
            if let Some(i) = Genome::index_of(name) {
                p.0[i] = *v;
            }
        }
        p
    }
}

/// The held children's moves against all the moves, in units of their
/// spread: (Σ_held d − (h / n) Σ_all d) / √(h (n − h) / (n − 1) · s²),
/// s² the moves' variance (the standard deviation of a sum of h moves
/// drawn from the n without replacement); None without both verdicts or
/// without spread.
fn differential(moves: &[(bool, f64)]) -> Option<f64> {
    let n = moves.len() as f64;
    let h = moves.iter().filter(|(held, _)| *held).count() as f64;
    if n < 2.0 || h == 0.0 || h == n {
        return None;
    }
    let all: f64 = moves.iter().map(|(_, d)| d).sum();
    let held: f64 = moves.iter().filter(|(h, _)| *h).map(|(_, d)| d).sum();
    let mean = all / n;
    let var = moves.iter().map(|(_, d)| (d - mean).powi(2)).sum::<f64>() / n;
    if var <= 0.0 {
        return None;
    }
    Some((held - h / n * all) / (h * (n - h) / (n - 1.0) * var).sqrt())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::normal;
    use crate::tune::optim::ga::Parent;
    use rand_core::SeedableRng;
    use rand_pcg::Pcg32;

    fn adapt() -> Adapt {
        Adapt {
            path: 0.3,
            ..Adapt::default()
        }
    }

    fn real() -> usize {
        GENES.iter().position(|g| g.kind == Kind::Real).unwrap()
    }

    /// A generation of 40 children of a parent scoring 0.5, each moving
    /// gene `i` by a normal step; a child holds when `holds(move)`.
    fn generation(i: usize, seed: u64, holds: impl Fn(f64) -> bool) -> (Vec<Lineage>, Vec<f64>) {
        let mut rng = Pcg32::seed_from_u64(seed);
        (0..40)
            .map(|_| {
                let d = normal(&mut rng) * 0.05;
                let l = Lineage {
                    parent: Parent::Scored(0.5),
                    moved: vec![i],
                    by: vec![d],
                };
                (l, if holds(d) { 0.5 } else { 0.4 })
            })
            .unzip()
    }

    #[test]
    fn a_path_grows_the_step_while_the_children_hold_one_way_and_not_by_chance() {
        let i = real();
        // Children that moved the gene up held: the path lengthens and
        // the step grows, generation after generation.
        let mut p = Paths::zero();
        let mut grew = 1.0;
        for g in 0..6 {
            let (l, s) = generation(i, g, |d| d > 0.0);
            grew *= p.follow(&l, &s, &adapt())[i];
        }
        assert!(p.0[i] > 3.0 && grew > 4.0, "{} {grew}", p.0[i]);
        // Holding at random: the path stays near chance and the step
        // drifts little over many generations.
        let mut q = Paths::zero();
        let mut rng = Pcg32::seed_from_u64(3);
        let mut log = 0.0;
        for g in 0..200 {
            let coin: Vec<bool> = (0..40).map(|_| normal(&mut rng) > 0.0).collect();
            let (l, _) = generation(i, 100 + g, |_| true);
            let s: Vec<f64> = coin.iter().map(|&c| if c { 0.5 } else { 0.4 }).collect();
            log += q.follow(&l, &s, &adapt())[i].ln();
        }
        assert!((log / 200.0).abs() < 0.05, "{}", log / 200.0);
        // Off: nothing moves.
        let (l, s) = generation(i, 9, |d| d > 0.0);
        let off = Adapt {
            path: 0.0,
            ..Adapt::default()
        };
        let mut r = Paths::zero();
        assert_eq!(r.follow(&l, &s, &off), [1.0; N_GENES]);
        assert_eq!(r, Paths::zero());
    }

    #[test]
    fn the_differential_is_scale_free_and_needs_both_verdicts() {
        let moves = [(true, 0.3), (true, 0.1), (false, -0.2), (false, 0.0)];
        let m = differential(&moves).unwrap();
        let scaled: Vec<(bool, f64)> = moves.iter().map(|&(h, d)| (h, 10.0 * d + 1.0)).collect();
        assert!((differential(&scaled).unwrap() - m).abs() < 1e-12);
        assert!(m > 0.0);
        assert_eq!(differential(&[(true, 0.1), (true, 0.2)]), None);
        assert_eq!(differential(&[(true, 0.1)]), None);
        assert_eq!(differential(&[(true, 0.1), (false, 0.1)]), None);
        let named = Paths([0.5; N_GENES]).named();
        assert_eq!(Paths::from_named(&named), Paths([0.5; N_GENES]));
    }
}
