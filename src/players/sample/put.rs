//! The put policies' choice (P1–P5 of SAMPLE_AIS.md): the best unused
//! category by each policy's key and preferences, from a holding's row of
//! the tables (the hot path of the sample AIs).

use super::{PAR, PutPolicy};
use yacht_core::game::Holding;
use yacht_core::rules::tables::{Dice5, category_of_key, points_of_key};
use yacht_core::rules::{BONUS, BONUS_THRESHOLD, CATEGORIES, Category, CategorySet, bonus_for};

/// A chosen put: category, its best dice and their points (bonus
/// included). Eight bytes, so it travels in a register.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    pub category: Category,
    pub put: Dice5,
    pub points: i32,
}

impl Choice {
    /// Points minus the category's (integer) par.
    pub fn gain(&self) -> i32 {
        by_gain(self.category, self.points)
    }
}

/// The best unused candidate put by `key` among those `keep` accepts, ties
/// to the lower category. All twelve keys are computed from the holding's
/// table row, then the first largest is taken (this runs millions of times).
fn best_choice(
    holding: Holding,
    used: CategorySet,
    upper: i32,
    keep: impl Fn(Category, i32) -> bool,
    key: impl Fn(Category, i32) -> i32,
) -> Option<Choice> {
    let options = holding.options()?;
    let mut keys = [i32::MIN; CATEGORIES];
    for (c, k) in Category::ALL.into_iter().zip(&mut keys) {
        let p = options.points(c);
        if !used.contains(c) && keep(c, p) {
            *k = key(c, p + bonus_for(c, p, upper));
        }
    }
    let top = keys.iter().copied().max()?;
    if top == i32::MIN {
        return None;
    }
    let category = Category::from_index(keys.iter().position(|&k| k == top)?);
    let points = options.points(category);
    Some(Choice {
        category,
        put: options.puts[category.index()],
        points: points + bonus_for(category, points, upper),
    })
}

/// `best_choice` by points among all open categories: the largest of the
/// holding's keys (points, ties to the lower category) over the open
/// categories, an upper category's with the bonus when it reaches it.
#[inline]
fn most_points(holding: Holding, used: CategorySet, upper: i32) -> Option<Choice> {
    let options = holding.options()?;
    // The smallest key of an upper category that reaches the bonus.
    let reach = if upper < BONUS_THRESHOLD {
        ((BONUS_THRESHOLD - upper + 999) / 1000 * 16) as i16
    } else {
        i16::MAX
    };
    let best = top_open_key(options.keys, used.bits(), reach);
    // A category's key is never negative.
    if best < 0 {
        return None;
    }
    let category = category_of_key(best);
    Some(Choice {
        category,
        put: options.puts[category.index()],
        points: points_of_key(best),
    })
}

/// The bonus in `Options` key units.
const BONUS_KEY: i16 = (BONUS / 1000 * 16) as i16;

/// The largest of `keys` (see `Options::keys`) over the lanes not in
/// `used`, the bonus added to an upper category's key when it is at least
/// `reach`; negative when every category is used.
#[cfg(any(test, not(target_arch = "x86_64")))]
fn top_open_key_lanes(keys: &[i16; 16], used: u16, reach: i16) -> i16 {
    let lane = |i: usize| match keys[i] {
        _ if used >> i & 1 == 1 => -1,
        key if i < 6 && key >= reach => key + BONUS_KEY,
        key => key,
    };
    (0..16)
        .map(lane)
        .fold(yacht_core::rules::tables::NO_KEY, i16::max)
}

#[cfg(not(target_arch = "x86_64"))]
use top_open_key_lanes as top_open_key;

/// `top_open_key_lanes` in eight-lane SSE2 steps (part of every x86-64):
/// a used lane is set to -1, then a maximum across the lanes.
#[cfg(target_arch = "x86_64")]
fn top_open_key(keys: &[i16; 16], used: u16, reach: i16) -> i16 {
    use std::arch::x86_64::*;
    const B: i16 = BONUS_KEY;
    let (lo, hi) = keys.split_at(8);
    // SAFETY: SSE2 is part of every x86-64 target, and each load reads
    // eight i16 of `keys`, unaligned.
    unsafe {
        let lo = _mm_loadu_si128(lo.as_ptr().cast());
        let hi = _mm_loadu_si128(hi.as_ptr().cast());
        let used = _mm_set1_epi16(used as i16);
        let closed = |bits: __m128i| _mm_cmpeq_epi16(_mm_and_si128(used, bits), bits);
        let closed_lo = closed(_mm_setr_epi16(1, 2, 4, 8, 16, 32, 64, 128));
        let closed_hi = closed(_mm_setr_epi16(
            256,
            512,
            1024,
            2048,
            4096,
            8192,
            16384,
            i16::MIN,
        ));
        let reached = _mm_cmpgt_epi16(lo, _mm_set1_epi16(reach - 1));
        let bonus = _mm_and_si128(reached, _mm_setr_epi16(B, B, B, B, B, B, 0, 0));
        let lo = _mm_or_si128(_mm_add_epi16(lo, bonus), closed_lo);
        let hi = _mm_or_si128(hi, closed_hi);
        let m = _mm_max_epi16(lo, hi);
        let m = _mm_max_epi16(m, _mm_shuffle_epi32::<0b01_00_11_10>(m));
        let m = _mm_max_epi16(m, _mm_shuffle_epi32::<0b10_11_00_01>(m));
        let m = _mm_max_epi16(m, _mm_srli_epi32::<16>(m));
        _mm_cvtsi128_si32(m) as i16
    }
}

fn by_points(_: Category, points: i32) -> i32 {
    points
}

fn by_gain(c: Category, points: i32) -> i32 {
    points - PAR[c.index()]
}

fn any(_: Category, _: i32) -> bool {
    true
}

const HARD: [Category; 5] = [
    Category::Yacht,
    Category::LargeStraight,
    Category::SmallStraight,
    Category::FourOfAKind,
    Category::FullHouse,
];

/// The put a (non-example) policy chooses from a holding.
#[inline]
pub fn choose(
    policy: PutPolicy,
    holding: Holding,
    used: CategorySet,
    upper: i32,
) -> Option<Choice> {
    match policy {
        PutPolicy::Example | PutPolicy::Greedy => most_points(holding, used, upper),
        _ => choose_by_preference(policy, holding, used, upper),
    }
}

/// The put of a policy that prefers some categories (P3, P4, P5).
fn choose_by_preference(
    policy: PutPolicy,
    holding: Holding,
    used: CategorySet,
    upper: i32,
) -> Option<Choice> {
    match policy {
        PutPolicy::Example | PutPolicy::Greedy => most_points(holding, used, upper),
        PutPolicy::HardCombos => {
            for h in HARD {
                let found = best_choice(holding, used, upper, |c, p| c == h && p > 0, by_points);
                if found.is_some() {
                    return found;
                }
            }
            let upper_or_choice = |c: Category, _| c.face().is_some() || c == Category::Choice;
            match best_choice(holding, used, upper, upper_or_choice, by_points) {
                Some(c) if c.points > 0 => Some(c),
                _ => best_choice(holding, used, upper, any, |c, _| -PAR[c.index()]),
            }
        }
        PutPolicy::UpperFirst => {
            let at_pace = |c: Category, p| c.face().is_some_and(|k| p >= 3 * k as i32 * 1000);
            best_choice(holding, used, upper, at_pace, by_gain)
                .or_else(|| best_choice(holding, used, upper, any, by_gain))
        }
        PutPolicy::CombosFirst => {
            let combo = |c: Category, p| c.index() >= 7 && p > 0;
            best_choice(holding, used, upper, combo, by_gain)
                .or_else(|| best_choice(holding, used, upper, any, by_gain))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use yacht_core::rules::parse_dice;
    use yacht_core::rules::tables::tables;

    fn d(s: &str) -> [u8; 5] {
        parse_dice(s).unwrap()
    }

    /// A view holding `carry` + `bundle`, with `used` categories and upper.
    fn ten(carry: &str, bundle: &str) -> Holding {
        let t = tables();
        Holding::Ten(t.add5(t.dice5(&d(carry)).unwrap(), t.dice5(&d(bundle)).unwrap()))
    }

    fn pick(p: PutPolicy, h: Holding, used: CategorySet, upper: i32) -> (Category, [u8; 5]) {
        let c = choose(p, h, used, upper).unwrap();
        (c.category, tables().faces5(c.put))
    }

    #[test]
    fn greedy_takes_the_most_points_with_the_tie_breaks() {
        // 5 sixes + 12345: YACHT 50000 beats everything.
        let h = ten("66666", "12345");
        assert_eq!(
            pick(PutPolicy::Greedy, h, CategorySet::EMPTY, 0),
            (Category::Yacht, d("66666"))
        );
        // With YACHT used: SIX, CHOICE, FOUR_OF_A_KIND, FULL_HOUSE and
        // LARGE_STRAIGHT all give 30000: the lowest index (SIX) wins.
        let used = CategorySet::EMPTY.with(Category::Yacht);
        assert_eq!(
            pick(PutPolicy::Greedy, h, used, 0),
            (Category::Six, d("66666"))
        );
    }

    #[test]
    fn greedy_counts_the_bonus_as_points() {
        // Upper at 45000: SIX with three sixes (18000) reaches 63000 → 53000.
        let h = ten("66612", "33112");
        let used = CategorySet::EMPTY
            .with(Category::Yacht)
            .with(Category::Choice);
        let c = choose(PutPolicy::Greedy, h, used, 45000).unwrap();
        assert_eq!((c.category, c.points), (Category::Six, 53000));
    }

    #[test]
    fn hard_combos_first_in_their_order() {
        // Has a small straight and a full house: SMALL_STRAIGHT comes first.
        let h = ten("12344", "44666");
        assert_eq!(
            pick(PutPolicy::HardCombos, h, CategorySet::EMPTY, 0).0,
            Category::SmallStraight
        );
        // Nothing hard scores: P2 over CHOICE and upper → CHOICE.
        let h = ten("11223", "55664");
        let used: CategorySet = HARD.iter().copied().collect();
        assert_eq!(
            pick(PutPolicy::HardCombos, h, used, 0),
            (Category::Choice, d("45566"))
        );
        // Only YACHT and FOUR_OF_A_KIND open, both 0: the lower par (YACHT).
        let used = CategorySet::EMPTY
            .with(Category::Yacht)
            .with(Category::FourOfAKind)
            .complement();
        assert_eq!(
            pick(PutPolicy::HardCombos, h, used, 0),
            (Category::Yacht, d("11223"))
        );
    }

    #[test]
    fn upper_first_takes_paced_upper_by_gain() {
        // Three fives (15000, gain 6680) and three twos (6000, gain 2672):
        // both at pace; FIVE has the higher gain.
        let h = ten("55522", "21346");
        assert_eq!(
            pick(PutPolicy::UpperFirst, h, CategorySet::EMPTY, 0),
            (Category::Five, d("12555"))
        );
        // Without a paced upper: the highest gain overall (SMALL_STRAIGHT
        // 15000 − 9750 = 5250 vs CHOICE 27000 − 24179 = 2821).
        // (LARGE_STRAIGHT 30000 − 13218 = 16782 is the highest.)
        let h = ten("12346", "56512");
        assert_eq!(
            pick(PutPolicy::UpperFirst, h, CategorySet::EMPTY, 0).0,
            Category::LargeStraight
        );
        // Three sixes reach pace: SIX is taken although its gain is lower.
        let h = ten("12346", "56611");
        assert_eq!(
            pick(PutPolicy::UpperFirst, h, CategorySet::EMPTY, 0),
            (Category::Six, d("11666"))
        );
    }

    #[test]
    fn combos_first_takes_any_scoring_combo_by_gain() {
        // FOUR_OF_A_KIND 11116 (gain 10000 − 7937 = 2063) and FULL_HOUSE
        // 55666 (gain 28000 − 19300 = 8700) score: the higher gain wins.
        let h = ten("11116", "66552");
        let c = choose(PutPolicy::CombosFirst, h, CategorySet::EMPTY, 0).unwrap();
        assert_eq!(c.category, Category::FullHouse);
        assert_eq!(tables().faces5(c.put), d("55666"));
    }
}

#[cfg(test)]
mod properties {
    use super::*;
    use proptest::prelude::*;
    use yacht_core::rules::tables::{Hand10, N5, N10, NO_KEY};

    proptest! {
        /// The SSE2 maximum is the lane-by-lane one, on any keys.
        #[test]
        fn top_open_key_in_vector_steps_is_the_lane_by_lane_one(
            keys in proptest::array::uniform16(prop_oneof![0i16..1000, Just(NO_KEY)]),
            used in proptest::prelude::any::<u16>(),
            reach in prop_oneof![0i16..1100, Just(i16::MAX)],
        ) {
            prop_assert_eq!(
                top_open_key(&keys, used, reach),
                top_open_key_lanes(&keys, used, reach)
            );
        }

        /// The maximum of keys is the plain maximum of points (bonus
        /// included) over the open categories, ties to the lower category.
        #[test]
        fn most_points_is_the_plain_maximum(
            hand in 0..N10,
            five in 0..N5,
            used in 0..=CategorySet::ALL.bits(),
            upper in 0i32..70,
        ) {
            let (used, upper) = (CategorySet::from_bits(used), upper * 1000);
            for holding in [Holding::Ten(Hand10(hand as u16)), Holding::Five(Dice5(five as u8))] {
                prop_assert_eq!(
                    most_points(holding, used, upper),
                    best_choice(holding, used, upper, super::any, by_points)
                );
            }
        }
    }
}
