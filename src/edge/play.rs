//! `tuner play SPEC`: a built-in strategy as a protocol program on
//! stdin/stdout (an opponent for `match`, or for the official tool).

use crate::players::StrategySpec;
use anyhow::{Context, Result};
use std::time::Duration;

#[derive(clap::Args)]
pub struct PlayArgs {
    /// greedy, sample:N, sample:4D, combo:XY, genome:PATH, dp, dp:exact
    spec: String,
    /// Seed of the strategy's own randomness (random bidders).
    #[arg(default_value_t = 0, value_parser = crate::edge::seed::parse_seed)]
    seed: u64,
    /// Answer every BID and PUT this many milliseconds late (a slow
    /// program, for testing time limits).
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u64).range(0..=600_000))]
    delay_ms: u64,
}

/// Runs `tuner play`: serves the protocol until stdin ends.
pub fn run(a: PlayArgs) -> Result<()> {
    let spec = StrategySpec::parse(&a.spec)?;
    let served = match a.delay_ms {
        0 => yacht_core::protocol::run_stdio(spec.build(), a.seed),
        ms => {
            let delay = Duration::from_millis(ms);
            let player = crate::players::Slow {
                inner: spec.build(),
                delay,
            };
            yacht_core::protocol::run_stdio(player, a.seed)
        }
    };
    served.context("protocol I/O")
}
