//! The put search: the rows a put from one state can lead to, looked up once
//! (`ValueTable::next_rows`, `NextRows`, `shaped` by the genome), the best
//! put of a hand bounded by each row's highest value (`best_put`), ranked
//! puts, every hand's best value at the last auction's states
//! (`last_put_values`), and the work this thread has done: `searches()`, the
//! hands it searched, `leaves()`, the look-ahead leaves it valued, and
//! `work()`, both in quarters of a search.

use super::layout::{Layout, Row, up_of};
use super::solver::by_face_count;
use super::table::{LAST_PUT_LEVEL, ValueTable};
use crate::rules::tables::{Dice5, Hand10, N5, N10, Split, Tables, tables};
use crate::rules::{CATEGORIES, Category, CategorySet};
use std::cell::Cell;

thread_local! {
    static SEARCHES: Cell<u64> = const { Cell::new(0) };
    static LEAVES: Cell<u64> = const { Cell::new(0) };
}

/// How many hands this thread has searched for their best puts so far
/// ([`NextRows::best_put`], [`NextRows::ranked_puts`]): the work of a
/// strategy that does not depend on the machine. A caller reads it before
/// and after a decision; its difference is that decision's searches.
pub fn searches() -> u64 {
    SEARCHES.with(Cell::get)
}

pub(super) fn count_search() {
    SEARCHES.with(|s| s.set(s.get() + 1));
}

/// How many look-ahead leaves (the tables' margin after a played round)
/// this thread has valued so far, counted by the player that values them.
pub fn leaves() -> u64 {
    LEAVES.with(Cell::get)
}

/// Counts one look-ahead leaf valued (see [`leaves`]).
pub fn count_leaf() {
    LEAVES.with(|s| s.set(s.get() + 1));
}

/// A search's work in [`work`]'s units; a leaf is one. A leaf (two
/// outlooks, a margin, its P(win) at each bid weighed) costs about a fifth
/// of a search's time (0.19 from two hand-set copies of a champion, one
/// with more leaves, one with more searches; noisy, the lab journal):
/// a quarter, the round figure, errs toward counting leaves dearer. An
/// exact leaf (`wp_lookahead_exact`) costs more and counts the same.
pub const SEARCH_WORK: u64 = 4;

/// The work this thread has done so far, in quarters of a search:
/// [`SEARCH_WORK`] a hand searched, one a leaf valued. The same on any
/// machine; what a run's budget (`tuner evolve --max-searches`) counts.
pub fn work() -> u64 {
    SEARCH_WORK * searches() + leaves()
}

impl ValueTable {
    /// The best put from a hand of ten: its category, dice, and value
    /// (points + bonus + V of what it leaves). Ties go to the first split,
    /// then the first category.
    pub fn best_put(&self, used: CategorySet, upper_points: i32, hand: Hand10) -> BestMove {
        self.next_rows(used, upper_points).best_put(hand)
    }

    /// The best put's value ([`ValueTable::best_put`]'s, to the bit) from
    /// every hand of ten, at a state with two categories open (the last
    /// auction's): worked out once per state from every split of every
    /// hand (each of the 63 504 puts and carries once), then kept.
    /// None at other states.
    pub fn last_put_values(&self, used: CategorySet, upper_points: i32) -> Option<&[f32; N10]> {
        let row = self.layout.row_of(used, up_of(upper_points))?;
        let first = self.layout.level(LAST_PUT_LEVEL).start;
        let slot = self.last_puts.get(row.checked_sub(first)?)?;
        Some(slot.get_or_init(|| self.next_rows(used, upper_points).every_hand()))
    }

    /// The rows the next put from a state can lead to, looked up once for
    /// every hand valued from that state.
    pub fn next_rows(&self, used: CategorySet, upper_points: i32) -> NextRows<'_> {
        NextRows::from_rows(&self.layout, used, upper_points, |row| {
            Some((self.row_at(row), self.maxima[row]))
        })
        .expect("every row of the table")
    }
}

impl<'a> NextRows<'a> {
    /// The rows a put from `used` at `upper_points` can lead to, each with
    /// its highest value, by their layout index from `row` (None when
    /// `row` has one of them not).
    pub(super) fn from_rows(
        layout: &Layout,
        used: CategorySet,
        upper_points: i32,
        row: impl Fn(usize) -> Option<(&'a Row, f32)>,
    ) -> Option<NextRows<'a>> {
        static NOTHING: Row = [0.0; N5];
        let up = up_of(upper_points);
        let mut next: [[&Row; 6]; CATEGORIES] = [[&NOTHING; 6]; CATEGORIES];
        let mut upper_gain = [[0f32; 6]; CATEGORIES];
        let mut bound = [[0f32; 6]; CATEGORIES];
        for c in used.complement().iter() {
            let after = used.with(c);
            let mut most = f32::NEG_INFINITY;
            for (n, now, up_after) in by_face_count(c, up) {
                upper_gain[c.index()][n] = now as f32;
                let mut best_next = 0.0;
                if after != CategorySet::ALL {
                    let (values, max) = row(layout.row_of(after, up_after)?)?;
                    next[c.index()][n] = values;
                    best_next = max;
                }
                // An upper put's bound counts its face's dice; the others
                // gain 0 here and add their points when the hand is known.
                most = most.max(now as f32 + best_next);
                bound[c.index()][n] = most;
            }
        }
        Some(NextRows {
            used,
            upper_gain,
            next,
            bound,
            future: 1.0,
            adjust: None,
        })
    }
}

/// Category points come in thousands, 0 to 50 thousand.
pub(super) const POINT_STEPS: usize = 51;

/// What a shaping adds to a put now, by category and points (thousands).
pub(super) type Adjustments = [[f32; POINT_STEPS]; CATEGORIES];

/// The points (in thousands) a put into `c` can score: multiples of its
/// face for an upper category, any for the others.
pub(super) fn point_steps(c: Category) -> impl Iterator<Item = usize> {
    let (step, last) = match c.face() {
        Some(f) => (usize::from(f), 5 * usize::from(f)),
        None => (1, POINT_STEPS - 1),
    };
    (0..=last).step_by(step)
}

/// The rows a put from one state can lead to: per open category, by the
/// dice of its face put (one row for the other categories; zeros once
/// every category is used), and what an upper put gains now by the dice of
/// its face (points and any bonus; the other categories gain their points).
/// A put's value is what it gains now (+ any adjustment) + `future` × V of
/// what it leaves.
pub struct NextRows<'a> {
    used: CategorySet,
    upper_gain: [[f32; 6]; CATEGORIES],
    next: [[&'a Row; 6]; CATEGORIES],
    /// Per open category, the most a put can be worth exactly: an upper
    /// category's by how many dice of its face it puts at most (what it
    /// gains + the highest V it can lead to), the others' without their
    /// points (added by hand).
    bound: [[f32; 6]; CATEGORIES],
    future: f32,
    /// Only when shaped: exact play looks nothing more up.
    adjust: Option<Box<Adjustments>>,
}

impl NextRows<'_> {
    /// The same puts valued differently: `adjust(category, points)` added
    /// to what each gains now, V of what follows weighted by `future`. With
    /// no adjustment (0 everywhere) and `future` 1 the values are exact, to
    /// the bit.
    pub fn shaped(mut self, future: f32, adjust: impl Fn(Category, i32) -> f32) -> Self {
        let mut table = Box::new([[0f32; POINT_STEPS]; CATEGORIES]);
        for c in self.used.complement().iter() {
            for k in point_steps(c) {
                table[c.index()][k] = adjust(c, 1000 * k as i32);
            }
        }
        self.future = future;
        self.adjust = Some(table);
        self
    }

    /// The best put from a hand of ten (see [`ValueTable::best_put`]): the
    /// first of the highest values in [`NextRows::ranked_puts`]' order
    /// (splits, then categories). Searched category by category so that
    /// the rows a category leads to stay in cache across the splits; when
    /// valued exactly, the most promising category first and none whose
    /// bound is below the best found (the same put, to the bit).
    pub fn best_put(&self, hand: Hand10) -> BestMove {
        count_search();
        match &self.adjust {
            None => self.best_by(hand, true, |_, _, now, next| now + next),
            Some(adjust) => self.best_by(hand, false, |c, k, now, next| {
                now + adjust[c.index()][k] + self.future * next
            }),
        }
    }

    /// A put of `put` into open category `c`: its points, what it gains
    /// now (an upper put's points and any bonus, the others' points) and
    /// which of the category's rows it leads to (its face's dice; 0 for
    /// the other categories).
    #[inline(always)]
    fn scored(&self, t: &Tables, c: Category, put: Dice5) -> (i32, f32, usize) {
        let pts = t.score5(put, c);
        match c.face() {
            Some(f) => {
                let n = usize::from(t.counts5(put)[usize::from(f) - 1]);
                (pts, self.upper_gain[c.index()][n], n)
            }
            None => (pts, pts as f32, 0),
        }
    }

    /// The best put's value from every hand of ten (exact rows only): each
    /// put and carry once, whichever hand they split.
    fn every_hand(&self) -> Box<[f32; N10]> {
        debug_assert!(self.adjust.is_none(), "exact values only");
        let t = tables();
        let mut best = Box::new([f32::NEG_INFINITY; N10]);
        for c in self.used.complement().iter() {
            for put in (0..N5).map(|p| Dice5(p as u8)) {
                let (_, now, n) = self.scored(t, c, put);
                for (carry, next) in self.next[c.index()][n].iter().enumerate() {
                    let hand = t.add5(put, Dice5(carry as u8)).0 as usize;
                    let v = now + next;
                    if v > best[hand] {
                        best[hand] = v;
                    }
                }
            }
        }
        best
    }

    /// The open categories, each with the most a put of it from `hand` can
    /// be worth exactly (infinite unless `bounded`), the highest first.
    #[inline(always)]
    fn by_bound(&self, hand: Hand10, bounded: bool) -> ([(f32, Category); CATEGORIES], usize) {
        let t = tables();
        let counts = t.counts10(hand);
        let mut order = [(f32::INFINITY, Category::Choice); CATEGORIES];
        let mut len = 0;
        for c in self.used.complement().iter() {
            let bound = match (bounded, c.face()) {
                (false, _) => f32::INFINITY,
                (true, Some(f)) => {
                    self.bound[c.index()][usize::from(counts[usize::from(f) - 1]).min(5)]
                }
                (true, None) => t.best10(hand, c).points as f32 + self.bound[c.index()][0],
            };
            // Insertion: the highest bound first.
            let mut at = len;
            while at > 0 && order[at - 1].0 < bound {
                order[at] = order[at - 1];
                at -= 1;
            }
            order[at] = (bound, c);
            len += 1;
        }
        (order, len)
    }

    /// The best put valued by `value(category, points in thousands, gain
    /// now, V after)`: the highest value, then the earliest split, then the
    /// earliest category; categories whose bound (see [`NextRows::by_bound`])
    /// is below the best found are not searched.
    #[inline(always)]
    fn best_by(
        &self,
        hand: Hand10,
        bounded: bool,
        value: impl Fn(Category, usize, f32, f32) -> f32,
    ) -> BestMove {
        let t = tables();
        let splits = t.splits(hand);
        // (value, split, category); no split yet beats minus infinity.
        let mut best = (f32::NEG_INFINITY, usize::MAX, Category::Choice);
        let (order, len) = self.by_bound(hand, bounded);
        for &(bound, c) in &order[..len] {
            if bound < best.0 {
                break;
            }
            let rows = &self.next[c.index()];
            let of = |split: &Split| {
                let (pts, now, n) = self.scored(t, c, split.put);
                value(c, pts as usize / 1000, now, rows[n][split.carry.0 as usize])
            };
            // The highest value first (no index to carry: the lanes run
            // apart), its first split only when it can matter.
            let most = highest(splits, of);
            if most < best.0 {
                continue;
            }
            let first = splits.iter().position(|s| of(s) == most);
            let top = (most, first.unwrap_or(usize::MAX));
            if top.0 > best.0 || (top.0 == best.0 && (top.1, c) < (best.1, best.2)) {
                best = (top.0, top.1, c);
            }
        }
        let (value, i, category) = best;
        match splits.get(i) {
            Some(split) => BestMove {
                category,
                put: split.put,
                carry: split.carry,
                value,
            },
            None => BestMove {
                category: Category::Choice,
                put: Dice5(0),
                carry: Dice5(0),
                value,
            },
        }
    }

    /// The `k` best puts from a hand of ten, best first; among equal
    /// values the order of [`NextRows::best_put`]'s tie-break, so the first
    /// is always the best put.
    pub fn ranked_puts(&self, hand: Hand10, k: usize) -> Vec<BestMove> {
        count_search();
        let mut top: Vec<BestMove> = Vec::with_capacity(k + 1);
        self.each_put(hand, |m| {
            // After every kept put of at least its value: equal values
            // keep the order they were found in.
            let at = top.partition_point(|t| t.value >= m.value);
            if at < k {
                top.insert(at, m);
                top.truncate(k);
            }
        });
        top
    }

    /// Every put from a hand (split by split, then category by category),
    /// valued exactly or as shaped.
    #[inline(always)]
    fn each_put(&self, hand: Hand10, visit: impl FnMut(BestMove)) {
        match &self.adjust {
            None => self.search(hand, |_, _, now, next| now + next, visit),
            Some(adjust) => self.search(
                hand,
                |c, k, now, next| now + adjust[c.index()][k] + self.future * next,
                visit,
            ),
        }
    }

    /// Visits every put valued by `value(category, points in thousands,
    /// gain now, V after)`, splits in order, then categories.
    #[inline(always)]
    fn search(
        &self,
        hand: Hand10,
        value: impl Fn(Category, usize, f32, f32) -> f32,
        mut visit: impl FnMut(BestMove),
    ) {
        let t = tables();
        for split in t.splits(hand) {
            for c in self.used.complement().iter() {
                let (pts, now, n) = self.scored(t, c, split.put);
                let next = self.next[c.index()][n][split.carry.0 as usize];
                visit(BestMove {
                    category: c,
                    put: split.put,
                    carry: split.carry,
                    value: value(c, pts as usize / 1000, now, next),
                });
            }
        }
    }
}

/// The highest of `value` over `splits` (minus infinity for none), in four
/// lanes so that no comparison waits for the one before it; the same value
/// a plain running maximum finds (no value is NaN).
#[inline(always)]
fn highest(splits: &[Split], value: impl Fn(&Split) -> f32) -> f32 {
    let mut lanes = [f32::NEG_INFINITY; 4];
    let chunks = splits.chunks_exact(4);
    let rest = chunks.remainder();
    for chunk in chunks.chain([rest]) {
        for (lane, split) in lanes.iter_mut().zip(chunk) {
            let v = value(split);
            if v > *lane {
                *lane = v;
            }
        }
    }
    let [a, b, c, d] = lanes;
    a.max(b).max(c.max(d))
}

/// A put chosen by value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct BestMove {
    pub category: Category,
    pub put: Dice5,
    /// The five dice the put leaves.
    pub carry: Dice5,
    pub value: f32,
}
