//! Thinking at play time (`Think`): how much search the genome bot does
//! around its tuned move at each decision. Not genes: the optimisers never
//! see them (the GA tunes what plays fast), a genome file carries them in
//! its `[think]` table, and every player built from that file (the `bot`,
//! the exported submission, `genome:PATH` in the tuner) thinks the same.
//! The work is counted, not timed, so one position gets one move on any
//! machine; `guard_ms` only bounds a decision's time (CPU time where the
//! system gives it, else wall-clock).

/// The thinking settings; [`Think::OFF`] plays the tuned move alone.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Think {
    /// Futures each surviving candidate is judged on by the end of the
    /// race (0: no thinking).
    pub futures: u32,
    /// Rounds each future plays (both players as `dp`) before the leaf
    /// (the tables' P(win), or the last auction exactly once round 11's
    /// puts are made).
    pub depth: u32,
    /// Puts raced: the genome's best this many (the tuned one among them).
    pub candidates: u32,
    /// Points of P(win) a move must gain over the tuned move, paired on
    /// the same futures (and by two standard errors), to replace it.
    pub gain: f64,
    /// Milliseconds (CPU, else wall-clock) after which a decision stops searching and
    /// plays the best so far (counted, and said on stderr).
    pub guard_ms: u32,
    /// Rows of the exact value table a decision may solve (0: none): the
    /// rows below both players' states, so the opponent's bid is
    /// predicted as a player on the exact table makes it.
    pub exact_rows: u32,
    /// Puts each player has made before the rows below its state are
    /// solved (fewer puts, more rows below).
    pub exact_after: u32,
    /// Points the exact table's predictions of the opponent's bids may be
    /// off before the read drops them for the game: another program on
    /// the exact table, summing in another order, rounds a bid a point
    /// apart now and then.
    pub exact_tolerance: f64,
    /// Points the exact table's signed rule times the factor that fits
    /// the opponent's bids seen may be off before that read is dropped
    /// (a player on the exact table that scales its bid); 0: not read so.
    pub exact_scaled: f64,
    /// When no rule reads the opponent's bids, whether the bids still
    /// search (taking them as `dp`'s and a tenth either side): only while
    /// every bid it made was within this share of `dp`'s (signed amounts
    /// on the same bundle, a point's slack); 0: never;
    /// [`Think::UNREAD_ANY`] or more: whatever it bid.
    pub unread_within: f64,
}

impl Think {
    /// No thinking: the tuned move.
    pub const OFF: Think = Think {
        futures: 0,
        depth: 2,
        candidates: 4,
        gain: 0.5,
        guard_ms: 150,
        exact_rows: 0,
        exact_after: 3,
        exact_tolerance: 1.0,
        exact_scaled: 0.0,
        unread_within: Think::UNREAD_ANY,
    };

    /// `unread_within` from which the bids search against any opponent
    /// no rule reads.
    pub const UNREAD_ANY: f64 = 100.0;

    /// Each setting: its TOML key, bounds and what it means (the genome
    /// file's reader and writer list them from here).
    pub const FIELDS: [ThinkField; 10] = [
        ThinkField {
            key: "futures",
            min: 0.0,
            max: 100_000.0,
            whole: true,
            doc: "futures each surviving candidate is judged on (0: no thinking)",
        },
        ThinkField {
            key: "depth",
            min: 1.0,
            max: 11.0,
            whole: true,
            doc: "rounds each future plays (both players as dp) before the tables' leaf",
        },
        ThinkField {
            key: "candidates",
            min: 1.0,
            max: 5.0,
            whole: true,
            doc: "puts raced: the genome's best this many, the tuned one among them",
        },
        ThinkField {
            key: "gain",
            min: 0.0,
            max: 50.0,
            whole: false,
            doc: "points of P(win) a move must gain over the tuned move to replace it",
        },
        ThinkField {
            key: "guard_ms",
            min: 1.0,
            max: 450.0,
            whole: true,
            doc: "ms of CPU time (else wall-clock) after which a decision plays the best so far",
        },
        ThinkField {
            key: "exact_rows",
            min: 0.0,
            max: 100_000.0,
            whole: true,
            doc: "rows of the exact value table a decision may solve, below both players' \
                  states, to predict the opponent's bid as a player on the exact table makes it \
                  (0: none)",
        },
        ThinkField {
            key: "exact_after",
            min: 0.0,
            max: 11.0,
            whole: true,
            doc: "puts made before the rows below a player's state are solved (fewer: more rows)",
        },
        ThinkField {
            key: "exact_tolerance",
            min: 0.0,
            max: 5000.0,
            whole: false,
            doc: "points the exact table's predictions of the opponent's bids may be off before \
                  the read drops them for the game (another program on the exact table rounds a \
                  bid a point apart now and then)",
        },
        ThinkField {
            key: "exact_scaled",
            min: 0.0,
            max: 5000.0,
            whole: false,
            doc: "points the exact table's signed bid times the factor that fits the opponent's \
                  bids may be off before that read is dropped (a player on the exact table that \
                  scales its bid; 0: not read so)",
        },
        ThinkField {
            key: "unread_within",
            min: 0.0,
            max: Think::UNREAD_ANY,
            whole: false,
            doc: "when no rule reads the opponent's bids, the bids search (taking them as dp's and \
                  a tenth either side) only while each of its bids was within this share of dp's \
                  (0: never; 100: whatever it bid)",
        },
    ];

    /// Whether the bot thinks at all.
    pub fn is_on(&self) -> bool {
        self.searches() || self.solves()
    }

    /// Whether the bot searches around its tuned moves.
    pub fn searches(&self) -> bool {
        self.futures > 0
    }

    /// Whether the bot solves exact rows.
    pub fn solves(&self) -> bool {
        self.exact_rows > 0
    }

    /// The value of setting `key`.
    pub fn get(&self, key: &str) -> Option<f64> {
        Some(match key {
            "futures" => f64::from(self.futures),
            "depth" => f64::from(self.depth),
            "candidates" => f64::from(self.candidates),
            "gain" => self.gain,
            "guard_ms" => f64::from(self.guard_ms),
            "exact_rows" => f64::from(self.exact_rows),
            "exact_after" => f64::from(self.exact_after),
            "exact_tolerance" => self.exact_tolerance,
            "exact_scaled" => self.exact_scaled,
            "unread_within" => self.unread_within,
            _ => return None,
        })
    }

    /// Sets `key` to `v` (within its bounds, whole where it must be:
    /// checked by the reader); false for an unknown key.
    pub fn set(&mut self, key: &str, v: f64) -> bool {
        match key {
            "futures" => self.futures = v as u32,
            "depth" => self.depth = v as u32,
            "candidates" => self.candidates = v as u32,
            "gain" => self.gain = v,
            "guard_ms" => self.guard_ms = v as u32,
            "exact_rows" => self.exact_rows = v as u32,
            "exact_after" => self.exact_after = v as u32,
            "exact_tolerance" => self.exact_tolerance = v,
            "exact_scaled" => self.exact_scaled = v,
            "unread_within" => self.unread_within = v,
            _ => return false,
        }
        true
    }
}

impl Default for Think {
    fn default() -> Think {
        Think::OFF
    }
}

/// One thinking setting as a genome file writes it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ThinkField {
    pub key: &'static str,
    pub min: f64,
    pub max: f64,
    /// A count: whole numbers only.
    pub whole: bool,
    pub doc: &'static str,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_field_reads_back_what_it_set_and_off_thinks_not() {
        let mut t = Think::OFF;
        assert!(!t.is_on());
        for (k, f) in Think::FIELDS.iter().enumerate() {
            let v = f.min + k as f64 + 1.0;
            assert!(t.set(f.key, v));
            assert_eq!(t.get(f.key), Some(v), "{}", f.key);
        }
        assert!(t.is_on());
        assert!(!t.set("speed", 1.0));
        assert_eq!(t.get("speed"), None);
    }
}
