//! The one series engine. Every command's games go through it (`match`,
//! `eval`, `tournament`, and `evolve` through `eval`): game `k` of a
//! [`Schedule`] is a pairing, a deal and a seat order; games run in
//! parallel chunks and are folded in game order, so every figure is the
//! same whatever the thread count; after a stop request (Ctrl-C, see
//! [`stop`]) no game starts. Also the one win/draw/loss tally, [`Record`].

use crate::host::deal::Deal;
use crate::host::play::Outcome;
use crate::host::stop;
use crate::rng::derive_seed;
use crate::stats::wilson95;
use rayon::prelude::*;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use std::sync::OnceLock;
use yacht_core::rules::{PerSeat, Seat};

/// Which games a series plays: `deals` deals for each of `pairings`
/// pairings, each deal played twice with the seats swapped. Game `k` is
/// pairing `k / (2·deals)`, deal `(k / 2) mod deals`, and the pairing's
/// second player sits first when `k` is odd.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Schedule {
    deals: u64,
    games: u64,
}

impl Schedule {
    /// Every deal of every pairing, both seat orders.
    pub fn paired(pairings: u64, deals: u64) -> Schedule {
        Schedule {
            deals,
            games: 2 * deals * pairings,
        }
    }

    /// `games` games of one pairing (an odd number ends on a deal's first
    /// game).
    pub fn games(games: u64) -> Schedule {
        Schedule {
            deals: games.div_ceil(2).max(1),
            games,
        }
    }

    /// Games in the series.
    pub fn len(self) -> u64 {
        self.games
    }

    pub fn is_empty(self) -> bool {
        self.games == 0
    }

    /// Where game `index` stands in the schedule.
    pub fn at(self, index: u64) -> GameAt {
        GameAt {
            index,
            pairing: (index / (2 * self.deals)) as usize,
            deal: (index / 2) % self.deals,
            swapped: index % 2 == 1,
        }
    }
}

/// One game's place in a schedule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameAt {
    /// The game's number in the series (its place in the fold).
    pub index: u64,
    pub pairing: usize,
    /// The deal's number within its pairing.
    pub deal: u64,
    /// The second game of the deal: the pairing's second player sits first.
    pub swapped: bool,
}

impl GameAt {
    /// The pairing's two sides in this game's seats.
    pub fn seated<T>(self, first: T, second: T) -> PerSeat<T> {
        if self.swapped {
            PerSeat::new(second, first)
        } else {
            PerSeat::new(first, second)
        }
    }

    /// Where the pairing's first side sits in this game.
    pub fn first_seat(self) -> Seat {
        if self.swapped {
            Seat::Second
        } else {
            Seat::First
        }
    }

    /// This game's dice from its deal's seed, for the seats as
    /// [`GameAt::seated`] puts them: the second game of a deal has the
    /// auction tie-breaks swapped with the seats.
    pub fn deal(self, deal_seed: u64) -> Deal {
        let deal = Deal::from_seed(deal_seed);
        if self.swapped { deal.swapped() } else { deal }
    }

    /// The built-ins' seeds (their own randomness) of a game played on a
    /// deal's seed: each side keeps its seed when the seats swap.
    pub fn seeds(self, deal_seed: u64) -> PerSeat<u64> {
        let by_seat = seat_seeds(deal_seed);
        self.seated(by_seat.first, by_seat.second)
    }
}

/// The built-ins' seeds of a deal by seat, whoever sits there (tournaments
/// seed this way; evaluations let each side keep its seed,
/// [`GameAt::seeds`]).
pub fn seat_seeds(deal_seed: u64) -> PerSeat<u64> {
    PerSeat::new(derive_seed(&[deal_seed, 1]), derive_seed(&[deal_seed, 2]))
}

impl GameAt {}

/// Where a game runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lane {
    /// On rayon's current pool (in-process players use every core).
    Cores,
    /// On the series' bounded pool (`Series::jobs`): a game with a program
    /// runs processes of its own, and its times depend on the load.
    Jobs,
}

/// Games held before their results are folded: bounded memory and the
/// progress of a long series, at a negligible cost in parallelism.
pub const CHUNK: u64 = 4096;

/// How a series is played.
#[derive(Clone, Copy)]
pub struct Series<'a> {
    pub schedule: Schedule,
    /// Games played before their results are folded.
    pub chunk: u64,
    /// The pool of `Lane::Jobs` games; without one, every game is on
    /// `Lane::Cores`.
    pub jobs: Option<&'a rayon::ThreadPool>,
}

/// What a series played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    pub games: u64,
    /// Stopped before the end: `games` is what was played.
    pub interrupted: bool,
}

impl Series<'_> {
    /// All of the schedule on rayon's current pool, in chunks of [`CHUNK`].
    pub fn on_cores(schedule: Schedule) -> Series<'static> {
        Series {
            schedule,
            chunk: CHUNK,
            jobs: None,
        }
    }

    /// Plays the schedule: `play` runs each game (in parallel, on the lane
    /// `lane` gives it); `fold` receives the results in game order.
    pub fn play<R: Send>(
        &self,
        lane: impl Fn(GameAt) -> Lane + Sync,
        play: impl Fn(GameAt) -> R + Sync,
        mut fold: impl FnMut(GameAt, R),
    ) -> Played {
        let schedule = self.schedule;
        let one = |k: u64| {
            let at = schedule.at(k);
            // After a stop request, no new game starts.
            (!stop::requested()).then(|| (at, play(at)))
        };
        let run =
            |ks: &[u64]| -> Vec<Option<(GameAt, R)>> { ks.par_iter().map(|&k| one(k)).collect() };
        let mut games = 0;
        let chunk = self.chunk.max(1);
        for start in (0..schedule.len()).step_by(chunk as usize) {
            let ks = start..(start + chunk).min(schedule.len());
            let results = match self.jobs {
                None => run(&ks.collect::<Vec<_>>()),
                Some(pool) => {
                    let (jobs, cores): (Vec<u64>, Vec<u64>) =
                        ks.partition(|&k| lane(schedule.at(k)) == Lane::Jobs);
                    // One install per chunk, from outside the pool's
                    // workers: a game never waits on another pool from
                    // inside a worker (each such wait can take more games,
                    // deeper on the stack).
                    let (mut both, cores) = match (jobs.is_empty(), cores.is_empty()) {
                        (false, true) => (pool.install(|| run(&jobs)), vec![]),
                        (true, _) => (run(&cores), vec![]),
                        (false, false) => {
                            rayon::join(|| pool.install(|| run(&jobs)), || run(&cores))
                        }
                    };
                    both.extend(cores);
                    both.sort_by_key(|r| r.as_ref().map_or(u64::MAX, |(at, _)| at.index));
                    both
                }
            };
            for (at, r) in results.into_iter().flatten() {
                fold(at, r);
                games += 1;
            }
        }
        Played {
            games,
            interrupted: games < schedule.len(),
        }
    }
}

/// A series described by data, so that another process can play any of
/// its games: `eval`'s gauntlets and the tournament's rounds. Each game's
/// result depends on the job and the game's place only.
pub trait Job: Sync + Serialize + DeserializeOwned {
    /// The job's name among the kinds a process can be sent.
    const KIND: JobKind;
    type Out: Send + Serialize + DeserializeOwned;
    fn schedule(&self) -> Schedule;
    fn lane(&self, at: GameAt) -> Lane;
    fn play(&self, at: GameAt) -> Self::Out;
}

/// The kinds of [`Job`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JobKind {
    Gauntlet,
    Round,
}

/// Where a job's games can be spread: the other processes of an MPI run
/// (`tuner-mpi`, the `mpi/` package). `begin` sends a job; `chunk`
/// plays its games `games` (this process's share with `play_here`) and
/// returns each process's encoded results with the games they are of;
/// `done` ends the job.
pub trait Spread: Send + Sync {
    /// The processes the games go to, this one included.
    fn processes(&self) -> u64;
    fn begin(&self, kind: JobKind, job: &[u8]);
    fn chunk(
        &self,
        games: std::ops::Range<u64>,
        play_here: &(dyn Fn(&[u64]) -> Vec<u8> + Sync),
    ) -> Vec<(Vec<u64>, Vec<u8>)>;
    fn done(&self);
}

/// The games of a chunk that process `rank` of `size` plays (a
/// [`Spread`]'s split): runs of `RUN` games (whole deals: the second game
/// of a deal finds the value table's rows of the first in the cache),
/// dealt round the processes so that each gets its part of every opponent
/// in the chunk.
pub fn share(games: &std::ops::Range<u64>, rank: i32, size: i32) -> Vec<u64> {
    let runs = (games.start..games.end).step_by(RUN as usize);
    let mine = runs.skip(rank as usize).step_by(size as usize);
    mine.flat_map(|at| at..(at + RUN).min(games.end)).collect()
}

/// Games in a run of [`share`]: four deals.
const RUN: u64 = 8;

static SPREAD: OnceLock<Box<dyn Spread>> = OnceLock::new();

/// A spread chunk holds at least this many games per thread of the run
/// (assuming every process has as many threads as this one).
const GAMES_PER_THREAD: u64 = 64;

/// Spreads every job's games from now on (once per process).
pub fn spread_with(spread: Box<dyn Spread>) {
    if SPREAD.set(spread).is_err() {
        panic!("series::spread_with called twice");
    }
}

/// Plays games `ks` of `job` here (in parallel) and encodes their results,
/// in `ks` order; `on_game` is told of each.
pub fn play_encoded<J: Job>(job: &J, ks: &[u64], on_game: &(dyn Fn() + Sync)) -> Vec<u8> {
    let schedule = job.schedule();
    let results: Vec<J::Out> = ks
        .par_iter()
        .map(|&k| {
            let out = job.play(schedule.at(k));
            on_game();
            out
        })
        .collect();
    serde_json::to_vec(&results).expect("a job's results encode")
}

impl Series<'_> {
    /// Plays `job` (its schedule, chunk by chunk; spread over processes
    /// when a [`Spread`] is set); `fold` receives the results in game order.
    pub fn run<J: Job>(
        &self,
        job: &J,
        on_game: &(dyn Fn() + Sync),
        fold: impl FnMut(GameAt, J::Out),
    ) -> Played {
        match SPREAD.get() {
            Some(spread) => self.run_spread(spread.as_ref(), job, on_game, fold),
            None => {
                let play = |at| {
                    let out = job.play(at);
                    on_game();
                    out
                };
                self.play(|at| job.lane(at), play, fold)
            }
        }
    }

    fn run_spread<J: Job>(
        &self,
        spread: &dyn Spread,
        job: &J,
        on_game: &(dyn Fn() + Sync),
        mut fold: impl FnMut(GameAt, J::Out),
    ) -> Played {
        spread.begin(J::KIND, &serde_json::to_vec(job).expect("a job encodes"));
        let schedule = self.schedule;
        // Enough games that every process's threads get a fair share.
        let threads = spread.processes() * rayon::current_num_threads() as u64;
        let chunk = self.chunk.max(GAMES_PER_THREAD * threads);
        let mut games = 0;
        for start in (0..schedule.len()).step_by(chunk as usize) {
            if stop::requested() {
                break;
            }
            let range = start..(start + chunk).min(schedule.len());
            // Progress as the chunk's games come back, from every process.
            let here = |ks: &[u64]| play_encoded(job, ks, &|| {});
            let mut results: Vec<(u64, J::Out)> = Vec::new();
            for (ks, encoded) in spread.chunk(range, &here) {
                let outs: Vec<J::Out> =
                    serde_json::from_slice(&encoded).expect("results of this very program");
                results.extend(ks.into_iter().zip(outs));
            }
            results.sort_by_key(|r| r.0);
            for (k, out) in results {
                fold(schedule.at(k), out);
                on_game();
                games += 1;
            }
        }
        spread.done();
        Played {
            games,
            interrupted: games < schedule.len(),
        }
    }
}

/// Wins, draws and losses: the one tally of every series' results.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Record {
    pub wins: u32,
    pub draws: u32,
    pub losses: u32,
}

impl Record {
    pub fn add(&mut self, outcome: Outcome) {
        match outcome {
            Outcome::Win => self.wins += 1,
            Outcome::Draw => self.draws += 1,
            Outcome::Loss => self.losses += 1,
        }
    }

    /// Both tallies as one.
    pub fn join(self, other: Record) -> Record {
        Record {
            wins: self.wins + other.wins,
            draws: self.draws + other.draws,
            losses: self.losses + other.losses,
        }
    }

    pub fn games(self) -> u32 {
        self.wins + self.draws + self.losses
    }

    /// A win 1, a draw ½.
    pub fn points(self) -> f64 {
        self.wins as f64 + 0.5 * self.draws as f64
    }

    /// Points per game (0 before any game).
    pub fn rate(self) -> f64 {
        match self.games() {
            0 => 0.0,
            n => self.points() / n as f64,
        }
    }

    /// The rate's Wilson 95 % interval.
    pub fn ci95(self) -> [f64; 2] {
        let (lo, hi) = wilson95(self.points(), self.games() as f64);
        [lo, hi]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chunk_is_dealt_in_runs_of_whole_deals_covering_it_once() {
        for (games, size) in [(0..4096, 3), (4096..8191, 2), (10..11, 4), (0..6, 7)] {
            let mut all: Vec<u64> = (0..size).flat_map(|r| share(&games, r, size)).collect();
            all.sort();
            assert_eq!(all, games.clone().collect::<Vec<_>>());
            for r in 0..size {
                let mine = share(&games, r, size);
                let starts = mine.iter().filter(|&&k| (k - games.start) % 2 == 0).count();
                assert_eq!(starts, mine.len().div_ceil(2), "whole deals");
            }
        }
    }

    #[test]
    fn a_schedule_numbers_games_pairing_by_pairing_deal_by_deal_both_seats() {
        let s = Schedule::paired(3, 2);
        assert_eq!(s.len(), 12);
        let at: Vec<(usize, u64, bool)> = (0..12)
            .map(|k| s.at(k))
            .map(|g| (g.pairing, g.deal, g.swapped))
            .collect();
        assert_eq!(
            &at[..5],
            &[
                (0, 0, false),
                (0, 0, true),
                (0, 1, false),
                (0, 1, true),
                (1, 0, false)
            ]
        );
        assert_eq!(at[11], (2, 1, true));
        let odd = Schedule::games(5);
        assert_eq!(
            (odd.len(), odd.at(4).deal, odd.at(4).swapped),
            (5, 2, false)
        );
    }

    #[test]
    fn the_second_game_of_a_deal_swaps_seats_tie_breaks_and_seeds() {
        let (a, b) = (Schedule::games(2).at(0), Schedule::games(2).at(1));
        assert_eq!(b.seated('x', 'y'), PerSeat::new('y', 'x'));
        assert_eq!(b.deal(7), a.deal(7).swapped());
        assert_eq!(b.seeds(7), a.seeds(7).swapped());
    }

    #[test]
    fn results_are_folded_in_game_order_whatever_the_lanes_and_threads() {
        let schedule = Schedule::paired(5, 3);
        let fold_with = |threads: usize, chunk: u64, jobs: bool| {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap();
            let bounded = rayon::ThreadPoolBuilder::new()
                .num_threads(2)
                .build()
                .unwrap();
            let series = Series {
                schedule,
                chunk,
                jobs: jobs.then_some(&bounded),
            };
            let lane = |at: GameAt| {
                if at.pairing.is_multiple_of(2) {
                    Lane::Jobs
                } else {
                    Lane::Cores
                }
            };
            let mut seen = Vec::new();
            let played = pool.install(|| {
                series.play(lane, |at| at.index * 10, |at, r| seen.push((at.index, r)))
            });
            (played, seen)
        };
        let (played, seen) = fold_with(1, 4, false);
        assert_eq!(
            played,
            Played {
                games: 30,
                interrupted: false
            }
        );
        assert_eq!(seen, (0..30).map(|k| (k, 10 * k)).collect::<Vec<_>>());
        for (threads, chunk, jobs) in [(3, 7, true), (2, 1, true), (4, 100, false)] {
            assert_eq!(fold_with(threads, chunk, jobs).1, seen);
        }
    }

    #[test]
    fn a_record_counts_points_and_its_interval() {
        let mut r = Record::default();
        for o in [Outcome::Win, Outcome::Draw, Outcome::Loss, Outcome::Win] {
            r.add(o);
        }
        assert_eq!((r.games(), r.points(), r.rate()), (4, 2.5, 0.625));
        assert_eq!(r.join(r).games(), 8);
        let (lo, hi) = wilson95(2.5, 4.0);
        assert_eq!(r.ci95(), [lo, hi]);
        assert_eq!(Record::default().rate(), 0.0);
    }
}
