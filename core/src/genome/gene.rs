//! One gene's definition: its kind (real, count, switch, choice) and how
//! a number reads as it, and the mechanism it belongs to.

/// One gene: its name (the TOML key), kind, bounds, default, meaning and
/// mechanism.
pub struct Gene {
    pub name: &'static str,
    pub min: f64,
    pub max: f64,
    pub default: f64,
    pub doc: &'static str,
    /// What values the gene takes: the files write it so, the optimisers
    /// move it so, the plan decodes it so.
    pub kind: Kind,
    /// The part of the bot it adjusts; a gene acts only while its
    /// mechanism is on in the genome (`Plan::runs`).
    pub mechanism: Mechanism,
}

/// What values a gene takes. The optimisers' vector holds every gene as a
/// number (a count as a whole number, a switch as 0 or 1, a choice as its
/// index); a number that is not one of those (from a file, or from a
/// continuous optimiser) is read by [`Kind::decode`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// A real number.
    Real,
    /// A whole number; a fraction reads by the rounding given.
    Count(Rounding),
    /// On or off (`true`/`false` in files; a number reads on from 0.5).
    Switch,
    /// One of the named options (by name in files; a number reads as the
    /// nearest index).
    Choice(&'static [&'static str]),
}

/// How a count reads a fraction: the rounding that keeps the comparison
/// a count makes ("at most this many", "at least this many").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rounding {
    Nearest,
    /// "At most this many": rounded down.
    Down,
    /// "At least this many": rounded up.
    Up,
}

/// Makes from one list the enum `Mechanism` (a variant a row, with its
/// doc), the array `MECHANISMS` of every variant in the list's order (its
/// length counted from the list) and `Mechanism::name`, the name in notes
/// and docs.
macro_rules! mechanisms {
    ($($(#[$meta:meta])* $variant:ident = $name:literal,)*) => {
        /// The parts of the bot a gene adjusts. A mechanism runs or not in a
        /// genome by other genes' values (`Plan::runs`); its genes act only
        /// while it runs, so an optimiser is offered only those.
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub enum Mechanism {
            $($(#[$meta])* $variant,)*
        }

        /// Every mechanism, in the order the docs list them.
        pub const MECHANISMS: [Mechanism; [$($name),*].len()] = [$(Mechanism::$variant),*];

        impl Mechanism {
            /// Its name in notes and docs.
            pub fn name(self) -> &'static str {
                match self {
                    $(Mechanism::$variant => $name,)*
                }
            }
        }
    };
}

mechanisms! {
    /// The put's value: category priorities, the weight of V, the pull
    /// toward the bonus pace, the penalty for a 0. Always runs.
    Value = "value",
    /// How far behind the bonus pace the pull still counts: runs while
    /// `upper_weight` pulls.
    BonusChase = "bonus-chase",
    /// The bid on the equilibrium: scale, weights, bounds, offsets, the
    /// best response to a read `dp`, the zero bidder's read. Always runs.
    Bid = "bid",
    /// The cap by the opponent's largest bid (`bid_adapt_margin`): runs
    /// while some auction from round 3 on is bid by value (bids by win
    /// probability in fewer than the last 10).
    AdaptCap = "adapt-cap",
    /// The cap's scale (`bid_adapt_mult`): runs while the cap runs and
    /// `bid_adapt_margin` leaves a cap below the largest bid.
    AdaptScale = "adapt-scale",
    /// The rounds whose puts and bids are chosen by win probability.
    /// Always runs (0 rounds: off).
    WinRounds = "win-rounds",
    /// How win probability is estimated (`wp_fast`): runs while some
    /// round is chosen by it.
    Estimate = "estimate",
    /// Win probability by rollouts: runs while some round is chosen by it
    /// and `wp_fast` is off.
    Rollouts = "rollouts",
    /// Win probability by the tables: runs while some round is chosen by
    /// it and `wp_fast` is on.
    Tables = "tables",
    /// The tables' puts: runs while some put is chosen by the tables.
    TablePuts = "table-puts",
    /// The tables' bids: runs while some bid is chosen by the tables.
    TableBids = "table-bids",
    /// The look ahead's rolls (`wp_lookahead`, 0: off): runs while the
    /// tables bid in some auction a look ahead can serve (not the last,
    /// nor the one before it when that is settled exactly) among the last
    /// `wp_lookahead_auctions`.
    LookRolls = "look-rolls",
    /// Which last auctions look ahead (`wp_lookahead_auctions`): runs
    /// while `wp_lookahead` is above 0 and the tables bid in some auction
    /// a look ahead can serve.
    LookAuctions = "look-auctions",
    /// The look ahead's pool (`wp_lookahead_pool`): runs while it plays
    /// `wp_lookahead` rolls, two or more, in some auction the late look
    /// ahead leaves it.
    LookPool = "look-pool",
    /// Round 10's leaves by the last auction exactly
    /// (`wp_lookahead_exact`): runs while the look ahead plays in round 10.
    LookExact = "look-exact",
    /// The late look ahead's rolls (`wp_late_lookahead`): runs while the
    /// look ahead plays and `wp_late_auctions` takes some auction it looks
    /// ahead in, so that they fall somewhere.
    LateRolls = "late-rolls",
    /// Which last auctions take the late rolls (`wp_late_auctions`): runs
    /// while the look ahead plays and `wp_late_lookahead` is above 0.
    LateAuctions = "late-auctions",
    /// The late look ahead's pool: runs while it plays rolls in some
    /// auction (both of the above), two or more (one roll's two bundles
    /// are a pool already).
    LateLookahead = "late-lookahead",
    /// Which read of the opponent's bids the bids by win probability
    /// make: runs while some bid is chosen by win probability.
    WinBids = "win-bids",
    /// The read's rules: runs while some bid is chosen by win probability
    /// and the read is on.
    Read = "read",
    /// The read's scaled rule: runs while `wp_read` is `scaled`.
    ReadScaled = "read-scaled",
}

impl Kind {
    /// `value` as the bot plays it: a real number as given; a count, a
    /// switch (0 or 1) or a choice (its index) as the whole number the bot
    /// always made of it, from the value as the bot holds it (f32).
    pub fn decode(self, value: f64) -> f64 {
        let v = value as f32;
        let whole = match self {
            Kind::Real => return value,
            Kind::Count(Rounding::Nearest) | Kind::Choice(_) => v.round(),
            Kind::Count(Rounding::Down) => v.floor(),
            Kind::Count(Rounding::Up) => v.ceil(),
            Kind::Switch => f32::from(u8::from(v >= 0.5)),
        };
        f64::from(whole)
    }
}

impl Gene {
    /// `value` as the bot plays it: a whole number, on/off, an option's
    /// name, or a real number to four or five significant digits.
    pub fn shown(&self, value: f64) -> String {
        let whole = self.kind.decode(value);
        match self.kind {
            Kind::Real if value.abs() >= 1000.0 => format!("{value:.0}"),
            Kind::Real if value.abs() >= 100.0 => format!("{value:.1}"),
            Kind::Real if value.abs() >= 10.0 => format!("{value:.2}"),
            Kind::Real => format!("{value:.3}"),
            Kind::Count(_) => format!("{whole}"),
            Kind::Switch if whole == 1.0 => "on".into(),
            Kind::Switch => "off".into(),
            Kind::Choice(names) => names[whole as usize].into(),
        }
    }
}
