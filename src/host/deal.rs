//! The dice of one game (a `Deal`): drawn from a seed with rand_pcg, or read
//! from the official testing tool's input file.

use crate::rng::uniform;
use rand_core::SeedableRng;
use rand_pcg::Pcg32;
use yacht_core::rules::{AUCTIONS, Seat, format_dice, parse_dice};

/// The bundles of the 12 auctions and who wins each tie of equal bids.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    pub rolls: [([u8; 5], [u8; 5]); AUCTIONS],
    pub ties: [Seat; AUCTIONS],
}

/// An official input file that does not parse.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DealError {
    #[error("expected {AUCTIONS} lines `AAAAA BBBBB t`, found {0}")]
    Lines(usize),
    #[error("line {line}: {problem} in `{text}`")]
    Line {
        /// From 1, blank lines counted.
        line: usize,
        text: String,
        problem: LineProblem,
    },
}

/// What is wrong with a line of an input file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum LineProblem {
    #[error("expected `AAAAA BBBBB t`")]
    Fields,
    #[error("bundle {0} is not 5 digits 1-6")]
    Bundle(char),
    #[error("tie-break is not 0 or 1")]
    TieBreak,
}

impl Deal {
    /// The deal of a seed: per round ten dice (A then B), then the tie coin.
    pub fn from_seed(seed: u64) -> Deal {
        let mut rng = Pcg32::seed_from_u64(seed);
        let mut rolls = [([0u8; 5], [0u8; 5]); AUCTIONS];
        let mut ties = [Seat::First; AUCTIONS];
        for r in 0..AUCTIONS {
            for i in 0..5 {
                rolls[r].0[i] = uniform(&mut rng, 6) as u8 + 1;
            }
            for i in 0..5 {
                rolls[r].1[i] = uniform(&mut rng, 6) as u8 + 1;
            }
            ties[r] = if uniform(&mut rng, 2) == 0 {
                Seat::First
            } else {
                Seat::Second
            };
        }
        Deal { rolls, ties }
    }

    /// Parses the official input format: 12 lines `AAAAA BBBBB t`. Errors
    /// name the line.
    pub fn parse(text: &str) -> Result<Deal, DealError> {
        // Editors on some systems start a file with a byte-order mark.
        let text = text.strip_prefix('\u{feff}').unwrap_or(text);
        let lines: Vec<(usize, &str)> = text
            .lines()
            .enumerate()
            .map(|(i, l)| (i + 1, l.trim()))
            .filter(|(_, l)| !l.is_empty())
            .collect();
        if lines.len() != AUCTIONS {
            return Err(DealError::Lines(lines.len()));
        }
        let mut rolls = [([0u8; 5], [0u8; 5]); AUCTIONS];
        let mut ties = [Seat::First; AUCTIONS];
        for (r, (no, line)) in lines.into_iter().enumerate() {
            let f: Vec<&str> = line.split_whitespace().collect();
            let bad = |problem| DealError::Line {
                line: no,
                text: line.to_string(),
                problem,
            };
            if f.len() != 3 {
                return Err(bad(LineProblem::Fields));
            }
            rolls[r].0 = parse_dice(f[0]).ok_or_else(|| bad(LineProblem::Bundle('A')))?;
            rolls[r].1 = parse_dice(f[1]).ok_or_else(|| bad(LineProblem::Bundle('B')))?;
            ties[r] = match f[2] {
                "0" => Seat::First,
                "1" => Seat::Second,
                _ => return Err(bad(LineProblem::TieBreak)),
            };
        }
        Ok(Deal { rolls, ties })
    }

    /// Writes the official input format.
    pub fn to_input(&self) -> String {
        let mut s = String::new();
        for (r, (a, b)) in self.rolls.iter().enumerate() {
            let t = self.ties[r].index();
            s.push_str(&format!("{} {} {t}\n", format_dice(a), format_dice(b)));
        }
        s
    }

    /// The same dice with the tie-breaks mirrored, for replaying a deal with
    /// the seats swapped.
    pub fn swapped(&self) -> Deal {
        Deal {
            rolls: self.rolls,
            ties: self.ties.map(Seat::other),
        }
    }
}

/// The official example input of RULES.md.
pub const OFFICIAL_EXAMPLE: &str = "35561 15336 0
31452 33164 0
21464 46146 0
51211 45446 1
62612 34411 1
12421 36431 0
54344 36225 1
13653 32122 0
53644 61453 0
64215 15142 1
35522 44162 1
54111 55424 1
";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn official_example_round_trips() {
        let d = Deal::parse(OFFICIAL_EXAMPLE).unwrap();
        assert_eq!(d.rolls[0], ([3, 5, 5, 6, 1], [1, 5, 3, 3, 6]));
        assert_eq!(d.ties[3], Seat::Second);
        assert_eq!(d.to_input(), OFFICIAL_EXAMPLE);
    }

    #[test]
    fn a_byte_order_mark_is_not_a_die() {
        let with_bom = format!("\u{feff}{OFFICIAL_EXAMPLE}");
        assert_eq!(Deal::parse(&with_bom), Deal::parse(OFFICIAL_EXAMPLE));
    }

    #[test]
    fn parse_errors_name_the_line() {
        let bad = OFFICIAL_EXAMPLE.replace("21464 46146 0", "21464 46746 0");
        assert_eq!(
            Deal::parse(&bad).unwrap_err().to_string(),
            "line 3: bundle B is not 5 digits 1-6 in `21464 46746 0`"
        );
        let bad = OFFICIAL_EXAMPLE.replace("13653 32122 0", "13653 32122 2");
        assert_eq!(
            Deal::parse(&bad).unwrap_err(),
            DealError::Line {
                line: 8,
                text: "13653 32122 2".to_string(),
                problem: LineProblem::TieBreak
            }
        );
        assert_eq!(Deal::parse("12345 12345 0\n"), Err(DealError::Lines(1)));
    }

    #[test]
    fn a_seed_means_the_same_deal_forever() {
        // Pinned: changing how dice are drawn would change every result.
        let d = Deal::from_seed(42);
        assert_eq!(d.to_input().lines().next().unwrap(), PINNED_FIRST_LINE);
        assert_eq!(Deal::from_seed(42), d);
        assert_ne!(Deal::from_seed(43), d);
    }

    const PINNED_FIRST_LINE: &str = "55551 45442 1";
}
