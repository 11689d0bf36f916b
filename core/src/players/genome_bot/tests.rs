//! The genome bot by value: the default genome's moves are `dp`'s, and
//! each put and bid gene moves play as documented.

use super::read::OpponentRead;
use super::*;
use crate::game::Card;
use crate::genome::*;
use crate::players::dp::DpBot;
use crate::rules::tables::tables;
use crate::rules::{AUCTIONS, Bundle, CategorySet, score_dice};
use crate::testkit;

fn bot(genome: &Genome) -> GenomeBot {
    GenomeBot::new(genome, testkit::table())
}

fn with(gene: usize, value: f64) -> GenomeBot {
    let mut g = Genome::default();
    g.genes[gene] = value;
    bot(&g)
}

/// Views at every decision of a few seeded games of `dp` against the
/// outlook player (so that both sides' positions vary).
fn positions() -> (Vec<View>, Vec<View>) {
    let mut a = DpBot::new(testkit::table());
    let mut b = crate::value::outlook::OutlookBot::new();
    testkit::positions(&mut a, &mut b, 30)
}

fn total_bid(bot: &mut GenomeBot, views: &[View]) -> u64 {
    views.iter().map(|v| bot.bid(v).amount as u64).sum()
}

#[test]
fn the_default_genome_makes_dps_moves() {
    let (bids, puts) = positions();
    let mut genome = bot(&Genome::default());
    let mut dp = DpBot::new(testkit::table());
    for v in &bids {
        assert_eq!(genome.bid(v), dp.bid(v), "{v:?}");
    }
    for v in &puts {
        assert_eq!(genome.put(v), dp.put(v), "{v:?}");
    }
    assert_eq!(bids.len(), 30 * AUCTIONS);
    // Some bids are contested amounts, not all 0.
    assert!(total_bid(&mut genome, &bids) > 100_000);
}

#[test]
fn the_zero_bidder_read_bids_1_after_zeros_only_and_never_against_dp() {
    let mut read = with(BID_READ_ZERO, 2.0);
    let mut plain = bot(&Genome::default());
    // Against dp (its bids are not all 0): the same bids as without.
    let mut a = DpBot::new(testkit::table());
    let mut b = DpBot::new(testkit::table());
    let (against_dp, _) = testkit::positions(&mut a, &mut b, 30);
    for v in &against_dp {
        assert_eq!(read.bid(v), plain.bid(v), "{v:?}");
    }
    // Against a zero bidder, from its second zero on: 1, same bundle.
    let (bids, _) = positions();
    let mut zeros = 0;
    for v in bids.iter().filter(|v| v.roll.is_some()) {
        let mut v = v.clone();
        v.opp_bids = crate::game::BidLog::default();
        for k in 0..v.rolls_seen.saturating_sub(1) {
            let bundle = if k % 2 == 0 { Bundle::A } else { Bundle::B };
            v.opp_bids.push(Bid { bundle, amount: 0 });
        }
        let (mine, theirs) = (read.bid(&v), plain.bid(&v));
        assert_eq!(mine.bundle, theirs.bundle);
        if v.opp_bids.len() >= 2 {
            assert_eq!(mine.amount, 1);
            zeros += 1;
        } else {
            assert_eq!(mine, theirs);
        }
    }
    assert!(zeros > 100, "{zeros}");
}

#[test]
fn bid_genes_move_bids_as_documented() {
    let (bids, _) = positions();
    let sum = |gene, v| total_bid(&mut with(gene, v), &bids);
    assert!(sum(BID_SCALE, 1.5) > sum(BID_SCALE, 1.0));
    assert_eq!(sum(BID_SCALE, 0.0), 0);
    assert!(sum(BID_OFFSET, 2000.0) > sum(BID_OFFSET, 0.0));
    assert!(sum(BID_CAP, 2000.0) < sum(BID_CAP, 100000.0));
    assert!(sum(BID_FOLLOW, 1.5) > sum(BID_FOLLOW, 0.0));
    let mut capped = with(BID_CAP, 1500.0);
    assert!(bids.iter().all(|v| capped.decide_bid(v).amount <= 1500));
    // The adaptive cap: a tight margin over the opponent's bids bids less.
    let mut g = Genome::default();
    g.genes[BID_ADAPT_MULT] = 1.0;
    g.genes[BID_ADAPT_MARGIN] = 0.0;
    assert!(total_bid(&mut bot(&g), &bids) < sum(BID_ADAPT_MARGIN, 100000.0));
}

#[test]
fn best_response_predicts_dps_bids_exactly_and_bids_just_over_or_under_them() {
    let mut br = with(BID_BEST_RESPONSE, 1.0);
    let mut dp = DpBot::new(testkit::table());
    let mut responses = 0;
    for game in 0..6 {
        // Games 0..=game (testkit seeds by game index); the bot holds
        // the predictions of the last one, whose views are the last
        // AUCTIONS bids.
        let (bids, _) = testkit::positions(&mut br, &mut dp, game + 1);
        let this_game = &bids[bids.len() - AUCTIONS..];
        let last = this_game.last().unwrap();
        // Every prediction of this game's first eleven auctions is the
        // bid dp made.
        for (i, actual) in last.opp_bids.iter().enumerate() {
            assert_eq!(
                br.opponent.signed()[i],
                Some(*actual),
                "game {game}, auction {}",
                i + 1
            );
        }
        // Once trusted, a bid is one over or one under dp's.
        for v in this_game.iter().filter(|v| v.rolls_seen >= 4) {
            let before = br.opponent.clone();
            let bid = br.decide_bid(v);
            let p = br.opponent.signed()[v.rolls_seen - 1].unwrap();
            br.opponent = before;
            let trust = br.opponent.trust(&v.opp_bids);
            assert!(trust.is_none_or(|t| t == 1.0), "{trust:?}");
            if p.amount >= 2 && trust.is_some() {
                assert_eq!(bid.bundle, p.bundle);
                assert!(bid.amount + 1 == p.amount || bid.amount == p.amount + 1);
                responses += 1;
            }
        }
    }
    assert!(responses > 20, "{responses}");
    // Off by default: nothing is predicted.
    let mut plain = bot(&Genome::default());
    let (bids, _) = testkit::positions(&mut plain, &mut dp, 1);
    assert!(!bids.is_empty() && plain.opponent == OpponentRead::default());
}

#[test]
fn trust_needs_two_checked_bids_and_is_the_least_ratio() {
    let mut br = with(BID_BEST_RESPONSE, 1.0);
    let mut dp = DpBot::new(testkit::table());
    let (bids, _) = testkit::positions(&mut br, &mut dp, 1);
    let trust = |br: &GenomeBot, v: &View| br.opponent.trust(&v.opp_bids);
    assert!(bids.iter().take(2).all(|v| trust(&br, v).is_none()));
    assert_eq!(trust(&br, bids.last().unwrap()), Some(1.0));
    // Against the outlook player, whose bids are not dp's: less.
    let mut other = crate::value::outlook::OutlookBot::new();
    let (bids, _) = testkit::positions(&mut br, &mut other, 1);
    let least = trust(&br, bids.last().unwrap());
    assert!(least.is_some_and(|t| t < 1.0), "{least:?}");
    // By hand: predicted 4000 on A, then 2000 on B; the opponent bid
    // 3000 on A (0.75), then 2000 on A (the other bundle: 0).
    let mut v = bids[0].clone();
    v.opp_bids = Default::default();
    let bid = |bundle, amount| Bid { bundle, amount };
    let mut predicted = [None; AUCTIONS];
    predicted[0] = Some(bid(Bundle::A, 4000));
    predicted[1] = Some(bid(Bundle::B, 2000));
    let read = |p| OpponentRead::with_signed(p);
    v.opp_bids.push(bid(Bundle::A, 3000));
    assert_eq!(read(predicted).trust(&v.opp_bids), None);
    v.opp_bids.push(bid(Bundle::A, 2000));
    assert_eq!(read(predicted).trust(&v.opp_bids), Some(0.0));
    predicted[1] = Some(bid(Bundle::A, 2000));
    assert_eq!(read(predicted).trust(&v.opp_bids), Some(0.75));
    // Predictions under 1000 points are not checked.
    predicted[1] = Some(bid(Bundle::A, 999));
    assert_eq!(read(predicted).trust(&v.opp_bids), None);
}

#[test]
fn category_priority_makes_the_bot_use_that_category_sooner() {
    let (_, puts) = positions();
    let count =
        |bot: &mut GenomeBot, c: Category| puts.iter().filter(|v| bot.put(v).category == c).count();
    for c in [Category::Choice, Category::Yacht, Category::Two] {
        let lo = count(&mut with(PRIO + c.index(), -10.0), c);
        let hi = count(&mut with(PRIO + c.index(), 10.0), c);
        assert!(hi > lo, "{c:?}: {lo} -> {hi}");
    }
}

#[test]
fn zero_penalty_avoids_dumping() {
    let (_, puts) = positions();
    let zeros = |bot: &mut GenomeBot| {
        puts.iter()
            .filter(|v| {
                let p = bot.put(v);
                score_dice(p.category, &p.dice) == 0
            })
            .count()
    };
    assert!(zeros(&mut with(ZERO_PENALTY, 15.0)) < zeros(&mut with(ZERO_PENALTY, 0.0)));
}

#[test]
fn value_genes_change_a_puts_value_by_their_terms() {
    let t = tables();
    let card = Card::default();
    let hand = t.add5(
        t.dice5(&[6, 6, 6, 6, 1]).unwrap(),
        t.dice5(&[1, 2, 3, 4, 5]).unwrap(),
    );
    let exact = bot(&Genome::default()).puts.best_put(&card, hand);
    assert_eq!(
        exact,
        testkit::table().best_put(card.used, card.upper, hand)
    );
    // A priority adds its thousands to every put into its category, so
    // the same put stays best, 2000 higher.
    let prio = with(PRIO + exact.category.index(), 2.0)
        .puts
        .best_put(&card, hand);
    assert_eq!((prio.category, prio.put), (exact.category, exact.put));
    assert!((prio.value - exact.value - 2000.0).abs() < 0.1);
    // Without V, a put is worth its points now: the best is LARGE_STRAIGHT.
    let now = with(FUTURE_WEIGHT, 0.0).puts.best_put(&card, hand);
    assert_eq!(
        (now.category, now.value),
        (Category::LargeStraight, 30000.0)
    );
    // Four sixes are 6000 above the pace of three: upper_weight 1 adds
    // it while the card is within bonus_chase (10 000) of the pace.
    let pulled = with(UPPER_WEIGHT, 1.0);
    assert_eq!(
        pulled.puts.adjustment(Some(0), Category::Six, 24000),
        6000.0
    );
    assert_eq!(
        pulled.puts.adjustment(Some(-9000), Category::Six, 18000),
        0.0
    );
    assert_eq!(
        pulled.puts.adjustment(Some(-17000), Category::Six, 24000),
        0.0
    );
    assert_eq!(pulled.puts.adjustment(None, Category::Six, 24000), 0.0);
    assert_eq!(
        pulled.puts.adjustment(Some(0), Category::Choice, 24000),
        0.0
    );
    assert_eq!(
        with(ZERO_PENALTY, 3.0)
            .puts
            .adjustment(None, Category::Yacht, 0),
        -3000.0
    );
}

#[test]
fn the_last_two_categories_are_valued_exactly() {
    // CHOICE and YACHT open, hand 66666 + 12345: YACHT now (50000) then
    // CHOICE from the carry 12345 (15000), or CHOICE 12345 now and YACHT
    // from the carry 66666: both are worth exactly 65000; anything else
    // (e.g. CHOICE 66666 now, 30000 + 0) less.
    let t = tables();
    let card = Card {
        used: [Category::Choice, Category::Yacht]
            .into_iter()
            .collect::<CategorySet>()
            .complement(),
        upper: 70000,
        ..Card::default()
    };
    let h = t.add5(
        t.dice5(&[6; 5]).unwrap(),
        t.dice5(&[1, 2, 3, 4, 5]).unwrap(),
    );
    let best = bot(&Genome::default()).puts.best_put(&card, h);
    assert_eq!(best.value, 65000.0);
    let chosen = (best.category, t.faces5(best.put));
    assert!(
        chosen == (Category::Yacht, [6; 5]) || chosen == (Category::Choice, [1, 2, 3, 4, 5]),
        "{chosen:?}"
    );
}
