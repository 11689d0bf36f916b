//! The tables' tests: indices, keys, ranks, splits, probabilities, par,
//! the best put's tie-break.

use super::multiset::*;
use super::*;
use crate::rules::{CATEGORIES, Category};
use crate::rules::{counts_of, parse_dice, score_dice};

#[test]
fn indices_follow_lexicographic_order() {
    let t = tables();
    assert_eq!(t.faces5(Dice5(0)), [1, 1, 1, 1, 1]);
    assert_eq!(t.dice5(&[2, 1, 1, 1, 1]), Some(Dice5(1)));
    assert_eq!(t.dice5(&[2, 1, 7, 1, 1]), None);
    assert_eq!(t.dice5(&[2, 1, 0, 1, 1]), None);
    assert_eq!(t.faces5(Dice5(1)), [1, 1, 1, 1, 2]);
    assert_eq!(t.faces5(Dice5(251)), [6, 6, 6, 6, 6]);
    for i in 1..N5 {
        assert!(t.faces5(Dice5(i as u8 - 1)) < t.faces5(Dice5(i as u8)));
    }
}

#[test]
fn dice5_takes_faces_and_refuses_any_other_byte() {
    let t = tables();
    for d in 0..=u8::MAX {
        let dice = [3, 1, d, 6, 2];
        let expected = (1..=6).contains(&d).then(|| {
            let i = (0..N5).position(|i| t.counts5[i] == counts_of(&dice));
            Dice5(i.unwrap() as u8)
        });
        assert_eq!(t.dice5(&dice), expected, "face {d}");
    }
}

#[test]
fn a_key_gives_back_its_category_and_points() {
    let t = tables();
    for d in 0..N5 {
        let (d, options) = (Dice5(d as u8), t.options5(Dice5(d as u8)));
        for c in Category::ALL {
            assert_eq!(options.points(c), t.score5(d, c));
            assert_eq!(category_of_key(options.keys[c.index()]), c);
        }
        assert_eq!(options.keys[CATEGORIES..], [NO_KEY; 16 - CATEGORIES]);
    }
}

#[test]
fn holds_is_a_face_by_face_comparison() {
    let t = tables();
    for h in &t.counts10 {
        for p in &t.counts5 {
            let plain = (0..6).all(|f| p[f] <= h[f]);
            assert_eq!(holds(lanes(h), lanes(p)), plain, "{h:?} {p:?}");
        }
    }
}

#[test]
fn rank_of_each_hand_is_its_index() {
    let before = ranks();
    for (i, c) in multisets(10).iter().enumerate() {
        assert_eq!(rank10(&before, c), i);
    }
}

#[test]
fn carry_is_the_hand_minus_the_put() {
    let t = tables();
    let h = t.add5(
        t.dice5(&[1, 1, 2, 3, 6]).unwrap(),
        t.dice5(&[6, 6, 5, 4, 1]).unwrap(),
    );
    let put = t.dice5(&[1, 1, 1, 6, 6]).unwrap();
    assert_eq!(t.carry_of(h, put), t.dice5(&[2, 3, 4, 5, 6]));
    assert_eq!(t.carry_of(h, t.dice5(&[1, 1, 1, 1, 6]).unwrap()), None);
    for sp in t.splits(h) {
        assert_eq!(t.carry_of(h, sp.put), Some(sp.carry));
        assert_eq!(t.add5(sp.put, sp.carry), h);
    }
}

#[test]
fn probabilities_sum_to_one() {
    let t = tables();
    let s10: f64 = (0..N10).map(|h| t.weight10(Hand10(h as u16))).sum();
    let s5: f64 = (0..N5).map(|d| t.weight5(Dice5(d as u8))).sum();
    assert!((s10 - 1.0).abs() < 1e-12 && (s5 - 1.0).abs() < 1e-12);
}

#[test]
fn par_rounds_to_the_published_table() {
    let expected = [
        1664, 3328, 4992, 6656, 8320, 9984, 24179, 7937, 19300, 9750, 13218, 4635,
    ];
    let par: Vec<i64> = tables().par().iter().map(|p| p.round() as i64).collect();
    assert_eq!(par, expected);
}

#[test]
fn best_put_uses_the_dice_tie_break() {
    let t = tables();
    let a = t.dice5(&parse_dice("66611").unwrap()).unwrap();
    let b = t.dice5(&parse_dice("62345").unwrap()).unwrap();
    let h = t.add5(a, b);
    // Four sixes, and the smallest fifth die so the carry keeps the most.
    let best = t.best10(h, Category::Six);
    assert_eq!(best.points, 24000);
    assert_eq!(t.faces5(best.put), [1, 6, 6, 6, 6]);
    let ls = t.best10(h, Category::LargeStraight);
    assert_eq!(ls.points, 30000);
    assert_eq!(t.faces5(ls.put), [1, 2, 3, 4, 5]);
    let y = t.best10(h, Category::Yacht);
    assert_eq!(y.points, 0);
    assert_eq!(t.faces5(y.put), [1, 1, 2, 3, 4]);
    assert_eq!(score_dice(Category::Six, &t.faces5(best.put)), 24000);
}
