//! The auction: the two bundles, a bid, what the auction gives each player
//! and its resolution (`resolve_auction`), with the bid points.

use super::schedule::{PerSeat, Seat};

/// Largest legal bid.
pub const MAX_BID: u32 = 100_000;

/// One of the two bundles of a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Bundle {
    A,
    B,
}

impl Bundle {
    /// 0 for A, 1 for B.
    pub fn index(self) -> usize {
        match self {
            Bundle::A => 0,
            Bundle::B => 1,
        }
    }

    pub fn other(self) -> Bundle {
        match self {
            Bundle::A => Bundle::B,
            Bundle::B => Bundle::A,
        }
    }

    pub fn letter(self) -> char {
        match self {
            Bundle::A => 'A',
            Bundle::B => 'B',
        }
    }

    pub fn parse(s: &str) -> Option<Bundle> {
        match s {
            "A" => Some(Bundle::A),
            "B" => Some(Bundle::B),
            _ => None,
        }
    }
}

/// A player's answer to ROLL.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Bid {
    pub bundle: Bundle,
    pub amount: u32,
}

/// What the auction gave one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Award {
    pub bundle: Bundle,
    /// Bid points: minus the bid if the player got the bundle it asked for,
    /// plus its own bid if it did not.
    pub bid_points: i32,
}

/// Resolves one auction. `tie_winner` decides equal bids on the same bundle.
pub fn resolve_auction(first: Bid, second: Bid, tie_winner: Seat) -> PerSeat<Award> {
    let first_wins = first.bundle != second.bundle
        || first.amount > second.amount
        || (first.amount == second.amount && tie_winner == Seat::First);
    let first_gets = if first_wins {
        first.bundle
    } else {
        first.bundle.other()
    };
    let award = |bid: Bid, got: Bundle| Award {
        bundle: got,
        bid_points: if got == bid.bundle {
            -(bid.amount as i32)
        } else {
            bid.amount as i32
        },
    };
    PerSeat::new(award(first, first_gets), award(second, first_gets.other()))
}
