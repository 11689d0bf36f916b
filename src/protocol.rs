//! The bot side of the line protocol: reads referee lines, keeps a `View`,
//! asks a `Strategy`, writes BID/PUT lines. Tolerant of anything it is sent:
//! it never panics and always answers ROLL and SCORE with a well-formed,
//! legal-when-possible move. Std-only: exported into the submission file.

use crate::game::{Holding, Put, Roll, Strategy, View};
use crate::rules::{Bid, Bundle, Category, MAX_BID, format_dice, parse_dice};
use crate::tables::tables;
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
        _ => fallback_put(view),
    }
}

/// A put that is legal whenever the view holds five or more dice.
pub fn fallback_put(view: &View) -> Put {
    let t = tables();
    let category = Category::ALL
        .into_iter()
        .find(|c| !view.me.is_used(*c))
        .unwrap_or(Category::Choice);
    let dice = match view.me.holding {
        Holding::Five(d) => t.faces5(d),
        Holding::Ten(h) => t.faces5(t.splits(h)[0].put),
        Holding::Empty => [1; 5],
    };
    Put { category, dice }
}

/// Serves a strategy on this process's stdin/stdout (notes on stderr).
pub fn run_stdio<S: Strategy>(strategy: S) -> std::io::Result<()> {
    let mut bot = Bot::new(strategy, 0);
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
    use crate::strategy::StrategySpec;
    use proptest::prelude::*;

    /// The referee's lines to the first seat in a seeded game of two
    /// built-ins (what a real bot is sent).
    fn transcript(seed: u64) -> Vec<String> {
        let deal = crate::deal::Deal::from_seed(seed);
        let (mut a, mut b) = (StrategySpec::Greedy.build(), StrategySpec::Greedy.build());
        let mut lines = vec!["READY".to_string()];
        let mut bids = vec![];
        crate::runner::play_game([&mut *a, &mut *b], &deal, [1, 2], |e| {
            use crate::transcript::Event;
            match e {
                Event::Roll(x, y) => {
                    lines.push(format!("ROLL {} {}", format_dice(&x), format_dice(&y)))
                }
                Event::Bid(_, bid) => bids.push(bid),
                Event::Get(s, g) if s.index() == 0 => {
                    let o = bids[bids.len() - 1];
                    lines.push(format!(
                        "GET {} {} {}",
                        g.letter(),
                        o.bundle.letter(),
                        o.amount
                    ));
                }
                Event::Put(s, _) if s.index() == 0 => lines.push("SCORE".to_string()),
                Event::Put(_, p) => lines.push(format!(
                    "SET {} {}",
                    p.category.name(),
                    format_dice(&p.dice)
                )),
                _ => {}
            }
        });
        lines.push("FINISH".to_string());
        lines
    }

    fn check_reply(line: &str, reply: &Reply) -> Result<(), TestCaseError> {
        let cmd = line.split_whitespace().next().unwrap_or("");
        if let Reply::Line(r) = reply {
            let w: Vec<&str> = r.split(' ').collect();
            match cmd {
                "ROLL" => {
                    prop_assert!(
                        w.len() == 3 && w[0] == "BID" && (w[1] == "A" || w[1] == "B"),
                        "{r}"
                    );
                    prop_assert!(w[2].parse::<u32>().is_ok_and(|x| x <= MAX_BID), "{r}");
                }
                "SCORE" => {
                    prop_assert!(
                        w.len() == 3 && w[0] == "PUT" && Category::parse(w[1]).is_some(),
                        "{r}"
                    );
                    prop_assert!(parse_dice(w[2]).is_some(), "{r}");
                }
                "READY" => prop_assert_eq!(r.as_str(), "OK"),
                _ => prop_assert!(false, "no reply expected to {line}: {r}"),
            }
        } else {
            prop_assert!(
                !matches!(cmd, "ROLL" | "SCORE" | "READY"),
                "no answer to {line}"
            );
        }
        Ok(())
    }

    fn bots() -> Vec<Bot<Box<dyn crate::game::Strategy>>> {
        let g = crate::genome::Genome::default();
        [
            StrategySpec::Greedy.build(),
            StrategySpec::parse("sample:1").unwrap().build(),
            Box::new(crate::strategy::genome_bot::GenomeBot::new(&g)),
        ]
        .into_iter()
        .map(|s| Bot::new(s, 3))
        .collect()
    }

    #[test]
    fn a_clean_game_gets_legal_answers_and_ends_on_finish() {
        for mut bot in bots() {
            for line in transcript(5) {
                let r = bot.handle(&line);
                check_reply(&line, &r).unwrap();
                if matches!(&r, Reply::Line(p) if p.starts_with("PUT")) {
                    // The bot tracked its own put: it must have been legal.
                    assert!(bot.view.me.used.count_ones() > 0);
                }
            }
            assert_eq!(bot.view.me.used, 0xfff);
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(500))]
        /// Mutated transcripts (lines dropped, repeated, garbled, replaced by
        /// junk) never panic and every ROLL/SCORE gets a well-formed answer.
        #[test]
        fn mutated_transcripts_never_break_the_bot(
            seed in 0u64..50,
            edits in proptest::collection::vec((0usize..60, 0u8..5, "[ -~]{0,24}"), 0..12),
        ) {
            let mut lines = transcript(seed);
            for (at, kind, junk) in edits {
                let i = at % lines.len();
                match kind {
                    0 => { lines.remove(i); }
                    1 => { let l = lines[i].clone(); lines.insert(i, l); }
                    2 => lines[i] = format!("{}{}", &lines[i][..lines[i].len() / 2], junk),
                    3 => lines.insert(i, junk),
                    _ => lines[i] = format!("  {}\r", lines[i]),
                }
            }
            for mut bot in bots() {
                for line in &lines {
                    let r = bot.handle(line);
                    check_reply(line, &r)?;
                }
            }
        }
    }
}
