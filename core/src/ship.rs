//! The shipped value table: what a submission's `data.bin` holds, and how
//! the bot turns it back into a [`ValueTable`] at start-up.
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

use crate::spread;
use crate::tables::{Dice5, N5, tables};
use crate::value::{LEVELS, Layout, ValueTable, solve_levels};
use std::ops::RangeInclusive;

const MAGIC: &[u8; 8] = b"YSHIP003";
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
const ESCAPE: usize = 511;
const SYMBOLS: usize = ESCAPE + 1;
/// Longest code, in bits (the decoder's look-up table has 2^this entries).
const MAX_LEN: u32 = 16;
const HEADER: usize = 8 + 4 + 4 + 8;

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

fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Visits the stored rows in order: their level, where the row starts, and
/// where the row to predict from starts (the previous row of the same mask,
/// whose upper total is lower; rows of a mask are adjacent in the layout).
fn predictions(
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
fn predict<T>(q: &[T], cur: usize, prev: Option<usize>, held: usize) -> T
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

fn zigzag(d: i32) -> u32 {
    ((d << 1) ^ (d >> 31)) as u32
}

fn unzigzag(z: u32) -> i32 {
    (z >> 1) as i32 ^ -((z & 1) as i32)
}

/// The code of one section: rounded values (`q`, rows in layout order) of
/// the stored levels as predicted differences, a Huffman code per level;
/// the code lengths, then the bits.
fn encode_section(layout: &Layout, levels: RangeInclusive<usize>, q: &[i32]) -> Vec<u8> {
    // Pass 1: symbol counts per level; pass 2: the bits.
    let mut counts = vec![[0u64; SYMBOLS]; LEVELS];
    predictions(layout, levels.clone(), |level, cur, prev| {
        for h in 0..N5 {
            let z = zigzag(q[cur + h] - predict(q, cur, prev, h)) as usize;
            counts[level][z.min(ESCAPE)] += 1;
        }
    });
    let lengths: Vec<[u8; SYMBOLS]> = counts.iter().map(code_lengths).collect();
    let codes: Vec<[u32; SYMBOLS]> = lengths.iter().map(canonical_codes).collect();
    let mut bits = BitWriter::default();
    predictions(layout, levels.clone(), |level, cur, prev| {
        for h in 0..N5 {
            let z = zigzag(q[cur + h] - predict(q, cur, prev, h));
            let s = (z as usize).min(ESCAPE);
            bits.put(codes[level][s], lengths[level][s] as u32);
            if s == ESCAPE {
                bits.put(z, 32);
            }
        }
    });
    let mut body = Vec::new();
    for level in levels {
        body.extend_from_slice(&lengths[level]);
    }
    body.extend_from_slice(&bits.finish());
    body
}

/// Decodes one section into the stored levels of `out` (multiples of
/// `step`).
fn decode_section(
    layout: &Layout,
    levels: RangeInclusive<usize>,
    section: &[u8],
    step: f32,
    out: &mut [f32],
) -> Result<(), ShipError> {
    let first = *levels.start();
    let count = levels.clone().count();
    if section.len() < count * SYMBOLS {
        return Err(ShipError::Truncated);
    }
    let (table_bytes, stream) = section.split_at(count * SYMBOLS);
    let decoders = table_bytes
        .chunks_exact(SYMBOLS)
        .map(Decoder::new)
        .collect::<Result<Vec<_>, _>>()?;
    let mut reader = BitReader::new(stream);
    let mut failed = None;
    predictions(layout, levels, |level, cur, prev| {
        if failed.is_some() {
            return;
        }
        let decoder = &decoders[level - first];
        for h in 0..N5 {
            let s = decoder.symbol(&mut reader);
            let z = if s == ESCAPE {
                reader.take(32)
            } else {
                s as u32
            };
            out[cur + h] = predict(out, cur, prev, h) + unzigzag(z) as f32 * step;
        }
        if reader.overrun() {
            failed = Some(ShipError::Truncated);
        }
    });
    failed.map_or(Ok(()), Err)
}

/// The shipped bytes of an exact table: its values, then its spreads
/// (solved now on `threads` threads unless the table has them).
pub fn encode(table: &ValueTable, threads: usize) -> Vec<u8> {
    let layout = table.layout();
    let round = |x: f32, step: f32| (x / step).round() as i32;
    let q: Vec<i32> = table.values().iter().map(|&v| round(v, STEP)).collect();
    let sd: Vec<f32> = spread::of(table, threads)
        .iter()
        .map(|&var| var.max(0.0).sqrt())
        .collect();
    let held: Vec<i32> = sd.iter().map(|&x| round(x, SD_STEP)).collect();
    let mut body = Vec::new();
    let skews = spread::skews_of(table, threads);
    for section in [
        encode_section(layout, STORED, &q),
        row_sds(layout, &sd),
        encode_section(layout, SD_HELD, &held),
        row_skews(layout, skews),
    ] {
        body.extend_from_slice(&(section.len() as u32).to_le_bytes());
        body.extend_from_slice(&section);
    }
    let mut out = Vec::with_capacity(HEADER + body.len());
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&(STEP as u32).to_le_bytes());
    out.extend_from_slice(&(SD_STEP as u32).to_le_bytes());
    out.extend_from_slice(&fnv1a(&body).to_le_bytes());
    out.extend_from_slice(&body);
    out
}

/// The rows of `levels`.
fn rows_of(layout: &Layout, levels: &RangeInclusive<usize>) -> std::ops::Range<usize> {
    layout.level(*levels.start()).start..layout.level(*levels.end()).end
}

/// Per row of `levels`: the mean of `x` over its held multisets, weighted
/// by each one's chance as a roll.
fn row_means<'a>(
    layout: &Layout,
    levels: &RangeInclusive<usize>,
    x: &'a [f32],
) -> impl Iterator<Item = f64> + 'a {
    let t = tables();
    rows_of(layout, levels).map(move |row| {
        (0..N5)
            .map(|h| t.weight5(Dice5(h as u8)) * f64::from(x[row * N5 + h]))
            .sum()
    })
}

/// Per row of the levels `SD_ROWS`: the mean standard deviation of its
/// spreads, in multiples of `ROW_SD_STEP` (u16).
fn row_sds(layout: &Layout, sd: &[f32]) -> Vec<u8> {
    row_means(layout, &SD_ROWS, sd)
        .flat_map(|mean| ((mean / f64::from(ROW_SD_STEP)).round() as u16).to_le_bytes())
        .collect()
}

/// Per row of the levels `SKEW_ROWS`: the mean skewness of its held
/// multisets, in multiples of `SKEW_STEP` (i16).
fn row_skews(layout: &Layout, skews: &[f32]) -> Vec<u8> {
    row_means(layout, &SKEW_ROWS, skews)
        .flat_map(|skew| {
            let q = (skew / SKEW_STEP).round();
            (q.clamp(f64::from(i16::MIN), f64::from(i16::MAX)) as i16).to_le_bytes()
        })
        .collect()
}

/// Every entry's skewness from the rows stored for `SKEW_ROWS` (0 in the
/// last level).
fn decode_skews(layout: &Layout, bytes: &[u8]) -> Result<Vec<f32>, ShipError> {
    let mut skews = vec![0f32; layout.rows() * N5];
    fill_rows(layout, &SKEW_ROWS, bytes, &mut skews, |b| {
        (f64::from(i16::from_le_bytes(b)) * SKEW_STEP) as f32
    })?;
    Ok(skews)
}

/// Fills every entry of each row of `levels` in `out` with the row's
/// stored figure (two bytes a row, as `read` reads them).
fn fill_rows(
    layout: &Layout,
    levels: &RangeInclusive<usize>,
    bytes: &[u8],
    out: &mut [f32],
    read: impl Fn([u8; 2]) -> f32,
) -> Result<(), ShipError> {
    let rows = rows_of(layout, levels);
    if bytes.len() != 2 * rows.len() {
        return Err(ShipError::Truncated);
    }
    for (row, b) in rows.zip(bytes.chunks_exact(2)) {
        out[row * N5..][..N5].fill(read([b[0], b[1]]));
    }
    Ok(())
}

/// The sections of a body: each a byte count (u32) and its bytes.
fn sections(mut body: &[u8]) -> Result<Vec<&[u8]>, ShipError> {
    let mut out = Vec::new();
    while !body.is_empty() {
        let len = body
            .get(..4)
            .map(|b| u32::from_le_bytes(b.try_into().unwrap()) as usize)
            .ok_or(ShipError::Truncated)?;
        let section = body.get(4..4 + len).ok_or(ShipError::Truncated)?;
        out.push(section);
        body = &body[4 + len..];
    }
    Ok(out)
}

/// The table a submission plays on: the stored levels of the values and
/// of the spreads from `bytes`, the others solved from them (on one
/// thread).
pub fn decode(bytes: &[u8]) -> Result<ValueTable, ShipError> {
    if bytes.len() < HEADER || &bytes[..8] != MAGIC {
        return Err(ShipError::NotShipped);
    }
    let word = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().unwrap());
    let (step, sd_step) = (word(8) as f32, word(12) as f32);
    let body = &bytes[HEADER..];
    if fnv1a(body) != u64::from_le_bytes(bytes[16..24].try_into().unwrap()) {
        return Err(ShipError::Damaged);
    }
    let [values_bits, row_bytes, held_bits, skew_bytes] = sections(body)?[..] else {
        return Err(ShipError::Truncated);
    };
    let layout = Layout::new();
    let mut values = vec![0f32; layout.rows() * N5];
    decode_section(&layout, STORED, values_bits, step, &mut values)?;
    solve_levels(&layout, &mut values, (STORED.end() + 1..LEVELS).rev(), 1);
    solve_levels(&layout, &mut values, (0..*STORED.start()).rev(), 1);
    let mut sds = vec![0f32; layout.rows() * N5];
    decode_section(&layout, SD_HELD, held_bits, sd_step, &mut sds)?;
    fill_rows(&layout, &SD_ROWS, row_bytes, &mut sds, |b| {
        f32::from(u16::from_le_bytes(b)) * ROW_SD_STEP
    })?;
    let mut spreads: Vec<f32> = sds.iter().map(|sd| sd * sd).collect();
    let solved = (SD_HELD.end() + 1..LEVELS).rev();
    spread::solve_levels(&layout, &values, &mut spreads, solved, 1);
    let skews = decode_skews(&layout, skew_bytes)?;
    let table = ValueTable::from_values(layout, values).expect("a value per row");
    let table = table.with_spreads(spreads).expect("a spread per row");
    Ok(table.with_skews(skews).expect("a skewness per row"))
}

/// Huffman code lengths (at most `MAX_LEN`) of symbols with these counts;
/// unused symbols get 0. Counts are halved until the longest code fits.
fn code_lengths(counts: &[u64; SYMBOLS]) -> [u8; SYMBOLS] {
    let mut counts = *counts;
    loop {
        let lengths = huffman_lengths(&counts);
        if lengths.iter().all(|&l| l as u32 <= MAX_LEN) {
            return lengths;
        }
        for c in counts.iter_mut().filter(|c| **c > 0) {
            *c = (*c).div_ceil(2);
        }
    }
}

fn huffman_lengths(counts: &[u64; SYMBOLS]) -> [u8; SYMBOLS] {
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;
    let mut lengths = [0u8; SYMBOLS];
    let used: Vec<usize> = (0..SYMBOLS).filter(|&s| counts[s] > 0).collect();
    if used.len() == 1 {
        lengths[used[0]] = 1;
        return lengths;
    }
    // Nodes: leaves are symbols; a merged node records its children.
    let mut parent: Vec<usize> = vec![usize::MAX; SYMBOLS];
    let mut heap: BinaryHeap<Reverse<(u64, usize)>> =
        used.iter().map(|&s| Reverse((counts[s], s))).collect();
    while heap.len() > 1 {
        let Reverse((a, i)) = heap.pop().unwrap();
        let Reverse((b, j)) = heap.pop().unwrap();
        let node = parent.len();
        parent.push(usize::MAX);
        parent[i] = node;
        parent[j] = node;
        heap.push(Reverse((a + b, node)));
    }
    for &s in &used {
        let (mut n, mut depth) = (s, 0u8);
        while parent[n] != usize::MAX {
            n = parent[n];
            depth = depth.saturating_add(1);
        }
        lengths[s] = depth;
    }
    lengths
}

/// Canonical codes of code lengths: shorter codes first, then by symbol.
fn canonical_codes(lengths: &[u8; SYMBOLS]) -> [u32; SYMBOLS] {
    let mut codes = [0u32; SYMBOLS];
    let mut code = 0u32;
    for len in 1..=MAX_LEN as u8 {
        for s in (0..SYMBOLS).filter(|&s| lengths[s] == len) {
            codes[s] = code;
            code += 1;
        }
        code <<= 1;
    }
    codes
}

/// Bits, most significant first.
#[derive(Default)]
struct BitWriter {
    out: Vec<u8>,
    acc: u64,
    n: u32,
}

impl BitWriter {
    fn put(&mut self, code: u32, len: u32) {
        for i in (0..len).rev() {
            self.acc = self.acc << 1 | (code >> i & 1) as u64;
            self.n += 1;
            if self.n == 8 {
                self.out.push(self.acc as u8);
                (self.acc, self.n) = (0, 0);
            }
        }
    }

    fn finish(mut self) -> Vec<u8> {
        if self.n > 0 {
            self.out.push((self.acc << (8 - self.n)) as u8);
        }
        self.out
    }
}

/// Bits, most significant first, through a 64-bit window.
struct BitReader<'a> {
    bytes: &'a [u8],
    /// The next byte to load into the window.
    next: usize,
    /// The window: its `held` top bits are the next bits of the stream.
    window: u64,
    held: u32,
}

impl BitReader<'_> {
    fn new(bytes: &[u8]) -> BitReader<'_> {
        BitReader {
            bytes,
            next: 0,
            window: 0,
            held: 0,
        }
    }

    /// Loads bytes until the window holds more than 56 bits (zeros past the
    /// end).
    #[inline]
    fn refill(&mut self) {
        while self.held <= 56 {
            let byte = self.bytes.get(self.next).copied().unwrap_or(0);
            self.window |= (byte as u64) << (56 - self.held);
            self.next += 1;
            self.held += 8;
        }
    }

    /// The next `MAX_LEN` bits without taking them.
    #[inline]
    fn peek(&mut self) -> u32 {
        if self.held < MAX_LEN {
            self.refill();
        }
        (self.window >> (64 - MAX_LEN)) as u32
    }

    /// Takes `len` (at most `MAX_LEN`) bits already peeked at.
    #[inline]
    fn skip(&mut self, len: u32) {
        self.window <<= len;
        self.held -= len;
    }

    fn take(&mut self, len: u32) -> u32 {
        let mut v = 0;
        let mut left = len;
        while left > 0 {
            let n = left.min(MAX_LEN);
            v = v << n | self.peek() >> (MAX_LEN - n);
            self.skip(n);
            left -= n;
        }
        v
    }

    /// Whether more bits were taken than the stream has (those taken are
    /// those loaded less those still held).
    fn overrun(&self) -> bool {
        self.next * 8 - self.held as usize > self.bytes.len() * 8
    }
}

/// A canonical Huffman decoder: the symbol and length of every
/// `MAX_LEN`-bit prefix.
struct Decoder {
    table: Vec<(u16, u8)>,
}

impl Decoder {
    fn new(lengths: &[u8]) -> Result<Decoder, ShipError> {
        let lengths: &[u8; SYMBOLS] = lengths.try_into().map_err(|_| ShipError::Truncated)?;
        if lengths.iter().any(|&l| l as u32 > MAX_LEN) {
            return Err(ShipError::BadCode);
        }
        // Kraft: the codes must fit in the prefix space.
        let space: u64 = lengths
            .iter()
            .filter(|&&l| l > 0)
            .map(|&l| 1u64 << (MAX_LEN - l as u32))
            .sum();
        if space > 1 << MAX_LEN {
            return Err(ShipError::BadCode);
        }
        let codes = canonical_codes(lengths);
        let mut table = vec![(ESCAPE as u16, 0u8); 1 << MAX_LEN];
        for s in (0..SYMBOLS).filter(|&s| lengths[s] > 0) {
            let shift = MAX_LEN - lengths[s] as u32;
            let first = (codes[s] << shift) as usize;
            for slot in &mut table[first..first + (1 << shift)] {
                *slot = (s as u16, lengths[s]);
            }
        }
        Ok(Decoder { table })
    }

    #[inline]
    fn symbol(&self, bits: &mut BitReader) -> usize {
        let (s, len) = self.table[bits.peek() as usize];
        // A prefix no code has: take one bit, so a bad stream still ends.
        bits.skip(len.max(1) as u32);
        s as usize
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn decoding_gives_the_rounded_stored_levels_and_solves_the_rest_from_them() {
        let exact = crate::testkit::table();
        let shipped = decode(&encode(exact, 2)).unwrap();
        let layout = exact.layout();
        let (a, b) = (exact.values(), shipped.values());
        for level in STORED {
            let rows = layout.level(level);
            for i in rows.start * N5..rows.end * N5 {
                assert_eq!(b[i], (a[i] / STEP).round() * STEP, "value {i}");
            }
        }
        let mut again = b.to_vec();
        solve_levels(layout, &mut again, (STORED.end() + 1..LEVELS).rev(), 2);
        solve_levels(layout, &mut again, (0..*STORED.start()).rev(), 2);
        assert!(again.iter().zip(b).all(|(x, y)| x.to_bits() == y.to_bits()));
        // Skewness: each row of SKEW_ROWS its held dice's mean, rounded to
        // SKEW_STEP; the last level's 0.
        let (skews, read) = (spread::skews_of(exact, 2), shipped.skews().unwrap());
        let t = tables();
        for row in layout.level(*SKEW_ROWS.start()).start..layout.level(*SKEW_ROWS.end()).end {
            let at = row * N5;
            let mean: f64 = (0..N5)
                .map(|h| t.weight5(Dice5(h as u8)) * f64::from(skews[at + h]))
                .sum();
            let rounded = ((mean / SKEW_STEP).round() * SKEW_STEP) as f32;
            assert!(read[at..at + N5].iter().all(|&s| s == rounded), "row {row}");
        }
        let last = layout.level(LEVELS - 1);
        assert!(
            read[last.start * N5..last.end * N5]
                .iter()
                .all(|&s| s == 0.0)
        );
    }

    #[test]
    fn codes_round_trip_and_fit_their_limit() {
        // Skewed counts, one far past the longest code without the limit.
        let mut counts = [0u64; SYMBOLS];
        for (s, c) in counts.iter_mut().enumerate().take(40) {
            *c = 1 << (39 - s).min(38);
        }
        counts[ESCAPE] = 1;
        let lengths = code_lengths(&counts);
        assert!(lengths.iter().all(|&l| l as u32 <= MAX_LEN));
        let codes = canonical_codes(&lengths);
        let mut bits = BitWriter::default();
        let message: Vec<usize> = (0..40).chain([ESCAPE, 0, 0, 3]).collect();
        for &s in &message {
            bits.put(codes[s], lengths[s] as u32);
        }
        let bytes = bits.finish();
        let decoder = Decoder::new(&lengths).unwrap();
        let mut reader = BitReader::new(&bytes);
        let back: Vec<usize> = message
            .iter()
            .map(|_| decoder.symbol(&mut reader))
            .collect();
        assert_eq!(back, message);
        assert!(!reader.overrun());
        for d in [0, 1, -1, 255, -256, i32::MAX, i32::MIN] {
            assert_eq!(unzigzag(zigzag(d)), d);
        }
    }
}
