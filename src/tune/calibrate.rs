//! Step scales by play (`tuner evolve --step-cost C`): how far each free
//! gene of a run's start may move in one plain step. A gene's plain step
//! is σ times its range. The start, and the start with the gene moved by
//! `PROBE` plain steps up and down, play the same deals against `dp` and
//! `dp:exact`; the probe's cost is the start's luck-adjusted fitness less
//! the two moves' mean (near an optimum, half the curvature times the step
//! squared: the slope cancels), and the plain step's is that over PROBE²
//! (a plain step's own cost, under a point, is lost in the games' noise;
//! the probe's is 16 times it). A gene whose plain step costs more than C
//! takes the step scaled by √(C / cost), which costs C on that curve; a
//! switch or a choice, which moves by a flip or not at all, is measured by
//! a flip and flips C / cost as often. So a gene moves by what it can
//! afford, and one the start barely feels keeps its range.

use crate::host::player::Player;
use crate::players::StrategySpec;
use crate::tune::eval::{Fitness, evaluate_all};
use crate::tune::ga::Steps;
use crate::tune::suite::Opponent;
use yacht_core::genome::{GENES, Genome, Kind};

/// The opponents the steps are measured against: the strong players.
pub const OPPONENTS: [&str; 2] = ["dp", "dp:exact"];
/// The probe: this many plain steps (the diversity floor's widest step).
pub const PROBE: f64 = crate::tune::ga::MAX_BOOST;
/// The smallest scale a calibration gives.
pub const MIN_SCALE: f64 = 1.0 / 64.0;

/// What a calibration plays.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Calibration {
    /// The plain step, a fraction of each gene's range.
    pub sigma: f64,
    /// The most a plain step may cost: luck-adjusted fitness (0.01 is a
    /// point of win rate).
    pub cost: f64,
    /// Deals per opponent, each played in both seats.
    pub deals: u64,
    pub seed: u64,
}

/// One gene's calibrated step.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct GeneStep {
    pub gene: usize,
    /// The share of the plain step it takes.
    pub scale: f64,
    /// What a plain step (a flip) costs, as measured.
    pub cost: f64,
}

/// Each of the `free` genes of `start`, calibrated; `player` makes a
/// genome's player as the run plays it.
pub fn calibrate(
    start: &Genome,
    free: &[usize],
    c: &Calibration,
    player: impl Fn(&Genome) -> Player,
) -> Vec<GeneStep> {
    let moves: Vec<Vec<Genome>> = free.iter().map(|&i| moves(start, i, c.sigma)).collect();
    let mut candidates = vec![player(start)];
    candidates.extend(moves.iter().flatten().map(&player));
    let suite: Vec<Opponent> = OPPONENTS
        .iter()
        .map(|s| {
            let spec = StrategySpec::parse(s).expect("a built-in opponent");
            Opponent {
                name: spec.name(),
                player: Player::Builtin(spec),
                weight: 1.0,
            }
        })
        .collect();
    let evals = evaluate_all(
        &candidates,
        &suite,
        c.deals,
        c.seed,
        Fitness::Adjusted,
        &|| {},
    );
    let base = evals[0].fitness;
    let mut rest = evals[1..].iter().map(|e| e.fitness);
    free.iter()
        .zip(&moves)
        .map(|(&gene, m)| {
            let mean = rest.by_ref().take(m.len()).sum::<f64>() / m.len().max(1) as f64;
            let kind = &GENES[gene].kind;
            let cost = match (m.is_empty(), kind) {
                (true, _) => 0.0,
                (false, Kind::Switch | Kind::Choice(_)) => base - mean,
                (false, Kind::Real | Kind::Count(_)) => (base - mean) / (PROBE * PROBE),
            };
            GeneStep {
                gene,
                scale: scale(kind, cost, c.cost),
                cost,
            }
        })
        .collect()
}

/// The run's `Steps` from the calibrated genes (the others 1).
pub fn steps_of(calibrated: &[GeneStep]) -> Steps {
    let mut steps = Steps::default();
    for s in calibrated {
        steps.0[s.gene] = s.scale;
    }
    steps
}

/// The genomes a probe of gene `i` reaches: up and down by `PROBE` σ of
/// its range (as its kind plays, within bounds), or every other option of
/// a switch or a choice; none that equal the start.
fn moves(start: &Genome, i: usize, sigma: f64) -> Vec<Genome> {
    let spec = &GENES[i];
    let v = start.genes[i];
    let values: Vec<f64> = match spec.kind {
        Kind::Switch | Kind::Choice(_) => (spec.min as i64..=spec.max as i64)
            .map(|k| k as f64)
            .collect(),
        Kind::Real | Kind::Count(_) => {
            let delta = PROBE * sigma * (spec.max - spec.min);
            vec![v + delta, v - delta]
        }
    };
    let mut out: Vec<f64> = Vec::new();
    for x in values
        .into_iter()
        .map(|x| spec.kind.decode(x.clamp(spec.min, spec.max)))
    {
        if x != v && !out.contains(&x) {
            out.push(x);
        }
    }
    out.into_iter()
        .map(|x| {
            let mut g = start.clone();
            g.genes[i] = x;
            g
        })
        .collect()
}

/// The scale that brings a plain step's `cost` to `target`: √(target /
/// cost) for a step (cost grows with its square), target / cost for a
/// flip's probability; 1 when it costs no more; at least `MIN_SCALE`.
fn scale(kind: &Kind, cost: f64, target: f64) -> f64 {
    if cost <= target {
        return 1.0;
    }
    let s = match kind {
        Kind::Switch | Kind::Choice(_) => target / cost,
        Kind::Real | Kind::Count(_) => (target / cost).sqrt(),
    };
    s.max(MIN_SCALE)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tune::run::config::genome_player;
    use yacht_core::genome::{PRIO, WP_FAST, WP_READ_TOLERANCE};

    #[test]
    fn a_step_that_costs_more_is_shortened_by_the_root_a_flip_by_the_ratio() {
        let real = Kind::Real;
        assert_eq!(scale(&real, 0.004, 0.005), 1.0);
        assert!((scale(&real, 0.02, 0.005) - 0.5).abs() < 1e-12);
        assert!((scale(&Kind::Switch, 0.02, 0.005) - 0.25).abs() < 1e-12);
        assert_eq!(scale(&real, 100.0, 0.005), MIN_SCALE);
    }

    #[test]
    fn a_probe_moves_four_steps_up_and_down_a_switch_flips() {
        let start = Genome::default();
        let up_down = moves(&start, PRIO, 0.025);
        let values: Vec<f64> = up_down.iter().map(|g| g.genes[PRIO]).collect();
        assert_eq!(values, [3.0, -3.0]);
        let flip = moves(&start, WP_FAST, 0.1);
        assert_eq!(flip.len(), 1);
        assert_ne!(flip[0].genes[WP_FAST], start.genes[WP_FAST]);
    }

    /// Moving a category priority costs the default genome (dp's play)
    /// more than moving the read's tolerance, which acts in none of its
    /// games: the priority is shortened, the tolerance costs exactly 0.
    #[test]
    fn a_costly_priority_steps_shorter_than_a_gene_that_changes_nothing() {
        let c = Calibration {
            sigma: 0.08,
            cost: 0.002,
            deals: 40,
            seed: 11,
        };
        let start = Genome::default();
        let free = [PRIO + 7, WP_READ_TOLERANCE];
        let player = |g: &Genome| genome_player("g", g);
        let got = calibrate(&start, &free, &c, player);
        assert_eq!(got[1].cost, 0.0);
        assert_eq!(got[1].scale, 1.0);
        assert!(got[0].scale < 1.0 && got[0].cost > 0.002, "{:?}", got[0]);
        assert_eq!(got, calibrate(&start, &free, &c, player));
        let steps = steps_of(&got);
        assert_eq!(steps.of(PRIO + 7), got[0].scale);
        assert_eq!(steps.of(PRIO), 1.0);
    }
}
