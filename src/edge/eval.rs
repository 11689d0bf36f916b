//! `tuner eval`: a genome or any player against a suite, a table and JSON.

use crate::edge::ctrl_c::exit_if_stopped;
use crate::edge::out::{outputs_go_to_folders, write_out};
use crate::edge::progress::Counter;
use crate::edge::threads::with_threads;
use crate::files::write_atomic;
use crate::host::player::{Player, check_programs};
use crate::host::program::Limits;
use crate::tune::eval::Baseline;
use anyhow::{Context, Result, bail};
use std::path::PathBuf;

#[derive(clap::Args)]
pub struct EvalArgs {
    /// Genome TOML to evaluate.
    #[arg(long, conflicts_with = "player")]
    genome: Option<PathBuf>,
    /// Or any player: builtin spec (greedy, sample:N, …) or builtin:SPEC or a command.
    #[arg(long)]
    player: Option<String>,
    /// Also play this player on the same deals (a genome TOML path, or a
    /// player as for --player) and show the candidate's paired difference
    /// from it, opponent by opponent, with a 95 % interval (repeatable).
    #[arg(long)]
    baseline: Vec<String>,
    /// Opponents instead of the suite (repeatable; spec or command; not
    /// with --suite).
    #[arg(long, conflicts_with = "suite")]
    vs: Vec<String>,
    /// Suite file.
    #[arg(long, default_value = "params/suite.toml")]
    suite: PathBuf,
    /// What a game is worth to the fitness and the paired differences:
    /// adjusted (the outcome less the game's luck: the dice and tie coins
    /// as the exact table values them; the win rate's mean, less noise),
    /// win-rate (1, ½, 0), or margin (the logistic of the margin over
    /// 20 000 points).
    #[arg(long, default_value = "adjusted")]
    fitness: crate::tune::eval::Fitness,
    /// Games per opponent: an even number (each deal is played twice,
    /// seats swapped).
    #[arg(long, default_value_t = 2000, value_parser = crate::edge::games::parse_games)]
    games: u64,
    /// Seed of the dice (deal i against opponent o comes from it).
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (default: all cores). Results do not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..=1024))]
    threads: Option<u64>,
    /// Write the results as JSON here.
    #[arg(long)]
    json: Option<PathBuf>,
    /// No progress on stderr.
    #[arg(long)]
    quiet: bool,
}

/// `--baseline`'s player: a path ending in `.toml` is a genome, anything
/// else a player as for `--player`.
fn baseline_player(text: &str) -> Result<Player> {
    let player = if text.ends_with(".toml") {
        Player::builtin(&format!("genome:{text}"))
    } else {
        Player::parse(text)
    };
    player.with_context(|| format!("--baseline {text}"))
}

/// Runs `tuner eval`.
pub fn run(a: EvalArgs) -> Result<()> {
    outputs_go_to_folders([&a.json])?;
    let (player, label) = match (&a.genome, &a.player) {
        (Some(path), _) => {
            let p = path.display().to_string();
            (Player::builtin(&format!("genome:{p}"))?, p)
        }
        (None, Some(s)) => (Player::parse(s).context("--player")?, s.clone()),
        (None, None) => bail!("give --genome PATH or --player SPEC"),
    };
    let baselines: Vec<Player> = a
        .baseline
        .iter()
        .map(|b| baseline_player(b))
        .collect::<Result<_>>()?;
    let suite = crate::tune::suite::load(&a.suite, &a.vs)?;
    let players = suite.iter().map(|o| &o.player);
    check_programs(
        players.chain([&player]).chain(&baselines),
        Limits::default(),
    )?;
    let candidates: Vec<Player> = [player].into_iter().chain(baselines).collect();
    let deals = a.games / 2;
    let start = std::time::Instant::now();
    let total = 2 * deals * (suite.len() * candidates.len()) as u64;
    let bar = Counter::new("eval", "games", total, a.quiet);
    let mut all = with_threads(a.threads, || {
        let on_game = || bar.inc();
        crate::tune::eval::evaluate_all(&candidates, &suite, deals, a.seed, a.fitness, &on_game)
    })?
    .into_iter();
    bar.finish();
    let secs = start.elapsed().as_secs_f64();
    let e = all.next().expect("the candidate's evaluation");
    let compared: Vec<Baseline> = all
        .zip(&a.baseline)
        .filter_map(|(b, name)| Baseline::new(name, &e, &b))
        .collect();
    write_out(&crate::tune::eval::table(&e));
    for b in &compared {
        write_out(&crate::tune::eval::baseline_table(b, a.fitness));
    }
    let played: u32 = e.opponents.iter().map(|o| o.games).sum();
    let games = played as usize * candidates.len();
    if !a.quiet {
        eprintln!(
            "{games} games in {secs:.1} s ({:.0} games/s)",
            games as f64 / secs
        );
    }
    if let Some(path) = &a.json {
        write_atomic(path, e.to_json(&label, a.seed, &compared)?.as_bytes())?;
    }
    if let Some(why) = e.unearned() {
        bail!("{why}");
    }
    exit_if_stopped();
    Ok(())
}
