//! Luck: what the dice and the tie coin gave each seat, measured by the
//! exact value table from the referee's events, so that a game's result
//! can be adjusted for it (a control variate, as GNU Backgammon's rollouts
//! and AIVAT do).
//!
//! At each roll, before the bids, the luck of the first seat (in points) is
//! the value of the roll shared as the signed equilibrium shares it, less
//! its mean: ½(W₁(A) + W₁(B)) − ½(W₂(A) + W₂(B)) − (V₁ − V₂), where W(X) is
//! what receiving bundle X is worth to a seat (the best put + V of what it
//! leaves; V of the bundle in round 1) and V the seat's value before the
//! roll. At the equilibrium bid d = (M_AB − M_BA)/4 the winner pays d and
//! the loser gains it, so either award leaves the margin at ½(M_AB + M_BA):
//! the formula is the value after the roll as that auction shares it. Its
//! mean over the roll is 0 (to the table's f32 rounding): V = E_X W(X) over the 252
//! bundles (round 1: V is the table's expected game, that very mean). At a
//! tie of the same bundle and amount the coin's luck is the margin's value
//! under the coin that fell less the mean of both coins (0 when the bids
//! do not tie). Each term is turned into win probability by the slope of
//! the normal P(win) in the margin, taken before the roll (so it cannot
//! see the dice: any such factor keeps the mean 0), and summed.
//!
//! The last auction (round 12) is valued exactly instead: after it the
//! last two puts follow from the hands, so the shared roll leaves a final
//! margin, and its luck is the outcome that margin gives less the mean
//! outcome over every pair of bundles (counted exactly, not sampled). On
//! two champions, paired, this takes the variance ratio from 3.4 (the
//! slope at every round) to 12 (docs/luck.md).
//!
//! The values are the exact table's (the shipped one's rounded levels
//! would not average to their V); the slope reads the shipped table's
//! spreads. Decisions (bids, puts) are the players' own and are not
//! corrected here; a judging meter ([`Meter::judging`], `judge`) also
//! prices them against the same model, `by_win` prices them and the luck
//! by the tables' win model, `by_rollouts` by rollouts. The second seat's
//! luck is minus the first's.

pub mod by_rollouts;
pub mod by_win;
mod judge;

pub use judge::{Decision, DecisionKind, Judged};

use crate::host::transcript::Event;
use crate::players::values::{exact_table, shipped_table};
use std::sync::OnceLock;
use yacht_core::game::{Card, Holding};
use yacht_core::genome::{GENES, WP_SPREAD_FACTOR};
use yacht_core::rules::tables::{Dice5, N5, N10, tables};
use yacht_core::rules::{Award, Bid, Bundle, PerSeat, Seat, resolve_auction};
use yacht_core::value::ValueTable;
use yacht_core::win::normal::{Margin, Outlook, density};

/// The margin's variance as a share of the two seats' solitaire variances
/// (the auctions share the bundles): the genome's default, as the genome
/// bot's win probability takes it (`yacht_core::win::normal`'s doc). Measured here: 0.3
/// and 0.45 divide the variance alike, 0.7 and 1 less (docs/luck.md).
fn spread_factor() -> f64 {
    GENES[WP_SPREAD_FACTOR].default
}

/// What a round's roll is worth to one seat: V before it, W of each bundle.
#[derive(Clone, Copy, Debug)]
struct Worth {
    before: f64,
    of: [f64; 2],
}

impl Worth {
    fn bundle(&self, b: Bundle) -> f64 {
        self.of[usize::from(b == Bundle::B)]
    }
}

/// The round under way: its dice, both seats' worths, how a change of the
/// margin is valued, the bids.
#[derive(Clone, Copy, Debug)]
struct Round {
    dice: [Dice5; 2],
    worth: PerSeat<Worth>,
    value: Value,
    bids: PerSeat<Option<Bid>>,
}

impl Round {
    /// The first seat's margin to come after `awards` (each seat's worth of
    /// its bundle and its bid points).
    fn margin(&self, awards: &PerSeat<Award>) -> f64 {
        let of = |s: Seat| self.worth[s].bundle(awards[s].bundle) + f64::from(awards[s].bid_points);
        of(Seat::First) - of(Seat::Second)
    }

    /// What the bids `first` and `second` leave the first seat, valued, for
    /// each face of the tie coin.
    fn by_coin(&self, first: Bid, second: Bid) -> [(PerSeat<Award>, f64); 2] {
        Seat::ALL.map(|coin| {
            let awards = resolve_auction(first, second, coin);
            (awards, self.value.of(self.margin(&awards)))
        })
    }
}

/// What a change of the first seat's margin to come (points) is worth in
/// win probability.
#[derive(Clone, Copy, Debug)]
enum Value {
    /// Before the last auction: the normal P(win)'s slope.
    Slope(f64),
    /// At the last auction, the margin so far: the margin after it is
    /// final (the last two puts follow from the hands), so a change is
    /// worth the outcome it gives: 1 above 0, ½ within half a point, 0.
    Outcome(f64),
}

impl Value {
    fn of(self, change: f64) -> f64 {
        match self {
            Value::Slope(s) => s * change,
            Value::Outcome(m) => step(m + change),
        }
    }
}

/// A final margin's outcome for the first seat.
fn step(margin: f64) -> f64 {
    if margin > 0.5 {
        1.0
    } else if margin < -0.5 {
        0.0
    } else {
        0.5
    }
}

/// The last auction's value, each bundle's g (by `Dice5`), and the
/// value's exact mean over the roll.
struct Last {
    value: Value,
    g: Vec<f64>,
    mean: f64,
}

/// At the last auction (two categories open for both seats): the roll
/// shared as the equilibrium shares it leaves the margin m + g(A) + g(B),
/// g(X) = ½(W₁(X) − W₂(X)), its outcome final; its mean over the 252 × 252
/// bundle pairs, exactly (each bundle's g sorted once, the pairs counted
/// by search). None at other rounds.
fn last_auction(values: &ValueTable, cards: &PerSeat<Card>) -> Option<Last> {
    let t = tables();
    let hands = cards.as_ref().map(|c| {
        let carry = c.carry()?;
        Some((values.last_put_values(c.used, c.upper)?, carry))
    });
    let ((h1, c1), (h2, c2)) = (hands.first?, hands.second?);
    let each: Vec<f64> = (0..N5)
        .map(|i| {
            let x = Dice5(i as u8);
            let w = |h: &[f32; N10], c| f64::from(h[t.add5(c, x).0 as usize]);
            0.5 * (w(h1, c1) - w(h2, c2))
        })
        .collect();
    let weight = |i: usize| t.weight5(Dice5(i as u8));
    let mut g: Vec<(f64, f64)> = each
        .iter()
        .enumerate()
        .map(|(i, &v)| (v, weight(i)))
        .collect();
    g.sort_by(|x, y| x.0.total_cmp(&y.0));
    let mut below = Vec::with_capacity(N5 + 1);
    below.push(0.0);
    for &(_, w) in &g {
        below.push(below.last().copied().unwrap_or(0.0) + w);
    }
    let m = f64::from(cards.first.total() - cards.second.total());
    let at = |x: f64| below[g.partition_point(|&(v, _)| v < x)];
    let after = |x: f64| below[g.partition_point(|&(v, _)| v <= x)];
    let mean = g
        .iter()
        .map(|&(ga, wa)| {
            let need = -m - ga;
            let (lo, hi) = (at(need - 0.5), after(need + 0.5));
            wa * ((1.0 - hi) + 0.5 * (hi - lo))
        })
        .sum();
    Some(Last {
        value: Value::Outcome(m),
        g: each,
        mean,
    })
}

/// Follows a game's events and sums the first seat's luck.
pub struct Meter {
    values: &'static ValueTable,
    cards: PerSeat<Card>,
    round: Option<Round>,
    luck: f64,
    stopped: bool,
    /// The decisions priced so far (a judging meter only).
    judge: Option<Judged>,
}

impl Default for Meter {
    /// A meter valuing by the exact table (solved or loaded on first use).
    fn default() -> Meter {
        Meter {
            values: exact_table(),
            cards: PerSeat::default(),
            round: None,
            luck: 0.0,
            stopped: false,
            judge: None,
        }
    }
}

impl Meter {
    /// `seat`'s luck so far, in win probability (the first seat's is minus
    /// the second's).
    pub fn luck(&self, seat: Seat) -> f64 {
        match seat {
            Seat::First => self.luck,
            Seat::Second => -self.luck,
        }
    }

    /// A meter that also prices every put and bid against the model
    /// ([`Meter::judged`]): slower, for `tuner analyse`.
    pub fn judging() -> Meter {
        Meter {
            judge: Some(Judged::default()),
            ..Meter::default()
        }
    }

    /// The luck and the decisions a judging meter saw (None otherwise).
    pub fn judged(&self) -> Option<&Judged> {
        self.judge.as_ref()
    }

    /// Takes the next event of the game.
    pub fn see(&mut self, event: &Event) {
        if self.stopped {
            return;
        }
        match event {
            Event::Round(n) => {
                if let Some(j) = &mut self.judge {
                    j.at_round(*n);
                }
            }
            Event::Roll(a, b) => self.roll(a, b),
            Event::Bid(seat, bid) => self.bid(*seat, *bid),
            Event::Get(Seat::First, got) => self.awarded(*got),
            Event::Put(seat, put) => {
                if let Some(j) = &mut self.judge {
                    j.put(self.values, &self.cards[*seat], *seat, put);
                }
                self.stopped |= self.cards[*seat]
                    .apply_put(put.category, &put.dice)
                    .is_err();
            }
            Event::Abort(..) => self.stopped = true,
            _ => {}
        }
    }

    /// Tells a judging meter the first seat's chance before the roll (worked
    /// out only when judging: the tuner's games need the luck alone).
    fn judge_chance(&mut self, chance: impl FnOnce() -> f64) {
        if let Some(j) = &mut self.judge {
            j.before_roll(chance());
        }
    }

    /// Adds `luck` (the first seat's) to the sum and to the judge's round.
    fn lucky(&mut self, luck: f64) {
        self.luck += luck;
        if let Some(j) = &mut self.judge {
            j.add_luck(luck);
        }
    }

    fn roll(&mut self, a: &[u8; 5], b: &[u8; 5]) {
        let t = tables();
        let (Some(a), Some(b)) = (t.dice5(a), t.dice5(b)) else {
            self.stopped = true;
            return;
        };
        let worth = self.cards.as_ref().map(|c| worth(self.values, c, [a, b]));
        let shared = |w: &Worth| 0.5 * (w.of[0] + w.of[1]);
        let value = match last_auction(self.values, &self.cards) {
            Some(last) => {
                let shared = last.g[usize::from(a.0)] + last.g[usize::from(b.0)];
                self.lucky(last.value.of(shared) - last.mean);
                self.judge_chance(|| last.mean);
                last.value
            }
            None => {
                let margin = margin_before(&self.cards, &worth);
                let slope = slope(&margin);
                let before = worth.first.before - worth.second.before;
                self.lucky(slope * (shared(&worth.first) - shared(&worth.second) - before));
                self.judge_chance(|| margin.p_win(0.0));
                Value::Slope(slope)
            }
        };
        self.round = Some(Round {
            dice: [a, b],
            worth,
            value,
            bids: PerSeat::default(),
        });
    }

    fn bid(&mut self, seat: Seat, bid: Bid) {
        if let Some(r) = &mut self.round {
            r.bids[seat] = Some(bid);
        }
    }

    /// The first seat got `got`: the coin's luck, then both cards take
    /// their bundles and bid points.
    fn awarded(&mut self, got: Bundle) {
        let Some(r) = self.round.take() else { return };
        let (Some(first), Some(second)) = (r.bids.first, r.bids.second) else {
            self.stopped = true;
            return;
        };
        let coins = r.by_coin(first, second);
        let Some(&(fell, value)) = coins.iter().find(|c| c.0.first.bundle == got) else {
            self.stopped = true;
            return;
        };
        self.lucky(value - 0.5 * (coins[0].1 + coins[1].1));
        if let Some(j) = &mut self.judge {
            j.bids(&r, PerSeat::new(first, second), r.margin(&fell));
        }
        for seat in Seat::ALL {
            let award = fell[seat];
            let dice = r.dice[usize::from(award.bundle == Bundle::B)];
            self.cards[seat].receive(dice, award.bid_points);
        }
    }
}

/// V before the roll and W of each bundle for the player of `card`.
fn worth(values: &ValueTable, card: &Card, bundles: [Dice5; 2]) -> Worth {
    let of = yacht_core::value::equilibrium::bundle_values(values, card, bundles).map(f64::from);
    Worth {
        before: value_before(values, card),
        of,
    }
}

/// The player's points to come before a roll: V of its carry, or in round
/// 1 the table's expected game (the mean of V over the first bundle).
fn value_before(values: &ValueTable, card: &Card) -> f64 {
    match card.holding {
        Holding::Five(carry) => f64::from(values.held_value(card.used, card.upper, carry)),
        _ => values.expected_game(),
    }
}

/// The first seat's margin as the normal sees it before the roll (each
/// seat's V as `worth` has it).
fn margin_before(cards: &PerSeat<Card>, worth: &PerSeat<Worth>) -> Margin {
    let outlook = |s: Seat| Outlook {
        mean: f64::from(cards[s].total()) + worth[s].before,
        var: spread_before(&cards[s]),
        skew: 0.0,
    };
    Margin::between(outlook(Seat::First), outlook(Seat::Second), spread_factor())
}

/// The slope of P(win) for the first seat in its margin: the normal
/// density at the margin's mean over its spread, over the spread.
fn slope(m: &Margin) -> f64 {
    if m.sd > 0.0 {
        density(m.mean / m.sd) / m.sd
    } else {
        0.0
    }
}

/// A card's variance of the points to come before a roll, by the shipped
/// table's spreads.
fn spread_before(card: &Card) -> f64 {
    match card.holding {
        Holding::Five(carry) => shipped_table()
            .held_spread(card.used, card.upper, carry)
            .map_or(0.0, f64::from),
        _ => first_round_var(),
    }
}

/// The variance of a whole game's points before the first bundle: the
/// mean spread after it plus the spread of V over it.
fn first_round_var() -> f64 {
    static VAR: OnceLock<f64> = OnceLock::new();
    *VAR.get_or_init(|| {
        let (t, empty) = (shipped_table(), yacht_core::rules::CategorySet::EMPTY);
        let (mut m1, mut m2, mut spread) = (0.0, 0.0, 0.0);
        for i in 0..N5 {
            let b = Dice5(i as u8);
            let (w, v) = (tables().weight5(b), f64::from(t.held_value(empty, 0, b)));
            m1 += w * v;
            m2 += w * v * v;
            spread += w * t.held_spread(empty, 0, b).map_or(0.0, f64::from);
        }
        spread + m2 - m1 * m1
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::host::deal::Deal;
    use crate::host::play::{InProcess, play_game};
    use crate::players::StrategySpec;
    use crate::rng::derive_seed;
    use yacht_core::game::Strategy;

    fn player(spec: &str, seed: u64) -> InProcess<Box<dyn Strategy>> {
        InProcess::new(StrategySpec::parse(spec).unwrap().build(), seed)
    }

    /// Plays deal `d` of `a` against `b`, each event shown to `watch` with
    /// the meter as it was before the event, then to the meter.
    fn play(a: &str, b: &str, d: u64, watch: impl FnMut(&Meter, &Event)) -> (Meter, f64) {
        play_into(Meter::default(), a, b, [51, d], watch)
    }

    /// Plays the deal of seed `deal` (its last number the players' seed)
    /// of `a` against `b` into `meter`, each event shown to `watch` with
    /// the meter as it was before the event: the meter and the first
    /// seat's outcome.
    pub(super) fn play_into(
        mut meter: Meter,
        a: &str,
        b: &str,
        deal: [u64; 2],
        mut watch: impl FnMut(&Meter, &Event),
    ) -> (Meter, f64) {
        let (mut x, mut y) = (player(a, deal[1]), player(b, deal[1] + 1));
        let dice = Deal::from_seed(derive_seed(&deal));
        let r = play_game(PerSeat::new(&mut x, &mut y), &dice, |e| {
            watch(&meter, &e);
            meter.see(&e);
        });
        (meter, r.outcome(Seat::First).points())
    }

    #[test]
    fn a_seats_value_before_a_roll_is_the_mean_of_its_bundles_worth() {
        // Every state the seats meet in seeded games, rounds 1 to 12: the
        // mean of W over the 252 bundles, by their chances, is V (so each
        // roll's luck has mean 0), to the f32 rounding of the table.
        let (t, values) = (tables(), exact_table());
        let mut states = 0;
        for d in 0..6 {
            let _ = play("dp", "dp:noise=0.3", d, |meter, e| {
                if !matches!(e, Event::Roll(..)) {
                    return;
                }
                for card in [&meter.cards.first, &meter.cards.second] {
                    let mean: f64 = (0..N5)
                        .map(|i| {
                            let b = Dice5(i as u8);
                            t.weight5(b) * worth(values, card, [b, b]).of[0]
                        })
                        .sum();
                    let before = value_before(values, card);
                    assert!((mean - before).abs() < 0.5, "{mean} {before}");
                    states += 1;
                }
            });
        }
        assert_eq!(states, 6 * 12 * 2);
    }

    #[test]
    fn the_last_auctions_mean_is_every_pair_of_bundles_counted() {
        // At the last auction of seeded games the fast mean (bundles
        // sorted, pairs counted by search) is the mean over all 252 × 252
        // pairs of the outcome the shared roll leaves.
        let (t, values) = (tables(), exact_table());
        let mut states = 0;
        for d in 0..4 {
            let _ = play("dp", "dp:noise=0.3", d, |meter, e| {
                let Some(last) = last_auction(values, &meter.cards) else {
                    return;
                };
                if !matches!(e, Event::Roll(..)) {
                    return;
                }
                let g = |x: Dice5| {
                    let w = |c: &Card| worth(values, c, [x, x]).of[0];
                    0.5 * (w(&meter.cards.first) - w(&meter.cards.second))
                };
                let all: Vec<(f64, f64)> = (0..N5)
                    .map(|i| (g(Dice5(i as u8)), t.weight5(Dice5(i as u8))))
                    .collect();
                let mean: f64 = all
                    .iter()
                    .flat_map(|&(ga, wa)| all.iter().map(move |&(gb, wb)| (ga + gb, wa * wb)))
                    .map(|(x, w)| w * last.value.of(x))
                    .sum();
                assert!((mean - last.mean).abs() < 1e-9, "{mean} {}", last.mean);
                states += 1;
            });
        }
        assert_eq!(states, 4);
    }

    #[test]
    fn the_tie_coins_luck_is_opposite_for_its_two_faces() {
        // Equal bids on A: the seat the coin gives A pays 500, the other
        // is paid 500. Both faces' lucks average to the roll's alone.
        let (a, b) = ([1, 1, 1, 1, 1], [2, 3, 4, 5, 6]);
        let bid = Bid {
            bundle: Bundle::A,
            amount: 500,
        };
        let after = |got| {
            let mut m = Meter::default();
            m.see(&Event::Roll(a, b));
            let rolled = m.luck(Seat::First);
            m.see(&Event::Bid(Seat::First, bid));
            m.see(&Event::Bid(Seat::Second, bid));
            m.see(&Event::Get(Seat::First, got));
            assert_eq!(
                m.cards.first.bid_points,
                if got == Bundle::A { -500 } else { 500 }
            );
            (rolled, m.luck(Seat::First))
        };
        let ((rolled, won), (_, lost)) = (after(Bundle::A), after(Bundle::B));
        assert_eq!(rolled, 0.0, "two empty cards: the roll shares alike");
        assert!(won != lost, "{won} {lost}");
        assert!((won + lost - 2.0 * rolled).abs() < 1e-12, "{won} {lost}");
        // Bids that do not tie leave no coin to be lucky with.
        let mut m = Meter::default();
        m.see(&Event::Roll(a, b));
        m.see(&Event::Bid(Seat::First, bid));
        m.see(&Event::Bid(Seat::Second, Bid { amount: 400, ..bid }));
        m.see(&Event::Get(Seat::First, Bundle::A));
        assert_eq!(m.luck(Seat::First), 0.0);
    }

    #[test]
    fn the_luck_averages_zero_over_seeded_games_and_takes_variance_away() {
        // 400 deals of dp (first seat) against a noisy bidder: the mean luck
        // lies within 3 standard errors of 0, and the outcome less the
        // luck spreads less than the outcome.
        let (mut luck, mut plain, mut adjusted) = (Vec::new(), Vec::new(), Vec::new());
        for d in 0..400 {
            let (meter, outcome) = play("dp", "dp:noise=0.3", d, |_, _| {});
            let l = meter.luck(Seat::First);
            luck.push(l);
            plain.push(outcome);
            adjusted.push(outcome - l);
        }
        let n = luck.len() as f64;
        let moments = |x: &[f64]| {
            let mean = x.iter().sum::<f64>() / n;
            (
                mean,
                x.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1.0),
            )
        };
        let ((mean, var), (_, plain), (_, adjusted)) =
            (moments(&luck), moments(&plain), moments(&adjusted));
        assert!(var > 0.0 && adjusted < plain / 2.0, "{plain} {adjusted}");
        assert!(
            mean.abs() < 3.0 * (var / n).sqrt(),
            "{mean} ± {}",
            (var / n).sqrt()
        );
    }
}
