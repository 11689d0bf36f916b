//! The shipped table's tests: the round trip of a table and of the codes.

use super::format::*;
use super::huffman::*;
use super::*;
use crate::rules::tables::{Dice5, N5, tables};
use crate::value::layout::LEVELS;
use crate::value::solver::solve_levels;
use crate::value::spread;

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
