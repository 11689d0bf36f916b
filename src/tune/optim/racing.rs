//! Racing: how a generation's games are spread over its candidates. Flat,
//! every candidate plays the same games. By successive halving, every
//! candidate plays a first rung; the better half (by win rate over all
//! the games it played) go on to the next rung, and so on down to `KEEP`,
//! each rung spending the same share of the generation's budget — so
//! clearly worse candidates stop after a few games and the leaders play
//! many. The candidates of a rung play that rung's dice (common random
//! numbers). The race's order ranks by the rung reached, then by win rate;
//! optimisers are told a fitness with that order (`Race::standing`). This
//! is the planted benchmark's race; `tuner evolve` races its generations
//! on the same `rungs`, ranking by the run's fitness within its search
//! budget (`tune::run::evolve`).

/// How a generation's games are spread (`--racing`).
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    clap::ValueEnum,
    serde::Serialize,
    serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Racing {
    /// Every candidate plays every game of the generation.
    #[default]
    Flat,
    /// Successive halving: the better half of the candidates play on,
    /// rung after rung, with the same budget.
    Halving,
}

/// Survivors of the last rung.
pub const KEEP: usize = 2;

/// One rung: how many candidates play it, and how many games each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rung {
    pub alive: usize,
    pub games: u64,
}

/// The rungs for `n` candidates and a budget of `games` games each: one
/// rung of `games` when flat; by halving, rungs of `n`, ⌈n/2⌉, … down to
/// `KEEP`, each spending about `n · games / rungs` games (even counts, at
/// least 2 a candidate).
pub fn rungs(racing: Racing, n: usize, games: u64) -> Vec<Rung> {
    let mut alive = vec![n];
    if racing == Racing::Halving {
        while *alive.last().expect("one rung") > KEEP {
            let last = *alive.last().expect("one rung");
            alive.push(last.div_ceil(2).max(KEEP));
        }
    }
    let share = n as u64 * games / alive.len() as u64;
    alive
        .into_iter()
        .map(|a| Rung {
            alive: a,
            games: (share / a as u64 / 2 * 2).max(2),
        })
        .collect()
}

/// A race's outcome, per candidate.
#[derive(Clone, Debug, PartialEq)]
pub struct Race {
    /// Points won (wins + ½ draws, or the fitness's worth) over its games.
    pub won: Vec<f64>,
    pub games: Vec<u64>,
    /// The last rung it played (0: eliminated after the first).
    pub reached: Vec<usize>,
}

impl Race {
    /// Win rate over every game each candidate played.
    pub fn win_rate(&self) -> Vec<f64> {
        self.won
            .iter()
            .zip(&self.games)
            .map(|(w, &g)| w / g.max(1) as f64)
            .collect()
    }

    /// A fitness in the race's order: the rung reached, then the win rate
    /// (`reached + win rate`, the rate in [0, 1]). What optimisers are told.
    pub fn standing(&self) -> Vec<f64> {
        self.win_rate()
            .iter()
            .zip(&self.reached)
            .map(|(r, &k)| k as f64 + r)
            .collect()
    }
}

/// Runs the race over `n` candidates: `play(rung, alive, games)` returns
/// the points each of the `alive` candidates (indices) won in `games`
/// games on that rung's dice.
pub fn race(
    n: usize,
    rungs: &[Rung],
    mut play: impl FnMut(usize, &[usize], u64) -> Vec<f64>,
) -> Race {
    let mut r = Race {
        won: vec![0.0; n],
        games: vec![0; n],
        reached: vec![0; n],
    };
    let mut alive: Vec<usize> = (0..n).collect();
    for (k, rung) in rungs.iter().enumerate() {
        alive.truncate(rung.alive);
        for (&i, w) in alive.iter().zip(play(k, &alive, rung.games)) {
            r.won[i] += w;
            r.games[i] += rung.games;
            r.reached[i] = k;
        }
        let rate = r.win_rate();
        // Best first; ties keep the earlier candidate.
        alive.sort_by(|&a, &b| rate[b].total_cmp(&rate[a]).then(a.cmp(&b)));
    }
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn halving_spends_the_flat_budget_in_equal_rungs_down_to_two() {
        assert_eq!(
            rungs(Racing::Flat, 16, 4000),
            [Rung {
                alive: 16,
                games: 4000
            }]
        );
        let h = rungs(Racing::Halving, 16, 4000);
        let alive: Vec<usize> = h.iter().map(|r| r.alive).collect();
        assert_eq!(alive, [16, 8, 4, 2]);
        let games: Vec<u64> = h.iter().map(|r| r.games).collect();
        assert_eq!(games, [1000, 2000, 4000, 8000]);
        let spent: u64 = h.iter().map(|r| r.alive as u64 * r.games).sum();
        assert_eq!(spent, 16 * 4000);
        // Not a power of two: 6, 3, 2.
        let odd: Vec<usize> = rungs(Racing::Halving, 6, 100)
            .iter()
            .map(|r| r.alive)
            .collect();
        assert_eq!(odd, [6, 3, 2]);
        assert_eq!(rungs(Racing::Halving, 2, 100).len(), 1);
    }

    #[test]
    fn the_better_half_plays_on_and_the_order_follows_the_rungs() {
        // Candidate i wins i tenths of its games, except that candidate 0
        // wins everything on the first rung only.
        let h = rungs(Racing::Halving, 8, 120);
        let mut seen = Vec::new();
        let r = race(8, &h, |k, alive, games| {
            seen.push(alive.to_vec());
            alive
                .iter()
                .map(|&i| match (i, k) {
                    (0, 0) => games as f64,
                    (0, _) => 0.0,
                    _ => games as f64 * i as f64 / 10.0,
                })
                .collect()
        });
        assert_eq!(seen[0], (0..8).collect::<Vec<_>>());
        assert_eq!(seen[1], [0, 7, 6, 5]);
        assert_eq!(seen[2], [7, 6]);
        assert_eq!(r.reached, [1, 0, 0, 0, 0, 1, 2, 2]);
        assert_eq!(r.games[7], 40 + 80 + 160);
        assert_eq!(r.games.iter().sum::<u64>(), 8 * 120);
        let s = r.standing();
        let order = crate::tune::optim::toolkit::ranking(&s);
        assert_eq!(&order[..4], [7, 6, 5, 0]);
        assert!((r.win_rate()[7] - 0.7).abs() < 1e-12);
    }
}
