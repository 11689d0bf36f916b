//! Ranks: a population's order by fitness, and the weights by rank that
//! the GA's centroid and CMA-ES's mean recombine with.

/// Indices of the population sorted by fitness, best first (ties: lower index).
pub fn ranking(fitness: &[f64]) -> Vec<usize> {
    let mut idx: Vec<usize> = (0..fitness.len()).collect();
    idx.sort_by(|&a, &b| fitness[b].total_cmp(&fitness[a]).then(a.cmp(&b)));
    idx
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
