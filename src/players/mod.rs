//! Built-in strategies and the `SPEC` strings that name them: `greedy`,
//! `dp` and its variants (see [`reference`]), `sample:N` (or `sample:4D`),
//! `combo:XY` for any put × bid pair, and `genome:PATH`.

pub mod reference;
pub mod sample;
pub mod values;

use reference::DpSpec;
use sample::{BidPolicy, Composed, PutPolicy, SAMPLES};
use std::sync::Arc;
use yacht_core::game::Strategy;
use yacht_core::genome::Genome;
use yacht_core::players::genome_bot::GenomeBot;

/// A parsed strategy spec: cheap to clone and share between threads, and
/// turned into a fresh player with [`StrategySpec::build`].
#[derive(Clone, Debug, PartialEq)]
pub enum StrategySpec {
    Greedy,
    /// The reference player and its variants: a value table and the
    /// signed equilibrium bid, on the shipped table (`dp`, as a submission
    /// plays) or the exact one (`dp:exact`, to measure what the shipping
    /// costs).
    Dp(DpSpec),
    Composed {
        name: String,
        put: PutPolicy,
        bid: BidPolicy,
    },
    Genome {
        name: String,
        genome: Arc<Genome>,
    },
}

/// The spec forms accepted, for error messages.
pub const SPEC_HELP: &str = "greedy, sample:N (N = 1..10), sample:1A … sample:5E, combo:XY (X = 1..5, Y = A..E), genome:PATH, dp[:exact][:own][:bid=F][:noise=F][:off=F][:upper=F][:future=F]";

/// `; did you mean `SPEC`?` for a built-in player's name near `s` (a
/// bare name, a `dp` variant without options, a sample AI), else nothing.
pub fn near_spec(s: &str) -> String {
    let mut names: Vec<String> = ["greedy", "dp", "dp:exact", "dp:own"]
        .map(String::from)
        .into();
    names.extend((1..=10).map(|n| format!("sample:{n}")));
    names.extend(SAMPLES.iter().map(|(name, _, _)| format!("sample:{name}")));
    crate::text::did_you_mean(s.trim(), names.iter().map(String::as_str))
}

/// Text that names no built-in player.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum SpecError {
    #[error("unknown built-in player `{0}`{near}\nvalid: {SPEC_HELP}", near = near_spec(.0))]
    Unknown(String),
    #[error(
        "there is no `sample:{0}`: the ten sample AIs are sample:1 … sample:10, or by name sample:1A … sample:5E"
    )]
    SampleNumber(usize),
    #[error(transparent)]
    Dp(#[from] reference::DpSpecError),
    #[error(transparent)]
    Genome(#[from] yacht_genome_file::GenomeError),
}

/// The specs written as a bare name.
const NAMES: [&str; 2] = ["greedy", "dp"];

/// The kinds of spec written `KIND:ARG`.
const KINDS: [&str; 4] = ["dp", "sample", "combo", "genome"];

impl StrategySpec {
    /// Whether `s` is written as a built-in (`greedy` or `KIND:…` for a
    /// known kind), valid or not: such text never names a program.
    pub fn looks_built_in(s: &str) -> bool {
        let s = s.trim();
        NAMES.contains(&s)
            || s.split_once(':')
                .is_some_and(|(kind, _)| KINDS.contains(&kind))
    }

    /// The spec `spec` names. A `genome:PATH` reads its file; a `dp`
    /// loads (or solves) its value table now, before any game.
    pub fn parse(spec: &str) -> Result<StrategySpec, SpecError> {
        let spec = spec.trim();
        let unknown = || SpecError::Unknown(spec.to_string());
        if spec == "greedy" {
            return Ok(StrategySpec::Greedy);
        }
        let (kind, arg) = match spec {
            "dp" => ("dp", ""),
            _ => spec.split_once(':').ok_or_else(unknown)?,
        };
        match kind {
            "dp" => {
                let dp = DpSpec::parse_options(arg)?;
                // Loaded (or solved) now, before any game.
                values::table(dp.exact);
                Ok(StrategySpec::Dp(dp))
            }
            "sample" => {
                let found = match arg.parse::<usize>() {
                    Ok(n) if (1..=10).contains(&n) => Some(SAMPLES[n - 1]),
                    Ok(n) => return Err(SpecError::SampleNumber(n)),
                    _ => SAMPLES
                        .iter()
                        .copied()
                        .find(|(name, _, _)| name.eq_ignore_ascii_case(arg)),
                };
                let (name, put, bid) = found.ok_or_else(unknown)?;
                Ok(StrategySpec::Composed {
                    name: name.to_string(),
                    put,
                    bid,
                })
            }
            "combo" => {
                let mut ch = arg.chars();
                let (Some(x), Some(y), None) = (ch.next(), ch.next(), ch.next()) else {
                    return Err(unknown());
                };
                let put = PutPolicy::from_digit(x).ok_or_else(unknown)?;
                let bid = BidPolicy::from_letter(y.to_ascii_uppercase()).ok_or_else(unknown)?;
                Ok(StrategySpec::Composed {
                    name: arg.to_ascii_uppercase(),
                    put,
                    bid,
                })
            }
            "genome" => {
                let genome = yacht_genome_file::read_genome(std::path::Path::new(arg), arg)?;
                Ok(StrategySpec::genome(arg, genome))
            }
            _ => Err(unknown()),
        }
    }

    /// A genome spec with a display name. A genome that solves exact rows
    /// at play time has them copied from the exact table, loaded (or
    /// solved) now, before any game.
    pub fn genome(name: &str, genome: Genome) -> StrategySpec {
        if genome.think.solves() {
            values::exact_table();
        }
        StrategySpec::Genome {
            name: name.to_string(),
            genome: Arc::new(genome),
        }
    }

    /// The same genome without its `[think]` table (what a run plays),
    /// when this is a genome that thinks.
    pub fn genes_alone(&self) -> Option<StrategySpec> {
        match self {
            StrategySpec::Genome { name, genome } if genome.think.is_on() => Some(
                StrategySpec::genome(name, (**genome).clone().without_thinking()),
            ),
            _ => None,
        }
    }

    /// A short display name.
    pub fn name(&self) -> String {
        match self {
            StrategySpec::Greedy => "greedy".to_string(),
            StrategySpec::Dp(dp) => dp.to_string(),
            StrategySpec::Composed { name, .. } | StrategySpec::Genome { name, .. } => name.clone(),
        }
    }

    /// The spec string that parses back to this spec.
    pub fn spec(&self) -> String {
        match self {
            StrategySpec::Greedy | StrategySpec::Dp(_) => self.name(),
            StrategySpec::Composed { name, .. } if SAMPLES.iter().any(|s| s.0 == name) => {
                format!("sample:{name}")
            }
            StrategySpec::Composed { name, .. } => format!("combo:{name}"),
            StrategySpec::Genome { name, .. } => format!("genome:{name}"),
        }
    }

    /// A fresh player. A genome that solves exact rows at play time copies
    /// them from the exact table: the same moves as solving them, faster.
    pub fn build(&self) -> Box<dyn Strategy> {
        match self {
            StrategySpec::Genome { genome, .. } if genome.think.solves() => Box::new(
                GenomeBot::new(genome, values::shipped_table())
                    .copying_exact_rows(values::exact_table()),
            ),
            _ => self.build_as_submitted(),
        }
    }

    /// A fresh player that does the work a submission does: a genome's
    /// exact rows solved, not copied (what `tuner bench` times).
    pub fn build_as_submitted(&self) -> Box<dyn Strategy> {
        match self {
            StrategySpec::Greedy => Box::new(Composed::greedy()),
            StrategySpec::Dp(dp) => dp.build(),
            StrategySpec::Composed { put, bid, .. } => Box::new(Composed::new(*put, *bid)),
            StrategySpec::Genome { genome, .. } => {
                Box::new(GenomeBot::new(genome, values::shipped_table()))
            }
        }
    }
}

/// A player that answers every bid and put `delay` late (for testing the
/// referee's clocks).
pub struct Slow<S> {
    pub inner: S,
    pub delay: std::time::Duration,
}

impl<S: Strategy> Strategy for Slow<S> {
    fn new_game(&mut self, seed: u64) {
        self.inner.new_game(seed)
    }
    fn bid(&mut self, view: &yacht_core::game::View) -> yacht_core::rules::Bid {
        std::thread::sleep(self.delay);
        self.inner.bid(view)
    }
    fn put(&mut self, view: &yacht_core::game::View) -> yacht_core::game::Put {
        std::thread::sleep(self.delay);
        self.inner.put(view)
    }
}

impl std::str::FromStr for StrategySpec {
    type Err = SpecError;
    /// As [`StrategySpec::parse`]: the error lists the valid forms.
    fn from_str(s: &str) -> Result<StrategySpec, SpecError> {
        StrategySpec::parse(s)
    }
}

impl std::fmt::Display for StrategySpec {
    /// The spec string that parses back to this spec.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.spec())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_parse_by_number_name_and_combo() {
        let four_d = StrategySpec::parse("sample:6").unwrap();
        assert_eq!(four_d, StrategySpec::parse("sample:4d").unwrap());
        assert_eq!(four_d.name(), "4D");
        assert_eq!(StrategySpec::parse("combo:4b").unwrap().name(), "4B");
        assert_eq!(
            StrategySpec::parse(" greedy ").unwrap(),
            StrategySpec::Greedy
        );
    }

    #[test]
    fn specs_display_as_they_parse() {
        for text in [
            "greedy",
            "dp",
            "dp:exact",
            "dp:own",
            "dp:exact:bid=1.3:noise=0.25",
            "dp:upper=0.3:future=0.8",
            "sample:4D",
            "combo:3E",
            "sample:1A",
        ] {
            let spec: StrategySpec = text.parse().unwrap();
            assert_eq!(spec.to_string(), text);
            assert_eq!(spec.to_string().parse::<StrategySpec>(), Ok(spec));
        }
    }

    #[test]
    fn unknown_specs_list_the_valid_ones() {
        for bad in ["sample:6F", "combo:6A", "combo:4", "foo", "genius:3"] {
            let e = StrategySpec::parse(bad).unwrap_err();
            assert!(matches!(e, SpecError::Unknown(_)), "{e}");
            let e = e.to_string();
            assert!(e.contains(bad) && e.contains("sample:N"), "{e}");
        }
        // A number out of range is told the range, not a near number.
        for n in [0, 11] {
            let e = StrategySpec::parse(&format!("sample:{n}")).unwrap_err();
            assert_eq!(
                e.to_string(),
                format!(
                    "there is no `sample:{n}`: the ten sample AIs are sample:1 … sample:10, \
                     or by name sample:1A … sample:5E"
                )
            );
        }
    }

    #[test]
    fn dp_beats_every_sample() {
        use crate::host::deal::Deal;
        use crate::host::play::{InProcess, play_game};
        use crate::rng::derive_seed;
        use yacht_core::rules::{PerSeat, Seat};
        // 100 deals, both seats, per sample: a broken value table or bid
        // shows at once (2 000 games a sample win 97.7–100 %, see lab/journal.md).
        for n in 1..=10 {
            let opp = StrategySpec::parse(&format!("sample:{n}")).unwrap();
            let mut dp = InProcess::new(StrategySpec::Dp(DpSpec::default()).build(), 1);
            let mut opp = InProcess::new(opp.build(), 2);
            let mut wins = 0;
            for d in 0..100 {
                let deal = Deal::from_seed(derive_seed(&[5, n, d]));
                let r = play_game(PerSeat::new(&mut dp, &mut opp), &deal, |_| {});
                wins += (r.winner() == Some(Seat::First)) as u32;
                let r = play_game(PerSeat::new(&mut opp, &mut dp), &deal.swapped(), |_| {});
                wins += (r.winner() == Some(Seat::Second)) as u32;
            }
            assert!(wins >= 190, "dp won {wins} of 200 against sample {n}");
        }
    }

    #[test]
    fn random_genomes_never_move_illegally_against_any_sample() {
        use crate::host::deal::Deal;
        use crate::host::play::{InProcess, play_game};
        use crate::rng::derive_seed;
        use crate::tune::optim::toolkit::perturbed;
        use yacht_core::rules::PerSeat;
        for i in 0..12u64 {
            let g = perturbed(
                &Genome::default(),
                0.4,
                &[false; yacht_core::genome::N_GENES],
                i,
            );
            for n in 1..=10 {
                let me: Box<dyn Strategy> = Box::new(GenomeBot::new(&g, values::shipped_table()));
                let mut me = InProcess::new(me, 1);
                let opp = StrategySpec::parse(&format!("sample:{n}")).unwrap();
                let mut opp = InProcess::new(opp.build(), 2);
                let deal = Deal::from_seed(derive_seed(&[i, n]));
                let r = play_game(PerSeat::new(&mut me, &mut opp), &deal, |_| {});
                assert_eq!(r.fault, None, "genome {i} vs sample {n}");
                let r = play_game(PerSeat::new(&mut opp, &mut me), &deal.swapped(), |_| {});
                assert_eq!(r.fault, None, "genome {i} vs sample {n}, second seat");
            }
        }
    }
}
