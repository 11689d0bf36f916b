//! Thinking at play time (`Thinker`, the genome's `[think]` settings):
//! after the tuned move is made (the fallback), a search around it by
//! futures played a few rounds deep (both players as `dp`) and ended by
//! the tables' leaf (`Probe`), the same dice for every candidate. Puts: the
//! genome's best few raced by successive halving (`race`); bids: the
//! margins after each award by those futures, then the best response to
//! the opponent's bids as read (an opponent no rule reads taken as `dp`
//! and a tenth either side, while its bids were that near `dp`'s:
//! `unread_within`). A move replaces the tuned one only on a
//! clear paired gain. The work is counted (futures × depth × candidates);
//! a guard per decision (`guard`: CPU time, else wall-clock) stops the
//! search and plays the best so far, counted (`guard_trips`) and said on
//! stderr.

use std::time::Duration;

use super::guard::Guard;

use super::ahead::{WinModel, roll_seed, seed_of};
use super::puts::PutValue;
use super::read::OpponentRead;
use crate::game::View;
use crate::genome::Think;
use crate::rules::tables::{Dice5, Hand10};
use crate::rules::{AUCTIONS, Bid};
use crate::value::BestMove;
use crate::win::bid::{Ahead, Futures, Leaf};
use crate::win::last_auction::Settled;
use crate::win::rollout::{Stream, mix, play_round};
use crate::win::side::Side;

/// Salts the futures' seeds apart from the look ahead's and the rollouts'.
const SALT: u64 = 0x7417_4b5e_a2c1_0e55;

/// Standard errors the paired gain must reach, besides `gain`.
const CLEAR: f64 = 2.0;

/// Categories used once round 11's puts are made: the last auction is
/// then settled exactly, and no future plays further.
const SETTLED: usize = AUCTIONS - 2;

/// The thinking settings of one bot.
pub struct Thinker {
    think: Think,
}

impl Thinker {
    pub(super) fn new(think: Think) -> Thinker {
        Thinker { think }
    }

    /// A decision's guard, started now, when the bot thinks at all (no
    /// clock is read in a decision that does not).
    pub(super) fn guard(&self) -> Option<Guard> {
        let limit = Duration::from_millis(u64::from(self.think.guard_ms));
        self.think.is_on().then(|| Guard::start(limit))
    }

    /// The put after thinking: `tuned` unless another of the genome's best
    /// puts wins more by a clear paired gain; None when thinking is off or
    /// has nothing to compare (the opponent's hand unknown, the last
    /// auction settled already).
    pub(super) fn put(
        &self,
        puts: &PutValue,
        model: &WinModel,
        view: &View,
        hand: Hand10,
        tuned: BestMove,
        guard: Option<&Guard>,
    ) -> Option<BestMove> {
        let t = &self.think;
        if !t.searches() || view.auction()?.following() < 2 {
            return None;
        }
        let (mut moves, mut mine, opp) = puts.candidates(view, hand)?;
        moves.truncate(t.candidates as usize);
        mine.truncate(t.candidates as usize);
        let tuned_at = match moves.iter().position(|m| same_put(m, &tuned)) {
            Some(k) => k,
            None => {
                moves.push(tuned);
                mine.push(Side::after(&view.me, &tuned)?);
                moves.len() - 1
            }
        };
        if moves.len() < 2 {
            return None;
        }
        let probe = Probe::new(model, self.think, seed_of(view) ^ SALT, guard?);
        let pick = race(&probe, &mine, opp, tuned_at)?;
        Some(moves[pick])
    }

    /// The bid after thinking: the best response to the opponent's bids as
    /// read on the margins after each award by the futures, when it beats
    /// `tuned` on them by a clear gain (an opponent no rule reads taken as
    /// `dp` and a tenth either side, while its bids were near `dp`'s by
    /// `unread_within`); None when thinking is off, the opponent is not
    /// read and its bids were not that near, or the auction is the first or
    /// one whose outcome the tables settle exactly.
    pub(super) fn bid(
        &self,
        model: &WinModel,
        opponent: &OpponentRead,
        view: &View,
        tuned: Bid,
        guard: Option<&Guard>,
    ) -> Option<Bid> {
        if !self.think.searches() {
            return None;
        }
        let at = view.auction()?;
        if at.is_first() || at.from_end() < 3 {
            return None;
        }
        let theirs = match opponent.read(at, &view.opp_bids, model.genes()) {
            Some(read) => read,
            None if !opponent.near_signed(&view.opp_bids, self.think.unread_within) => {
                return None;
            }
            None => unread(opponent.signed_at(at)?),
        };
        let (a, b) = view.roll?.dice?;
        let probe = Probe::new(model, self.think, roll_seed(view, (a, b)) ^ SALT, guard?);
        let futures = probe.bid_futures(view, (a, b))?.taking_at(model.taking(at));
        let best = futures.best_response(&theirs, tuned);
        let gain = futures.expected(best, &theirs) - futures.expected(tuned, &theirs);
        (gain * 100.0 > self.think.gain).then_some(best)
    }
}

/// The opponent's bids when its bids fit no read: `dp`'s bid and that
/// bid a tenth lower and higher (each equally likely), for an opponent
/// that values the roll near as `dp` does.
fn unread(signed: Bid) -> Vec<Bid> {
    let spread = signed.amount / 10;
    [
        signed.amount - spread,
        signed.amount,
        signed.amount + spread,
    ]
    .map(|amount| Bid {
        amount: amount.min(crate::rules::MAX_BID),
        ..signed
    })
    .to_vec()
}

/// Whether two puts are the same move.
fn same_put(a: &BestMove, b: &BestMove) -> bool {
    (a.category, a.put) == (b.category, b.put)
}

/// The futures of one decision: future `i` the dice of
/// `Stream(mix(seed + i))`, `depth` rounds played, then the leaf; and the
/// decision's guard (started when the decision began).
struct Probe<'a> {
    model: &'a WinModel,
    think: Think,
    seed: u64,
    guard: &'a Guard,
}

impl<'a> Probe<'a> {
    fn new(model: &'a WinModel, think: Think, seed: u64, guard: &'a Guard) -> Probe<'a> {
        Probe {
            model,
            think,
            seed,
            guard,
        }
    }

    /// The leaf of future `i` from two sides between rounds: the rounds
    /// played (stopping once the last auction can be settled exactly),
    /// then the last auction exactly or the tables' margin.
    fn leaf(&self, sides: [Side; 2], i: u64) -> Option<Leaf> {
        let values = self.model.values();
        let mut stream = Stream(mix(self.seed.wrapping_add(i)));
        let mut sides = sides;
        let mut played = 0;
        while played < self.think.depth && (sides[0].used.len() as usize) < SETTLED {
            sides = play_round(values, sides, &mut stream);
            played += 1;
        }
        crate::value::count_leaf();
        if sides[0].used.len() as usize >= SETTLED {
            return Some(Leaf::Settled(Settled::after(values, &sides[0], &sides[1])?));
        }
        Some(Leaf::Normal(self.model.table_margin(sides[0], sides[1])?))
    }

    /// Whether the decision's guard has tripped (counted and said once a
    /// decision).
    fn tripped(&self) -> bool {
        self.guard.late("searching")
    }

    /// The margins after this auction when I receive A and when B, each
    /// by the futures from both sides after the award (both put by value),
    /// as a look ahead: the leaves, and the tables' margin now as their
    /// control variate.
    fn bid_futures(&self, view: &View, (a, b): (Dice5, Dice5)) -> Option<Futures> {
        let values = self.model.values();
        let after = |mine, theirs| {
            Some([
                Side::after_bundle(values, &view.me, mine)?,
                Side::after_bundle(values, &view.opp, theirs)?,
            ])
        };
        let awards = [after(a, b)?, after(b, a)?];
        let mut leaves = [Vec::new(), Vec::new()];
        for i in 0..u64::from(self.think.futures) {
            if i > 0 && self.tripped() {
                break;
            }
            for (k, sides) in awards.iter().enumerate() {
                leaves[k].push(self.leaf(*sides, i)?);
            }
        }
        let [got_a, got_b] = leaves;
        let ahead = |leaves, sides: [Side; 2]| {
            Some(Ahead {
                leaves,
                now: self.model.table_margin(sides[0], sides[1])?,
            })
        };
        Some(Futures::ahead(
            ahead(got_a, awards[0])?,
            ahead(got_b, awards[1])?,
        ))
    }
}

/// Races my candidate sides against the opponent's `opp` by successive
/// halving: every candidate on the first quarter of the futures, the
/// better half on the next quarter, the better half of those on the rest
/// (the tuned one, at `tuned`, always kept). The winner is the best by
/// mean P(win) over the futures it shares with the tuned one when it beats
/// it by `gain` points and `CLEAR` standard errors, else `tuned`.
fn race(probe: &Probe, mine: &[Side], opp: Side, tuned: usize) -> Option<usize> {
    let n = u64::from(probe.think.futures);
    let stages = [n.div_ceil(4), n.div_ceil(2), n];
    let mut p: Vec<Vec<f64>> = vec![Vec::new(); mine.len()];
    let mut alive: Vec<usize> = (0..mine.len()).collect();
    let mut done = 0;
    'stages: for (s, &end) in stages.iter().enumerate() {
        let from = done;
        for i in from..end {
            if i > 0 && probe.tripped() {
                break 'stages;
            }
            for &k in &alive {
                p[k].push(probe.leaf([mine[k], opp], i)?.p_win(0.0));
            }
            done = i + 1;
        }
        if s + 1 < stages.len() {
            alive = better_half(&p, &alive, tuned, done as usize);
        }
    }
    let done = done as usize;
    let best = alive
        .iter()
        .copied()
        .max_by(|&x, &y| mean(&p[x][..done]).total_cmp(&mean(&p[y][..done])))?;
    let (gain, se) = paired(&p[best][..done], &p[tuned][..done]);
    Some(if gain * 100.0 > probe.think.gain && gain > CLEAR * se {
        best
    } else {
        tuned
    })
}

/// The better half of `alive` by mean P(win) over the first `n` futures
/// (ties to the earlier), `tuned` kept.
fn better_half(p: &[Vec<f64>], alive: &[usize], tuned: usize, n: usize) -> Vec<usize> {
    let mut ranked = alive.to_vec();
    ranked.sort_by(|&x, &y| mean(&p[y][..n]).total_cmp(&mean(&p[x][..n])));
    let mut kept: Vec<usize> = ranked[..alive.len().div_ceil(2)].to_vec();
    if !kept.contains(&tuned) {
        kept.push(tuned);
    }
    kept.sort_unstable();
    kept
}

fn mean(x: &[f64]) -> f64 {
    x.iter().sum::<f64>() / x.len().max(1) as f64
}

/// The mean of `a − b` and its standard error.
fn paired(a: &[f64], b: &[f64]) -> (f64, f64) {
    let d: Vec<f64> = a.iter().zip(b).map(|(a, b)| a - b).collect();
    let n = d.len().max(1) as f64;
    let m = mean(&d);
    let var = d.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (n - 1.0).max(1.0);
    (m, (var / n).sqrt())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_better_half_keeps_the_tuned_candidate() {
        let p = vec![vec![0.1], vec![0.9], vec![0.5], vec![0.7]];
        assert_eq!(better_half(&p, &[0, 1, 2, 3], 0, 1), vec![0, 1, 3]);
        assert_eq!(better_half(&p, &[0, 1, 2, 3], 1, 1), vec![1, 3]);
        assert_eq!(better_half(&p, &[1, 3], 3, 1), vec![1, 3]);
    }

    #[test]
    fn an_unread_opponent_bids_as_dp_or_a_tenth_either_side() {
        use crate::rules::{Bundle, MAX_BID};
        let bid = |bundle, amount| Bid { bundle, amount };
        assert_eq!(
            unread(bid(Bundle::B, 1234)),
            [
                bid(Bundle::B, 1111),
                bid(Bundle::B, 1234),
                bid(Bundle::B, 1357)
            ]
        );
        assert_eq!(unread(bid(Bundle::A, 0)), [bid(Bundle::A, 0); 3]);
        assert_eq!(unread(bid(Bundle::A, MAX_BID))[2], bid(Bundle::A, MAX_BID));
    }

    #[test]
    fn a_paired_gain_is_the_mean_difference_and_its_error() {
        let (m, se) = paired(&[0.6, 0.7, 0.8], &[0.5, 0.5, 0.5]);
        assert!((m - 0.2).abs() < 1e-12);
        assert!((se - (0.01f64 / 3.0).sqrt()).abs() < 1e-12);
    }
}
