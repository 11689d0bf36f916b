//! The tuned bot: puts by immediate points + the outlook table + the value of
//! the carried dice, all weighted by the genome; bids from both players'
//! value differences between the bundles along the genome's bid curve.
//! Std-only: this is the code the submission file runs.

use crate::game::{Card, Holding, Put, Strategy, View, put_of};
use crate::genome::*;
use crate::outlook::{Outlook, outlook};
use crate::rules::{Bid, Bundle, CATEGORIES, Category, MAX_BID, bonus_for};
use crate::tables::{Dice5, N5, tables};
use std::sync::OnceLock;

/// adv[K][c]: expected best points of category c from carry K plus a random
/// bundle, minus the par of c (what carrying K promises, per category).
fn carry_advantage() -> &'static [[f32; CATEGORIES]] {
    static ADV: OnceLock<Vec<[f32; CATEGORIES]>> = OnceLock::new();
    ADV.get_or_init(|| {
        let t = tables();
        let par = t.par();
        (0..N5)
            .map(|k| {
                let mut e = [0f64; CATEGORIES];
                for b in 0..N5 {
                    let w = t.weight5(Dice5(b as u8));
                    let h = t.add5(Dice5(k as u8), Dice5(b as u8));
                    for (c, x) in e.iter_mut().enumerate() {
                        *x += w * t.best10(h, Category::from_index(c)).points as f64;
                    }
                }
                std::array::from_fn(|c| (e[c] - par[c]) as f32)
            })
            .collect()
    })
}

/// The genome bot.
pub struct GenomeBot {
    g: [f32; N_GENES],
    outlook: &'static Outlook,
    adv: &'static [[f32; CATEGORIES]],
}

/// A put and its value.
#[derive(Clone, Copy, Debug)]
pub struct Valued {
    pub value: f32,
    pub category: Category,
    pub put: Dice5,
}

impl GenomeBot {
    pub fn new(genome: &Genome) -> GenomeBot {
        GenomeBot {
            g: genome.genes.map(|x| x as f32),
            outlook: outlook(),
            adv: carry_advantage(),
        }
    }

    /// Value of carrying `k` with `open` categories still to fill.
    fn carry_value(&self, k: Dice5, open: u16) -> f32 {
        let n = open.count_ones();
        if n == 0 {
            return 0.0;
        }
        let adv = &self.adv[k.0 as usize];
        let mut s = 0.0;
        let mut m = open;
        while m != 0 {
            let c = m.trailing_zeros() as usize;
            m &= m - 1;
            s += self.g[CARRY + c] * adv[c];
        }
        self.g[CARRY_SCALE] * s / n as f32
    }

    /// Value of one put (category points, bonus, priorities, upper pace) and
    /// of what follows it (the outlook and the carried dice; exact when one
    /// category is left for the carry).
    fn put_value(&self, card: &Card, c: Category, put: Dice5, carry: Option<Dice5>) -> f32 {
        let t = tables();
        let pts = t.score5(put, c);
        let bonus = bonus_for(c, pts, card.upper);
        let mut v = (pts + bonus) as f32 + 1000.0 * self.g[PRIO + c.index()];
        if pts == 0 {
            v -= 1000.0 * self.g[ZERO_PENALTY];
        }
        let upper_after = card.upper + if c.face().is_some() { pts } else { 0 };
        if let Some(face) = c.face() {
            let ahead = pts - 3000 * face as i32;
            let pace_after = card.upper_pace() + ahead;
            if !card.bonus_settled() && pace_after as f32 >= -1000.0 * self.g[BONUS_CHASE] {
                v += self.g[UPPER_WEIGHT] * ahead as f32;
            }
        }
        let used = card.used | c.bit();
        let open = !used & 0xfff;
        match carry {
            None => v,
            Some(k) if open.count_ones() == 1 => {
                let last = Category::from_index(open.trailing_zeros() as usize);
                let p = t.score5(k, last);
                v + (p + bonus_for(last, p, upper_after)) as f32
            }
            Some(k) => {
                v + self.g[OUTLOOK_WEIGHT] * self.outlook.value(used, upper_after)
                    + self.carry_value(k, open)
            }
        }
    }

    /// The best put from a holding for a card, by the genome's value.
    pub fn best_put(&self, card: &Card, holding: Holding) -> Option<Valued> {
        let t = tables();
        let mut best: Option<Valued> = None;
        let mut consider = |value: f32, category, put| {
            if best.is_none_or(|b| value > b.value) {
                best = Some(Valued {
                    value,
                    category,
                    put,
                });
            }
        };
        let open = !card.used & 0xfff;
        match holding {
            Holding::Empty => {}
            Holding::Five(d) => {
                for c in Category::ALL.into_iter().filter(|c| open & c.bit() != 0) {
                    consider(self.put_value(card, c, d, None), c, d);
                }
            }
            Holding::Ten(h) => {
                for sp in t.splits(h) {
                    for c in Category::ALL.into_iter().filter(|c| open & c.bit() != 0) {
                        consider(self.put_value(card, c, sp.put, Some(sp.carry)), c, sp.put);
                    }
                }
            }
        }
        best
    }

    /// What receiving `bundle` is worth to the player of `card`.
    pub fn bundle_value(&self, card: &Card, bundle: Dice5) -> f32 {
        match card.holding {
            // Round 1: the bundle is carried into round 2.
            Holding::Empty => self.carry_value(bundle, !card.used & 0xfff),
            held => self
                .best_put(card, held.with(bundle))
                .map_or(0.0, |b| b.value),
        }
    }

    /// The bid for a position: which bundle and how much.
    pub fn decide_bid(&self, view: &View) -> Bid {
        let t = tables();
        let Some((a, b)) = view.roll else {
            return Bid {
                bundle: Bundle::A,
                amount: 0,
            };
        };
        let (Some(a), Some(b)) = (t.dice5(&a), t.dice5(&b)) else {
            return Bid {
                bundle: Bundle::A,
                amount: 0,
            };
        };
        let g = &self.g;
        let my = self.bundle_value(&view.me, a) - self.bundle_value(&view.me, b);
        let op = self.bundle_value(&view.opp, a) - self.bundle_value(&view.opp, b);
        // Margin if I get A minus margin if I get B.
        let score = my + g[BID_OPP_WEIGHT] * op;
        let bundle = if score >= 0.0 { Bundle::A } else { Bundle::B };
        let contested = (op >= 0.0) == (bundle == Bundle::A);
        let diff = score.abs() / 1000.0;
        let rounds_left = 13.0 - view.rolls_seen as f32;
        let lead = (view.me.total() - view.opp.total()) as f32;
        let mut amount = 1000.0 * g[BID_SLOPE] * diff.powf(g[BID_CURVE]);
        amount *= (1.0 + g[BID_ROUNDS] * (rounds_left - 6.0) / 6.0).max(0.0);
        amount *= (1.0 - g[BID_LEAD] * lead / 100_000.0).max(0.0);
        if contested {
            let bids = &view.opp_bids;
            if !bids.is_empty() {
                let mean = bids.iter().map(|b| b.amount as f32).sum::<f32>() / bids.len() as f32;
                amount = amount.max(g[BID_FOLLOW] * mean);
            }
            amount += g[BID_OFFSET];
        } else {
            amount *= g[BID_NO_CONFLICT];
        }
        if view.opp_bids.len() >= 2 {
            let max_seen = view.opp_bids.iter().map(|b| b.amount).max().unwrap_or(0) as f32;
            amount = amount.min(g[BID_ADAPT_MULT] * max_seen + g[BID_ADAPT_MARGIN]);
        }
        let amount = amount.min(g[BID_CAP]).clamp(0.0, MAX_BID as f32);
        Bid {
            bundle,
            amount: amount as u32,
        }
    }
}

impl Strategy for GenomeBot {
    fn bid(&mut self, view: &View) -> Bid {
        self.decide_bid(view)
    }

    fn put(&mut self, view: &View) -> Put {
        match self.best_put(&view.me, view.me.holding) {
            Some(v) => put_of(v.category, v.put),
            None => crate::protocol::fallback_put(view),
        }
    }
}
