//! The leaf fitted to games (`tuner fit`): positions between rounds from
//! seeded games of a genome against strong opponents, each with how its
//! game ended ([`position`]); in each round the normal leaf's shift,
//! variance factor and skew weight that make those outcomes likeliest
//! ([`shape`]), fitted on four games in five and scored on the fifth
//! against today's leaf (the genome's own genes): log loss, Brier score,
//! calibration by bins, and the residuals where the normal leaf is blind
//! ([`residual`]).

pub mod position;
pub mod residual;
pub mod shape;

use crate::host::positions::positions_seated;
use crate::players::{StrategySpec, values};
use crate::rng::derive_seed;
use crate::stats::clustered_mean_se;
use position::Position;
use rayon::prelude::*;
use residual::{Residual, residuals};
use shape::{Shape, brier, fit, log_loss};
use yacht_core::genome::Genome;
use yacht_core::players::genome_bot::{GenomeBot, WinModel};
use yacht_core::rules::{AUCTIONS, Seat};

/// Games per work item: positions of one chunk are played on one thread.
const CHUNK: u64 = 20;
/// One game in this many is held out of the fit and scores it.
const HELD_OUT_EVERY: u64 = 5;
/// Calibration bins over P(win) 0–1.
pub const BINS: usize = 10;

/// The auctions whose positions are fitted: 2 to 12 (round 1 has none).
pub fn auctions() -> std::ops::RangeInclusive<usize> {
    2..=AUCTIONS
}

/// What `tuner fit` plays: `genome` against each of `opponents`, `games`
/// games each (the genome in the first seat in even games), on dice from
/// `seed`.
pub struct FitPlan<'a> {
    pub genome: &'a Genome,
    pub opponents: &'a [StrategySpec],
    pub games: u64,
    pub seed: u64,
}

/// The positions of every game, in game order (the same on any number of
/// threads); `done` is told each chunk's games as they finish.
pub fn collect(plan: &FitPlan, done: &(dyn Fn(u64) + Sync)) -> Vec<Position> {
    let values = values::shipped_table();
    let me = StrategySpec::genome("fitted", plan.genome.clone());
    let chunks: Vec<(usize, u64)> = (0..plan.opponents.len())
        .flat_map(|k| (0..plan.games.div_ceil(CHUNK)).map(move |c| (k, c)))
        .collect();
    chunks
        .par_iter()
        .map(|&(k, c)| {
            let range = c * CHUNK..((c + 1) * CHUNK).min(plan.games);
            let n = range.end - range.start;
            let seed = derive_seed(&[plan.seed, k as u64]);
            let seat = |g: u64| [Seat::First, Seat::Second][(g % 2) as usize];
            let views = positions_seated(
                me.build(),
                plan.opponents[k].build(),
                range.clone(),
                seed,
                seat,
            );
            let bot = GenomeBot::new(plan.genome, values);
            let out: Vec<Position> = views
                .iter()
                .zip(range)
                .flat_map(|(v, g)| Position::of_game(v, k as u64 * plan.games + g, &bot, values))
                .collect();
            done(n);
            out
        })
        .collect::<Vec<_>>()
        .concat()
}

/// Whether a position's game is held out of the fit.
pub fn held_out(p: &Position) -> bool {
    p.game % HELD_OUT_EVERY == HELD_OUT_EVERY - 1
}

/// Today's leaf as one shape for positions where I have used `used`
/// categories: as the genome's win model reads its genes
/// (`WinModel::leaf_shape`).
pub fn today(model: &WinModel, used: usize) -> Shape {
    model.leaf_shape(used as u32)
}

/// Whether today's leaf before `auction` is the last auction exactly
/// (`WinModel::settles_last`), not the normal model: nothing of the fit's
/// to compare with, so left out of the totals.
pub fn exact_today(model: &WinModel, auction: usize) -> bool {
    auction == AUCTIONS && model.settles_last()
}

/// Log loss and Brier score of a leaf on some positions.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Score {
    pub log_loss: f64,
    pub brier: f64,
}

/// One round's fit and its scores on held-out positions.
#[derive(Clone, Debug, PartialEq)]
pub struct RoundFit {
    pub auction: usize,
    pub fitted_on: usize,
    pub held: usize,
    pub shape: Shape,
    pub today: Score,
    pub fitted: Score,
    /// Today's leaf here is the last auction exactly ([`exact_today`]).
    pub exact: bool,
    /// Today's log loss less the fitted one's, per position: mean and its
    /// 95 % half-interval (one position per game and round: independent).
    pub gain: (f64, f64),
}

/// One calibration bin on held-out positions: the mean predicted P(win)
/// and the mean outcome.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Bin {
    pub n: usize,
    pub predicted: f64,
    pub observed: f64,
}

/// Everything `tuner fit` found.
#[derive(Clone, Debug, PartialEq)]
pub struct Fit {
    pub positions: usize,
    pub rounds: Vec<RoundFit>,
    /// Over every held-out position where today's leaf is the normal one.
    pub today: Score,
    pub fitted: Score,
    /// Today's log loss less the fitted one's, a position: mean and 95 %
    /// half-interval, the games as the independent units.
    pub gain: (f64, f64),
    /// Calibration of today's leaf and the fitted one.
    pub calibration: [[Bin; BINS]; 2],
    /// Both leaves' mean residuals by what the normal leaf does not see.
    pub residuals: Vec<Residual>,
}

impl Fit {
    /// The fitted shape of a position's round.
    pub fn shape(&self, auction: usize) -> Option<Shape> {
        self.rounds
            .iter()
            .find(|r| r.auction == auction)
            .map(|r| r.shape)
    }
}

/// Fits each round's shape on the positions not held out, from today's,
/// and scores both on the held-out ones.
pub fn fit_leaf(g: &Genome, positions: &[Position]) -> Fit {
    let bot = GenomeBot::new(g, values::shipped_table());
    let model = bot.model();
    let rounds: Vec<RoundFit> = auctions()
        .collect::<Vec<_>>()
        .par_iter()
        .filter_map(|&auction| {
            let (held, train): (Vec<&Position>, Vec<&Position>) = positions
                .iter()
                .filter(|p| p.auction == auction)
                .partition(|p| held_out(p));
            if train.is_empty() || held.is_empty() {
                return None;
            }
            let shape = fit(today(model, train[0].used), &train);
            let diffs: Vec<f64> = held
                .iter()
                .map(|p| log_loss(p.today, p.outcome) - log_loss(p.p_win(&shape), p.outcome))
                .collect();
            let (mean, se) = crate::stats::mean_se(&diffs);
            Some(RoundFit {
                auction,
                fitted_on: train.len(),
                held: held.len(),
                shape,
                today: score(held.iter().map(|p| (p.today, p.outcome))),
                fitted: score(held.iter().map(|p| (p.p_win(&shape), p.outcome))),
                exact: exact_today(model, auction),
                gain: (mean, 1.96 * se),
            })
        })
        .collect();
    let mut fit = Fit {
        positions: positions.len(),
        rounds,
        today: Score::default(),
        fitted: Score::default(),
        gain: (0.0, 0.0),
        calibration: [[Bin::default(); BINS]; 2],
        residuals: Vec::new(),
    };
    let held: Vec<(&Position, f64)> = positions
        .iter()
        .filter(|p| held_out(p) && !exact_today(model, p.auction))
        .filter_map(|p| Some((p, p.p_win(&fit.shape(p.auction)?))))
        .collect();
    fit.today = score(held.iter().map(|(p, _)| (p.today, p.outcome)));
    fit.fitted = score(held.iter().map(|(p, q)| (*q, p.outcome)));
    fit.calibration = [
        bins(held.iter().map(|(p, _)| (p.today, p.outcome))),
        bins(held.iter().map(|(p, q)| (*q, p.outcome))),
    ];
    fit.gain = per_game_gain(&held);
    fit.residuals = residuals(&held);
    fit
}

fn score(pairs: impl Iterator<Item = (f64, f64)>) -> Score {
    let (mut n, mut s) = (0.0, Score::default());
    for (p, y) in pairs {
        n += 1.0;
        s.log_loss += log_loss(p, y);
        s.brier += brier(p, y);
    }
    Score {
        log_loss: s.log_loss / f64::max(n, 1.0),
        brier: s.brier / f64::max(n, 1.0),
    }
}

fn bins(pairs: impl Iterator<Item = (f64, f64)>) -> [Bin; BINS] {
    let mut out = [Bin::default(); BINS];
    for (p, y) in pairs {
        let b = &mut out[((p * BINS as f64) as usize).min(BINS - 1)];
        b.n += 1;
        b.predicted += p;
        b.observed += y;
    }
    for b in &mut out {
        let n = b.n.max(1) as f64;
        (b.predicted, b.observed) = (b.predicted / n, b.observed / n);
    }
    out
}

/// The log-loss gain per position and its 95 % half-interval, the games
/// as the independent units.
fn per_game_gain(held: &[(&Position, f64)]) -> (f64, f64) {
    let gains: Vec<(u64, f64)> = held
        .iter()
        .map(|(p, q)| {
            (
                p.game,
                log_loss(p.today, p.outcome) - log_loss(*q, p.outcome),
            )
        })
        .collect();
    let (mean, se) = clustered_mean_se(&gains);
    (mean, 1.96 * se)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plan_positions(threads: usize, games: u64) -> Vec<Position> {
        let genome = Genome::default();
        let opponents = [StrategySpec::parse("dp").unwrap()];
        let plan = FitPlan {
            genome: &genome,
            opponents: &opponents,
            games,
            seed: 9,
        };
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| collect(&plan, &|_| {}))
    }

    #[test]
    fn positions_are_the_same_on_any_number_of_threads() {
        let one = plan_positions(1, 45);
        assert_eq!(one, plan_positions(3, 45));
        // Eleven auctions with both sides between rounds, in every game.
        assert_eq!(one.len(), 45 * 11);
        assert!(one.iter().all(|p| auctions().contains(&p.auction)));
        assert_eq!(one.iter().filter(|p| held_out(p)).count(), 9 * 11);
        // Today's leaf is the shape of the genome's genes (the bot keeps
        // them as f32: equal to 1e-6).
        let default = GenomeBot::new(&Genome::default(), values::shipped_table());
        for p in one.iter().filter(|p| p.auction < 12) {
            let q = p.p_win(&today(default.model(), p.used));
            assert!((q - p.today).abs() < 1e-6, "{q} against {}", p.today);
        }
    }

    #[test]
    fn a_fit_is_scored_on_held_out_games_only() {
        let positions = plan_positions(2, 100);
        let fit = fit_leaf(&Genome::default(), &positions);
        assert_eq!(fit.rounds.len(), 11);
        for r in &fit.rounds {
            assert_eq!((r.fitted_on, r.held), (80, 20));
        }
        let bins: usize = fit.calibration[1].iter().map(|b| b.n).sum();
        // Auction 12 is left out: the default genome settles it exactly.
        assert!(fit.rounds[10].exact && !fit.rounds[9].exact);
        assert_eq!(bins, 20 * 10);
        // Each bin's mean prediction lies in the bin.
        for (k, b) in fit.calibration[0]
            .iter()
            .enumerate()
            .filter(|(_, b)| b.n > 0)
        {
            let lo = k as f64 / BINS as f64;
            assert!(b.predicted >= lo && b.predicted <= lo + 1.0 / BINS as f64);
        }
    }
}
