//! The shipped format: what each section holds, the constants both sides
//! read, the errors, and the prediction the encoder and the decoder share.
//!
//! Values: levels `STORED` (categories used) are stored, each value rounded
//! to a multiple of `STEP` points. A value is predicted from its neighbours
//! in the plane of (upper total, held dice) of its mask — the same dice one
//! upper total down, plus the step between the previous dice of the two
//! rows — and the difference is written with a canonical Huffman code per
//! level. The levels above (the last two puts, cheap) and below (the first
//! three, few rows) are solved again from the stored ones at start-up, so
//! every value the bot reads is either a stored one or follows exactly from
//! them.
//!
//! Spreads (`spread`, the variance of the points to come): the standard
//! deviations of levels `SD_HELD` per held dice, rounded to `SD_STEP` and
//! coded as the values are (the held dice matter most late: their rms
//! deviation from the row's mean is 15–22 % there, 4–11 % in levels 0–7);
//! those of levels `SD_ROWS` one per row (the mean over held dice, weighted
//! as rolls; u16 in `ROW_SD_STEP`); the last two levels are solved at
//! start-up from the values. Standard deviations do not predict from their
//! neighbours as values do: every level per held dice would take 13.9 MB at
//! 100 points and 7.5 MB at 500, more than `data.bin` has room for.
//!
//! Skewness (`spread::skews_of`): one per row of levels `SKEW_ROWS`, the
//! mean over held dice weighted as rolls (i16 in `SKEW_STEP`), 0.2 MB; a
//! held multiset's third moment is then the row's skewness times its own
//! spread's 3/2 power. Per held dice it would not fit (the cube root of
//! the third moment, levels 8–9 alone: 1.2 MB at 4 000 points, 2.4 MB at
//! 500). Each measured against the plain normal on the same 4 000 deals
//! (points of win rate, ± 1.8): per row +5.9 / +2.5 / +0.6 against dp:own,
//! dp and dp:exact:bid=0.95, per held dice +6.7 / +1.3 / +2.0; a third
//! moment per row without the held dice's spread lost most of it (+3.2 /
//! −1.6 / −2.6). The last level's is 0 (one category left: nothing varies).
//!
//! Layout: magic (8 bytes), value step (u32), spread step (u32), the FNV-1a
//! hash of the rest (u64), then four sections, each its byte count (u32)
//! and its bytes: the values (per stored level its code lengths, one byte
//! per symbol, then the bits), the per-row spreads, the per-held spreads
//! (as the values), the per-row skewness. Std-only.

use crate::rules::tables::N5;
use crate::value::layout::Layout;
use std::ops::RangeInclusive;

pub(super) const MAGIC: &[u8; 8] = b"YSHIP003";
/// The contest's limit on `data.bin`, in bytes.
pub const DATA_LIMIT: usize = 10 << 20;
/// Values are rounded to multiples of this many points.
pub const STEP: f32 = 500.0;
/// The levels whose spreads are stored per held multiset, each standard
/// deviation rounded to a multiple of `SD_STEP` points; the last two are
/// solved at start-up.
pub const SD_HELD: RangeInclusive<usize> = 8..=9;
pub const SD_STEP: f32 = 500.0;
/// The levels whose spreads are stored per row: one standard deviation
/// for every held multiset, in multiples of `ROW_SD_STEP` points.
pub const SD_ROWS: RangeInclusive<usize> = 0..=7;
pub const ROW_SD_STEP: f32 = 10.0;
/// The levels whose skewness (`spread::skews_of`) is stored, one per row
/// (the mean over held dice, weighted as rolls; i16 in `SKEW_STEP`); the
/// last level's is 0 (one category left: nothing varies).
pub const SKEW_ROWS: RangeInclusive<usize> = 0..=10;
pub const SKEW_STEP: f64 = 0.001;
/// The levels stored; the others are solved at start-up.
pub const STORED: RangeInclusive<usize> = 3..=9;
/// Differences 0..ESCAPE (zig-zag coded) are symbols; larger ones are the
/// escape symbol followed by 32 plain bits.
pub(super) const ESCAPE: usize = 511;
pub(super) const SYMBOLS: usize = ESCAPE + 1;
/// Longest code, in bits (the decoder's look-up table has 2^this entries).
pub(super) const MAX_LEN: u32 = 16;
pub(super) const HEADER: usize = 8 + 4 + 4 + 8;

/// Why shipped bytes cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShipError {
    NotShipped,
    Damaged,
    Truncated,
    BadCode,
}

impl std::fmt::Display for ShipError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            ShipError::NotShipped => "not a shipped value table of this version",
            ShipError::Damaged => "damaged (hash mismatch)",
            ShipError::Truncated => "cut short",
            ShipError::BadCode => "holds an invalid code",
        })
    }
}

impl std::error::Error for ShipError {}

pub(super) fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Visits the stored rows in order: their level, where the row starts, and
/// where the row to predict from starts (the previous row of the same mask,
/// whose upper total is lower; rows of a mask are adjacent in the layout).
pub(super) fn predictions(
    layout: &Layout,
    levels: RangeInclusive<usize>,
    mut visit: impl FnMut(usize, usize, Option<usize>),
) {
    for level in levels {
        let rows = layout.level(level);
        for row in rows.clone() {
            let same_mask =
                row > rows.start && layout.keys()[row - 1].used == layout.keys()[row].used;
            visit(level, row * N5, same_mask.then(|| (row - 1) * N5));
        }
    }
}

/// The predicted value of `cur[held]` from the row below (`prev`, same
/// mask, lower upper total) or, for a mask's first row, the previous dice
/// of the row. The encoder predicts rounded values (`i32`), the decoder the
/// values themselves (`f32`, multiples of `STEP` far below 2^24 · `STEP`,
/// so every sum is exact and the two agree to the bit).
#[inline]
pub(super) fn predict<T>(q: &[T], cur: usize, prev: Option<usize>, held: usize) -> T
where
    T: Copy + Default + std::ops::Add<Output = T> + std::ops::Sub<Output = T>,
{
    match (prev, held) {
        (Some(p), 0) => q[p],
        // The previous dice first: its add is the one the next value waits on.
        (Some(p), h) => q[cur + h - 1] + (q[p + h] - q[p + h - 1]),
        (None, 0) => T::default(),
        (None, h) => q[cur + h - 1],
    }
}

pub(super) fn zigzag(d: i32) -> u32 {
    ((d << 1) ^ (d >> 31)) as u32
}

pub(super) fn unzigzag(z: u32) -> i32 {
    (z >> 1) as i32 ^ -((z & 1) as i32)
}

/// The rows of `levels`.
pub(super) fn rows_of(layout: &Layout, levels: &RangeInclusive<usize>) -> std::ops::Range<usize> {
    layout.level(*levels.start()).start..layout.level(*levels.end()).end
}
