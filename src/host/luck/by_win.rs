//! A game's decisions priced by the chance to win (`tuner analyse`'s
//! default judge): each put and bid in points of P(win) by the tables'
//! fast win model, the one the genome bot plays by
//! (`yacht_core::players::genome_bot::WinModel`, the default genome's
//! shape): the normal model of the final margin, the last auction settled
//! exactly, and after the last put the sure result.
//!
//! - A **put** (rounds 2–12, from ten dice) is priced against the judge's
//!   best: of the table's five best puts by value and the put made, the
//!   one of most P(win) against the opponent's put (the puts are
//!   simultaneous). The two puts of a round together move the first
//!   seat's chance away from what the two judge's puts leave; each seat
//!   is given its Shapley share of that move (its put's effect with the
//!   other's put made and with the other's best), so the shares add up.
//! - A **bid** is priced as the value judge prices it (`judge`), against
//!   the signed equilibrium bid, the reference the luck shares the roll
//!   by, each seat given its Shapley share of what the two bids moved;
//!   but the chance is the win model's after either award (both then put
//!   by value), not the slope's: a bid that takes the bundle that wins
//!   the game is worth what it moves P(win).
//!
//! The luck is the same model's: what each round's roll moved the first
//! seat's chance (from its chance after the last puts to its chance under
//! the two signed equilibrium bids) and what the tie coin moved it. So
//! the luck and the decisions' shares add up to what the game moved the
//! chance, from ½ to the outcome, but for what the judge's best puts gain
//! on the puts by value its bids' futures assume. The exact table's luck
//! (`host::luck`, mean 0 whoever plays) is kept beside it: the model's
//! runs a few points of % a game above it for the stronger player (the
//! model's drift).

use super::judge::{Decision, shapley};
use crate::host::transcript::Event;
use crate::players::values::{exact_table, shipped_table};
use yacht_core::game::{Card, Holding, Put, put_of};
use yacht_core::genome::Genome;
use yacht_core::players::genome_bot::GenomeBot;
use yacht_core::rules::tables::{Dice5, tables};
use yacht_core::rules::{Bid, Bundle, PerSeat, ROUNDS, Seat, bonus_for, resolve_auction};
use yacht_core::value::ValueTable;
use yacht_core::value::equilibrium::{BidRule, bundle_values};
use yacht_core::win::bid::Futures;
use yacht_core::win::last_auction::Settled;
use yacht_core::win::normal::{Gap, Margin, Outlook};
use yacht_core::win::side::Side;

/// How many of the table's best puts the judge weighs (the genome bot's
/// `WP_CANDIDATES`).
const CANDIDATES: usize = 5;

/// A game by the win model: the first seat's luck and chance by round
/// (index 1–13), and every decision priced.
#[derive(Clone, Debug, Default)]
pub struct Priced {
    /// What each round's roll and tie coin moved the first seat's chance.
    pub luck: [f64; ROUNDS + 1],
    /// The first seat's chance before each round's roll (None: not reached).
    pub chance: [Option<f64>; ROUNDS + 1],
    /// Every bid and put, in the order made.
    pub decisions: Vec<Decision>,
}

/// A game (its events, in order) by the win model.
pub fn price(events: &[Event]) -> Priced {
    let mut replay = Replay::new();
    for e in events {
        if !replay.see(e) {
            break;
        }
    }
    replay.priced
}

/// The win model and its tables.
struct Model {
    bot: GenomeBot,
    values: &'static ValueTable,
}

impl Model {
    /// P(win) of the side `me` against `opp`, both between rounds: the
    /// sure result after the last put but one, the last auction exactly
    /// once round 11's puts are made, else the normal margin.
    fn chance(&self, me: &Side, opp: &Side) -> Option<f64> {
        if let (Some(a), Some(b)) = (final_total(me), final_total(opp)) {
            return Some(step(f64::from(a - b)));
        }
        if let Some(settled) = Settled::after(self.values, me, opp) {
            return Some(settled.p_win(0.0));
        }
        Some(self.margin(me, opp)?.p_win(0.0))
    }

    fn margin(&self, me: &Side, opp: &Side) -> Option<Margin> {
        let gap = Gap::between(
            Outlook::of(self.values, me)?,
            Outlook::of(self.values, opp)?,
        );
        let shape = self.bot.model().leaf_shape(me.used.len());
        Some(shape.margin(gap))
    }

    /// The first seat's futures after the roll `dice`, from both cards
    /// before it: its side and the opponent's after each award.
    fn futures(&self, cards: &PerSeat<Card>, (a, b): (Dice5, Dice5)) -> Option<Futures> {
        let sides = |mine, theirs| {
            Some((
                after_bundle(self.values, &cards.first, mine)?,
                after_bundle(self.values, &cards.second, theirs)?,
            ))
        };
        let ((me_a, opp_b), (me_b, opp_a)) = (sides(a, b)?, sides(b, a)?);
        if let Some(got_a) = Settled::after(self.values, &me_a, &opp_b) {
            let got_b = Settled::after(self.values, &me_b, &opp_a)?;
            return Some(Futures::settled(got_a, got_b));
        }
        if let (Some(_), Some(_)) = (final_total(&me_a), final_total(&opp_b)) {
            let sure = |me: &Side, opp: &Side| Margin {
                mean: f64::from(final_total(me).unwrap_or(0) - final_total(opp).unwrap_or(0)),
                sd: 0.0,
                skew: 0.0,
            };
            return Some(Futures::normal(sure(&me_a, &opp_b), sure(&me_b, &opp_a)));
        }
        let got_a = self.margin(&me_a, &opp_b)?;
        Some(Futures::normal(got_a, self.margin(&me_b, &opp_a)?))
    }
}

/// The side of `card` once it has received `bundle` and put by value (in
/// round 1: the bundle held).
fn after_bundle(values: &ValueTable, card: &Card, bundle: Dice5) -> Option<Side> {
    match card.holding {
        Holding::Empty => Some(Side {
            used: card.used,
            upper: card.upper,
            total: card.total(),
            carry: bundle,
        }),
        _ => Side::after_bundle(values, card, bundle),
    }
}

/// The side's final total when only the last put is left (its carry into
/// the one open category); None otherwise.
fn final_total(side: &Side) -> Option<i32> {
    let open = side.used.complement();
    if open.len() != 1 {
        return None;
    }
    let last = open.first()?;
    let points = tables().score5(side.carry, last);
    Some(side.total + points + bonus_for(last, points, side.upper))
}

/// A final margin's outcome: 1 above 0, ½ at 0, 0 below.
fn step(margin: f64) -> f64 {
    if margin > 0.0 {
        1.0
    } else if margin < 0.0 {
        0.0
    } else {
        0.5
    }
}

/// Both cards as the referee has told them, this round's roll, bids and
/// puts until both seats' are in.
struct Replay {
    model: Model,
    exact: &'static ValueTable,
    round: usize,
    cards: PerSeat<Card>,
    dice: Option<[Dice5; 2]>,
    bids: PerSeat<Option<Bid>>,
    puts: PerSeat<Option<Put>>,
    priced: Priced,
    /// The first seat's chance now.
    now: f64,
}

impl Replay {
    fn new() -> Replay {
        let values = shipped_table();
        Replay {
            model: Model {
                bot: GenomeBot::new(&Genome::default(), values),
                values,
            },
            exact: exact_table(),
            round: 0,
            cards: PerSeat::default(),
            dice: None,
            bids: PerSeat::default(),
            puts: PerSeat::default(),
            priced: Priced::default(),
            now: 0.5,
        }
    }

    /// Takes the next event; false once the game cannot go on.
    fn see(&mut self, event: &Event) -> bool {
        match event {
            Event::Round(r) => self.round = (*r).min(ROUNDS),
            Event::Roll(a, b) => {
                let t = tables();
                let (Some(a), Some(b)) = (t.dice5(a), t.dice5(b)) else {
                    return false;
                };
                self.dice = Some([a, b]);
            }
            Event::Bid(seat, bid) => self.bids[*seat] = Some(*bid),
            Event::Get(Seat::First, got) => return self.awarded(*got),
            Event::Put(seat, put) => {
                self.puts[*seat] = Some(*put);
                if let (Some(first), Some(second)) = (self.puts.first, self.puts.second) {
                    self.puts = PerSeat::default();
                    return self.both_put(PerSeat::new(first, second));
                }
            }
            Event::Abort(..) => return false,
            _ => {}
        }
        true
    }

    /// The first seat got `got`: both bids priced, then both cards take
    /// their bundles and bid points.
    fn awarded(&mut self, got: Bundle) -> bool {
        let (Some(first), Some(second), Some(dice)) =
            (self.bids.first, self.bids.second, self.dice)
        else {
            return false;
        };
        self.bids = PerSeat::default();
        let made = PerSeat::new(first, second);
        let futures = self.price_bids(made, dice);
        let coins = Seat::ALL.map(|coin| resolve_auction(first, second, coin));
        let Some(fell) = coins.iter().find(|a| a.first.bundle == got) else {
            return false;
        };
        if let Some(f) = futures {
            let shift = i64::from(fell.first.bid_points) - i64::from(fell.second.bid_points);
            self.moved_by_chance(f.p_win(got, shift));
        }
        for seat in Seat::ALL {
            let award = fell[seat];
            let d = dice[usize::from(award.bundle == Bundle::B)];
            self.cards[seat].receive(d, award.bid_points);
        }
        true
    }

    /// Both bids' Shapley shares of what they moved the first seat's
    /// chance from the signed equilibrium bids.
    fn price_bids(&mut self, made: PerSeat<Bid>, [a, b]: [Dice5; 2]) -> Option<Futures> {
        let futures = self.model.futures(&self.cards, (a, b))?;
        let gap = |s: Seat| {
            let w = bundle_values(self.exact, &self.cards[s], [a, b]);
            w[0] - w[1]
        };
        let reference = PerSeat::from_fn(|s| BidRule::Signed.bid(gap(s), gap(s.other())));
        let shares = shapley(made, reference, |first, second| {
            futures.against(first, second)
        });
        self.priced.chance[self.round] = Some(self.now);
        self.moved_by_chance(futures.against(reference.first, reference.second));
        self.now = futures.against(made.first, made.second);
        for seat in Seat::ALL {
            let d = Decision::bid(self.round, seat, -shares[seat], made[seat], reference[seat]);
            self.priced.decisions.push(d);
        }
        Some(futures)
    }

    /// Prices both puts (the round's, from ten dice), then makes them;
    /// false when one is illegal.
    fn both_put(&mut self, made: PerSeat<Put>) -> bool {
        if let Some(priced) = self.price_puts(&made) {
            self.priced.decisions.extend(priced);
        }
        let ok = Seat::ALL.into_iter().all(|seat| {
            let p = made[seat];
            self.cards[seat].apply_put(p.category, &p.dice).is_ok()
        });
        let sides = Seat::ALL.map(|s| Side::between(&self.cards[s]));
        if let [Some(first), Some(second)] = sides
            && let Some(p) = self.model.chance(&first, &second)
        {
            self.now = p;
        }
        ok
    }

    /// A roll or a tie coin moved the first seat's chance to `p`: luck.
    fn moved_by_chance(&mut self, p: f64) {
        self.priced.luck[self.round] += p - self.now;
        self.now = p;
    }

    /// Both puts' Shapley shares of what they moved the first seat's
    /// chance from the judge's best puts; None when there is no choice.
    fn price_puts(&self, made: &PerSeat<Put>) -> Option<[Decision; 2]> {
        let values = self.model.values;
        let made_side = |s: Seat| {
            let mut card = self.cards[s].clone();
            card.apply_put(made[s].category, &made[s].dice).ok()?;
            Side::between(&card)
        };
        let mine = PerSeat::new(made_side(Seat::First)?, made_side(Seat::Second)?);
        // Each seat's best against the other's put made.
        let best = |s: Seat| -> Option<(Side, Put)> {
            let card = &self.cards[s];
            let Holding::Ten(hand) = card.holding else {
                return None;
            };
            let rows = values.next_rows(card.used, card.upper);
            let mut best = (
                mine[s],
                made[s],
                self.model.chance(&mine[s], &mine[s.other()])?,
            );
            for m in rows.ranked_puts(hand, CANDIDATES) {
                let side = Side::after(card, &m)?;
                let p = self.model.chance(&side, &mine[s.other()])?;
                if p > best.2 {
                    best = (side, put_of(m.category, m.put), p);
                }
            }
            Some((best.0, best.1))
        };
        let (b1, b2) = (best(Seat::First)?, best(Seat::Second)?);
        let judges = PerSeat::new(b1.1, b2.1);
        let reference = PerSeat::new(b1.0, b2.0);
        let chance = |first: Side, second: Side| self.model.chance(&first, &second);
        // Checked once: every pair the shares weigh has a chance.
        for (f, s) in [
            (mine.first, reference.second),
            (reference.first, mine.second),
        ] {
            chance(f, s)?;
        }
        chance(mine.first, mine.second)?;
        chance(reference.first, reference.second)?;
        let shares = shapley(mine, reference, |f, s| chance(f, s).unwrap_or(0.5));
        Some(
            Seat::ALL.map(|seat| {
                Decision::put(self.round, seat, -shares[seat], &made[seat], &judges[seat])
            }),
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::host::deal::Deal;
    use crate::host::luck::DecisionKind;
    use crate::host::play::{InProcess, play_game};
    use crate::players::StrategySpec;
    use crate::rng::derive_seed;

    /// Deal `d` of `a` (first seat) against `b`: its events and the first
    /// seat's outcome.
    fn game(a: &str, b: &str, d: u64) -> (Vec<Event>, f64) {
        let built =
            |spec: &str, seed| InProcess::new(StrategySpec::parse(spec).unwrap().build(), seed);
        let (mut x, mut y) = (built(a, d), built(b, d + 1));
        let mut all = Vec::new();
        let dice = Deal::from_seed(derive_seed(&[54, d]));
        let r = play_game(PerSeat::new(&mut x, &mut y), &dice, |e| all.push(e));
        (all, r.outcome(Seat::First).points())
    }

    /// What the first seat's decisions won it less what the second's did.
    fn skills(priced: &Priced) -> f64 {
        let each = priced.decisions.iter().map(|d| match d.seat {
            Seat::First => -d.cost,
            Seat::Second => d.cost,
        });
        each.sum()
    }

    #[test]
    fn luck_and_decisions_add_up_to_the_outcome() {
        // The champion against dp, 20 seeded deals: the first seat's outcome
        // less ½ is its luck plus what the decisions moved, to what the
        // judge's best puts gain on the puts by value its bids assume
        // (measured: at most 1.5 points of % a game, 0.03 on average); the
        // chance starts at ½.
        let mut rests = Vec::new();
        for d in 0..20 {
            let (events, outcome) = game("genome:params/best.toml", "dp", d);
            let priced = price(&events);
            let luck: f64 = priced.luck.iter().sum();
            let rest = outcome - 0.5 - luck - skills(&priced);
            rests.push(rest);
            assert!(rest.abs() < 0.03, "deal {d}: {rest}");
            assert_eq!(priced.chance[1], Some(0.5));
            assert!(priced.chance[2..=12].iter().all(Option::is_some));
        }
        let mean = rests.iter().sum::<f64>() / rests.len() as f64;
        assert!(mean.abs() < 0.005, "{mean}");
    }

    #[test]
    fn the_equilibrium_bidder_pays_nothing_for_its_bids_and_a_sample_ai_pays_more() {
        // dp:exact bids the reference (the signed equilibrium on the exact
        // table): its Shapley share of every auction is 0, whatever the
        // opponent bids; sample:6's decisions cost it more than dp's cost dp.
        let (mut dp, mut sample) = (0.0, 0.0);
        for d in 0..4 {
            let priced = price(&game("dp:exact", "sample:6", d).0);
            let bids = priced
                .decisions
                .iter()
                .filter(|x| x.kind == DecisionKind::Bid);
            let mine: Vec<f64> = bids
                .filter(|x| x.seat == Seat::First)
                .map(|x| x.cost)
                .collect();
            assert_eq!(mine.len(), 12);
            assert!(mine.iter().all(|c| *c == 0.0), "{mine:?}");
            for x in &priced.decisions {
                match x.seat {
                    Seat::First => dp += x.cost,
                    Seat::Second => sample += x.cost,
                }
            }
        }
        assert!(sample > dp + 4.0 * 0.05, "dp {dp} sample:6 {sample}");
    }

    #[test]
    fn each_put_from_ten_dice_is_priced_once_and_a_worse_one_costs() {
        // Each put from ten dice is priced once (rounds 2–12), and some put
        // of dp or sample:6 is worse than the judge's best.
        let priced = price(&game("dp", "sample:6", 1).0);
        let puts: Vec<&Decision> = priced
            .decisions
            .iter()
            .filter(|x| x.kind == DecisionKind::Put)
            .collect();
        assert_eq!(puts.len(), 2 * 11);
        assert!(puts.iter().all(|x| (2..=12).contains(&x.round)));
        let worst = puts
            .iter()
            .map(|x| x.cost)
            .fold(f64::NEG_INFINITY, f64::max);
        assert!(worst > 0.0, "{worst}");
    }
}
