//! `ValueTable`: the solved table's storage (values, each row's highest
//! value, the spread and skewness rows once solved or read), its look-ups
//! (`held_value`, `held_spread`, `held_skew`, `expected_game`) and
//! `play_solitaire`.

use super::layout::{LEVELS, Layout, Row, up_of};
use super::solver::{Rows, solve_levels};
use crate::game::{Card, Holding};
use crate::rules::tables::{Dice5, N5, N10, tables};
use crate::rules::{AUCTIONS, CategorySet};
use std::sync::OnceLock;

/// The whole table: a row per reachable state.
pub struct ValueTable {
    pub(super) layout: Layout,
    values: Vec<f32>,
    /// Each row's highest value: what bounds a category's puts in
    /// [`NextRows::best_put`].
    pub(super) maxima: Vec<f32>,
    /// Per state with two categories open (the last auction's), the best
    /// put's value from every hand, worked out on first use.
    pub(super) last_puts: Box<[OnceLock<Box<[f32; N10]>>]>,
    /// The spread of the points to come (solved by the spread module), once solved or
    /// read: the fast win-probability decisions need it.
    spread: OnceLock<Vec<f32>>,
    /// The skewness of the points to come (their third central moment over
    /// the spread's 3/2 power; solved by the spread module), once solved or
    /// read: the fast win probability's skew correction needs it.
    skew: OnceLock<Vec<f32>>,
}

impl std::fmt::Debug for ValueTable {
    /// The size, not the values.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "ValueTable({} rows)", self.layout.rows())
    }
}

impl ValueTable {
    /// Solves every row, a level at a time, each level's rows split among
    /// `threads` threads (the result does not depend on the number).
    pub fn solve(threads: usize) -> ValueTable {
        let layout = Layout::new();
        let mut values = vec![0f32; layout.rows() * N5];
        solve_levels(&layout, &mut values, (0..LEVELS).rev(), threads);
        ValueTable::from_values(layout, values).expect("a value per row")
    }

    /// A table from its layout and values (as `values` returned them).
    pub fn from_values(layout: Layout, values: Vec<f32>) -> Option<ValueTable> {
        (values.len() == layout.rows() * N5).then(|| ValueTable {
            maxima: values
                .chunks_exact(N5)
                .map(|row| row.iter().copied().fold(f32::NEG_INFINITY, f32::max))
                .collect(),
            last_puts: layout
                .level(LAST_PUT_LEVEL)
                .map(|_| OnceLock::new())
                .collect(),
            layout,
            values,
            spread: OnceLock::new(),
            skew: OnceLock::new(),
        })
    }

    /// The same table with its spread rows (as [`ValueTable::spreads`]
    /// returns them); None when their number is not the values'.
    pub fn with_spreads(self, spreads: Vec<f32>) -> Option<ValueTable> {
        self.set_rows(&self.spread, spreads).then_some(self)
    }

    /// Every row's spread (variance of the points to come), rows in layout
    /// order, when solved or read.
    pub fn spreads(&self) -> Option<&[f32]> {
        self.spread.get().map(Vec::as_slice)
    }

    /// The spread rows, from `solve` unless they are already there (see
    /// the spread module).
    pub fn spreads_or(&self, solve: impl FnOnce() -> Vec<f32>) -> &[f32] {
        self.spread.get_or_init(solve)
    }

    /// The same table with its skewness rows (as [`ValueTable::skews`]
    /// returns them); None when their number is not the values'.
    pub fn with_skews(self, skews: Vec<f32>) -> Option<ValueTable> {
        self.set_rows(&self.skew, skews).then_some(self)
    }

    /// Puts `rows` in `cell` when there is one per value (false otherwise).
    fn set_rows(&self, cell: &OnceLock<Vec<f32>>, rows: Vec<f32>) -> bool {
        let fits = rows.len() == self.values.len();
        if fits {
            let _ = cell.set(rows);
        }
        fits
    }

    /// `cell`'s entry for a player holding `held` between rounds (0 once
    /// every category is used), when `cell` is filled.
    #[inline]
    fn held_entry(
        &self,
        cell: &OnceLock<Vec<f32>>,
        used: CategorySet,
        upper_points: i32,
        held: Dice5,
    ) -> Option<f32> {
        if used == CategorySet::ALL {
            return Some(0.0);
        }
        let row = self.layout.row_of(used, up_of(upper_points))?;
        Some(cell.get()?[row * N5 + held.0 as usize])
    }

    /// Every row's skewness of the points to come, when solved or read.
    pub fn skews(&self) -> Option<&[f32]> {
        self.skew.get().map(Vec::as_slice)
    }

    /// The skewness rows, from `solve` unless they are already there.
    pub fn skews_or(&self, solve: impl FnOnce() -> Vec<f32>) -> &[f32] {
        self.skew.get_or_init(solve)
    }

    /// The skewness of the points to come for a player holding `held`
    /// between rounds (0 once every category is used), when it is there.
    #[inline]
    pub fn held_skew(&self, used: CategorySet, upper_points: i32, held: Dice5) -> Option<f32> {
        self.held_entry(&self.skew, used, upper_points, held)
    }

    /// The variance of the points to come for a player holding `held`
    /// between rounds (0 once every category is used), when the spread is
    /// there.
    #[inline]
    pub fn held_spread(&self, used: CategorySet, upper_points: i32, held: Dice5) -> Option<f32> {
        self.held_entry(&self.spread, used, upper_points, held)
    }

    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// Every row's values, rows in layout order.
    pub fn values(&self) -> &[f32] {
        &self.values
    }

    /// Expected points to come for a player holding `held` between rounds
    /// (0 once every category is used).
    pub fn held_value(&self, used: CategorySet, upper_points: i32, held: Dice5) -> f32 {
        if used == CategorySet::ALL {
            return 0.0;
        }
        self.row(used, up_of(upper_points))[held.0 as usize]
    }

    /// The expected score of a whole solitaire game: V of the first bundle,
    /// averaged over bundles.
    pub fn expected_game(&self) -> f64 {
        let row = self.row(CategorySet::EMPTY, 0);
        (0..N5)
            .map(|b| tables().weight5(Dice5(b as u8)) * row[b] as f64)
            .sum()
    }

    /// Row `row` of the layout's order.
    pub(super) fn row_at(&self, row: usize) -> &Row {
        self.values[row * N5..][..N5].try_into().unwrap()
    }

    /// The score of a solitaire game (every bundle is the player's, from
    /// `bundle`) put by this table.
    pub fn play_solitaire(&self, mut bundle: impl FnMut() -> [u8; 5]) -> i32 {
        let t = tables();
        let mut card = Card::default();
        for _ in 0..AUCTIONS {
            card.receive(t.dice5(&bundle()).expect("faces 1 to 6"), 0);
            if let Holding::Ten(hand) = card.holding {
                let m = self.best_put(card.used, card.upper, hand);
                card.apply_put(m.category, &t.faces5(m.put))
                    .expect("a legal put");
            }
        }
        let last = card.used.complement().first().expect("one category left");
        let held = card.carry().expect("five dice held");
        card.apply_put(last, &t.faces5(held)).expect("a legal put");
        card.total()
    }
}

/// The level (categories used) of the states between rounds 11 and 12.
pub(super) const LAST_PUT_LEVEL: usize = LEVELS - 2;

impl Rows for ValueTable {
    #[inline]
    fn row(&self, used: CategorySet, up: usize) -> &Row {
        self.row_at(self.layout.row_of(used, up).expect("a reachable state"))
    }
}
