//! `tuner eval`: a genome or any player against a suite, a table and JSON.

use crate::edge::ctrl_c::exit_if_stopped;
use crate::edge::out::{outputs_go_to_folders, write_out};
use crate::edge::progress::Counter;
use crate::edge::threads::with_threads;
use crate::files::write_atomic;
use crate::host::player::{Player, check_programs};
use crate::host::program::Limits;
use crate::players::StrategySpec;
use crate::tune::eval::{Baseline, EvalFile, Fitness};
use crate::tune::worth::{self, Changes};
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
    /// from it, opponent by opponent, with a 95 % interval, and a line
    /// saying against which it is shown not worse by more than 1 point
    /// (one-sided, 95 %, as evolve's held-out check) (repeatable).
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
    #[arg(long, default_value_t = 1, value_parser = crate::edge::seed::parse_seed)]
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
    /// With --genome and one --baseline genome: also play, for each gene
    /// the candidate plays otherwise, the candidate with that gene put
    /// back as the baseline has it, and show what each change is worth
    /// (the candidate less that copy, paired on the same deals).
    #[arg(long, requires = "genome")]
    put_back: bool,
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

/// `--put-back`'s changes and the candidate's copies, one per acting
/// change with that gene put back; an error before any game unless the
/// candidate and one baseline are genome files.
fn put_backs(a: &EvalArgs) -> Result<(Changes, Vec<Player>)> {
    let (Some(genome), [base]) = (&a.genome, &a.baseline[..]) else {
        bail!("--put-back compares the --genome with one --baseline genome file; give exactly one");
    };
    if !base.ends_with(".toml") {
        bail!("--put-back: --baseline {base} is not a genome file (a path ending in .toml)");
    }
    let shown = genome.display().to_string();
    let candidate = yacht_genome_file::read_genome(genome, &shown)?;
    let baseline = yacht_genome_file::read_genome(std::path::Path::new(base), base)?;
    let changes = worth::changes(&candidate, &baseline);
    let players = (changes.acting.iter())
        .map(|c| Player::Builtin(StrategySpec::genome(&c.label(), c.put_back(&candidate))))
        .collect();
    Ok((changes, players))
}

/// The worth table, and the changes that do not act in the candidate.
fn worth_lines(changes: &Changes, compared: &[Baseline], fitness: Fitness) -> String {
    let mut s = match compared.split_first() {
        Some((together, each)) => worth::table(&changes.acting, together, each, fitness),
        None => String::new(),
    };
    if !changes.inert.is_empty() {
        let names: Vec<&str> = (changes.inert.iter()).map(|c| c.of().name).collect();
        let line = format!(
            "changed but not acting in the candidate (their mechanism does not run): {}",
            names.join(", ")
        );
        s.push_str(&crate::text::wrap(&line, crate::text::SCREEN, "  "));
    }
    s
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
    let mut baselines: Vec<Player> = a
        .baseline
        .iter()
        .map(|b| baseline_player(b))
        .collect::<Result<_>>()?;
    let changes = match a.put_back {
        true => Some(put_backs(&a)?),
        false => None,
    };
    let mut names = a.baseline.clone();
    for (c, p) in changes.iter().flat_map(|(c, p)| c.acting.iter().zip(p)) {
        names.push(c.label());
        baselines.push(p.clone());
    }
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
    // The count is every player's games: say so when there are baselines.
    let counting = match candidates.len() - 1 {
        0 => "eval".to_string(),
        1 => "eval (candidate + 1 baseline)".to_string(),
        n => format!("eval (candidate + {n} baselines)"),
    };
    let bar = Counter::new(&counting, "games", total, a.quiet);
    let mut all = with_threads(a.threads, || {
        let on_game = || bar.inc();
        crate::tune::eval::evaluate_all(&candidates, &suite, deals, a.seed, a.fitness, &on_game)
    })?
    .into_iter();
    bar.finish();
    let secs = start.elapsed().as_secs_f64();
    let e = all.next().expect("the candidate's evaluation");
    let compared: Vec<Baseline> = all
        .zip(&names)
        .filter_map(|(b, name)| Baseline::new(name, &e, &b))
        .collect();
    write_out(&crate::tune::eval::table(&e));
    for b in &compared[..a.baseline.len().min(compared.len())] {
        write_out(&crate::tune::eval::baseline_table(b, a.fitness));
    }
    if let Some((changes, _)) = &changes {
        write_out(&worth_lines(changes, &compared, a.fitness));
    }
    let played: u32 = e.opponents.iter().map(|o| o.games).sum();
    let games = played as usize * candidates.len();
    if !a.quiet {
        eprintln!(
            "{games} games in {secs:.1} s ({} games/s)",
            crate::text::per_second(games as f64 / secs)
        );
    }
    if let Some(path) = &a.json {
        let record = EvalFile::of(&e, &label, a.seed, &compared);
        write_atomic(path, record.to_json()?.as_bytes())?;
    }
    if let Some(why) = e.unearned() {
        bail!("{why}");
    }
    exit_if_stopped();
    Ok(())
}
