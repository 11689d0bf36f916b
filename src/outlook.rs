//! The outlook table: V(used, upper) = expected points still to come (bonus
//! included) when every later scoring round brings ten uniformly random dice
//! and the best (category, five dice) is taken by points + V of the next
//! state. An exact expectation over the 3003 ten-dice multisets, solved
//! backwards over the 4096 category masks. Std-only: the bot solves it at
//! start-up.

use crate::rules::{BONUS, CATEGORIES, Category};
use crate::tables::{Hand10, N10, tables};
use std::sync::OnceLock;

/// Upper totals are tracked in thousands, capped here (the bonus threshold).
pub const UP_CAP: usize = 63;
const UPS: usize = UP_CAP + 1;
const MASKS: usize = 1 << CATEGORIES;

/// V(used mask, upper total in thousands capped at 63), in points.
pub struct Outlook {
    v: Vec<f32>,
}

static OUTLOOK: OnceLock<Outlook> = OnceLock::new();

/// The process-wide outlook table, solved on first use.
pub fn outlook() -> &'static Outlook {
    OUTLOOK.get_or_init(Outlook::solve)
}

impl Outlook {
    /// Expected points to come from this state.
    pub fn value(&self, used: u16, upper_points: i32) -> f32 {
        let up = ((upper_points.max(0) / 1000) as usize).min(UP_CAP);
        self.v[used as usize * UPS + up]
    }

    fn solve() -> Outlook {
        let t = tables();
        let weight: Vec<f32> = (0..N10)
            .map(|h| t.weight10(Hand10(h as u16)) as f32)
            .collect();
        // Per category, the best points of every hand; per face, its count.
        let points: Vec<Vec<f32>> = Category::ALL
            .iter()
            .map(|&c| {
                (0..N10)
                    .map(|h| t.best10(Hand10(h as u16), c).points as f32)
                    .collect()
            })
            .collect();
        let count: Vec<Vec<u8>> = (0..6)
            .map(|f| {
                (0..N10)
                    .map(|h| t.counts10(Hand10(h as u16))[f].min(5))
                    .collect()
            })
            .collect();
        let mut v = vec![0f32; MASKS * UPS];
        let mut acc = vec![0f32; N10];
        for mask in (0..MASKS - 1).rev() {
            let free_upper = (0..6).any(|k| mask & (1 << k) == 0);
            let reach = reachable_ups(mask);
            let ups: Vec<usize> = if free_upper {
                (0..UPS).filter(|u| reach & (1 << u) != 0).collect()
            } else {
                vec![0]
            };
            for &up in &ups {
                acc.fill(f32::MIN);
                for c in Category::ALL {
                    let next = mask | c.bit() as usize;
                    if next == mask {
                        continue;
                    }
                    match c.face() {
                        None => {
                            let k = v[next * UPS + up];
                            for (a, p) in acc.iter_mut().zip(&points[c.index()]) {
                                let x = p + k;
                                *a = if x > *a { x } else { *a };
                            }
                        }
                        Some(face) => {
                            let f = face as usize;
                            // Eight entries so `n & 7` needs no bounds check.
                            let table: [f32; 8] = std::array::from_fn(|n| {
                                let n = n.min(5);
                                let gained = f * n;
                                let up2 = (up + gained).min(UP_CAP);
                                let bonus = if up < UP_CAP && up + gained >= UP_CAP {
                                    BONUS
                                } else {
                                    0
                                };
                                (1000 * gained) as f32 + bonus as f32 + v[next * UPS + up2]
                            });
                            for (a, &n) in acc.iter_mut().zip(&count[f - 1]) {
                                let x = table[(n & 7) as usize];
                                *a = if x > *a { x } else { *a };
                            }
                        }
                    }
                }
                let e: f32 = acc.iter().zip(&weight).map(|(a, w)| a * w).sum();
                v[mask * UPS + up] = e;
            }
            if !free_upper {
                let e = v[mask * UPS];
                v[mask * UPS..(mask + 1) * UPS].fill(e);
            } else {
                // Unreachable upper totals (never read in a game) take the
                // value of the nearest reachable total below.
                for up in 1..UP_CAP {
                    if reach & (1 << up) == 0 {
                        v[mask * UPS + up] = v[mask * UPS + up - 1];
                    }
                }
            }
        }
        Outlook { v }
    }
}

/// Bit `u` set when an upper total of `u` thousand (capped at 63) can be
/// reached with the used upper categories of `mask` (0..=5 dice of each face).
fn reachable_ups(mask: usize) -> u64 {
    let mut reach: u64 = 1;
    for face in 1..=6 {
        if mask & (1 << (face - 1)) == 0 {
            continue;
        }
        let mut next = 0u64;
        for n in 0..=5 {
            let add = face * n;
            for u in 0..UPS {
                if reach & (1 << u) != 0 {
                    next |= 1 << (u + add).min(UP_CAP);
                }
            }
        }
        reach = next;
    }
    reach
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn last_category_is_its_expected_best_points() {
        let o = outlook();
        let par = tables().par();
        // Only YACHT left: V = par(YACHT).
        let used = 0xfff & !Category::Yacht.bit();
        assert!((o.value(used, 0) as f64 - par[11]).abs() < 1.0);
        // Only SIX left at upper 60000: par(SIX) + 35000 × P(at least one six
        // among... counted as 3000+ i.e. ≥ 1 six).
        let used = 0xfff & !Category::Six.bit();
        let p_none = (5.0f64 / 6.0).powi(10);
        let expected = par[5] + 35000.0 * (1.0 - p_none);
        assert!((o.value(used, 60000) as f64 - expected).abs() < 2.0);
        assert_eq!(o.value(0xfff, 0), 0.0);
    }

    #[test]
    fn the_whole_game_outlook_is_plausible() {
        // Pinned (f32 sums): changing the model or the tables changes it.
        // Below the field's DP with held dice (268 800), which also values
        // what is carried; above the sum of the pars (113 963).
        let v = outlook().value(0, 0);
        assert!((v - 241_576.5).abs() < 1.0, "{v}");
    }
}
