//! The running totals against one opponent, folded game by game in game
//! order, and what they come to ([`OpponentResult`]).

use super::{Adjusted, Faults, Fitness, OpponentResult};
use crate::host::gauntlet::CandidateGame;
use crate::host::series::Record;
use crate::host::transcript::keep_last;
use yacht_core::value::SEARCH_WORK;

/// Totals against one opponent so far.
#[derive(Default)]
pub(super) struct Tally {
    record: Record,
    points: Vec<f64>,
    outcomes: Vec<f64>,
    luck: Vec<f64>,
    margin: f64,
    total: f64,
    bids: f64,
    faults: Faults,
    stderr_tail: Vec<String>,
    /// The candidate's work, in quarters of a search.
    work: u64,
    /// A game whose work was not counted (a program's).
    uncounted: bool,
}

impl Tally {
    pub fn add(&mut self, g: CandidateGame, kind: Fitness) {
        let n = self.record.games();
        self.points.push(kind.worth(&g));
        for (who, line) in g.stderr {
            keep_last(&mut self.stderr_tail, format!("game {n}, {who}: {line}"));
        }
        self.outcomes.push(g.outcome.points());
        self.luck.push(g.luck);
        if let Some((who, why)) = &g.fault {
            self.faults.add(*who, why);
        }
        self.record.add(g.outcome);
        self.margin += g.margin as f64;
        self.total += g.total as f64;
        self.bids += g.bid_points as f64;
        match g.work {
            Some(k) => self.work += k,
            None => self.uncounted = true,
        }
    }

    pub fn finish(self, name: &str, weight: f64) -> OpponentResult {
        let n = self.record.games();
        let nf = n.max(1) as f64;
        OpponentResult {
            name: name.to_string(),
            games: n,
            record: self.record,
            win_rate: self.record.rate(),
            score: self.points.iter().sum::<f64>() / nf,
            ci95: self.record.ci95(),
            adjusted: Adjusted::of(&self.outcomes, &self.luck),
            mean_margin: self.margin / nf,
            mean_total: self.total / nf,
            mean_bid_points: self.bids / nf,
            mean_searches: (!self.uncounted && n > 0)
                .then(|| self.work as f64 / SEARCH_WORK as f64 / nf),
            weight,
            faults: self.faults,
            stderr_tail: self.stderr_tail,
            points: self.points,
            outcomes: self.outcomes,
            luck: self.luck,
        }
    }
}
