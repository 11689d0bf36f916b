//! The scoring categories: `Category` (by protocol name with `FromStr` and
//! `Display`) and `CategorySet`, a set of them (one bit each).

/// Number of scoring categories (and of scoring phases).
pub const CATEGORIES: usize = 12;

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
