//! Eigen-decomposition of a small symmetric matrix by cyclic Jacobi
//! rotations (CMA-ES's covariance: at most a few dozen dimensions).

/// The eigenvalues of the symmetric `n`×`n` matrix `a` (row-major) and the
/// eigenvectors as the columns of the second (row-major), in no order.
pub fn symmetric(a: &[f64], n: usize) -> (Vec<f64>, Vec<f64>) {
    let mut a = a.to_vec();
    let mut v = vec![0.0; n * n];
    for i in 0..n {
        v[i * n + i] = 1.0;
    }
    let norm: f64 = a.iter().map(|x| x * x).sum::<f64>().sqrt();
    for _sweep in 0..100 {
        let off: f64 = (0..n)
            .flat_map(|i| (0..n).filter(move |&j| j != i).map(move |j| (i, j)))
            .map(|(i, j)| a[i * n + j] * a[i * n + j])
            .sum::<f64>()
            .sqrt();
        if off <= 1e-14 * norm.max(f64::MIN_POSITIVE) {
            break;
        }
        for p in 0..n {
            for q in p + 1..n {
                rotate(&mut a, &mut v, n, p, q);
            }
        }
    }
    ((0..n).map(|i| a[i * n + i]).collect(), v)
}

/// One Jacobi rotation zeroing a[p][q].
fn rotate(a: &mut [f64], v: &mut [f64], n: usize, p: usize, q: usize) {
    let apq = a[p * n + q];
    if apq == 0.0 {
        return;
    }
    let theta = (a[q * n + q] - a[p * n + p]) / (2.0 * apq);
    let t = theta.signum() / (theta.abs() + (theta * theta + 1.0).sqrt());
    let t = if theta == 0.0 { 1.0 } else { t };
    let c = 1.0 / (t * t + 1.0).sqrt();
    let s = t * c;
    for k in 0..n {
        let (akp, akq) = (a[k * n + p], a[k * n + q]);
        a[k * n + p] = c * akp - s * akq;
        a[k * n + q] = s * akp + c * akq;
    }
    for k in 0..n {
        let (apk, aqk) = (a[p * n + k], a[q * n + k]);
        a[p * n + k] = c * apk - s * aqk;
        a[q * n + k] = s * apk + c * aqk;
    }
    for k in 0..n {
        let (vkp, vkq) = (v[k * n + p], v[k * n + q]);
        v[k * n + p] = c * vkp - s * vkq;
        v[k * n + q] = s * vkp + c * vkq;
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_symmetric_matrix_is_rebuilt_from_its_eigenpairs() {
        let n = 4;
        let a = [
            4.0, 1.0, 0.5, 0.0, //
            1.0, 3.0, 0.2, 0.1, //
            0.5, 0.2, 2.0, 0.3, //
            0.0, 0.1, 0.3, 1.0,
        ];
        let (values, vectors) = super::symmetric(&a, n);
        for i in 0..n {
            for j in 0..n {
                let back: f64 = (0..n)
                    .map(|k| vectors[i * n + k] * values[k] * vectors[j * n + k])
                    .sum();
                assert!((back - a[i * n + j]).abs() < 1e-10, "{i},{j}: {back}");
            }
        }
        // The trace is the eigenvalues' sum.
        assert!((values.iter().sum::<f64>() - 10.0).abs() < 1e-10);
    }
}
