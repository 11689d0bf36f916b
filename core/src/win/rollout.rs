//! Win probability by rollouts: from a position where both players have
//! put this round, the rest of the game is played out many times on seeded
//! dice, both players playing `dp` (puts by value, the signed equilibrium
//! bid, ties by a coin), and each future is scored as a win, a draw or a
//! loss. Candidate positions are compared on common random numbers: rollout
//! `i` of a decision draws the same bundles and coins for every candidate,
//! so their difference is measured on the same futures. Std-only: the
//! submission runs it.

use crate::rules::tables::{Dice5, tables};
use crate::rules::{AUCTIONS, Bid, PerSeat, Seat, resolve_auction};
use crate::value::equilibrium::BidRule;
use crate::value::{BestMove, NextRows, ValueTable};

use super::side::Side;

/// SplitMix64: the dice and coins of rollouts (and of the core's tests).
#[derive(Clone, Copy, Debug)]
pub struct Stream(pub u64);

impl Stream {
    pub fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        mix(self.0)
    }

    /// Five dice, each uniform on 1..=6.
    pub fn five(&mut self) -> [u8; 5] {
        std::array::from_fn(|_| (self.next_u64() % 6) as u8 + 1)
    }

    /// The next five dice as a bundle.
    pub fn bundle(&mut self) -> Dice5 {
        tables().dice5(&self.five()).expect("faces 1 to 6")
    }
}

/// SplitMix64's finaliser: a well-spread hash of one word.
pub fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One auction and put of a rollout for one player: its best put with
/// each bundle (whose values give its gap).
struct Plans([BestMove; 2]);

impl Plans {
    /// The plans of a side holding `carry` whose next puts lead to `next`.
    fn new(next: &NextRows, carry: Dice5, bundles: [Dice5; 2]) -> Plans {
        Plans(bundles.map(|b| next.best_put(tables().add5(carry, b))))
    }

    /// A minus B.
    fn gap(&self) -> f32 {
        self.0[0].value - self.0[1].value
    }
}

/// The margin (mine minus theirs) at the end of one future: the rounds
/// after `round` played by both sides as `dp`, on `stream`'s dice.
pub fn play_out(values: &ValueTable, sides: [Side; 2], round: usize, stream: &mut Stream) -> i32 {
    let mut sides = sides;
    for _ in round..AUCTIONS {
        sides = play_round(values, sides, stream);
    }
    for side in &mut sides {
        side.finish();
    }
    sides[0].total - sides[1].total
}

/// Both sides (mine, the opponent's) after one more round played as `dp`
/// on `stream`'s dice: the roll, the signed bids, a coin for a tie, the
/// award's bid points and both puts by value.
pub fn play_round(values: &ValueTable, sides: [Side; 2], stream: &mut Stream) -> [Side; 2] {
    let round = Round::roll(values, &sides, stream);
    round.settle(sides, round.tie)
}

/// Two sides' next puts (mine first), looked up once for any number of
/// rounds rolled from them.
pub struct Planner<'a> {
    next: PerSeat<NextRows<'a>>,
    carry: PerSeat<Dice5>,
}

impl<'a> Planner<'a> {
    pub fn new(values: &'a ValueTable, sides: &[Side; 2]) -> Planner<'a> {
        let sides = PerSeat::new(sides[0], sides[1]);
        Planner {
            next: PerSeat::from_fn(|seat| values.next_rows(sides[seat].used, sides[seat].upper)),
            carry: PerSeat::from_fn(|seat| sides[seat].carry),
        }
    }
}

/// One round of a rollout before it is settled: the roll's plans and bids
/// of both sides (mine first) and the coin that breaks a tie.
pub struct Round {
    plans: PerSeat<Plans>,
    bids: PerSeat<Bid>,
    pub tie: Seat,
}

impl Round {
    /// The next roll and coin of `stream`, both sides planning as `dp`.
    pub fn roll(values: &ValueTable, sides: &[Side; 2], stream: &mut Stream) -> Round {
        Round::roll_from(&Planner::new(values, sides), stream)
    }

    /// The next roll and coin of `stream`, planned by `planner` (which
    /// serves every round from the same two sides).
    pub fn roll_from(planner: &Planner, stream: &mut Stream) -> Round {
        let roll = [stream.bundle(), stream.bundle()];
        let tie = if stream.next_u64() & 1 == 0 {
            Seat::First
        } else {
            Seat::Second
        };
        let Planner { next, carry } = planner;
        let plans = PerSeat::from_fn(|seat| Plans::new(&next[seat], carry[seat], roll));
        Round::bid(plans, tie)
    }

    /// The round of two planned sides: both bid the signed equilibrium.
    fn bid(plans: PerSeat<Plans>, tie: Seat) -> Round {
        let bids = PerSeat::from_fn(|seat| {
            BidRule::Signed.bid(plans[seat].gap(), plans[seat.other()].gap())
        });
        Round { plans, bids, tie }
    }

    /// Both sides after the auction, a tie going to `tie`, and their puts.
    pub fn settle(&self, sides: [Side; 2], tie: Seat) -> [Side; 2] {
        let mut sides = PerSeat::new(sides[0], sides[1]);
        let awards = resolve_auction(self.bids.first, self.bids.second, tie);
        for seat in Seat::ALL {
            let award = awards[seat];
            let put = self.plans[seat].0[award.bundle.index()];
            let side = &mut sides[seat];
            side.total += award.bid_points;
            side.score(put.category, put.put);
            side.carry = put.carry;
        }
        [sides.first, sides.second]
    }
}

/// Bundles dealt once for many rolls: each planned once by both sides, a
/// roll being a pair of them (see [`pairing`]). A look ahead of R rolls
/// from a pool of K bundles searches 2K hands instead of 4R.
pub struct Pool {
    plans: PerSeat<Vec<BestMove>>,
}

impl Pool {
    /// `size` bundles, bundle `k` the five dice of `Stream(mix(seed + k))`,
    /// planned by `planner`.
    pub fn deal(planner: &Planner, size: usize, seed: u64) -> Pool {
        let t = tables();
        let bundles: Vec<Dice5> = (0..size as u64)
            .map(|k| Stream(mix(seed.wrapping_add(k))).bundle())
            .collect();
        let Planner { next, carry } = planner;
        let plans = PerSeat::from_fn(|seat| {
            let plan = |b: &Dice5| next[seat].best_put(t.add5(carry[seat], *b));
            bundles.iter().map(plan).collect()
        });
        Pool { plans }
    }

    /// The round that rolls bundles `a` (as A) and `b` (as B), its coin
    /// `tie`.
    pub fn round(&self, (a, b): (usize, usize), tie: Seat) -> Round {
        let plans = PerSeat::from_fn(|seat| Plans([self.plans[seat][a], self.plans[seat][b]]));
        Round::bid(plans, tie)
    }
}

/// Roll `j` of a pool of `size` bundles (even, at least 2): the pairs of a
/// round-robin schedule (the circle method), one perfect matching after
/// another, so that `size / 2` rolls use each bundle once and
/// `size (size − 1) / 2` rolls each pair once (then the schedule repeats).
pub fn pairing(size: usize, j: usize) -> (usize, usize) {
    debug_assert!(size >= 2 && size.is_multiple_of(2), "an even pool");
    let fixed = size - 1;
    let (matching, slot) = ((j / (size / 2)) % fixed, j % (size / 2));
    if slot == 0 {
        (matching, fixed)
    } else {
        ((matching + slot) % fixed, (matching + fixed - slot) % fixed)
    }
}

/// The margins of `rollouts` futures from `sides` (both after round
/// `round`'s puts), future `i` on the dice of `mix(seed + i)`: the same
/// futures for every position given the same seed and round.
pub fn margins(
    values: &ValueTable,
    sides: [Side; 2],
    round: usize,
    rollouts: u32,
    seed: u64,
) -> Vec<i32> {
    (0..rollouts)
        .map(|i| {
            let mut stream = Stream(mix(seed.wrapping_add(u64::from(i))));
            play_out(values, sides, round, &mut stream)
        })
        .collect()
}

/// How candidates fared on the same futures: per candidate, its win points
/// (2 a win, 1 a draw) and its paired difference from candidate 0.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Comparison {
    pub rollouts: u32,
    pub points: Vec<u32>,
    /// Sum over rollouts of (points − candidate 0's points).
    pub diff: Vec<i64>,
    /// Sum over rollouts of the squared difference.
    pub diff_sq: Vec<u64>,
}

impl Comparison {
    /// Candidate `k`'s estimated edge over candidate 0 in win points per
    /// game (a win is 2), and how many standard errors it is from 0
    /// (0 when nothing differed).
    pub fn edge(&self, k: usize) -> (f64, f64) {
        let n = f64::from(self.rollouts.max(1));
        let mean = self.diff[k] as f64 / n;
        let var = (self.diff_sq[k] as f64 / n - mean * mean).max(0.0);
        let se = (var / n).sqrt();
        let z = if se > 0.0 { mean / se } else { 0.0 };
        (mean, z)
    }
}

/// Win points of a margin: 2 a win, 1 a draw, 0 a loss.
fn win_points(margin: i32) -> u32 {
    (1 + margin.signum()) as u32
}

/// Plays the same `rollouts` futures (see [`margins`]) from each candidate
/// position of mine against the opponent's `opp`.
pub fn compare(
    values: &ValueTable,
    mine: &[Side],
    opp: Side,
    round: usize,
    rollouts: u32,
    seed: u64,
) -> Comparison {
    let each: Vec<Vec<i32>> = mine
        .iter()
        .map(|side| margins(values, [*side, opp], round, rollouts, seed))
        .collect();
    let k = mine.len();
    let mut c = Comparison {
        rollouts,
        points: vec![0; k],
        diff: vec![0; k],
        diff_sq: vec![0; k],
    };
    let base: Vec<u32> = each[0].iter().map(|&m| win_points(m)).collect();
    for (j, margins) in each.iter().enumerate() {
        for (&m, &b) in margins.iter().zip(&base) {
            let p = win_points(m);
            let d = i64::from(p) - i64::from(b);
            c.points[j] += p;
            c.diff[j] += d;
            c.diff_sq[j] += (d * d) as u64;
        }
    }
    c
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::{Category, CategorySet};
    use crate::testkit;

    fn dice(f: [u8; 5]) -> Dice5 {
        tables().dice5(&f).unwrap()
    }

    #[test]
    fn a_pools_pairing_is_a_round_robin_each_matching_using_every_bundle_once() {
        for size in [2, 4, 6, 16] {
            let all = size * (size - 1) / 2;
            let mut seen = std::collections::BTreeSet::new();
            for matching in 0..size - 1 {
                let mut used = vec![0; size];
                for slot in 0..size / 2 {
                    let (a, b) = pairing(size, matching * size / 2 + slot);
                    assert_ne!(a, b);
                    used[a] += 1;
                    used[b] += 1;
                    assert!(
                        seen.insert((a.min(b), a.max(b))),
                        "{size}: ({a}, {b}) twice"
                    );
                }
                assert_eq!(used, vec![1; size], "{size}: matching {matching}");
            }
            assert_eq!(seen.len(), all);
            // Then the schedule repeats.
            assert_eq!(pairing(size, all), pairing(size, 0));
        }
    }

    #[test]
    fn a_pools_round_is_the_round_rolled_on_its_two_bundles() {
        let v = testkit::table();
        let side = |carry| Side {
            used: CategorySet::EMPTY.with(Category::Choice),
            upper: 0,
            total: 0,
            carry: dice(carry),
        };
        let sides = [side([1, 1, 2, 3, 6]), side([4, 4, 5, 5, 6])];
        let planner = Planner::new(v, &sides);
        let pool = Pool::deal(&planner, 6, 77);
        for (a, b) in [(0, 1), (5, 2), (3, 4)] {
            // The rolled round whose stream gives the pool's bundles a and b.
            let bundle = |k: usize| Stream(mix(77 + k as u64)).bundle();
            let rolled = {
                let roll = [bundle(a), bundle(b)];
                let Planner { next, carry } = &planner;
                Round::bid(
                    PerSeat::from_fn(|s| Plans::new(&next[s], carry[s], roll)),
                    Seat::First,
                )
            };
            for tie in Seat::ALL {
                assert_eq!(
                    pool.round((a, b), tie).settle(sides, tie),
                    rolled.settle(sides, tie)
                );
            }
        }
    }

    #[test]
    fn the_last_round_is_the_carry_into_the_last_category() {
        // Only YACHT left, carrying 66666 against 12345: +50000 − 0.
        let used = CategorySet::ALL
            .complement()
            .with(Category::Yacht)
            .complement();
        let side = |carry, total| Side {
            used,
            upper: 70000,
            total,
            carry: dice(carry),
        };
        let v = testkit::table();
        let m = play_out(
            v,
            [side([6; 5], 1000), side([1, 2, 3, 4, 5], 0)],
            12,
            &mut Stream(0),
        );
        assert_eq!(m, 51000);
    }

    #[test]
    fn futures_are_the_same_for_every_candidate_and_seeded() {
        let v = testkit::table();
        let used = CategorySet::ALL.complement();
        let side = Side {
            used,
            upper: 0,
            total: 0,
            carry: dice([1, 2, 3, 4, 5]),
        };
        // The same side twice: the same futures, so no difference.
        let c = compare(v, &[side, side], side, 10, 200, 7);
        assert_eq!(c.diff, vec![0, 0]);
        assert_eq!(c.points[0], c.points[1]);
        assert_eq!(c.edge(1), (0.0, 0.0));
        assert_eq!(compare(v, &[side, side], side, 10, 200, 7), c);
        // A different seed, different futures.
        assert_ne!(
            compare(v, &[side], side, 2, 50, 8).points,
            compare(v, &[side], side, 2, 50, 9).points
        );
    }
}
