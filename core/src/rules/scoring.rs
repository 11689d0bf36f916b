//! Scoring: the category points of five dice and the upper bonus.

use super::category::Category;
use super::dice::{Counts, counts_of};

/// Upper total (in points) that earns the bonus.
pub const BONUS_THRESHOLD: i32 = 63_000;
/// The upper bonus.
pub const BONUS: i32 = 35_000;

/// Category points (no bonus) of five dice given as face counts.
pub fn score_counts(category: Category, c: &Counts) -> i32 {
    let sum: i32 = (0..6).map(|f| (f as i32 + 1) * c[f] as i32).sum();
    let max = *c.iter().max().unwrap_or(&0);
    let has = |f: usize| c[f - 1] > 0;
    match category {
        Category::One
        | Category::Two
        | Category::Three
        | Category::Four
        | Category::Five
        | Category::Six => {
            let f = category.index() + 1;
            (f as i32) * c[f - 1] as i32 * 1000
        }
        Category::Choice => sum * 1000,
        Category::FourOfAKind => {
            if max >= 4 {
                sum * 1000
            } else {
                0
            }
        }
        Category::FullHouse => {
            let three = c.contains(&3);
            let two = c.contains(&2);
            if (three && two) || max == 5 {
                sum * 1000
            } else {
                0
            }
        }
        Category::SmallStraight => {
            let run = |lo: usize| (lo..lo + 4).all(has);
            if run(1) || run(2) || run(3) {
                15_000
            } else {
                0
            }
        }
        Category::LargeStraight => {
            let exact = |lo: usize| (lo..lo + 5).all(|f| c[f - 1] == 1);
            if exact(1) || exact(2) { 30_000 } else { 0 }
        }
        Category::Yacht => {
            if max == 5 {
                50_000
            } else {
                0
            }
        }
    }
}

/// Category points (no bonus) of five dice.
pub fn score_dice(category: Category, dice: &[u8; 5]) -> i32 {
    score_counts(category, &counts_of(dice))
}

/// The bonus a put of `points` into `category` earns when the upper total was
/// `upper_before`: 35000 the first time the upper total reaches 63000.
pub fn bonus_for(category: Category, points: i32, upper_before: i32) -> i32 {
    if category.face().is_some()
        && upper_before < BONUS_THRESHOLD
        && upper_before + points >= BONUS_THRESHOLD
    {
        BONUS
    } else {
        0
    }
}
