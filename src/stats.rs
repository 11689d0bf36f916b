//! Small statistics: Wilson intervals, percentiles, means and their errors.

use std::collections::BTreeMap;

/// Wilson 95 % score interval of a proportion (`score` successes of `n`,
/// draws counting ½).
pub fn wilson95(score: f64, n: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let p = score / n;
    let den = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / den;
    let half = z * ((p * (1.0 - p) / n) + z * z / (4.0 * n * n)).sqrt() / den;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The `q`-quantile (0..=1) of sorted values, nearest rank.
pub fn percentile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return 0.0;
    }
    let rank = (q * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

/// The mean of `x` and its standard error (the sample deviation over √n;
/// 0 for fewer than two values).
pub fn mean_se(x: &[f64]) -> (f64, f64) {
    let n = x.len() as f64;
    if x.is_empty() {
        return (0.0, 0.0);
    }
    let mean = x.iter().sum::<f64>() / n;
    if x.len() < 2 {
        return (mean, 0.0);
    }
    let var = x.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0);
    (mean, (var / n).sqrt())
}

/// The mean of values that come in clusters (e.g. a game's positions) and its
/// standard error with the clusters as the independent units: Σ over
/// clusters of (their deviations' sum)², over n², times G / (G − 1) for G
/// clusters (so one value a cluster gives the plain standard error).
pub fn clustered_mean_se(values: &[(u64, f64)]) -> (f64, f64) {
    let n = values.len() as f64;
    if values.is_empty() {
        return (0.0, 0.0);
    }
    let mean = values.iter().map(|v| v.1).sum::<f64>() / n;
    let mut sums: BTreeMap<u64, f64> = BTreeMap::new();
    for &(cluster, v) in values {
        *sums.entry(cluster).or_default() += v - mean;
    }
    let g = sums.len() as f64;
    if g < 2.0 {
        return (mean, 0.0);
    }
    let var = sums.values().map(|s| s * s).sum::<f64>() / (n * n) * g / (g - 1.0);
    (mean, var.sqrt())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mean_se_of_known_values() {
        // 1, 2, 3, 4: mean 2.5, sample variance 5/3, se √(5/12).
        let (m, se) = mean_se(&[1.0, 2.0, 3.0, 4.0]);
        assert_eq!(m, 2.5);
        assert!((se - (5.0f64 / 12.0).sqrt()).abs() < 1e-12, "{se}");
        assert_eq!(mean_se(&[7.0]), (7.0, 0.0));
        assert_eq!(mean_se(&[]), (0.0, 0.0));
    }

    #[test]
    fn wilson_matches_known_values() {
        // 95 of 100: [0.8883, 0.9785] (standard tables).
        let (lo, hi) = wilson95(95.0, 100.0);
        assert!(
            (lo - 0.8883).abs() < 1e-4 && (hi - 0.9785).abs() < 1e-4,
            "{lo} {hi}"
        );
        let (lo, hi) = wilson95(100.0, 100.0);
        assert!((lo - 0.9630).abs() < 1e-4 && hi == 1.0, "{lo}");
    }

    #[test]
    fn percentiles_by_nearest_rank() {
        let v: Vec<f64> = (1..=100).map(f64::from).collect();
        assert_eq!(percentile(&v, 0.5), 50.0);
        assert_eq!(percentile(&v, 0.99), 99.0);
        assert_eq!(percentile(&v, 1.0), 100.0);
    }

    #[test]
    fn clustered_errors_count_games_not_positions() {
        // One value a cluster: the plain standard error.
        let alone: Vec<(u64, f64)> = (0..4).map(|g| (g, f64::from(g as u8))).collect();
        let (m, se) = clustered_mean_se(&alone);
        let plain = mean_se(&[0.0, 1.0, 2.0, 3.0]);
        assert!((m - plain.0).abs() < 1e-12 && (se - plain.1).abs() < 1e-12);
        // The same values twice within each cluster: the same mean, twice
        // the positions and no more information.
        let twice: Vec<(u64, f64)> = alone.iter().flat_map(|&x| [x, x]).collect();
        let (m1, se1) = clustered_mean_se(&twice);
        assert!((m1 - m).abs() < 1e-12 && (se1 - se).abs() < 1e-12);
        // In any order.
        let mut shuffled = twice.clone();
        shuffled.reverse();
        shuffled.swap(1, 4);
        let (m2, se2) = clustered_mean_se(&shuffled);
        assert!((m2 - m).abs() < 1e-12 && (se2 - se).abs() < 1e-12);
    }
}
