//! The leaf's shape in one round, fitted: the margin's mean moved by
//! `shift` points, its variance scaled by `factor`, its skewness weighed by
//! `skew` (today's leaf is the one shape of every round the genes
//! `wp_edge`, `wp_spread_factor` and `wp_skew` give), and the fit of those
//! three numbers to positions with their outcomes by maximum likelihood.

use super::position::Position;

/// P(win) never goes past these in a log loss (a sure leaf that loses
/// costs ln 10⁶, not infinity).
const FLOOR: f64 = 1e-6;

pub use yacht_core::win::normal::Shape;

/// A shape as the fit's three numbers: the shift in thousands of points,
/// the factor's logarithm, the skew's weight.
fn params(shape: &Shape) -> [f64; 3] {
    [shape.shift / 1000.0, shape.factor.ln(), shape.skew]
}

fn from_params(x: [f64; 3]) -> Shape {
    Shape {
        shift: 1000.0 * x[0],
        factor: x[1].exp(),
        skew: x[2],
    }
}

/// The log loss of a predicted P(win) against an outcome of 1, ½ or 0.
pub fn log_loss(p: f64, outcome: f64) -> f64 {
    let p = p.clamp(FLOOR, 1.0 - FLOOR);
    -(outcome * p.ln() + (1.0 - outcome) * (1.0 - p).ln())
}

/// The squared error of a predicted P(win) (Brier's score).
pub fn brier(p: f64, outcome: f64) -> f64 {
    (p - outcome).powi(2)
}

fn mean_loss(shape: &Shape, positions: &[&Position]) -> f64 {
    let sum: f64 = positions
        .iter()
        .map(|p| log_loss(p.p_win(shape), p.outcome))
        .sum();
    sum / positions.len().max(1) as f64
}

/// The shape of least mean log loss on `positions`, from `start`: damped
/// Newton steps (Levenberg–Marquardt) on the shift in thousands of points,
/// the factor's logarithm and the skew's weight, derivatives by central
/// differences; three numbers, so a hand-written step is shorter than a
/// solver crate's setup.
pub fn fit(start: Shape, positions: &[&Position]) -> Shape {
    const H: f64 = 1e-4;
    let loss = |x: [f64; 3]| mean_loss(&from_params(x), positions);
    let mut x = params(&start);
    let mut now = loss(x);
    let mut damping = 1e-3;
    for _ in 0..60 {
        let at = |d: [f64; 3]| loss([x[0] + d[0], x[1] + d[1], x[2] + d[2]]);
        let unit = |i: usize, s: f64| {
            let mut d = [0.0; 3];
            d[i] = s;
            d
        };
        let mut grad = [0.0; 3];
        let mut hess = [[0.0; 3]; 3];
        for i in 0..3 {
            let (up, down) = (at(unit(i, H)), at(unit(i, -H)));
            grad[i] = (up - down) / (2.0 * H);
            hess[i][i] = (up - 2.0 * now + down) / (H * H);
            for j in 0..i {
                let both = |si: f64, sj: f64| {
                    let mut d = unit(i, si * H);
                    d[j] = sj * H;
                    at(d)
                };
                let h = (both(1.0, 1.0) - both(1.0, -1.0) - both(-1.0, 1.0) + both(-1.0, -1.0))
                    / (4.0 * H * H);
                hess[i][j] = h;
                hess[j][i] = h;
            }
        }
        let mut improved = false;
        while damping < 1e9 {
            let mut a = hess;
            for (i, row) in a.iter_mut().enumerate() {
                row[i] += damping * (1.0 + hess[i][i].abs());
            }
            let step = solve3(a, grad.map(|g| -g));
            let next = [x[0] + step[0], x[1] + step[1], x[2] + step[2]];
            let then = loss(next);
            if then.is_finite() && then < now {
                let gain = now - then;
                (x, now, improved) = (next, then, true);
                damping = (damping / 10.0).max(1e-9);
                if gain < 1e-12 {
                    return from_params(x);
                }
                break;
            }
            damping *= 10.0;
        }
        if !improved {
            break;
        }
    }
    from_params(x)
}

/// `a x = b` for a 3 × 3 system, by Cramer's rule. A singular or
/// indefinite system gives a step that is not finite or does not lower
/// the loss: the caller then damps more.
fn solve3(a: [[f64; 3]; 3], b: [f64; 3]) -> [f64; 3] {
    let det = |m: [[f64; 3]; 3]| {
        m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1])
            - m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0])
            + m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0])
    };
    let d = det(a);
    let mut x = [0.0; 3];
    for (k, xk) in x.iter_mut().enumerate() {
        let mut m = a;
        for i in 0..3 {
            m[i][k] = b[i];
        }
        *xk = det(m) / d;
    }
    x
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::derive_seed;
    use yacht_core::rules::CategorySet;
    use yacht_core::rules::tables::Dice5;
    use yacht_core::win::normal::Gap;
    use yacht_core::win::side::Side;

    /// Positions whose outcomes are drawn from `truth`: the fit finds it.
    #[test]
    fn the_fit_finds_the_shape_the_outcomes_were_drawn_from() {
        let truth = Shape {
            shift: 800.0,
            factor: 0.45,
            skew: 0.6,
        };
        let positions: Vec<Position> = (0..40_000u64)
            .map(|g| {
                let u = |k: u64| (derive_seed(&[g, k]) >> 11) as f64 / (1u64 << 53) as f64;
                let mut p = Position {
                    game: g,
                    auction: 6,
                    used: 4,
                    gap: Gap {
                        mean: 40_000.0 * (u(1) - 0.5),
                        var: 1.0e8 * (0.5 + u(2)),
                        third: 2.0e12 * (u(3) - 0.5),
                    },
                    today: 0.5,
                    outcome: 0.0,
                    sides: [Side {
                        used: CategorySet::EMPTY,
                        upper: 0,
                        total: 0,
                        carry: Dice5(0),
                    }; 2],
                };
                p.outcome = f64::from(u8::from(u(4) < p.p_win(&truth)));
                p
            })
            .collect();
        let all: Vec<&Position> = positions.iter().collect();
        let start = Shape {
            shift: 0.0,
            factor: 1.0,
            skew: 0.0,
        };
        let got = fit(start, &all);
        assert!((got.shift - truth.shift).abs() < 250.0, "{got:?}");
        assert!((got.factor - truth.factor).abs() < 0.05, "{got:?}");
        assert!((got.skew - truth.skew).abs() < 0.25, "{got:?}");
        assert!(mean_loss(&got, &all) <= mean_loss(&truth, &all));
    }

    #[test]
    fn losses_are_exact_at_known_points() {
        assert!((log_loss(0.5, 1.0) - std::f64::consts::LN_2).abs() < 1e-12);
        assert!((log_loss(0.5, 0.5) - std::f64::consts::LN_2).abs() < 1e-12);
        assert!((log_loss(1.0, 0.0) + FLOOR.ln()).abs() < 1e-9);
        assert_eq!(brier(0.75, 1.0), 0.0625);
        assert_eq!(
            solve3(
                [[2.0, 0.0, 0.0], [0.0, 4.0, 0.0], [1.0, 0.0, 1.0]],
                [2.0, 8.0, 3.0]
            ),
            [1.0, 2.0, 2.0]
        );
    }
}
