//! The table's row layout: a row of 252 values (one per held multiset)
//! per reachable (used, upper) state, rows ordered by level, then mask, then
//! upper total; every upper total from which the bonus is settled (already
//! earned, or out of reach) shares one (`Layout`, `RowKey`, `up_of`,
//! `reachable_ups`, `bonus_settled`).

use crate::rules::CATEGORIES;
use crate::rules::CategorySet;
use crate::rules::tables::N5;

/// Upper totals are tracked in thousands, capped here (the bonus threshold).
pub const UP_CAP: usize = 63;
/// Upper totals per mask: 0..=UP_CAP.
pub const UPS: usize = UP_CAP + 1;
pub(super) const MASKS: usize = 1 << CATEGORIES;
/// Levels with rows: 0..=11 categories used (with twelve nothing is left).
pub const LEVELS: usize = CATEGORIES;
pub(super) const NO_ROW: u32 = u32::MAX;

/// One row of the table: V for each held multiset of five dice.
pub type Row = [f32; N5];

/// A row's state: the categories used and the upper total (in thousands)
/// it is solved at. A settled row is solved at `UP_CAP`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RowKey {
    pub used: CategorySet,
    pub up: u8,
}

/// Which rows exist and where they are: rows ordered by level, then mask,
/// then upper total.
pub struct Layout {
    /// Per mask and upper total: the row, or `NO_ROW` when unreachable.
    row_of: Vec<[u32; UPS]>,
    pub(super) keys: Vec<RowKey>,
    /// Rows of level k are `level_start[k]..level_start[k + 1]`.
    level_start: [usize; LEVELS + 1],
    /// How many (mask, upper total) pairs are reachable.
    reachable: usize,
}

/// The upper total in thousands, capped, of an upper total in points.
pub fn up_of(upper_points: i32) -> usize {
    ((upper_points.max(0) / 1000) as usize).min(UP_CAP)
}

/// Bit `u` set when an upper total of `u` thousand (capped at 63) can be
/// reached with the used upper categories of `used` (0..=5 dice of each).
pub fn reachable_ups(used: CategorySet) -> u64 {
    let mut reach: u64 = 1;
    for c in CategorySet::UPPER.iter().filter(|&c| used.contains(c)) {
        let face = c.face().map_or(0, usize::from);
        let mut next = 0u64;
        for n in 0..=5 {
            for u in (0..UPS).filter(|u| reach & 1 << u != 0) {
                next |= 1 << (u + face * n).min(UP_CAP);
            }
        }
        reach = next;
    }
    reach
}

/// Whether the bonus is decided at upper total `up` (thousands) with the
/// categories `used`: earned, or out of reach of the open upper categories.
pub fn bonus_settled(used: CategorySet, up: usize) -> bool {
    let most_to_come: usize = CategorySet::UPPER
        .iter()
        .filter(|&c| !used.contains(c))
        .map(|c| 5 * c.face().map_or(0, usize::from))
        .sum();
    up >= UP_CAP || up + most_to_come < UP_CAP
}

impl Layout {
    /// The rows of every reachable state.
    pub fn new() -> Layout {
        let mut by_level: Vec<Vec<RowKey>> = vec![Vec::new(); LEVELS];
        let mut row_of = vec![[NO_ROW; UPS]; MASKS];
        let mut reachable = 0;
        for mask in 0..MASKS - 1 {
            let used = CategorySet::from_bits(mask as u16);
            let reach = reachable_ups(used);
            reachable += reach.count_ones() as usize;
            let ups = (0..UPS).filter(|&u| reach & 1 << u != 0);
            let any_settled = ups.clone().any(|u| bonus_settled(used, u));
            let keys = &mut by_level[used.len() as usize];
            for u in ups.filter(|&u| !bonus_settled(used, u)) {
                keys.push(RowKey { used, up: u as u8 });
            }
            if any_settled {
                keys.push(RowKey {
                    used,
                    up: UP_CAP as u8,
                });
            }
        }
        let mut keys = Vec::new();
        let mut level_start = [0; LEVELS + 1];
        for (level, level_keys) in by_level.into_iter().enumerate() {
            level_start[level] = keys.len();
            keys.extend(level_keys);
        }
        level_start[LEVELS] = keys.len();
        for (row, key) in keys.iter().enumerate() {
            let slots = &mut row_of[key.used.bits() as usize];
            if key.up as usize == UP_CAP {
                for (u, slot) in slots.iter_mut().enumerate() {
                    if bonus_settled(key.used, u) {
                        *slot = row as u32;
                    }
                }
            } else {
                slots[key.up as usize] = row as u32;
            }
        }
        Layout {
            row_of,
            keys,
            level_start,
            reachable,
        }
    }

    pub fn rows(&self) -> usize {
        self.keys.len()
    }

    pub fn keys(&self) -> &[RowKey] {
        &self.keys
    }

    /// The rows of a level (that many categories used).
    pub fn level(&self, level: usize) -> std::ops::Range<usize> {
        self.level_start[level]..self.level_start[level + 1]
    }

    /// Reachable (used, upper total) pairs, settled ones counted one by one.
    pub fn reachable(&self) -> usize {
        self.reachable
    }

    /// The row of a state, or None when it cannot be reached.
    #[inline]
    pub fn row_of(&self, used: CategorySet, up: usize) -> Option<usize> {
        match self.row_of[used.bits() as usize][up.min(UP_CAP)] {
            NO_ROW => None,
            row => Some(row as usize),
        }
    }
}

impl Default for Layout {
    fn default() -> Layout {
        Layout::new()
    }
}
