//! The bot side of the line protocol: reads referee lines, keeps a `View`,
//! asks a `Strategy`, writes BID/PUT lines. Tolerant of anything it is sent:
//! it never panics and always answers ROLL and SCORE with a well-formed,
//! legal-when-possible move. Std-only: exported into the submission file.

use crate::game::{Put, Roll, Strategy, View};
use crate::rules::{Bid, Bundle, Category, MAX_BID, format_dice, parse_dice};
use std::io::{BufRead, Write};
use std::panic::{AssertUnwindSafe, catch_unwind};

/// A bot behind the protocol: one line in, at most one line out.
pub struct Bot<S> {
    pub strategy: S,
    pub view: View,
    seed: u64,
    games: u64,
}

/// What one input line did.
#[derive(Debug, PartialEq, Eq)]
pub enum Reply {
    /// A line to write back.
    Line(String),
    /// Nothing to write.
    Silent,
    /// Nothing to write; the line was not understood (a note for stderr).
    Ignored(String),
    /// FINISH: stop.
    Finish,
}

impl<S: Strategy> Bot<S> {
    /// `seed` feeds the strategy's randomness (game `n` gets a mix of both).
    pub fn new(strategy: S, seed: u64) -> Bot<S> {
        Bot {
            strategy,
            view: View::new(),
            seed,
            games: 0,
        }
    }

    /// Handles one referee line.
    pub fn handle(&mut self, line: &str) -> Reply {
        let words: Vec<&str> = line.split_whitespace().collect();
        let ignored = |what: &str| Reply::Ignored(format!("{what} ignored: {}", line.trim()));
        let Some(&cmd) = words.first() else {
            return Reply::Silent;
        };
        match cmd {
            "READY" => {
                self.view = View::new();
                let mix = self.games.wrapping_mul(0x9E37_79B9_7F4A_7C15);
                self.strategy.new_game(self.seed ^ mix);
                self.games += 1;
                Reply::Line("OK".to_string())
            }
            "ROLL" => {
                let a = words.get(1).and_then(|s| parse_dice(s));
                let b = words.get(2).and_then(|s| parse_dice(s));
                let bid = match (a, b) {
                    (Some(a), Some(b)) => {
                        self.view.on_roll(Roll::new(a, b));
                        decide_bid(&mut self.strategy, &self.view)
                    }
                    _ => Bid {
                        bundle: Bundle::A,
                        amount: 0,
                    },
                };
                self.view.on_my_bid(bid);
                Reply::Line(format!("BID {} {}", bid.bundle.letter(), bid.amount))
            }
            "GET" => {
                let g = words.get(1).and_then(|s| Bundle::parse(s));
                let g0 = words.get(2).and_then(|s| Bundle::parse(s));
                let x0 = words.get(3).and_then(|s| s.parse::<u32>().ok());
                match (g, g0, x0) {
                    (Some(g), Some(g0), Some(x0)) => {
                        self.view.on_get(g, g0, x0.min(MAX_BID));
                        Reply::Silent
                    }
                    _ => ignored("bad GET"),
                }
            }
            "SCORE" => {
                let put = decide_put(&mut self.strategy, &self.view);
                // Legal by construction unless the view holds no dice.
                let _ = self.view.on_my_put(&put);
                Reply::Line(format!(
                    "PUT {} {}",
                    put.category.name(),
                    format_dice(&put.dice)
                ))
            }
            "SET" => {
                let c = words.get(1).and_then(|s| Category::parse(s));
                let d = words.get(2).and_then(|s| parse_dice(s));
                match (c, d) {
                    (Some(category), Some(dice))
                        if self.view.on_set(&Put { category, dice }).is_ok() =>
                    {
                        Reply::Silent
                    }
                    _ => ignored("bad SET"),
                }
            }
            "FINISH" => Reply::Finish,
            _ => ignored("unknown command"),
        }
    }
}

/// Serves games on stdin/stdout-like streams until FINISH or end of input.
/// Notes about ignored lines go to `err`.
pub fn serve<S: Strategy>(
    bot: &mut Bot<S>,
    input: impl BufRead,
    mut out: impl Write,
    mut err: impl Write,
) -> std::io::Result<()> {
    for line in input.split(b'\n') {
        let line = line?;
        let line = String::from_utf8_lossy(&line);
        match bot.handle(&line) {
            Reply::Line(l) => {
                writeln!(out, "{l}")?;
                out.flush()?;
            }
            Reply::Silent => {}
            Reply::Ignored(note) => writeln!(err, "{note}")?,
            Reply::Finish => break,
        }
    }
    out.flush()
}

/// The strategy's bid, or A 0 should it panic.
fn decide_bid(strategy: &mut impl Strategy, view: &View) -> Bid {
    match catch_unwind(AssertUnwindSafe(|| strategy.bid(view))) {
        Ok(b) => Bid {
            bundle: b.bundle,
            amount: b.amount.min(MAX_BID),
        },
        Err(_) => Bid {
            bundle: Bundle::A,
            amount: 0,
        },
    }
}

/// The strategy's put if it is legal on the tracked view, else a legal
/// fallback (the first unused category with dice actually held).
fn decide_put(strategy: &mut impl Strategy, view: &View) -> Put {
    match catch_unwind(AssertUnwindSafe(|| strategy.put(view))) {
        Ok(put) if view.me.clone().apply_put(put.category, &put.dice).is_ok() => put,
        _ => view.fallback_put(),
    }
}

/// Serves a strategy on this process's stdin/stdout (notes on stderr);
/// `seed` feeds its randomness.
pub fn run_stdio<S: Strategy>(strategy: S, seed: u64) -> std::io::Result<()> {
    let mut bot = Bot::new(strategy, seed);
    let stdin = std::io::stdin();
    serve(
        &mut bot,
        stdin.lock(),
        std::io::stdout().lock(),
        std::io::stderr(),
    )
}
