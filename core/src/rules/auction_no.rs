//! Which of the game's twelve auctions a position is at, and the ways the
//! bot counts it: from the start (an index into per-auction records),
//! from the end (genes such as `wp_bid_auctions` name the last few), and
//! the auctions that follow it. Every such count is made here, once.

use super::AUCTIONS;

/// One of the game's auctions: round 1's is the first, round 12's the
/// last. The auction of a round is held after its ROLL, so a player that
/// has seen `n` rolls is at auction `n`, and its put that round follows
/// it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct AuctionNo(u8);

impl AuctionNo {
    /// The auction after `rolls_seen` rolls (1..=12); None before the first
    /// roll or past the last auction.
    pub fn after_rolls(rolls_seen: usize) -> Option<AuctionNo> {
        (1..=AUCTIONS)
            .contains(&rolls_seen)
            .then_some(AuctionNo(rolls_seen as u8))
    }

    /// 0 for the first auction: the index into a per-auction record.
    pub fn index(self) -> usize {
        usize::from(self.0) - 1
    }

    /// Counted from the end: 1 for the last auction, 12 for the first.
    pub fn from_end(self) -> u32 {
        (AUCTIONS + 1) as u32 - u32::from(self.0)
    }

    /// How many auctions follow this one (0 after the last): the
    /// auctions still to come after this round's put.
    pub fn following(self) -> u32 {
        self.from_end() - 1
    }

    /// Whether this auction is among the last `n` (a gene's value).
    pub fn in_last(self, n: u32) -> bool {
        self.from_end() <= n
    }

    pub fn is_first(self) -> bool {
        self.0 == 1
    }

    pub fn is_last(self) -> bool {
        usize::from(self.0) == AUCTIONS
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_from_the_start_and_from_the_end_agree() {
        assert_eq!(AuctionNo::after_rolls(0), None);
        assert_eq!(AuctionNo::after_rolls(AUCTIONS + 1), None);
        let first = AuctionNo::after_rolls(1).unwrap();
        let last = AuctionNo::after_rolls(AUCTIONS).unwrap();
        assert!(first.is_first() && !first.is_last() && last.is_last());
        assert_eq!(
            (first.index(), first.from_end(), first.following()),
            (0, 12, 11)
        );
        assert_eq!(
            (last.index(), last.from_end(), last.following()),
            (11, 1, 0)
        );
        let round_10 = AuctionNo::after_rolls(10).unwrap();
        assert!(round_10.in_last(3) && !round_10.in_last(2) && !round_10.in_last(0));
        for n in 1..=AUCTIONS {
            let at = AuctionNo::after_rolls(n).unwrap();
            assert_eq!(at.index() as u32 + at.from_end(), AUCTIONS as u32);
        }
    }
}
