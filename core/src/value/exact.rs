//! Exact rows on demand (`ExactRows`): the rows a state's puts lead to,
//! solved from the last put back by [`solve_row`] as the whole table is,
//! only those below the states asked for, and kept for the game. A
//! submission ships a rounded table; a player that values a roll on these
//! rows values it as a player on the exact table does, to the bit. The
//! work is counted in rows, so a position gets the same rows on any
//! machine.

use super::layout::{Layout, Row, up_of};
use super::search::NextRows;
use super::solver::{Rows, by_face_count, solve_row};
use super::table::ValueTable;
use crate::rules::CategorySet;
use crate::rules::tables::N5;

/// Exact rows solved so far, by layout index, on a table's layout.
pub struct ExactRows {
    table: &'static ValueTable,
    /// The exact table, when rows are copied from it rather than solved.
    source: Option<&'static ValueTable>,
    solved: Vec<Option<Box<(Row, f32)>>>,
}

/// The rows a state's puts can lead to were not all solved within the
/// rows allowed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OutOfRows;

impl ExactRows {
    /// No row solved yet, on the layout of `table`.
    pub fn new(table: &'static ValueTable) -> ExactRows {
        ExactRows {
            table,
            source: None,
            solved: vec![None; table.layout().rows()],
        }
    }

    /// As [`ExactRows::new`], each row copied from `exact` (the exact
    /// table, on the same layout) when its turn to be solved comes.
    pub fn copying(table: &'static ValueTable, exact: &'static ValueTable) -> ExactRows {
        ExactRows {
            source: Some(exact),
            ..ExactRows::new(table)
        }
    }

    /// How many rows are solved.
    pub fn solved(&self) -> usize {
        self.solved.iter().flatten().count()
    }

    /// Solves every row the puts from `used` at `upper_points` can lead to
    /// (and the rows below them), at most `allowed` new rows and none once
    /// `late()`; Err when more were needed (the rows solved stay solved).
    pub fn prepare(
        &mut self,
        used: CategorySet,
        upper_points: i32,
        allowed: &mut usize,
        late: &mut dyn FnMut() -> bool,
    ) -> Result<(), OutOfRows> {
        let up = up_of(upper_points);
        for after in children(self.table.layout(), used, up) {
            self.ensure(after, allowed, late)?;
        }
        Ok(())
    }

    /// The rows the puts from `used` at `upper_points` lead to, exact, when
    /// [`ExactRows::prepare`] has solved them.
    pub fn next_rows(&self, used: CategorySet, upper_points: i32) -> Option<NextRows<'_>> {
        NextRows::from_rows(self.table.layout(), used, upper_points, |row| {
            self.solved[row].as_deref().map(|(r, max)| (r, *max))
        })
    }

    /// Solves row `row` after the rows it reads.
    fn ensure(
        &mut self,
        row: usize,
        allowed: &mut usize,
        late: &mut dyn FnMut() -> bool,
    ) -> Result<(), OutOfRows> {
        if self.solved[row].is_some() {
            return Ok(());
        }
        let key = self.table.layout().keys()[row];
        for after in children(self.table.layout(), key.used, key.up as usize) {
            self.ensure(after, allowed, late)?;
        }
        if *allowed == 0 || late() {
            return Err(OutOfRows);
        }
        *allowed -= 1;
        let mut out = [0f32; N5];
        match self.source {
            Some(exact) => out.copy_from_slice(exact.row_at(row)),
            None => solve_row(key, &Solved(self), &mut out),
        }
        let max = out.iter().copied().fold(f32::NEG_INFINITY, f32::max);
        self.solved[row] = Some(Box::new((out, max)));
        Ok(())
    }
}

/// The rows (layout indices) a put from `used` at upper total `up`
/// (thousands) can lead to: every open category, an upper one by every
/// count of its face (none once every category is used).
fn children(layout: &Layout, used: CategorySet, up: usize) -> Vec<usize> {
    let mut rows = Vec::new();
    for c in used.complement().iter() {
        let after = used.with(c);
        for (_, _, up_after) in by_face_count(c, up) {
            if let Some(row) = layout.row_of(after, up_after)
                && !rows.contains(&row)
            {
                rows.push(row);
            }
        }
    }
    rows
}

/// The solved rows as the solver reads them.
struct Solved<'a>(&'a ExactRows);

impl Rows for Solved<'_> {
    fn row(&self, used: CategorySet, up: usize) -> &Row {
        let row = self
            .0
            .table
            .layout()
            .row_of(used, up)
            .expect("a reachable state");
        &self.0.solved[row].as_deref().expect("solved before").0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Category;
    use crate::rules::tables::tables;

    /// A table whose rows are all wrong by a constant (a shipped table's
    /// rounding, exaggerated), on the exact layout.
    fn shifted() -> &'static ValueTable {
        static T: std::sync::OnceLock<ValueTable> = std::sync::OnceLock::new();
        T.get_or_init(|| {
            let exact = crate::testkit::table();
            let values = exact.values().iter().map(|v| v + 777.0).collect();
            ValueTable::from_values(Layout::new(), values).unwrap()
        })
    }

    #[test]
    fn prepared_rows_value_a_hand_as_the_exact_table_to_the_bit() {
        let exact = crate::testkit::table();
        let mut rows = ExactRows::new(shifted());
        let used = CategorySet::EMPTY
            .with(Category::Choice)
            .with(Category::Yacht)
            .with(Category::Two)
            .with(Category::Four)
            .with(Category::SmallStraight)
            .with(Category::One)
            .with(Category::FullHouse);
        let upper = 14_000;
        assert!(rows.next_rows(used, upper).is_none(), "nothing solved yet");
        let mut allowed = usize::MAX;
        rows.prepare(used, upper, &mut allowed, &mut || false)
            .unwrap();
        let next = rows.next_rows(used, upper).expect("prepared");
        let t = tables();
        for (put, carry) in [
            ([1, 1, 3, 3, 3], [5, 6, 6, 6, 2]),
            ([6, 6, 6, 6, 6], [5, 5, 4, 3, 1]),
        ] {
            let hand = t.add5(t.dice5(&put).unwrap(), t.dice5(&carry).unwrap());
            let want = exact.best_put(used, upper, hand);
            let got = next.best_put(hand);
            assert_eq!(got.value.to_bits(), want.value.to_bits());
            assert_eq!((got.category, got.put), (want.category, want.put));
            let off = shifted().best_put(used, upper, hand).value - want.value;
            assert!((off - 777.0).abs() < 1.0, "the shifted table is off");
        }
    }

    #[test]
    fn rows_copied_from_the_exact_table_are_the_rows_solved_counted_alike() {
        let used = [
            Category::Yacht,
            Category::Five,
            Category::Choice,
            Category::One,
        ]
        .into_iter()
        .fold(CategorySet::EMPTY, CategorySet::with);
        let mut solved = ExactRows::new(shifted());
        let mut copied = ExactRows::copying(shifted(), crate::testkit::table());
        for rows in [&mut solved, &mut copied] {
            let mut allowed = 2000;
            let _ = rows.prepare(used, 9_000, &mut allowed, &mut || false);
        }
        assert_eq!(solved.solved(), copied.solved());
        assert_eq!(solved.solved(), 2000, "the allowance ran out");
        for (a, b) in solved.solved.iter().zip(&copied.solved) {
            match (a, b) {
                (Some(a), Some(b)) => {
                    assert!(
                        a.0.iter()
                            .zip(&b.0)
                            .all(|(x, y)| x.to_bits() == y.to_bits())
                    );
                    assert_eq!(a.1.to_bits(), b.1.to_bits());
                }
                (None, None) => {}
                _ => panic!("a row solved in one and not the other"),
            }
        }
    }

    #[test]
    fn the_rows_allowed_bound_the_work_and_what_is_solved_stays() {
        let open = [Category::Yacht, Category::Three, Category::LargeStraight];
        let used = Category::ALL
            .into_iter()
            .filter(|c| !open.contains(c))
            .fold(CategorySet::EMPTY, CategorySet::with);
        let mut rows = ExactRows::new(shifted());
        let mut allowed = 3;
        assert_eq!(
            rows.prepare(used, 20_000, &mut allowed, &mut || false),
            Err(OutOfRows)
        );
        assert_eq!((allowed, rows.solved()), (0, 3));
        let mut allowed = usize::MAX;
        rows.prepare(used, 20_000, &mut allowed, &mut || false)
            .unwrap();
        let all = rows.solved();
        assert!(all > 3);
        let mut none = 0;
        rows.prepare(used, 20_000, &mut none, &mut || false)
            .unwrap();
        assert_eq!(rows.solved(), all, "nothing solved twice");
        let mut late = ExactRows::new(shifted());
        let mut allowed = usize::MAX;
        let late_now = late.prepare(used, 20_000, &mut allowed, &mut || true);
        assert_eq!((late_now, late.solved()), (Err(OutOfRows), 0));
    }
}
