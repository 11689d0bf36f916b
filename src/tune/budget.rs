//! A run's budget of work (`tuner evolve --max-searches`): the most searches a
//! genome may spend per game (hands searched for their best puts, each
//! look-ahead leaf valued counted as a quarter search, its cost:
//! `yacht_core::value::work`, counted in its own decisions: the same on
//! any machine and any thread count). Speed is strength: a genome the
//! tool cannot afford to play is one it cannot tune or ship.
//!
//! Selection follows Deb's feasibility rule: a genome within the budget
//! ranks before any over it; of two over it, the one that spends less;
//! of two within it, the fitter. A winner within the budget may replace a
//! champion over it when it is not worse by more than
//! [`NOT_WORSE_BY`] (the verdict's margin), held out included.

use serde::{Deserialize, Serialize};

/// Fitness (a win rate) a winner within the budget may lose against a
/// champion over it and still replace it: half a point.
pub const NOT_WORSE_BY: f64 = 0.005;

/// The most searches per game a genome may spend, a look-ahead leaf
/// counted as a quarter search (its work, `yacht_core::value::work`).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Budget(pub f64);

impl Budget {
    /// Whether a genome that spent `searches` per game (its work, in
    /// searches) is within it (one whose work was not counted is not).
    pub fn allows(self, searches: Option<f64>) -> bool {
        searches.is_some_and(|s| s <= self.0)
    }

    /// The value the optimiser ranks by: `fitness` (0–1) within the
    /// budget; over it, minus the searches in budgets (below every genome
    /// within it, and the less spent the higher).
    pub fn rank_value(self, fitness: f64, searches: Option<f64>) -> f64 {
        match searches {
            _ if self.allows(searches) => fitness,
            Some(s) => -s / self.0,
            None => f64::NEG_INFINITY,
        }
    }
}

/// A budget that is not a positive number of searches.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
#[error("{0:?}: a budget is a number of searches per game, above 0 (a dp player spends about 55)")]
pub struct BadBudget(pub String);

impl std::str::FromStr for Budget {
    type Err = BadBudget;
    fn from_str(s: &str) -> Result<Budget, BadBudget> {
        let n = s.parse::<f64>().ok().filter(|n| n.is_finite() && *n > 0.0);
        n.map(Budget).ok_or_else(|| BadBudget(s.to_string()))
    }
}

impl std::fmt::Display for Budget {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// The value to rank by under an optional budget (none: the fitness).
pub fn rank_value(budget: Option<Budget>, fitness: f64, searches: Option<f64>) -> f64 {
    budget.map_or(fitness, |b| b.rank_value(fitness, searches))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn within_the_budget_the_fitter_ranks_first_and_any_within_beats_any_over() {
        let b = Budget(600.0);
        let within = [(0.60, 599.0), (0.62, 600.0)].map(|(f, s)| b.rank_value(f, Some(s)));
        let over = [(0.70, 601.0), (0.99, 1200.0)].map(|(f, s)| b.rank_value(f, Some(s)));
        assert_eq!(within, [0.60, 0.62]);
        // Over it, the fitness does not count, the spending does.
        assert!(over[0] > over[1]);
        assert_eq!(over[1], -2.0);
        assert!(within.iter().all(|w| over.iter().all(|o| w > o)));
        // A program's games are not counted: never within a budget.
        assert!(!b.allows(None));
        assert!(b.rank_value(1.0, None) < over[1]);
        // No budget: the fitness, whatever was spent.
        assert_eq!(rank_value(None, 0.7, Some(1e9)), 0.7);
        assert_eq!(rank_value(Some(b), 0.7, Some(1e9)), -1e9 / 600.0);
    }

    #[test]
    fn a_budget_parses_from_a_positive_number_and_names_what_it_takes() {
        assert_eq!("600".parse::<Budget>(), Ok(Budget(600.0)));
        assert_eq!("62.5".parse::<Budget>().unwrap().to_string(), "62.5");
        for bad in ["0", "-3", "inf", "NaN", "six hundred"] {
            let e = bad.parse::<Budget>().unwrap_err();
            assert_eq!(e, BadBudget(bad.to_string()));
            assert!(e.to_string().contains("searches per game, above 0"), "{e}");
        }
    }
}
