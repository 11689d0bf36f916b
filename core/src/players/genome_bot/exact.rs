//! The exact rows the bot solves at play time (`Exact`, the `[think]`
//! settings `exact_rows` and `exact_after`): before a bid, the rows below
//! both players' states; after my put, the rows below my next state and
//! below the opponent's as its put by value leaves it. On them the roll's
//! gaps are valued as a player on the exact table values them (`gaps`), so
//! the read can predict such a player's bid to the point. A decision
//! solves at most `exact_rows` rows (the same rows on any machine) and none
//! once its guard (`guard_ms`) trips (a decision counted once, whether it
//! was solving or searching, and said).

use super::guard::Guard;
use crate::game::{Card, Holding, View};
use crate::genome::Think;
use crate::rules::CategorySet;
use crate::rules::tables::tables;
use crate::value::exact::ExactRows;
use crate::value::{BestMove, ValueTable};

/// The rows solved this game, and how many a decision may solve.
pub(super) struct Exact {
    think: Think,
    table: &'static ValueTable,
    /// The exact table, where rows are copied from it (the tuner's games).
    source: Option<&'static ValueTable>,
    rows: Option<ExactRows>,
}

impl Exact {
    pub(super) fn new(think: Think, table: &'static ValueTable) -> Exact {
        Exact {
            think,
            table,
            source: None,
            rows: None,
        }
    }

    /// Rows copied from `exact` instead of solved (see
    /// [`ExactRows::copying`]): the same moves, faster.
    pub(super) fn copying(&mut self, exact: &'static ValueTable) {
        self.source = Some(exact);
    }

    /// The roll's gaps (A minus B; mine, the opponent's) as a player on the
    /// exact table values them, when the rows below both states are
    /// solved (solving what this decision may first); None when the bot
    /// solves no rows, before `exact_after` puts, or in the first auction.
    pub(super) fn gaps(&mut self, view: &View, guard: Option<&Guard>) -> Option<(f32, f32)> {
        if !self.think.solves() {
            return None;
        }
        let at = view.auction()?;
        if at.is_first() {
            // A new game: the last game's rows would make this game's
            // moves depend on it.
            self.rows = Some(match self.source {
                Some(exact) => ExactRows::copying(self.table, exact),
                None => ExactRows::new(self.table),
            });
            return None;
        }
        let (a, b) = view.roll?.dice?;
        let states = [&view.me, &view.opp].map(|c| (c.used, c.upper));
        let ready = self.prepare(&states, guard?);
        let rows = self.rows.as_ref()?;
        let gap = |card: &Card| -> Option<f32> {
            let Holding::Five(carry) = card.holding else {
                return None;
            };
            let next = rows.next_rows(card.used, card.upper)?;
            let t = tables();
            let [va, vb] = [a, b].map(|bundle| next.best_put(t.add5(carry, bundle)).value);
            Some(va - vb)
        };
        ready.then(|| Some((gap(&view.me)?, gap(&view.opp)?)))?
    }

    /// After my put `mine`: solves what this decision may of the rows below
    /// my next state and the opponent's as its put by value leaves it (the
    /// next bid's rows, solved ahead).
    pub(super) fn after_put(&mut self, view: &View, mine: &BestMove, guard: Option<&Guard>) {
        let Some(guard) = guard.filter(|_| self.think.solves() && self.rows.is_some()) else {
            return;
        };
        let next = |card: &Card, m: &BestMove| {
            let mut card = card.clone();
            card.apply_put(m.category, &tables().faces5(m.put)).ok()?;
            Some((card.used, card.upper))
        };
        let mut states = vec![];
        states.extend(next(&view.me, mine));
        if let Holding::Ten(hand) = view.opp.holding {
            let theirs = self.table.best_put(view.opp.used, view.opp.upper, hand);
            states.extend(next(&view.opp, &theirs));
        }
        self.prepare(&states, guard);
    }

    /// Solves the rows below `states` (used, upper points) that have made
    /// `exact_after` puts or more, within this decision's rows and its
    /// guard (started when the decision began); whether every one is solved.
    fn prepare(&mut self, states: &[(CategorySet, i32)], guard: &Guard) -> bool {
        let Some(rows) = self.rows.as_mut() else {
            return false;
        };
        let mut late = || guard.late("solving exact rows");
        let mut allowed = self.think.exact_rows as usize;
        let mut ready = true;
        for &(used, upper) in states {
            ready &= used.len() >= self.think.exact_after
                && rows.prepare(used, upper, &mut allowed, &mut late).is_ok();
        }
        ready
    }
}

#[cfg(test)]
mod tests {
    use super::super::GenomeBot;
    use super::*;
    use crate::genome::{BID_BEST_RESPONSE, Genome};
    use crate::players::dp::DpBot;
    use crate::rules::AUCTIONS;
    use crate::testkit;
    use crate::value::Layout;
    use std::sync::OnceLock;

    /// The exact table with levels 3–9 rounded to 500 points, as the
    /// shipped table's are.
    fn rounded() -> &'static ValueTable {
        static T: OnceLock<ValueTable> = OnceLock::new();
        T.get_or_init(|| {
            let layout = Layout::new();
            let rows = layout.level(3).start..layout.level(9).end;
            let mut values = testkit::table().values().to_vec();
            for v in &mut values[rows.start * 252..rows.end * 252] {
                *v = (*v / 500.0).round() * 500.0;
            }
            ValueTable::from_values(layout, values).unwrap()
        })
    }

    fn solving(exact_rows: u32) -> GenomeBot {
        let mut g = Genome::default();
        g.genes[BID_BEST_RESPONSE] = 1.0;
        g.think = Think {
            exact_rows,
            exact_after: 3,
            guard_ms: 450,
            ..Think::OFF
        };
        // Copied rows are the rows solved (`value::exact`'s tests), and
        // never late.
        GenomeBot::new(&g, rounded()).copying_exact_rows(testkit::table())
    }

    #[test]
    fn solved_rows_predict_a_player_on_the_exact_table_to_the_point() {
        let mut bot = solving(100_000);
        let mut dp = DpBot::new(testkit::table());
        let (bids, _) = testkit::positions(&mut bot, &mut dp, 2);
        // The bids `dp` made in the last game's first eleven auctions.
        let actual = &bids.last().unwrap().opp_bids[..AUCTIONS - 1];
        let on_exact = &bot.opponent.signed_exact()[..AUCTIONS - 1];
        let on_rounded = &bot.opponent.signed()[..AUCTIONS - 1];
        // From the fifth auction (three puts made) every bid is predicted.
        assert!(on_exact[..4].iter().all(Option::is_none));
        for (k, (p, a)) in on_exact.iter().zip(actual).enumerate().skip(4) {
            assert_eq!(p.as_ref(), Some(a), "auction {}", k + 1);
        }
        let missed = on_rounded
            .iter()
            .zip(actual)
            .filter(|(p, a)| p.as_ref() != Some(a));
        assert!(missed.count() > 2, "the rounded table alone misses bids");
    }

    #[test]
    fn the_rows_a_decision_may_solve_bound_its_work_and_the_moves_stay_legal() {
        let mut few = solving(50);
        let mut dp = DpBot::new(testkit::table());
        // testkit's games panic on an illegal put.
        testkit::positions(&mut few, &mut dp, 1);
        let rows = few.exact.rows.as_ref().unwrap().solved();
        // At most 50 a decision: two in each of rounds 4 to 12 (bid, put).
        assert!(rows <= 50 * 2 * 9, "{rows} rows");
        assert!(few.opponent.signed_exact().iter().any(Option::is_some));
    }
}
