//! The tuned bot: puts by immediate points + the outlook table + the value of
//! the carried dice, all weighted by the genome; bids from both players'
//! value differences between the bundles along the genome's bid curve.
//! Std-only: this is the code the submission file runs.

use crate::game::{Card, Holding, Put, Strategy, View, put_of};
use crate::genome::*;
use crate::outlook::{Outlook, outlook};
use crate::rules::{Bid, Bundle, CATEGORIES, Category, CategorySet, MAX_BID, bonus_for};
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

/// Most points a category can score, in thousands.
const MAX_POINTS: usize = 50;

/// The upper total after a put.
fn upper_after(card: &Card, c: Category, pts: i32) -> i32 {
    card.upper + if c.face().is_some() { pts } else { 0 }
}

/// What a put's value adds for the rest of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Follows {
    /// Nothing is carried (five dice put).
    Nothing,
    /// One category is left: the carried dice will score exactly in it.
    LastCategory,
    /// The outlook table and the carried dice's promise.
    Outlook,
}

impl Follows {
    fn of(card: &Card, c: Category, carries: bool) -> Follows {
        let open_after = card.used.with(c).complement().len();
        match (carries, open_after) {
            (false, _) => Follows::Nothing,
            (true, 1) => Follows::LastCategory,
            (true, _) => Follows::Outlook,
        }
    }

    /// For a put from ten dice (a carry follows): the same for every open
    /// category, since each leaves one fewer open.
    fn after_ten(card: &Card) -> Follows {
        match card.used.complement().len() {
            2 => Follows::LastCategory,
            _ => Follows::Outlook,
        }
    }
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
    fn carry_value(&self, k: Dice5, open: CategorySet) -> f32 {
        let n = open.len();
        if n == 0 {
            return 0.0;
        }
        self.g[CARRY_SCALE] * self.carry_sum(k, open) / n as f32
    }

    /// Sum over `open` of carry weight x the carry's advantage in it.
    fn carry_sum(&self, k: Dice5, open: CategorySet) -> f32 {
        let adv = &self.adv[k.0 as usize];
        let mut s = 0.0;
        for c in open.iter() {
            s += self.g[CARRY + c.index()] * adv[c.index()];
        }
        s
    }

    /// Value of one put (category points, bonus, priorities, upper pace) and
    /// of what follows it (the outlook and the carried dice; exact when one
    /// category is left for the carry). `carry` is the carried dice with
    /// their `carry_sum` over the categories open before this put.
    /// `pace` is `chase_pace(card)`, computed once per decision.
    fn put_value(
        &self,
        card: &Card,
        pace: Option<i32>,
        c: Category,
        put: Dice5,
        carry: Option<(Dice5, f32)>,
    ) -> f32 {
        let pts = tables().score5(put, c);
        let follows = Follows::of(card, c, carry.is_some());
        self.after_carry(
            card,
            c,
            pts,
            self.put_base(card, pace, c, pts, follows),
            carry,
            follows,
        )
    }

    /// The part of a put's value that depends on its category and points
    /// only (not on the dice carried).
    fn put_base(
        &self,
        card: &Card,
        pace: Option<i32>,
        c: Category,
        pts: i32,
        follows: Follows,
    ) -> f32 {
        let bonus = bonus_for(c, pts, card.upper);
        let mut v = (pts + bonus) as f32 + 1000.0 * self.g[PRIO + c.index()];
        if pts == 0 {
            v -= 1000.0 * self.g[ZERO_PENALTY];
        }
        if let (Some(face), Some(pace)) = (c.face(), pace) {
            let ahead = pts - 3000 * face as i32;
            if (pace + ahead) as f32 >= -1000.0 * self.g[BONUS_CHASE] {
                v += self.g[UPPER_WEIGHT] * ahead as f32;
            }
        }
        match follows {
            Follows::Outlook => {
                let used = card.used.with(c);
                v + self.g[OUTLOOK_WEIGHT] * self.outlook.value(used, upper_after(card, c, pts))
            }
            Follows::Nothing | Follows::LastCategory => v,
        }
    }

    /// A put's value from its `put_base`: plus the carry's worth.
    fn after_carry(
        &self,
        card: &Card,
        c: Category,
        pts: i32,
        base: f32,
        carry: Option<(Dice5, f32)>,
        follows: Follows,
    ) -> f32 {
        let open = card.used.with(c).complement();
        match (carry, follows) {
            (Some((k, _)), Follows::LastCategory) => {
                let last = open.first().expect("one category left");
                let p = tables().score5(k, last);
                base + (p + bonus_for(last, p, upper_after(card, c, pts))) as f32
            }
            (Some((k, sum_before)), Follows::Outlook) => {
                let sum =
                    sum_before - self.g[CARRY + c.index()] * self.adv[k.0 as usize][c.index()];
                base + self.g[CARRY_SCALE] * sum / open.len() as f32
            }
            _ => base,
        }
    }

    /// The card's distance from the bonus pace, while the bonus is open.
    fn chase_pace(card: &Card) -> Option<i32> {
        (!card.bonus_settled()).then(|| card.upper_pace())
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
        let open = card.used.complement();
        let pace = Self::chase_pace(card);
        match holding {
            Holding::Empty => {}
            Holding::Five(d) => {
                for c in open.iter() {
                    consider(self.put_value(card, pace, c, d, None), c, d);
                }
            }
            Holding::Ten(h) => {
                let follows = Follows::after_ten(card);
                // Across the splits a category scores few distinct points:
                // its base value is computed once per points value.
                let mut bases = [[None; MAX_POINTS + 1]; CATEGORIES];
                for sp in t.splits(h) {
                    let carry = Some((sp.carry, self.carry_sum(sp.carry, open)));
                    for c in open.iter() {
                        let pts = t.score5(sp.put, c);
                        let base = *bases[c.index()][pts as usize / 1000]
                            .get_or_insert_with(|| self.put_base(card, pace, c, pts, follows));
                        let value = self.after_carry(card, c, pts, base, carry, follows);
                        consider(value, c, sp.put);
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
            Holding::Empty => self.carry_value(bundle, card.used.complement()),
            held => self
                .best_put(card, held.with(bundle))
                .map_or(0.0, |b| b.value),
        }
    }

    /// The bid for a position: which bundle and how much.
    pub fn decide_bid(&self, view: &View) -> Bid {
        let Some((a, b)) = view.roll.and_then(|r| r.dice) else {
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
            None => view.fallback_put(),
        }
    }
}

/// The submission's `main`: the genome bot with `genes` on this process's
/// stdin/stdout; exit status 1 when the protocol's I/O fails.
pub fn serve_stdio(genes: [f64; N_GENES]) -> std::process::ExitCode {
    let bot = GenomeBot::new(&Genome { genes });
    match crate::protocol::run_stdio(bot, 0) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(_) => std::process::ExitCode::FAILURE,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testkit;

    /// Views at every decision of a few seeded self-play games of the
    /// default genome.
    fn positions() -> (Vec<View>, Vec<View>) {
        let mut a = GenomeBot::new(&Genome::default());
        let mut b = GenomeBot::new(&Genome::default());
        testkit::positions(&mut a, &mut b, 30)
    }

    /// The default genome with every gene moved a fraction `spread` of its
    /// range, alternately up and down.
    fn spread(spread: f64) -> Genome {
        let mut g = Genome::default();
        for (i, (v, spec)) in g.genes.iter_mut().zip(GENES.iter()).enumerate() {
            let sign = if i % 2 == 0 { 1.0 } else { -1.0 };
            *v = (*v + sign * spread * (spec.max - spec.min)).clamp(spec.min, spec.max);
        }
        g
    }

    fn with(gene: usize, value: f64) -> GenomeBot {
        let mut g = Genome::default();
        g.genes[gene] = value;
        GenomeBot::new(&g)
    }

    fn total_bid(bot: &mut GenomeBot, views: &[View]) -> u64 {
        views.iter().map(|v| bot.bid(v).amount as u64).sum()
    }

    #[test]
    fn best_put_is_the_best_put_value_over_all_splits() {
        // The base values are shared between splits; this is the plain
        // maximum of `put_value` over every (split, open category).
        let (bids, puts) = positions();
        let bot = GenomeBot::new(&spread(0.3));
        let t = tables();
        let mut checked = 0;
        for v in bids.iter().chain(&puts) {
            for card in [&v.me, &v.opp] {
                let holding = match (card.holding, v.roll.and_then(|r| r.dice)) {
                    (Holding::Ten(h), _) => h,
                    (Holding::Five(k), Some((a, _))) => t.add5(k, a),
                    _ => continue,
                };
                let open = card.used.complement();
                let pace = GenomeBot::chase_pace(card);
                let mut naive: Option<(f32, Category, Dice5)> = None;
                for sp in t.splits(holding) {
                    let carry = Some((sp.carry, bot.carry_sum(sp.carry, open)));
                    for c in open.iter() {
                        let value = bot.put_value(card, pace, c, sp.put, carry);
                        if naive.is_none_or(|(b, _, _)| value > b) {
                            naive = Some((value, c, sp.put));
                        }
                    }
                }
                let best = bot.best_put(card, Holding::Ten(holding)).unwrap();
                assert_eq!(naive, Some((best.value, best.category, best.put)));
                checked += 1;
            }
        }
        assert!(checked > 500, "{checked}");
    }

    #[test]
    fn bid_genes_move_bids_as_documented() {
        let (bids, _) = positions();
        // Without the adaptive cap, so the curve's own genes show.
        let base = |gene: usize, v: f64| {
            let mut g = Genome::default();
            g.genes[BID_ADAPT_MULT] = 5.0;
            g.genes[BID_ADAPT_MARGIN] = 10000.0;
            g.genes[gene] = v;
            GenomeBot::new(&g)
        };
        let sum = |gene, v| total_bid(&mut base(gene, v), &bids);
        assert!(sum(BID_SLOPE, 0.5) > sum(BID_SLOPE, 0.2));
        assert!(sum(BID_CURVE, 1.3) > sum(BID_CURVE, 1.0));
        assert!(sum(BID_OFFSET, 2000.0) > sum(BID_OFFSET, 0.0));
        assert!(sum(BID_NO_CONFLICT, 1.0) > sum(BID_NO_CONFLICT, 0.0));
        assert!(sum(BID_CAP, 2000.0) < sum(BID_CAP, 30000.0));
        let capped = base(BID_CAP, 1500.0);
        assert!(bids.iter().all(|v| capped.decide_bid(v).amount <= 1500));
        // The adaptive cap: a tight margin over the opponent's bids bids less.
        assert!(
            total_bid(&mut with(BID_ADAPT_MARGIN, 0.0), &bids)
                < total_bid(&mut with(BID_ADAPT_MARGIN, 5000.0), &bids)
        );
    }

    #[test]
    fn category_priority_makes_the_bot_use_that_category_sooner() {
        let (_, puts) = positions();
        let count = |bot: &mut GenomeBot, c: Category| {
            puts.iter().filter(|v| bot.put(v).category == c).count()
        };
        for c in [Category::Choice, Category::Yacht, Category::Two] {
            let lo = count(&mut with(PRIO + c.index(), -10.0), c);
            let hi = count(&mut with(PRIO + c.index(), 10.0), c);
            assert!(hi > lo, "{c:?}: {lo} -> {hi}");
        }
    }

    #[test]
    fn zero_penalty_avoids_dumping() {
        let (_, puts) = positions();
        let zeros = |bot: &mut GenomeBot| {
            puts.iter()
                .filter(|v| {
                    let p = bot.put(v);
                    crate::rules::score_dice(p.category, &p.dice) == 0
                })
                .count()
        };
        assert!(zeros(&mut with(ZERO_PENALTY, 15.0)) < zeros(&mut with(ZERO_PENALTY, 0.0)));
    }

    #[test]
    fn value_genes_scale_their_terms() {
        let t = tables();
        let k = t.dice5(&[6, 6, 6, 6, 1]).unwrap();
        let open = CategorySet::ALL;
        let v1 = with(CARRY_SCALE, 1.0).carry_value(k, open);
        let v2 = with(CARRY_SCALE, 2.0).carry_value(k, open);
        assert!(v1 > 0.0 && (v2 - 2.0 * v1).abs() < 1e-3);
        // A carry weight of 0 on YACHT removes four sixes' yacht promise.
        let mut g = Genome::default();
        g.genes[CARRY + 11] = 0.0;
        assert!(GenomeBot::new(&g).carry_value(k, open) < v1);
        // Upper progress above pace adds value with upper_weight.
        let card = Card::default();
        let put = t.dice5(&[6, 6, 6, 6, 1]).unwrap();
        let carry = Some((t.dice5(&[1, 2, 3, 4, 5]).unwrap(), 0.0));
        let pace = GenomeBot::chase_pace(&card);
        let lo = with(UPPER_WEIGHT, 0.0).put_value(&card, pace, Category::Six, put, carry);
        let hi = with(UPPER_WEIGHT, 1.0).put_value(&card, pace, Category::Six, put, carry);
        assert!((hi - lo - 6000.0).abs() < 1e-2, "{lo} {hi}");
        let lo = with(OUTLOOK_WEIGHT, 0.5).put_value(&card, pace, Category::Six, put, carry);
        let hi = with(OUTLOOK_WEIGHT, 1.5).put_value(&card, pace, Category::Six, put, carry);
        assert!(hi > lo + 100_000.0);
    }

    #[test]
    fn the_last_two_categories_are_valued_exactly() {
        // CHOICE and YACHT open, hand 66666 + 12345: YACHT now (50000) then
        // CHOICE from the carry 12345 (15000), or CHOICE 12345 now and YACHT
        // from the carry 66666: both are worth exactly 65000; anything else
        // (e.g. CHOICE 66666 now, 30000 + 0) less.
        let t = tables();
        let card = Card {
            used: [Category::Choice, Category::Yacht]
                .into_iter()
                .collect::<CategorySet>()
                .complement(),
            upper: 70000,
            ..Card::default()
        };
        let h = t.add5(
            t.dice5(&[6; 5]).unwrap(),
            t.dice5(&[1, 2, 3, 4, 5]).unwrap(),
        );
        let best = GenomeBot::new(&Genome::default())
            .best_put(&card, Holding::Ten(h))
            .unwrap();
        assert_eq!(best.value, 65000.0);
        let chosen = (best.category, t.faces5(best.put));
        assert!(
            chosen == (Category::Yacht, [6; 5]) || chosen == (Category::Choice, [1, 2, 3, 4, 5]),
            "{chosen:?}"
        );
    }
}
