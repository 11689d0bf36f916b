//! The tables' properties: the best put against a brute force.

use super::*;
use crate::rules::{Category, Counts};
use crate::rules::{counts_of, score_dice};
use proptest::prelude::*;

proptest! {
    /// The table's best put equals a brute force over all C(10,5) index
    /// subsets of the hand, with the same tie-break.
    #[test]
    fn best_put_equals_brute_force(dice in proptest::array::uniform10(1u8..=6)) {
        let t = tables();
        let a = t.dice5(&dice[..5].try_into().unwrap()).unwrap();
        let b = t.dice5(&dice[5..].try_into().unwrap()).unwrap();
        let h = t.add5(a, b);
        for c in Category::ALL {
            let mut best: Option<(i32, i32, [u8; 5])> = None;
            for m in 0u32..1024 {
                if m.count_ones() != 5 { continue; }
                let mut put = [0u8; 5];
                let mut k = 0;
                for (i, d) in dice.iter().enumerate() {
                    if m & (1 << i) != 0 { put[k] = *d; k += 1; }
                }
                put.sort();
                let pts = score_dice(c, &put);
                let sum: i32 = put.iter().map(|&x| x as i32).sum();
                // Key: most points, then smallest put sum, then smallest put.
                let better = match best {
                    None => true,
                    Some((bp, bs, bd)) => (pts, -sum) > (bp, -bs) || ((pts, -sum) == (bp, -bs) && put < bd),
                };
                if better { best = Some((pts, sum, put)); }
            }
            let (pts, _, put) = best.unwrap();
            let tb = t.best10(h, c);
            prop_assert_eq!(tb.points, pts);
            prop_assert_eq!(t.faces5(tb.put), put);
            // And the carry table agrees with multiset subtraction.
            let rest = t.carry_of(h, tb.put).unwrap();
            let whole = counts_of(&dice);
            let sub: Counts = std::array::from_fn(|f| whole[f] - t.counts5(tb.put)[f]);
            prop_assert_eq!(t.counts5(rest), &sub);
        }
    }
}
