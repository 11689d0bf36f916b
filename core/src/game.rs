//! What one player knows during a game, and the `Strategy` trait that decides
//! from it. A `View` is updated only from what the protocol tells a bot
//! (ROLL, GET, SET and its own answers), by the same functions in-process and
//! behind the protocol, so a built-in strategy never sees more than a program.
//! Std-only: exported into the submission file.

use crate::rules::tables::{Dice5, Hand10, Options, tables};
use crate::rules::{
    AUCTIONS, AuctionNo, BONUS_THRESHOLD, Bid, Bundle, CATEGORIES, Category, CategorySet, bonus_for,
};

/// The dice a player holds between phases.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Holding {
    Empty,
    Five(Dice5),
    Ten(Hand10),
}

impl Holding {
    /// The holding after receiving a bundle.
    #[inline]
    pub fn with(self, bundle: Dice5) -> Holding {
        match self {
            Holding::Empty => Holding::Five(bundle),
            Holding::Five(c) => Holding::Ten(tables().add5(c, bundle)),
            Holding::Ten(_) => Holding::Five(bundle),
        }
    }

    /// The best put of every category from this holding.
    #[inline]
    pub fn options(self) -> Option<Options> {
        let t = tables();
        match self {
            Holding::Empty => None,
            Holding::Five(d) => Some(t.options5(d)),
            Holding::Ten(h) => Some(t.options10(h)),
        }
    }
}

/// A put: a category and five dice in the order they are written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Put {
    pub category: Category,
    pub dice: [u8; 5],
}

/// Why a move is illegal (the official reasons).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Illegal {
    RuleAlreadyUsed,
    NoSuchDice,
}

impl Illegal {
    pub fn reason(self) -> &'static str {
        match self {
            Illegal::RuleAlreadyUsed => "RULE ALREADY USED",
            Illegal::NoSuchDice => "NO SUCH DICE",
        }
    }
}

impl std::fmt::Display for Illegal {
    /// The official reason.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.reason())
    }
}

/// One player's public record: everything follows from the protocol lines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Card {
    /// The categories used.
    pub used: CategorySet,
    /// Points per category (0 while unused).
    pub points: [i32; CATEGORIES],
    /// Upper total so far (ONE … SIX), without the bonus.
    pub upper: i32,
    pub bonus: i32,
    pub bid_points: i32,
    pub holding: Holding,
}

impl Default for Card {
    fn default() -> Card {
        Card {
            used: CategorySet::EMPTY,
            points: [0; CATEGORIES],
            upper: 0,
            bonus: 0,
            bid_points: 0,
            holding: Holding::Empty,
        }
    }
}

impl Card {
    /// Total so far: category points + bonus + bid points.
    pub fn total(&self) -> i32 {
        self.points.iter().sum::<i32>() + self.bonus + self.bid_points
    }

    pub fn is_used(&self, c: Category) -> bool {
        self.used.contains(c)
    }

    /// The dice carried into the next round (the holding when it is five).
    pub fn carry(&self) -> Option<Dice5> {
        match self.holding {
            Holding::Five(d) => Some(d),
            _ => None,
        }
    }

    /// Adds a received bundle to the holding.
    pub fn receive(&mut self, bundle: Dice5, bid_points: i32) {
        self.bid_points += bid_points;
        self.holding = self.holding.with(bundle);
    }

    /// Applies a put, or says why it is illegal (the card is then unchanged).
    pub fn apply_put(&mut self, category: Category, dice: &[u8; 5]) -> Result<(), Illegal> {
        if self.is_used(category) {
            return Err(Illegal::RuleAlreadyUsed);
        }
        let t = tables();
        let put = t.dice5(dice).ok_or(Illegal::NoSuchDice)?;
        self.holding = match self.holding {
            Holding::Ten(h) => Holding::Five(t.carry_of(h, put).ok_or(Illegal::NoSuchDice)?),
            Holding::Five(d) if d == put => Holding::Empty,
            _ => return Err(Illegal::NoSuchDice),
        };
        let pts = t.score5(put, category);
        self.bonus += bonus_for(category, pts, self.upper);
        if category.face().is_some() {
            self.upper += pts;
        }
        self.points[category.index()] = pts;
        self.used.insert(category);
        Ok(())
    }

    /// How far the upper total is ahead of the 3-of-each pace of the upper
    /// categories used so far (in points; negative when behind).
    pub fn upper_pace(&self) -> i32 {
        let pace: i32 = CategorySet::UPPER
            .iter()
            .filter(|&c| self.used.contains(c))
            .map(|c| 3 * c.face().map_or(0, i32::from) * 1000)
            .sum();
        self.upper - pace
    }

    pub fn bonus_settled(&self) -> bool {
        self.upper >= BONUS_THRESHOLD || self.used.includes(CategorySet::UPPER)
    }
}

/// A round's two bundles: as ROLL printed them, and as multisets (None when
/// a face is not a die). Made once per round, however many views see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Roll {
    pub faces: ([u8; 5], [u8; 5]),
    pub dice: Option<(Dice5, Dice5)>,
}

impl Roll {
    // Always inline: built in the caller's frame otherwise, and read back
    // in wider words than it was written (a store-forwarding stall that
    // cost 3 % of a greedy game).
    #[inline(always)]
    pub fn new(a: [u8; 5], b: [u8; 5]) -> Roll {
        let t = tables();
        Roll {
            faces: (a, b),
            dice: t.dice5(&a).zip(t.dice5(&b)),
        }
    }
}

/// What one player knows: both cards, the current round and bundles, and the
/// bids seen so far.
#[derive(Clone, Debug, Default)]
pub struct View {
    /// Rolls seen so far (1..=12); 12 during round 13's scoring.
    pub rolls_seen: usize,
    pub me: Card,
    pub opp: Card,
    /// This round's bundles, from ROLL until GET.
    pub roll: Option<Roll>,
    pub my_bid: Option<Bid>,
    /// The opponent's bids, one per round with a GET.
    pub opp_bids: BidLog,
    /// The last two bundles I received, oldest first, as ROLL printed them.
    pub my_bundles: [Option<[u8; 5]>; 2],
}

/// Bids of one player, one per auction, in order (a slice of at most
/// `AUCTIONS`; a bid past those is not kept).
#[derive(Clone, Copy, Debug)]
pub struct BidLog {
    bids: [Bid; AUCTIONS],
    len: u8,
}

impl Default for BidLog {
    fn default() -> BidLog {
        let none = Bid {
            bundle: Bundle::A,
            amount: 0,
        };
        BidLog {
            bids: [none; AUCTIONS],
            len: 0,
        }
    }
}

impl BidLog {
    pub fn push(&mut self, bid: Bid) {
        if let Some(slot) = self.bids.get_mut(self.len as usize) {
            *slot = bid;
            self.len += 1;
        }
    }
}

impl std::ops::Deref for BidLog {
    type Target = [Bid];
    fn deref(&self) -> &[Bid] {
        &self.bids[..self.len as usize]
    }
}

impl View {
    pub fn new() -> View {
        View::default()
    }

    /// Rounds with a scoring phase still to come, this one included when it
    /// has not been played yet.
    pub fn puts_left(&self) -> u32 {
        CATEGORIES as u32 - self.me.used.len()
    }

    /// The auction this view is at (after its ROLL; during a round's put,
    /// the auction just held). None before the first roll.
    pub fn auction(&self) -> Option<AuctionNo> {
        AuctionNo::after_rolls(self.rolls_seen)
    }

    pub fn on_roll(&mut self, roll: Roll) {
        self.rolls_seen += 1;
        self.roll = Some(roll);
        self.my_bid = None;
    }

    pub fn on_my_bid(&mut self, bid: Bid) {
        self.my_bid = Some(bid);
    }

    /// GET: I received `mine`; the opponent asked for `opp_bundle` with
    /// `opp_amount`. Without a ROLL this round the line is ignored.
    pub fn on_get(&mut self, mine: Bundle, opp_bundle: Bundle, opp_amount: u32) {
        let Some(Roll {
            faces: (a, b),
            dice: Some((a5, b5)),
        }) = self.roll.take()
        else {
            return;
        };
        let dice = |g: Bundle| if g == Bundle::A { a } else { b };
        let five = |g: Bundle| if g == Bundle::A { a5 } else { b5 };
        let my_bid = self.my_bid.take().unwrap_or(Bid {
            bundle: mine,
            amount: 0,
        });
        let pay = |bid_bundle: Bundle, amount: u32, got: Bundle| {
            if bid_bundle == got {
                -(amount as i32)
            } else {
                amount as i32
            }
        };
        let theirs = mine.other();
        self.me
            .receive(five(mine), pay(my_bid.bundle, my_bid.amount, mine));
        self.opp
            .receive(five(theirs), pay(opp_bundle, opp_amount, theirs));
        self.my_bundles = [self.my_bundles[1], Some(dice(mine))];
        self.opp_bids.push(Bid {
            bundle: opp_bundle,
            amount: opp_amount,
        });
    }

    /// My own put, once accepted.
    pub fn on_my_put(&mut self, put: &Put) -> Result<(), Illegal> {
        self.me.apply_put(put.category, &put.dice)
    }

    /// SET: the opponent's put.
    pub fn on_set(&mut self, put: &Put) -> Result<(), Illegal> {
        self.opp.apply_put(put.category, &put.dice)
    }

    /// A put that is legal whenever I hold five or more dice: the first
    /// unused category with dice actually held.
    pub fn fallback_put(&self) -> Put {
        let t = tables();
        let category = Category::ALL
            .into_iter()
            .find(|c| !self.me.is_used(*c))
            .unwrap_or(Category::Choice);
        let dice = match self.me.holding {
            Holding::Five(d) => t.faces5(d),
            Holding::Ten(h) => t.faces5(t.splits(h)[0].put),
            Holding::Empty => [1; 5],
        };
        Put { category, dice }
    }
}

/// A player: decides bids and puts from what it knows.
pub trait Strategy: Send {
    /// Called before each game; `seed` feeds any randomness of the strategy.
    fn new_game(&mut self, _seed: u64) {}
    /// Answer to ROLL (the bundles are in `view.roll`).
    fn bid(&mut self, view: &View) -> Bid;
    /// Answer to SCORE.
    fn put(&mut self, view: &View) -> Put;
}

impl<S: Strategy + ?Sized> Strategy for Box<S> {
    fn new_game(&mut self, seed: u64) {
        (**self).new_game(seed)
    }
    fn bid(&mut self, view: &View) -> Bid {
        (**self).bid(view)
    }
    fn put(&mut self, view: &View) -> Put {
        (**self).put(view)
    }
}

/// The dice of a put as written: sorted faces of a multiset.
pub fn put_of(category: Category, dice: Dice5) -> Put {
    Put {
        category,
        dice: tables().faces5(dice),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::parse_dice;

    fn d(s: &str) -> [u8; 5] {
        parse_dice(s).unwrap()
    }

    #[test]
    fn bid_log_keeps_the_first_twelve_bids_in_order() {
        let mut log = BidLog::default();
        assert!(log.is_empty());
        for amount in 0..14 {
            log.push(Bid {
                bundle: Bundle::B,
                amount,
            });
        }
        let amounts: Vec<u32> = log.iter().map(|b| b.amount).collect();
        assert_eq!(amounts, (0..12).collect::<Vec<u32>>());
    }

    #[test]
    fn view_tracks_both_players_from_protocol_lines() {
        let mut v = View::new();
        v.on_roll(Roll::new(d("35561"), d("15336")));
        v.on_my_bid(Bid {
            bundle: Bundle::A,
            amount: 300,
        });
        v.on_get(Bundle::A, Bundle::A, 200);
        assert_eq!(v.me.bid_points, -300);
        assert_eq!(v.opp.bid_points, 200);
        v.on_roll(Roll::new(d("31452"), d("33164")));
        v.on_my_bid(Bid {
            bundle: Bundle::B,
            amount: 0,
        });
        v.on_get(Bundle::A, Bundle::A, 1000);
        assert_eq!(v.me.bid_points, -300);
        assert_eq!(v.opp.bid_points, 1200);
        assert_eq!(v.my_bundles, [Some(d("35561")), Some(d("31452"))]);
        let put = Put {
            category: Category::Five,
            dice: d("55513"),
        };
        v.on_my_put(&put).unwrap();
        assert_eq!(v.me.points[4], 15000);
        assert_eq!(v.on_my_put(&put), Err(Illegal::RuleAlreadyUsed));
        let opp = Put {
            category: Category::Yacht,
            dice: d("66666"),
        };
        assert_eq!(v.on_set(&opp), Err(Illegal::NoSuchDice));
        let opp = Put {
            category: Category::Three,
            dice: d("33361"),
        };
        v.on_set(&opp).unwrap();
        assert_eq!(v.opp.total(), 9000 + 1200);
    }
}
