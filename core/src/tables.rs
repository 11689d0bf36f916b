//! Precomputed tables over every multiset of 5 dice (252) and of 10 dice
//! (3003): category points, the distinct put/carry splits of a hand, the best
//! put per category (with the sample AIs' dice tie-break), and the par table.
//! Each entry is worked out once per process (a 10-dice hand when first
//! met); every decision is then a few look-ups. Std-only.

use crate::rules::{CATEGORIES, Category, Counts, score_counts};
use std::sync::OnceLock;

/// Number of 5-dice multisets.
pub const N5: usize = 252;
/// Number of 10-dice multisets.
pub const N10: usize = 3003;

/// A multiset of five dice, as an index into the 5-dice tables. Indices follow
/// the lexicographic order of the sorted dice (11111 = 0 … 66666 = 251).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Dice5(pub u8);

/// A multiset of ten dice, as an index into the 10-dice tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Hand10(pub u16);

/// One way to split a 10-dice hand: the five dice put and the five carried.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Split {
    pub put: Dice5,
    pub carry: Dice5,
}

/// The best put of one category from a hand: its category points and dice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BestPut {
    pub points: i32,
    pub put: Dice5,
}

/// The best put of every category from one holding: rows of the tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Per category `c`: its best points / 1000 in the high bits and
    /// `15 - c` in the low four, so the largest key among some categories
    /// is the most points, ties to the lower category. Lanes 12..16 hold
    /// `NO_KEY`.
    pub keys: &'static [i16; 16],
    pub puts: &'static [Dice5; CATEGORIES],
}

/// The key of lanes that are not a category (below every category key).
pub const NO_KEY: i16 = i16::MIN;

impl Options {
    /// The best points of a category.
    #[inline]
    pub fn points(&self, c: Category) -> i32 {
        points_of_key(self.keys[c.index()])
    }
}

/// The category of an `Options` key.
#[inline]
pub fn category_of_key(key: i16) -> Category {
    Category::from_index(15 - (key & 15) as usize)
}

/// The points of an `Options` key (with any points added above the low
/// four bits, e.g. a bonus).
#[inline]
pub fn points_of_key(key: i16) -> i32 {
    (key >> 4) as i32 * 1000
}

/// The keys of a row of points (see `Options::keys`).
fn keys_of(points: &[i32; CATEGORIES]) -> [i16; 16] {
    std::array::from_fn(|c| match points.get(c) {
        Some(&p) => ((p / 1000) << 4 | (15 - c as i32)) as i16,
        None => NO_KEY,
    })
}

/// All tables. Get them with [`tables()`]. The 5-dice tables are built at
/// once; each 10-dice hand is worked out on first use (a protocol program
/// meets a few dozen hands a game, so it starts without building 3003).
pub struct Tables {
    counts5: Vec<Counts>,
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
    counts10: Vec<Counts>,
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

/// The weight of each face in a key (see `key`): base-6 digits for faces
/// 1 to 5, none for sixes.
const FACE_WEIGHT: [usize; 7] = [0, 1, 6, 36, 216, 1296, 0];

/// Keys of five dice are below this.
const KEYS5: usize = 6usize.pow(5);

/// `FACE_WEIGHT` of every byte: a byte that is not a face weighs `KEYS5`,
/// so the sum of five is a key exactly when all five are faces.
const FACE_KEY: [u16; 256] = {
    let mut weights = [KEYS5 as u16; 256];
    let mut face = 1;
    while face <= 6 {
        weights[face] = FACE_WEIGHT[face] as u16;
        face += 1;
    }
    weights
};

/// Face counts in the bytes of a number (face 1 lowest), see `holds`.
fn lanes(c: &Counts) -> u64 {
    c.iter().rev().fold(0, |l, &n| l << 8 | n as u64)
}

/// The top bit of each face's byte in `lanes`.
const LANE_TOPS: u64 = 0x8080_8080_8080;

/// Whether counts `a` hold counts `b` (as `lanes`, each count below 128):
/// a face's subtraction borrows, clearing its top bit, exactly when `b`
/// has more of it.
fn holds(a: u64, b: u64) -> bool {
    ((a | LANE_TOPS) - b) & LANE_TOPS == LANE_TOPS
}

/// The key of face counts, Σ count(f)·FACE_WEIGHT(f): unique for five dice
/// (counts ≤ 5, and the sixes are what the other faces leave), and
/// additive, so key(hand) − key(put) = key(carry).
fn key(c: &Counts) -> usize {
    c.iter()
        .zip(&FACE_WEIGHT[1..])
        .map(|(&n, w)| n as usize * w)
        .sum()
}

fn multisets(n: u8) -> Vec<Counts> {
    // Sorted dice d1 <= … <= dn in lexicographic order: more small faces
    // first; the last face takes what is left.
    fn rec(face: usize, left: u8, cur: Counts, out: &mut Vec<Counts>) {
        if face == 5 {
            out.push([cur[0], cur[1], cur[2], cur[3], cur[4], left]);
            return;
        }
        for k in (0..=left).rev() {
            let mut next = cur;
            next[face] = k;
            rec(face + 1, left - k, next, out);
        }
    }
    let mut out = Vec::new();
    rec(0, n, [0; 6], &mut out);
    out
}

/// The index of a multiset of ten dice among all of them (lexicographic
/// order of the sorted dice, as `multisets(10)` lists them): the number of
/// hands that come first, summed face by face from `before` (see `ranks`).
fn rank10(before: &Ranks, c: &Counts) -> usize {
    let mut left = 10;
    let mut r = 0;
    for f in 0..5 {
        r += before[f][left][c[f] as usize] as usize;
        left -= c[f] as usize;
    }
    r
}

type Ranks = [[[u16; 11]; 11]; 5];

/// `before[f][n][k]`: with `n` dice left for faces f.. (the smaller faces
/// fixed), how many multisets come first because they hold more than `k`
/// dice of face f.
fn ranks() -> Ranks {
    // Multisets of m dice over the faces after f: C(m + 4 - f, 4 - f).
    let choose = |n: usize, k: usize| (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1));
    let mut before = [[[0; 11]; 11]; 5];
    for (f, table) in before.iter_mut().enumerate() {
        for (n, row) in table.iter_mut().enumerate() {
            for (k, cell) in row.iter_mut().enumerate().take(n + 1) {
                *cell = (k + 1..=n)
                    .map(|j| choose(n - j + 4 - f, 4 - f))
                    .sum::<usize>() as u16;
            }
        }
    }
    before
}

/// Visits the key (see `key`) of every 5-dice multiset within `limit`, in
/// index order. Keys are sums, so the key of `limit` minus a visited key is
/// the key of the dice left over.
fn sub_keys5(limit: &Counts, visit: &mut impl FnMut(usize)) {
    // room[f]: how many dice faces f.. can still take.
    let mut room = [0u8; 7];
    for f in (0..6).rev() {
        room[f] = room[f + 1] + limit[f];
    }
    fn rec(
        face: usize,
        left: u8,
        key: usize,
        limit: &Counts,
        room: &[u8; 7],
        visit: &mut impl FnMut(usize),
    ) {
        if left == 0 {
            return visit(key);
        }
        if left > room[face] {
            return;
        }
        // More small faces first.
        for k in (0..=left.min(limit[face])).rev() {
            let key = key + k as usize * FACE_WEIGHT[face + 1];
            rec(face + 1, left - k, key, limit, room, visit);
        }
    }
    rec(0, 5, 0, limit, &room, visit);
}

fn probability(c: &Counts) -> f64 {
    let fact = |n: u8| (1..=n as u64).product::<u64>() as f64;
    let n: u8 = c.iter().sum();
    let ways = fact(n) / c.iter().map(|&k| fact(k)).product::<f64>();
    ways / 6f64.powi(n as i32)
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

fn faces_of(c: &Counts) -> [u8; 5] {
    let mut out = [0u8; 5];
    let faces = (0..6u8).flat_map(|f| std::iter::repeat_n(f + 1, c[f as usize] as usize));
    for (o, f) in out.iter_mut().zip(faces) {
        *o = f;
    }
    out
}

fn counts_sum(c: &Counts) -> u8 {
    c.iter().sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{counts_of, parse_dice, score_dice};

    #[test]
    fn indices_follow_lexicographic_order() {
        let t = tables();
        assert_eq!(t.faces5(Dice5(0)), [1, 1, 1, 1, 1]);
        assert_eq!(t.dice5(&[2, 1, 1, 1, 1]), Some(Dice5(1)));
        assert_eq!(t.dice5(&[2, 1, 7, 1, 1]), None);
        assert_eq!(t.dice5(&[2, 1, 0, 1, 1]), None);
        assert_eq!(t.faces5(Dice5(1)), [1, 1, 1, 1, 2]);
        assert_eq!(t.faces5(Dice5(251)), [6, 6, 6, 6, 6]);
        for i in 1..N5 {
            assert!(t.faces5(Dice5(i as u8 - 1)) < t.faces5(Dice5(i as u8)));
        }
    }

    #[test]
    fn dice5_takes_faces_and_refuses_any_other_byte() {
        let t = tables();
        for d in 0..=u8::MAX {
            let dice = [3, 1, d, 6, 2];
            let expected = (1..=6).contains(&d).then(|| {
                let i = (0..N5).position(|i| t.counts5[i] == counts_of(&dice));
                Dice5(i.unwrap() as u8)
            });
            assert_eq!(t.dice5(&dice), expected, "face {d}");
        }
    }

    #[test]
    fn a_key_gives_back_its_category_and_points() {
        let t = tables();
        for d in 0..N5 {
            let (d, options) = (Dice5(d as u8), t.options5(Dice5(d as u8)));
            for c in Category::ALL {
                assert_eq!(options.points(c), t.score5(d, c));
                assert_eq!(category_of_key(options.keys[c.index()]), c);
            }
            assert_eq!(options.keys[CATEGORIES..], [NO_KEY; 16 - CATEGORIES]);
        }
    }

    #[test]
    fn holds_is_a_face_by_face_comparison() {
        let t = tables();
        for h in &t.counts10 {
            for p in &t.counts5 {
                let plain = (0..6).all(|f| p[f] <= h[f]);
                assert_eq!(holds(lanes(h), lanes(p)), plain, "{h:?} {p:?}");
            }
        }
    }

    #[test]
    fn rank_of_each_hand_is_its_index() {
        let before = ranks();
        for (i, c) in multisets(10).iter().enumerate() {
            assert_eq!(rank10(&before, c), i);
        }
    }

    #[test]
    fn carry_is_the_hand_minus_the_put() {
        let t = tables();
        let h = t.add5(
            t.dice5(&[1, 1, 2, 3, 6]).unwrap(),
            t.dice5(&[6, 6, 5, 4, 1]).unwrap(),
        );
        let put = t.dice5(&[1, 1, 1, 6, 6]).unwrap();
        assert_eq!(t.carry_of(h, put), t.dice5(&[2, 3, 4, 5, 6]));
        assert_eq!(t.carry_of(h, t.dice5(&[1, 1, 1, 1, 6]).unwrap()), None);
        for sp in t.splits(h) {
            assert_eq!(t.carry_of(h, sp.put), Some(sp.carry));
            assert_eq!(t.add5(sp.put, sp.carry), h);
        }
    }

    #[test]
    fn probabilities_sum_to_one() {
        let t = tables();
        let s10: f64 = (0..N10).map(|h| t.weight10(Hand10(h as u16))).sum();
        let s5: f64 = (0..N5).map(|d| t.weight5(Dice5(d as u8))).sum();
        assert!((s10 - 1.0).abs() < 1e-12 && (s5 - 1.0).abs() < 1e-12);
    }

    #[test]
    fn par_rounds_to_the_published_table() {
        let expected = [
            1664, 3328, 4992, 6656, 8320, 9984, 24179, 7937, 19300, 9750, 13218, 4635,
        ];
        let par: Vec<i64> = tables().par().iter().map(|p| p.round() as i64).collect();
        assert_eq!(par, expected);
    }

    #[test]
    fn best_put_uses_the_dice_tie_break() {
        let t = tables();
        let a = t.dice5(&parse_dice("66611").unwrap()).unwrap();
        let b = t.dice5(&parse_dice("62345").unwrap()).unwrap();
        let h = t.add5(a, b);
        // Four sixes, and the smallest fifth die so the carry keeps the most.
        let best = t.best10(h, Category::Six);
        assert_eq!(best.points, 24000);
        assert_eq!(t.faces5(best.put), [1, 6, 6, 6, 6]);
        let ls = t.best10(h, Category::LargeStraight);
        assert_eq!(ls.points, 30000);
        assert_eq!(t.faces5(ls.put), [1, 2, 3, 4, 5]);
        let y = t.best10(h, Category::Yacht);
        assert_eq!(y.points, 0);
        assert_eq!(t.faces5(y.put), [1, 1, 2, 3, 4]);
        assert_eq!(score_dice(Category::Six, &t.faces5(best.put)), 24000);
    }
}

#[cfg(test)]
mod properties {
    use super::*;
    use crate::rules::{counts_of, score_dice};
    use proptest::prelude::*;

    proptest! {
        /// The table's best put equals a brute force over all C(10,5) index
        /// subsets of the hand, with the same tie-break.
        #[test]
        fn best_put_equals_brute_force(dice in proptest::array::uniform10(1u8..=6)) {
            let t = tables();
            let a = t.dice5(&dice[..5].try_into().unwrap()).unwrap();
            let b = t.dice5(&dice[5..].try_into().unwrap()).unwrap();
            let h = t.add5(a, b);
            for c in Category::ALL {
                let mut best: Option<(i32, i32, [u8; 5])> = None;
                for m in 0u32..1024 {
                    if m.count_ones() != 5 { continue; }
                    let mut put = [0u8; 5];
                    let mut k = 0;
                    for (i, d) in dice.iter().enumerate() {
                        if m & (1 << i) != 0 { put[k] = *d; k += 1; }
                    }
                    put.sort();
                    let pts = score_dice(c, &put);
                    let sum: i32 = put.iter().map(|&x| x as i32).sum();
                    // Key: most points, then smallest put sum, then smallest put.
                    let better = match best {
                        None => true,
                        Some((bp, bs, bd)) => (pts, -sum) > (bp, -bs) || ((pts, -sum) == (bp, -bs) && put < bd),
                    };
                    if better { best = Some((pts, sum, put)); }
                }
                let (pts, _, put) = best.unwrap();
                let tb = t.best10(h, c);
                prop_assert_eq!(tb.points, pts);
                prop_assert_eq!(t.faces5(tb.put), put);
                // And the carry table agrees with multiset subtraction.
                let rest = t.carry_of(h, tb.put).unwrap();
                let whole = counts_of(&dice);
                let sub: Counts = std::array::from_fn(|f| whole[f] - t.counts5(tb.put)[f]);
                prop_assert_eq!(t.counts5(rest), &sub);
            }
        }
    }
}
