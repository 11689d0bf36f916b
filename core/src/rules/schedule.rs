//! The game's course: its rounds (which have an auction, which a scoring
//! phase) and its two seats (`Seat`, which also breaks a tie of bids;
//! `PerSeat<T>`, one value per seat).

/// Number of rounds in a game.
pub const ROUNDS: usize = 13;
/// Rounds with an auction (all but the last).
pub const AUCTIONS: usize = ROUNDS - 1;
/// Whether round `round` (1..=ROUNDS) has an auction: all but the last.
pub const fn has_auction(round: usize) -> bool {
    1 <= round && round <= AUCTIONS
}

/// Whether round `round` (1..=ROUNDS) has a scoring phase: all but the
/// first (the first bundle is only carried).
pub const fn has_scoring(round: usize) -> bool {
    2 <= round && round <= ROUNDS
}

/// Which seat wins a tie of equal bids on the same bundle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seat {
    First,
    Second,
}

impl Seat {
    /// Both seats, first first.
    pub const ALL: [Seat; 2] = [Seat::First, Seat::Second];

    pub fn index(self) -> usize {
        match self {
            Seat::First => 0,
            Seat::Second => 1,
        }
    }

    pub fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Seat::First => "FIRST",
            Seat::Second => "SECOND",
        }
    }
}

impl std::fmt::Display for Seat {
    /// The log's name: `FIRST` or `SECOND`.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// One value per seat: what each player has, sends or gets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct PerSeat<T> {
    pub first: T,
    pub second: T,
}

impl<T> PerSeat<T> {
    pub const fn new(first: T, second: T) -> PerSeat<T> {
        PerSeat { first, second }
    }

    /// A value made for each seat, first first.
    pub fn from_fn(mut f: impl FnMut(Seat) -> T) -> PerSeat<T> {
        let first = f(Seat::First);
        PerSeat {
            first,
            second: f(Seat::Second),
        }
    }

    pub fn map<U>(self, mut f: impl FnMut(T) -> U) -> PerSeat<U> {
        let first = f(self.first);
        PerSeat {
            first,
            second: f(self.second),
        }
    }

    pub fn as_ref(&self) -> PerSeat<&T> {
        PerSeat::new(&self.first, &self.second)
    }

    /// The seats exchanged: what the first had, the second has.
    pub fn swapped(self) -> PerSeat<T> {
        PerSeat::new(self.second, self.first)
    }

    /// Each seat with its value, first first.
    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> {
        [(Seat::First, &self.first), (Seat::Second, &self.second)].into_iter()
    }
}

impl<T> std::ops::Index<Seat> for PerSeat<T> {
    type Output = T;
    #[inline]
    fn index(&self, seat: Seat) -> &T {
        match seat {
            Seat::First => &self.first,
            Seat::Second => &self.second,
        }
    }
}

impl<T> std::ops::IndexMut<Seat> for PerSeat<T> {
    #[inline]
    fn index_mut(&mut self, seat: Seat) -> &mut T {
        match seat {
            Seat::First => &mut self.first,
            Seat::Second => &mut self.second,
        }
    }
}
