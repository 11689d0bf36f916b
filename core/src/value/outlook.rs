//! The outlook table: V(used, upper) = expected points still to come (bonus
//! included) when every later scoring round brings ten uniformly random dice
//! and the best (category, five dice) is taken by points + V of the next
//! state. An exact expectation over the 3003 ten-dice multisets, solved
//! backwards over the 4096 category masks, in well under a second.
//! Std-only: a submission without its shipped value table (`data.bin`)
//! solves it at start-up and plays `OutlookBot` on it.

use super::equilibrium::{BidRule, last_category};
use super::layout::{UP_CAP, UPS, reachable_ups, up_of};
use crate::game::{Card, Holding, Put, Strategy, View, put_of};
use crate::rules::tables::{Dice5, Hand10, N10, tables};
use crate::rules::{BONUS, Bid, Bundle, CATEGORIES, Category, CategorySet, bonus_for};
use std::sync::OnceLock;

const MASKS: usize = 1 << CATEGORIES;

/// V(used mask, upper total in thousands capped at 63), in points.
pub struct Outlook {
    v: Vec<f32>,
}

static OUTLOOK: OnceLock<Outlook> = OnceLock::new();

/// The process-wide outlook table, solved on first use.
pub fn outlook() -> &'static Outlook {
    OUTLOOK.get_or_init(Outlook::solve)
}

impl Outlook {
    /// Expected points to come from this state.
    pub fn value(&self, used: CategorySet, upper_points: i32) -> f32 {
        self.v[used.bits() as usize * UPS + up_of(upper_points)]
    }

    fn solve() -> Outlook {
        let t = tables();
        let hands: Vec<Hand10> = (0..N10).map(|h| Hand10(h as u16)).collect();
        let weight: Vec<f32> = hands.iter().map(|&h| t.weight10(h) as f32).collect();
        // Per hand: the best points of each category, and each face's count.
        let points: Vec<[f32; CATEGORIES]> = hands
            .iter()
            .map(|&h| std::array::from_fn(|c| t.best10(h, Category::from_index(c)).points as f32))
            .collect();
        let count: Vec<[u8; 6]> = hands
            .iter()
            .map(|&h| t.counts10(h).map(|n| n.min(5)))
            .collect();
        let mut v = vec![0f32; MASKS * UPS];
        // For an upper category of face f: the value of putting n dice of f
        // at each upper total (points, bonus, then the next state).
        let mut upper_rows = [[[0f32; UPS]; 6]; 6];
        for mask in (0..MASKS - 1).rev() {
            // Only totals up to the largest reachable one are computed (in
            // whole vectors of 8); the rest are never read.
            let reach = reachable_ups(CategorySet::from_bits(mask as u16));
            let lanes = (64 - reach.leading_zeros() as usize).div_ceil(8) * 8;
            let open: Vec<Category> = Category::ALL
                .into_iter()
                .filter(|c| mask & c.bit() as usize == 0)
                .collect();
            for &c in &open {
                if let Some(face) = c.face() {
                    let f = face as usize;
                    let next = &v[(mask | c.bit() as usize) * UPS..][..UPS];
                    for (n, row) in upper_rows[f - 1].iter_mut().enumerate() {
                        for (up, cell) in row.iter_mut().enumerate() {
                            let gained = f * n;
                            let bonus = if up < UP_CAP && up + gained >= UP_CAP {
                                BONUS
                            } else {
                                0
                            };
                            *cell = (1000 * gained + bonus as usize) as f32
                                + next[(up + gained).min(UP_CAP)];
                        }
                    }
                }
            }
            let mut out = [0f32; UPS];
            for h in 0..N10 {
                let mut acc = [f32::MIN; UPS];
                for &c in &open {
                    let row: &[f32; UPS] = match c.face() {
                        Some(face) => {
                            &upper_rows[face as usize - 1][count[h][face as usize - 1] as usize]
                        }
                        None => {
                            let p = points[h][c.index()];
                            let next = &v[(mask | c.bit() as usize) * UPS..][..UPS];
                            for u in 0..lanes {
                                let x = p + next[u];
                                acc[u] = if x > acc[u] { x } else { acc[u] };
                            }
                            continue;
                        }
                    };
                    for u in 0..lanes {
                        acc[u] = if row[u] > acc[u] { row[u] } else { acc[u] };
                    }
                }
                let w = weight[h];
                for u in 0..lanes {
                    out[u] += w * acc[u];
                }
            }
            v[mask * UPS..][..lanes].copy_from_slice(&out[..lanes]);
            // Once no upper category is open, the upper total no longer
            // matters: every total shares the value of 0.
            if CategorySet::from_bits(mask as u16).includes(CategorySet::UPPER) {
                let e = v[mask * UPS];
                v[mask * UPS..(mask + 1) * UPS].fill(e);
            }
        }
        Outlook { v }
    }
}

/// The player a submission falls back on without its value table: puts by
/// points + bonus + the outlook of the state a put leaves (blind to the
/// dice carried), bids the equilibrium amount on those values.
pub struct OutlookBot {
    outlook: &'static Outlook,
}

impl OutlookBot {
    pub fn new() -> OutlookBot {
        OutlookBot { outlook: outlook() }
    }

    /// The best (value, category, put) from a hand of ten.
    fn best_put(&self, card: &Card, hand: Hand10) -> (f32, Category, Dice5) {
        let t = tables();
        let mut best = (f32::NEG_INFINITY, Category::Choice, Dice5(0));
        for split in t.splits(hand) {
            for c in card.used.complement().iter() {
                let pts = t.score5(split.put, c);
                let upper = card.upper + if c.face().is_some() { pts } else { 0 };
                let v = (pts + bonus_for(c, pts, card.upper)) as f32
                    + self.outlook.value(card.used.with(c), upper);
                if v > best.0 {
                    best = (v, c, split.put);
                }
            }
        }
        best
    }

    /// Bundle A's value minus bundle B's to the player of `card`.
    fn gap(&self, card: &Card, a: Dice5, b: Dice5) -> f32 {
        match card.holding {
            Holding::Five(carry) => {
                let t = tables();
                self.best_put(card, t.add5(carry, a)).0 - self.best_put(card, t.add5(carry, b)).0
            }
            Holding::Empty | Holding::Ten(_) => 0.0,
        }
    }
}

impl Default for OutlookBot {
    fn default() -> OutlookBot {
        OutlookBot::new()
    }
}

impl Strategy for OutlookBot {
    fn bid(&mut self, view: &View) -> Bid {
        match view.roll.and_then(|r| r.dice) {
            Some((a, b)) => {
                BidRule::Signed.bid(self.gap(&view.me, a, b), self.gap(&view.opp, a, b))
            }
            None => Bid {
                bundle: Bundle::A,
                amount: 0,
            },
        }
    }

    fn put(&mut self, view: &View) -> Put {
        let me = &view.me;
        match me.holding {
            Holding::Ten(hand) => {
                let (_, category, put) = self.best_put(me, hand);
                put_of(category, put)
            }
            Holding::Five(dice) => put_of(last_category(me).unwrap_or(Category::Choice), dice),
            Holding::Empty => view.fallback_put(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn last_category_is_its_expected_best_points() {
        let o = outlook();
        let par = tables().par();
        // Only YACHT left: V = par(YACHT).
        let only = |c: Category| CategorySet::ALL.complement().with(c).complement();
        let used = only(Category::Yacht);
        assert!((o.value(used, 0) as f64 - par[11]).abs() < 1.0);
        // Only SIX left at upper 60000: par(SIX) + 35000 × P(at least one six
        // among... counted as 3000+ i.e. ≥ 1 six).
        let used = only(Category::Six);
        let p_none = (5.0f64 / 6.0).powi(10);
        let expected = par[5] + 35000.0 * (1.0 - p_none);
        assert!((o.value(used, 60000) as f64 - expected).abs() < 2.0);
        assert_eq!(o.value(CategorySet::ALL, 0), 0.0);
    }

    #[test]
    fn the_whole_game_outlook_is_plausible() {
        // Pinned (f32 sums): changing the model or the tables changes it.
        // Below the field's DP with held dice (268 800), which also values
        // what is carried; above the sum of the pars (113 963).
        let v = outlook().value(CategorySet::EMPTY, 0);
        assert!((v - 241_576.5).abs() < 1.0, "{v}");
    }
}
