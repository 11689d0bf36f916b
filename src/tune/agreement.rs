//! How the tables' win probability agrees with the reference, rollouts: on
//! the positions of seeded games of `dp` against an opponent, the put each estimator picks among
//! the genome's best puts (and the error of the tables' P(win) of every
//! candidate), and the bid each makes (bundle, amount; each judged
//! against the bid the opponent made), by round and by lead.
//! Positions are evaluated in parallel, each on its own seeded futures:
//! the rows do not depend on the number of threads.

use crate::host::luck::by_rollouts::deciding;
use crate::host::positions::{GameViews, positions};
use crate::players::{StrategySpec, values};
use crate::tune::estimate::{self, Estimator};
use rayon::prelude::*;
use yacht_core::game::{Strategy, View};
use yacht_core::genome::Genome;
use yacht_core::players::dp::DpBot;
use yacht_core::rules::{Bid, Bundle};

/// One put position: its round, my lead, whether both estimators pick the
/// same put, the tables' mean |P(win) error| over the candidates, and
/// what the picks gain over the put by value (the genome's first).
#[derive(Clone, Debug, PartialEq)]
pub struct PutRow {
    pub round: usize,
    pub lead: i32,
    pub same: bool,
    pub error: f64,
    pub gain: Gain,
}

/// What a decision by win probability gains over the value's, in P(win)
/// as a judge of as many rollouts on other futures sees it (so neither
/// choice saw the judge's noise): the tables' choice and the reference's.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Gain {
    pub tables: f64,
    pub reference: f64,
}

/// One bid position: its round, my lead, whether both bid on the same
/// bundle, how far (signed amounts) the tables' bid and the value's bid
/// are from the rollouts' bid (each the best response to the opponent as
/// read, or the indifference bid when the read does not hold), how far
/// the tables' indifference bid (the bid with no read) and the value's are
/// from the rollouts', and what each gains, judged against the bid the
/// opponent made.
#[derive(Clone, Debug, PartialEq)]
pub struct BidRow {
    pub round: usize,
    pub lead: i32,
    pub same: bool,
    pub tables_off: u32,
    pub value_off: u32,
    pub indifference_off: u32,
    pub value_indifference_off: u32,
    pub gain: Gain,
}

/// The rows of an agreement measurement, from `games` games.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Agreement {
    pub games: u64,
    pub puts: Vec<PutRow>,
    pub bids: Vec<BidRow>,
}

impl Agreement {
    /// What the decisions by win probability gain per game over the
    /// value's (puts, bids), summed over the game's decisions.
    pub fn per_game(&self) -> [Gain; 2] {
        let n = self.games.max(1) as f64;
        let per_game = |gains: Vec<Gain>| Gain {
            tables: gains.iter().map(|g| g.tables).sum::<f64>() / n,
            reference: gains.iter().map(|g| g.reference).sum::<f64>() / n,
        };
        [
            per_game(self.puts.iter().map(|r| r.gain).collect()),
            per_game(self.bids.iter().map(|r| r.gain).collect()),
        ]
    }
}

/// Measures `g`'s tables against `futures` rollouts on the positions of
/// `games` seeded games of `dp` against `opponent` (seed `seed`).
pub fn measure(
    g: &Genome,
    opponent: &StrategySpec,
    games: u64,
    futures: u32,
    seed: u64,
) -> Agreement {
    let table = values::shipped_table();
    let views = positions(Box::new(DpBot::new(table)), opponent.build(), games, seed);
    let puts = views
        .par_iter()
        .flat_map_iter(|game| game.puts.clone())
        .filter_map(|v| put_row(g, &v, futures))
        .collect();
    let bids = views
        .par_iter()
        .map(|game| bid_rows(g, game, futures))
        .collect::<Vec<_>>()
        .concat();
    Agreement { games, puts, bids }
}

fn lead(v: &View) -> i32 {
    v.me.total() - v.opp.total()
}

/// A put position's row; None when it is no choice by win probability.
fn put_row(g: &Genome, v: &View, futures: u32) -> Option<PutRow> {
    let bot = deciding(g, true, futures);
    let tables = estimate::put_chances(&bot, v, Estimator::Tables)?;
    let rolled = estimate::put_chances(&bot, v, Estimator::Rollouts(futures))?;
    let judged = estimate::put_chances(&bot, v, Estimator::Judge(futures))?;
    let pick =
        |c: &[(_, f64)]| (0..c.len()).fold(0, |best, k| if c[k].1 > c[best].1 { k } else { best });
    let error = tables
        .iter()
        .zip(&rolled)
        .map(|(t, r)| (t.1 - r.1).abs())
        .sum::<f64>()
        / tables.len() as f64;
    let (t, r) = (pick(&tables), pick(&rolled));
    Some(PutRow {
        round: v.rolls_seen,
        lead: lead(v),
        same: t == r,
        error,
        gain: Gain {
            tables: judged[t].1 - judged[0].1,
            reference: judged[r].1 - judged[0].1,
        },
    })
}

fn signed(b: Bid) -> i64 {
    match b.bundle {
        Bundle::A => i64::from(b.amount),
        Bundle::B => -i64::from(b.amount),
    }
}

/// The bids the opponent made in a game, auction by auction: the longest
/// list any of its views saw.
fn opponent_bids(game: &GameViews) -> Vec<Bid> {
    let views = game.bids.iter().chain(&game.puts);
    let seen = views.max_by_key(|v| v.opp_bids.len());
    seen.map(|v| v.opp_bids.to_vec()).unwrap_or_default()
}

/// A game's bid rows from round 2 on (each bot sees the game's bids in
/// order: its read of the opponent is built from them). The judge takes
/// each auction's bids against the bid the opponent made, so a position
/// counts whether or not the genome's read holds.
fn bid_rows(g: &Genome, game: &GameViews, futures: u32) -> Vec<BidRow> {
    let mut tables = deciding(g, true, futures);
    let mut rolled = deciding(g, false, futures);
    let mut value = DpBot::new(values::shipped_table());
    let off = |x: Bid, y: Bid| (signed(x) - signed(y)).unsigned_abs() as u32;
    let theirs = opponent_bids(game);
    let made: Vec<_> = game
        .bids
        .iter()
        .map(|v| (v, tables.bid(v), rolled.bid(v), value.bid(v)))
        .collect();
    made.into_iter()
        .filter(|(v, ..)| v.rolls_seen >= 2)
        .filter_map(|(v, t, r, d)| {
            let by = |e| Some(estimate::bid_futures(&tables, v, e)?.indifference(d.bundle));
            let (ti, ri) = (by(Estimator::Tables)?, by(Estimator::Rollouts(futures))?);
            let made = [*theirs.get(v.rolls_seen - 1)?];
            let judged =
                estimate::bid_chances(&tables, v, Estimator::Judge(futures), &[t, r, d], &made)?;
            Some(BidRow {
                round: v.rolls_seen,
                lead: lead(v),
                same: t.bundle == r.bundle,
                tables_off: off(t, r),
                value_off: off(d, r),
                indifference_off: off(ti, ri),
                value_indifference_off: off(d, ri),
                gain: Gain {
                    tables: judged[0] - judged[2],
                    reference: judged[1] - judged[2],
                },
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_12_agrees_exactly_and_threads_change_nothing() {
        let g: Genome = Genome::default();
        let run = |threads| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            pool.install(|| measure(&g, &StrategySpec::parse("dp").unwrap(), 2, 100, 7))
        };
        let a = run(1);
        assert_eq!(a, run(2), "the rows do not depend on the threads");
        // Two games: a put per round 2..=12 and a bid per round 2..=12.
        assert_eq!((a.puts.len(), a.bids.len()), (22, 22));
        // Round 12's put: nothing random follows, both estimators know the
        // result (the rollouts play no round).
        let last: Vec<_> = a.puts.iter().filter(|r| r.round == 12).collect();
        assert_eq!(last.len(), 2);
        assert!(last.iter().all(|r| r.same && r.error == 0.0), "{last:?}");
        assert!(last.iter().all(|r| r.gain == Gain::default()), "{last:?}");
        // Round 12's bid: the margin after it is known too.
        let last_bids = a.bids.iter().filter(|r| r.round == 12);
        assert!(last_bids.clone().all(|r| r.indifference_off <= 1), "{a:?}");
        // Elsewhere the rollouts are noisy: not every put agrees.
        assert!(a.puts.iter().any(|r| r.error > 0.0));
    }

    #[test]
    fn every_bid_counts_where_the_read_does_not_hold() {
        // `dp:exact` bids on another table: a read that takes no error
        // (as the champion's 0.6 points, bids being whole points) drops it
        // within a game, but the judge takes the bid it made.
        let mut g = Genome::default();
        g.genes[yacht_core::genome::WP_READ_TOLERANCE] = 0.0;
        let a = measure(&g, &StrategySpec::parse("dp:exact").unwrap(), 2, 100, 7);
        assert_eq!(a.bids.len(), 22, "a bid per round 2..=12 of two games");
        let rounds: Vec<_> = a.bids.iter().map(|r| r.round).collect();
        assert_eq!(rounds[..11], (2..=12).collect::<Vec<_>>()[..]);
    }
}
