//! The last auction, exactly. Once both players have put in round 11,
//! one auction is left, and then nothing random: each player's final total
//! is its total so far plus W(carry + the bundle it gets), the best put's
//! points + bonus + the last category's points. Both players as `dp` on the
//! same table compute the same signed equilibrium d from the same two gaps
//! and bid it on the same bundle; whoever wins the coin, the margin is then
//! ½ (Y(A) + Y(B)), where Y(b) is my total with b less the opponent's with
//! b (the winner pays d and the loser is paid d: winning and losing are
//! worth the same, which is what d is). The bid is rounded to a point, so
//! the model is exact to a point or two. The margin's distribution is that
//! of the mean of two independent draws of Y over the 252 bundles: the
//! shape (an all-or-nothing YACHT, a straight) is there, not only a mean
//! and a spread. Std-only: the submission runs it.

use crate::rules::tables::{Dice5, N5, tables};
use crate::value::ValueTable;
use crate::win::side::Side;

/// Category points and the bonus are multiples of this.
const UNIT: i64 = 1000;

/// What each of the 252 bundles is worth to a side between rounds 11 and
/// 12: W(carry + bundle) (the best put's points + bonus + the last
/// category's points), and the side's total so far.
#[derive(Clone, Debug, PartialEq)]
pub struct Worth(Box<[i64; N5]>, i64);

impl Worth {
    /// None unless the side has two categories open.
    pub fn of(values: &ValueTable, side: &Side) -> Option<Worth> {
        if side.used.complement().len() != 2 {
            return None;
        }
        let t = tables();
        let hands = values.last_put_values(side.used, side.upper)?;
        let w =
            std::array::from_fn(|b| hands[t.add5(side.carry, Dice5(b as u8)).0 as usize] as i64);
        Some(Worth(Box::new(w), i64::from(side.total)))
    }
}

/// The distribution of the margin after the last auction and both puts:
/// margin = lead + `UNIT` / 2 · K, K = k(A) + k(B), P(K = `low` + i) =
/// `p[i]`; `at_most[i]` = P(K ≤ `low` + i).
#[derive(Clone, Debug, PartialEq)]
pub struct Settled {
    lead: i64,
    low: i64,
    p: Vec<f64>,
    at_most: Vec<f64>,
}

impl Settled {
    /// From my side and the opponent's, both between rounds 11 and 12
    /// (two categories open); None otherwise.
    pub fn after(values: &ValueTable, me: &Side, opp: &Side) -> Option<Settled> {
        Some(Settled::between(
            &Worth::of(values, me)?,
            &Worth::of(values, opp)?,
        ))
    }

    /// From what each bundle is worth to me and to the opponent.
    pub fn between(mine: &Worth, theirs: &Worth) -> Settled {
        let t = tables();
        let k = (0..N5).map(|b| {
            let diff = mine.0[b] - theirs.0[b];
            debug_assert_eq!(diff % UNIT, 0, "points and bonus are whole thousands");
            (diff.div_euclid(UNIT), t.weight5(Dice5(b as u8)))
        });
        let lead = mine.1 - theirs.1;
        let lo = k.clone().map(|x| x.0).min().unwrap_or(0);
        let hi = k.clone().map(|x| x.0).max().unwrap_or(0);
        let mut one = vec![0f64; (hi - lo + 1) as usize];
        for (v, p) in k {
            one[(v - lo) as usize] += p;
        }
        let nonzero: Vec<(usize, f64)> = one
            .iter()
            .enumerate()
            .filter(|x| *x.1 > 0.0)
            .map(|(i, &p)| (i, p))
            .collect();
        let mut p = vec![0f64; 2 * one.len() - 1];
        for &(i, pi) in &nonzero {
            for &(j, pj) in &nonzero {
                p[i + j] += pi * pj;
            }
        }
        let at_most = p
            .iter()
            .scan(0.0, |acc, &x| {
                *acc += x;
                Some(*acc)
            })
            .collect();
        Settled {
            lead,
            low: 2 * lo,
            p,
            at_most,
        }
    }

    /// The mean margin.
    pub fn mean(&self) -> f64 {
        let half = UNIT as f64 / 2.0;
        let k: f64 = (self.p.iter().enumerate())
            .map(|(i, p)| p * (self.low + i as i64) as f64)
            .sum();
        self.lead as f64 + half * k
    }

    /// P(win), a draw counting ½, when the margin moves by `shift` points.
    pub fn p_win(&self, shift: f64) -> f64 {
        // margin > 0 ⟺ K > −2 (lead + shift) / UNIT.
        let t = -2.0 * (self.lead as f64 + shift) / UNIT as f64 - self.low as f64;
        let last = self.p.len() as f64 - 1.0;
        if t < 0.0 {
            return 1.0;
        }
        if t > last {
            return 0.0;
        }
        let i = t.floor() as usize;
        let draw = if t == t.floor() { self.p[i] } else { 0.0 };
        (1.0 - self.at_most[i]).max(0.0) + 0.5 * draw
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Holding;
    use crate::players::dp::DpBot;
    use crate::testkit;
    use crate::win::rollout;
    use crate::win::side::Side;

    /// Both sides just after round 11's puts (by value) in seeded `dp`
    /// games.
    fn round_11_sides(games: u64) -> Vec<[Side; 2]> {
        let table = testkit::table();
        let mut a = DpBot::new(table);
        let mut b = DpBot::new(table);
        let (_, puts) = testkit::positions(&mut a, &mut b, games);
        puts.iter()
            .filter(|v| v.rolls_seen == 11)
            .map(|v| {
                let side = |card: &crate::game::Card| {
                    let Holding::Ten(hand) = card.holding else {
                        unreachable!()
                    };
                    let put = table.best_put(card.used, card.upper, hand);
                    Side::after(card, &put).unwrap()
                };
                [side(&v.me), side(&v.opp)]
            })
            .collect()
    }

    #[test]
    fn the_settled_margins_are_what_rollouts_of_the_last_auction_show() {
        let table = testkit::table();
        let (mut checked, mut wide) = (0, 0);
        for [me, opp] in round_11_sides(12) {
            let settled = Settled::after(table, &me, &opp).unwrap();
            let n = 6000;
            let margins = rollout::margins(table, [me, opp], 11, n, 99);
            let won = margins.iter().map(|&m| match m.signum() {
                1 => 1.0,
                0 => 0.5,
                _ => 0.0,
            });
            let p_rolled = won.sum::<f64>() / f64::from(n);
            let p = settled.p_win(0.0);
            // The rollouts' standard error, and a point or two of rounding.
            let se = (p * (1.0 - p) / f64::from(n)).sqrt().max(1e-3);
            assert!(
                (p - p_rolled).abs() < 4.0 * se,
                "{p} vs {p_rolled} by rollouts"
            );
            // The mean margin: ½ (E Y + E Y) = E Y, within a point or two.
            let mean: f64 = margins.iter().map(|&m| f64::from(m)).sum::<f64>() / f64::from(n);
            let by_settled = settled.mean();
            let sd = (margins
                .iter()
                .map(|&m| (f64::from(m) - mean).powi(2))
                .sum::<f64>()
                / f64::from(n))
            .sqrt();
            assert!((mean - by_settled).abs() < 4.0 * sd / f64::from(n).sqrt() + 2.0);
            checked += 1;
            wide += usize::from(p > 0.05 && p < 0.95);
        }
        assert_eq!(checked, 12);
        assert!(wide >= 3, "{wide} positions not decided already");
    }

    #[test]
    fn p_win_counts_draws_half_and_moves_with_the_shift() {
        // K = 0 or 2 with ½ each: margins lead and lead + 1000.
        let s = Settled {
            lead: -1000,
            low: 0,
            p: vec![0.5, 0.0, 0.5],
            at_most: vec![0.5, 0.5, 1.0],
        };
        assert_eq!(s.p_win(0.0), 0.25);
        assert_eq!(s.p_win(1.0), 0.5);
        assert_eq!(s.p_win(1000.0), 0.75);
        assert_eq!(s.p_win(1001.0), 1.0);
        assert_eq!(s.p_win(-1.0), 0.0);
    }
}
