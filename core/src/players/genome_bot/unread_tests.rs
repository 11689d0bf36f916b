//! Thinking's bids against an opponent no read rule follows
//! (`unread_within`): they search only while its bids were near `dp`'s.

use super::read::OpponentRead;
use super::win_tests::{THINK, read_at, thinking, with_skews};
use crate::game::{Put, Strategy, View};
use crate::genome::Think;
use crate::players::dp::DpBot;
use crate::rules::{AUCTIONS, Bid, Bundle};
use crate::testkit;

/// `dp` bidding `more` (a share) more plus `plus` points and `drift` more
/// each auction.
struct Shifted {
    dp: DpBot,
    more: f64,
    plus: u32,
    drift: u32,
}

impl Shifted {
    fn new(more: f64, plus: u32, drift: u32) -> Shifted {
        Shifted {
            dp: DpBot::new(testkit::table()),
            more,
            plus,
            drift,
        }
    }
}

impl Strategy for Shifted {
    fn bid(&mut self, view: &View) -> Bid {
        let b = self.dp.bid(view);
        let k = view.auction().map_or(0, |a| a.index()) as u32;
        let amount = (f64::from(b.amount) * (1.0 + self.more)).round() as u32;
        Bid {
            amount: (amount + self.plus + self.drift * k).min(crate::rules::MAX_BID),
            ..b
        }
    }
    fn put(&mut self, view: &View) -> Put {
        self.dp.put(view)
    }
}

/// How many of the bids at `views` (a game's views, in order) each of
/// `shares` changes from the tuned one, searching against the bidder whose
/// bids the views hold; every view past the first auction unread.
fn changed(views: &[View], shares: &[f64]) -> Vec<usize> {
    let mut plain = thinking(Think::OFF);
    let mut bots: Vec<_> = shares
        .iter()
        .map(|&unread_within| {
            thinking(Think {
                unread_within,
                ..THINK
            })
        })
        .collect();
    let mut changed = vec![0; shares.len()];
    for v in views {
        let tuned = plain.bid(v);
        for (bot, n) in bots.iter_mut().zip(&mut changed) {
            *n += usize::from(bot.bid(v) != tuned);
            // The signed rule is the prior until a bid contradicts it.
            let first = v.auction().unwrap().is_first();
            assert!(first || read_at(bot, v).is_none(), "the bidder is read");
        }
    }
    changed
}

#[test]
fn against_an_unread_bidder_a_bid_searches_only_while_its_bids_were_near_dps() {
    with_skews();
    let bids_against = |mut bidder: Shifted| {
        let mut first = DpBot::new(testkit::table());
        testkit::positions(&mut first, &mut bidder, 4).0
    };
    // A third more than dp, plus 17 and 29 an auction: never near.
    let far = bids_against(Shifted::new(1.0 / 3.0, 17, 29));
    let far = changed(&far, &[0.0, 0.2, Think::UNREAD_ANY]);
    assert_eq!(&far[..2], [0, 0], "searched against a far bidder");
    assert!(far[2] > 0, "searching whatever it bid changed no bid");
    // A tenth more plus 3: near within a fifth, not within a twentieth.
    let near = bids_against(Shifted::new(0.1, 3, 0));
    let near = changed(&near, &[0.05, 0.2]);
    assert_eq!(near[0], 0, "searched beyond the share");
    assert!(near[1] > 0, "a near bidder's bids not searched");
}

#[test]
fn near_dps_bids_means_each_within_the_share_on_the_bundle_predicted() {
    let bid = |bundle, amount| Bid { bundle, amount };
    let mut predicted = [None; AUCTIONS];
    predicted[0] = Some(bid(Bundle::A, 1000));
    predicted[1] = Some(bid(Bundle::B, 500));
    let read = OpponentRead::with_signed(predicted);
    let seen = [bid(Bundle::A, 1090), bid(Bundle::B, 460)];
    assert!(read.near_signed(&seen, 0.1));
    assert!(!read.near_signed(&seen, 0.05), "90 points off 1 000");
    let exact = [bid(Bundle::A, 1000), bid(Bundle::B, 500)];
    assert!(!read.near_signed(&exact, 0.0), "0: never");
    let flipped = [bid(Bundle::B, 1000)];
    assert!(!read.near_signed(&flipped, 2.5), "the other bundle");
    assert!(read.near_signed(&flipped, Think::UNREAD_ANY));
    assert!(!OpponentRead::with_signed([None; AUCTIONS]).near_signed(&seen, 0.5));
}
