//! The one game loop: plays a deal between two seats, each an in-process
//! strategy or a program behind the protocol (`program`), on the rules'
//! round schedule. Every game of the tuner goes through `play_game`:
//! evaluation, `match`, tournaments and the bench.
//!
//! The loop keeps, per seat, the referee's record of what that seat knows
//! (a `View`, updated only from protocol facts): an in-process strategy
//! decides from exactly that record, a program from its own copy.

use crate::host::deal::Deal;
use crate::host::transcript::Event;
use std::fmt;
use std::time::{Duration, Instant};
use yacht_core::game::{Card, Illegal, Put, Roll, Strategy, View};
use yacht_core::rules::{
    Bid, Bundle, MAX_BID, PerSeat, ROUNDS, Seat, has_auction, has_scoring, resolve_auction,
};
use yacht_core::value::work;

/// Why a seat lost its game before the end (the official reasons, and a
/// program that could not be started at all).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Fault {
    /// No reply within the time limit.
    Tle,
    /// The program closed its output (exited or crashed).
    ProgramExited,
    /// READY answered with anything but OK.
    InvalidReady,
    BidParseFailed,
    PutParseFailed,
    /// A put the rules refuse.
    Illegal(Illegal),
    /// The program could not be started (the message says why).
    CannotStart(String),
}

impl fmt::Display for Fault {
    /// The official reason, as the log's ABORT line gives it.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Tle => f.write_str("TLE"),
            Fault::ProgramExited => f.write_str("PROGRAM EXITED"),
            Fault::InvalidReady => f.write_str("INVALID READY MESSAGE"),
            Fault::BidParseFailed => f.write_str("BID PARSE FAILED"),
            Fault::PutParseFailed => f.write_str("PUT PARSE FAILED"),
            Fault::Illegal(why) => write!(f, "{why}"),
            Fault::CannotStart(why) => f.write_str(why),
        }
    }
}

/// A game's result for one seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub enum Outcome {
    Win,
    Draw,
    Loss,
}

impl Outcome {
    /// The other seat's outcome of the same game.
    pub fn opposite(self) -> Outcome {
        match self {
            Outcome::Win => Outcome::Loss,
            Outcome::Draw => Outcome::Draw,
            Outcome::Loss => Outcome::Win,
        }
    }

    /// 1 for a win, ½ for a draw, 0 for a loss.
    pub fn points(self) -> f64 {
        match self {
            Outcome::Win => 1.0,
            Outcome::Draw => 0.5,
            Outcome::Loss => 0.0,
        }
    }
}

/// The end of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    pub cards: PerSeat<Card>,
    /// The seat that faulted, and why; it loses.
    pub fault: Option<(Seat, Fault)>,
    /// Each in-process seat's work in its decisions, in quarters of a
    /// search (see [`Contestant::work`]); None for a program.
    pub work: PerSeat<Option<u64>>,
}

impl GameResult {
    pub fn totals(&self) -> PerSeat<i32> {
        self.cards.as_ref().map(Card::total)
    }

    /// The winner; None for a draw.
    pub fn winner(&self) -> Option<Seat> {
        if let Some((seat, _)) = &self.fault {
            return Some(seat.other());
        }
        let t = self.totals();
        match t.first.cmp(&t.second) {
            std::cmp::Ordering::Greater => Some(Seat::First),
            std::cmp::Ordering::Less => Some(Seat::Second),
            std::cmp::Ordering::Equal => None,
        }
    }

    pub fn outcome(&self, seat: Seat) -> Outcome {
        match self.winner() {
            None => Outcome::Draw,
            Some(w) if w == seat => Outcome::Win,
            Some(_) => Outcome::Loss,
        }
    }

    /// Total of `seat` minus the other's.
    pub fn margin(&self, seat: Seat) -> i32 {
        let t = self.totals();
        t[seat] - t[seat.other()]
    }

    /// The official RESULT tag.
    pub fn result_tag(&self) -> &'static str {
        match self.winner() {
            Some(Seat::First) => "1-0",
            Some(Seat::Second) => "0-1",
            None => "1/2-1/2",
        }
    }

    /// The seat that faulted, if it is `seat`, and why.
    pub fn fault_of(&self, seat: Seat) -> Option<&Fault> {
        self.fault
            .as_ref()
            .filter(|(s, _)| *s == seat)
            .map(|(_, f)| f)
    }
}

/// What the referee sends one seat.
#[derive(Clone, Copy, Debug)]
pub enum Message<'a> {
    Ready,
    Roll(&'a Roll),
    /// The bundle received, and the other seat's bid.
    Get {
        got: Bundle,
        theirs: Bid,
    },
    Score,
    /// The other seat's put.
    Set(&'a Put),
    Finish,
}

impl fmt::Display for Message<'_> {
    /// The protocol line.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use yacht_core::rules::Faces;
        match self {
            Message::Ready => f.write_str("READY"),
            Message::Roll(r) => write!(f, "ROLL {} {}", Faces(r.faces.0), Faces(r.faces.1)),
            Message::Get { got, theirs } => write!(
                f,
                "GET {} {} {}",
                got.letter(),
                theirs.bundle.letter(),
                theirs.amount
            ),
            Message::Score => f.write_str("SCORE"),
            Message::Set(p) => write!(f, "SET {} {}", p.category, Faces(p.dice)),
            Message::Finish => f.write_str("FINISH"),
        }
    }
}

/// One seat as the loop drives it: told every message, asked for the three
/// replies. Both seats are told a command before either is asked, so
/// programs think at the same time, each on its own clock.
pub trait Contestant {
    fn tell(&mut self, message: Message<'_>);
    /// The answer to READY.
    fn ready(&mut self) -> Result<(), Fault>;
    /// The answer to ROLL; `view` is the referee's record of this seat.
    fn bid(&mut self, view: &View) -> Result<Bid, Fault>;
    /// The answer to SCORE.
    fn put(&mut self, view: &View) -> Result<Put, Fault>;
    /// Lines written to stderr since the last call.
    fn debug_lines(&mut self) -> Vec<String> {
        Vec::new()
    }
    /// After FINISH: the seat is done (a program is waited for, then killed).
    fn close(&mut self) {}
    /// Its decisions' work (`yacht_core::value::work`: the hands searched
    /// for their best puts, the look-ahead leaves valued), in quarters of a
    /// search, whatever the machine; None when it is not counted (a
    /// program).
    fn work(&self) -> Option<u64> {
        None
    }
}

/// A strategy in this process, given its seed at READY. With `timed`, it
/// keeps the time of each decision (on its own clock). It counts the
/// work its decisions do (on this thread, between asking and the answer:
/// the other seat's is not among it).
pub struct InProcess<S> {
    pub strategy: S,
    pub seed: u64,
    pub times: Option<Vec<Duration>>,
    work: u64,
}

impl<S: Strategy> InProcess<S> {
    pub fn new(strategy: S, seed: u64) -> InProcess<S> {
        InProcess {
            strategy,
            seed,
            times: None,
            work: 0,
        }
    }

    /// The same, keeping decision times.
    pub fn timed(strategy: S, seed: u64) -> InProcess<S> {
        InProcess {
            times: Some(Vec::new()),
            ..InProcess::new(strategy, seed)
        }
    }

    #[inline]
    fn decide<T>(&mut self, f: impl FnOnce(&mut S) -> T) -> T {
        let before = work();
        let x = match &mut self.times {
            None => f(&mut self.strategy),
            Some(times) => {
                let start = Instant::now();
                let x = f(&mut self.strategy);
                times.push(start.elapsed());
                x
            }
        };
        self.work += work() - before;
        x
    }
}

impl<S: Strategy> Contestant for InProcess<S> {
    #[inline]
    fn tell(&mut self, message: Message<'_>) {
        if let Message::Ready = message {
            self.strategy.new_game(self.seed);
        }
    }

    #[inline]
    fn ready(&mut self) -> Result<(), Fault> {
        Ok(())
    }

    #[inline]
    fn bid(&mut self, view: &View) -> Result<Bid, Fault> {
        let mut bid = self.decide(|s| s.bid(view));
        // A built-in cannot write an out-of-range number; clamp as the
        // protocol's bot side does.
        bid.amount = bid.amount.min(MAX_BID);
        Ok(bid)
    }

    #[inline]
    fn put(&mut self, view: &View) -> Result<Put, Fault> {
        Ok(self.decide(|s| s.put(view)))
    }

    fn work(&self) -> Option<u64> {
        Some(self.work)
    }
}

/// Plays a game. `log` receives every event (pass `|_| {}` when not needed:
/// it compiles away). The seats are closed at the end.
pub fn play_game<C: Contestant + ?Sized>(
    mut seats: PerSeat<&mut C>,
    deal: &Deal,
    mut log: impl FnMut(Event),
) -> GameResult {
    let mut views = PerSeat::<View>::default();
    let fault = play_rounds(&mut seats, &mut views, deal, &mut log).err();
    if let Some((seat, why)) = &fault {
        log(Event::Abort(*seat, why.to_string()));
    }
    for seat in Seat::ALL {
        seats[seat].tell(Message::Finish);
    }
    for seat in Seat::ALL {
        seats[seat].close();
    }
    drain_debug(&mut seats, &mut log);
    GameResult {
        cards: views.map(|v| v.me),
        fault,
        work: PerSeat::from_fn(|seat| seats[seat].work()),
    }
}

fn drain_debug<C: Contestant + ?Sized>(seats: &mut PerSeat<&mut C>, log: &mut impl FnMut(Event)) {
    for seat in Seat::ALL {
        for line in seats[seat].debug_lines() {
            log(Event::Debug(seat, line));
        }
    }
}

/// Both seats' replies (first seat first), or the first fault; the debug
/// lines written meanwhile are logged either way.
fn replies<C: Contestant + ?Sized, T>(
    seats: &mut PerSeat<&mut C>,
    log: &mut impl FnMut(Event),
    mut ask: impl FnMut(&mut C, Seat) -> Result<T, Fault>,
) -> Result<PerSeat<T>, (Seat, Fault)> {
    let first = ask(seats.first, Seat::First);
    let both = match first {
        Ok(first) => ask(seats.second, Seat::Second)
            .map(|second| PerSeat::new(first, second))
            .map_err(|f| (Seat::Second, f)),
        Err(f) => Err((Seat::First, f)),
    };
    drain_debug(seats, log);
    both
}

fn play_rounds<C: Contestant + ?Sized>(
    seats: &mut PerSeat<&mut C>,
    views: &mut PerSeat<View>,
    deal: &Deal,
    log: &mut impl FnMut(Event),
) -> Result<(), (Seat, Fault)> {
    let tell_both = |seats: &mut PerSeat<&mut C>, m: Message<'_>| {
        for seat in Seat::ALL {
            seats[seat].tell(m);
        }
    };
    tell_both(seats, Message::Ready);
    for seat in Seat::ALL {
        seats[seat].ready().map_err(|f| (seat, f))?;
    }
    for round in 1..=ROUNDS {
        log(Event::Round(round));
        if has_auction(round) {
            let (a, b) = deal.rolls[round - 1];
            log(Event::Roll(a, b));
            let roll = Roll::new(a, b);
            for seat in Seat::ALL {
                views[seat].on_roll(roll);
            }
            tell_both(seats, Message::Roll(&roll));
            let bids = replies(seats, log, |c, seat| c.bid(&views[seat]))?;
            for (seat, &bid) in bids.iter() {
                views[seat].on_my_bid(bid);
                log(Event::Bid(seat, bid));
            }
            let awards = resolve_auction(bids.first, bids.second, deal.ties[round - 1]);
            for (seat, award) in awards.iter() {
                log(Event::Get(seat, award.bundle));
            }
            for seat in Seat::ALL {
                let theirs = bids[seat.other()];
                let got = awards[seat].bundle;
                views[seat].on_get(got, theirs.bundle, theirs.amount);
                seats[seat].tell(Message::Get { got, theirs });
            }
        }
        if has_scoring(round) {
            tell_both(seats, Message::Score);
            let puts = replies(seats, log, |c, seat| c.put(&views[seat]))?;
            for (seat, put) in puts.iter() {
                log(Event::Put(seat, *put));
                views[seat]
                    .on_my_put(put)
                    .map_err(|e| (seat, Fault::Illegal(e)))?;
            }
            for seat in Seat::ALL {
                let theirs = &puts[seat.other()];
                // Already checked on the putter's own record.
                let _ = views[seat].on_set(theirs);
                seats[seat].tell(Message::Set(theirs));
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::uniform;
    use proptest::prelude::*;
    use rand_core::SeedableRng;
    use rand_pcg::Pcg32;
    use yacht_core::game::{Holding, Strategy};
    use yacht_core::rules::tables::tables;
    use yacht_core::rules::{Category, CategorySet, counts_of};

    /// Any legal move, chosen at random: a random bundle and bid, a random
    /// unused category and random five held dice.
    struct RandomLegal(Pcg32);

    impl Strategy for RandomLegal {
        fn bid(&mut self, _: &View) -> Bid {
            let bundle = if uniform(&mut self.0, 2) == 0 {
                Bundle::A
            } else {
                Bundle::B
            };
            Bid {
                bundle,
                amount: uniform(&mut self.0, 3000),
            }
        }
        fn put(&mut self, v: &View) -> Put {
            let open: Vec<Category> = v.me.used.complement().iter().collect();
            let category = open[uniform(&mut self.0, open.len() as u32) as usize];
            let t = tables();
            let dice = match v.me.holding {
                Holding::Ten(h) => {
                    let s = t.splits(h);
                    t.faces5(s[uniform(&mut self.0, s.len() as u32) as usize].put)
                }
                Holding::Five(d) => t.faces5(d),
                Holding::Empty => [1; 5],
            };
            Put { category, dice }
        }
    }

    /// Puts YACHT every round: illegal from its second put.
    struct YachtOnly;

    impl Strategy for YachtOnly {
        fn bid(&mut self, _: &View) -> Bid {
            Bid {
                bundle: Bundle::A,
                amount: 0,
            }
        }
        fn put(&mut self, v: &View) -> Put {
            Put {
                category: Category::Yacht,
                ..v.fallback_put()
            }
        }
    }

    #[test]
    fn an_illegal_put_ends_the_game_with_its_reason_and_loses_it() {
        let deal = Deal::from_seed(3);
        let mut a = InProcess::new(Box::new(YachtOnly) as Box<dyn Strategy>, 0);
        let mut b = InProcess::new(Box::new(RandomLegal(Pcg32::seed_from_u64(1))) as _, 0);
        let mut events = vec![];
        let r = play_game(PerSeat::new(&mut b, &mut a), &deal, |e| events.push(e));
        let why = Fault::Illegal(Illegal::RuleAlreadyUsed);
        assert_eq!(r.fault, Some((Seat::Second, why.clone())));
        assert_eq!(r.fault_of(Seat::Second), Some(&why));
        assert_eq!(r.winner(), Some(Seat::First));
        assert_eq!(r.outcome(Seat::Second), Outcome::Loss);
        assert_eq!(r.result_tag(), "1-0");
        assert_eq!(
            events.last().map(Event::line).as_deref(),
            Some("ABORT SECOND RULE ALREADY USED")
        );
        // Round 3 is the second put: the game stopped there.
        assert_eq!(r.cards.second.used.len(), 1);
    }

    #[test]
    fn each_seat_counts_its_own_work_the_same_on_every_replay() {
        use crate::players::{StrategySpec, reference::DpSpec};
        let deal = Deal::from_seed(8);
        let play = || {
            let mut dp = InProcess::new(StrategySpec::Dp(DpSpec::default()).build(), 1);
            let random = Box::new(RandomLegal(Pcg32::seed_from_u64(2))) as Box<dyn Strategy>;
            let mut random = InProcess::new(random, 0);
            play_game(PerSeat::new(&mut random, &mut dp), &deal, |_| {}).work
        };
        let counted = play();
        // The random player searches nothing, though dp searched between
        // its decisions on the same thread; dp searches each hand it puts
        // from (rounds 2 to 12) and more for its bids, four quarters each.
        assert_eq!(counted.first, Some(0));
        assert!(
            counted.second.is_some_and(|k| k > 4 * 11 && k % 4 == 0),
            "{counted:?}"
        );
        assert_eq!(play(), counted);
    }

    #[test]
    fn messages_are_the_protocol_lines() {
        let roll = Roll::new([3, 5, 5, 6, 1], [1, 5, 3, 3, 6]);
        let put = Put {
            category: Category::FourOfAKind,
            dice: [2, 2, 2, 2, 6],
        };
        let theirs = Bid {
            bundle: Bundle::B,
            amount: 700,
        };
        let lines: Vec<String> = [
            Message::Ready,
            Message::Roll(&roll),
            Message::Get {
                got: Bundle::A,
                theirs,
            },
            Message::Score,
            Message::Set(&put),
            Message::Finish,
        ]
        .iter()
        .map(ToString::to_string)
        .collect();
        assert_eq!(
            lines,
            [
                "READY",
                "ROLL 35561 15336",
                "GET A B 700",
                "SCORE",
                "SET FOUR_OF_A_KIND 22226",
                "FINISH"
            ]
        );
        assert_eq!(
            Fault::Illegal(Illegal::NoSuchDice).to_string(),
            "NO SUCH DICE"
        );
    }

    proptest! {
        #[test]
        fn legal_games_fill_every_category_conserve_dice_and_add_up(seed in any::<u64>()) {
            let deal = Deal::from_seed(seed);
            let mut a = InProcess::new(RandomLegal(Pcg32::seed_from_u64(seed ^ 1)), 0);
            let mut b = InProcess::new(RandomLegal(Pcg32::seed_from_u64(seed ^ 2)), 0);
            let mut events = vec![];
            let r = play_game(PerSeat::new(&mut a, &mut b), &deal, |e| events.push(e));
            prop_assert!(r.fault.is_none());
            for (seat, card) in r.cards.iter() {
                prop_assert_eq!(card.used, CategorySet::ALL);
                prop_assert_eq!(card.holding, Holding::Empty);
                let parts: i32 = card.points.iter().sum::<i32>() + card.bonus + card.bid_points;
                prop_assert_eq!(card.total(), parts);
                // Dice conserved: everything received was put, exactly once.
                let mut got = [0u32; 6];
                let mut put = [0u32; 6];
                let mut bids = 0i32;
                let mut round_bids: Vec<Bid> = vec![];
                for e in &events {
                    match e {
                        Event::Bid(_, b) => round_bids.push(*b),
                        Event::Get(s, g) if *s == seat => {
                            let (ra, rb) = deal.rolls[round_bids.len() / 2 - 1];
                            let d = if *g == Bundle::A { ra } else { rb };
                            for (f, n) in counts_of(&d).iter().enumerate() { got[f] += *n as u32; }
                            let mine = round_bids[round_bids.len() - 2 + seat.index()];
                            bids += if mine.bundle == *g { -(mine.amount as i32) } else { mine.amount as i32 };
                        }
                        Event::Put(s, p) if *s == seat => {
                            for (f, n) in counts_of(&p.dice).iter().enumerate() { put[f] += *n as u32; }
                        }
                        _ => {}
                    }
                }
                prop_assert_eq!(got, put);
                prop_assert_eq!(bids, card.bid_points);
                // The bonus is earned exactly when the upper total reaches 63000.
                prop_assert_eq!(card.bonus > 0, card.points[..6].iter().sum::<i32>() >= 63000);
            }
        }
    }
}
