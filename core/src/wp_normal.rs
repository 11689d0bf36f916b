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
//! depended on it). Then P(win) = Φ(margin's mean / its standard
//! deviation), a draw counted ½ when nothing random is left. A candidate
//! costs two table lookups per player. Std-only: the submission runs it.

use crate::rollout::Side;
use crate::value::ValueTable;

/// A player's final total as the tables see it: its mean and variance.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Outlook {
    pub mean: f64,
    pub var: f64,
}

impl Outlook {
    /// `side`'s final total (between rounds, five dice held); None when the
    /// table has no spreads or the state is not in it.
    pub fn of(values: &ValueTable, side: &Side) -> Option<Outlook> {
        let var = values.held_spread(side.used, side.upper, side.carry)?;
        let v = values.held_value(side.used, side.upper, side.carry);
        Some(Outlook {
            mean: f64::from(side.total) + f64::from(v),
            var: f64::from(var),
        })
    }
}

/// The margin (mine minus the opponent's final total) as a normal: its
/// mean and standard deviation.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Margin {
    pub mean: f64,
    pub sd: f64,
}

impl Margin {
    /// My outlook against the opponent's, the variance scaled by `factor`
    /// (see the module's doc).
    pub fn between(me: Outlook, opp: Outlook, factor: f64) -> Margin {
        Margin {
            mean: me.mean - opp.mean,
            sd: (factor * (me.var + opp.var)).max(0.0).sqrt(),
        }
    }

    /// P(win) when the margin moves by `shift` points, a draw counting ½
    /// when nothing random is left.
    pub fn p_win(&self, shift: f64) -> f64 {
        let m = self.mean + shift;
        if self.sd > 0.0 {
            phi(m / self.sd)
        } else if m == 0.0 {
            0.5
        } else {
            f64::from(u8::from(m > 0.0))
        }
    }
}

/// The standard normal distribution function, to about 1e-7 (the
/// complementary error function by Numerical Recipes' Chebyshev fit).
pub fn phi(z: f64) -> f64 {
    let x = z / std::f64::consts::SQRT_2;
    let t = 1.0 / (1.0 + 0.5 * x.abs());
    let poly = [
        -1.265_512_23,
        1.000_023_68,
        0.374_091_96,
        0.096_784_18,
        -0.186_288_06,
        0.278_868_07,
        -1.135_203_98,
        1.488_515_87,
        -0.822_152_23,
        0.170_872_77,
    ]
    .iter()
    .rev()
    .fold(0.0, |acc, &c| acc * t + c);
    let erfc = t * (-x * x + poly).exp();
    if x >= 0.0 {
        1.0 - 0.5 * erfc
    } else {
        0.5 * erfc
    }
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
            },
            Outlook {
                mean: 200_000.0,
                var: 2.0e8,
            },
            0.5,
        );
        // sd = √(0.5 · 5e8) ≈ 15 811: 10 000 ahead is z ≈ 0.632.
        assert!((m.p_win(0.0) - phi(10_000.0 / 250_000_000f64.sqrt())).abs() < 1e-12);
        assert!((m.p_win(-10_000.0) - 0.5).abs() < 1e-7);
        assert!(m.p_win(5_000.0) > m.p_win(0.0));
        let settled = Margin { mean: 0.0, sd: 0.0 };
        assert_eq!(settled.p_win(0.0), 0.5);
        assert_eq!(settled.p_win(1.0), 1.0);
        assert_eq!(settled.p_win(-1.0), 0.0);
    }
}
