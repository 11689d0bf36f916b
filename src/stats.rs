//! Small statistics: Wilson intervals, percentiles, running means.

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

#[cfg(test)]
mod tests {
    use super::*;

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
}
