//! Which genes act in a genome, by play: each gene moved to its far bound
//! (a switch flipped, a choice to its last or first option), the genome's
//! games against a set of opponents replayed on the same dice and coins;
//! the gene acts when some game's events change. What `tuner genes` shows,
//! and what holds the plan's mechanisms (`Plan::offers`) to the truth.

use crate::host::deal::Deal;
use crate::host::play::{InProcess, play_game};
use crate::host::transcript::Event;
use crate::players::StrategySpec;
use crate::rng::derive_seed;
use rayon::prelude::*;
use yacht_core::genome::{GENES, Gene, Genome};
use yacht_core::rules::PerSeat;

/// Opponents that trigger every mechanism: the signed equilibrium (`dp`,
/// `dp:exact`), an own-bundle bidder, a scaled bidder, a noisy one, a zero
/// bidder (4C), an aggressive one (4E) and a small bidder (2B).
pub const TRIGGERS: [&str; 8] = [
    "dp",
    "dp:exact",
    "dp:own",
    "dp:exact:bid=0.95",
    "dp:noise=0.1",
    "sample:4C",
    "sample:4E",
    "sample:2B",
];

/// A gene's far value from `v`: the bound further away (the upper one
/// when both are as far).
pub fn far(gene: &Gene, v: f64) -> f64 {
    if gene.max - v >= v - gene.min {
        gene.max
    } else {
        gene.min
    }
}

/// One gene's verdict: the first opponent (index into the opponents)
/// against which moving it changed a game, or None.
#[derive(Clone, Debug, PartialEq)]
pub struct Acting {
    pub gene: usize,
    pub moved_to: f64,
    pub changed_against: Option<usize>,
}

/// Every gene of `genome` (or those `which` keeps) moved to its far value
/// and played against `opponents` on `deals` seeded deals, both seats.
pub fn which_act(
    genome: &Genome,
    which: impl Fn(usize) -> bool + Sync,
    opponents: &[StrategySpec],
    deals: u64,
    seed: u64,
) -> Vec<Acting> {
    let games = games(opponents, deals, seed);
    let base: Vec<Vec<Event>> = games
        .par_iter()
        .map(|g| g.events(genome, &opponents[g.opponent]))
        .collect();
    (0..GENES.len())
        .into_par_iter()
        .filter(|&i| which(i))
        .map(|i| {
            let mut moved = genome.clone();
            moved.genes[i] = far(&GENES[i], genome.genes[i]);
            let changed_against = games
                .iter()
                .zip(&base)
                .find(|(g, before)| g.events(&moved, &opponents[g.opponent]) != **before)
                .map(|(g, _)| g.opponent);
            Acting {
                gene: i,
                moved_to: moved.genes[i],
                changed_against,
            }
        })
        .collect()
}

/// One seeded game of the genome against an opponent, in a seat.
struct Game {
    opponent: usize,
    deal: Deal,
    genome_first: bool,
    seeds: PerSeat<u64>,
}

/// Opponent by opponent, deal by deal, both seats.
fn games(opponents: &[StrategySpec], deals: u64, seed: u64) -> Vec<Game> {
    let mut out = Vec::new();
    for opponent in 0..opponents.len() {
        for k in 0..deals {
            let s = derive_seed(&[seed, opponent as u64, k]);
            for genome_first in [true, false] {
                out.push(Game {
                    opponent,
                    deal: Deal::from_seed(s),
                    genome_first,
                    seeds: PerSeat::new(derive_seed(&[s, 1]), derive_seed(&[s, 2])),
                });
            }
        }
    }
    out
}

impl Game {
    /// The game's events with `genome` in its seat.
    fn events(&self, genome: &Genome, opponent: &StrategySpec) -> Vec<Event> {
        let me = StrategySpec::genome("genome", genome.clone());
        let (a, b) = if self.genome_first {
            (&me, opponent)
        } else {
            (opponent, &me)
        };
        let mut first = InProcess::new(a.build(), self.seeds.first);
        let mut second = InProcess::new(b.build(), self.seeds.second);
        let mut events = Vec::new();
        play_game(PerSeat::new(&mut first, &mut second), &self.deal, |e| {
            events.push(e)
        });
        events
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use yacht_core::genome::plan::Plan;

    /// Every gene the plan offers changes a game when moved, and every
    /// gene it does not offer changes none: in the default genome and in
    /// the champion.
    #[test]
    fn exactly_the_offered_genes_change_play() {
        let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
        let opponents: Vec<StrategySpec> = TRIGGERS
            .iter()
            .map(|s| StrategySpec::parse(s).unwrap())
            .collect();
        for file in ["params/default.toml", "params/best.toml"] {
            let genome = yacht_genome_file::read_genome(&root.join(file), file).unwrap();
            let plan = Plan::of(&genome);
            let acted = which_act(&genome, |_| true, &opponents, 20, 515);
            let wrong: Vec<String> = acted
                .iter()
                .filter(|a| a.changed_against.is_some() != plan.offers(a.gene))
                .map(|a| format!("{} (offered: {})", GENES[a.gene].name, plan.offers(a.gene)))
                .collect();
            assert!(wrong.is_empty(), "{file}: {wrong:?}");
            let offered = (0..GENES.len()).filter(|&i| plan.offers(i)).count();
            assert!(offered >= 25, "{file}: {offered} offered");
        }
    }

    #[test]
    fn the_far_value_is_the_further_bound() {
        let g = &GENES[yacht_core::genome::BID_SCALE];
        assert_eq!((far(g, 1.0), far(g, 1.5), far(g, 0.2)), (2.0, 0.0, 2.0));
    }
}
