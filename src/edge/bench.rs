//! `tuner bench`: speed figures, printed (never asserted in tests).

use crate::host::arena::{DealSource, MatchSettings, run_match};
use crate::host::deal::Deal;
use crate::host::play::{InProcess, play_game};
use crate::host::player::Player;
use crate::host::positions::positions;
use crate::host::program::Limits;
use crate::players::{StrategySpec, values};
use crate::rng::derive_seed;
use crate::stats::percentile;
use crate::tune::eval::{Fitness, evaluate};
use crate::tune::suite::Opponent;
use anyhow::Result;
use rayon::prelude::*;
use std::time::Instant;
use yacht_core::game::Strategy;
use yacht_core::rules::PerSeat;
use yacht_core::rules::tables::tables;
use yacht_core::value::ValueTable;

#[derive(clap::Args)]
pub struct BenchArgs {
    /// Seconds per in-process measurement.
    #[arg(long, default_value_t = 2.0, value_parser = positive_seconds)]
    seconds: f64,
    /// Games for the `match` measurement (0 to skip).
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u64).range(0..=1_000_000))]
    match_games: u64,
    /// Strategy pairs to time in-process, as P1,P2 (repeatable).
    #[arg(long, default_values_t = ["greedy,greedy".to_string(), "sample:10,sample:10".to_string(), "dp,dp".to_string(), "genome:params/best.toml,dp".to_string()])]
    pair: Vec<String>,
    /// Also time the value table's solve (on 1 thread and on all) and its
    /// load from the cache.
    #[arg(long)]
    solve: bool,
}

/// A measurement time that is not a number of seconds in (0, 3600].
#[derive(Debug, thiserror::Error)]
enum BadSeconds {
    #[error("must be more than 0 and at most 3600")]
    OutOfRange,
    #[error(transparent)]
    NotANumber(#[from] std::num::ParseFloatError),
}

/// A measurement time: more than 0, at most an hour.
fn positive_seconds(s: &str) -> Result<f64, BadSeconds> {
    match s.parse::<f64>()? {
        x if x > 0.0 && x <= 3600.0 => Ok(x),
        _ => Err(BadSeconds::OutOfRange),
    }
}

/// Games per second of `a` vs `b` on `threads` threads for about `secs`:
/// each thread looks at the clock after every game, so a slow player
/// overruns the budget by one game at most.
pub fn games_per_second(a: &StrategySpec, b: &StrategySpec, threads: usize, secs: f64) -> f64 {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("thread pool");
    let start = Instant::now();
    let games: u64 = pool.install(|| {
        (0..threads as u64)
            .into_par_iter()
            .map(|t| {
                let mut x = InProcess::new(a.build(), 0);
                let mut y = InProcess::new(b.build(), 0);
                let mut sink = 0i64;
                let mut g = 0u64;
                while g == 0 || start.elapsed().as_secs_f64() < secs {
                    let deal = Deal::from_seed(derive_seed(&[t, g]));
                    (x.seed, y.seed) = (g, g + 1);
                    let r = play_game(PerSeat::new(&mut x, &mut y), &deal, |_| {});
                    sink += r.totals().first as i64;
                    g += 1;
                }
                std::hint::black_box(sink);
                g
            })
            .sum()
    });
    games as f64 / start.elapsed().as_secs_f64()
}

/// Games `a` plays against `b` through the series engine (an evaluation)
/// in about `secs`, sized from a first short one: (games, seconds, `a`'s
/// searches a game).
fn series_games_per_second(
    a: &StrategySpec,
    b: &StrategySpec,
    secs: f64,
) -> (u64, f64, Option<f64>) {
    let suite = [Opponent {
        name: b.name(),
        player: Player::Builtin(b.clone()),
        weight: 1.0,
    }];
    let me = Player::Builtin(a.clone());
    let timed = |deals: u64| {
        let t = Instant::now();
        let e = evaluate(&me, &suite, deals, 1, Fitness::WinRate);
        let took = t.elapsed().as_secs_f64();
        (u64::from(e.opponents[0].games), took, e.searches_per_game())
    };
    let (games, took, _) = timed(100);
    let deals = (secs / took.max(1e-6) * games as f64 / 2.0).clamp(100.0, 1e7) as u64;
    timed(deals)
}

/// Time per bid and per put of a strategy at the positions of `games`
/// games against greedy.
fn ns_per_decision(spec: &StrategySpec, games: u64) -> (Spread, Spread) {
    use yacht_core::game::View;
    let games = positions(spec.build(), StrategySpec::Greedy.build(), games, 77);
    let bids: Vec<View> = games.iter().flat_map(|g| g.bids.clone()).collect();
    let puts: Vec<View> = games.into_iter().flat_map(|g| g.puts).collect();
    let mut s = spec.build();
    // Once untimed: the tables work out the hands these positions meet.
    for v in &bids {
        std::hint::black_box(s.bid(v));
    }
    for v in &puts {
        std::hint::black_box(s.put(v));
    }
    let times = |views: &[View], decide: &mut dyn FnMut(&View) -> u32| {
        let mut ns: Vec<f64> = views
            .iter()
            .map(|v| {
                let t = Instant::now();
                std::hint::black_box(decide(v));
                t.elapsed().as_nanos() as f64
            })
            .collect();
        ns.sort_by(f64::total_cmp);
        Spread::of(&ns)
    };
    let bid = times(&bids, &mut |v| s.bid(v).amount);
    let put = times(&puts, &mut |v| s.put(v).category as u32);
    (bid, put)
}

/// The decision times of `spec` built as submitted, in `games` whole
/// games against `dp`, every decision timed in the order it is made.
fn thinking_times(spec: &StrategySpec, games: u64) -> (Spread, Spread) {
    let times = std::sync::Arc::new(std::sync::Mutex::new((vec![], vec![])));
    let timed = Timed {
        inner: spec.build_as_submitted(),
        times: times.clone(),
    };
    let dp = StrategySpec::parse("dp").expect("a built-in").build();
    positions(Box::new(timed), dp, games, 78);
    let (mut bids, mut puts) = times.lock().expect("not poisoned").clone();
    bids.sort_by(f64::total_cmp);
    puts.sort_by(f64::total_cmp);
    (Spread::of(&bids), Spread::of(&puts))
}

/// A strategy that times each of its decisions (ns: bids, puts).
struct Timed {
    inner: Box<dyn Strategy>,
    times: std::sync::Arc<std::sync::Mutex<(Vec<f64>, Vec<f64>)>>,
}

impl Timed {
    /// `decide` timed, its nanoseconds kept among the bids' (`put` false)
    /// or the puts'.
    fn timed<T>(&mut self, put: bool, decide: impl FnOnce(&mut dyn Strategy) -> T) -> T {
        let t = Instant::now();
        let made = decide(self.inner.as_mut());
        let ns = t.elapsed().as_nanos() as f64;
        let mut times = self.times.lock().expect("not poisoned");
        match put {
            false => times.0.push(ns),
            true => times.1.push(ns),
        }
        made
    }
}

impl Strategy for Timed {
    fn new_game(&mut self, seed: u64) {
        self.inner.new_game(seed)
    }

    fn bid(&mut self, v: &yacht_core::game::View) -> yacht_core::rules::Bid {
        self.timed(false, |s| s.bid(v))
    }

    fn put(&mut self, v: &yacht_core::game::View) -> yacht_core::game::Put {
        self.timed(true, |s| s.put(v))
    }
}

/// Decision times: mean, median, 99th percentile and most, in ns (shown
/// in ms).
struct Spread {
    mean: f64,
    p50: f64,
    p99: f64,
    max: f64,
}

impl Spread {
    /// Of sorted times.
    fn of(sorted: &[f64]) -> Spread {
        Spread {
            mean: sorted.iter().sum::<f64>() / sorted.len() as f64,
            p50: percentile(sorted, 0.5),
            p99: percentile(sorted, 0.99),
            max: percentile(sorted, 1.0),
        }
    }
}

impl std::fmt::Display for Spread {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "mean {:.3} ms, p50 {:.3}, p99 {:.3}, max {:.3} (wall clock)",
            self.mean / 1e6,
            self.p50 / 1e6,
            self.p99 / 1e6,
            self.max / 1e6
        )
    }
}

/// One pair's figures: games/s on one thread and on every core, through
/// the series engine, the first player's searches a game, and its
/// decision times. A genome that thinks plays its genes alone (what a run
/// plays and the speed bar measures); its decision times with thinking
/// follow.
fn bench_pair(a: &StrategySpec, b: &StrategySpec, cores: usize, seconds: f64) {
    let thinking = a.genes_alone().map(|genes| (a, genes));
    let a = thinking.as_ref().map_or(a, |(_, genes)| genes);
    if thinking.is_some() {
        say!(
            "{}: its genes alone (what a run plays), its [think] table timed after",
            a.name()
        );
    }
    // Warm up: first use builds the strategies' tables (the value table).
    let _ = (a.build(), b.build());
    let one = games_per_second(a, b, 1, seconds);
    let all = games_per_second(a, b, cores, seconds);
    say!(
        "{} vs {}: {:.0} games/s on 1 thread, {:.0} on {cores} ({:.2}x)",
        a.name(),
        b.name(),
        one,
        all,
        all / one
    );
    let (games, secs, searches) = series_games_per_second(a, b, seconds);
    say!(
        "  through the series engine (eval's paired deals, fresh players each game): {:.0} games/s on {cores} ({games} games in {secs:.2} s; {:.2}x the loop above)",
        games as f64 / secs,
        games as f64 / secs / all
    );
    if let Some(n) = searches.filter(|&n| n > 0.0) {
        say!(
            "  {} spends {n:.0} searches a game (hands searched for their best puts, a look-ahead leaf a quarter; counted: the same on any machine)",
            a.name()
        );
    }
    let (bid, put) = ns_per_decision(a, 200);
    say!("  {} bids: {bid}", a.name());
    say!("  {} puts: {put}", a.name());
    if let Some((with, _)) = thinking {
        // Whole games in order, as a submission plays them (its exact rows
        // solved, a game's rows kept from decision to decision).
        let (bid, put) = thinking_times(with, 20);
        say!("  {} thinking (20 games against dp), bids: {bid}", a.name());
        say!("  {} thinking, puts: {put}", a.name());
    }
}

pub fn run(args: BenchArgs) -> Result<()> {
    let t = Instant::now();
    tables();
    say!("tables built in {:.2} ms", t.elapsed().as_secs_f64() * 1e3);
    let cores = std::thread::available_parallelism()
        .map(|n| n.get())
        .unwrap_or(1);
    if args.solve {
        for threads in [1, cores] {
            let t = Instant::now();
            let table = ValueTable::solve(threads);
            say!(
                "value table: {} rows solved in {:.2} s on {threads} thread(s) ({:.0} MB)",
                table.layout().rows(),
                t.elapsed().as_secs_f64(),
                (table.values().len() * 4) as f64 / 1e6
            );
        }
        if let Some(path) = values::cache_path().filter(|p| p.exists()) {
            let t = Instant::now();
            let how = values::load_or_solve(Some(&path), || ()).1;
            say!(
                "value table from the cache {}: {:?} in {:.2} s",
                path.display(),
                how,
                t.elapsed().as_secs_f64()
            );
        }
    }
    for pair in &args.pair {
        let (a, b) = pair
            .split_once(',')
            .ok_or_else(|| anyhow::anyhow!("--pair wants P1,P2, got `{pair}`"))?;
        bench_pair(
            &StrategySpec::parse(a)?,
            &StrategySpec::parse(b)?,
            cores,
            args.seconds,
        );
    }
    if args.match_games > 0 {
        let exe = std::env::current_exe()?;
        let cmd = format!("{} play greedy", shlex::try_quote(&exe.to_string_lossy())?);
        let p = Player::parse(&cmd)?;
        for jobs in [1, cores] {
            let t = Instant::now();
            let settings = MatchSettings {
                source: DealSource::Seeded(1),
                games: args.match_games,
                seed: 1,
                limits: Limits::default(),
                jobs,
            };
            let s = run_match(&p, &p, &settings, |_, _| {});
            let secs = t.elapsed().as_secs_f64();
            say!(
                "match, two `tuner play greedy` programs per game, {jobs} at a time: {:.0} games/s ({} games in {:.2} s, faults {})",
                args.match_games as f64 / secs,
                s.games,
                secs,
                s.p1.faults.len() + s.p2.faults.len()
            );
        }
    }
    Ok(())
}
