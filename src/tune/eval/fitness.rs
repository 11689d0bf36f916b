//! `Fitness`: what one game is worth to an evaluation, by name (a run's
//! config.toml records it).

use crate::host::gauntlet::CandidateGame;
use serde::{Deserialize, Serialize};

/// What a game is worth to the fitness: a named, pluggable part of a run
/// (recorded in its config.toml).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Fitness {
    /// A win 1, a draw ½, a loss 0: the weighted mean is the win rate.
    /// What a run's config.toml without the setting used.
    #[default]
    WinRate,
    /// The outcome less the candidate's luck (`host::luck`: the dice and
    /// the tie coins, valued by the exact table): the same mean as the win
    /// rate, with a fraction of its variance. The tool's default.
    Adjusted,
    /// The logistic of the game's margin over `MARGIN_SCALE` points: a
    /// narrow game counts near ½, a clear one near 1 or 0 (less noisy than
    /// the outcome alone). A game ended by a fault counts as its outcome.
    Margin,
}

/// Margin (points) at which a `Fitness::Margin` game counts 1/(1 + e⁻¹) ≈ 0.73.
pub const MARGIN_SCALE: f64 = 20_000.0;

impl Fitness {
    /// Every kind, for help and errors.
    pub const ALL: [Fitness; 3] = [Fitness::Adjusted, Fitness::WinRate, Fitness::Margin];

    pub fn name(self) -> &'static str {
        match self {
            Fitness::WinRate => "win-rate",
            Fitness::Adjusted => "adjusted",
            Fitness::Margin => "margin",
        }
    }

    /// What one game is worth: its outcome (1, ½, 0); less the
    /// candidate's luck for `Adjusted` (so it may leave 0..=1); the
    /// logistic of its margin unless it ended by a fault for `Margin`.
    pub fn worth(self, g: &CandidateGame) -> f64 {
        match (self, g.fault.is_some()) {
            (Fitness::WinRate, _) | (Fitness::Margin, true) => g.outcome.points(),
            (Fitness::Adjusted, _) => g.outcome.points() - g.luck,
            (Fitness::Margin, false) => 1.0 / (1.0 + (-f64::from(g.margin) / MARGIN_SCALE).exp()),
        }
    }

    /// The kind that measures a win rate (what the held-out check's margin
    /// is in): itself, or the plain win rate for `Margin`.
    pub fn as_win_rate(self) -> Fitness {
        match self {
            Fitness::Margin => Fitness::WinRate,
            kind => kind,
        }
    }

    /// A short name for a plot's axis.
    pub fn axis_label(self) -> String {
        match self {
            Fitness::WinRate => "weighted win rate".to_string(),
            Fitness::Adjusted => "weighted luck-adjusted win rate".to_string(),
            Fitness::Margin => format!("weighted logistic(margin / {MARGIN_SCALE})"),
        }
    }

    /// How the tables describe it.
    pub fn describe(self) -> String {
        match self {
            Fitness::WinRate => "weighted mean win rate, draws ½".to_string(),
            Fitness::Adjusted => "weighted mean luck-adjusted win rate, draws ½".to_string(),
            Fitness::Margin => {
                format!("weighted mean of each game's logistic(margin / {MARGIN_SCALE})")
            }
        }
    }
}

impl std::fmt::Display for Fitness {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A fitness name that is none of [`Fitness::ALL`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown fitness `{0}` (one of: {names})", names = Fitness::ALL.map(Fitness::name).join(", "))]
pub struct UnknownFitness(pub String);

impl std::str::FromStr for Fitness {
    type Err = UnknownFitness;
    fn from_str(s: &str) -> Result<Fitness, UnknownFitness> {
        let known = Fitness::ALL.into_iter().find(|k| k.name() == s);
        known.ok_or_else(|| UnknownFitness(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::host::gauntlet::Culprit;
    use crate::host::play::{Fault, Outcome};

    #[test]
    fn fitness_kinds_parse_by_name_and_value_games_as_documented() {
        for k in Fitness::ALL {
            assert_eq!(k.name().parse::<Fitness>(), Ok(k));
        }
        let unknown = "winrate".parse::<Fitness>().unwrap_err();
        assert_eq!(
            unknown.to_string(),
            "unknown fitness `winrate` (one of: adjusted, win-rate, margin)"
        );
        let game = |outcome, margin, faulted: bool| CandidateGame {
            outcome,
            margin,
            total: 0,
            bid_points: 0,
            fault: faulted.then_some((Culprit::Candidate, Fault::Tle)),
            stderr: Vec::new(),
            work: None,
            luck: 0.25,
        };
        let margin = |o, m, f| Fitness::Margin.worth(&game(o, m, f));
        assert_eq!(
            Fitness::WinRate.worth(&game(Outcome::Win, 20_000, false)),
            1.0
        );
        // The adjusted worth takes the luck off the outcome, faults too.
        assert_eq!(Fitness::Adjusted.worth(&game(Outcome::Win, 0, false)), 0.75);
        assert_eq!(
            Fitness::Adjusted.worth(&game(Outcome::Loss, 0, true)),
            -0.25
        );
        assert!((margin(Outcome::Win, 20_000, false) - 1.0 / (1.0 + (-1f64).exp())).abs() < 1e-12);
        assert_eq!(margin(Outcome::Draw, 0, false), 0.5);
        let (won, lost) = (
            margin(Outcome::Win, 20_000, false),
            margin(Outcome::Loss, -20_000, false),
        );
        assert!((won + lost - 1.0).abs() < 1e-12);
        // A game lost by a fault counts as lost, whatever the margin.
        assert_eq!(margin(Outcome::Loss, 50_000, true), 0.0);
    }
}
