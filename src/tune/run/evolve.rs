//! The GA loop of a run: each generation meets fresh dice shared by all
//! its genomes (common random numbers), paired seats, elites re-evaluated;
//! after each, generations.csv and the checkpoint are written, so a killed
//! run resumes to the same result.

use super::checkpoint::{Checkpoint, defaulted, genomes, named};
use super::config::genome_player;
use super::dir::RunDir;
use super::error::{Result, RunError};
use super::generations::GenerationRow;
use super::notes;
use crate::host::player::Player;
use crate::rng::derive_seed;
use crate::tune::eval::{Evaluation, Faults, evaluate_all};
use crate::tune::ga::{diversity, next_generation, ranking};
use std::time::Instant;
use yacht_core::genome::{GENES, Genome};

/// What the caller wants to see while a run goes on.
pub trait Progress {
    fn generation(&mut self, row: &GenerationRow, total: u32);
    fn message(&mut self, text: &str);
}

/// Runs (or resumes) the generations of a run folder whose config.toml exists.
pub fn run_generations(dir: &RunDir, progress: &mut dyn Progress) -> Result<Checkpoint> {
    let cfg = dir.load_config()?;
    let suite = cfg.opponents()?;
    let frozen = cfg.frozen()?;
    let names: Vec<String> = suite.iter().map(|o| o.name.clone()).collect();
    let loaded = dir.load_checkpoint()?;
    // What the next generation is made from: the checkpoint, or at first
    // the config's initial genomes.
    let added = match &loaded {
        Some(c) => defaulted(c.population.iter().chain(&c.last_population)),
        None => defaulted(cfg.initial.iter().map(|i| &i.genes)),
    };
    if !added.is_empty() {
        let note = format!(
            "genes this run's files do not have take their defaults: {}",
            added
                .iter()
                .map(|n| format!(
                    "{n} = {:?}",
                    GENES[Genome::index_of(n).expect("a gene")].default
                ))
                .collect::<Vec<_>>()
                .join(", ")
        );
        progress.message(&note);
        notes::append(dir, &note)?;
    }
    let mut cp = match loaded {
        Some(cp) => {
            resumed(dir, cp.next_generation, progress)?;
            cp
        }
        None => Checkpoint {
            next_generation: 0,
            population: named(&cfg.first_population(&frozen)),
            last_fitness: vec![],
            last_population: vec![],
            last_scores: vec![],
            rows: vec![],
        },
    };
    let deals = cfg.games.div_ceil(2).max(1);
    let elapsed0 = cp.rows.last().map_or(0.0, |r| r.elapsed_s);
    let start = Instant::now();
    while cp.next_generation < cfg.generations {
        let generation = cp.next_generation;
        let pop = genomes(&cp.population);
        let seed = derive_seed(&[cfg.seed, 0x6E17, generation as u64]);
        let players: Vec<Player> = pop.iter().map(|g| genome_player("candidate", g)).collect();
        let mut evals = evaluate_all(&players, &suite, deals, seed, cfg.fitness, &|| {});
        // Game-by-game points are for comparisons, not kept here.
        let all = evals.iter_mut().flat_map(|e| &mut e.opponents);
        all.for_each(|o| o.points = Vec::new());
        if crate::host::stop::requested() {
            // The generation's games were cut short: not recorded.
            return Err(RunError::Interrupted(generation));
        }
        if let Some(why) = evals.iter().find_map(Evaluation::unearned) {
            return Err(RunError::Unearned(why));
        }
        let faults = |f: fn(&Faults) -> u32| -> u64 {
            let all = evals.iter().flat_map(|e| &e.opponents);
            all.map(|o| u64::from(f(&o.faults))).sum()
        };
        let fitness: Vec<f64> = evals.iter().map(|e| e.fitness).collect();
        let mut scores = cp.carried_scores(&pop);
        for (s, &f) in scores.iter_mut().zip(&fitness) {
            s.push(f);
        }
        let order = ranking(&fitness);
        let best = &evals[order[0]];
        let row = GenerationRow {
            generation,
            best: fitness[order[0]],
            mean: fitness.iter().sum::<f64>() / fitness.len() as f64,
            worst: fitness[*order.last().expect("non-empty population")],
            diversity: diversity(&pop),
            elapsed_s: elapsed0 + start.elapsed().as_secs_f64(),
            games: 2 * deals * suite.len() as u64 * pop.len() as u64,
            faults_candidates: faults(|f| f.candidate),
            faults_opponents: faults(|f| f.opponent),
            best_by_opponent: best.opponents.iter().map(|o| o.win_rate).collect(),
        };
        let next = next_generation(
            &pop,
            &fitness,
            &cfg.ga,
            &frozen,
            derive_seed(&[cfg.seed, 0x6A, generation as u64]),
        );
        cp.rows.push(row.clone());
        cp.last_fitness = fitness;
        cp.last_scores = scores;
        cp.last_population = std::mem::replace(&mut cp.population, named(&next));
        cp.next_generation = generation + 1;
        dir.save_generations(&names, &cp.rows)?;
        dir.save_checkpoint(&cp)?;
        progress.generation(&row, cfg.generations);
    }
    Ok(cp)
}

/// Says where a run resumes and, when generations are left to run,
/// records it in config.toml (the plot marks it).
fn resumed(dir: &RunDir, at: u32, progress: &mut dyn Progress) -> Result<()> {
    let mut cfg = dir.load_config()?;
    if at >= cfg.generations {
        return Ok(());
    }
    progress.message(&format!("resuming at generation {at}"));
    if at > 0 && cfg.resumed_at.last() != Some(&at) {
        cfg.resumed_at.push(at);
        dir.save_config(&cfg)?;
    }
    Ok(())
}
