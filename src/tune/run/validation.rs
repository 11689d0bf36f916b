//! The end of a run: the top genomes validated on validation dice, the
//! best of them written to the run's best.toml and compared with the
//! champion (`params/best.toml`) on fresh dice, on the training suite by a
//! sequential paired test and on the held-out suite by a non-inferiority
//! test. validation.json records both verdicts; installing is
//! [`super::install`]'s act, never a side effect of validating.

use super::checkpoint::Checkpoint;
use super::config::{RunConfig, as_played};
use super::dir::RunDir;
use super::error::{Result, RunError};
use super::evolve::{Progress, Tick};
use super::incumbent::champion;
use super::install::best_header;
use super::verdict::{
    ChangeWorth, Comparison, LOOKS, MIN_COMPARISON_GAMES, ValidationRecord, Z_SEQUENTIAL, allowed_z,
};
use crate::files::write_atomic;
use crate::host::player::Player;
use crate::rng::derive_seed;
use crate::tune::budget::{Budget, NOT_WORSE_BY, rank_value};
use crate::tune::eval::{Evaluation, Fitness, Paired, evaluate_with};
use crate::tune::heldout::HeldOutCheck;
use crate::tune::named::NamedGenes;
use crate::tune::optim::toolkit::ranking;
use crate::tune::suite::Opponent;
use std::path::Path;
use std::time::Instant;
use yacht_core::genome::Genome;
use yacht_genome_file::genome_to_toml;

/// What validating a run gave.
pub struct Validation {
    /// What was decided, as validation.json holds it.
    pub record: ValidationRecord,
    pub winner_genome: Genome,
}

/// Validates the top genomes of `cp`, writes the winner to the run's
/// best.toml and compares it with the incumbent `params_best` (when there
/// is one, and it is another genome); writes validation.json. Changes
/// nothing outside the run folder.
pub fn validate(
    dir: &RunDir,
    cp: &Checkpoint,
    params_best: &Path,
    progress: &mut dyn Progress,
) -> Result<Validation> {
    let start = Instant::now();
    let cfg = dir.load_config()?;
    let (winner, picked, seed) = pick_winner(&cfg, cp, progress)?;
    // The genome the verdicts are about: as the run played it.
    let winner_genome = as_played(&picked, cfg.settings.rollouts);
    let header = best_header(&cfg, &winner, cfg.settings.validation_games);
    let text = genome_to_toml(&winner_genome, &header);
    write_atomic(&dir.best(), text.as_bytes())?;
    let incumbent = champion(params_best)?;
    let shown = params_best.display().to_string();
    let same = incumbent.as_ref() == Some(&winner_genome);
    let against = incumbent.as_ref().filter(|_| !same);
    let comparison = match against {
        Some(incumbent) => Some(compare(
            &cfg,
            (&winner_genome, incumbent),
            &shown,
            progress,
        )?),
        None => None,
    };
    let heldout = match against {
        Some(incumbent) if !cfg.heldout.is_empty() => {
            Some(check_heldout(&cfg, (&winner_genome, incumbent), progress)?)
        }
        _ => None,
    };
    let mut record = ValidationRecord {
        seed,
        games_per_opponent: 2 * cfg.settings.validation_games.div_ceil(2).max(1),
        winner,
        comparison,
        heldout,
        incumbent: incumbent.is_some().then(|| params_best.to_path_buf()),
        incumbent_genes: incumbent.as_ref().map(NamedGenes::from),
        same_as_incumbent: same,
        installed: false,
        previous_kept_as: None,
        seconds: 0.0,
        generations: Some(cp.next_generation),
        worth: Vec::new(),
    };
    if let (true, Some(incumbent)) = (record.earned(), against) {
        record.worth = changes_worth(&cfg, (&winner_genome, incumbent), progress)?;
    }
    record.seconds = start.elapsed().as_secs_f64();
    dir.save_validation(&record)?;
    Ok(Validation {
        record,
        winner_genome,
    })
}

/// The run's earlier validation when it still stands, so a resumed
/// finished run need not play it again: validation.json made after the
/// run's last generation (`cp`), against the champion as `params_best`
/// holds it now, with the winner in the run's best.toml. None: validate.
pub fn earlier(dir: &RunDir, cp: &Checkpoint, params_best: &Path) -> Result<Option<Validation>> {
    let Some(record) = dir.load_validation()? else {
        return Ok(None);
    };
    let best = dir.best();
    if record.generations != Some(cp.next_generation) || !best.exists() {
        return Ok(None);
    }
    if champion(params_best)?.as_ref().map(NamedGenes::from) != record.incumbent_genes {
        return Ok(None);
    }
    let winner_genome = yacht_genome_file::read_genome(&best, &best.display().to_string())?;
    Ok(Some(Validation {
        record,
        winner_genome,
    }))
}

/// What validation measures: the optimiser's proposals (CMA-ES, random
/// search), else the top `validate_top` of the last population by their
/// mean over re-evaluations (the GA).
fn candidates(
    cfg: &RunConfig,
    cp: &Checkpoint,
    deals: u64,
    progress: &mut dyn Progress,
) -> Vec<Genome> {
    let games = 2 * deals;
    if !cp.proposals.is_empty() {
        progress.message(&format!(
            "validating the optimiser's {} proposals on validation dice, {games} games per opponent …",
            cp.proposals.len()
        ));
        return cp.proposals.iter().map(|g| g.genome.clone()).collect();
    }
    let order = ranking(&cp.mean_scores());
    let top = cfg.settings.validate_top.max(1).min(order.len());
    progress.message(&format!(
        "validating the top {top} genomes (by their mean over re-evaluations) on validation dice, {games} games per opponent …"
    ));
    order
        .iter()
        .take(top)
        .map(|&i| cp.last_population[i].genome.clone())
        .collect()
}

/// The top `validate_top` genomes of the last generation (ranked by their
/// mean over every evaluation, so an elite evaluated in several
/// generations is not outranked by one lucky child), played on the
/// validation dice: the best of them, its evaluation and the dice's seed.
fn pick_winner(
    cfg: &RunConfig,
    cp: &Checkpoint,
    progress: &mut dyn Progress,
) -> Result<(Evaluation, Genome, u64)> {
    let suite = cfg.opponents()?;
    if cp.last_population.is_empty() {
        return Err(RunError::NothingToValidate);
    }
    let deals = cfg.settings.validation_games.div_ceil(2).max(1);
    let seed = derive_seed(&[cfg.settings.seed, 0x7A1D]);
    let candidates = candidates(cfg, cp, deals, progress);
    let total = candidates.len() as u64 * suite.len() as u64 * 2 * deals;
    progress.plan(total + cfg.games_after_pick());
    let tick = progress.games("validating", total);
    let mut best: Option<(Evaluation, Genome)> = None;
    for g in candidates {
        let e = judged(
            &suite,
            cfg.player("candidate", &g),
            (seed, deals),
            cfg.settings.fitness,
            &tick,
        )?;
        let rank = |e: &Evaluation| {
            rank_value(cfg.settings.max_searches, e.fitness, e.searches_per_game())
        };
        if best.as_ref().is_none_or(|(b, _)| rank(&e) > rank(b)) {
            best = Some((e, g));
        }
    }
    let (winner, genome) = best.expect("at least one candidate");
    if crate::host::stop::requested() {
        return Err(RunError::InterruptedValidating);
    }
    Ok((winner, genome, seed))
}

/// The winner against the incumbent on the training suite, on fresh dice,
/// by the sequential test (at most `LOOKS` looks).
fn compare(
    cfg: &RunConfig,
    (winner, incumbent): (&Genome, &Genome),
    shown: &str,
    progress: &mut dyn Progress,
) -> Result<Comparison> {
    let suite = &cfg.opponents()?;
    let stage = cfg.look_deals();
    progress.message(&format!(
        "comparing the winner with {shown} on fresh dice, up to {} games per opponent in {LOOKS} looks …",
        2 * stage * LOOKS
    ));
    // Fresh dice: the winner was picked on the validation dice.
    let fresh = derive_seed(&[cfg.settings.seed, 0xC0A1]);
    let most = 2 * suite.len() as u64 * 2 * stage * LOOKS;
    progress.plan(most + cfg.heldout_games());
    let tick = progress.games("comparing (at most)", most);
    // Both genomes on the fresh dice of one look.
    let look_at = |look: u64| -> Result<(Evaluation, Evaluation)> {
        let seed = derive_seed(&[fresh, look]);
        let judge = |name, g| {
            judged(
                suite,
                cfg.player(name, g),
                (seed, stage),
                cfg.settings.fitness,
                &tick,
            )
        };
        let (w, i) = (judge("winner", winner)?, judge("incumbent", incumbent)?);
        if crate::host::stop::requested() {
            return Err(RunError::InterruptedValidating);
        }
        Ok((w, i))
    };
    let (mut w, mut i) = look_at(0)?;
    let allowance = allowance(cfg.settings.max_searches, &w, &i);
    let mut looks = Vec::new();
    let test = loop {
        let test = w.paired(&i).expect("same suite and seed");
        let z = allowed_z(&test, allowance);
        looks.push(z);
        let decided = test.games_per_opponent >= MIN_COMPARISON_GAMES && z.abs() > Z_SEQUENTIAL;
        if decided || looks.len() as u64 == LOOKS {
            break test;
        }
        let (more_w, more_i) = look_at(looks.len() as u64)?;
        w.append(more_w);
        i.append(more_i);
    };
    let mut verdict = sequential_verdict(&test, looks.len(), allowance);
    // With an allowance, what each spent (the incumbent's, when counted).
    if let (Some(b), Some(mine), Some(theirs)) = (
        cfg.settings.max_searches.filter(|_| allowance > 0.0),
        w.searches_per_game(),
        i.searches_per_game(),
    ) {
        verdict += &format!(
            "; it spends {mine:.0} searches a game against the incumbent's {theirs:.0}, over --max-searches {b}"
        );
    }
    Ok(Comparison {
        seed: fresh,
        winner_fitness: w.fitness,
        incumbent_fitness: i.fitness,
        test,
        looks,
        verdict,
        allowance,
    })
}

/// The share of the validation games each put-back copy plays.
const WORTH_SHARE: u64 = 4;

/// What each change of an installable winner is worth: the winner and,
/// for each gene it plays otherwise than the incumbent (and that acts in
/// it), a copy with that gene put back, on fresh dice of a quarter of the
/// validation games; the winner less each copy, paired.
fn changes_worth(
    cfg: &RunConfig,
    (winner, incumbent): (&Genome, &Genome),
    progress: &mut dyn Progress,
) -> Result<Vec<ChangeWorth>> {
    let suite = &cfg.opponents()?;
    let changes = crate::tune::worth::changes(winner, incumbent).acting;
    let deals = (cfg.settings.validation_games.div_ceil(2) / WORTH_SHARE).max(1);
    progress.message(&format!(
        "what each of the winner's {} changes is worth: a copy with it put back, {} games per opponent each …",
        changes.len(),
        2 * deals
    ));
    let seed = derive_seed(&[cfg.settings.seed, 0x3077]);
    let total = (1 + changes.len() as u64) * suite.len() as u64 * 2 * deals;
    progress.plan(total);
    let tick = progress.games("what each change is worth", total);
    let judge = |name, g: &Genome| {
        judged(
            suite,
            cfg.player(name, g),
            (seed, deals),
            cfg.settings.fitness,
            &tick,
        )
    };
    let w = judge("winner", winner)?;
    let mut worth = Vec::new();
    for c in &changes {
        let copy = judge("put back", &c.put_back(winner))?;
        if crate::host::stop::requested() {
            return Err(RunError::InterruptedValidating);
        }
        worth.push(ChangeWorth {
            gene: c.of().name.to_string(),
            from: c.from,
            to: c.to,
            worth: w.paired(&copy).expect("same suite and seed"),
        });
    }
    Ok(worth)
}

/// The fitness a winner may lose against the incumbent: `NOT_WORSE_BY`
/// when it is within the run's --max-searches and the incumbent is over it (on
/// the same games), else none.
fn allowance(budget: Option<Budget>, winner: &Evaluation, incumbent: &Evaluation) -> f64 {
    match budget {
        Some(b)
            if b.allows(winner.searches_per_game()) && !b.allows(incumbent.searches_per_game()) =>
        {
            NOT_WORSE_BY
        }
        _ => 0.0,
    }
}

/// What the sequential test says, after `looks` looks, with the fitness
/// the winner may lose (`allowance`, 0: it must be better).
fn sequential_verdict(test: &Paired, looks: usize, allowance: f64) -> String {
    let at = format!("look {looks} of {LOOKS}");
    let z = allowed_z(test, allowance);
    if test.games_per_opponent < MIN_COMPARISON_GAMES {
        format!(
            "{} games per opponent are too few to replace it (at least {MIN_COMPARISON_GAMES}; see --validation-games)",
            test.games_per_opponent
        )
    } else if allowance > 0.0 {
        let (d, se) = (test.difference, test.std_error);
        match z > Z_SEQUENTIAL {
            true => format!(
                "not worse by more than {allowance}: {d:+.4} ± {se:.4} (z = {z:.2} > {Z_SEQUENTIAL} at {at}, {} games per opponent)",
                test.games_per_opponent
            ),
            false => format!(
                "not shown not worse by more than {allowance}: {d:+.4} ± {se:.4} (z = {z:.2} at {at}, needs > {Z_SEQUENTIAL} at a look)"
            ),
        }
    } else if test.z > Z_SEQUENTIAL {
        format!(
            "better by {:+.4} ± {:.4} (z = {:.2} > {Z_SEQUENTIAL} at {at}, {} games per opponent)",
            test.difference, test.std_error, test.z, test.games_per_opponent
        )
    } else {
        format!(
            "not shown better: {:+.4} ± {:.4} (z = {:.2} at {at}, needs > {Z_SEQUENTIAL} at a look)",
            test.difference, test.std_error, test.z
        )
    }
}

/// The winner against the incumbent on the held-out suite, on its own
/// dice, by win rate (see [`crate::tune::heldout`]).
fn check_heldout(
    cfg: &RunConfig,
    (winner, incumbent): (&Genome, &Genome),
    progress: &mut dyn Progress,
) -> Result<HeldOutCheck> {
    let suite = cfg.heldout_opponents()?;
    let deals = cfg.settings.validation_games.div_ceil(2).max(1);
    let seed = derive_seed(&[cfg.settings.seed, 0x4E1D]);
    progress.message(&format!(
        "checking the winner against the incumbent on {} held-out opponents, {} games each …",
        suite.len(),
        2 * deals
    ));
    let at = (seed, deals);
    let kind = cfg.settings.fitness.as_win_rate();
    let total = 2 * suite.len() as u64 * 2 * deals;
    progress.plan(total);
    let tick = progress.games("held out", total);
    let w = judged(&suite, cfg.player("winner", winner), at, kind, &tick)?;
    let i = judged(&suite, cfg.player("incumbent", incumbent), at, kind, &tick)?;
    if crate::host::stop::requested() {
        return Err(RunError::InterruptedValidating);
    }
    Ok(crate::tune::heldout::judge(&w, &i, seed).expect("same suite and seed"))
}

/// `player` evaluated against `suite` on `deals` deals of `seed`; an error
/// when a game was not earned (an opponent's fault, an interruption).
fn judged(
    suite: &[Opponent],
    player: Player,
    (seed, deals): (u64, u64),
    fitness: Fitness,
    on_game: &Tick,
) -> Result<Evaluation> {
    let e = evaluate_with(&player, suite, deals, seed, fitness, &**on_game);
    match e.unearned() {
        Some(why) => Err(RunError::Unearned(why)),
        None => Ok(e),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::unit;
    use crate::tune::run::verdict::promoted;
    use rand_core::SeedableRng;
    use rand_pcg::Pcg32;

    /// `wins` of `n` games won, the rest lost.
    fn games(wins: usize, n: usize) -> Vec<f64> {
        let mut g = vec![0.0; n];
        g[..wins].fill(1.0);
        g
    }

    /// The sequential comparison of `winner` and `incumbent`, one look.
    fn comparison(winner: &Evaluation, incumbent: &Evaluation) -> Comparison {
        allowed(winner, incumbent, 0.0)
    }

    /// The same, the winner allowed to lose `allowance`.
    fn allowed(winner: &Evaluation, incumbent: &Evaluation, allowance: f64) -> Comparison {
        let test = winner.paired(incumbent).unwrap();
        Comparison {
            seed: 1,
            winner_fitness: winner.fitness,
            incumbent_fitness: incumbent.fitness,
            verdict: sequential_verdict(&test, 1, allowance),
            looks: vec![allowed_z(&test, allowance)],
            allowance,
            test,
        }
    }

    /// `wins` of `n` games against dp, `searches` a game.
    fn spending(wins: usize, n: usize, searches: f64) -> Evaluation {
        let mut e = Evaluation::from_points(&[("dp", games(wins, n))]);
        e.opponents[0].mean_searches = Some(searches);
        e
    }

    #[test]
    fn a_winner_within_the_budget_replaces_one_over_it_when_not_worse_by_half_a_point() {
        let n = 20_000;
        let incumbent = spending(12_000, n, 1300.0);
        // 0.2 points below it, on the same games, at half its searches.
        let cheaper = spending(11_960, n, 600.0);
        let budget = Some(Budget(700.0));
        assert_eq!(allowance(budget, &cheaper, &incumbent), NOT_WORSE_BY);
        let c = allowed(&cheaper, &incumbent, NOT_WORSE_BY);
        assert!(c.better(), "{}", c.verdict);
        assert!(
            c.verdict.starts_with("not worse by more than 0.005"),
            "{}",
            c.verdict
        );
        // Without the budget it must be better, and is not.
        assert_eq!(allowance(None, &cheaper, &incumbent), 0.0);
        assert!(!comparison(&cheaper, &incumbent).better());
        // A point below: more than the allowance, refused.
        let worse = spending(11_800, n, 600.0);
        let c = allowed(&worse, &incumbent, allowance(budget, &worse, &incumbent));
        assert!(!c.better(), "{}", c.verdict);
        assert!(
            c.verdict.starts_with("not shown not worse"),
            "{}",
            c.verdict
        );
        // No allowance when both are within it, or the winner is over it.
        let within = spending(12_000, n, 650.0);
        assert_eq!(allowance(budget, &cheaper, &within), 0.0);
        assert_eq!(allowance(budget, &incumbent, &cheaper), 0.0);
    }

    #[test]
    fn a_gain_on_a_training_opponent_bought_with_a_heldout_loss_is_refused() {
        // Training: the winner beats `trained` 600 times in 1 000 where the
        // incumbent won 500, and plays `sample` as well: clearly better.
        let n = 1000;
        let incumbent =
            Evaluation::from_points(&[("trained", games(500, n)), ("sample", games(990, n))]);
        let winner =
            Evaluation::from_points(&[("trained", games(600, n)), ("sample", games(990, n))]);
        let better = comparison(&winner, &incumbent);
        assert!(better.test.z > Z_SEQUENTIAL, "{}", better.verdict);
        // Held out: it lost 60 games more to `strong` than the incumbent.
        let held_incumbent = Evaluation::from_points(&[("strong", games(500, n))]);
        let held_worse = Evaluation::from_points(&[("strong", games(440, n))]);
        let worse = crate::tune::heldout::judge(&held_worse, &held_incumbent, 2).unwrap();
        assert!(!promoted(Some(&better), Some(&worse)), "{}", worse.verdict);
        // The same training gain, held-out play unchanged: promoted.
        let same = crate::tune::heldout::judge(&held_incumbent, &held_incumbent, 2).unwrap();
        assert!(promoted(Some(&better), Some(&same)));
        // Without a held-out suite, the training test alone decides; a
        // winner not shown better is refused whatever the held-out says.
        assert!(promoted(Some(&better), None));
        let level = comparison(&incumbent, &incumbent);
        assert!(!promoted(Some(&level), Some(&same)));
        // No incumbent: nothing to compare with, the winner is installed.
        assert!(promoted(None, None));
    }

    #[test]
    fn validation_json_reads_back_as_written_infinite_z_included() {
        let e = Evaluation::from_points(&[("dp", games(5, 10))]);
        let level = comparison(&e, &e);
        assert_eq!(level.test.std_error, 0.0);
        let record = ValidationRecord {
            seed: 9,
            games_per_opponent: 10,
            winner: e.clone(),
            comparison: Some(level),
            heldout: crate::tune::heldout::judge(&e, &e, 3),
            incumbent: Some("params/best.toml".into()),
            incumbent_genes: None,
            same_as_incumbent: false,
            installed: false,
            previous_kept_as: None,
            seconds: 1.5,
            generations: Some(4),
            worth: vec![ChangeWorth {
                gene: "bid_scale".into(),
                from: 1.0,
                to: 1.2,
                worth: e.paired(&e).expect("the same games"),
            }],
        };
        assert_eq!(record.heldout.as_ref().unwrap().z, f64::INFINITY);
        let text = serde_json::to_string_pretty(&record).unwrap();
        assert!(text.contains("\"z\": \"inf\""), "{text}");
        let back: ValidationRecord = serde_json::from_str(&text).unwrap();
        // Game points are not written; everything else comes back.
        let mut want = record;
        want.winner.opponents[0].points.clear();
        assert_eq!(back, want);
    }

    #[test]
    fn the_sequential_boundary_keeps_the_false_alarm_rate_at_5_percent() {
        // Under "no better", z after each look is a standardised sum of
        // independent normal stages: the chance that it crosses the
        // boundary at any of the looks must be 5 %.
        let mut rng = Pcg32::seed_from_u64(17);
        let trials = 200_000;
        let mut crossed = 0;
        for _ in 0..trials {
            let mut sum = 0.0;
            for look in 1..=LOOKS {
                // A standard normal from two uniforms (Box–Muller).
                let (u, v) = (unit(&mut rng), unit(&mut rng));
                sum += (-2.0 * (1.0 - u).ln()).sqrt() * (std::f64::consts::TAU * v).cos();
                if sum / (look as f64).sqrt() > Z_SEQUENTIAL {
                    crossed += 1;
                    break;
                }
            }
        }
        let rate = crossed as f64 / trials as f64;
        // ± 3 standard errors of a 5 % rate over 200 000 trials.
        assert!((rate - 0.05).abs() < 0.0015, "{rate}");
    }
}
