//! A position the leaf is fitted to: two sides between rounds as the
//! tables see them (the margin's mean, variance and third moment), the
//! P(win) today's leaf gives it, and how the game ended for the first side.

use crate::host::positions::GameViews;
use yacht_core::game::View;
use yacht_core::players::genome_bot::GenomeBot;
use yacht_core::value::ValueTable;
use yacht_core::win::normal::{Gap, Outlook, Shape};
use yacht_core::win::side::Side;

/// Two sides between rounds (five dice held each) before auction
/// `auction` (2–12), from the player's seat.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Position {
    /// The game's number among all the games collected (the held-out split
    /// is by game).
    pub game: u64,
    /// The auction about to be played: 2 to 12 (13 − `auction` follow,
    /// this one included).
    pub auction: usize,
    /// The categories I have used (the bot's edge counts the auctions
    /// after the next put: `AUCTIONS` − this − 1).
    pub used: usize,
    /// The tables' final margin by its moments: my total and V less the
    /// opponent's, the variances' sum, my third moment less theirs.
    pub gap: Gap,
    /// P(win) by today's leaf: the genome's normal model (its
    /// `wp_spread_factor`, `wp_skew`, `wp_edge`), the last auction exactly
    /// when its `wp_last_exact` is on.
    pub today: f64,
    /// How the game ended for me: 1, ½ or 0.
    pub outcome: f64,
    /// My side and the opponent's.
    pub sides: [Side; 2],
}

impl Position {
    /// The position of a bid view between rounds; None in round 1 or
    /// when the tables have no spread for a side.
    pub fn of(
        view: &View,
        game: u64,
        outcome: f64,
        bot: &GenomeBot,
        values: &ValueTable,
    ) -> Option<Position> {
        let (me, opp) = (Side::between(&view.me)?, Side::between(&view.opp)?);
        let (mine, theirs) = (Outlook::of(values, &me)?, Outlook::of(values, &opp)?);
        let today = bot.model().table_chances(&[me], opp)?[0];
        Some(Position {
            game,
            auction: view.rolls_seen,
            used: me.used.len() as usize,
            gap: Gap::between(mine, theirs),
            today,
            outcome,
            sides: [me, opp],
        })
    }

    /// P(win) of this position by a leaf of `shape`, as the bot computes
    /// it (`Shape::margin`).
    pub fn p_win(&self, shape: &Shape) -> f64 {
        shape.margin(self.gap).p_win(0.0)
    }

    /// The positions of one game's bid views.
    pub fn of_game(
        views: &GameViews,
        game: u64,
        bot: &GenomeBot,
        values: &ValueTable,
    ) -> Vec<Position> {
        let outcome = views.outcome.points();
        views
            .bids
            .iter()
            .filter_map(|v| Position::of(v, game, outcome, bot, values))
            .collect()
    }
}
