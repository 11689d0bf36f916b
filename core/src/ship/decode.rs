//! The decoder (the bot): the stored levels of the values and of the spreads
//! read back, the others solved again from them.

use super::format::*;
use super::huffman::{BitReader, Decoder};
use crate::rules::tables::N5;
use crate::value::ValueTable;
use crate::value::layout::{LEVELS, Layout};
use crate::value::solver::solve_levels;
use crate::value::spread;
use std::ops::RangeInclusive;

/// Decodes one section into the stored levels of `out` (multiples of
/// `step`).
pub(super) fn decode_section(
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

/// Every entry's skewness from the rows stored for `SKEW_ROWS` (0 in the
/// last level).
pub(super) fn decode_skews(layout: &Layout, bytes: &[u8]) -> Result<Vec<f32>, ShipError> {
    let mut skews = vec![0f32; layout.rows() * N5];
    fill_rows(layout, &SKEW_ROWS, bytes, &mut skews, |b| {
        (f64::from(i16::from_le_bytes(b)) * SKEW_STEP) as f32
    })?;
    Ok(skews)
}

/// Fills every entry of each row of `levels` in `out` with the row's
/// stored figure (two bytes a row, as `read` reads them).
pub(super) fn fill_rows(
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
pub(super) fn sections(mut body: &[u8]) -> Result<Vec<&[u8]>, ShipError> {
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
