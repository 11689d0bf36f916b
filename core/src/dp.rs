//! `dp`, the reference player: the field's best known approach. It puts by
//! points + bonus + V of what the put leaves, and bids the equilibrium
//! amount (MyA − MyB + OppA − OppB) / 4 on the bundle it prefers, valuing
//! each bundle for both players from what the protocol has shown (the
//! opponent's carry, categories and upper total follow from GET and SET).
//! Std-only.

use crate::game::{Card, Holding, Put, Strategy, View, put_of};
use crate::rules::{Bid, Bundle, Category, MAX_BID};
use crate::tables::{Dice5, tables};
use crate::value::ValueTable;
use std::path::PathBuf;

/// The file a submission reads its shipped value table from.
pub const DATA_FILE: &str = "data.bin";

/// The reference player on a value table.
pub struct DpBot {
    values: &'static ValueTable,
}

impl DpBot {
    pub fn new(values: &'static ValueTable) -> DpBot {
        DpBot { values }
    }
}

/// What receiving each of `bundles` is worth to the player of `card`: V of
/// the bundle held in round 1, W of carry + bundle later (points to come).
pub fn bundle_values(values: &ValueTable, card: &Card, bundles: [Dice5; 2]) -> [f32; 2] {
    match card.holding {
        Holding::Empty => bundles.map(|b| values.held_value(card.used, card.upper, b)),
        Holding::Five(carry) => {
            let next = values.next_rows(card.used, card.upper);
            bundles.map(|b| next.best_put(tables().add5(carry, b)).value)
        }
        Holding::Ten(_) => [0.0; 2],
    }
}

/// The equilibrium bid: on the bundle `mine` (A minus B for me) prefers,
/// (mine + theirs) / 4 signed toward that bundle, rounded, within the
/// rules' range (0 when the opponent prefers the other bundle enough).
pub fn equilibrium_bid(mine: f32, theirs: f32) -> Bid {
    let (bundle, toward) = if mine >= 0.0 {
        (Bundle::A, 1.0)
    } else {
        (Bundle::B, -1.0)
    };
    let amount = (toward * (mine + theirs) / 4.0).round();
    Bid {
        bundle,
        amount: amount.clamp(0.0, MAX_BID as f32) as u32,
    }
}

impl Strategy for DpBot {
    fn bid(&mut self, view: &View) -> Bid {
        let Some((a, b)) = view.roll.and_then(|r| r.dice) else {
            return Bid {
                bundle: Bundle::A,
                amount: 0,
            };
        };
        let gap = |card: &Card| {
            let [a, b] = bundle_values(self.values, card, [a, b]);
            a - b
        };
        equilibrium_bid(gap(&view.me), gap(&view.opp))
    }

    fn put(&mut self, view: &View) -> Put {
        let me = &view.me;
        match me.holding {
            Holding::Ten(hand) => {
                let best = self.values.best_put(me.used, me.upper, hand);
                put_of(best.category, best.put)
            }
            Holding::Five(dice) => put_of(last_category(me).unwrap_or(Category::Choice), dice),
            Holding::Empty => view.fallback_put(),
        }
    }
}

/// The category round 13 fills: the one left.
fn last_category(card: &Card) -> Option<Category> {
    card.used.complement().first()
}

/// The shipped table of a submission: `data.bin` in the working directory
/// (where the contest puts it), else beside the program.
pub fn load_shipped() -> Result<ValueTable, String> {
    let beside = std::env::current_exe()
        .ok()
        .and_then(|exe| Some(exe.parent()?.join(DATA_FILE)));
    let found = [Some(PathBuf::from(DATA_FILE)), beside]
        .into_iter()
        .flatten()
        .find(|p| p.is_file())
        .ok_or_else(|| format!("no {DATA_FILE} in the working directory or beside the program"))?;
    let bytes =
        std::fs::read(&found).map_err(|e| format!("cannot read {}: {e}", found.display()))?;
    crate::ship::decode(&bytes).map_err(|e| format!("{} is {e}", found.display()))
}

/// A submission's `main` for `dp`: decodes `data.bin` at start-up, then
/// serves on stdin/stdout. Without a usable `data.bin` it says why on
/// stderr and plays the default genome instead (it never fails to answer).
pub fn serve_stdio() -> std::process::ExitCode {
    let served = match load_shipped() {
        Ok(table) => crate::protocol::run_stdio(DpBot::new(Box::leak(Box::new(table))), 0),
        Err(why) => {
            eprintln!("dp: {why}; playing the default genome instead");
            let genome = crate::genome::Genome::default();
            crate::protocol::run_stdio(crate::genome_bot::GenomeBot::new(&genome), 0)
        }
    };
    match served {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(_) => std::process::ExitCode::FAILURE,
    }
}
