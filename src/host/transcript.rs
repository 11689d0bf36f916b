//! The events of one game and the official testing tool's log format, shared
//! by the in-process runner and the process referee so both write the same
//! lines.

use yacht_core::game::Put;
use yacht_core::rules::{Bid, Bundle, PerSeat, Seat, format_dice};

/// How many of a program's last stderr lines a summary keeps (`match`,
/// `eval`).
pub const STDERR_TAIL: usize = 5;

/// Keeps `line` among the last [`STDERR_TAIL`] lines of `tail`.
pub fn keep_last(tail: &mut Vec<String>, line: String) {
    if tail.len() == STDERR_TAIL {
        tail.remove(0);
    }
    tail.push(line);
}

/// One logged event of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    Round(usize),
    Roll([u8; 5], [u8; 5]),
    Bid(Seat, Bid),
    Get(Seat, Bundle),
    Put(Seat, Put),
    /// A line a program wrote to stderr.
    Debug(Seat, String),
    Abort(Seat, String),
}

impl Event {
    /// The event as an official log line.
    pub fn line(&self) -> String {
        match self {
            Event::Round(n) => format!("ROUND {n}"),
            Event::Roll(a, b) => format!("ROLL {} {}", format_dice(a), format_dice(b)),
            Event::Bid(s, b) => format!("BID {} {} {}", s.name(), b.bundle.letter(), b.amount),
            Event::Get(s, g) => format!("GET {} {}", s.name(), g.letter()),
            Event::Put(s, p) => {
                format!(
                    "PUT {} {} {}",
                    s.name(),
                    p.category.name(),
                    format_dice(&p.dice)
                )
            }
            Event::Debug(s, text) => format!("# Debug {}: {text}", s.name()),
            Event::Abort(s, why) => format!("ABORT {} {why}", s.name()),
        }
    }
}

/// The whole log: header, events, FINISH and the scores. `result` is
/// "1-0", "0-1" or "1/2-1/2".
pub fn official_log(
    commands: PerSeat<&str>,
    result: &str,
    events: &[Event],
    scores: PerSeat<i32>,
) -> String {
    let mut s = format!(
        "[FIRST \"COMMAND: {}\"]\n[SECOND \"COMMAND: {}\"]\n[RESULT \"{result}\"]\n",
        commands.first, commands.second
    );
    for e in events {
        s.push_str(&e.line());
        s.push('\n');
    }
    s.push_str(&format!(
        "FINISH\nSCOREFIRST {}\nSCORESECOND {}\n",
        scores.first, scores.second
    ));
    s
}

#[cfg(test)]
mod tests {
    use crate::host::play::{InProcess, play_game};
    use crate::players::StrategySpec;
    use proptest::prelude::*;
    use yacht_core::protocol::{Bot, Reply};
    use yacht_core::rules::{Category, MAX_BID, format_dice, parse_dice};
    use yacht_core::rules::{CategorySet, PerSeat};

    /// The referee's lines to the first seat in a seeded game of two
    /// built-ins (what a real bot is sent).
    fn transcript(seed: u64) -> Vec<String> {
        let deal = crate::host::deal::Deal::from_seed(seed);
        let mut a = InProcess::new(StrategySpec::Greedy.build(), 1);
        let mut b = InProcess::new(StrategySpec::Greedy.build(), 2);
        let mut lines = vec!["READY".to_string()];
        let mut bids = vec![];
        play_game(PerSeat::new(&mut a, &mut b), &deal, |e| {
            use super::Event;
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
                        w.len() == 3 && w[0] == "PUT" && w[1].parse::<Category>().is_ok(),
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

    fn bots() -> Vec<Bot<Box<dyn yacht_core::game::Strategy>>> {
        let g = yacht_core::genome::Genome::default();
        [
            StrategySpec::Greedy.build(),
            StrategySpec::parse("sample:1").unwrap().build(),
            Box::new(yacht_core::players::genome_bot::GenomeBot::new(
                &g,
                crate::players::values::shipped_table(),
            )),
            StrategySpec::Dp(Default::default()).build(),
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
                    assert!(!bot.view.me.used.is_empty());
                }
            }
            assert_eq!(bot.view.me.used, CategorySet::ALL);
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
