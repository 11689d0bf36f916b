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
//! the spread is 0. Std-only: a submission reads the stored levels from
//! `data.bin` and solves the others again, as it does for V.

use crate::rules::Category;
use crate::tables::{N5, N10, tables};
use crate::value::{Layout, Row, RowKey, Rows, Solved, ValueTable, gain, kernel, solve_levels_by};

/// Solves one row of the spread from the value rows of the next level
/// (`values`) and its spread rows (`spreads`).
pub fn solve_row(key: RowKey, values: &impl Rows, spreads: &impl Rows, out: &mut Row) {
    let k = kernel();
    let points = tables().points5();
    let (used, up) = (key.used, key.up as usize);
    let open: Vec<Category> = used.complement().iter().collect();
    if open.len() <= 1 {
        out.fill(0.0);
        return;
    }
    // Per hand of ten: the best put's value and the spread of what it leaves.
    let mut w = [f32::NEG_INFINITY; N10];
    let mut wv = [0f32; N10];
    let (mut best, mut best_var) = ([0f32; N5], [0f32; N5]);
    for (put, points) in points.iter().enumerate() {
        best.fill(f32::NEG_INFINITY);
        for &c in &open {
            let (now, after) = gain(c, points[c.index()], up);
            let next = values.row(used.with(c), after);
            let next_var = spreads.row(used.with(c), after);
            let now = now as f32;
            for ((x, xv), (&v, &var)) in best
                .iter_mut()
                .zip(&mut best_var)
                .zip(next.iter().zip(next_var))
            {
                let cand = now + v;
                if cand > *x {
                    *x = cand;
                    *xv = var;
                }
            }
        }
        for ((&hand, &v), &var) in k.add[put].iter().zip(&best).zip(&best_var) {
            let h = hand as usize;
            if v > w[h] {
                w[h] = v;
                wv[h] = var;
            }
        }
    }
    for (held, out) in out.iter_mut().enumerate() {
        let hands = &k.add[held];
        let weighted = || {
            hands
                .iter()
                .zip(&k.weight)
                .map(|(&h, &p)| (h as usize, f64::from(p)))
        };
        let mean: f64 = weighted().map(|(h, p)| p * f64::from(w[h])).sum();
        let var: f64 = weighted()
            .map(|(h, p)| p * (f64::from(wv[h]) + (f64::from(w[h]) - mean).powi(2)))
            .sum();
        *out = var as f32;
    }
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
    let levels = (0..crate::value::LEVELS).rev();
    solve_levels(layout, values, &mut spreads, levels, threads);
    spreads
}

#[cfg(test)]
mod tests {
    use crate::rollout::Stream;
    use crate::rules::CategorySet;
    use crate::tables::{Dice5, N5, tables};
    use crate::testkit::table;

    /// Mean and variance of a whole solitaire game by the tables: the
    /// first bundle is the held dice of the empty card.
    fn by_tables() -> (f64, f64) {
        let t = tables();
        let table = table();
        let spreads = super::of(table, 2);
        assert_eq!(spreads.len(), table.values().len());
        let held = (0..N5).map(|b| {
            let d = Dice5(b as u8);
            let v = f64::from(table.held_value(CategorySet::EMPTY, 0, d));
            let var = f64::from(table.held_spread(CategorySet::EMPTY, 0, d).unwrap());
            (t.weight5(d), v, var)
        });
        let mean: f64 = held.clone().map(|(p, v, _)| p * v).sum();
        let var = held.map(|(p, v, var)| p * (var + (v - mean).powi(2))).sum();
        (mean, var)
    }

    #[test]
    fn the_spread_of_a_solitaire_game_is_what_its_games_show() {
        let (mean, var) = by_tables();
        assert!((mean - table().expected_game()).abs() < 1.0);
        let games = 40_000;
        let mut dice = Stream(11);
        let scores: Vec<f64> = (0..games)
            .map(|_| f64::from(table().play_solitaire(|| dice.five())))
            .collect();
        let m = scores.iter().sum::<f64>() / games as f64;
        let v = scores.iter().map(|s| (s - m).powi(2)).sum::<f64>() / (games - 1) as f64;
        // The sample variance's standard error is about var·√(2/n) for a
        // near-normal score (the tails are heavier: allow 4 of them).
        let se = var * (2.0 / games as f64).sqrt();
        eprintln!(
            "sd by tables {:.1}, by {games} games {:.1}",
            var.sqrt(),
            v.sqrt()
        );
        assert!((v - var).abs() < 4.0 * se, "{v} vs {var}");
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
        let var: f64 = outcomes.iter().map(|(p, w)| p * (w - mean).powi(2)).sum();
        assert!(var > 1e6, "{var}");
        assert!((by_table - var).abs() < 1e-4 * var, "{by_table} vs {var}");
    }
}
