//! The spread of the points to come: Var(used, upper, held), the variance
//! of the points a player still scores (category points and the bonus)
//! when every later round brings a uniformly random bundle and every put is
//! the value model's own (the best by points + bonus + V of what it
//! leaves). One more backward pass over the value table's rows, level by
//! level like V's:
//!
//! Var(s, h) = Σ_b p_b · [ Var(s', c') + (W(h + b) − V(s, h))² ]
//!
//! where W(h + b) is the best put's value from the hand of ten and (s', c')
//! the state and carry it leaves (the law of total variance over the
//! bundle). With one category left the held dice are scored as they are:
//! the spread is 0. The third central moment follows by the same pass
//! (the law of total cumulance: M3 = Σ p_b [M3' + 3 d Var' + d³], d = W −
//! V) and is kept as the skewness M3 / Var^{3/2}; from the empty card it
//! is −1.55 (40 000 games: −1.53 ± 0.04) — a game's total has a long low
//! tail. Both passes share the value model's choice of put (`best_by_hand`).
//! Std-only: a submission reads the stored levels from `data.bin` and
//! solves the others again, as it does for V.

use super::layout::{LEVELS, Layout, Row, RowKey};
use super::solver::{Rows, Solved, gain, kernel, solve_levels_by};
use super::table::ValueTable;
use crate::rules::Category;
use crate::rules::tables::{N5, N10, tables};

/// Per hand of ten from a row's state: the best put's value (points +
/// bonus + V of what it leaves, as the value model plays) and, for each of
/// `next`, its entry at the state and carry that put leaves.
fn best_by_hand<const K: usize>(
    key: RowKey,
    values: &impl Rows,
    next: [&dyn Rows; K],
) -> (Vec<f32>, [Vec<f32>; K]) {
    let k = kernel();
    let points = tables().points5();
    let (used, up) = (key.used, key.up as usize);
    let open: Vec<Category> = used.complement().iter().collect();
    let mut w = vec![f32::NEG_INFINITY; N10];
    // Where each hand's best put came from: the dice put, the dice carried
    // and the category (index in `open`).
    let mut from = vec![(0u8, 0u8, 0u8); N10];
    // Putting dice that score nothing: the best next row whatever the put
    // (as the value solver does), and which category gives it.
    let (mut nothing, mut nothing_arg) = ([f32::NEG_INFINITY; N5], [0u8; N5]);
    for (i, &c) in open.iter().enumerate() {
        let next = values.row(used.with(c), up);
        improve(&mut nothing, &mut nothing_arg, next, 0.0, i);
    }
    let (mut best, mut arg) = ([0f32; N5], [0u8; N5]);
    for (put, points) in points.iter().enumerate() {
        best.copy_from_slice(&nothing);
        arg.copy_from_slice(&nothing_arg);
        for (i, &c) in open.iter().enumerate() {
            let pts = points[c.index()];
            if pts == 0 {
                continue;
            }
            let (now, after) = gain(c, pts, up);
            improve(
                &mut best,
                &mut arg,
                values.row(used.with(c), after),
                now as f32,
                i,
            );
        }
        for (carry, (&hand, &v)) in k.add[put].iter().zip(&best).enumerate() {
            let h = hand as usize;
            if v > w[h] {
                w[h] = v;
                from[h] = (put as u8, carry as u8, arg[carry]);
            }
        }
    }
    let wx = next.map(|rows| {
        from.iter()
            .map(|&(put, carry, i)| {
                let c = open[i as usize];
                let (_, after) = gain(c, points[put as usize][c.index()], up);
                rows.row(used.with(c), after)[carry as usize]
            })
            .collect()
    });
    (w, wx)
}

/// Where `now` + a next value beats the best so far, takes it and notes
/// the category (its index among the open ones).
#[inline]
fn improve(best: &mut [f32; N5], arg: &mut [u8; N5], next: &Row, now: f32, category: usize) {
    for ((b, a), &v) in best.iter_mut().zip(arg.iter_mut()).zip(next) {
        let better = now + v > *b;
        *b = if better { now + v } else { *b };
        *a = if better { category as u8 } else { *a };
    }
}

/// For each held multiset, the expectation over the bundle of each of the
/// per-hand `terms` (hand of ten = held + bundle).
fn expect<const J: usize>(terms: &[[f64; J]], out: &mut Row, moment: impl Fn([f64; J]) -> f64) {
    let k = kernel();
    for (held, out) in out.iter_mut().enumerate() {
        let mut sum = [0f64; J];
        for (&h, &p) in k.add[held].iter().zip(&k.weight) {
            let t = &terms[h as usize];
            for (s, &t) in sum.iter_mut().zip(t) {
                *s += f64::from(p) * t;
            }
        }
        *out = moment(sum) as f32;
    }
}

/// The hands' best values about a reference (the first hand's), so that
/// powers of them keep their precision.
fn centred(w: &[f32]) -> impl Iterator<Item = f64> + '_ {
    w.iter().map(move |&x| f64::from(x) - f64::from(w[0]))
}

/// Solves one row of the spread from the value rows of the next level
/// (`values`) and its spread rows (`spreads`): E[Var' + x²] − E[x]², x the
/// best put's value.
pub fn solve_row(key: RowKey, values: &impl Rows, spreads: &impl Rows, out: &mut Row) {
    if key.used.complement().iter().count() <= 1 {
        out.fill(0.0);
        return;
    }
    let (w, [wv]) = best_by_hand(key, values, [spreads]);
    let terms: Vec<[f64; 2]> = centred(&w)
        .zip(&wv)
        .map(|(x, &v)| [x, f64::from(v) + x * x])
        .collect();
    expect(&terms, out, |[m, s]| s - m * m);
}

/// Solves one row of the third central moment of the points to come from
/// the next level's values, spreads and third moments (`thirds`):
/// M3 = E[M3' + 3 x Var' + x³] − 3 m E[Var' + x²] + 2 m³, x the best put's
/// value and m its mean.
fn solve_third_row(
    key: RowKey,
    values: &impl Rows,
    spreads: &impl Rows,
    thirds: &impl Rows,
    out: &mut Row,
) {
    if key.used.complement().iter().count() <= 1 {
        out.fill(0.0);
        return;
    }
    let (w, [wv, w3]) = best_by_hand(key, values, [spreads, thirds]);
    let terms: Vec<[f64; 3]> = centred(&w)
        .zip(wv.iter().zip(&w3))
        .map(|(x, (&v, &m3))| {
            let v = f64::from(v);
            [x, v + x * x, f64::from(m3) + 3.0 * x * v + x * x * x]
        })
        .collect();
    expect(&terms, out, |[m, s, c]| c - 3.0 * m * s + 2.0 * m * m * m);
}

/// Solves the spread rows of `levels` (from the last put back) into
/// `spreads`, each from the value rows in `values` and the spread rows
/// above it, a level's rows split among `threads` threads (the result does
/// not depend on the number).
pub fn solve_levels(
    layout: &Layout,
    values: &[f32],
    spreads: &mut [f32],
    levels: impl Iterator<Item = usize>,
    threads: usize,
) {
    let all = Solved {
        layout,
        values,
        first: 0,
    };
    solve_levels_by(layout, spreads, levels, threads, |key, above, out| {
        solve_row(key, &all, above, out)
    });
}

/// `table`'s spread rows, solved now on `threads` threads unless it has
/// them.
pub fn of(table: &ValueTable, threads: usize) -> &[f32] {
    table.spreads_or(|| solve(table.layout(), table.values(), threads))
}

/// Every spread row of a table whose values are `values` (rows in
/// `layout`'s order).
pub fn solve(layout: &Layout, values: &[f32], threads: usize) -> Vec<f32> {
    let mut spreads = vec![0f32; values.len()];
    let levels = (0..LEVELS).rev();
    solve_levels(layout, values, &mut spreads, levels, threads);
    spreads
}

/// Every row's third central moment of the points to come, for a table
/// with these values and spreads, on `threads` threads.
fn solve_thirds(layout: &Layout, values: &[f32], spreads: &[f32], threads: usize) -> Vec<f32> {
    let solved = |values| Solved {
        layout,
        values,
        first: 0,
    };
    let (all, var) = (solved(values), solved(spreads));
    let mut thirds = vec![0f32; values.len()];
    let levels = (0..LEVELS).rev();
    solve_levels_by(layout, &mut thirds, levels, threads, |key, above, out| {
        solve_third_row(key, &all, &var, above, out)
    });
    thirds
}

/// The skewness of each entry: its third moment over its variance's 3/2
/// power (0 where nothing varies).
fn skewness(spreads: &[f32], thirds: &[f32]) -> Vec<f32> {
    spreads
        .iter()
        .zip(thirds)
        .map(|(&var, &m3)| {
            let var = f64::from(var);
            if var > 0.0 {
                (f64::from(m3) / var.powf(1.5)) as f32
            } else {
                0.0
            }
        })
        .collect()
}

/// `table`'s skewness rows (and its spreads), solved now on `threads`
/// threads unless it has them.
pub fn skews_of(table: &ValueTable, threads: usize) -> &[f32] {
    let spreads = of(table, threads);
    table.skews_or(|| {
        let thirds = solve_thirds(table.layout(), table.values(), spreads, threads);
        skewness(spreads, &thirds)
    })
}

#[cfg(test)]
mod tests {
    use crate::rules::CategorySet;
    use crate::rules::tables::{Dice5, N5, tables};
    use crate::testkit::table;
    use crate::win::rollout::Stream;

    /// Mean, variance and third central moment of a whole solitaire game
    /// by the tables: the first bundle is the held dice of the empty card.
    fn by_tables() -> (f64, f64, f64) {
        let t = tables();
        let table = table();
        let spreads = super::of(table, 2);
        assert_eq!(spreads.len(), table.values().len());
        super::skews_of(table, 2);
        let held = (0..N5).map(|b| {
            let d = Dice5(b as u8);
            let v = f64::from(table.held_value(CategorySet::EMPTY, 0, d));
            let var = f64::from(table.held_spread(CategorySet::EMPTY, 0, d).unwrap());
            let skew = f64::from(table.held_skew(CategorySet::EMPTY, 0, d).unwrap());
            (t.weight5(d), v, var, skew * var.powf(1.5))
        });
        let mean: f64 = held.clone().map(|(p, v, _, _)| p * v).sum();
        let var = held
            .clone()
            .map(|(p, v, var, _)| p * (var + (v - mean).powi(2)))
            .sum();
        let third = held
            .map(|(p, v, var, m3)| p * (m3 + 3.0 * (v - mean) * var + (v - mean).powi(3)))
            .sum();
        (mean, var, third)
    }

    /// The sample's central moments 2 to 6.
    fn central_moments(scores: &[f64]) -> [f64; 5] {
        let n = scores.len() as f64;
        let m = scores.iter().sum::<f64>() / n;
        std::array::from_fn(|k| {
            scores
                .iter()
                .map(|s| (s - m).powi(k as i32 + 2))
                .sum::<f64>()
                / n
        })
    }

    #[test]
    fn the_spread_and_skew_of_a_solitaire_game_are_what_its_games_show() {
        let (mean, var, third) = by_tables();
        assert!((mean - table().expected_game()).abs() < 1.0);
        let games = 40_000;
        let mut dice = Stream(11);
        let scores: Vec<f64> = (0..games)
            .map(|_| f64::from(table().play_solitaire(|| dice.five())))
            .collect();
        let [m2, m3, m4, m5, m6] = central_moments(&scores);
        let _ = m5;
        let n = games as f64;
        // Standard errors of the sample's variance and third moment
        // (delta method); allow 4 of them.
        let se2 = ((m4 - m2 * m2) / n).sqrt();
        let se3 = ((m6 - m3 * m3 - 6.0 * m4 * m2 + 9.0 * m2.powi(3)) / n).sqrt();
        eprintln!(
            "sd by tables {:.1}, by {games} games {:.1}; skewness {:.4} vs {:.4} ± {:.4}",
            var.sqrt(),
            m2.sqrt(),
            third / var.powf(1.5),
            m3 / m2.powf(1.5),
            se3 / m2.powf(1.5)
        );
        assert!((m2 - var).abs() < 4.0 * se2, "{m2} vs {var}");
        assert!((m3 - third).abs() < 4.0 * se3, "{m3} vs {third} ± {se3}");
        // An independent implementation gives sd 18 547 on its exact table.
        assert!((var.sqrt() - 18_547.0).abs() < 150.0, "{}", var.sqrt());
    }

    #[test]
    fn with_one_category_left_nothing_varies_and_with_two_one_bundle_does() {
        let t = tables();
        let table = table();
        super::of(table, 2);
        let only = |open: &[crate::rules::Category]| {
            open.iter().fold(CategorySet::ALL, |s, &c| {
                CategorySet::from_bits(s.bits() & !c.bit())
            })
        };
        use crate::rules::Category::*;
        let yacht = only(&[Yacht]);
        for held in 0..N5 {
            assert_eq!(table.held_spread(yacht, 0, Dice5(held as u8)), Some(0.0));
        }
        // YACHT and CHOICE open, holding five sixes: the yacht is scored
        // (50 000) whatever comes, CHOICE takes the better five of the
        // bundle and nothing else — so the spread is that of the bundle's
        // CHOICE as the value model plays it; brute force over the bundles.
        let used = only(&[Yacht, Choice]);
        let sixes = t.dice5(&[6; 5]).unwrap();
        let by_table = f64::from(table.held_spread(used, 0, sixes).unwrap());
        let outcomes: Vec<(f64, f64)> = (0..N5)
            .map(|b| {
                let bundle = Dice5(b as u8);
                let hand = t.add5(sixes, bundle);
                let m = table.best_put(used, 0, hand);
                // Nothing varies after the put: its value is the outcome.
                (t.weight5(bundle), f64::from(m.value))
            })
            .collect();
        let mean: f64 = outcomes.iter().map(|(p, w)| p * w).sum();
        let moment = |k| -> f64 { outcomes.iter().map(|(p, w)| p * (w - mean).powi(k)).sum() };
        let (var, third) = (moment(2), moment(3));
        assert!(var > 1e6, "{var}");
        assert!((by_table - var).abs() < 1e-4 * var, "{by_table} vs {var}");
        super::skews_of(table, 2);
        let skew = f64::from(table.held_skew(used, 0, sixes).unwrap());
        assert!(third.abs() > 1e8, "{third}");
        let by_table = skew * by_table.powf(1.5);
        assert!(
            (by_table - third).abs() < 1e-3 * third.abs(),
            "{by_table} vs {third}"
        );
    }
}
