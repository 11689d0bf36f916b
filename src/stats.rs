//! Small statistics: Wilson intervals, percentiles, means and their errors.

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
}
