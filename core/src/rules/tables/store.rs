//! The process-wide `Tables`: the 5-dice tables built at once, each 10-dice
//! hand's best puts and splits worked out on first use (in statics), and
//! their look-ups (points, put/carry splits, best put per category,
//! weights, par).

use super::keys::{BestPut, Dice5, Hand10, N5, N10, Options, Split, keys_of, points_of_key};
use super::multiset::*;
use crate::rules::{CATEGORIES, Category, Counts, score_counts};
use std::sync::OnceLock;

/// All tables. Get them with [`tables()`]. The 5-dice tables are built at
/// once; each 10-dice hand is worked out on first use (a protocol program
/// meets a few dozen hands a game, so it starts without building 3003).
pub struct Tables {
    pub(super) counts5: Vec<Counts>,
    score5: Vec<[i32; CATEGORIES]>,
    /// The key (see `key`) of each 5-dice multiset, and its inverse.
    key5: Vec<u16>,
    index5: Vec<u8>,
    faces5: Vec<[u8; 5]>,
    /// Each 5-dice multiset repeated per category (its only put), and its
    /// `Options` keys.
    put5: Vec<[Dice5; CATEGORIES]>,
    keys5: Vec<[i16; 16]>,
    /// Probability of each 5-dice multiset under uniform dice.
    weight5: Vec<f64>,
    /// Per put: the key whose maximum over a hand's puts is the best put of
    /// each category (see `build`), and the puts by tie-break rank.
    put_key: Vec<[i16; 16]>,
    by_tie: Vec<u8>,
    /// The index of a hand from its counts (see `rank10`).
    ranks: Ranks,
    pub(super) counts10: Vec<Counts>,
    /// The key of each hand (see `key`), to subtract puts from.
    key10: Vec<u32>,
    /// Counts as `lanes`, to check that a hand holds a put.
    lanes5: Vec<u64>,
    lanes10: Vec<u64>,
    /// Probability of each 10-dice multiset under uniform dice.
    weight10: OnceLock<Vec<f64>>,
    par: OnceLock<[f64; CATEGORIES]>,
}

/// The best put of each category from one 10-dice hand: its points (as
/// `Options` keys), and its dice.
struct Hand {
    keys: [i16; 16],
    puts: [Dice5; CATEGORIES],
}

static TABLES: OnceLock<Tables> = OnceLock::new();

// The tables filled on first use are statics, not built vectors: a page of
// a static is mapped only when first touched, so a process maps just the
// pages of the entries it meets (a protocol program meets a few dozen hands
// a game; building the vectors touched them all, about 60 more page faults
// per process).

/// (carry, bundle) → hand, a row per carry (boxed, so the rows a process
/// meets sit together).
static ADD5: [OnceLock<Box<[u16; N5]>>; N5] = [const { OnceLock::new() }; N5];
/// Per hand, its best puts: inline, one load from the hand's index.
static HANDS: [OnceLock<Hand>; N10] = [const { OnceLock::new() }; N10];
/// Per hand, its splits.
static SPLITS: [OnceLock<Box<[Split]>>; N10] = [const { OnceLock::new() }; N10];

/// The process-wide tables, built on first use (well under a millisecond;
/// the 10-dice hands as they are met).
pub fn tables() -> &'static Tables {
    TABLES.get_or_init(Tables::build)
}

impl Tables {
    fn build() -> Tables {
        let counts5 = multisets(5);
        let counts10 = multisets(10);
        assert_eq!((counts5.len(), counts10.len()), (N5, N10));
        let key5: Vec<u16> = counts5.iter().map(|c| key(c) as u16).collect();
        let key10: Vec<u32> = counts10.iter().map(|c| key(c) as u32).collect();
        let mut index5 = vec![u8::MAX; KEYS5];
        for (i, &k) in key5.iter().enumerate() {
            index5[k as usize] = i as u8;
        }
        let sum5: Vec<u8> = counts5.iter().map(counts_sum).collect();
        let score5: Vec<[i32; CATEGORIES]> = counts5
            .iter()
            .map(|c| std::array::from_fn(|k| score_counts(Category::from_index(k), c)))
            .collect();
        // Among puts of equal points the best has the smallest sum (leaving
        // the largest carry), then the lowest index (the lexicographically
        // smallest dice): rank the puts by that.
        let mut by_tie: Vec<u8> = (0..=u8::MAX).take(N5).collect();
        by_tie.sort_by_key(|&p| (sum5[p as usize], p));
        let mut tie_rank = [0u8; N5];
        for (r, &p) in by_tie.iter().enumerate() {
            tie_rank[p as usize] = r as u8;
        }
        // The best put of a category is then the maximum of this key (points
        // / 1000 above the inverted rank) over the hand's puts.
        let put_key: Vec<[i16; 16]> = (0..N5)
            .map(|p| {
                let mut k = [0i16; 16];
                for (c, &pts) in score5[p].iter().enumerate() {
                    k[c] = ((pts / 1000) << 8 | (255 - tie_rank[p] as i32)) as i16;
                }
                k
            })
            .collect();
        Tables {
            faces5: counts5.iter().map(faces_of).collect(),
            put5: (0..N5).map(|d| [Dice5(d as u8); CATEGORIES]).collect(),
            keys5: score5.iter().map(keys_of).collect(),
            weight5: counts5.iter().map(probability).collect(),
            lanes5: counts5.iter().map(lanes).collect(),
            counts5,
            score5,
            key5,
            index5,
            put_key,
            by_tie,
            ranks: ranks(),
            lanes10: counts10.iter().map(lanes).collect(),
            counts10,
            key10,
            weight10: OnceLock::new(),
            par: OnceLock::new(),
        }
    }

    /// A hand's best puts, worked out on first use.
    #[inline]
    fn hand(&self, h: Hand10) -> &Hand {
        match HANDS[h.0 as usize].get() {
            Some(hand) => hand,
            None => self.work_out(h),
        }
    }

    #[cold]
    fn work_out(&self, h: Hand10) -> &Hand {
        HANDS[h.0 as usize].get_or_init(|| {
            let mut best = [0i16; 16];
            sub_keys5(&self.counts10[h.0 as usize], &mut |put| {
                let put = self.index5[put] as usize;
                for (b, &k) in best.iter_mut().zip(&self.put_key[put]) {
                    *b = (*b).max(k);
                }
            });
            let points = std::array::from_fn(|c| (best[c] >> 8) as i32 * 1000);
            Hand {
                keys: keys_of(&points),
                puts: std::array::from_fn(|c| Dice5(self.by_tie[255 - (best[c] & 0xff) as usize])),
            }
        })
    }

    /// The 5-dice multiset of five faces, or None if a face is not 1..=6.
    #[inline]
    pub fn dice5(&self, dice: &[u8; 5]) -> Option<Dice5> {
        // A face that is not a die weighs more than all keys together.
        let key: usize = dice.iter().map(|&d| FACE_KEY[d as usize] as usize).sum();
        self.index5.get(key).map(|&i| Dice5(i))
    }

    /// The carry left when `put` leaves `hand`, or None if it is not held.
    #[inline]
    pub fn carry_of(&self, hand: Hand10, put: Dice5) -> Option<Dice5> {
        let (h, p) = (self.lanes10[hand.0 as usize], self.lanes5[put.0 as usize]);
        if !holds(h, p) {
            return None;
        }
        let k = self.key10[hand.0 as usize] as usize - self.key5[put.0 as usize] as usize;
        Some(Dice5(self.index5[k]))
    }

    pub fn counts5(&self, d: Dice5) -> &Counts {
        &self.counts5[d.0 as usize]
    }

    pub fn counts10(&self, h: Hand10) -> &Counts {
        &self.counts10[h.0 as usize]
    }

    /// Sorted faces of a 5-dice multiset.
    pub fn faces5(&self, d: Dice5) -> [u8; 5] {
        self.faces5[d.0 as usize]
    }

    /// Category points of five dice.
    pub fn score5(&self, d: Dice5, c: Category) -> i32 {
        self.score5[d.0 as usize][c.index()]
    }

    /// Category points of every five dice, by index.
    pub fn points5(&self) -> &[[i32; CATEGORIES]] {
        &self.score5
    }

    /// The 10-dice hand made of two 5-dice multisets.
    #[inline]
    pub fn add5(&self, a: Dice5, b: Dice5) -> Hand10 {
        let row = match ADD5[a.0 as usize].get() {
            Some(row) => row,
            None => self.add5_row(a),
        };
        Hand10(row[b.0 as usize])
    }

    /// The hands of a carry with every bundle, worked out on first use.
    #[cold]
    fn add5_row(&self, a: Dice5) -> &[u16; N5] {
        ADD5[a.0 as usize].get_or_init(|| {
            let a = self.counts5(a);
            Box::new(std::array::from_fn(|q| {
                let b = &self.counts5[q];
                rank10(&self.ranks, &std::array::from_fn(|f| a[f] + b[f])) as u16
            }))
        })
    }

    /// Every distinct (put, carry) split of a hand, puts in index order.
    pub fn splits(&self, h: Hand10) -> &[Split] {
        SPLITS[h.0 as usize].get_or_init(|| {
            let whole = self.key10[h.0 as usize] as usize;
            let mut splits = Vec::new();
            sub_keys5(&self.counts10[h.0 as usize], &mut |k| {
                splits.push(Split {
                    put: Dice5(self.index5[k]),
                    carry: Dice5(self.index5[whole - k]),
                });
            });
            splits.into_boxed_slice()
        })
    }

    /// The best put of a category from a hand (tie-break: largest carry sum,
    /// then lexicographically smallest put).
    pub fn best10(&self, h: Hand10, c: Category) -> BestPut {
        let hand = self.hand(h);
        BestPut {
            points: points_of_key(hand.keys[c.index()]),
            put: hand.puts[c.index()],
        }
    }

    /// The best put of every category from a hand.
    #[inline]
    pub fn options10(&'static self, h: Hand10) -> Options {
        let hand = self.hand(h);
        Options {
            keys: &hand.keys,
            puts: &hand.puts,
        }
    }

    /// Every category's put of five dice: the dice themselves.
    #[inline]
    pub fn options5(&'static self, d: Dice5) -> Options {
        Options {
            keys: &self.keys5[d.0 as usize],
            puts: &self.put5[d.0 as usize],
        }
    }

    pub fn weight10(&self, h: Hand10) -> f64 {
        self.weight10
            .get_or_init(|| self.counts10.iter().map(probability).collect())[h.0 as usize]
    }

    pub fn weight5(&self, d: Dice5) -> f64 {
        self.weight5[d.0 as usize]
    }

    /// Exact par: expected best points of each category from 10 random dice
    /// (works out every hand).
    pub fn par(&self) -> &[f64; CATEGORIES] {
        self.par.get_or_init(|| {
            let mut par = [0.0; CATEGORIES];
            for h in 0..N10 {
                let (w, hand) = (self.weight10(Hand10(h as u16)), self.hand(Hand10(h as u16)));
                for (p, &key) in par.iter_mut().zip(&hand.keys) {
                    *p += w * points_of_key(key) as f64;
                }
            }
            par
        })
    }
}
