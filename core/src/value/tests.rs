//! The value model's tests: the layout, the solver, the table, the search.

use super::layout::*;
use super::search::*;
use super::solver::*;
use crate::game::{Card, Holding};
use crate::rules::tables::{Dice5, Hand10, N5, N10, tables};
use crate::rules::{AUCTIONS, Category, CategorySet};
use crate::rules::{bonus_for, score_dice};
use crate::testkit::table;

#[test]
fn rows_are_the_reachable_states_with_settled_totals_shared() {
    let layout = Layout::new();
    // Every state a game can reach, by search from the start: each put
    // uses an open category, and n dice of face f add f·n thousand.
    let mut seen = vec![[false; UPS]; MASKS];
    let mut todo = vec![(CategorySet::EMPTY, 0usize)];
    seen[0][0] = true;
    while let Some((used, up)) = todo.pop() {
        for c in used.complement().iter() {
            let face = c.face().map_or(0, usize::from);
            for n in 0..=if face > 0 { 5 } else { 0 } {
                let next = (used.with(c), (up + face * n).min(UP_CAP));
                if next.0 != CategorySet::ALL && !seen[next.0.bits() as usize][next.1] {
                    seen[next.0.bits() as usize][next.1] = true;
                    todo.push(next);
                }
            }
        }
    }
    let mut settled_masks = std::collections::HashSet::new();
    let mut open = 0;
    for (mask, ups) in seen.iter().enumerate() {
        let used = CategorySet::from_bits(mask as u16);
        for up in (0..UPS).filter(|&u| ups[u]) {
            assert!(layout.row_of(used, up).is_some(), "{used:?} {up}");
            if bonus_settled(used, up) {
                settled_masks.insert(mask);
            } else {
                open += 1;
            }
        }
    }
    let reachable: usize = seen.iter().map(|u| u.iter().filter(|&&s| s).count()).sum();
    assert_eq!(layout.reachable(), reachable);
    assert_eq!(layout.rows(), open + settled_masks.len());
    assert_eq!((reachable, layout.rows()), (178_752, 118_463));
    // Nothing used: only total 0. Every upper used: one settled row.
    assert_eq!(layout.level(0), 0..1);
    let upper = CategorySet::UPPER;
    let settled = layout.row_of(upper, 63).unwrap();
    assert_eq!(layout.row_of(upper, 0), Some(settled));
    assert_eq!(layout.row_of(CategorySet::EMPTY, 5), None);
}

#[test]
fn the_expected_solitaire_game_is_pinned() {
    // An independent implementation gives 268 838.3.
    let e = table().expected_game();
    assert!((e - 268_838.3).abs() < 0.5, "{e}");
}

/// Faces of every ordered roll of five dice.
fn rolls() -> impl Iterator<Item = [u8; 5]> {
    (0..6usize.pow(5)).map(|mut i| {
        std::array::from_fn(|_| {
            let f = (i % 6) as u8 + 1;
            i /= 6;
            f
        })
    })
}

/// Brute force from faces: the best put of ten dice (every choice of
/// five positions) by points + bonus + `next`.
fn brute_w(
    dice: &[u8; 10],
    used: CategorySet,
    up: i32,
    next: &dyn Fn(CategorySet, i32, [u8; 5]) -> f64,
) -> f64 {
    let mut best = f64::NEG_INFINITY;
    for pick in 0u32..1 << 10 {
        if pick.count_ones() != 5 {
            continue;
        }
        let (mut put, mut carry) = (vec![], vec![]);
        for (i, &d) in dice.iter().enumerate() {
            if pick & 1 << i != 0 {
                &mut put
            } else {
                &mut carry
            }
            .push(d);
        }
        let (put, carry): ([u8; 5], [u8; 5]) = (put.try_into().unwrap(), carry.try_into().unwrap());
        for c in used.complement().iter() {
            let pts = score_dice(c, &put);
            let upper = up + if c.face().is_some() { pts } else { 0 };
            let v = (pts + bonus_for(c, pts, up)) as f64 + next(used.with(c), upper, carry);
            best = best.max(v);
        }
    }
    best
}

/// V by brute force from faces: every ordered bundle, every put.
fn brute_v(
    used: CategorySet,
    up: i32,
    held: [u8; 5],
    next: &dyn Fn(CategorySet, i32, [u8; 5]) -> f64,
) -> f64 {
    let mut sum = 0.0;
    for roll in rolls() {
        let mut dice = [0; 10];
        dice[..5].copy_from_slice(&held);
        dice[5..].copy_from_slice(&roll);
        sum += brute_w(&dice, used, up, next);
    }
    sum / 6f64.powi(5)
}

#[test]
fn the_last_two_levels_agree_with_brute_force() {
    let t = tables();
    let table = table();
    let last = |used: CategorySet, up: i32, held: [u8; 5]| {
        let c = used.complement().first().unwrap();
        let pts = score_dice(c, &held);
        (pts + bonus_for(c, pts, up)) as f64
    };
    let only = |open: &[Category]| {
        open.iter().fold(CategorySet::ALL, |s, &c| {
            CategorySet::from_bits(s.bits() & !c.bit())
        })
    };
    // Level 11 rows, against scoring the held dice directly.
    for (used, up) in [(only(&[Category::Six]), 60), (only(&[Category::Yacht]), 0)] {
        for held in 0..N5 {
            let faces = t.faces5(Dice5(held as u8));
            let v = table.held_value(used, up * 1000, Dice5(held as u8));
            assert_eq!(v as f64, last(used, up * 1000, faces));
        }
    }
    // Level 10 rows: a few held multisets, every bundle and put.
    let cases = [
        (only(&[Category::Six, Category::Yacht]), 55, [6, 6, 6, 1, 2]),
        (
            only(&[Category::Two, Category::FullHouse]),
            61,
            [2, 2, 3, 3, 4],
        ),
        (
            only(&[Category::SmallStraight, Category::Choice]),
            63,
            [1, 2, 3, 5, 6],
        ),
    ];
    for (used, up, held) in cases {
        let exact = brute_v(used, up * 1000, held, &last);
        let v = table.held_value(used, up * 1000, t.dice5(&held).unwrap()) as f64;
        // f32 sums of 252 terms: within a millionth.
        assert!(
            (v - exact).abs() < 1e-6 * exact,
            "{used:?} {up} {held:?}: {v} vs {exact}"
        );
    }
}

#[test]
fn solitaire_games_score_what_the_table_expects() {
    let table = table();
    let games = 20_000;
    let mut dice = crate::win::rollout::Stream(7);
    let (mut sum, mut sq) = (0.0, 0.0);
    for _ in 0..games {
        let score = table.play_solitaire(|| dice.five()) as f64;
        sum += score;
        sq += score * score;
    }
    let mean = sum / games as f64;
    let sd = (sq / games as f64 - mean * mean).sqrt();
    let e = table.expected_game();
    let z = (mean - e) / (sd / (games as f64).sqrt());
    assert!(z.abs() < 3.5, "mean {mean}, expected {e}, z {z}");
}

#[test]
fn the_last_puts_values_are_the_best_puts_values_to_the_bit() {
    let v = table();
    let mut states = 0;
    for (i, &a) in Category::ALL.iter().enumerate() {
        for &b in &Category::ALL[i + 1..] {
            let used = CategorySet::EMPTY.with(a).with(b).complement();
            // Below the bonus, crossing it with a put, and settled.
            for upper in [0, 45_000, 58_000, 63_000] {
                let Some(hands) = v.last_put_values(used, upper) else {
                    continue;
                };
                states += 1;
                for h in (0..N10).step_by(5).map(|h| Hand10(h as u16)) {
                    let best = v.best_put(used, upper, h).value;
                    assert_eq!(
                        hands[h.0 as usize].to_bits(),
                        best.to_bits(),
                        "{used:?} {upper} {h:?}"
                    );
                }
            }
        }
    }
    assert!(states > 150, "{states} states");
    let three_open = CategorySet::EMPTY
        .with(Category::Yacht)
        .with(Category::One)
        .with(Category::Six);
    assert!(v.last_put_values(three_open.complement(), 0).is_none());
    assert!(v.last_put_values(CategorySet::EMPTY, 0).is_none());
}

#[test]
fn the_best_put_is_the_first_ranked_put_exact_shaped_and_tied() {
    // best_put searches category by category; ranked_puts visits puts
    // in the tie-break's order. On the hands of seeded solitaire
    // games they agree to the bit, also when only points count
    // (future 0: many splits tie) and when shaped.
    let (t, table) = (tables(), table());
    let mut dice = crate::win::rollout::Stream(11);
    let mut checked = 0;
    for _ in 0..40 {
        let mut card = Card::default();
        for _ in 0..AUCTIONS {
            card.receive(t.dice5(&dice.five()).unwrap(), 0);
            let Holding::Ten(hand) = card.holding else {
                continue;
            };
            let rows = || table.next_rows(card.used, card.upper);
            let tied = rows().shaped(0.0, |_, _| 0.0);
            let shaped = rows().shaped(0.9, |c, p| (c.index() as f32) * 0.001 * p as f32);
            for rows in [rows(), tied, shaped] {
                let best = rows.best_put(hand);
                let first = rows.ranked_puts(hand, 1)[0];
                assert_eq!(
                    (best.category, best.put, best.carry, best.value.to_bits()),
                    (
                        first.category,
                        first.put,
                        first.carry,
                        first.value.to_bits()
                    ),
                );
                checked += 1;
            }
            let m = table.best_put(card.used, card.upper, hand);
            card.apply_put(m.category, &t.faces5(m.put)).unwrap();
        }
    }
    assert_eq!(checked, 40 * 11 * 3);
}

#[test]
fn each_search_counts_once_on_the_thread_that_made_it() {
    let hand = Hand10(17);
    let before = searches();
    table().best_put(CategorySet::EMPTY, 0, hand);
    let rows = table().next_rows(CategorySet::EMPTY, 0);
    assert_eq!(rows.ranked_puts(hand, 3).len(), 3);
    assert_eq!(searches() - before, 2);
    // Another thread's searches are its own.
    let there = std::thread::spawn(move || {
        table().best_put(CategorySet::EMPTY, 0, hand);
        searches()
    });
    assert_eq!(there.join().unwrap(), 1);
    assert_eq!(searches() - before, 2);
}

#[test]
fn a_row_solved_alone_equals_its_row_in_the_table() {
    // So how a level's rows are split among threads cannot matter.
    let layout = Layout::new();
    let keys = &layout.keys()[layout.level(10)];
    let solved = table();
    for &key in keys.iter().step_by(97) {
        let mut out = [0f32; N5];
        solve_row(key, solved, &mut out);
        let row = solved.row(key.used, key.up as usize);
        assert_eq!(out.map(f32::to_bits), row.map(f32::to_bits));
    }
}
