//! How the tables' win probability agrees with the reference, rollouts: on
//! the positions of seeded games of `dp` against an opponent, the put each estimator picks among
//! the genome's best puts (and the error of the tables' P(win) of every
//! candidate), and the bid each makes (bundle, amount; the opponent read
//! as the signed equilibrium, as against `dp`), by round and by lead.
//! Positions are evaluated in parallel, each on its own seeded futures:
//! the rows do not depend on the number of threads.

use crate::host::positions::{GameViews, positions};
use crate::players::{StrategySpec, values};
use rayon::prelude::*;
use yacht_core::dp::DpBot;
use yacht_core::for_the_win::Estimator;
use yacht_core::game::{Strategy, View};
use yacht_core::genome::{Genome, WP_BID_AUCTIONS, WP_FAST, WP_PUT_AUCTIONS, WP_ROLLOUTS};
use yacht_core::genome_bot::GenomeBot;
use yacht_core::rules::{Bid, Bundle};

/// One put position: its round, my lead, whether both estimators pick the
/// same put, and the tables' mean |P(win) error| over the candidates.
#[derive(Clone, Debug, PartialEq)]
pub struct PutRow {
    pub round: usize,
    pub lead: i32,
    pub same: bool,
    pub error: f64,
}

/// One bid position: its round, my lead, whether both bid on the same
/// bundle, how far (signed amounts) the tables' bid and the value's bid
/// are from the rollouts' bid (each the best response to the opponent
/// read as the signed equilibrium), and how far the tables' indifference
/// bid (the bid with no read) and the value's are from the rollouts'.
#[derive(Clone, Debug, PartialEq)]
pub struct BidRow {
    pub round: usize,
    pub lead: i32,
    pub same: bool,
    pub tables_off: u32,
    pub value_off: u32,
    pub indifference_off: u32,
    pub value_indifference_off: u32,
}

/// The rows of an agreement measurement.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Agreement {
    pub puts: Vec<PutRow>,
    pub bids: Vec<BidRow>,
}

/// `g` deciding every put and bid by win probability, by the tables
/// (`fast`) or by `futures` rollouts.
fn deciding(g: &Genome, fast: bool, futures: u32) -> GenomeBot {
    let mut g = g.clone();
    g.genes[WP_PUT_AUCTIONS] = 11.0;
    g.genes[WP_BID_AUCTIONS] = 11.0;
    g.genes[WP_FAST] = f64::from(u8::from(fast));
    g.genes[WP_ROLLOUTS] = f64::from(futures);
    GenomeBot::new(&g, values::shipped_table())
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
    Agreement { puts, bids }
}

fn lead(v: &View) -> i32 {
    v.me.total() - v.opp.total()
}

/// A put position's row; None when it is no choice by win probability.
fn put_row(g: &Genome, v: &View, futures: u32) -> Option<PutRow> {
    let bot = deciding(g, true, futures);
    let tables = bot.put_chances(v, Estimator::Tables)?;
    let rolled = bot.put_chances(v, Estimator::Rollouts(futures))?;
    let pick =
        |c: &[(_, f64)]| (0..c.len()).fold(0, |best, k| if c[k].1 > c[best].1 { k } else { best });
    let error = tables
        .iter()
        .zip(&rolled)
        .map(|(t, r)| (t.1 - r.1).abs())
        .sum::<f64>()
        / tables.len() as f64;
    Some(PutRow {
        round: v.rolls_seen,
        lead: lead(v),
        same: pick(&tables) == pick(&rolled),
        error,
    })
}

fn signed(b: Bid) -> i64 {
    match b.bundle {
        Bundle::A => i64::from(b.amount),
        Bundle::B => -i64::from(b.amount),
    }
}

/// A game's bid rows from round 2 on (each bot sees the game's bids in
/// order: its read of the opponent is built from them).
fn bid_rows(g: &Genome, game: &GameViews, futures: u32) -> Vec<BidRow> {
    let mut tables = deciding(g, true, futures);
    let mut rolled = deciding(g, false, futures);
    let mut value = DpBot::new(values::shipped_table());
    let off = |x: Bid, y: Bid| (signed(x) - signed(y)).unsigned_abs() as u32;
    let made: Vec<_> = game
        .bids
        .iter()
        .map(|v| (v, tables.bid(v), rolled.bid(v), value.bid(v)))
        .collect();
    made.into_iter()
        .filter(|(v, ..)| v.rolls_seen >= 2)
        .filter_map(|(v, t, r, d)| {
            let by = |e| Some(tables.bid_futures(v, e)?.indifference(d.bundle));
            let (ti, ri) = (by(Estimator::Tables)?, by(Estimator::Rollouts(futures))?);
            Some(BidRow {
                round: v.rolls_seen,
                lead: lead(v),
                same: t.bundle == r.bundle,
                tables_off: off(t, r),
                value_off: off(d, r),
                indifference_off: off(ti, ri),
                value_indifference_off: off(d, ri),
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
        // Round 12's bid: the margin after it is known too.
        let last_bids = a.bids.iter().filter(|r| r.round == 12);
        assert!(last_bids.clone().all(|r| r.indifference_off <= 1), "{a:?}");
        // Elsewhere the rollouts are noisy: not every put agrees.
        assert!(a.puts.iter().any(|r| r.error > 0.0));
    }
}
