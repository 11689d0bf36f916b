//! The ten sample AIs of SAMPLE_AIS.md, and `greedy`, composed from one put
//! policy and one bid policy each: `Composed { put, bid }`.

use crate::rng::{derive_seed, uniform};
use rand_core::SeedableRng;
use rand_pcg::Pcg32;
use yacht_core::game::{Holding, Put, Roll, Strategy, View, put_of};
use yacht_core::rules::tables::N5;
use yacht_core::rules::{Bid, Bundle, CATEGORIES, Category, CategorySet, MAX_BID};

mod put;

pub use put::{Choice, choose};

/// The par table rounded to integers, as the sample AIs use it.
pub const PAR: [i32; CATEGORIES] = [
    1664, 3328, 4992, 6656, 8320, 9984, 24179, 7937, 19300, 9750, 13218, 4635,
];

/// How a sample AI chooses its put.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PutPolicy {
    /// P1: the first unused category, the first five dice in arrival order.
    Example,
    /// P2: the most points.
    Greedy,
    /// P3: hard combinations first.
    HardCombos,
    /// P4: upper categories at bonus pace first, then the highest gain.
    UpperFirst,
    /// P5: any scoring combination first, then the highest gain.
    CombosFirst,
}

/// How a sample AI bids.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BidPolicy {
    /// A: the bundle with the larger sum; bid a tenth of the lead.
    Example,
    /// B: the bundle with the larger sum (ties B); bid the sum difference.
    SumDifference,
    /// C: a random bundle, bid 0.
    Random,
    /// D: the better bundle; bid a quarter of the value difference.
    Defensive,
    /// E: the better bundle; bid 3/5 of the difference plus 1000.
    Aggressive,
    /// `greedy`'s own: the bundle with the better best put, bid 0.
    BetterPoints,
}

/// The ten sample AIs in battle order: (name, put, bid).
pub const SAMPLES: [(&str, PutPolicy, BidPolicy); 10] = [
    ("1A", PutPolicy::Example, BidPolicy::Example),
    ("2B", PutPolicy::Greedy, BidPolicy::SumDifference),
    ("2C", PutPolicy::Greedy, BidPolicy::Random),
    ("3C", PutPolicy::HardCombos, BidPolicy::Random),
    ("4C", PutPolicy::UpperFirst, BidPolicy::Random),
    ("4D", PutPolicy::UpperFirst, BidPolicy::Defensive),
    ("4E", PutPolicy::UpperFirst, BidPolicy::Aggressive),
    ("5C", PutPolicy::CombosFirst, BidPolicy::Random),
    ("5D", PutPolicy::CombosFirst, BidPolicy::Defensive),
    ("5E", PutPolicy::CombosFirst, BidPolicy::Aggressive),
];

impl PutPolicy {
    pub fn from_digit(c: char) -> Option<PutPolicy> {
        Some(match c {
            '1' => PutPolicy::Example,
            '2' => PutPolicy::Greedy,
            '3' => PutPolicy::HardCombos,
            '4' => PutPolicy::UpperFirst,
            '5' => PutPolicy::CombosFirst,
            _ => return None,
        })
    }
}

impl BidPolicy {
    pub fn from_letter(c: char) -> Option<BidPolicy> {
        Some(match c {
            'A' => BidPolicy::Example,
            'B' => BidPolicy::SumDifference,
            'C' => BidPolicy::Random,
            'D' => BidPolicy::Defensive,
            'E' => BidPolicy::Aggressive,
            _ => return None,
        })
    }
}

/// A strategy made of a put policy and a bid policy.
#[derive(Clone, Debug)]
pub struct Composed {
    pub put: PutPolicy,
    pub bid: BidPolicy,
    rng: Pcg32,
    /// The two valuations of the last auction: the put after GET is one of
    /// them (same holding, same card), so it is not chosen again.
    memo: [(u64, Option<Choice>); 2],
}

/// A position for the memo: holding, used categories and upper total in one
/// number (`u64::MAX`, never a position, marks an empty slot).
fn position(holding: Holding, used: CategorySet, upper: i32) -> u64 {
    let h = match holding {
        Holding::Empty => 0,
        Holding::Five(d) => 1 + d.0 as u64,
        Holding::Ten(h) => 1 + N5 as u64 + h.0 as u64,
    };
    h << 48 | (used.bits() as u64) << 32 | upper as u32 as u64
}

const NO_POSITION: (u64, Option<Choice>) = (u64::MAX, None);

impl Composed {
    pub fn new(put: PutPolicy, bid: BidPolicy) -> Composed {
        Composed {
            put,
            bid,
            rng: Pcg32::seed_from_u64(0),
            memo: [NO_POSITION; 2],
        }
    }

    /// `greedy`: most points now, the bundle with the better best put, bid 0.
    pub fn greedy() -> Composed {
        Composed::new(PutPolicy::Greedy, BidPolicy::BetterPoints)
    }

    /// Sample AI `n` (1..=10).
    pub fn sample(n: usize) -> Option<Composed> {
        let (_, p, b) = SAMPLES.get(n.checked_sub(1)?)?;
        Some(Composed::new(*p, *b))
    }

    /// This AI's put from a holding: one of the last auction's valuations,
    /// or chosen now.
    fn remembered_choice(&self, holding: Holding, used: CategorySet, upper: i32) -> Option<Choice> {
        let here = position(holding, used, upper);
        match self.memo.iter().find(|(p, _)| *p == here) {
            Some(&(_, choice)) => choice,
            None => choose(self.put, holding, used, upper),
        }
    }

    /// The bundle of the larger value v(X) (ties A) and by how much. v(X)
    /// is the gain (or, for `BetterPoints`, the points) of the put this
    /// AI's policy would choose after receiving X.
    fn better(&mut self, view: &View) -> (Bundle, i32) {
        let Some((a, b)) = view.roll.and_then(|r| r.dice) else {
            return (Bundle::A, 0);
        };
        let (me, policy) = (&view.me, self.put);
        let (ha, hb) = (me.holding.with(a), me.holding.with(b));
        let (ca, cb) = (
            choose(policy, ha, me.used, me.upper),
            choose(policy, hb, me.used, me.upper),
        );
        self.memo = [
            (position(ha, me.used, me.upper), ca),
            (position(hb, me.used, me.upper), cb),
        ];
        let value = |c: Option<Choice>| match (c, self.bid) {
            (Some(c), BidPolicy::BetterPoints) => c.points,
            (Some(c), _) => c.gain(),
            (None, _) => 0,
        };
        let (va, vb) = (value(ca), value(cb));
        if va >= vb {
            (Bundle::A, va - vb)
        } else {
            (Bundle::B, vb - va)
        }
    }
}

fn dice_sum(d: &[u8; 5]) -> u32 {
    d.iter().map(|&x| x as u32).sum()
}

impl Strategy for Composed {
    fn new_game(&mut self, seed: u64) {
        self.rng = Pcg32::seed_from_u64(derive_seed(&[seed, 0x5A3F]));
        self.memo = [NO_POSITION; 2];
    }

    fn bid(&mut self, view: &View) -> Bid {
        let Some(Roll { faces: (a, b), .. }) = view.roll else {
            return Bid {
                bundle: Bundle::A,
                amount: 0,
            };
        };
        let (bundle, amount) = match self.bid {
            BidPolicy::Example => {
                let g = if dice_sum(&a) > dice_sum(&b) {
                    Bundle::A
                } else {
                    Bundle::B
                };
                let lead = (view.me.total() - view.opp.total()) / 10;
                (g, lead.clamp(0, MAX_BID as i32) as u32)
            }
            BidPolicy::SumDifference => {
                let g = if dice_sum(&a) > dice_sum(&b) {
                    Bundle::A
                } else {
                    Bundle::B
                };
                (g, dice_sum(&a).abs_diff(dice_sum(&b)) * 1000)
            }
            BidPolicy::Random => {
                let g = if uniform(&mut self.rng, 2) == 0 {
                    Bundle::A
                } else {
                    Bundle::B
                };
                (g, 0)
            }
            BidPolicy::Defensive => {
                let (g, diff) = self.better(view);
                (g, (diff / 4) as u32)
            }
            BidPolicy::Aggressive => {
                let (g, diff) = self.better(view);
                (
                    g,
                    if diff > 0 {
                        (diff * 3 / 5 + 1000) as u32
                    } else {
                        0
                    },
                )
            }
            BidPolicy::BetterPoints => (self.better(view).0, 0),
        };
        Bid {
            bundle,
            amount: amount.min(MAX_BID),
        }
    }

    fn put(&mut self, view: &View) -> Put {
        let me = &view.me;
        if self.put == PutPolicy::Example {
            let category = Category::ALL
                .into_iter()
                .find(|c| !me.is_used(*c))
                .unwrap_or(Category::Yacht);
            // The first five dice of the hand in arrival order: the bundle
            // of the round before while holding ten (this policy always put
            // the five older dice), else the last bundle.
            let [older, newer] = view.my_bundles;
            let first = match me.holding {
                Holding::Ten(_) => older,
                _ => newer,
            };
            return Put {
                category,
                dice: first.unwrap_or([1; 5]),
            };
        }
        match self.remembered_choice(me.holding, me.used, me.upper) {
            Some(c) => put_of(c.category, c.put),
            None => Put {
                category: Category::Choice,
                dice: [1; 5],
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use yacht_core::rules::parse_dice;

    fn d(s: &str) -> [u8; 5] {
        parse_dice(s).unwrap()
    }

    fn view_with_roll(a: &str, b: &str) -> View {
        let mut v = View::new();
        v.on_roll(Roll::new(d(a), d(b)));
        v
    }

    #[test]
    fn bid_policies_on_a_first_round() {
        // Round 1: the bundle alone. A: 66611 (sum 20) vs B: 12345 (sum 15).
        let v = view_with_roll("66611", "12345");
        let mut b = Composed::sample(2).unwrap();
        assert_eq!(
            b.bid(&v),
            Bid {
                bundle: Bundle::A,
                amount: 5000
            }
        );
        let mut a = Composed::sample(1).unwrap();
        assert_eq!(
            a.bid(&v),
            Bid {
                bundle: Bundle::A,
                amount: 0
            }
        );
        // P4 values: A → SIX 18000 at pace, gain 18000−9984 = 8016;
        // B → best gain LARGE_STRAIGHT 30000−13218 = 16782. diff = 8766.
        let mut dd = Composed::sample(6).unwrap();
        assert_eq!(
            dd.bid(&v),
            Bid {
                bundle: Bundle::B,
                amount: 8766 / 4
            }
        );
        let mut e = Composed::sample(7).unwrap();
        assert_eq!(
            e.bid(&v),
            Bid {
                bundle: Bundle::B,
                amount: 8766 * 3 / 5 + 1000
            }
        );
        // Equal values → A, and E bids 0 when diff is 0.
        let v = view_with_roll("12345", "54321");
        assert_eq!(
            e.bid(&v),
            Bid {
                bundle: Bundle::A,
                amount: 0
            }
        );
        assert_eq!(
            b.bid(&v),
            Bid {
                bundle: Bundle::B,
                amount: 0
            }
        );
    }

    #[test]
    fn random_bidder_is_seeded() {
        let v = view_with_roll("66611", "12345");
        let run = |seed| {
            let mut c = Composed::sample(3).unwrap();
            c.new_game(seed);
            (0..32).map(|_| c.bid(&v).bundle).collect::<Vec<_>>()
        };
        assert_eq!(run(7), run(7));
        assert_ne!(run(7), run(8));
        assert!(run(7).contains(&Bundle::A) && run(7).contains(&Bundle::B));
    }
}
