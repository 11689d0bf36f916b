//! The events of one game and the official testing tool's log format, shared
//! by the in-process runner and the process referee so both write the same
//! lines.

use crate::game::Put;
use crate::rules::{Bid, Bundle, Seat, format_dice};

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
    commands: [&str; 2],
    result: &str,
    events: &[Event],
    scores: [i32; 2],
) -> String {
    let mut s = format!(
        "[FIRST \"COMMAND: {}\"]\n[SECOND \"COMMAND: {}\"]\n[RESULT \"{result}\"]\n",
        commands[0], commands[1]
    );
    for e in events {
        s.push_str(&e.line());
        s.push('\n');
    }
    s.push_str(&format!(
        "FINISH\nSCOREFIRST {}\nSCORESECOND {}\n",
        scores[0], scores[1]
    ));
    s
}
