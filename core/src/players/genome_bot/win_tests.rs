//! The genome bot by win probability: its puts, its futures (the tables,
//! the look ahead, rollouts, the judge) and the read of the opponent's
//! bids.

use super::puts;
use super::puts::WP_CANDIDATES;
use super::read::{Fit, read_by, signed};
use super::*;
use crate::game::{BidLog, Put, Strategy};
use crate::genome::*;
use crate::players::dp::DpBot;
use crate::rules::{AUCTIONS, Bundle};
use crate::testkit;
use crate::value::equilibrium::BidRule;
use crate::win::rollout;
use crate::win::side::Side;

fn bot(genome: &Genome) -> GenomeBot {
    GenomeBot::new(genome, testkit::table())
}

/// The test table's skewness rows, which the tables' model reads.
pub(super) fn with_skews() {
    let threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    crate::value::spread::skews_of(testkit::table(), threads);
}

/// The bid and put views of `games` seeded games of `dp` against `dp`.
fn dp_positions(games: u64) -> (Vec<View>, Vec<View>) {
    let mut a = DpBot::new(testkit::table());
    let mut b = DpBot::new(testkit::table());
    testkit::positions(&mut a, &mut b, games)
}

/// The views `wp` bid from in the last of `games` seeded games against
/// `opponent` (it then holds that game's predictions), and the
/// opponent's bids in that game.
fn last_game(wp: &mut GenomeBot, opponent: &mut dyn Strategy, games: u64) -> (Vec<View>, BidLog) {
    let (bids, _) = testkit::positions(wp, opponent, games);
    let game = bids[bids.len() - AUCTIONS..].to_vec();
    let actual = game.last().unwrap().opp_bids;
    (game, actual)
}

/// `look` at `wp` just after it bid at `view` (given that bid); its
/// predictions are then put back as they were.
fn at_bid<T>(wp: &mut GenomeBot, view: &View, look: impl FnOnce(&GenomeBot, Bid) -> T) -> T {
    let before = wp.opponent.clone();
    let bid = wp.decide_bid(view);
    let seen = look(wp, bid);
    wp.opponent = before;
    seen
}

/// The margins after the auction at `v` by `bot`'s tables (its look
/// ahead in its auctions), as its bid by win probability weighs them.
fn table_futures(bot: &GenomeBot, v: &View) -> crate::win::bid::Futures {
    let at = v.auction().unwrap();
    let roll = v.roll.unwrap().dice.unwrap();
    let model = bot.model();
    model.normal_futures(v, roll, model.lookahead(at)).unwrap()
}

/// The opponent's bid at `view` as `wp` reads it.
pub(super) fn read_at(wp: &GenomeBot, view: &View) -> Option<Vec<Bid>> {
    wp.opponent
        .read(view.auction()?, &view.opp_bids, wp.model.genes())
}

/// A move a player made.
#[derive(Debug, PartialEq)]
enum Move {
    Bid(Bid),
    Put(Put),
}

/// A strategy that keeps every move it makes.
struct Recorded<S> {
    player: S,
    moves: Vec<Move>,
}

impl<S: Strategy> Strategy for Recorded<S> {
    fn bid(&mut self, view: &View) -> Bid {
        let bid = self.player.bid(view);
        self.moves.push(Move::Bid(bid));
        bid
    }

    fn put(&mut self, view: &View) -> Put {
        let put = self.player.put(view);
        self.moves.push(Move::Put(put));
        put
    }
}

/// `dp` with the amounts of its bids times a factor.
struct ScaledDp(DpBot, f64);

impl Strategy for ScaledDp {
    fn bid(&mut self, view: &View) -> Bid {
        let bid = self.0.bid(view);
        let amount = (f64::from(bid.amount) * self.1).round() as u32;
        Bid { amount, ..bid }
    }

    fn put(&mut self, view: &View) -> Put {
        self.0.put(view)
    }
}

#[test]
fn a_scaled_or_zero_bidder_is_read_to_a_point_or_two_by_the_scaled_rule() {
    let mut g = Genome::default();
    g.genes[WP_BID_AUCTIONS] = 3.0;
    g.genes[WP_ROLLOUTS] = 50.0;
    g.genes[WP_READ] = 2.0;
    let mut wp = bot(&g);
    let fit = Fit {
        tolerance: f64::from(wp.model.genes().read_tolerance),
        seen: 0,
        scale: 1.0,
    };
    for (scale, most_off) in [(0.8, 3), (1.2, 3), (0.0, 0)] {
        let mut scaled = ScaledDp(DpBot::new(testkit::table()), scale);
        let (game, actual) = last_game(&mut wp, &mut scaled, 3);
        let mut read = 0;
        for v in &game[..AUCTIONS - 1] {
            let k = v.rolls_seen;
            // Once the signed rule failed, a read is the scaled rule's
            // (from two predictions of SCALED_FROM or more).
            let theirs = at_bid(&mut wp, v, |wp, _| {
                let signed_fails = read_by(wp.opponent.signed(), &v.opp_bids, k - 1, fit).is_none();
                read_at(wp, v).filter(|_| signed_fails)
            });
            if let Some(theirs) = theirs {
                let off = theirs
                    .iter()
                    .map(|t| (signed(t) - signed(&actual[k - 1])).abs());
                assert!(off.max().unwrap() <= most_off, "{scale}: auction {k}");
                read += 1;
            }
        }
        assert!(read >= 6, "{scale}: {read}");
    }
}

/// Every move the genome bot made in `games` seeded games against
/// `dp` playing `rule`.
fn moves_against(genome: &Genome, rule: BidRule, games: u64) -> Vec<Move> {
    let mut me = Recorded {
        player: bot(genome),
        moves: vec![],
    };
    let mut opponent = DpBot::with_rule(testkit::table(), rule);
    testkit::positions(&mut me, &mut opponent, games);
    me.moves
}

#[test]
fn against_a_signed_player_the_read_changes_no_move() {
    // The champion's mechanisms, in every auction from round 2.
    let mut g = Genome::default();
    g.genes[WP_BID_AUCTIONS] = 11.0;
    g.genes[WP_PUT_AUCTIONS] = 2.0;
    g.genes[WP_ROLLOUTS] = 50.0;
    let mut unread = g.clone();
    unread.genes[WP_READ] = 0.0;
    assert_eq!(g.genes[WP_READ], 1.0, "on by default");
    let signed = moves_against(&g, BidRule::Signed, 4);
    assert_eq!(signed.len(), 4 * (AUCTIONS + AUCTIONS));
    assert_eq!(signed, moves_against(&unread, BidRule::Signed, 4));
    // It is live: an own-bundle player is bid against differently.
    let own = moves_against(&g, BidRule::OwnBundle, 4);
    assert_ne!(own, moves_against(&unread, BidRule::OwnBundle, 4));
}

#[test]
fn win_probability_puts_are_seeded_by_the_position_and_switch_on_a_measured_edge() {
    let mut g = Genome::default();
    g.genes[WP_PUT_AUCTIONS] = 2.0;
    g.genes[WP_ROLLOUTS] = 300.0;
    let wp = bot(&g);
    let mut plain = bot(&Genome::default());
    let (_, puts) = dp_positions(80);
    let mut switched = vec![];
    for v in &puts {
        let Holding::Ten(hand) = v.me.holding else {
            continue;
        };
        let chosen = puts::put_for_the_win(&wp.puts, &wp.model, v, hand);
        if !(10..=11).contains(&v.rolls_seen) {
            // Outside the last two puts before an auction: the value's put.
            assert_eq!(chosen, None, "round {}", v.rolls_seen);
            assert_eq!(bot(&g).put(v), plain.put(v));
            continue;
        }
        let chosen = chosen.unwrap();
        assert_eq!(
            puts::put_for_the_win(&wp.puts, &wp.model, v, hand),
            Some(chosen),
            "seeded by the position"
        );
        let ranked = wp
            .puts
            .values()
            .next_rows(v.me.used, v.me.upper)
            .ranked_puts(hand, WP_CANDIDATES);
        assert!(ranked.contains(&chosen));
        if chosen != ranked[0] {
            switched.push((v, ranked[0], chosen));
        }
    }
    assert!(switched.len() >= 3, "{}", switched.len());
    // On fresh futures (another seed, more of them) the puts it chose
    // win more than the value's puts would have.
    let mut edge = 0.0;
    for (v, best, chosen) in &switched {
        let Holding::Ten(theirs) = v.opp.holding else {
            unreachable!()
        };
        let opp_put = wp.puts.values().best_put(v.opp.used, v.opp.upper, theirs);
        let opp = Side::after(&v.opp, &opp_put).unwrap();
        let sides = [best, chosen].map(|m| Side::after(&v.me, m).unwrap());
        let c = rollout::compare(wp.puts.values(), &sides, opp, v.rolls_seen, 3000, 0xC0FFEE);
        edge += c.edge(1).0;
    }
    assert!(edge > 0.0, "{edge} over {} switched puts", switched.len());
}

#[test]
fn round_10s_look_ahead_settles_its_leaves_exactly_only_when_asked() {
    with_skews();
    let mut g = Genome::default();
    g.genes[WP_FAST] = 1.0;
    g.genes[WP_LAST_EXACT] = 1.0;
    g.genes[WP_LOOKAHEAD] = 4.0;
    let normal = bot(&g);
    g.genes[WP_LOOKAHEAD_EXACT] = 1.0;
    let exact = bot(&g);
    let (bids, _) = dp_positions(3);
    let mut tenths = 0;
    for v in bids.iter().filter(|v| v.rolls_seen >= 2) {
        let futures = |bot: &GenomeBot| table_futures(bot, v);
        let (by_exact, by_normal) = (futures(&exact), futures(&normal));
        // Only round 10's look ahead ends after round 11's puts.
        assert_eq!(
            by_exact == by_normal,
            v.rolls_seen != 10,
            "round {}",
            v.rolls_seen
        );
        if v.rolls_seen == 10 {
            tenths += 1;
            let [a, b] =
                [Bundle::A, Bundle::B].map(|g| (by_exact.p_win(g, 0), by_normal.p_win(g, 0)));
            // The same futures, modelled two ways: close, not equal.
            for (exact, normal) in [a, b] {
                assert!((exact - normal).abs() < 0.15, "{exact} {normal}");
            }
        }
    }
    assert_eq!(tenths, 3, "round 10's bid of 3 games");
}

#[test]
fn the_look_ahead_is_seeded_by_the_position_and_plays_only_in_its_auctions() {
    with_skews();
    let mut g = Genome::default();
    g.genes[WP_FAST] = 1.0;
    g.genes[WP_SKEW] = 1.0;
    g.genes[WP_LAST_EXACT] = 0.0;
    let plain = bot(&g);
    g.genes[WP_LOOKAHEAD] = 4.0;
    let ahead = bot(&g);
    g.genes[WP_LOOKAHEAD_AUCTIONS] = 5.0;
    let late = bot(&g);
    let (bids, _) = dp_positions(1);
    for v in bids.iter().filter(|v| v.rolls_seen >= 2) {
        let futures = |bot: &GenomeBot| table_futures(bot, v);
        let seen = futures(&ahead);
        assert_eq!(seen, futures(&ahead), "round {}", v.rolls_seen);
        // After the last auction nothing is left to play: the tables'.
        let last = v.rolls_seen == AUCTIONS;
        assert_eq!(seen == futures(&plain), last, "round {}", v.rolls_seen);
        // The last 5 auctions are rounds 8 to 12: before them, the
        // tables at once; in them, the same look ahead.
        let early = v.rolls_seen < 8;
        let by_late = futures(&late);
        assert_eq!(
            by_late == futures(&plain),
            early || last,
            "round {}",
            v.rolls_seen
        );
        assert_eq!(by_late == seen, !early, "round {}", v.rolls_seen);
    }
}

#[test]
fn a_pooled_look_ahead_searches_two_hands_a_bundle_and_a_pool_of_fresh_size_is_fresh() {
    with_skews();
    let mut g = Genome::default();
    g.genes[WP_FAST] = 1.0;
    g.genes[WP_LAST_EXACT] = 0.0;
    g.genes[WP_LOOKAHEAD] = 8.0;
    let fresh = bot(&g);
    g.genes[WP_LOOKAHEAD_POOL] = 16.0;
    let as_big = bot(&g);
    g.genes[WP_LOOKAHEAD_POOL] = 7.0;
    let pooled = bot(&g);
    let (bids, _) = dp_positions(1);
    let mut differed = 0;
    for v in bids
        .iter()
        .filter(|v| (2..AUCTIONS).contains(&v.rolls_seen))
    {
        let futures = |bot: &GenomeBot| {
            let before = crate::value::searches();
            let f = table_futures(bot, v);
            (f, crate::value::searches() - before)
        };
        // Its leaves, pool or not: 2 awards × 8 rolls × 2 coins; the
        // work counts a search as 4, a leaf as 1.
        for b in [&fresh, &pooled] {
            let (leaves, work) = (crate::value::leaves(), crate::value::work());
            let (_, searched) = futures(b);
            let leaves = crate::value::leaves() - leaves;
            assert_eq!(leaves, 2 * 8 * 2, "round {}", v.rolls_seen);
            assert_eq!(crate::value::work() - work, 4 * searched + leaves);
        }
        let (seen, searched) = futures(&fresh);
        assert_eq!(
            (seen.clone(), searched),
            futures(&as_big),
            "round {}",
            v.rolls_seen
        );
        // The hands after this auction (2 awards × 2 sides), then per
        // award 8 rolls × 4 fresh, or 6 bundles (7 rounded down) × 2.
        assert_eq!(searched, 4 + 2 * 8 * 4, "round {}", v.rolls_seen);
        let (by_pool, pool_searched) = futures(&pooled);
        assert_eq!(pool_searched, 4 + 2 * 6 * 2, "round {}", v.rolls_seen);
        assert_eq!(
            by_pool,
            futures(&pooled).0,
            "round {}: seeded",
            v.rolls_seen
        );
        differed += usize::from(by_pool != seen);
    }
    assert!(differed > 0, "the pool plays other rolls");
}

#[test]
fn the_late_look_ahead_plays_its_rolls_only_in_the_last_auctions() {
    with_skews();
    let mut g = Genome::default();
    g.genes[WP_FAST] = 1.0;
    g.genes[WP_LAST_EXACT] = 0.0;
    g.genes[WP_LOOKAHEAD] = 4.0;
    let plain = bot(&g);
    g.genes[WP_LATE_LOOKAHEAD] = 12.0;
    g.genes[WP_LATE_AUCTIONS] = 4.0;
    let late = bot(&g);
    // 2 + (1 − 0.6) × 22 = 10.8: a pool of 10 bundles.
    g.genes[WP_LATE_POOL] = 0.6;
    let pooled = bot(&g);
    let (bids, _) = dp_positions(1);
    for v in bids.iter().filter(|v| v.rolls_seen >= 2) {
        let futures = |bot: &GenomeBot| {
            let before = crate::value::searches();
            let f = table_futures(bot, v);
            (f, crate::value::searches() - before)
        };
        let ((seen, searched), (by_late, late_searched)) = (futures(&plain), futures(&late));
        let round = v.rolls_seen;
        // The last 4 auctions are rounds 9 to 12; round 12's looks
        // nowhere ahead. The hands after this auction (2 awards × 2
        // sides), then per award its rolls × 4 fresh, or a pool × 2.
        let (rolls, late_rolls) = match round {
            AUCTIONS => (0, 0),
            9.. => (4, 12),
            _ => (4, 4),
        };
        let searches = |rolls: u64, pool: u64| 4 + 2 * if pool > 0 { pool * 2 } else { rolls * 4 };
        assert_eq!(searched, searches(rolls, 0), "round {round}");
        assert_eq!(late_searched, searches(late_rolls, 0), "round {round}");
        assert_eq!(by_late == seen, late_rolls == rolls, "round {round}");
        let (by_pool, pool_searched) = futures(&pooled);
        if late_rolls == 12 {
            assert_eq!(pool_searched, searches(12, 10), "round {round}");
            assert_ne!(by_pool, by_late, "round {round}: other rolls");
        } else {
            let same = (by_late, late_searched);
            assert_eq!((by_pool, pool_searched), same, "round {round}");
        }
    }
}

#[test]
fn the_edge_moves_the_tables_margin_by_its_points_for_each_auction_left() {
    with_skews();
    let mut g = Genome::default();
    g.genes[WP_FAST] = 1.0;
    let plain = bot(&g);
    g.genes[WP_EDGE] = 1.5;
    let edged = bot(&g);
    let (bids, _) = dp_positions(1);
    let mut seen = 0;
    for v in bids.iter().filter(|v| v.rolls_seen >= 2) {
        let (a, b) = v.roll.unwrap().dice.unwrap();
        let me = Side::after_bundle(testkit::table(), &v.me, a).unwrap();
        let opp = Side::after_bundle(testkit::table(), &v.opp, b).unwrap();
        let (m0, m1) = (
            plain.model.table_margin(me, opp).unwrap(),
            edged.model.table_margin(me, opp).unwrap(),
        );
        // After auction r's put, auctions r + 1 … 12 are still to come.
        let left = (AUCTIONS - v.rolls_seen) as f64;
        assert!(
            (m1.mean - m0.mean - 1500.0 * left).abs() < 1e-6,
            "auction {}",
            v.rolls_seen
        );
        assert_eq!((m1.sd, m1.skew), (m0.sd, m0.skew));
        seen += 1;
    }
    assert_eq!(seen, AUCTIONS - 1);
}

#[test]
fn the_read_predicts_signed_and_own_bundle_bids_exactly_and_drops_a_contradicted_read() {
    let mut g = Genome::default();
    g.genes[WP_BID_AUCTIONS] = 3.0;
    g.genes[WP_ROLLOUTS] = 100.0;
    let mut wp = bot(&g);
    let mut plain = bot(&Genome::default());
    let mut dp = DpBot::new(testkit::table());
    let (game, actual) = last_game(&mut wp, &mut dp, 2);
    let mut read = 0;
    for v in &game {
        let k = v.rolls_seen;
        let (bid, theirs) = at_bid(&mut wp, v, |wp, bid| (bid, read_at(wp, v)));
        // From the first auction on, every read bid is dp's own.
        let theirs = theirs.expect("a signed player is read");
        if k <= actual.len() {
            assert!(theirs.iter().all(|t| *t == actual[k - 1]), "auction {k}");
            read += 1;
        }
        // Outside the last three auctions, the value's bid.
        if k < AUCTIONS - 2 {
            assert_eq!(bid, plain.decide_bid(v), "auction {k}");
        }
    }
    assert_eq!(read, AUCTIONS - 1);
    // An own-bundle player is read by its rule, to the point (the
    // signed rule reads it until one of its bids is off by more than
    // the tolerance).
    let mut own = DpBot::with_rule(testkit::table(), BidRule::OwnBundle);
    let (game, actual) = last_game(&mut wp, &mut own, 3);
    let exact = Fit {
        tolerance: 0.0,
        seen: 2,
        scale: 1.0,
    };
    let mut read = 0;
    for v in &game[..AUCTIONS - 1] {
        let k = v.rolls_seen;
        let (by_own, any) = at_bid(&mut wp, v, |wp, _| {
            let by_own = read_by(wp.opponent.own(), &v.opp_bids, k - 1, exact);
            (by_own, read_at(wp, v).is_some())
        });
        if let Some(theirs) = by_own {
            assert!(theirs.iter().all(|t| *t == actual[k - 1]), "auction {k}");
            assert!(any);
            read += 1;
        }
    }
    assert_eq!(read, AUCTIONS - 3);
    // The outlook player's bids are not the equilibrium's: no read.
    let mut other = crate::value::outlook::OutlookBot::new();
    let (bids, _) = testkit::positions(&mut wp, &mut other, 1);
    assert_eq!(read_at(&wp, bids.last().unwrap()), None);
}

/// The champion's way of playing for the win (tables, the read) with
/// thinking as `think`.
pub(super) fn thinking(think: Think) -> GenomeBot {
    let mut g = Genome::default();
    g.genes[WP_PUT_AUCTIONS] = 11.0;
    g.genes[WP_BID_AUCTIONS] = 11.0;
    g.genes[WP_FAST] = 1.0;
    g.think = think;
    bot(&g)
}

pub(super) const THINK: Think = Think {
    futures: 24,
    depth: 2,
    candidates: 4,
    gain: 0.0,
    guard_ms: 400,
    exact_rows: 0,
    exact_after: 3,
    exact_tolerance: 1.0,
    exact_scaled: 0.0,
    unread_within: Think::UNREAD_ANY,
};

#[test]
fn a_bot_whose_guard_trips_at_once_still_plays_legal_games() {
    with_skews();
    let before = guard::guard_trips();
    let mut hasty = thinking(Think {
        guard_ms: 0,
        exact_rows: 5000,
        ..THINK
    });
    let mut dp = DpBot::new(testkit::table());
    // testkit's games panic on an illegal put; every bid is a legal one.
    let (bids, puts) = testkit::positions(&mut hasty, &mut dp, 3);
    assert_eq!((bids.len(), puts.len()), (3 * AUCTIONS, 3 * AUCTIONS));
    assert!(guard::guard_trips() > before, "the guard tripped");
}

#[test]
fn thinking_moves_only_on_a_clear_gain_and_the_same_on_every_call() {
    with_skews();
    let (bids, puts) = dp_positions(4);
    let mut plain = thinking(Think::OFF);
    let mut sure = thinking(Think {
        gain: 50.0,
        ..THINK
    });
    let mut eager = thinking(THINK);
    let mut again = thinking(THINK);
    let mut changed = 0;
    for v in &puts {
        let tuned = plain.put(v);
        assert_eq!(sure.put(v), tuned, "no put gains 50 points: {v:?}");
        let thought = eager.put(v);
        assert_eq!(again.put(v), thought, "one position, one move");
        changed += usize::from(thought != tuned);
    }
    for v in &bids {
        let tuned = plain.bid(v);
        assert_eq!(sure.bid(v), tuned, "no bid gains 50 points: {v:?}");
        let thought = eager.bid(v);
        assert_eq!(again.bid(v), thought, "one position, one move");
        changed += usize::from(thought != tuned);
    }
    assert!(changed > 0, "thinking changed no move of {} games", 4);
}
