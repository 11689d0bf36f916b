//! The read of the opponent (`OpponentRead`): its bid in each auction of
//! the game predicted by two rules as the bot values the roll (the signed
//! equilibrium, as `dp` bids, and the own-bundle rule), and as the exact
//! table values it where the bot solved its rows; how far its bids have
//! matched them (`trust`, for the best response), and its next bid as
//! read for the bid by win probability (`read`): the first rule that fits
//! the bids seen (on the bot's table, then on the exact one within
//! `ExactFits`, the signed rule also scaled by a fitted factor where
//! asked), with the errors it made (`read_by`, `fitted_scale`, `Fit`);
//! and, for an opponent no rule reads, whether its bids were near `dp`'s
//! (`near_signed`, for thinking's `unread_within`).

use crate::genome::Think;
use crate::genome::plan::{Read, WinPlan};
use crate::rules::{AUCTIONS, AuctionNo, Bid, Bundle, MAX_BID};
use crate::value::equilibrium::BidRule;

/// Predictions of at least this many points are checked against the
/// opponent's bids.
const CHECKED_PREDICTION: u32 = 1000;

/// The opponent's bids as predicted this game, auction by auction, by the
/// signed rule (`signed`: its bid were it `dp`) and by the own-bundle rule
/// (`own`), on its values and my exact ones.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct OpponentRead {
    signed: [Option<Bid>; AUCTIONS],
    own: [Option<Bid>; AUCTIONS],
    /// Both rules on the exact table's gaps (`exact_rows`), where the bot
    /// had them: a player on the exact table bids these.
    signed_exact: [Option<Bid>; AUCTIONS],
    own_exact: [Option<Bid>; AUCTIONS],
    /// How far the exact rules' predictions may be off (`[think]`
    /// `exact_tolerance`, `exact_scaled`).
    exact: ExactFits,
}

/// How far the opponent's bids may be off the exact table's rules to be
/// read by them (`[think]`): the signed and own-bundle rules within
/// `tolerance` points; the signed rule times the factor that fits the
/// bids seen within `scaled` points (0: not read scaled).
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct ExactFits {
    pub(super) tolerance: f64,
    pub(super) scaled: f64,
}

impl ExactFits {
    /// The fits a genome's `[think]` table asks for.
    pub(super) fn of(think: &crate::genome::Think) -> ExactFits {
        ExactFits {
            tolerance: think.exact_tolerance,
            scaled: think.exact_scaled,
        }
    }
}

#[cfg(test)]
impl Default for OpponentRead {
    fn default() -> OpponentRead {
        OpponentRead::new(ExactFits::of(&crate::genome::Think::OFF))
    }
}

impl OpponentRead {
    /// Nothing read yet; the exact rules read within `exact`.
    pub(super) fn new(exact: ExactFits) -> OpponentRead {
        OpponentRead {
            signed: [None; AUCTIONS],
            own: [None; AUCTIONS],
            signed_exact: [None; AUCTIONS],
            own_exact: [None; AUCTIONS],
            exact,
        }
    }

    /// Predicts the opponent's bid at auction `at` from its gap `theirs`
    /// (A minus B) and my gap `mine` on the bot's table, and on the exact
    /// table where `exact` has them (mine, theirs), and records both
    /// rules' predictions (a new game's first auction forgets the last
    /// game's). Returns the signed rule's on the bot's table.
    pub(super) fn predict(
        &mut self,
        at: Option<AuctionNo>,
        theirs: f32,
        mine: f32,
        exact: Option<(f32, f32)>,
    ) -> Bid {
        let signed = BidRule::Signed.bid(theirs, mine);
        if let Some(at) = at {
            if at.is_first() {
                *self = OpponentRead::new(self.exact);
            }
            let k = at.index();
            self.signed[k] = Some(signed);
            self.own[k] = Some(BidRule::OwnBundle.bid(theirs, mine));
            if let Some((mine, theirs)) = exact {
                self.signed_exact[k] = Some(BidRule::Signed.bid(theirs, mine));
                self.own_exact[k] = Some(BidRule::OwnBundle.bid(theirs, mine));
            }
        }
        signed
    }

    /// The signed rule's predictions this game (None where none was made).
    #[cfg(test)]
    pub(super) fn signed(&self) -> &[Option<Bid>; AUCTIONS] {
        &self.signed
    }

    /// The signed rule's predictions on the exact table this game.
    #[cfg(test)]
    pub(super) fn signed_exact(&self) -> &[Option<Bid>; AUCTIONS] {
        &self.signed_exact
    }

    /// The own-bundle rule's predictions this game.
    #[cfg(test)]
    pub(super) fn own(&self) -> &[Option<Bid>; AUCTIONS] {
        &self.own
    }

    /// A read whose signed predictions are `signed` (the own-bundle rule's
    /// none): for tests that set predictions by hand.
    #[cfg(test)]
    pub(super) fn with_signed(signed: [Option<Bid>; AUCTIONS]) -> OpponentRead {
        OpponentRead {
            signed,
            ..OpponentRead::default()
        }
    }

    /// The opponent's bid at auction `at` were it `dp` (the signed rule's
    /// prediction), None where none was made.
    pub(super) fn signed_at(&self, at: AuctionNo) -> Option<Bid> {
        self.signed[at.index()]
    }

    /// Whether each of the opponent's `bids` seen was within `share` of
    /// the signed prediction on my table (signed amounts, `NEAR_SLACK`
    /// points' slack, on the bundle predicted where the prediction is more
    /// than that; at least one seen): always when `share` is
    /// [`Think::UNREAD_ANY`] or more, never when it is 0.
    pub(super) fn near_signed(&self, bids: &[Bid], share: f64) -> bool {
        if share >= Think::UNREAD_ANY {
            return true;
        }
        if share <= 0.0 {
            return false;
        }
        let near = |(p, a): (f64, f64)| {
            let same_side = p.abs() <= NEAR_SLACK || p.signum() == a.signum();
            same_side && (a - p).abs() <= share * p.abs() + NEAR_SLACK
        };
        let mut seen = (self.signed.iter().zip(bids))
            .filter_map(|(p, a)| p.map(|p| (signed(&p) as f64, signed(a) as f64)))
            .peekable();
        seen.peek().is_some() && seen.all(near)
    }

    /// How far the opponent's `bids` have matched the signed predictions:
    /// the least ratio of its bid to the one predicted (0 when it asked
    /// for the other bundle) over the auctions predicted at
    /// `CHECKED_PREDICTION` or more, at most 1; None before two such
    /// auctions.
    pub(super) fn trust(&self, bids: &[Bid]) -> Option<f32> {
        let checked = self
            .signed
            .iter()
            .zip(bids)
            .filter_map(|(p, actual)| p.map(|p| (p, actual)))
            .filter(|(p, _)| p.amount >= CHECKED_PREDICTION);
        let (mut n, mut least) = (0, 1f32);
        for (p, actual) in checked {
            let ratio = if actual.bundle == p.bundle {
                actual.amount as f32 / p.amount as f32
            } else {
                0.0
            };
            least = least.min(ratio);
            n += 1;
        }
        (n >= 2).then_some(least)
    }

    /// The opponent's bid at auction `at` as read (see the gene
    /// `wp_read`), given its `bids` so far: the signed equilibrium on my
    /// table, the rule a signed player follows, is the prior and is kept
    /// while its predictions hold; then the own-bundle rule, once two of
    /// its predictions held; then both rules on the exact table's gaps,
    /// once one of their predictions held, within `exact.tolerance`; then
    /// (with `exact.scaled`) the signed rule on the exact table times the
    /// factor that fits the bids seen (a player on the exact table that
    /// scales its bid), within `exact.scaled`; then (`wp_read` scaled) the
    /// signed rule on the bot's table times its fitted factor (a scaled or
    /// a zero bidder), within its own tolerance;
    /// each with the errors it made: the first rule that fits. Against a
    /// signed player the read is therefore the signed prediction from the
    /// first auction, as with the read off.
    pub(super) fn read(&self, at: AuctionNo, bids: &[Bid], win: &WinPlan) -> Option<Vec<Bid>> {
        let k = at.index();
        if win.read == Read::Off {
            return Some(vec![self.signed[k]?]);
        }
        let fit = |tolerance: f32, seen, scale| Fit {
            tolerance: f64::from(tolerance),
            seen,
            scale,
        };
        let scaled = (win.read == Read::Scaled)
            .then(|| fitted_scale(&self.signed, bids))
            .flatten()
            .map(|s| (&self.signed, fit(win.read_scaled_tolerance, 2, s)));
        let exact_scaled = (self.exact.scaled > 0.0)
            .then(|| fitted_scale(&self.signed_exact, bids))
            .flatten()
            .filter(|s| *s >= EXACT_SCALED_FROM)
            .map(|s| {
                let fit = Fit {
                    tolerance: self.exact.scaled,
                    seen: 2,
                    scale: s,
                };
                (&self.signed_exact, fit)
            });
        // The first rule that fits: on the bot's table signed, then
        // own-bundle; on the exact table (once a prediction held, within
        // its own tolerance) signed, then own-bundle, then scaled; then
        // scaled on the bot's table.
        let exact = Fit {
            tolerance: self.exact.tolerance,
            seen: 1,
            scale: 1.0,
        };
        [
            (&self.signed, fit(win.read_tolerance, 0, 1.0)),
            (&self.own, fit(win.read_tolerance, 2, 1.0)),
            (&self.signed_exact, exact),
            (&self.own_exact, exact),
        ]
        .into_iter()
        .chain(exact_scaled)
        .chain(scaled)
        .find_map(|(p, fit)| read_by(p, bids, k, fit))
    }
}

/// A bid as a signed amount: a bid on B counts negative.
pub(super) fn signed(b: &Bid) -> i64 {
    match b.bundle {
        Bundle::A => i64::from(b.amount),
        Bundle::B => -i64::from(b.amount),
    }
}

/// The points a bid may be off `dp`'s beyond the share `unread_within`
/// allows (rounding); a prediction of at most this many points does not
/// hold the bid to its bundle.
const NEAR_SLACK: f64 = 1.0;

/// The least predicted amount a scale is fitted on: below it, rounding
/// and the bundle's sign say little of a scale.
const SCALED_FROM: f64 = 1000.0;

/// The least factor the exact table's scaled rule reads (`exact_scaled`):
/// it reads a player that shades or inflates the equilibrium; a zero or
/// token bidder is left to the rules made for it (`bid_read_zero`).
const EXACT_SCALED_FROM: f64 = 0.25;

/// The scales a read may fit: from a zero bidder's to three times the
/// equilibrium.
const SCALES: std::ops::RangeInclusive<f64> = 0.0..=3.0;

/// The factor s that best fits the opponent's bids as s times the
/// predicted ones (signed amounts, least squares through 0), when at least
/// two predictions were of `SCALED_FROM` or more and s is in `SCALES`.
fn fitted_scale(predicted: &[Option<Bid>; AUCTIONS], actual: &[Bid]) -> Option<f64> {
    let (large, pa, pp) = predicted
        .iter()
        .zip(actual)
        .filter_map(|(p, a)| p.map(|p| (signed(&p) as f64, signed(a) as f64)))
        .fold((0, 0.0, 0.0), |(n, pa, pp), (p, a)| {
            (
                n + usize::from(p.abs() >= SCALED_FROM),
                pa + p * a,
                pp + p * p,
            )
        });
    (large >= 2).then(|| pa / pp).filter(|s| SCALES.contains(s))
}

/// How a rule's predictions must fit the opponent's bids to be read.
#[derive(Clone, Copy)]
pub(super) struct Fit {
    /// The most any prediction may be off, in points.
    pub(super) tolerance: f64,
    /// How many bids must have been predicted.
    pub(super) seen: usize,
    /// The factor the predictions are taken at.
    pub(super) scale: f64,
}

/// The read by one rule's `predicted` bids (times `fit.scale`) against
/// the opponent's `actual` ones: the prediction for auction `k` plus each
/// error (the prediction alone before any), when at least `fit.seen` were
/// predicted and every error is within `fit.tolerance`.
pub(super) fn read_by(
    predicted: &[Option<Bid>; AUCTIONS],
    actual: &[Bid],
    k: usize,
    fit: Fit,
) -> Option<Vec<Bid>> {
    let now = (*predicted.get(k)?)?;
    let scaled = |p: &Bid| (fit.scale * signed(p) as f64).round() as i64;
    let errors: Vec<i64> = predicted
        .iter()
        .zip(actual)
        .filter_map(|(p, a)| p.map(|p| signed(a) - scaled(&p)))
        .collect();
    if errors.len() < fit.seen || errors.iter().any(|e| e.abs() as f64 > fit.tolerance) {
        return None;
    }
    // A sum of 0 keeps the predicted bundle: 0 on A and 0 on B differ.
    let bid = |s: i64| Bid {
        bundle: match s.signum() {
            1 => Bundle::A,
            -1 => Bundle::B,
            _ => now.bundle,
        },
        amount: s.unsigned_abs().min(u64::from(MAX_BID)) as u32,
    };
    let offsets: &[i64] = if errors.is_empty() { &[0] } else { &errors };
    Some(offsets.iter().map(|e| bid(scaled(&now) + e)).collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::genome::plan::Plan;
    use crate::genome::{Genome, WP_READ, WP_READ_TOLERANCE};

    fn rules() -> WinPlan {
        let mut g = Genome::default();
        g.genes[WP_READ] = 1.0;
        g.genes[WP_READ_TOLERANCE] = 0.6;
        Plan::of(&g).win
    }

    fn on_a(amount: u32) -> Option<Bid> {
        Some(Bid {
            bundle: Bundle::A,
            amount,
        })
    }

    #[test]
    fn a_new_game_keeps_the_exact_fits() {
        let fits = ExactFits {
            tolerance: 2.5,
            scaled: 3.0,
        };
        let mut read = OpponentRead::new(fits);
        read.signed_exact[3] = on_a(1000);
        let first = AuctionNo::after_rolls(1).unwrap();
        read.predict(Some(first), 0.0, 0.0, None);
        assert_eq!(
            read.signed_exact[3], None,
            "the last game's predictions forgotten"
        );
        assert_eq!(read.exact, fits);
    }

    #[test]
    fn a_scaled_player_on_the_exact_table_is_read_by_its_fitted_factor() {
        let at = |k: usize| AuctionNo::after_rolls(k + 1).unwrap();
        let scaled = |points| {
            let mut read = OpponentRead::new(ExactFits {
                tolerance: 1.0,
                scaled: points,
            });
            // No rule on the bot's table fits; the exact signed rule is
            // off by a tenth of each bid.
            read.signed[..4].copy_from_slice(&[on_a(100); 4]);
            read.own[..4].copy_from_slice(&[on_a(100); 4]);
            read.signed_exact[..4].copy_from_slice(&[
                on_a(2000),
                on_a(3000),
                on_a(4000),
                on_a(5000),
            ]);
            read
        };
        // Nine tenths of each exact bid: the factor fits to the point.
        let bids = [1800, 2700, 3600].map(|x| on_a(x).unwrap());
        let win = rules();
        assert_eq!(
            scaled(3.0).read(at(3), &bids, &win),
            Some(vec![on_a(4500).unwrap(); 3])
        );
        assert_eq!(scaled(0.0).read(at(3), &bids, &win), None, "off: not read");
        // One bid ten points off: the factor fitted then (0.90103) leaves
        // errors of −2, +7 and −4 points; not read at 3, read at 10.
        let off = [1800, 2710, 3600].map(|x| on_a(x).unwrap());
        assert_eq!(scaled(3.0).read(at(3), &off, &win), None);
        assert!(scaled(10.0).read(at(3), &off, &win).is_some());
        // A zero bidder fits a factor of 0: left to `bid_read_zero`.
        let zeros = [0, 0, 0].map(|x| on_a(x).unwrap());
        assert_eq!(scaled(3.0).read(at(3), &zeros, &win), None);
        // A player the exact signed rule fits is read by it, unscaled.
        let exact = [2000, 3000, 4000].map(|x| on_a(x).unwrap());
        assert_eq!(
            scaled(3.0).read(at(3), &exact, &win),
            Some(vec![on_a(5000).unwrap(); 3])
        );
    }

    #[test]
    fn the_exact_tables_rules_are_read_once_a_prediction_held_after_the_bots_own() {
        let at = |k: usize| AuctionNo::after_rolls(k + 1).unwrap();
        let mut read = OpponentRead::default();
        // On the bot's table every prediction is 40 points off; the exact
        // table's, from the third auction, are the bids.
        read.signed[..5].copy_from_slice(&[on_a(960); 5]);
        read.own[..5].copy_from_slice(&[on_a(960); 5]);
        read.signed_exact[2..5].copy_from_slice(&[on_a(1000), on_a(1000), on_a(1010)]);
        let bids = [on_a(1000).unwrap(); 4];
        let win = rules();
        assert_eq!(read.read(at(2), &bids[..2], &win), None, "none held yet");
        assert_eq!(
            read.read(at(3), &bids[..3], &win),
            Some(vec![on_a(1000).unwrap()])
        );
        assert_eq!(
            read.read(at(4), &bids, &win),
            Some(vec![on_a(1010).unwrap(); 2])
        );
        // A point off still reads the exact rule (at its tolerance of 1),
        // two do not; at the bot's tolerance (0.6) one does not either.
        let slipped = [999, 1000, 999, 1000].map(|x| on_a(x).unwrap());
        assert_eq!(
            read.read(at(4), &slipped, &win),
            Some(vec![on_a(1009).unwrap(), on_a(1010).unwrap()])
        );
        let far = [1000, 1000, 1002].map(|x| on_a(x).unwrap());
        assert_eq!(read.read(at(3), &far, &win), None);
        let tight = OpponentRead {
            exact: ExactFits {
                tolerance: 0.6,
                scaled: 0.0,
            },
            ..read.clone()
        };
        assert_eq!(tight.read(at(4), &slipped, &win), None);
        // A rule on the bot's table that holds comes first.
        read.own[..5].copy_from_slice(&[on_a(1000), on_a(1000), on_a(1000), on_a(1000), on_a(990)]);
        assert_eq!(
            read.read(at(4), &bids, &win),
            Some(vec![on_a(990).unwrap(); 4])
        );
    }
}
