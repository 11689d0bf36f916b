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
                        bid_or_a_zero(&mut self.strategy, &self.view)
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
                    // My bundle is known: keep it (the dice are mine to put),
                    // taking the opponent's bid as 0 on the other bundle.
                    (Some(g), _, _) => {
                        self.view.on_get(g, g.other(), 0);
                        ignored("GET with a bad opponent bid (taken as 0)")
                    }
                    _ => ignored("bad GET"),
                }
            }
            "SCORE" => {
                let put = legal_put(&mut self.strategy, &self.view);
                // Legal by construction unless the view holds no dice.
                let _ = self.view.on_my_put(&put);
                Reply::Line(format!(
                    "PUT {} {}",
                    put.category.name(),
                    format_dice(&put.dice)
                ))
            }
            "SET" => {
                let c = words.get(1).and_then(|s| s.parse::<Category>().ok());
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
    mut input: impl BufRead,
    mut out: impl Write,
    mut err: impl Write,
) -> std::io::Result<()> {
    let mut line = Vec::new();
    while read_line(&mut input, &mut line, MAX_LINE)?.is_some() {
        let text = String::from_utf8_lossy(&line);
        match bot.handle(&text) {
            Reply::Line(l) => {
                writeln!(out, "{l}")?;
                out.flush()?;
            }
            Reply::Silent => {}
            Reply::Ignored(note) => writeln!(err, "{}", shorten(&note))?,
            Reply::Finish => break,
        }
    }
    out.flush()
}

/// The longest line kept: no command is longer; the rest of a longer line
/// is skipped (it will not parse), so memory stays bounded.
const MAX_LINE: usize = 1024;

/// Reads the next line into `line`, without its newline and cut at `max`
/// bytes (the rest of the line is read and dropped, so memory stays
/// bounded): None at the end of input, else whether the line was cut.
pub fn read_line(
    input: &mut impl BufRead,
    line: &mut Vec<u8>,
    max: usize,
) -> std::io::Result<Option<bool>> {
    line.clear();
    let (mut any, mut cut) = (false, false);
    loop {
        let buf = input.fill_buf()?;
        if buf.is_empty() {
            return Ok(any.then_some(cut));
        }
        any = true;
        let (chunk, used, end) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], i + 1, true),
            None => (buf, buf.len(), false),
        };
        let room = max.saturating_sub(line.len());
        cut |= chunk.len() > room;
        line.extend_from_slice(&chunk[..chunk.len().min(room)]);
        input.consume(used);
        if end {
            return Ok(Some(cut));
        }
    }
}

/// A note cut to a screenful.
fn shorten(note: &str) -> String {
    match note.char_indices().nth(120) {
        Some((at, _)) => format!("{} …", &note[..at]),
        None => note.to_string(),
    }
}

/// The strategy's bid, or A 0 should it panic.
fn bid_or_a_zero(strategy: &mut impl Strategy, view: &View) -> Bid {
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
fn legal_put(strategy: &mut impl Strategy, view: &View) -> Put {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{Put, View};

    /// Bids A 0 and puts the fallback.
    struct Plain;

    impl Strategy for Plain {
        fn bid(&mut self, _: &View) -> Bid {
            Bid {
                bundle: Bundle::A,
                amount: 0,
            }
        }
        fn put(&mut self, view: &View) -> Put {
            view.fallback_put()
        }
    }

    #[test]
    fn a_huge_line_is_cut_and_the_note_about_it_is_short() {
        let mut input = vec![b'x'; 10 << 20];
        input.extend_from_slice(b"\nREADY\n");
        let (mut out, mut err) = (Vec::new(), Vec::new());
        serve(&mut Bot::new(Plain, 0), &input[..], &mut out, &mut err).unwrap();
        assert_eq!(out, b"OK\n");
        assert!(err.len() < 200, "{} bytes of notes", err.len());
    }

    #[test]
    fn a_get_with_a_bad_opponent_bid_keeps_my_bundle() {
        let mut bot = Bot::new(Plain, 0);
        for line in ["READY", "ROLL 11111 22222", "GET A B x"] {
            bot.handle(line);
        }
        let Reply::Line(put) = bot.handle("ROLL 33333 44444") else {
            panic!("no bid")
        };
        assert_eq!(put, "BID A 0");
        bot.handle("GET B A 0");
        // The first bundle (11111) is held with the second (44444).
        assert_eq!(bot.handle("SCORE"), Reply::Line("PUT ONE 11111".into()));
    }
}
