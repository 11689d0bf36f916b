//! The backward solver: one row from the rows of the level above
//! (`solve_row`: every put of every hand, then the mean over bundles), and
//! the one level loop of V and of its spread (`solve_levels`,
//! `solve_levels_by`), a level's rows split among threads.

use super::layout::{Layout, Row, RowKey, UP_CAP};
use crate::rules::tables::{Dice5, N5, N10, tables};
use crate::rules::{Category, CategorySet, bonus_for};
use std::sync::OnceLock;

/// Rows already solved, by state: what a row's solution reads.
pub trait Rows {
    /// The row of a reachable state with at most eleven categories used.
    fn row(&self, used: CategorySet, up: usize) -> &Row;
}

/// Flat tables for the solver's inner loops.
pub(crate) struct Kernel {
    /// The hand of a put and a carry, by their indices.
    pub(crate) add: Vec<[u16; N5]>,
    /// Probability of each bundle.
    pub(crate) weight: [f32; N5],
}

pub(crate) fn kernel() -> &'static Kernel {
    static KERNEL: OnceLock<Kernel> = OnceLock::new();
    KERNEL.get_or_init(|| {
        let t = tables();
        let d = |i: usize| Dice5(i as u8);
        Kernel {
            add: (0..N5)
                .map(|a| std::array::from_fn(|b| t.add5(d(a), d(b)).0))
                .collect(),
            weight: std::array::from_fn(|b| t.weight5(d(b)) as f32),
        }
    })
}

#[inline(always)]
pub(super) fn max(a: f32, b: f32) -> f32 {
    if a > b { a } else { b }
}

/// What a put of `points` into `c` at upper total `up` gains now (points
/// and any bonus), and the upper total it leaves.
#[inline]
pub(crate) fn gain(c: Category, points: i32, up: usize) -> (i32, usize) {
    let now = points + bonus_for(c, points, up as i32 * 1000);
    match c.face() {
        Some(_) => (now, (up + points as usize / 1000).min(UP_CAP)),
        None => (now, up),
    }
}

/// A put into category `c` at upper total `up` (thousands), by each count
/// `n` of its face's dice put (0 to 5; 0 alone for the other categories):
/// `n`, what it gains now (by [`gain`]: an upper put's points and any
/// bonus; 0 for the others, whose points the hand decides) and the upper
/// total it leaves.
pub(crate) fn by_face_count(c: Category, up: usize) -> impl Iterator<Item = (usize, i32, usize)> {
    let face = c.face().map_or(0, usize::from);
    let counts = if face > 0 { 6 } else { 1 };
    (0..counts).map(move |n| {
        let (now, after) = gain(c, (1000 * face * n) as i32, up);
        (n, now, after)
    })
}

/// Solves one row from the rows of the next level.
pub fn solve_row(key: RowKey, rows: &impl Rows, out: &mut Row) {
    let k = kernel();
    let points = tables().points5();
    let (used, up) = (key.used, key.up as usize);
    let open: Vec<Category> = used.complement().iter().collect();
    if let [last] = open[..] {
        // Round 13: the held dice go into the last category.
        for (held, v) in out.iter_mut().enumerate() {
            *v = gain(last, points[held][last.index()], up).0 as f32;
        }
        return;
    }
    // Putting dice that score nothing: the best next row, whatever the put.
    let mut nothing = [f32::NEG_INFINITY; N5];
    for &c in &open {
        let next = rows.row(used.with(c), up);
        for (x, &v) in nothing.iter_mut().zip(next) {
            *x = max(*x, v);
        }
    }
    let mut w = [f32::NEG_INFINITY; N10];
    let mut best = [0f32; N5];
    for (put, points) in points.iter().enumerate() {
        best.copy_from_slice(&nothing);
        for &c in &open {
            let pts = points[c.index()];
            if pts == 0 {
                continue;
            }
            let (now, after) = gain(c, pts, up);
            let next = rows.row(used.with(c), after);
            let now = now as f32;
            for (x, &v) in best.iter_mut().zip(next) {
                *x = max(*x, now + v);
            }
        }
        for (&hand, &v) in k.add[put].iter().zip(&best) {
            let slot = &mut w[hand as usize];
            *slot = max(*slot, v);
        }
    }
    for (held, v) in out.iter_mut().enumerate() {
        let hands = &k.add[held];
        *v = hands
            .iter()
            .zip(&k.weight)
            .map(|(&h, &p)| p * w[h as usize])
            .sum();
    }
}

/// Solves the rows of `levels`, given from the last put back, each from
/// the rows above it (solved or given in `values`), a level's rows split
/// among `threads` threads (the result does not depend on the number).
pub fn solve_levels(
    layout: &Layout,
    values: &mut [f32],
    levels: impl Iterator<Item = usize>,
    threads: usize,
) {
    solve_levels_by(layout, values, levels, threads, |key, above, out| {
        solve_row(key, above, out)
    });
}

/// Fills the rows of `levels` of `out` (from the last put back), each by
/// `solve(key, the rows of `out` above its level, row)`, a level's rows
/// split among `threads` threads (the result does not depend on the
/// number): the one level loop of V and of its spread.
pub(crate) fn solve_levels_by(
    layout: &Layout,
    out: &mut [f32],
    levels: impl Iterator<Item = usize>,
    threads: usize,
    solve: impl Fn(RowKey, &Solved, &mut Row) + Sync,
) {
    for level in levels {
        let rows = layout.level(level);
        let (head, done) = out.split_at_mut(rows.end * N5);
        let above = Solved {
            layout,
            values: done,
            first: rows.end,
        };
        let keys = &layout.keys[rows.clone()];
        let this = &mut head[rows.start * N5..];
        let each = |outs: &mut [f32], keys: &[RowKey]| {
            for (row, &key) in outs.chunks_exact_mut(N5).zip(keys) {
                solve(key, &above, row.try_into().unwrap());
            }
        };
        if threads <= 1 {
            each(this, keys);
            continue;
        }
        let per = keys.len().div_ceil(threads).max(1);
        std::thread::scope(|s| {
            for (outs, keys) in this.chunks_mut(per * N5).zip(keys.chunks(per)) {
                let each = &each;
                s.spawn(move || each(outs, keys));
            }
        });
    }
}

/// Solved rows from `first` on (the levels above the one being solved).
pub(crate) struct Solved<'a> {
    pub(crate) layout: &'a Layout,
    pub(crate) values: &'a [f32],
    pub(crate) first: usize,
}

impl Rows for Solved<'_> {
    #[inline]
    fn row(&self, used: CategorySet, up: usize) -> &Row {
        let row = self.layout.row_of(used, up).expect("a reachable state") - self.first;
        self.values[row * N5..][..N5].try_into().unwrap()
    }
}
