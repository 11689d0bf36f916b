//! The loop of a run: each generation meets fresh dice shared by all its
//! genomes (common random numbers; each rung its own when raced by
//! successive halving), paired seats, elites re-evaluated; the run's
//! optimiser, whichever it is, is driven through the `Optimizer` trait
//! and kept in the checkpoint's one state slot. After each generation,
//! generations.csv and the checkpoint are written, so a killed run
//! resumes to the same result.

use super::checkpoint::{Checkpoint, defaulted, genomes, named};
use super::config::{RunConfig, changed_by_budget};
use super::dir::RunDir;
use super::error::{Damage, Result, RunError};
use super::generations::GenerationRow;
use super::notes;
use crate::host::player::Player;
use crate::rng::derive_seed;
use crate::tune::budget::rank_value;
use crate::tune::eval::{Evaluation, Faults, evaluate_all};
use crate::tune::optim::racing::rungs;
use crate::tune::optim::toolkit::{FrozenGenes, diversity, ranking};
use crate::tune::optim::{Optimizer, Resume, Start};
use crate::tune::suite::Opponent;
use std::sync::Arc;
use std::time::Instant;
use yacht_core::genome::plan::Plan;
use yacht_core::genome::{GENES, Genome, Mechanism};

/// What the caller wants to see while a run goes on.
pub trait Progress {
    fn generation(&mut self, row: &GenerationRow, total: u32);
    fn message(&mut self, text: &str);
    /// `games` still to play in the run from here, the part beginning
    /// now included (at most: a test may stop early); told again as each
    /// part begins.
    fn plan(&mut self, games: u64) {
        let _ = games;
    }
    /// `total` games of `what` begin: the tick returned is called once a
    /// game, from any thread (none is shown by default).
    fn games(&mut self, what: &str, total: u64) -> Tick {
        let _ = (what, total);
        Arc::new(|| ())
    }
}

/// Told of each game played (see [`Progress::games`]).
pub type Tick = Arc<dyn Fn() + Send + Sync>;

/// Runs (or resumes) the generations of a run folder whose config.toml exists.
pub fn run_generations(dir: &RunDir, progress: &mut dyn Progress) -> Result<Checkpoint> {
    let cfg = dir.load_config()?;
    let suite = cfg.opponents()?;
    let frozen = cfg.frozen()?;
    let names: Vec<String> = suite.iter().map(|o| o.name.clone()).collect();
    let mut cp = starting_point(dir, &cfg, &frozen, progress)?;
    let elapsed0 = cp.rows.last().map_or(0.0, |r| r.elapsed_s);
    let start = Instant::now();
    while cp.next_generation < cfg.settings.generations {
        let generation = cp.next_generation;
        let pop = genomes(&cp.population);
        let seed = derive_seed(&[cfg.settings.seed, 0x6E17, generation as u64]);
        let players: Vec<Player> = pop.iter().map(|g| cfg.player("candidate", g)).collect();
        // What the optimiser ranks by: the rung reached, then the
        // fitness, genomes within the run's --max-searches first.
        let games = generation_games(&cfg, players.len(), suite.len());
        let later = u64::from(cfg.settings.generations - generation - 1);
        let candidates = cfg.settings.validate_top.max(1).min(players.len());
        progress.plan(games * (1 + later) + cfg.games_to_validate(candidates));
        let tick = progress.games(&format!("generation {generation}"), games);
        let (evals, fitness) = evaluate_generation(&cfg, &players, &suite, seed, &*tick)
            .ok_or(RunError::Interrupted(generation))??;
        // What each genome scored on its games (within the budget): what
        // validation picks by (their mean over generations) and what a
        // child is measured against its parent by.
        let score: Vec<f64> = evals.iter().map(|e| rank_of(&cfg, e)).collect();
        let mut scores = cp.carried_scores(&pop);
        for (s, &x) in scores.iter_mut().zip(&score) {
            s.push(x);
        }
        let mut row = GenerationRow {
            elapsed_s: elapsed0 + start.elapsed().as_secs_f64(),
            diversity: diversity(&pop),
            ..generation_row(generation, &evals, &fitness)
        };
        let mut opt = resume(dir, &cfg, &cp, &pop, &frozen)?;
        // The genes it may move: those that act in a genome it breeds
        // from, when it breeds from its population (the GA).
        let offered = cfg.frozen_in(&pop)?;
        if opt.offer(&offered) {
            let before = cfg.frozen_in(&last_or_initial(&cfg, &cp))?;
            offer_note(dir, generation, &before, &offered, progress)?;
        }
        opt.tell(&fitness, &score);
        if let Some(a) = opt.adapting() {
            (row.step, row.held) = (Some(a.step), a.held);
        }
        cp.optimizer = opt.state();
        cp.proposals = match opt.proposes() {
            true => named(&opt.proposals()),
            false => Vec::new(),
        };
        let next = opt.ask();
        cp.rows.push(row.clone());
        cp.last_fitness = fitness;
        cp.last_scores = scores;
        cp.last_population = std::mem::replace(&mut cp.population, named(&next));
        cp.next_generation = generation + 1;
        dir.save_generations(&names, &cp.rows)?;
        dir.save_checkpoint(&cp)?;
        progress.generation(&row, cfg.settings.generations);
    }
    Ok(cp)
}

/// The run's optimiser going on from the checkpoint, before it hears of
/// generation `cp.next_generation`, whose genomes are `pop`.
fn resume(
    dir: &RunDir,
    cfg: &RunConfig,
    cp: &Checkpoint,
    pop: &[Genome],
    frozen: &FrozenGenes,
) -> Result<Box<dyn Optimizer + Send>> {
    let at = Resume {
        population: pop,
        frozen,
        seed: cfg.settings.optimizer.stream(cfg.settings.seed),
        generation: cp.next_generation.into(),
    };
    cfg.settings
        .optimizer
        .resume(cp.optimizer.clone(), &at)
        .map_err(|e| RunError::DamagedCheckpoint {
            path: dir.checkpoint(),
            err: Damage::Optimizer(e),
        })
}

/// The genomes the last generation bred from: its population, or before
/// the first generation the initial genomes.
fn last_or_initial(cfg: &RunConfig, cp: &Checkpoint) -> Vec<Genome> {
    match cp.last_population.is_empty() {
        true => cfg.initial_genomes(),
        false => genomes(&cp.last_population),
    }
}

/// Says (and notes) which genes the GA starts or stops offering at this
/// generation, as a genome it breeds from turns their mechanism on or the
/// last one that had it is gone.
fn offer_note(
    dir: &RunDir,
    generation: u32,
    before: &FrozenGenes,
    now: &FrozenGenes,
    progress: &mut dyn Progress,
) -> Result<()> {
    let changed = |was_frozen: bool| -> Vec<&str> {
        (0..GENES.len())
            .filter(|&i| before[i] == was_frozen && now[i] != was_frozen)
            .map(|i| GENES[i].name)
            .collect()
    };
    for (offered, verb) in [(true, "now offered"), (false, "no longer offered")] {
        let genes = changed(offered);
        if !genes.is_empty() {
            let note = format!(
                "generation {generation}: genes {verb} (their mechanism {} in a genome bred from): {}",
                if offered { "runs" } else { "runs no more" },
                genes.join(", ")
            );
            progress.message(&note);
            notes::append(dir, &note)?;
        }
    }
    Ok(())
}

/// Where the run goes on from: its checkpoint, or at first the config's
/// initial genomes. Genes the files lack take their defaults, said once.
fn starting_point(
    dir: &RunDir,
    cfg: &RunConfig,
    frozen: &FrozenGenes,
    progress: &mut dyn Progress,
) -> Result<Checkpoint> {
    let loaded = dir.load_checkpoint()?;
    let added = match &loaded {
        Some(c) => defaulted(c.population.iter().chain(&c.last_population)),
        None => defaulted(cfg.initial.iter().map(|i| &i.genes)),
    };
    if !added.is_empty() {
        let defaults = added.iter().map(|n| {
            let default = GENES[Genome::index_of(n).expect("a gene")].default;
            format!("{n} = {default:?}")
        });
        let note = format!(
            "genes this run's files do not have take their defaults: {}",
            defaults.collect::<Vec<_>>().join(", ")
        );
        progress.message(&note);
        notes::append(dir, &note)?;
    }
    match loaded {
        Some(cp) => {
            resumed(dir, cp.next_generation, progress)?;
            Ok(cp)
        }
        None => {
            budget_note(dir, cfg, progress)?;
            inert_note(dir, cfg, progress)?;
            Ok(fresh_checkpoint(cfg, frozen))
        }
    }
}

/// Says once, at a run's start, how its games play win-probability
/// decisions that its initial genomes have on.
fn budget_note(dir: &RunDir, cfg: &RunConfig, progress: &mut dyn Progress) -> Result<()> {
    let on = |g: &Genome| Plan::of(g).runs(Mechanism::Estimate);
    let initial = || cfg.initial.iter().map(|i| &i.genes.genome);
    if !initial().any(on) {
        return Ok(());
    }
    let note = match cfg.settings.rollouts {
        0 if initial().any(|g| changed_by_budget(g, 0)) => "win-probability decisions by rollouts are made by the tables in this run's games (--rollouts 0: wp_fast 1, no rounds left to rollouts; those genes frozen, kept in the files as they are); genomes already fast play as their files say".to_string(),
        0 => "win-probability decisions by the tables, as the genome files say (--rollouts 0: the rollout genes frozen)".to_string(),
        n => format!("win-probability decisions by rollouts play {n} futures each in this run's games (--rollouts {n}); the genome files keep their own wp_rollouts"),
    };
    progress.message(&note);
    notes::append(dir, &note)
}

/// Says once, at a run's start, which genes are not offered to the
/// optimiser because they act in none of its initial genomes, by the
/// mechanism that does not run.
fn inert_note(dir: &RunDir, cfg: &RunConfig, progress: &mut dyn Progress) -> Result<()> {
    let mut by_mechanism: Vec<(Mechanism, Vec<&str>)> = Vec::new();
    for i in cfg.inert() {
        let gene = &GENES[i];
        match by_mechanism.iter_mut().find(|(m, _)| *m == gene.mechanism) {
            Some((_, names)) => names.push(gene.name),
            None => by_mechanism.push((gene.mechanism, vec![gene.name])),
        }
    }
    if by_mechanism.is_empty() {
        return Ok(());
    }
    let groups: Vec<String> = by_mechanism
        .iter()
        .map(|(m, names)| format!("{} ({})", m.name(), names.join(", ")))
        .collect();
    let note = format!(
        "genes not offered: their mechanism runs in no initial genome, so moving them would change no game: {}",
        groups.join("; ")
    );
    progress.message(&note);
    notes::append(dir, &note)
}

/// A new run's checkpoint before its first generation: the first
/// generation its optimiser makes from the initial genomes.
fn fresh_checkpoint(cfg: &RunConfig, frozen: &FrozenGenes) -> Checkpoint {
    let starts = cfg.initial_genomes();
    let mut opt = cfg.settings.optimizer.start(&Start {
        starts: &starts,
        population: cfg.settings.population,
        frozen,
        init_sigma: cfg.settings.init_sigma,
        seed: cfg.settings.optimizer.stream(cfg.settings.seed),
        first_seed: cfg.settings.seed,
    });
    let population = opt.ask();
    Checkpoint {
        next_generation: 0,
        population: named(&population),
        last_fitness: vec![],
        last_population: vec![],
        last_scores: vec![],
        rows: vec![],
        optimizer: opt.state(),
        proposals: vec![],
    }
}

/// The games a generation of `n` genomes plays against `opponents`: every
/// rung's.
fn generation_games(cfg: &RunConfig, n: usize, opponents: usize) -> u64 {
    let plan = rungs(
        cfg.settings.racing,
        n,
        2 * cfg.settings.games.div_ceil(2).max(1),
    );
    let games = plan.iter().map(|r| r.alive as u64 * 2 * (r.games / 2));
    games.sum::<u64>() * opponents as u64
}

/// A generation's evaluations and what each genome ranks by; None when a
/// stop cut its games short (the generation is not recorded); an error
/// when an opponent's faults gave wins that were not earned. Raced as the
/// run says (`racing`): each rung's genomes meet that rung's dice (common
/// random numbers; a flat generation is one rung on the generation's
/// seed), an evaluation joins the rungs its genome played.
fn evaluate_generation(
    cfg: &RunConfig,
    players: &[Player],
    suite: &[Opponent],
    seed: u64,
    on_game: &(dyn Fn() + Sync),
) -> Option<Result<(Vec<Evaluation>, Vec<f64>)>> {
    let n = players.len();
    let plan = rungs(
        cfg.settings.racing,
        n,
        2 * cfg.settings.games.div_ceil(2).max(1),
    );
    let mut evals: Vec<Option<Evaluation>> = vec![None; n];
    let mut alive: Vec<usize> = (0..n).collect();
    let mut reached = vec![0usize; n];
    for (k, rung) in plan.iter().enumerate() {
        alive.truncate(rung.alive);
        let rung_seed = if k == 0 {
            seed
        } else {
            derive_seed(&[seed, k as u64])
        };
        let who: Vec<Player> = alive.iter().map(|&i| players[i].clone()).collect();
        let played = evaluate_all(
            &who,
            suite,
            rung.games / 2,
            rung_seed,
            cfg.settings.fitness,
            on_game,
        );
        if crate::host::stop::requested() {
            return None;
        }
        for (&i, e) in alive.iter().zip(played) {
            match &mut evals[i] {
                Some(joined) => joined.append(e),
                none => *none = Some(e),
            }
            reached[i] = k;
        }
        let rank = |i: usize| rank_of(cfg, evals[i].as_ref().expect("played"));
        alive.sort_by(|&a, &b| rank(b).total_cmp(&rank(a)).then(a.cmp(&b)));
    }
    let mut evals: Vec<Evaluation> = evals
        .into_iter()
        .map(|e| e.expect("a first rung"))
        .collect();
    if let Some(why) = evals.iter().find_map(Evaluation::unearned) {
        return Some(Err(RunError::Unearned(why)));
    }
    // Game-by-game results are for comparisons, not kept here.
    for o in evals.iter_mut().flat_map(|e| &mut e.opponents) {
        (o.points, o.outcomes, o.luck) = (Vec::new(), Vec::new(), Vec::new());
    }
    let raced = plan.len() > 1;
    let ranked = (0..n)
        .map(|i| match rank_of(cfg, &evals[i]) {
            r if raced => RUNG * reached[i] as f64 + r.clamp(1.0 - RUNG, RUNG - 1.0),
            r => r,
        })
        .collect();
    Some(Ok((evals, ranked)))
}

/// What separates rungs in a raced generation's ranking: a genome that
/// played a later rung ranks above every one that stopped before it.
const RUNG: f64 = 1000.0;

/// What a genome ranks by within a rung: its fitness, genomes within the
/// run's --max-searches first.
fn rank_of(cfg: &RunConfig, e: &Evaluation) -> f64 {
    rank_value(cfg.settings.max_searches, e.fitness, e.searches_per_game())
}

/// A generation's line of generations.csv (its time and diversity left
/// for the caller), from its evaluations: the fitness of the best as
/// `ranked` orders them (the rung reached, the fitness, within
/// --max-searches first), the mean and the lowest fitness (not the last
/// ranked: a genome over --max-searches ranks below one within it
/// whatever its fitness); every game it played.
fn generation_row(generation: u32, evals: &[Evaluation], ranked: &[f64]) -> GenerationRow {
    let fitness: Vec<f64> = evals.iter().map(|e| e.fitness).collect();
    let order = ranking(ranked);
    let best = &evals[order[0]];
    let opponents = || evals.iter().flat_map(|e| &e.opponents);
    let faults = |f: fn(&Faults) -> u32| opponents().map(|o| u64::from(f(&o.faults))).sum();
    GenerationRow {
        generation,
        best: fitness[order[0]],
        mean: fitness.iter().sum::<f64>() / fitness.len() as f64,
        worst: fitness.iter().copied().fold(f64::INFINITY, f64::min),
        diversity: 0.0,
        elapsed_s: 0.0,
        games: opponents().map(|o| u64::from(o.games)).sum(),
        step: None,
        held: None,
        faults_candidates: faults(|f| f.candidate),
        faults_opponents: faults(|f| f.opponent),
        best_searches: best.searches_per_game(),
        best_by_opponent: best.opponents.iter().map(|o| o.win_rate).collect(),
    }
}

/// Says where a run resumes and, when generations are left to run,
/// records it in config.toml (the plot marks it).
fn resumed(dir: &RunDir, at: u32, progress: &mut dyn Progress) -> Result<()> {
    let mut cfg = dir.load_config()?;
    if at >= cfg.settings.generations {
        return Ok(());
    }
    progress.message(&format!("resuming at generation {at}"));
    if at > 0 && cfg.resumed_at.last() != Some(&at) {
        cfg.resumed_at.push(at);
        dir.save_config(&cfg)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_generations_worst_is_its_lowest_fitness_not_its_last_ranked() {
        let of = |wins: usize| {
            let mut games = vec![0.0; 100];
            games[..wins].fill(1.0);
            Evaluation::from_points(&[("dp", games)])
        };
        let evals = [of(60), of(50), of(70)];
        // The third is over a budget: it ranks last, above the others' fitness.
        let ranked = [0.6, 0.5, -2.0];
        let row = generation_row(3, &evals, &ranked);
        assert_eq!((row.best, row.worst), (0.6, 0.5));
        assert!((row.mean - 0.6).abs() < 1e-12);
    }
}
