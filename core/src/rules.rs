//! The game's rules: categories, scoring of five dice, the upper bonus, the
//! auction and its bid points. Pure and std-only: everything else calls this,
//! and `tuner export` pastes it into the submission file.

/// Number of scoring categories (and of scoring phases).
pub const CATEGORIES: usize = 12;
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

/// Upper total (in points) that earns the bonus.
pub const BONUS_THRESHOLD: i32 = 63_000;
/// The upper bonus.
pub const BONUS: i32 = 35_000;
/// Largest legal bid.
pub const MAX_BID: u32 = 100_000;

/// A scoring category, in the official order (ONE = 0 … YACHT = 11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Category {
    One,
    Two,
    Three,
    Four,
    Five,
    Six,
    Choice,
    FourOfAKind,
    FullHouse,
    SmallStraight,
    LargeStraight,
    Yacht,
}

impl Category {
    pub const ALL: [Category; CATEGORIES] = [
        Category::One,
        Category::Two,
        Category::Three,
        Category::Four,
        Category::Five,
        Category::Six,
        Category::Choice,
        Category::FourOfAKind,
        Category::FullHouse,
        Category::SmallStraight,
        Category::LargeStraight,
        Category::Yacht,
    ];

    /// The protocol names, in category order.
    pub const NAMES: [&'static str; CATEGORIES] = [
        "ONE",
        "TWO",
        "THREE",
        "FOUR",
        "FIVE",
        "SIX",
        "CHOICE",
        "FOUR_OF_A_KIND",
        "FULL_HOUSE",
        "SMALL_STRAIGHT",
        "LARGE_STRAIGHT",
        "YACHT",
    ];

    pub fn index(self) -> usize {
        self as usize
    }

    pub fn from_index(i: usize) -> Category {
        Category::ALL[i]
    }

    pub fn name(self) -> &'static str {
        Category::NAMES[self.index()]
    }

    /// The face of an upper category (ONE → 1 … SIX → 6), if it is one.
    pub fn face(self) -> Option<u8> {
        let i = self.index();
        if i < 6 { Some(i as u8 + 1) } else { None }
    }

    /// The bit of this category in a used-categories mask.
    pub fn bit(self) -> u16 {
        1 << self.index()
    }
}

/// A word that names no category.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownCategory(pub String);

impl std::fmt::Display for UnknownCategory {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "unknown category `{}` (one of {})",
            self.0,
            Category::NAMES.join(", ")
        )
    }
}

impl std::error::Error for UnknownCategory {}

impl std::str::FromStr for Category {
    type Err = UnknownCategory;
    /// The protocol name, e.g. `FOUR_OF_A_KIND`.
    fn from_str(s: &str) -> Result<Category, UnknownCategory> {
        Category::NAMES
            .iter()
            .position(|n| *n == s)
            .map(Category::from_index)
            .ok_or_else(|| UnknownCategory(s.to_string()))
    }
}

impl std::fmt::Display for Category {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of categories (e.g. those a player has used), one bit each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct CategorySet(u16);

impl CategorySet {
    pub const EMPTY: CategorySet = CategorySet(0);
    pub const ALL: CategorySet = CategorySet((1 << CATEGORIES) - 1);
    /// ONE … SIX, whose points count towards the bonus.
    pub const UPPER: CategorySet = CategorySet(0x3f);

    /// The set of a mask's bits (bits past the categories are dropped).
    pub const fn from_bits(bits: u16) -> CategorySet {
        CategorySet(bits & CategorySet::ALL.0)
    }

    /// The mask: bit `c` for category `c` (the index of per-set tables).
    pub const fn bits(self) -> u16 {
        self.0
    }

    pub const fn contains(self, c: Category) -> bool {
        self.0 & (1 << c as u16) != 0
    }

    /// This set and `c`.
    pub const fn with(self, c: Category) -> CategorySet {
        CategorySet(self.0 | 1 << c as u16)
    }

    pub fn insert(&mut self, c: Category) {
        *self = self.with(c);
    }

    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether every category of `other` is in this set.
    pub const fn includes(self, other: CategorySet) -> bool {
        self.0 & other.0 == other.0
    }

    /// The categories not in this set (the open ones, for a used set).
    pub const fn complement(self) -> CategorySet {
        CategorySet(!self.0 & CategorySet::ALL.0)
    }

    /// The first category of the set, in category order.
    pub fn first(self) -> Option<Category> {
        (!self.is_empty()).then(|| Category::from_index(self.0.trailing_zeros() as usize))
    }

    /// The categories, in category order.
    pub fn iter(self) -> impl Iterator<Item = Category> {
        let mut m = self.0;
        std::iter::from_fn(move || {
            (m != 0).then(|| {
                let c = m.trailing_zeros() as usize;
                m &= m - 1;
                Category::from_index(c)
            })
        })
    }
}

impl FromIterator<Category> for CategorySet {
    fn from_iter<I: IntoIterator<Item = Category>>(it: I) -> CategorySet {
        it.into_iter().fold(CategorySet::EMPTY, CategorySet::with)
    }
}

/// Face counts of a multiset of dice: `counts[f - 1]` dice show face `f`.
pub type Counts = [u8; 6];

/// Face counts of a list of dice (faces 1..=6; anything else is ignored).
pub fn counts_of(dice: &[u8]) -> Counts {
    let mut c = [0u8; 6];
    for &d in dice {
        if (1..=6).contains(&d) {
            c[d as usize - 1] += 1;
        }
    }
    c
}

/// Category points (no bonus) of five dice given as face counts.
pub fn score_counts(category: Category, c: &Counts) -> i32 {
    let sum: i32 = (0..6).map(|f| (f as i32 + 1) * c[f] as i32).sum();
    let max = *c.iter().max().unwrap_or(&0);
    let has = |f: usize| c[f - 1] > 0;
    match category {
        Category::One
        | Category::Two
        | Category::Three
        | Category::Four
        | Category::Five
        | Category::Six => {
            let f = category.index() + 1;
            (f as i32) * c[f - 1] as i32 * 1000
        }
        Category::Choice => sum * 1000,
        Category::FourOfAKind => {
            if max >= 4 {
                sum * 1000
            } else {
                0
            }
        }
        Category::FullHouse => {
            let three = c.contains(&3);
            let two = c.contains(&2);
            if (three && two) || max == 5 {
                sum * 1000
            } else {
                0
            }
        }
        Category::SmallStraight => {
            let run = |lo: usize| (lo..lo + 4).all(has);
            if run(1) || run(2) || run(3) {
                15_000
            } else {
                0
            }
        }
        Category::LargeStraight => {
            let exact = |lo: usize| (lo..lo + 5).all(|f| c[f - 1] == 1);
            if exact(1) || exact(2) { 30_000 } else { 0 }
        }
        Category::Yacht => {
            if max == 5 {
                50_000
            } else {
                0
            }
        }
    }
}

/// Category points (no bonus) of five dice.
pub fn score_dice(category: Category, dice: &[u8; 5]) -> i32 {
    score_counts(category, &counts_of(dice))
}

/// The bonus a put of `points` into `category` earns when the upper total was
/// `upper_before`: 35000 the first time the upper total reaches 63000.
pub fn bonus_for(category: Category, points: i32, upper_before: i32) -> i32 {
    if category.face().is_some()
        && upper_before < BONUS_THRESHOLD
        && upper_before + points >= BONUS_THRESHOLD
    {
        BONUS
    } else {
        0
    }
}

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

/// Five dice as the protocol and the logs write them: digits 1..=6 in the
/// order given, e.g. `35561`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Faces(pub [u8; 5]);

/// Text that is not five dice.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BadDice(pub String);

impl std::fmt::Display for BadDice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "`{}` is not five digits 1-6", self.0)
    }
}

impl std::error::Error for BadDice {}

impl std::str::FromStr for Faces {
    type Err = BadDice;
    fn from_str(s: &str) -> Result<Faces, BadDice> {
        let b = s.as_bytes();
        if b.len() != 5 || !b.iter().all(|ch| (b'1'..=b'6').contains(ch)) {
            return Err(BadDice(s.to_string()));
        }
        Ok(Faces(std::array::from_fn(|i| b[i] - b'0')))
    }
}

impl std::fmt::Display for Faces {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        for &d in &self.0 {
            write!(f, "{}", char::from(b'0' + d))?;
        }
        Ok(())
    }
}

/// Parses five dice written as digits 1..=6, e.g. `"35561"`.
pub fn parse_dice(s: &str) -> Option<[u8; 5]> {
    s.parse::<Faces>().ok().map(|f| f.0)
}

/// Writes five dice as digits.
pub fn format_dice(d: &[u8; 5]) -> String {
    Faces(*d).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(c: Category, d: &str) -> i32 {
        score_dice(c, &parse_dice(d).unwrap())
    }

    #[test]
    fn upper_categories_sum_their_face() {
        assert_eq!(s(Category::One, "11234"), 2000);
        assert_eq!(s(Category::Three, "33335"), 12000);
        assert_eq!(s(Category::Six, "66666"), 30000);
        assert_eq!(s(Category::Four, "12356"), 0);
        assert_eq!(s(Category::Five, "55123"), 10000);
    }

    #[test]
    fn choice_is_the_sum() {
        assert_eq!(s(Category::Choice, "12345"), 15000);
        assert_eq!(s(Category::Choice, "66666"), 30000);
    }

    #[test]
    fn four_of_a_kind_counts_a_yacht() {
        assert_eq!(s(Category::FourOfAKind, "44442"), 18000);
        assert_eq!(s(Category::FourOfAKind, "55555"), 25000);
        assert_eq!(s(Category::FourOfAKind, "44422"), 0);
    }

    #[test]
    fn full_house_is_three_plus_two_or_a_yacht() {
        assert_eq!(s(Category::FullHouse, "33322"), 13000);
        assert_eq!(s(Category::FullHouse, "22222"), 10000);
        assert_eq!(s(Category::FullHouse, "33332"), 0);
        assert_eq!(s(Category::FullHouse, "12345"), 0);
    }

    #[test]
    fn straights() {
        assert_eq!(s(Category::SmallStraight, "12345"), 15000);
        assert_eq!(s(Category::SmallStraight, "41236"), 15000);
        assert_eq!(s(Category::SmallStraight, "34566"), 15000);
        assert_eq!(s(Category::SmallStraight, "12356"), 0);
        assert_eq!(s(Category::LargeStraight, "12345"), 30000);
        assert_eq!(s(Category::LargeStraight, "65432"), 30000);
        assert_eq!(s(Category::LargeStraight, "12346"), 0);
        assert_eq!(s(Category::LargeStraight, "13456"), 0);
    }

    #[test]
    fn yacht() {
        assert_eq!(s(Category::Yacht, "11111"), 50000);
        assert_eq!(s(Category::Yacht, "11112"), 0);
    }

    #[test]
    fn bonus_at_exactly_63000_and_only_once() {
        assert_eq!(bonus_for(Category::Six, 18000, 45000), BONUS);
        assert_eq!(bonus_for(Category::Six, 17000, 45000), 0);
        assert_eq!(bonus_for(Category::Five, 20000, 42000), 0);
        assert_eq!(bonus_for(Category::One, 1000, 63000), 0);
        assert_eq!(bonus_for(Category::Choice, 30000, 50000), 0);
    }

    #[test]
    fn the_264000_score_card_of_rules_md() {
        let upper = [2000, 8000, 9000, 16000, 20000, 12000];
        let lower = [24000, 22000, 28000, 15000, 30000, 50000];
        let mut up = 0;
        let mut total = 0;
        for (i, p) in upper.iter().enumerate() {
            total += p + bonus_for(Category::from_index(i), *p, up);
            up += p;
        }
        total += lower.iter().sum::<i32>();
        assert_eq!(total, 271_000, "dice points with the bonus");
        assert_eq!(total - 7000, 264_000);
    }

    #[test]
    fn auction_different_bundles_both_pay() {
        let a = Bid {
            bundle: Bundle::A,
            amount: 300,
        };
        let b = Bid {
            bundle: Bundle::B,
            amount: 500,
        };
        let PerSeat {
            first: f,
            second: s,
        } = resolve_auction(a, b, Seat::Second);
        assert_eq!((f.bundle, f.bid_points), (Bundle::A, -300));
        assert_eq!((s.bundle, s.bid_points), (Bundle::B, -500));
    }

    #[test]
    fn auction_same_bundle_higher_bid_wins_loser_is_paid() {
        let a = Bid {
            bundle: Bundle::B,
            amount: 700,
        };
        let b = Bid {
            bundle: Bundle::B,
            amount: 900,
        };
        let PerSeat {
            first: f,
            second: s,
        } = resolve_auction(a, b, Seat::First);
        assert_eq!((f.bundle, f.bid_points), (Bundle::A, 700));
        assert_eq!((s.bundle, s.bid_points), (Bundle::B, -900));
    }

    #[test]
    fn auction_equal_bids_follow_the_tie_break() {
        let a = Bid {
            bundle: Bundle::A,
            amount: 0,
        };
        let PerSeat {
            first: f,
            second: s,
        } = resolve_auction(a, a, Seat::First);
        assert_eq!((f.bundle, s.bundle), (Bundle::A, Bundle::B));
        let PerSeat {
            first: f,
            second: s,
        } = resolve_auction(a, a, Seat::Second);
        assert_eq!((f.bundle, s.bundle), (Bundle::B, Bundle::A));
        let x = Bid {
            bundle: Bundle::A,
            amount: 2500,
        };
        let PerSeat {
            first: f,
            second: s,
        } = resolve_auction(x, x, Seat::Second);
        assert_eq!((f.bid_points, s.bid_points), (2500, -2500));
    }

    #[test]
    fn categories_and_sets() {
        for c in Category::ALL {
            assert_eq!(c.to_string().parse::<Category>(), Ok(c));
        }
        assert!(
            "CHANCE"
                .parse::<Category>()
                .unwrap_err()
                .to_string()
                .contains("YACHT")
        );
        let set: CategorySet = [Category::Two, Category::Yacht].into_iter().collect();
        assert_eq!(set.len(), 2);
        assert!(set.contains(Category::Yacht) && !set.contains(Category::One));
        assert_eq!(
            set.iter().collect::<Vec<_>>(),
            [Category::Two, Category::Yacht]
        );
        assert_eq!(set.complement().len(), 10);
        assert_eq!(CategorySet::ALL.complement(), CategorySet::EMPTY);
        assert_eq!(CategorySet::ALL.iter().count(), CATEGORIES);
        assert_eq!(CategorySet::UPPER.iter().last(), Some(Category::Six));
        assert_eq!(set.first(), Some(Category::Two));
        assert!(CategorySet::ALL.includes(set) && !set.includes(CategorySet::UPPER));
    }

    #[test]
    fn per_seat_values_follow_the_seat() {
        let mut p = PerSeat::new(1, 2);
        p[Seat::Second] += 10;
        assert_eq!((p[Seat::First], p[Seat::Second]), (1, 12));
        assert_eq!(p.swapped(), PerSeat::new(12, 1));
        assert_eq!(
            PerSeat::from_fn(|s| s.other()),
            PerSeat::new(Seat::Second, Seat::First)
        );
    }

    #[test]
    fn dice_parse_and_format() {
        assert_eq!("35561".parse::<Faces>(), Ok(Faces([3, 5, 5, 6, 1])));
        assert_eq!(Faces([6, 1, 2, 3, 4]).to_string(), "61234");
        assert!(
            "3556a"
                .parse::<Faces>()
                .unwrap_err()
                .to_string()
                .contains("3556a")
        );
        assert_eq!(parse_dice("35561"), Some([3, 5, 5, 6, 1]));
        assert_eq!(parse_dice("3556"), None);
        assert_eq!(parse_dice("35570"), None);
        assert_eq!(format_dice(&[1, 2, 3, 4, 5]), "12345");
    }
}
