//! The tables' entries: multisets of five and ten dice by index (`Dice5`,
//! `Hand10`), a hand's splits, and a row of the best put per category as
//! keys (`Options`: points above the category, so one maximum picks the
//! best category).

use crate::rules::{CATEGORIES, Category};

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
pub(super) fn keys_of(points: &[i32; CATEGORIES]) -> [i16; 16] {
    std::array::from_fn(|c| match points.get(c) {
        Some(&p) => ((p / 1000) << 4 | (15 - c as i32)) as i16,
        None => NO_KEY,
    })
}
