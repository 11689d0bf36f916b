//! The read of the opponent's bids, for the bid by win probability: its
//! next bid predicted by the first rule that fits the bids seen (the
//! signed equilibrium, the own-bundle rule, the signed rule scaled), with
//! the errors that rule made (`read`, `read_by`, `fitted_scale`, `Fit`).
//! The predictions themselves are made as the bid is valued
//! (`GenomeBot::predicted`, `predicted_own`).

use super::GenomeBot;
use crate::game::View;
use crate::genome::plan::Read;
use crate::rules::{AUCTIONS, Bid, Bundle, MAX_BID};

impl GenomeBot {
    /// The opponent's next bid as read (see the gene `wp_read`): the
    /// signed equilibrium on my table, the rule a signed player follows,
    /// is the prior and is kept while its predictions hold; then the
    /// own-bundle rule, once two of its predictions held; then (`wp_read`
    /// scaled) the signed rule times the factor that fits the bids seen (a
    /// scaled or a zero bidder), within its own tolerance; each with the
    /// errors it made: the first rule that fits. Against a signed player the
    /// read is therefore the signed prediction from the first auction, as
    /// with the read off.
    pub(super) fn read(&self, view: &View) -> Option<Vec<Bid>> {
        let k = view.rolls_seen.checked_sub(1)?;
        let win = &self.plan.win;
        if win.read == Read::Off {
            return Some(vec![(*self.predicted.get(k)?)?]);
        }
        let fit = |tolerance: f32, seen, scale| Fit {
            tolerance: f64::from(tolerance),
            seen,
            scale,
        };
        let actual = &view.opp_bids;
        let scaled = (win.read == Read::Scaled)
            .then(|| fitted_scale(&self.predicted, actual))
            .flatten()
            .map(|s| (&self.predicted, fit(win.read_scaled_tolerance, 2, s)));
        // The first rule that fits: signed, then own-bundle, then scaled.
        [
            (&self.predicted, fit(win.read_tolerance, 0, 1.0)),
            (&self.predicted_own, fit(win.read_tolerance, 2, 1.0)),
        ]
        .into_iter()
        .chain(scaled)
        .find_map(|(p, fit)| read_by(p, actual, k, fit))
    }
}

/// A bid as a signed amount: a bid on B counts negative.
pub(super) fn signed(b: &Bid) -> i64 {
    match b.bundle {
        Bundle::A => i64::from(b.amount),
        Bundle::B => -i64::from(b.amount),
    }
}

/// The least predicted amount a scale is fitted on: below it, rounding
/// and the bundle's sign say little of a scale.
const SCALED_FROM: f64 = 1000.0;

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
