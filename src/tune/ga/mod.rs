//! The genetic algorithm's operators on genomes: tournament selection, BLX-α
//! crossover and range-scaled mutation within each gene's bounds, elitism
//! (the best genome, and the better half's weighted centroid), a step that
//! widens for a share of the children while the population is collapsed,
//! frozen genes, and a diversity measure. Pure: it sees genomes and fitness
//! values, never dice.

use crate::rng::{derive_seed, normal, uniform, unit};
use rand_core::SeedableRng;
use rand_pcg::Pcg32;
use serde::{Deserialize, Serialize};
use yacht_core::genome::{GENES, Genome, N_GENES};

/// GA settings.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct GaSettings {
    /// Genomes copied unchanged into the next generation (re-evaluated there).
    pub elites: usize,
    /// Tournament size for parent selection.
    pub tournament: usize,
    /// Probability of crossover (else the first parent is copied).
    pub crossover: f64,
    /// BLX-α: children range over the parents' interval widened by α each side.
    pub blx_alpha: f64,
    /// Probability that a gene mutates.
    pub mutation_rate: f64,
    /// Mutation step as a fraction of the gene's range (standard deviation).
    pub mutation_sigma: f64,
    /// Diversity kept: while the population's diversity over its free
    /// genes (see `diversity`) is below this, the wide children's mutation
    /// step grows by floor / diversity (at most `MAX_BOOST` times). 0: off.
    #[serde(default)]
    pub diversity_floor: f64,
    /// The share of the children that take the floor's wider step (every
    /// second one at 0.5); the others take `mutation_sigma`. Runs made
    /// before it read as 1 (every child).
    #[serde(default = "every_child")]
    pub wide_share: f64,
    /// The last elite (of at least two) is the better half's centroid,
    /// weighted by rank as CMA-ES weighs its mean: it averages the noise
    /// of half the generation. Runs made before it read as off.
    #[serde(default)]
    pub centroid_elite: bool,
    /// Genes left as the starting genomes have them (`--freeze`): names,
    /// or `prefix*` for every gene whose name starts so.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub frozen: Vec<String>,
}

impl Default for GaSettings {
    fn default() -> GaSettings {
        GaSettings {
            elites: 2,
            tournament: 3,
            crossover: 0.7,
            blx_alpha: 0.3,
            mutation_rate: 0.15,
            mutation_sigma: 0.08,
            diversity_floor: 0.4,
            wide_share: 0.5,
            centroid_elite: true,
            frozen: Vec::new(),
        }
    }
}

impl GaSettings {
    /// The GA as it was before the centroid elite and the wide share
    /// (`--diversity-floor 0 --wide-share 1 --centroid-elite false`).
    pub fn classic() -> GaSettings {
        GaSettings {
            diversity_floor: 0.0,
            wide_share: 1.0,
            centroid_elite: false,
            ..GaSettings::default()
        }
    }
}

fn every_child() -> f64 {
    1.0
}

/// A `--freeze` pattern that names no gene.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("--freeze {0}: no gene of that name (genes: {names})", names = gene_names())]
pub struct NoSuchGene(pub String);

fn gene_names() -> String {
    GENES.iter().map(|g| g.name).collect::<Vec<_>>().join(", ")
}

/// Which genes are frozen, by gene index.
pub type FrozenGenes = [bool; N_GENES];

/// The genes `patterns` name: gene names, or `prefix*` for every gene whose
/// name starts with the prefix. A pattern that names no gene is an error
/// listing the genes.
pub fn frozen_genes(patterns: &[String]) -> Result<FrozenGenes, NoSuchGene> {
    let mut frozen = [false; N_GENES];
    for p in patterns {
        let matches = |name: &str| match p.strip_suffix('*') {
            Some(prefix) => name.starts_with(prefix),
            None => name == p,
        };
        let mut any = false;
        for (f, g) in frozen.iter_mut().zip(GENES) {
            if matches(g.name) {
                *f = true;
                any = true;
            }
        }
        if !any {
            return Err(NoSuchGene(p.clone()));
        }
    }
    Ok(frozen)
}

/// The genes that move (not frozen), by index.
pub fn free_genes(frozen: &FrozenGenes) -> Vec<usize> {
    (0..N_GENES).filter(|&i| !frozen[i]).collect()
}

/// Indices of the population sorted by fitness, best first (ties: lower index).
pub fn ranking(fitness: &[f64]) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..fitness.len()).collect();
    idx.sort_by(|&a, &b| fitness[b].total_cmp(&fitness[a]).then(a.cmp(&b)));
    idx
}

fn tournament(fitness: &[f64], k: usize, rng: &mut Pcg32) -> usize {
    (0..k.max(1))
        .map(|_| uniform(rng, fitness.len() as u32) as usize)
        .max_by(|&a, &b| fitness[a].total_cmp(&fitness[b]).then(b.cmp(&a)))
        .expect("k >= 1")
}

/// The next generation from a population and its fitness, with `seed`
/// naming this generation's random stream. A child's frozen genes are its
/// first parent's.
pub fn next_generation(
    pop: &[Genome],
    fitness: &[f64],
    s: &GaSettings,
    frozen: &FrozenGenes,
    seed: u64,
) -> Vec<Genome> {
    let mut rng = Pcg32::seed_from_u64(seed);
    let wide = s.mutation_sigma * boost(pop, frozen, s.diversity_floor);
    let order = ranking(fitness);
    let mut next: Vec<Genome> = order
        .iter()
        .take(s.elites)
        .map(|&i| pop[i].clone())
        .collect();
    if s.centroid_elite && next.len() >= 2 {
        let last = next.len() - 1;
        next[last] = centroid(pop, &order, frozen);
    }
    let elites = next.len();
    while next.len() < pop.len() {
        let a = &pop[tournament(fitness, s.tournament, &mut rng)];
        let b = &pop[tournament(fitness, s.tournament, &mut rng)];
        let cross = unit(&mut rng) < s.crossover;
        let sigma = match takes_wide(next.len() - elites, s.wide_share) {
            true => wide,
            false => s.mutation_sigma,
        };
        let mut child = Genome {
            genes: [0.0; N_GENES],
        };
        for (i, g) in GENES.iter().enumerate() {
            if frozen[i] {
                child.genes[i] = a.genes[i];
                continue;
            }
            let mut v = if cross {
                let (lo, hi) = (a.genes[i].min(b.genes[i]), a.genes[i].max(b.genes[i]));
                let w = hi - lo;
                lo - s.blx_alpha * w + unit(&mut rng) * (1.0 + 2.0 * s.blx_alpha) * w
            } else {
                a.genes[i]
            };
            if unit(&mut rng) < s.mutation_rate {
                v += normal(&mut rng) * sigma * (g.max - g.min);
            }
            child.genes[i] = v.clamp(g.min, g.max);
        }
        next.push(child);
    }
    next
}

/// Whether child `k` (0, 1, … after the elites) takes the wide step when a
/// share `share` of the children do: spread evenly, every second one at
/// 0.5, every one at 1.
fn takes_wide(k: usize, share: f64) -> bool {
    ((k + 1) as f64 * share).floor() > (k as f64 * share).floor()
}

/// Recombination weights of the best `mu` by rank, summing to 1:
/// ln(mu + ½) − ln(rank) (Hansen's default, as CMA-ES weighs its mean).
pub fn rank_weights(mu: usize) -> Vec<f64> {
    let raw: Vec<f64> = (1..=mu)
        .map(|i| (mu as f64 + 0.5).ln() - (i as f64).ln())
        .collect();
    let total: f64 = raw.iter().sum();
    raw.iter().map(|w| w / total).collect()
}

/// The better half's centroid (weighted by `rank_weights`), its frozen
/// genes the best genome's; `order` ranks `pop`, best first.
fn centroid(pop: &[Genome], order: &[usize], frozen: &FrozenGenes) -> Genome {
    let better = &order[..(pop.len() / 2).max(1)];
    let weights = rank_weights(better.len());
    let mut c = pop[order[0]].clone();
    for (i, g) in GENES.iter().enumerate().filter(|&(i, _)| !frozen[i]) {
        let v: f64 = better
            .iter()
            .zip(&weights)
            .map(|(&k, w)| w * pop[k].genes[i])
            .sum();
        c.genes[i] = v.clamp(g.min, g.max);
    }
    c
}

/// The most the diversity floor multiplies the mutation step by.
pub const MAX_BOOST: f64 = 4.0;

/// The mutation step's multiplier under a diversity floor: floor over the
/// free genes' diversity, between 1 and `MAX_BOOST`.
fn boost(pop: &[Genome], frozen: &FrozenGenes, floor: f64) -> f64 {
    if floor <= 0.0 {
        return 1.0;
    }
    let d = spread_over(pop, &free_genes(frozen));
    (floor / d.max(1e-9)).clamp(1.0, MAX_BOOST)
}

/// Mean over genes of the population's standard deviation as a fraction of
/// the gene's range (0 = all equal).
pub fn diversity(pop: &[Genome]) -> f64 {
    spread_over(pop, &(0..N_GENES).collect::<Vec<_>>())
}

/// `diversity` over the genes `genes`.
fn spread_over(pop: &[Genome], genes: &[usize]) -> f64 {
    let n = pop.len().max(1) as f64;
    let mut total = 0.0;
    for &i in genes {
        let g = &GENES[i];
        let mean = pop.iter().map(|p| p.genes[i]).sum::<f64>() / n;
        let var = pop.iter().map(|p| (p.genes[i] - mean).powi(2)).sum::<f64>() / n;
        total += var.sqrt() / (g.max - g.min);
    }
    total / genes.len().max(1) as f64
}

/// The first generation of `size` genomes: the initial genomes, then
/// copies of them in turn perturbed by `sigma` (genome i's stream named by
/// (`seed`, i)).
pub fn first_population(
    init: &[Genome],
    size: usize,
    sigma: f64,
    frozen: &FrozenGenes,
    seed: u64,
) -> Vec<Genome> {
    (0..size)
        .map(|i| {
            let base = &init[i % init.len()];
            match i < init.len() {
                true => base.clone(),
                false => perturbed(base, sigma, frozen, derive_seed(&[seed, 0x1417, i as u64])),
            }
        })
        .collect()
}

/// A random genome within bounds, centred on `base`, for the first
/// generation; frozen genes are `base`'s.
pub fn perturbed(base: &Genome, sigma: f64, frozen: &FrozenGenes, seed: u64) -> Genome {
    let mut rng = Pcg32::seed_from_u64(seed);
    let mut g = base.clone();
    for ((v, spec), _) in g
        .genes
        .iter_mut()
        .zip(GENES)
        .zip(frozen)
        .filter(|(_, f)| !**f)
    {
        *v = (*v + normal(&mut rng) * sigma * (spec.max - spec.min)).clamp(spec.min, spec.max);
    }
    g
}

#[cfg(test)]
mod tests {
    use super::*;

    const NONE: FrozenGenes = [false; N_GENES];

    fn pop(n: usize) -> Vec<Genome> {
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

    #[test]
    fn a_collapsed_population_mutates_wider_under_a_diversity_floor() {
        let same = vec![Genome::default(); 8];
        let fit = vec![0.5; 8];
        let plain = GaSettings {
            mutation_rate: 1.0,
            ..GaSettings::classic()
        };
        let floored = GaSettings {
            diversity_floor: 0.2,
            ..plain.clone()
        };
        let d = |s: &GaSettings| diversity(&next_generation(&same, &fit, s, &NONE, 3));
        // Diversity 0: the step grows the most (4×; bounds clip a little).
        assert!(
            d(&floored) > 3.0 * d(&plain),
            "{} {}",
            d(&floored),
            d(&plain)
        );
        // Above the floor, nothing changes.
        let spread = pop(8);
        assert!(diversity(&spread) > 0.05, "{}", diversity(&spread));
        let low = GaSettings {
            diversity_floor: 0.05,
            ..plain.clone()
        };
        let f: Vec<f64> = (0..8).map(f64::from).collect();
        assert_eq!(
            next_generation(&spread, &f, &low, &NONE, 3),
            next_generation(&spread, &f, &plain, &NONE, 3)
        );
    }

    #[test]
    fn the_second_elite_is_the_better_halfs_rank_weighted_centroid() {
        use yacht_core::genome::PRIO;
        let frozen = frozen_genes(&["prio_one".into()]).unwrap();
        let p = pop(6);
        let fit = [0.3, 0.9, 0.1, 0.5, 0.2, 0.7];
        let next = next_generation(&p, &fit, &GaSettings::default(), &frozen, 4);
        assert_eq!(next[0], p[1]);
        // The better half is genomes 1, 5, 3; ln(3.5) − ln(rank), normalised.
        let w = rank_weights(3);
        let raw = [
            3.5f64.ln(),
            3.5f64.ln() - 2f64.ln(),
            3.5f64.ln() - 3f64.ln(),
        ];
        for (w, r) in w.iter().zip(raw) {
            assert!((w - r / raw.iter().sum::<f64>()).abs() < 1e-15);
        }
        for (i, g) in GENES.iter().enumerate() {
            let want = match i {
                PRIO => p[1].genes[i],
                _ => (w[0] * p[1].genes[i] + w[1] * p[5].genes[i] + w[2] * p[3].genes[i])
                    .clamp(g.min, g.max),
            };
            assert!((next[1].genes[i] - want).abs() < 1e-12, "{}", g.name);
        }
        let off = GaSettings {
            centroid_elite: false,
            ..GaSettings::default()
        };
        assert_eq!(next_generation(&p, &fit, &off, &frozen, 4)[1], p[5]);
    }

    #[test]
    fn every_second_child_takes_the_floors_wider_step() {
        let same = vec![Genome::default(); 12];
        let fit = vec![0.5; 12];
        let s = GaSettings {
            mutation_rate: 1.0,
            crossover: 0.0,
            ..GaSettings::default()
        };
        let next = next_generation(&same, &fit, &s, &NONE, 5);
        let moved = |g: &Genome| -> f64 {
            let d = g.genes.iter().zip(&same[0].genes).zip(GENES);
            d.map(|((a, b), spec)| (a - b).abs() / (spec.max - spec.min))
                .sum()
        };
        // Children 0, 2, 4, … (genomes 2, 4, …) take the plain step, the
        // others 4× it (the spread is 0, under any floor).
        let (plain, wide): (Vec<_>, Vec<_>) = (2..12).partition(|i| i % 2 == 0);
        let mean = |v: &[usize]| v.iter().map(|&i| moved(&next[i])).sum::<f64>() / v.len() as f64;
        assert!(
            mean(&wide) > 2.5 * mean(&plain),
            "{} {}",
            mean(&wide),
            mean(&plain)
        );
        let all = GaSettings {
            wide_share: 1.0,
            ..s.clone()
        };
        let narrow = mean(&plain);
        let next = next_generation(&same, &fit, &all, &NONE, 5);
        let mean = |v: &[usize]| v.iter().map(|&i| moved(&next[i])).sum::<f64>() / v.len() as f64;
        assert!(mean(&plain) > 2.5 * narrow, "{} {narrow}", mean(&plain));
        assert!(takes_wide(0, 1.0) && takes_wide(1, 1.0) && !takes_wide(0, 0.5));
        assert!(takes_wide(1, 0.5) && !takes_wide(2, 0.5) && takes_wide(3, 0.5));
    }

    #[test]
    fn settings_written_before_the_centroid_and_the_share_read_as_the_classic_ga() {
        let old = "elites = 2\ntournament = 3\ncrossover = 0.7\nblx_alpha = 0.3\n\
                   mutation_rate = 0.15\nmutation_sigma = 0.08\n";
        let read: GaSettings = toml::from_str(old).unwrap();
        assert_eq!(read, GaSettings::classic());
        let now = toml::to_string(&GaSettings::default()).unwrap();
        assert_eq!(
            toml::from_str::<GaSettings>(&now).unwrap(),
            GaSettings::default()
        );
    }

    #[test]
    fn frozen_genes_stay_as_the_starting_genomes_have_them() {
        use yacht_core::genome::{BID_SCALE, PRIO};
        let frozen = frozen_genes(&["prio_*".into(), "bid_scale".into()]).unwrap();
        let names: Vec<&str> = (0..N_GENES)
            .filter(|&i| frozen[i])
            .map(|i| GENES[i].name)
            .collect();
        assert_eq!(names.len(), 13);
        assert!(frozen[PRIO] && frozen[PRIO + 11] && frozen[BID_SCALE]);
        let mut base = Genome::default();
        base.genes[PRIO + 3] = 2.5;
        let p: Vec<Genome> = (0..12).map(|i| perturbed(&base, 0.2, &frozen, i)).collect();
        let s = GaSettings {
            mutation_rate: 1.0,
            ..GaSettings::default()
        };
        let fit: Vec<f64> = (0..12).map(|i| i as f64).collect();
        let mut generation = p;
        for seed in 0..5 {
            generation = next_generation(&generation, &fit, &s, &frozen, seed);
        }
        for g in &generation {
            for i in (0..N_GENES).filter(|&i| frozen[i]) {
                assert_eq!(g.genes[i], base.genes[i], "{}", GENES[i].name);
            }
        }
        assert!(diversity(&generation) > 0.0);
        let e = frozen_genes(&["prio_*".into(), "bid_scael".into()]).unwrap_err();
        assert_eq!(e, NoSuchGene("bid_scael".into()));
        let e = e.to_string();
        assert!(
            e.starts_with("--freeze bid_scael: no gene of that name (genes: prio_one,"),
            "{e}"
        );
    }

    #[test]
    fn diversity_is_zero_for_clones_and_positive_otherwise() {
        assert_eq!(diversity(&vec![Genome::default(); 5]), 0.0);
        assert!(diversity(&pop(5)) > 0.01);
    }

    #[test]
    fn selection_prefers_the_fitter() {
        let fit = [0.1, 0.9, 0.2, 0.3];
        let mut rng = Pcg32::seed_from_u64(1);
        let wins = (0..1000)
            .filter(|_| tournament(&fit, 3, &mut rng) == 1)
            .count();
        // P(best in a 3-draw tournament) = 1 − (3/4)^3 ≈ 0.58.
        assert!((500..660).contains(&wins), "{wins}");
    }
}
