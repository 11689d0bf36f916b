//! The held-out check: a new champion must not be worse than the one it
//! replaces against strong opponents never used for selection. Both play
//! the same dice; the paired difference of their win rates (luck-adjusted
//! unless the run's fitness is the plain win rate) must be
//! shown above −[`MARGIN`] by a one-sided test: z = (difference + MARGIN) /
//! its standard error > [`Z_ONE_SIDED`] (non-inferiority at 95 %), and no
//! opponent alone may be shown worse by more than the margin: (its
//! difference + MARGIN) / its standard error < −[`Z_ONE_SIDED`] refuses
//! (a gain against some held-out players does not pay for a clear loss
//! against another).

use crate::tune::eval::{Evaluation, MARGIN, Paired, Standing, Z_ONE_SIDED, margin_z};
use serde::{Deserialize, Serialize};

/// The winner against the incumbent on the held-out suite.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct HeldOutCheck {
    pub seed: u64,
    pub margin: f64,
    pub winner_fitness: f64,
    pub incumbent_fitness: f64,
    /// Winner minus incumbent over the suite (weighted as the suite says).
    pub test: Paired,
    /// (difference + margin) / standard error.
    #[serde(with = "crate::tune::eval::unbounded")]
    pub z: f64,
    pub not_worse: bool,
    /// Opponent by opponent, in suite order.
    pub rows: Vec<HeldOutRow>,
    pub verdict: String,
}

/// One held-out opponent: both genomes' win rates on the same dice.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct HeldOutRow {
    pub name: String,
    /// Each one's win rate as compared (luck-adjusted or plain).
    pub winner: f64,
    pub incumbent: f64,
    pub difference: f64,
    pub std_error: f64,
}

impl HeldOutRow {
    /// Whether the winner is shown worse than the incumbent against this
    /// opponent by more than the margin (one-sided, 95 %).
    pub fn shown_worse(&self) -> bool {
        Standing::of(self.difference, self.std_error) == Standing::Worse
    }
}

/// Judges `winner` against `incumbent`, both evaluated on the held-out
/// suite with `seed` (on the run's fitness, the luck-adjusted results by
/// default). None when they are not paired
/// (different suites or no games).
pub fn judge(winner: &Evaluation, incumbent: &Evaluation, seed: u64) -> Option<HeldOutCheck> {
    let test = winner.paired(incumbent)?;
    let each = winner.paired_each(incumbent)?;
    let z = margin_z(test.difference, test.std_error);
    let rows: Vec<HeldOutRow> = winner
        .opponents
        .iter()
        .zip(&incumbent.opponents)
        .zip(&each)
        .map(|((w, i), p)| HeldOutRow {
            name: w.name.clone(),
            winner: w.score,
            incumbent: i.score,
            difference: p.difference,
            std_error: p.std_error,
        })
        .collect();
    let worse = shown_worse_against(&rows);
    let not_worse = z > Z_ONE_SIDED && worse.is_empty();
    let worse_note = if worse.is_empty() {
        String::new()
    } else {
        format!("; {WORSE} against {}", worse.join(", "))
    };
    let verdict = format!(
        "{}: {:+.4} ± {:.4} (z = {z:.2} {} {Z_ONE_SIDED} for a margin of {MARGIN}, {} games per opponent){worse_note}",
        word(not_worse),
        test.difference,
        test.std_error,
        if z > Z_ONE_SIDED { ">" } else { "≤" },
        test.games_per_opponent,
    );
    Some(HeldOutCheck {
        seed,
        margin: MARGIN,
        winner_fitness: winner.fitness,
        incumbent_fitness: incumbent.fitness,
        test,
        z,
        not_worse,
        rows,
        verdict,
    })
}

impl HeldOutCheck {
    /// The opponents against which the winner is shown worse by more than
    /// the margin, alone (any refuses it, whatever the suite's z).
    pub fn shown_worse_against(&self) -> Vec<&str> {
        shown_worse_against(&self.rows)
    }

    /// The verdict in the tool's words: "not worse", "not shown not
    /// worse", or "worse by more than the margin" when it is shown so
    /// against an opponent (whom the summary names).
    pub fn word(&self) -> &'static str {
        match self.shown_worse_against().is_empty() {
            true => word(self.not_worse),
            false => WORSE,
        }
    }
}

/// The verdict's word when the winner is shown worse against an opponent.
const WORSE: &str = "worse by more than the margin";

fn word(not_worse: bool) -> &'static str {
    match not_worse {
        true => "not worse",
        false => "not shown not worse",
    }
}

fn shown_worse_against(rows: &[HeldOutRow]) -> Vec<&str> {
    rows.iter()
        .filter(|r| r.shown_worse())
        .map(|r| r.name.as_str())
        .collect()
}

/// The held-out rows as a table: opponent, winner, champion, difference.
pub fn table(check: &HeldOutCheck) -> String {
    let mut s = format!(
        "{:<24} {:>8} {:>10} {:>16}\n",
        "held-out opponent", "winner", "champion", "difference"
    );
    for r in &check.rows {
        s.push_str(&format!(
            "{:<24} {:>7.1}% {:>9.1}% {:>+8.1} ± {:>4.1}\n",
            r.name,
            100.0 * r.winner,
            100.0 * r.incumbent,
            100.0 * r.difference,
            100.0 * 1.96 * r.std_error
        ));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An evaluation against one opponent per entry of `points`.
    fn evaluation(points: &[Vec<f64>]) -> Evaluation {
        let named: Vec<(String, Vec<f64>)> = points
            .iter()
            .enumerate()
            .map(|(i, p)| (format!("opp{i}"), p.clone()))
            .collect();
        let named: Vec<(&str, Vec<f64>)> =
            named.iter().map(|(n, p)| (n.as_str(), p.clone())).collect();
        Evaluation::from_points(&named)
    }

    /// `wins` of 1000 games won, the rest lost.
    pub(crate) fn games(wins: usize) -> Vec<f64> {
        let mut g = vec![0.0; 1000];
        g[..wins].fill(1.0);
        g
    }
    #[test]
    fn equal_play_is_not_worse_and_a_clear_loss_is_refused() {
        let same = evaluation(&[games(500), games(600)]);
        let check = judge(&same, &same, 7).unwrap();
        assert!(check.not_worse, "{}", check.verdict);
        assert_eq!(check.z, f64::INFINITY);
        // Five points worse against the second opponent (55 % where the
        // incumbent won 60 %), games paired: the suite mean is 2.5 points
        // worse, beyond the margin.
        let worse = evaluation(&[games(500), games(550)]);
        let check = judge(&worse, &same, 7).unwrap();
        assert!(!check.not_worse, "{}", check.verdict);
        assert!((check.test.difference + 0.025).abs() < 1e-12);
        assert_eq!(check.rows[1].winner, 0.55);
        assert_eq!(check.rows[1].incumbent, 0.6);
        assert!(check.verdict.starts_with("not shown not worse: -0.0250"));
    }

    #[test]
    fn gains_against_five_opponents_do_not_pay_for_a_clear_loss_against_a_sixth() {
        let incumbent = evaluation(&[
            games(500),
            games(500),
            games(500),
            games(500),
            games(500),
            games(600),
        ]);
        let winner = evaluation(&[
            games(530),
            games(530),
            games(530),
            games(530),
            games(530),
            games(550),
        ]);
        let check = judge(&winner, &incumbent, 3).unwrap();
        // The suite's mean is 1.7 points better, far above the margin …
        assert!(check.test.difference > 0.015 && check.z > Z_ONE_SIDED);
        // … but the sixth is 5 points worse, shown worse than −1.
        assert!(check.rows[5].shown_worse());
        assert!(check.rows[..5].iter().all(|r| !r.shown_worse()));
        assert!(!check.not_worse, "{}", check.verdict);
        assert!(
            check
                .verdict
                .ends_with("worse by more than the margin against opp5"),
            "{}",
            check.verdict
        );
        assert_eq!(check.shown_worse_against(), ["opp5"]);
    }

    #[test]
    fn a_small_loss_within_the_margin_on_many_games_is_not_worse() {
        // 0.2 points worse on 1000 games (500 deals, two games each): the
        // two games it loses more are in two deals, so the difference is
        // −0.002 with error 0.0014 over the deals, z = (0.01 − 0.002) /
        // 0.0014 ≈ 5.6.
        let incumbent = evaluation(&[games(500)]);
        let mut fewer = games(500);
        (fewer[0], fewer[2]) = (0.0, 0.0);
        let winner = evaluation(&[fewer]);
        let check = judge(&winner, &incumbent, 1).unwrap();
        assert!(check.not_worse && check.z > 5.0, "{}", check.verdict);
        // Unpaired evaluations (different suites) are not judged.
        assert!(judge(&winner, &evaluation(&[games(1), games(1)]), 1).is_none());
    }
}
