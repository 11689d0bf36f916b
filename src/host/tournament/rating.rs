//! Bradley–Terry ratings of a league's entrants, with standard errors.

/// Bradley–Terry ratings (Elo scale, mean 1500) by the MM algorithm, with one
/// virtual draw per pair that met (so an unbeaten entrant stays finite), and
/// standard errors from the Fisher information.
pub fn bradley_terry(n: usize, wins: &[Vec<f64>], games: &[Vec<f64>]) -> (Vec<f64>, Vec<f64>) {
    let w = |i: usize, j: usize| {
        if games[i][j] > 0.0 {
            wins[i][j] + 0.5
        } else {
            0.0
        }
    };
    let g = |i: usize, j: usize| {
        if games[i][j] > 0.0 {
            games[i][j] + 1.0
        } else {
            0.0
        }
    };
    let mut gamma = vec![1.0f64; n];
    for _ in 0..2000 {
        let mut next = vec![0.0; n];
        for i in 0..n {
            let won: f64 = (0..n).filter(|&j| j != i).map(|j| w(i, j)).sum();
            let den: f64 = (0..n)
                .filter(|&j| j != i)
                .map(|j| g(i, j) / (gamma[i] + gamma[j]))
                .sum();
            next[i] = if den > 0.0 { won / den } else { gamma[i] };
        }
        let mean_log = next.iter().map(|x: &f64| x.ln()).sum::<f64>() / n as f64;
        let change = next
            .iter()
            .zip(&gamma)
            .map(|(a, b)| (a.ln() - mean_log - b.ln()).abs())
            .fold(0.0, f64::max);
        gamma = next.iter().map(|x| (x.ln() - mean_log).exp()).collect();
        if change < 1e-10 {
            break;
        }
    }
    let scale = 400.0 / std::f64::consts::LN_10;
    let rating = gamma.iter().map(|x| 1500.0 + scale * x.ln()).collect();
    let se = (0..n)
        .map(|i| {
            let info: f64 = (0..n)
                .filter(|&j| j != i)
                .map(|j| {
                    let p = gamma[i] / (gamma[i] + gamma[j]);
                    g(i, j) * p * (1.0 - p)
                })
                .sum();
            if info > 0.0 {
                scale / info.sqrt()
            } else {
                f64::INFINITY
            }
        })
        .collect();
    (rating, se)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bradley_terry_orders_by_strength_and_stays_finite() {
        // 0 beats 1 beats 2, 0 unbeaten.
        let wins = vec![
            vec![0.0, 9.0, 10.0],
            vec![1.0, 0.0, 7.0],
            vec![0.0, 3.0, 0.0],
        ];
        let games = vec![
            vec![0.0, 10.0, 10.0],
            vec![10.0, 0.0, 10.0],
            vec![10.0, 10.0, 0.0],
        ];
        let (r, se) = bradley_terry(3, &wins, &games);
        assert!(r[0] > r[1] && r[1] > r[2], "{r:?}");
        assert!((r.iter().sum::<f64>() / 3.0 - 1500.0).abs() < 1e-6);
        assert!(se.iter().all(|s| s.is_finite() && *s > 0.0));
    }
}
