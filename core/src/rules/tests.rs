//! The rules' tests: scoring, the bonus, the auction, the categories, the
//! seats, the dice's text.

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
