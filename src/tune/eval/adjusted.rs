//! The luck-adjusted figures of one opponent's games (`host::luck`): each
//! game's outcome less the candidate's luck, their mean and interval, the
//! corrections' own mean, and what the adjustment bought (the variance
//! ratio), all over deals, as the paired comparisons count them.

use super::paired::{over_deals, ratio};
use serde::{Deserialize, Serialize};

/// The luck-adjusted result against one opponent.
#[derive(Clone, Debug, Default, Serialize, Deserialize, PartialEq)]
pub struct Adjusted {
    /// The mean of each game's outcome (1, ½, 0) less the candidate's
    /// luck: an estimate of the win rate with the same mean.
    pub rate: f64,
    /// Its 95 % interval (normal, over deals).
    pub ci95: [f64; 2],
    /// The variance of the plain results over that of the adjusted ones
    /// (over deals): how many times fewer games the same interval needs.
    pub variance_ratio: f64,
    /// The corrections' mean (0 in expectation, whatever the players) and
    /// its standard error.
    pub mean_luck: f64,
    pub luck_se: f64,
}

impl Adjusted {
    /// The figures of games with these outcomes and lucks, in game order.
    pub fn of(outcomes: &[f64], luck: &[f64]) -> Adjusted {
        let adjusted: Vec<f64> = outcomes.iter().zip(luck).map(|(o, l)| o - l).collect();
        let (rate, se) = over_deals(&adjusted);
        let (_, plain_se) = over_deals(outcomes);
        let (mean_luck, luck_se) = over_deals(luck);
        Adjusted {
            rate,
            ci95: [rate - 1.96 * se, rate + 1.96 * se],
            variance_ratio: ratio(plain_se, se),
            mean_luck,
            luck_se,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn luck_that_explains_the_outcomes_leaves_no_variance_to_divide() {
        // Two deals: won and lost by luck ±0.5 around ½, then drawn.
        let outcomes = [1.0, 0.0, 0.5, 0.5];
        let luck = [0.5, -0.5, 0.0, 0.0];
        let a = Adjusted::of(&outcomes, &luck);
        assert_eq!((a.rate, a.ci95), (0.5, [0.5, 0.5]));
        assert_eq!(a.variance_ratio, 0.0);
        assert_eq!(a.mean_luck, 0.0);
        // Half the luck: the adjusted results spread half as far.
        let half = [0.25, 0.25, 0.0, 0.0];
        let a = Adjusted::of(&[1.0, 1.0, 0.0, 0.0], &half);
        let b = Adjusted::of(&[1.0, 1.0, 0.0, 0.0], &[0.0; 4]);
        assert_eq!(b.variance_ratio, 1.0);
        assert!((a.rate - 0.375).abs() < 1e-12, "{a:?}");
        assert!(
            (a.variance_ratio - (1.0 / 0.75f64).powi(2)).abs() < 1e-9,
            "{a:?}"
        );
    }
}
