//! The `dp` family: the reference player (exact value model + the signed
//! equilibrium bid) and its variants, written
//! `dp[:exact][:own][:bid=F][:noise=F][:off=F][:upper=F][:future=F]`.
//! Variants change one lever each, so that a suite can train on some and
//! hold out others: the bid rule (`own`: the own-bundle rule), the bid's
//! size (`bid`: × F), seeded noise on it (`noise`: × a uniform factor in
//! [1 − F, 1 + F], fresh each bid, from the game's seed), a point's slip
//! (`off`: a share F of bids one point up or down, as a program whose
//! table sums in another order rounds some bids), and the puts
//! (`upper`, `future`: the genome bot's put genes of those names). Bids are
//! always made on the exact values; a put variation changes only the puts.

use super::values;
use crate::rng::{derive_seed, unit};
use rand_core::SeedableRng;
use rand_pcg::Pcg32;
use std::fmt;
use yacht_core::game::{Put, Strategy, View};
use yacht_core::genome::{FUTURE_WEIGHT, GENES, Genome, UPPER_WEIGHT};
use yacht_core::players::dp::DpBot;
use yacht_core::players::genome_bot::GenomeBot;
use yacht_core::rules::{Bid, MAX_BID};
use yacht_core::value::equilibrium::BidRule;

/// A `dp` variant. `Default` is `dp` itself.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct DpSpec {
    /// On the exact value table rather than the shipped one.
    pub exact: bool,
    pub rule: BidRule,
    /// Multiplies every bid's amount.
    pub bid: f64,
    /// Every bid's amount × a uniform factor in [1 − noise, 1 + noise].
    pub noise: f64,
    /// The share of bids one point off (up or down, equally likely).
    pub off: f64,
    /// The genome bot's `upper_weight` for the puts.
    pub upper: f64,
    /// The genome bot's `future_weight` for the puts.
    pub future: f64,
}

impl Default for DpSpec {
    fn default() -> DpSpec {
        DpSpec {
            exact: false,
            rule: BidRule::Signed,
            bid: 1.0,
            noise: 0.0,
            off: 0.0,
            upper: GENES[UPPER_WEIGHT].default,
            future: GENES[FUTURE_WEIGHT].default,
        }
    }
}

/// A number-valued option: its name, bounds, and where it lives.
struct Knob {
    name: &'static str,
    min: f64,
    max: f64,
    field: fn(&mut DpSpec) -> &mut f64,
}

/// The number-valued options, in the order they are written.
const KNOBS: [Knob; 5] = [
    Knob {
        name: "bid",
        min: 0.0,
        max: 3.0,
        field: |s| &mut s.bid,
    },
    Knob {
        name: "noise",
        min: 0.0,
        max: 1.0,
        field: |s| &mut s.noise,
    },
    Knob {
        name: "off",
        min: 0.0,
        max: 1.0,
        field: |s| &mut s.off,
    },
    Knob {
        name: "upper",
        min: GENES[UPPER_WEIGHT].min,
        max: GENES[UPPER_WEIGHT].max,
        field: |s| &mut s.upper,
    },
    Knob {
        name: "future",
        min: GENES[FUTURE_WEIGHT].min,
        max: GENES[FUTURE_WEIGHT].max,
        field: |s| &mut s.future,
    },
];

/// The form of a `dp` spec, for error messages.
pub const DP_FORM: &str = "dp[:exact][:own][:bid=F (0–3)][:noise=F (0–1)][:off=F (0–1)][:upper=F (0–1)][:future=F (0.5–1.5)]";

/// Why a `dp` spec did not parse.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum DpSpecError {
    #[error("`{0}` is not an option of dp{near} (the form is {DP_FORM})", near = near_option(.0))]
    UnknownOption(String),
    #[error("dp option `{0}` is given twice")]
    Repeated(String),
    #[error("dp option `{name}={value}`: not a number within [{min}, {max}]")]
    OutOfRange {
        name: &'static str,
        value: String,
        min: f64,
        max: f64,
    },
}

/// `; did you mean `OPTION`?` for the option of `dp` near `option` (its
/// name before any `=`; a number-valued one offered with the value given),
/// else nothing.
fn near_option(option: &str) -> String {
    let (name, value) = match option.split_once('=') {
        Some(named) => named,
        // A number-valued option named without its value: its form.
        None if KNOBS.iter().any(|k| k.name == option) => {
            return format!("; did you mean `{option}=F`?");
        }
        None => (option, "F"),
    };
    let names = ["exact", "own"]
        .into_iter()
        .chain(KNOBS.iter().map(|k| k.name));
    match crate::text::nearest(name, names) {
        Some(n @ ("exact" | "own")) => format!("; did you mean `{n}`?"),
        Some(n) => format!("; did you mean `{n}={value}`?"),
        None => String::new(),
    }
}

impl DpSpec {
    /// Parses the options after `dp` (`options` is what follows `dp:`, or
    /// empty), in any order, each at most once.
    pub fn parse_options(options: &str) -> Result<DpSpec, DpSpecError> {
        let mut spec = DpSpec::default();
        let mut seen: Vec<&str> = Vec::new();
        for option in options.split(':').filter(|o| !o.is_empty()) {
            let name = option.split_once('=').map_or(option, |(n, _)| n);
            if seen.contains(&name) {
                return Err(DpSpecError::Repeated(name.to_string()));
            }
            seen.push(name);
            spec.set(option)?;
        }
        Ok(spec)
    }

    fn set(&mut self, option: &str) -> Result<(), DpSpecError> {
        match option {
            "exact" => self.exact = true,
            "own" => self.rule = BidRule::OwnBundle,
            _ => {
                let unknown = || DpSpecError::UnknownOption(option.to_string());
                let (name, value) = option.split_once('=').ok_or_else(unknown)?;
                let knob = KNOBS.iter().find(|k| k.name == name).ok_or_else(unknown)?;
                let out_of_range = || DpSpecError::OutOfRange {
                    name: knob.name,
                    value: value.to_string(),
                    min: knob.min,
                    max: knob.max,
                };
                let v: f64 = value.parse().map_err(|_| out_of_range())?;
                if !(knob.min..=knob.max).contains(&v) {
                    return Err(out_of_range());
                }
                *(knob.field)(self) = v;
            }
        }
        Ok(())
    }

    /// Whether the puts differ from `dp`'s.
    fn varies_puts(&self) -> bool {
        let d = DpSpec::default();
        self.upper != d.upper || self.future != d.future
    }

    /// Whether the bids' amounts differ from `dp`'s rule (its bundle and
    /// table aside).
    fn varies_bids(&self) -> bool {
        let d = DpSpec::default();
        self.bid != d.bid || self.noise != d.noise || self.off != d.off
    }

    /// A fresh player.
    pub fn build(&self) -> Box<dyn Strategy> {
        let table = values::table(self.exact);
        let bids = DpBot::with_rule(table, self.rule);
        if !self.varies_puts() && !self.varies_bids() {
            return Box::new(bids);
        }
        let puts = self.varies_puts().then(|| {
            let mut g = Genome::default();
            g.genes[UPPER_WEIGHT] = self.upper;
            g.genes[FUTURE_WEIGHT] = self.future;
            GenomeBot::new(&g, table)
        });
        Box::new(Variant {
            bids,
            puts,
            bid: self.bid,
            noise: self.noise,
            off: self.off,
            rng: Pcg32::seed_from_u64(0),
        })
    }
}

impl fmt::Display for DpSpec {
    /// The spec that parses back to this one: options in the order of
    /// [`DP_FORM`], those at `dp`'s value left out.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("dp")?;
        if self.exact {
            f.write_str(":exact")?;
        }
        if self.rule == BidRule::OwnBundle {
            f.write_str(":own")?;
        }
        let (mut this, mut dp) = (*self, DpSpec::default());
        for knob in &KNOBS {
            let v = *(knob.field)(&mut this);
            if v != *(knob.field)(&mut dp) {
                write!(f, ":{}={v}", knob.name)?;
            }
        }
        Ok(())
    }
}

/// A `dp` variant in play.
struct Variant {
    bids: DpBot,
    /// The puts, when they vary; else `bids` puts.
    puts: Option<GenomeBot>,
    bid: f64,
    noise: f64,
    off: f64,
    rng: Pcg32,
}

impl Variant {
    /// A uniform factor in [1 − noise, 1 + noise].
    fn noise_factor(&mut self) -> f64 {
        if self.noise == 0.0 {
            return 1.0;
        }
        1.0 + self.noise * (2.0 * unit(&mut self.rng) - 1.0)
    }

    /// The point a bid slips by: ±1 with probability `off` (up or down
    /// equally likely), else 0; a bid of 0 slipped down or of `MAX_BID`
    /// slipped up stays where it is (the bundle never changes). No draw
    /// is made when `off` is 0, so the other variants' bids stay as they
    /// were.
    fn slip(&mut self) -> f64 {
        if self.off == 0.0 || unit(&mut self.rng) >= self.off {
            return 0.0;
        }
        if unit(&mut self.rng) < 0.5 { -1.0 } else { 1.0 }
    }
}

impl Strategy for Variant {
    fn new_game(&mut self, seed: u64) {
        self.rng = Pcg32::seed_from_u64(derive_seed(&[seed, 0xB1D]));
    }

    fn bid(&mut self, view: &View) -> Bid {
        let bid = self.bids.bid(view);
        let amount = (bid.amount as f64 * self.bid * self.noise_factor()).round() + self.slip();
        Bid {
            bundle: bid.bundle,
            amount: amount.clamp(0.0, MAX_BID as f64) as u32,
        }
    }

    fn put(&mut self, view: &View) -> Put {
        match &mut self.puts {
            Some(puts) => puts.put(view),
            None => self.bids.put(view),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn options_parse_in_any_order_and_display_in_one() {
        let s = DpSpec::parse_options("noise=0.2:own:bid=1.3").unwrap();
        assert_eq!(
            s,
            DpSpec {
                rule: BidRule::OwnBundle,
                bid: 1.3,
                noise: 0.2,
                ..DpSpec::default()
            }
        );
        assert_eq!(s.to_string(), "dp:own:bid=1.3:noise=0.2");
        for text in [
            "",
            "exact",
            "exact:own",
            "upper=0.3",
            "future=0.8:bid=0.7",
            "off=0.1:exact",
        ] {
            let s = DpSpec::parse_options(text).unwrap();
            let shown = s.to_string();
            let back = DpSpec::parse_options(shown.strip_prefix("dp").unwrap()).unwrap();
            assert_eq!(back, s, "{text} → {shown}");
        }
        // An option at dp's value is left out.
        assert_eq!(DpSpec::parse_options("bid=1").unwrap().to_string(), "dp");
    }

    /// dp's and the variant's bids on the first roll of `seed`'s games
    /// for 200 seeds (both on the shipped table, fresh each game).
    fn first_bids(variant: &str) -> Vec<(Bid, Bid)> {
        use yacht_core::game::Roll;
        let (mut dp, mut v) = (
            DpSpec::default().build(),
            DpSpec::parse_options(variant).unwrap().build(),
        );
        (0..200u64)
            .map(|seed| {
                let mut rng = Pcg32::seed_from_u64(seed);
                let mut five = || std::array::from_fn(|_| 1 + (unit(&mut rng) * 6.0) as u8);
                let mut view = View::new();
                view.on_roll(Roll::new(five(), five()));
                dp.new_game(seed);
                v.new_game(seed);
                (dp.bid(&view), v.bid(&view))
            })
            .collect()
    }

    #[test]
    fn a_slipping_variant_bids_a_point_off_in_its_share_of_bids() {
        let always = first_bids("off=1");
        for (dp, v) in &always {
            assert_eq!(v.bundle, dp.bundle);
            let want = [dp.amount.saturating_sub(1), dp.amount + 1];
            assert!(want.contains(&v.amount), "{dp:?} → {v:?}");
        }
        let up = always.iter().filter(|(dp, v)| v.amount > dp.amount).count();
        assert!((70..=130).contains(&up), "{up} of 200 slipped up");
        let some = first_bids("off=0.25");
        let slipped = some.iter().filter(|(dp, v)| dp != v).count();
        assert!((25..=80).contains(&slipped), "{slipped} of 200 slipped");
        assert_eq!(some, first_bids("off=0.25"), "seeded: the same bids again");
    }

    #[test]
    fn bad_options_say_what_is_wrong() {
        let e = |t: &str| DpSpec::parse_options(t).unwrap_err().to_string();
        assert_eq!(e("bid=7"), "dp option `bid=7`: not a number within [0, 3]");
        assert_eq!(
            e("noise=lots"),
            "dp option `noise=lots`: not a number within [0, 1]"
        );
        assert!(e("fast").starts_with("`fast` is not an option of dp (the form is dp[:exact]"));
        assert!(e("exct").starts_with("`exct` is not an option of dp; did you mean `exact`? ("));
        assert!(e("ownn").starts_with("`ownn` is not an option of dp; did you mean `own`? ("));
        let knob = e("exact:bdi=0.95");
        assert!(knob.starts_with("`bdi=0.95` is not an option of dp; did you mean `bid=0.95`?"));
        assert!(e("nosie").contains("; did you mean `noise=F`?"));
        assert!(e("bid").starts_with("`bid` is not an option of dp; did you mean `bid=F`?"));
        assert_eq!(e("own:own"), "dp option `own` is given twice");
        assert_eq!(e("bid=1:bid=2"), "dp option `bid` is given twice");
    }
}
