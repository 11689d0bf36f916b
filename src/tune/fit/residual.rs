//! Where a leaf is wrong: its mean residual (the outcome less the
//! predicted P(win)) on held-out positions grouped by what the normal
//! leaf does not see (each side's upper bonus against par, three of each
//! face left; the yacht left open on either side), the late auctions and
//! the close positions, with the games as the independent units of its
//! interval. A group far from 0 is a feature a fitted leaf could use.

use super::position::Position;
use crate::stats::clustered_mean_se;
use yacht_core::rules::{BONUS_THRESHOLD, Category};
use yacht_core::win::side::Side;

/// The upper bonus as a side stands between rounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bonus {
    /// Scored (the upper total has reached the threshold).
    Secured,
    /// Reached with three of each face left (par), or more.
    OnPar,
    /// Reachable only above par: with more than three of some face.
    BelowPar,
    /// Out of reach even with five of each face.
    Lost,
}

impl Bonus {
    pub fn of(side: &Side) -> Bonus {
        if side.upper >= BONUS_THRESHOLD {
            return Bonus::Secured;
        }
        let faces: i32 = Category::ALL
            .iter()
            .filter(|c| !side.used.contains(**c))
            .filter_map(|c| c.face())
            .map(|f| 1_000 * i32::from(f))
            .sum();
        match side.upper {
            u if u + 3 * faces >= BONUS_THRESHOLD => Bonus::OnPar,
            u if u + 5 * faces >= BONUS_THRESHOLD => Bonus::BelowPar,
            _ => Bonus::Lost,
        }
    }
}

/// The fewest positions a group is shown with.
const FEWEST: usize = 100;

/// The side of `p` a group looks at: mine (0) or the opponent's (1).
fn bonus(p: &Position, side: usize) -> Bonus {
    Bonus::of(&p.sides[side])
}

/// A group of positions: its name, and whether a position is in it.
pub type Group = (&'static str, fn(&Position) -> bool);

/// The groups, by name and membership: each side's bonus, each side's
/// yacht still open, the close positions.
pub const GROUPS: [Group; 10] = [
    ("my bonus secured", |p| bonus(p, 0) == Bonus::Secured),
    ("my bonus on par", |p| bonus(p, 0) == Bonus::OnPar),
    ("my bonus below par", |p| bonus(p, 0) == Bonus::BelowPar),
    ("my bonus lost", |p| bonus(p, 0) == Bonus::Lost),
    ("their bonus on par", |p| bonus(p, 1) == Bonus::OnPar),
    ("their bonus below par", |p| bonus(p, 1) == Bonus::BelowPar),
    ("my yacht open", |p| {
        !p.sides[0].used.contains(Category::Yacht)
    }),
    ("their yacht open", |p| {
        !p.sides[1].used.contains(Category::Yacht)
    }),
    ("late (auctions 9–11)", |p| (9..=11).contains(&p.auction)),
    ("close (|P − ½| < 0.2)", |p| (p.today - 0.5).abs() < 0.2),
];

/// One group's mean residual of each leaf, with its 95 % half-interval.
#[derive(Clone, Debug, PartialEq)]
pub struct Residual {
    pub group: &'static str,
    pub n: usize,
    /// Today's leaf, then the fitted one: (mean, half-interval).
    pub leaves: [(f64, f64); 2],
}

/// The residuals of `held` (each position with the fitted leaf's P(win))
/// in every group of [`GROUPS`] that holds at least [`FEWEST`].
pub fn residuals(held: &[(&Position, f64)]) -> Vec<Residual> {
    GROUPS
        .iter()
        .filter_map(|&(group, member)| {
            let mine: Vec<&(&Position, f64)> = held.iter().filter(|(p, _)| member(p)).collect();
            if mine.len() < FEWEST {
                return None;
            }
            let of = |leaf: fn(&(&Position, f64)) -> f64| {
                let r: Vec<(u64, f64)> = mine
                    .iter()
                    .map(|x| (x.0.game, x.0.outcome - leaf(x)))
                    .collect();
                let (m, se) = clustered_mean_se(&r);
                (m, 1.96 * se)
            };
            Some(Residual {
                group,
                n: mine.len(),
                leaves: [of(|x| x.0.today), of(|x| x.1)],
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use yacht_core::rules::CategorySet;
    use yacht_core::rules::tables::Dice5;

    fn side(upper: i32, used: &[Category]) -> Side {
        let mut set = CategorySet::EMPTY;
        for &c in used {
            set.insert(c);
        }
        Side {
            used: set,
            upper,
            total: upper,
            carry: Dice5(0),
        }
    }

    #[test]
    fn the_bonus_stands_against_par() {
        use Category::*;
        assert_eq!(Bonus::of(&side(63_000, &[One, Two])), Bonus::Secured);
        // Three of each face is exactly 63 000.
        assert_eq!(Bonus::of(&side(0, &[])), Bonus::OnPar);
        let five = [One, Two, Three, Four, Five];
        // 40 000 + three sixes 18 000 is short; five sixes 30 000 is not.
        assert_eq!(Bonus::of(&side(40_000, &five)), Bonus::BelowPar);
        assert_eq!(Bonus::of(&side(32_000, &five)), Bonus::Lost);
        assert_eq!(Bonus::of(&side(45_000, &five)), Bonus::OnPar);
    }
}
