//! The encoder (the tuner): an exact table's values and spreads rounded,
//! predicted and Huffman coded per level, the per-row spreads and skewness.

use super::format::*;
use super::huffman::{BitWriter, canonical_codes, code_lengths};
use crate::rules::tables::{Dice5, N5, tables};
use crate::value::ValueTable;
use crate::value::layout::{LEVELS, Layout};
use crate::value::spread;
use std::ops::RangeInclusive;

/// The code of one section: rounded values (`q`, rows in layout order) of
/// the stored levels as predicted differences, a Huffman code per level;
/// the code lengths, then the bits.
pub(super) fn encode_section(layout: &Layout, levels: RangeInclusive<usize>, q: &[i32]) -> Vec<u8> {
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

/// Per row of `levels`: the mean of `x` over its held multisets, weighted
/// by each one's chance as a roll.
pub(super) fn row_means<'a>(
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
pub(super) fn row_sds(layout: &Layout, sd: &[f32]) -> Vec<u8> {
    row_means(layout, &SD_ROWS, sd)
        .flat_map(|mean| ((mean / f64::from(ROW_SD_STEP)).round() as u16).to_le_bytes())
        .collect()
}

/// Per row of the levels `SKEW_ROWS`: the mean skewness of its held
/// multisets, in multiples of `SKEW_STEP` (i16).
pub(super) fn row_skews(layout: &Layout, skews: &[f32]) -> Vec<u8> {
    row_means(layout, &SKEW_ROWS, skews)
        .flat_map(|skew| {
            let q = (skew / SKEW_STEP).round();
            (q.clamp(f64::from(i16::MIN), f64::from(i16::MAX)) as i16).to_le_bytes()
        })
        .collect()
}
