//! The tuner's view of the estimators (`tuner agree`): each P(win)
//! estimate of a put or a bid by the tables, by rollouts, or by a judge's
//! other rollouts (`Estimator`), asked of the genome bot's public parts
//! (its put's value and its win model). The tuner's only: the submission
//! plays by the genes and never compares estimators.

use crate::host::luck::by_rollouts::JUDGE_SALT;
use yacht_core::game::{Holding, View};
use yacht_core::players::genome_bot::GenomeBot;
use yacht_core::rules::Bid;
use yacht_core::value::BestMove;
use yacht_core::win::bid::Futures;

/// How P(win) is estimated, for checking the estimators against each
/// other (the bot's genes choose among them in play).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Estimator {
    /// The tables (`win::normal`, and `win::last_auction` in round 11 when
    /// `wp_last_exact` is on).
    Tables,
    /// This many rollouts on the position's seeded futures.
    Rollouts(u32),
    /// This many rollouts on other futures than `Rollouts`' (the
    /// position's seed salted): a judge of the other estimators' choices
    /// that does not share their noise.
    Judge(u32),
}

impl Estimator {
    /// The rollouts' count and the salt of their seed; None for the tables.
    fn rollouts(self) -> Option<(u32, u64)> {
        match self {
            Estimator::Tables => None,
            Estimator::Rollouts(n) => Some((n, 0)),
            Estimator::Judge(n) => Some((n, JUDGE_SALT)),
        }
    }
}

/// `bot`'s `WP_CANDIDATES` best puts from `view` (a put with ten dice in
/// hand, the opponent's hand known) and each one's P(win) against the
/// opponent's put by value, by `estimator`; None when there is no such put
/// or no estimate.
pub fn put_chances(
    bot: &GenomeBot,
    view: &View,
    estimator: Estimator,
) -> Option<Vec<(BestMove, f64)>> {
    let Holding::Ten(hand) = view.me.holding else {
        return None;
    };
    let (candidates, mine, opp) = bot.puts().candidates(view, hand)?;
    let chances = match estimator.rollouts() {
        None => bot.model().table_chances(&mine, opp)?,
        Some((n, salt)) => {
            let c = bot.model().rolled_out(view, &mine, opp, n, salt);
            c.points
                .iter()
                .map(|&p| f64::from(p) / f64::from(2 * n))
                .collect()
        }
    };
    Some(candidates.into_iter().zip(chances).collect())
}

/// The margins after this auction (when I receive A, when B) by
/// `estimator`, as `bot` sees them; None before round 2 or without an
/// estimate.
pub fn bid_futures(bot: &GenomeBot, view: &View, estimator: Estimator) -> Option<Futures> {
    let at = view.auction()?;
    if at.is_first() {
        return None;
    }
    let (a, b) = view.roll?.dice?;
    match estimator.rollouts() {
        None => bot
            .model()
            .normal_futures(view, (a, b), bot.model().lookahead(at)),
        Some((n, salt)) => bot.model().rolled_out_futures(view, (a, b), n, salt),
    }
}

/// Mean P(win) of each of `bids` against the opponent's bids `theirs`
/// (for a judge: the bid it made), the margins after this auction by
/// `estimator`, as `bot` sees them; None before round 2 or without an
/// estimate.
pub fn bid_chances(
    bot: &GenomeBot,
    view: &View,
    estimator: Estimator,
    bids: &[Bid],
    theirs: &[Bid],
) -> Option<Vec<f64>> {
    let futures = bid_futures(bot, view, estimator)?;
    Some(bids.iter().map(|&b| futures.expected(b, theirs)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::host::positions::positions;
    use crate::players::values::shipped_table;
    use yacht_core::genome::Genome;
    use yacht_core::players::dp::DpBot;

    #[test]
    fn the_judge_plays_other_futures_than_the_rollouts_each_seeded() {
        let table = shipped_table();
        let bot = GenomeBot::new(&Genome::default(), table);
        let dp = || Box::new(DpBot::new(table));
        let game = &positions(dp(), dp(), 1, 3)[0];
        // The same judge twice sees the same futures; the rollouts others.
        fn apart<T: PartialEq + std::fmt::Debug>(of: impl Fn(Estimator) -> T) {
            assert_eq!(of(Estimator::Judge(200)), of(Estimator::Judge(200)));
            assert_ne!(of(Estimator::Rollouts(200)), of(Estimator::Judge(200)));
        }
        let v = game.bids.iter().find(|v| v.rolls_seen == 6).unwrap();
        apart(|e| bid_futures(&bot, v, e).unwrap());
        let v = game.puts.iter().find(|v| v.rolls_seen == 6).unwrap();
        apart(|e| put_chances(&bot, v, e).unwrap());
    }
}
