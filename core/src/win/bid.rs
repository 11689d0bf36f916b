//! The bid by win probability: from the margins of the same futures after
//! this auction — when I receive A, and when I receive B, both players then
//! playing `dp` — the bid that wins the game most often. Against predicted
//! opponent bids (each equally likely) it is the best response on P(win):
//! one over, at, or one under an amount the opponent is expected to bid, or
//! nothing. Without a prediction it is the indifference bid: the amount at
//! which winning the auction and losing it (to an opponent bidding the same)
//! win the game equally often — the signed equilibrium d when every future
//! counts by its points instead. Bid points follow the rules'
//! `resolve_auction`, the one place they are defined. The margins come from
//! played-out futures (`rollout`), from the tables' normal model
//! (`normal`), or from the tables after played next rounds (`Ahead`:
//! the next roll, its shared bundles and its shape played, the rest
//! modelled; gene `wp_lookahead`); the rule is the same. The tables' normal model leans
//! toward taking a contested bundle (measured against 4 000 rollouts: its
//! "take minus leave" is 0.2–0.7 points of P(win) too high in every
//! round), so its futures can take a margin off every contested win
//! (`Futures::taking_at`, gene `wp_bid_margin`, 0 by default: half a
//! point gained nothing on fresh seeds, docs/results.md "How the intervals
//! are measured"). Std-only.

use crate::rules::{Bid, Bundle, MAX_BID, PerSeat, Seat, resolve_auction};
use crate::win::last_auction::Settled;
use crate::win::normal::Margin;

/// The margin (mine minus the opponent's, this auction's bid points left
/// out) after receiving one bundle: the margins of played-out futures,
/// sorted, or the tables' normal model of it (`normal`).
#[derive(Clone, Debug, PartialEq)]
enum Outcomes {
    Played(Vec<i32>),
    Normal(Margin),
    /// The tables after played next rounds (a look ahead).
    Ahead(Ahead),
    Settled(Settled),
}

impl Outcomes {
    fn p_win(&self, shift: i64) -> f64 {
        match self {
            Outcomes::Played(m) => {
                let below = m.partition_point(|&x| i64::from(x) + shift < 0);
                let not_above = m.partition_point(|&x| i64::from(x) + shift <= 0);
                let (wins, draws) = (m.len() - not_above, not_above - below);
                (wins as f64 + 0.5 * draws as f64) / m.len() as f64
            }
            Outcomes::Normal(margin) => margin.p_win(shift as f64),
            Outcomes::Ahead(ahead) => ahead.p_win(shift as f64),
            Outcomes::Settled(settled) => settled.p_win(shift as f64),
        }
    }
}

/// The margin after played next rounds: the tables' normal margin after
/// each (equally likely), with the tables' margin now as a control
/// variate: the leaves' mean margin is on average the margin now (V is
/// the expected points to come, and the signed auction moves both players'
/// V sum by nothing on average), so P(win) is corrected by the slope of
/// the margin now times how far the leaves' mean strayed from it.
#[derive(Clone, Debug, PartialEq)]
pub struct Ahead {
    pub leaves: Vec<Leaf>,
    pub now: Margin,
}

/// A look ahead's margin after its played round: the tables' normal
/// model, or the last auction exactly once round 11's puts are made.
#[derive(Clone, Debug, PartialEq)]
pub enum Leaf {
    Normal(Margin),
    Settled(Settled),
}

impl Leaf {
    /// P(win), a draw counting ½, when the margin moves by `shift`.
    pub fn p_win(&self, shift: f64) -> f64 {
        match self {
            Leaf::Normal(margin) => margin.p_win(shift),
            Leaf::Settled(settled) => settled.p_win(shift),
        }
    }

    fn mean(&self) -> f64 {
        match self {
            Leaf::Normal(margin) => margin.mean,
            Leaf::Settled(settled) => settled.mean(),
        }
    }
}

impl Ahead {
    /// P(win), a draw counting ½, when the margin moves by `shift`: the
    /// leaves' mean, corrected by the control variate.
    pub fn p_win(&self, shift: f64) -> f64 {
        let n = self.leaves.len() as f64;
        let p = self.leaves.iter().map(|m| m.p_win(shift)).sum::<f64>() / n;
        let drift = self.leaves.iter().map(Leaf::mean).sum::<f64>() / n - self.now.mean;
        let h = (self.now.sd / 100.0).max(1.0);
        let slope = (self.now.p_win(shift + h) - self.now.p_win(shift - h)) / (2.0 * h);
        (p - slope * drift).clamp(0.0, 1.0)
    }
}

/// The margins after this auction by the bundle I receive (A, B).
#[derive(Clone, Debug, PartialEq)]
pub struct Futures {
    got: [Outcomes; 2],
    /// Points of P(win) taken off when I win a contested bundle (both bid
    /// on it): a model's lean toward taking, corrected.
    taking: f64,
}

impl Futures {
    /// From the margins of the same futures when I receive A and when I
    /// receive B (one per future, any order); panics if either is empty.
    pub fn new(mut got_a: Vec<i32>, mut got_b: Vec<i32>) -> Futures {
        assert!(!got_a.is_empty() && !got_b.is_empty(), "no futures");
        got_a.sort_unstable();
        got_b.sort_unstable();
        Futures {
            got: [Outcomes::Played(got_a), Outcomes::Played(got_b)],
            taking: 0.0,
        }
    }

    /// From the tables' normal margins when I receive A and when B.
    pub fn normal(got_a: Margin, got_b: Margin) -> Futures {
        Futures {
            got: [Outcomes::Normal(got_a), Outcomes::Normal(got_b)],
            taking: 0.0,
        }
    }

    /// From the tables after the same played next rounds, when I receive
    /// A and when B; panics if either has no leaves.
    pub fn ahead(got_a: Ahead, got_b: Ahead) -> Futures {
        assert!(
            !got_a.leaves.is_empty() && !got_b.leaves.is_empty(),
            "no futures"
        );
        Futures {
            got: [Outcomes::Ahead(got_a), Outcomes::Ahead(got_b)],
            taking: 0.0,
        }
    }

    /// From the last auction's exact margins when I receive A and when B.
    pub fn settled(got_a: Settled, got_b: Settled) -> Futures {
        Futures {
            got: [Outcomes::Settled(got_a), Outcomes::Settled(got_b)],
            taking: 0.0,
        }
    }

    /// The same futures with `margin` (a probability) taken off P(win)
    /// whenever I win a bundle the opponent bid on too.
    pub fn taking_at(self, margin: f64) -> Futures {
        Futures {
            taking: margin,
            ..self
        }
    }

    /// P(win), a draw counting ½, when I receive `bundle` and this
    /// auction's bid points move my margin by `shift`.
    pub fn p_win(&self, bundle: Bundle, shift: i64) -> f64 {
        self.got[bundle.index()].p_win(shift)
    }

    /// P(win) of my bid against the opponent's: a tie of bids goes either
    /// way with a fair coin.
    pub fn against(&self, mine: Bid, theirs: Bid) -> f64 {
        self.against_by(mine, theirs, &mut |bundle, shift| self.p_win(bundle, shift))
    }

    /// [`Futures::against`] with P(win) by `p_win` (`Futures::p_win`, or
    /// a memo of it).
    fn against_by(
        &self,
        mine: Bid,
        theirs: Bid,
        p_win: &mut impl FnMut(Bundle, i64) -> f64,
    ) -> f64 {
        let coin = Seat::ALL.map(|tie| {
            let awards = resolve_auction(mine, theirs, tie);
            let PerSeat { first, second } = awards;
            let took = mine.bundle == theirs.bundle && first.bundle == mine.bundle;
            p_win(
                first.bundle,
                i64::from(first.bid_points) - i64::from(second.bid_points),
            ) - if took { self.taking } else { 0.0 }
        });
        0.5 * (coin[0] + coin[1])
    }

    /// Mean P(win) of `mine` over the opponent's predicted bids (each
    /// equally likely; not empty).
    pub fn expected(&self, mine: Bid, theirs: &[Bid]) -> f64 {
        self.expected_by(mine, theirs, &mut |bundle, shift| self.p_win(bundle, shift))
    }

    fn expected_by(
        &self,
        mine: Bid,
        theirs: &[Bid],
        p_win: &mut impl FnMut(Bundle, i64) -> f64,
    ) -> f64 {
        let sum: f64 = theirs
            .iter()
            .map(|&t| self.against_by(mine, t, p_win))
            .sum();
        sum / theirs.len() as f64
    }

    /// The bid of most mean P(win) against `theirs` (each equally likely;
    /// not empty): `first`, then on each bundle 0 and one under, at and one
    /// over each predicted amount; the first of equals is kept.
    pub fn best_response(&self, theirs: &[Bid], first: Bid) -> Bid {
        let near = |t: &Bid| [t.amount.saturating_sub(1), t.amount, t.amount + 1];
        let amounts = theirs.iter().flat_map(near).chain([0]);
        let mut candidates = vec![first];
        for bundle in [Bundle::A, Bundle::B] {
            candidates.extend(amounts.clone().map(|amount| Bid {
                bundle,
                amount: amount.min(MAX_BID),
            }));
        }
        // The candidates share most (bundle, shift) pairs: each P(win) once.
        let mut seen: Vec<(Bundle, i64, f64)> = Vec::with_capacity(4 * candidates.len());
        let mut p_win = |bundle, shift| {
            if let Some(&(.., p)) = seen.iter().find(|s| (s.0, s.1) == (bundle, shift)) {
                return p;
            }
            let p = self.p_win(bundle, shift);
            seen.push((bundle, shift, p));
            p
        };
        let chances: Vec<f64> = candidates
            .iter()
            .map(|&c| self.expected_by(c, theirs, &mut p_win))
            .collect();
        let mut best = 0;
        for (k, &p) in chances.iter().enumerate() {
            if p > chances[best] {
                best = k;
            }
        }
        candidates[best]
    }

    /// The amount on `bundle` at which winning the auction and losing it
    /// win the game equally often, both players bidding that amount
    /// (winning: I pay it and the opponent is paid it; losing: the reverse,
    /// with the other bundle). The chance of winning falls with the amount
    /// and that of losing rises; where they are equal over a range (few
    /// distinct futures), its middle.
    pub fn indifference(&self, bundle: Bundle) -> Bid {
        let gap = |x: u32| {
            let s = 2 * i64::from(x);
            self.p_win(bundle, -s) - self.p_win(bundle.other(), s)
        };
        let from = first_amount(|x| gap(x) <= 0.0);
        let past = first_amount(|x| gap(x) < 0.0);
        let amount = if past > from {
            (from + past - 1) / 2
        } else {
            from
        };
        Bid { bundle, amount }
    }
}

/// The least amount in 0..=MAX_BID where `holds` (which, once true, stays
/// true as the amount grows), or MAX_BID.
fn first_amount(holds: impl Fn(u32) -> bool) -> u32 {
    let (mut lo, mut hi) = (0u32, MAX_BID);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if holds(mid) {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    lo
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bid(bundle: Bundle, amount: u32) -> Bid {
        Bid { bundle, amount }
    }

    #[test]
    fn p_win_counts_wins_and_half_the_draws_after_the_shift() {
        let f = Futures::new(vec![-3000, -1000, 0, 2000], vec![5000; 4]);
        assert_eq!(f.p_win(Bundle::A, 0), (1.0 + 0.5) / 4.0);
        assert_eq!(f.p_win(Bundle::A, 1000), (2.0 + 0.5) / 4.0);
        assert_eq!(f.p_win(Bundle::A, -2000), 0.5 / 4.0);
        assert_eq!(f.p_win(Bundle::B, -5001), 0.0);
    }

    #[test]
    fn against_a_known_bid_one_over_or_one_under_it_wins_most() {
        // Receiving A leaves me 4000 ahead in every future, B 1000 behind.
        let f = Futures::new(vec![4000; 10], vec![-1000; 10]);
        // The opponent bids 1500 on A. Winning at 1501: 4000 − 1501 − 1500
        // > 0, a sure win; losing at 1499: −1000 + 1499 + 1500 > 0 too.
        let theirs = bid(Bundle::A, 1500);
        assert_eq!(f.against(bid(Bundle::A, 1501), theirs), 1.0);
        assert_eq!(f.against(bid(Bundle::A, 1499), theirs), 1.0);
        // It bids 300 on A: winning at 301 wins (4000 − 601), losing at 299
        // loses (−1000 + 599); a tie at 300 is the coin.
        let theirs = bid(Bundle::A, 300);
        assert_eq!(f.against(bid(Bundle::A, 301), theirs), 1.0);
        assert_eq!(f.against(bid(Bundle::A, 299), theirs), 0.0);
        assert_eq!(f.against(bid(Bundle::A, 300), theirs), 0.5);
        // On B I get B and pay: −1000 − 5 + 300 < 0.
        assert_eq!(f.against(bid(Bundle::B, 5), theirs), 0.0);
        let best = f.best_response(&[theirs], bid(Bundle::A, 0));
        assert_eq!(f.against(best, theirs), 1.0);
        assert_eq!(best, bid(Bundle::A, 301));
        // Where every bid wins, the choice does not matter: the first.
        let sure = Futures::new(vec![90_000; 4], vec![90_000; 4]);
        let first = bid(Bundle::B, 7);
        assert_eq!(sure.best_response(&[theirs], first), first);
    }

    #[test]
    fn a_taking_margin_leaves_a_contested_bundle_that_wins_too_little_more() {
        // Taking A at 301 (shift −601) wins in the 60 futures at +1000;
        // leaving it at 299 (shift +599) in the 59 at 0: 0.60 against 0.59.
        let got_a = [vec![1000; 60], vec![-5000; 40]].concat();
        let got_b = [vec![0; 59], vec![-5000; 41]].concat();
        let f = Futures::new(got_a, got_b);
        let theirs = bid(Bundle::A, 300);
        let first = bid(Bundle::A, 0);
        assert_eq!(f.against(bid(Bundle::A, 301), theirs), 0.60);
        assert_eq!(f.against(bid(Bundle::A, 299), theirs), 0.59);
        assert_eq!(f.best_response(&[theirs], first), bid(Bundle::A, 301));
        // Two points off taking: A at 301 counts 0.58, the coin at 300
        // 0.585, and the value's bid (A 0: paid 0, the opponent pays 300)
        // keeps 0.59. An uncontested bid (on B) pays no margin.
        let f = f.taking_at(0.02);
        assert!((f.against(bid(Bundle::A, 301), theirs) - 0.58).abs() < 1e-12);
        assert_eq!(f.against(bid(Bundle::B, 0), theirs), 0.59);
        assert_eq!(f.best_response(&[theirs], first), first);
    }

    #[test]
    fn the_indifference_bid_is_d_for_one_future_and_where_the_chances_cross() {
        // One future: A leaves me +8000, B −4000. Winning A at x: 8000 − 2x;
        // losing at x: −4000 + 2x; equal at x = 3000 = (8000 + 4000) / 4.
        let f = Futures::new(vec![8000], vec![-4000]);
        assert_eq!(f.indifference(Bundle::A), bid(Bundle::A, 3000));
        // Three futures each. Winning A at x wins in the futures above 2x
        // (−2000, 6000, 10000), losing in those above −2x (−9000, −4000,
        // 1000): 2/3 each for x in 2001..=2999 (from 3000 on, the 6000
        // future is a draw), so the middle, 2500.
        let f = Futures::new(vec![-2000, 6000, 10000], vec![-9000, -4000, 1000]);
        assert_eq!(f.indifference(Bundle::A), bid(Bundle::A, 2500));
        assert_eq!(f.p_win(Bundle::A, -5000), 2.0 / 3.0);
        assert_eq!(f.p_win(Bundle::B, 5000), 2.0 / 3.0);
    }

    #[test]
    fn a_look_ahead_averages_its_leaves_and_corrects_their_drift_by_the_slope_now() {
        let normal = |mean, sd| Margin {
            mean,
            sd,
            skew: 0.0,
        };
        let now = normal(0.0, 10_000.0);
        // Leaves whose means average the margin now: their mean P(win).
        let leaves = vec![
            Leaf::Normal(normal(-5000.0, 8000.0)),
            Leaf::Normal(normal(5000.0, 8000.0)),
        ];
        let mean = (leaves[0].p_win(1000.0) + leaves[1].p_win(1000.0)) / 2.0;
        let even = Ahead { leaves, now };
        assert_eq!(even.p_win(1000.0), mean);
        // Leaves that all strayed 2 000 points up (the next round's dice
        // were good for me): the correction takes back the slope now
        // (φ(0) / 10 000 a point) times 2 000, 7.98 points of P(win).
        let strayed = Ahead {
            leaves: vec![Leaf::Normal(normal(2000.0, 10_000.0)); 2],
            now,
        };
        let raw = strayed.leaves[0].p_win(0.0);
        assert!((raw - 0.5793).abs() < 1e-4, "{raw}");
        assert!(
            (strayed.p_win(0.0) - 0.4995).abs() < 1e-3,
            "{}",
            strayed.p_win(0.0)
        );
    }
}
