//! Paired comparisons: two evaluations on the same deals, game by game
//! (the difference of their fitness, its standard error and z), and the
//! serde of statistics that may be infinite.

use super::Evaluation;
use serde::{Deserialize, Serialize};

/// A paired comparison of two evaluations on the same deals: the weighted
/// mean difference of their game points (the fitness difference), its
/// standard error, and z = difference / error.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Paired {
    pub games_per_opponent: u32,
    pub difference: f64,
    pub std_error: f64,
    /// Infinite when the error is 0 (the two played alike game by game).
    #[serde(with = "unbounded")]
    pub z: f64,
}

/// Serde for a statistic that may be infinite: JSON has no infinity, so
/// ±∞ is written as the string "inf" or "-inf".
pub mod unbounded {
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    #[derive(Serialize, Deserialize)]
    #[serde(untagged)]
    enum Written {
        Number(f64),
        Text(String),
    }

    fn written(x: f64) -> Written {
        match x {
            f64::INFINITY => Written::Text("inf".into()),
            f64::NEG_INFINITY => Written::Text("-inf".into()),
            x => Written::Number(x),
        }
    }

    fn read<E: serde::de::Error>(w: Written) -> Result<f64, E> {
        match w {
            Written::Number(x) => Ok(x),
            Written::Text(t) if t == "inf" => Ok(f64::INFINITY),
            Written::Text(t) if t == "-inf" => Ok(f64::NEG_INFINITY),
            Written::Text(t) => Err(E::custom(format!(
                "expected a number, \"inf\" or \"-inf\", found \"{t}\""
            ))),
        }
    }

    pub fn serialize<S: Serializer>(x: &f64, s: S) -> Result<S::Ok, S::Error> {
        written(*x).serialize(s)
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<f64, D::Error> {
        read(Written::deserialize(d)?)
    }

    /// The same for each value of a list.
    pub mod each {
        use super::{Written, read, written};
        use serde::{Deserialize, Deserializer, Serialize, Serializer};

        pub fn serialize<S: Serializer>(xs: &[f64], s: S) -> Result<S::Ok, S::Error> {
            let w: Vec<Written> = xs.iter().map(|&x| written(x)).collect();
            w.serialize(s)
        }

        pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Vec<f64>, D::Error> {
            Vec::<Written>::deserialize(d)?
                .into_iter()
                .map(read)
                .collect()
        }
    }
}

/// How much worse (in win rate, 0.01 = 1 point) a candidate may be and
/// still count as not worse: the held-out check's margin.
pub const MARGIN: f64 = 0.01;

/// The one-sided 95 % quantile of the normal distribution.
pub const Z_ONE_SIDED: f64 = 1.645;

/// A paired difference against [`MARGIN`], one-sided at 95 %
/// (non-inferiority): z = (difference + MARGIN) / its standard error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// Shown above −MARGIN: z > [`Z_ONE_SIDED`].
    NotWorse,
    /// Neither shown above nor below it.
    Unshown,
    /// Shown below −MARGIN: z < −[`Z_ONE_SIDED`].
    Worse,
}

/// The z of a paired difference against [`MARGIN`]: (difference +
/// MARGIN) / its standard error.
pub fn margin_z(difference: f64, std_error: f64) -> f64 {
    z_score(difference + MARGIN, std_error)
}

impl Standing {
    /// Where `difference` (its standard error `std_error`) stands.
    pub fn of(difference: f64, std_error: f64) -> Standing {
        match margin_z(difference, std_error) {
            z if z > Z_ONE_SIDED => Standing::NotWorse,
            z if z < -Z_ONE_SIDED => Standing::Worse,
            _ => Standing::Unshown,
        }
    }
}

/// difference / its standard error; with no error, +∞ for a positive
/// difference and 0 otherwise.
pub fn z_score(difference: f64, std_error: f64) -> f64 {
    if std_error > 0.0 {
        difference / std_error
    } else if difference > 0.0 {
        f64::INFINITY
    } else {
        0.0
    }
}

impl Paired {
    /// The comparison with this difference and standard error.
    fn new(games_per_opponent: u32, difference: f64, std_error: f64) -> Paired {
        Paired {
            games_per_opponent,
            difference,
            std_error,
            z: z_score(difference, std_error),
        }
    }

    /// Game points `a` against `b`, game by game, in game order (a deal's
    /// two games, seats swapped, side by side). The two games of a deal
    /// see the same dice, so their differences are alike: the error is
    /// that of the deals' mean differences (a leftover game counts as a
    /// deal of its own), not of independent games: the games' error was
    /// √2 too small (measured: eight seeds' differences spread 0.95 where
    /// each printed 0.52; over deals 0.73).
    pub(super) fn of(a: &[f64], b: &[f64]) -> Paired {
        let d: Vec<f64> = a.iter().zip(b).map(|(x, y)| x - y).collect();
        let (mean, se) = over_deals(&d);
        Paired::new(d.len() as u32, mean, se)
    }
}

/// The mean of per-game values in game order (a deal's two games side by
/// side) and its standard error over the deals' means (a leftover game
/// counts as a deal of its own).
pub(super) fn over_deals(d: &[f64]) -> (f64, f64) {
    let games = d.len() as f64;
    if d.is_empty() {
        return (0.0, 0.0);
    }
    let mean = d.iter().sum::<f64>() / games;
    let deals: Vec<(f64, f64)> = d
        .chunks(2)
        .map(|c| (c.iter().sum::<f64>() / c.len() as f64, c.len() as f64))
        .collect();
    // The weighted mean's error over deals of one or two games.
    let n = deals.len() as f64;
    let spread = deals
        .iter()
        .map(|&(x, w)| (w * (x - mean)).powi(2))
        .sum::<f64>();
    let var = spread * n / (n - 1.0).max(1.0) / (games * games);
    (mean, var.sqrt())
}

/// A candidate against a baseline player on the same deals, opponent by
/// opponent: what `tuner eval --baseline` prints and writes.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Baseline {
    /// The baseline as given (a genome path or a player).
    pub player: String,
    pub fitness: f64,
    pub opponents: Vec<BaselineRow>,
}

/// One opponent of a [`Baseline`]: the baseline's own score, and the
/// candidate's minus it, game by game.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct BaselineRow {
    pub name: String,
    pub baseline_score: f64,
    /// On the evaluation's fitness (the luck-adjusted results by default).
    #[serde(flatten)]
    pub paired: Paired,
    /// On the plain outcomes (1, ½, 0), and the variance of the plain
    /// difference over that of `paired`'s.
    #[serde(default)]
    pub plain: Option<Paired>,
    #[serde(default)]
    pub variance_ratio: f64,
}

impl Baseline {
    /// `candidate` against `baseline` (both evaluated on one seed and suite;
    /// None otherwise).
    pub fn new(player: &str, candidate: &Evaluation, baseline: &Evaluation) -> Option<Baseline> {
        let each = candidate.paired_each(baseline)?;
        let opponents = baseline
            .opponents
            .iter()
            .zip(&candidate.opponents)
            .zip(each)
            .map(|((o, c), paired)| {
                let plain = Paired::of(&c.outcomes, &o.outcomes);
                BaselineRow {
                    name: o.name.clone(),
                    baseline_score: o.score,
                    variance_ratio: ratio(plain.std_error, paired.std_error),
                    plain: Some(plain),
                    paired,
                }
            })
            .collect();
        Some(Baseline {
            player: player.to_string(),
            fitness: baseline.fitness,
            opponents,
        })
    }
}

impl Evaluation {
    /// `self` against `other`, game by game (both on the same seed and
    /// suite; None otherwise).
    pub fn paired(&self, other: &Evaluation) -> Option<Paired> {
        let each = self.paired_each(other)?;
        let total: f64 = self.opponents.iter().map(|o| o.weight).sum();
        let (mut difference, mut variance) = (0.0, 0.0);
        for (o, p) in self.opponents.iter().zip(&each) {
            let w = o.weight / total;
            difference += w * p.difference;
            variance += (w * p.std_error).powi(2);
        }
        let games = self.opponents.iter().map(|o| o.games).min().unwrap_or(0);
        Some(Paired::new(games, difference, variance.sqrt()))
    }

    /// [`Evaluation::paired`] opponent by opponent, in suite order.
    pub fn paired_each(&self, other: &Evaluation) -> Option<Vec<Paired>> {
        let same = self.opponents.len() == other.opponents.len()
            && self.opponents.iter().zip(&other.opponents).all(|(a, b)| {
                a.name == b.name && a.points.len() == b.points.len() && !a.points.is_empty()
            });
        same.then(|| {
            self.opponents
                .iter()
                .zip(&other.opponents)
                .map(|(a, b)| Paired::of(&a.points, &b.points))
                .collect()
        })
    }
}

/// (plain / adjusted)² of two standard errors: 0 when there is nothing to
/// compare, ∞ is never written (an adjusted error of 0 gives 0).
pub fn ratio(plain_se: f64, adjusted_se: f64) -> f64 {
    if adjusted_se > 0.0 {
        (plain_se / adjusted_se).powi(2)
    } else {
        0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_error_is_the_deals_not_the_games() {
        // Each deal's two games alike: won, won, lost, lost, … The deals'
        // means 1, 0, 1, 0 have variance 1/3: the error √(1/3 / 4), where
        // eight independent games would claim √(2/7 / 8).
        let a = [1.0, 1.0, 0.0, 0.0, 1.0, 1.0, 0.0, 0.0];
        let p = Paired::of(&a, &[0.0; 8]);
        assert_eq!((p.games_per_opponent, p.difference), (8, 0.5));
        assert!(
            (p.std_error - (1.0f64 / 12.0).sqrt()).abs() < 1e-12,
            "{p:?}"
        );
        // A deal's games cancelling: every deal is even, no error.
        let p = Paired::of(&[1.0, 0.0, 1.0, 0.0], &[0.0, 1.0, 0.0, 1.0]);
        assert_eq!((p.difference, p.std_error, p.z), (0.0, 0.0, 0.0));
        // A leftover game is a deal of its own: means 1, 0, 1 weighted
        // 2, 2, 1 around 0.6, n = 3.
        let p = Paired::of(&[1.0, 1.0, 0.0, 0.0, 1.0], &[0.0; 5]);
        let spread: f64 = [0.8f64, 1.2, 0.4].iter().map(|x| x * x).sum();
        assert!((p.std_error - (spread * 1.5 / 25.0).sqrt()).abs() < 1e-12);
    }
}
