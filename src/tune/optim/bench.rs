//! The planted-optimum benchmark (`tuner optbench`): every optimiser on the
//! same planted landscapes (`planted`, one per seed), each run as `tuner
//! evolve` runs it — a first generation made by the optimiser from the
//! start (CMA-ES centred on it), `games` games a genome a generation, and
//! after each generation the winner that validation would pick: the
//! optimiser's proposals measured again on `validation_games` fresh games,
//! the better kept. Its regret (points of true win rate below the optimum)
//! and distance are recorded at every generation. Runs are independent and
//! spread over threads; the figures do not depend on their number.

use super::planted::{Landscape, Terrain};
use super::racing::{Racing, race, rungs};
use super::{Choices, OptimizerKind, Start};
use crate::rng::derive_seed;
use crate::tune::optim::toolkit::FrozenGenes;
use rayon::prelude::*;
use yacht_core::genome::Genome;

/// An optimiser and how its generations spread their games.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Contender {
    pub kind: OptimizerKind,
    pub racing: Racing,
}

impl std::fmt::Display for Contender {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.racing {
            Racing::Flat => write!(f, "{}", self.kind),
            Racing::Halving => write!(f, "{}+halving", self.kind),
        }
    }
}

/// What the benchmark runs.
#[derive(Clone, Debug)]
pub struct Settings {
    pub contenders: Vec<Contender>,
    pub generations: u32,
    pub population: usize,
    /// Games per genome per generation.
    pub games: u64,
    pub validation_games: u64,
    /// Landscapes (and runs per optimiser): seeds `seed`, `seed + 1`, ….
    pub landscapes: u64,
    pub seed: u64,
    pub terrain: Terrain,
    pub start: Genome,
    pub frozen: FrozenGenes,
    /// Every optimiser's settings; each contender runs its kind's.
    pub choices: Choices,
    pub init_sigma: f64,
    /// The fitness's variance ratio (the luck-adjusted results' about 12;
    /// 1 for the plain win rate): a measurement on G games is drawn as
    /// noisy as G × this plain games.
    pub variance_ratio: f64,
}

impl Settings {
    /// The plain games as noisy as `games` games of the fitness.
    fn as_plain(&self, games: u64) -> u64 {
        ((games as f64 * self.variance_ratio).round() as u64).max(1)
    }
}

/// One run: its optimiser and landscape, and after each generation the
/// winner's regret and distance.
#[derive(Clone, Debug, PartialEq)]
pub struct Trace {
    pub contender: Contender,
    pub landscape: u64,
    pub regret: Vec<f64>,
    pub distance: Vec<f64>,
}

/// Every contender on every landscape, in (contender, landscape) order.
pub fn run(s: &Settings) -> Vec<Trace> {
    let jobs: Vec<(Contender, u64)> = s
        .contenders
        .iter()
        .flat_map(|&c| (0..s.landscapes).map(move |l| (c, s.seed + l)))
        .collect();
    jobs.par_iter().map(|&(c, l)| trace(s, c, l)).collect()
}

fn trace(s: &Settings, contender: Contender, landscape: u64) -> Trace {
    let land = Landscape::new(landscape, s.terrain, &s.start, &s.frozen);
    // The first generation as `tuner evolve` makes it from one start; each
    // optimiser's own stream named by the landscape.
    let mut opt = s.choices.pick(contender.kind).start(&Start {
        starts: std::slice::from_ref(&s.start),
        population: s.population,
        frozen: &s.frozen,
        init_sigma: s.init_sigma,
        seed: derive_seed(&[landscape, 0x0B7]),
        first_seed: landscape,
    });
    let mut t = Trace {
        contender,
        landscape,
        regret: Vec::new(),
        distance: Vec::new(),
    };
    for generation in 0..u64::from(s.generations) {
        let pop = opt.ask();
        // The same dice for every optimiser in a generation of a landscape.
        let dice = derive_seed(&[landscape, 0x6E17, generation]);
        let (standing, score) = raced(s, &land, &pop, dice, contender.racing);
        opt.tell(&standing, &score);
        let proposals = opt.proposals();
        let fresh = derive_seed(&[landscape, 0xA11D, generation]);
        let measured = land.measure(&proposals, s.as_plain(s.validation_games), fresh);
        let winner = &proposals[crate::tune::optim::toolkit::ranking(&measured)[0]];
        t.regret.push(land.regret(winner));
        t.distance.push(land.distance(winner));
    }
    t
}

/// A generation's fitness as its race tells it (flat: the measured win
/// rates), and each genome's win rate over the games it played; rung k >
/// 0 plays the dice of stream (`dice`, k). A rung of G games is drawn as G
/// × the variance ratio plain games, its points scaled back to G.
fn raced(
    s: &Settings,
    land: &Landscape,
    pop: &[Genome],
    dice: u64,
    racing: Racing,
) -> (Vec<f64>, Vec<f64>) {
    let plan = rungs(racing, pop.len(), s.games);
    let r = race(pop.len(), &plan, |k, alive, games| {
        let seed = match k {
            0 => dice,
            k => derive_seed(&[dice, k as u64]),
        };
        let those: Vec<Genome> = alive.iter().map(|&i| pop[i].clone()).collect();
        let plain = s.as_plain(games);
        let wins = land.wins(&those, plain, seed);
        let scale = games as f64 / plain as f64;
        wins.into_iter().map(|w| w as f64 * scale).collect()
    });
    (r.standing(), r.win_rate())
}

/// A summary row: one contender after `generations` generations.
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    pub contender: Contender,
    pub generations: u32,
    /// Games played by then (the generations' and the validations' of the
    /// winner picked at that point).
    pub games: u64,
    pub regret: Quartiles,
    pub distance: Quartiles,
}

/// Median and quartiles over the landscapes.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Quartiles {
    pub q1: f64,
    pub median: f64,
    pub q3: f64,
}

impl Quartiles {
    pub fn of(values: &[f64]) -> Quartiles {
        let mut v = values.to_vec();
        v.sort_by(f64::total_cmp);
        let at = |q: f64| {
            let x = q * (v.len() - 1) as f64;
            let (lo, hi) = (x.floor() as usize, x.ceil() as usize);
            v[lo] + (x - lo as f64) * (v[hi] - v[lo])
        };
        Quartiles {
            q1: at(0.25),
            median: at(0.5),
            q3: at(0.75),
        }
    }
}

/// The rows at each of `budgets` (generations), per contender.
pub fn summary(s: &Settings, traces: &[Trace], budgets: &[u32]) -> Vec<Row> {
    s.contenders
        .iter()
        .flat_map(|&contender| {
            budgets.iter().map(move |&g| {
                let at = |f: fn(&Trace) -> &Vec<f64>| -> Vec<f64> {
                    traces
                        .iter()
                        .filter(|t| t.contender == contender)
                        .map(|t| f(t)[g as usize - 1])
                        .collect()
                };
                Row {
                    contender,
                    generations: g,
                    games: spent(s, g),
                    regret: Quartiles::of(&at(|t| &t.regret)),
                    distance: Quartiles::of(&at(|t| &t.distance)),
                }
            })
        })
        .collect()
}

/// Games spent by `generations` generations (validation of the final
/// pick included, two proposals).
pub fn spent(s: &Settings, generations: u32) -> u64 {
    u64::from(generations) * s.population as u64 * s.games + 2 * s.validation_games
}

#[cfg(test)]
mod tests {
    use super::*;
    use yacht_core::genome::N_GENES;

    fn settings(kinds: Vec<OptimizerKind>) -> Settings {
        Settings {
            contenders: kinds
                .into_iter()
                .map(|kind| Contender {
                    kind,
                    racing: Racing::Flat,
                })
                .collect(),
            generations: 12,
            population: 8,
            games: 2000,
            validation_games: 2000,
            landscapes: 3,
            seed: 1,
            terrain: Terrain::Open,
            start: Genome::default(),
            frozen: [false; N_GENES],
            choices: Choices {
                ga: crate::tune::optim::ga::GaSettings::default(),
                cmaes: crate::tune::optim::cmaes::CmaesSettings::default(),
            },
            init_sigma: 0.1,
            variance_ratio: 1.0,
        }
    }

    #[test]
    fn runs_are_seeded_and_every_optimiser_gains_on_the_start() {
        let s = settings(OptimizerKind::ALL.to_vec());
        let traces = run(&s);
        assert_eq!(traces, run(&s));
        assert_eq!(traces.len(), 9);
        for t in &traces {
            let land = Landscape::new(t.landscape, s.terrain, &s.start, &s.frozen);
            let at_start = land.regret(&s.start);
            assert_eq!(t.regret.len(), 12);
            // Not worse than the start by more than noise after 12
            // generations (validation keeps a good proposal).
            assert!(
                t.regret[11] < at_start + 1.0,
                "{}: {} vs {at_start}",
                t.contender,
                t.regret[11]
            );
        }
        let rows = summary(&s, &traces, &[6, 12]);
        assert_eq!(rows.len(), 6);
        assert_eq!(rows[1].games, 12 * 8 * 2000 + 4000);
        assert!(
            rows.iter()
                .all(|r| r.regret.q1 <= r.regret.median && r.regret.median <= r.regret.q3)
        );
    }

    #[test]
    fn quartiles_interpolate() {
        let q = Quartiles::of(&[4.0, 1.0, 3.0, 2.0, 5.0]);
        assert_eq!((q.q1, q.median, q.q3), (2.0, 3.0, 4.0));
    }
}
