//! Win probability from the tables, no simulation: each player's final
//! total is taken as normal, with the mean its total so far plus V of its
//! state (`value`) and the variance that state's spread (`spread`), the
//! variance of the points still to come when every later bundle is its own.
//! The auctions still to come share each roll's two bundles between the
//! players (what one gets the other does not) and move bid points from one
//! to the other, so their futures are not independent: the margin's
//! variance is modelled as `factor` × the sum of the two solitaire
//! variances (gene `wp_spread_factor`; an independent prototype fitted
//! 0.42–0.46 by moments and 0.30–0.40 by log loss, and its decisions hardly
//! depended on it). Then P(win) = Φ(z) + φ(z)·γ/6·(z² − 1), z the margin's
//! mean over its standard deviation and γ its skewness (the first
//! Edgeworth term; gene `wp_skew` weighs it, 0 is the plain normal): the
//! skewness of the difference of the two solitaire totals, independent,
//! from the skewness table (`spread`). Measured: with the two
//! players' outlooks equal the normal misreads a bid's "one over or one
//! under" — its best response depends on the shape, not on the mean and
//! spread alone (docs/genome.md, "Win probability from the tables"). A draw counts
//! ½ when nothing random is left. A candidate costs three table lookups
//! per player. Std-only: the submission runs it.

use crate::value::ValueTable;
use crate::win::side::Side;

/// A player's final total as the tables see it: its mean and variance.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outlook {
    pub mean: f64,
    pub var: f64,
    /// The skewness (0 when the table has none).
    pub skew: f64,
}

impl Outlook {
    /// The third central moment: skewness × variance^{3/2}.
    pub fn third(&self) -> f64 {
        let var = self.var.max(0.0);
        self.skew * var * var.sqrt()
    }
}

impl Outlook {
    /// `side`'s final total (between rounds, five dice held); None when the
    /// table has no spreads or the state is not in it.
    pub fn of(values: &ValueTable, side: &Side) -> Option<Outlook> {
        let var = values.held_spread(side.used, side.upper, side.carry)?;
        let v = values.held_value(side.used, side.upper, side.carry);
        let skew = values.held_skew(side.used, side.upper, side.carry);
        Some(Outlook {
            mean: f64::from(side.total) + f64::from(v),
            var: f64::from(var),
            skew: f64::from(skew.unwrap_or(0.0)),
        })
    }
}

/// Two outlooks' difference by its first three moments (independent
/// totals): the mean margin, the variances' sum, the third moments'
/// difference.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Gap {
    pub mean: f64,
    pub var: f64,
    pub third: f64,
}

impl Gap {
    /// My outlook less the opponent's.
    pub fn between(me: Outlook, opp: Outlook) -> Gap {
        Gap {
            mean: me.mean - opp.mean,
            var: me.var + opp.var,
            third: me.third() - opp.third(),
        }
    }
}

/// A normal leaf's shape: the margin's mean moved by `shift` points, its
/// variance the gap's times `factor`, its skewness the gap's times `skew`
/// (0: the plain normal). The one formula of the bot's leaf; `tuner fit`
/// fits these three numbers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Shape {
    pub shift: f64,
    pub factor: f64,
    pub skew: f64,
}

impl Shape {
    /// The margin of `gap` in this shape.
    pub fn margin(&self, gap: Gap) -> Margin {
        let skew = if self.skew == 0.0 || gap.var <= 0.0 {
            0.0
        } else {
            self.skew * gap.third / (gap.var * gap.var.sqrt())
        };
        Margin {
            mean: gap.mean + self.shift,
            sd: (self.factor * gap.var).max(0.0).sqrt(),
            skew,
        }
    }
}

/// The margin (mine minus the opponent's final total) as a normal: its
/// mean and standard deviation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Margin {
    pub mean: f64,
    pub sd: f64,
    /// The skewness (third cumulant over sd³) the Edgeworth correction
    /// uses; 0 for the plain normal.
    pub skew: f64,
}

impl Margin {
    /// My outlook against the opponent's, the variance scaled by `factor`
    /// (see the module's doc).
    pub fn between(me: Outlook, opp: Outlook, factor: f64) -> Margin {
        Margin {
            mean: me.mean - opp.mean,
            sd: (factor * (me.var + opp.var)).max(0.0).sqrt(),
            skew: 0.0,
        }
    }

    /// The same margin with the skewness of the two solitaire totals'
    /// difference (independent) times `weight` (0: the plain normal).
    pub fn skewed(self, me: Outlook, opp: Outlook, weight: f64) -> Margin {
        let var = me.var + opp.var;
        if weight == 0.0 || var <= 0.0 {
            return self;
        }
        let skew = weight * (me.third() - opp.third()) / (var * var.sqrt());
        Margin { skew, ..self }
    }

    /// P(win) when the margin moves by `shift` points, a draw counting ½
    /// when nothing random is left.
    pub fn p_win(&self, shift: f64) -> f64 {
        let m = self.mean + shift;
        if self.sd > 0.0 {
            let z = m / self.sd;
            let d = density(z);
            let edgeworth = self.skew / 6.0 * (z * z - 1.0) * d;
            (phi_by(z, d) + edgeworth).clamp(0.0, 1.0)
        } else if m == 0.0 {
            0.5
        } else {
            f64::from(u8::from(m > 0.0))
        }
    }
}

/// The standard normal density.
pub fn density(z: f64) -> f64 {
    (-0.5 * z * z).exp() / (2.0 * std::f64::consts::PI).sqrt()
}

/// The standard normal distribution function, to 7.5e-8.
pub fn phi(z: f64) -> f64 {
    phi_by(z, density(z))
}

/// Φ(z) from the density at z (Abramowitz and Stegun 26.2.17, error
/// below 7.5e-8): the density times a polynomial in 1 / (1 + p |z|), so a
/// caller that needs both pays for one exponential.
fn phi_by(z: f64, density: f64) -> f64 {
    let t = 1.0 / (1.0 + 0.231_641_9 * z.abs());
    let poly = [
        0.319_381_530,
        -0.356_563_782,
        1.781_477_937,
        -1.821_255_978,
        1.330_274_429,
    ]
    .iter()
    .rev()
    .fold(0.0, |acc, &c| (acc + c) * t);
    let tail = density * poly;
    if z >= 0.0 { 1.0 - tail } else { tail }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn phi_matches_known_values() {
        for (z, p) in [
            (0.0, 0.5),
            (1.0, 0.841_344_746),
            (-1.0, 0.158_655_254),
            (1.96, 0.975_002_105),
            (-3.0, 0.001_349_898),
            (5.0, 0.999_999_713),
        ] {
            assert!((phi(z) - p).abs() < 2e-7, "{z}: {} vs {p}", phi(z));
        }
    }

    #[test]
    fn a_margin_wins_by_its_z_and_a_settled_one_by_its_sign() {
        let m = Margin::between(
            Outlook {
                mean: 210_000.0,
                var: 3.0e8,
                skew: 0.0,
            },
            Outlook {
                mean: 200_000.0,
                var: 2.0e8,
                skew: 0.0,
            },
            0.5,
        );
        // sd = √(0.5 · 5e8) ≈ 15 811: 10 000 ahead is z ≈ 0.632.
        assert!((m.p_win(0.0) - phi(10_000.0 / 250_000_000f64.sqrt())).abs() < 1e-12);
        assert!((m.p_win(-10_000.0) - 0.5).abs() < 1e-7);
        assert!(m.p_win(5_000.0) > m.p_win(0.0));
        let settled = Margin {
            mean: 0.0,
            sd: 0.0,
            skew: 0.0,
        };
        assert_eq!(settled.p_win(0.0), 0.5);
        assert_eq!(settled.p_win(1.0), 1.0);
        assert_eq!(settled.p_win(-1.0), 0.0);
    }

    #[test]
    fn the_skew_correction_brings_a_skewed_margin_closer_than_the_normal() {
        // The margin is a sum of 20 unit exponentials minus `t`: mean 20 − t,
        // variance 20, third moment 40, and P(win) = P(Gamma(20) > t) =
        // Σ_{i<20} e^−t t^i / i! exactly.
        let k = 20;
        let outlook = |mean, var: f64, third: f64| Outlook {
            mean,
            var,
            skew: if var > 0.0 {
                third / var.powf(1.5)
            } else {
                0.0
            },
        };
        let none = outlook(0.0, 0.0, 0.0);
        let mut worst = (0f64, 0f64);
        for t in [12.0f64, 16.0, 20.0, 24.0, 28.0] {
            let exact: f64 = (0..k)
                .scan(1.0, |term, i| {
                    let now = *term;
                    *term *= t / f64::from(i + 1);
                    Some(now)
                })
                .sum::<f64>()
                * (-t).exp();
            let me = outlook(f64::from(k) - t, f64::from(k), 2.0 * f64::from(k));
            let plain = Margin::between(me, none, 1.0);
            let skewed = plain.skewed(me, none, 1.0);
            assert!((skewed.skew - 2.0 / f64::from(k).sqrt()).abs() < 1e-12);
            worst.0 = worst.0.max((plain.p_win(0.0) - exact).abs());
            worst.1 = worst.1.max((skewed.p_win(0.0) - exact).abs());
        }
        // Measured: the normal is off by up to 0.030 (at t = 20 it says
        // 0.500 for 0.470), the corrected one by 0.0022.
        assert!(worst.0 > 0.02 && worst.1 < 0.003, "{worst:?}");
        // The opponent's skew counts against me, and a weight of 0 is the
        // plain normal.
        let them = outlook(0.0, 20.0, 40.0);
        let mine = outlook(0.0, 20.0, 0.0);
        assert!(
            Margin::between(mine, them, 1.0)
                .skewed(mine, them, 1.0)
                .skew
                < 0.0
        );
        assert_eq!(
            Margin::between(mine, them, 1.0).skewed(mine, them, 0.0),
            Margin::between(mine, them, 1.0)
        );
    }
}
