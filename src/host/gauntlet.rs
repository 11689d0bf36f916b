//! A gauntlet: each candidate against every opponent on the same seeded
//! deals, both seats (the series `eval` and each `evolve` generation
//! play), as a [`Job`] any process can play a part of.

use crate::host::luck::Meter;
use crate::host::play::{Fault, GameResult, Outcome};
use crate::host::player::{Player, play_deal};
use crate::host::program::Limits;
use crate::host::series::{GameAt, Job, JobKind, Lane, Schedule};
use crate::host::transcript::Event;
use crate::rng::derive_seed;
use serde::{Deserialize, Serialize};
use std::fmt;
use yacht_core::rules::Seat;

/// Candidates × opponents: pairing `p` is candidate `p / opponents`
/// against opponent `p mod opponents`; deal `i` against opponent `o` comes
/// from `derive_seed([seed, o, i])`, the same for every candidate (common
/// random numbers).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Gauntlet {
    pub candidates: Vec<Player>,
    pub opponents: Vec<Player>,
    pub deals: u64,
    pub seed: u64,
}

/// Whose fault a game ended by, or whose stderr line it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Culprit {
    Candidate,
    Opponent,
}

impl Culprit {
    pub fn of(candidate: bool) -> Culprit {
        if candidate {
            Culprit::Candidate
        } else {
            Culprit::Opponent
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Culprit::Candidate => "candidate",
            Culprit::Opponent => "opponent",
        }
    }
}

impl fmt::Display for Culprit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// One game from the candidate's side.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CandidateGame {
    pub outcome: Outcome,
    pub margin: i32,
    pub total: i32,
    pub bid_points: i32,
    /// Who faulted, and why.
    pub fault: Option<(Culprit, Fault)>,
    /// Lines a program wrote to stderr, and whose.
    pub stderr: Vec<(Culprit, String)>,
    /// The candidate's work in quarters of a search (a built-in's,
    /// `yacht_core::value::work`; None for a program).
    #[serde(default)]
    pub work: Option<u64>,
    /// The candidate's luck in win probability (`host::luck`): what the
    /// dice and the tie coins gave it, as the exact table values them.
    #[serde(default)]
    pub luck: f64,
}

impl CandidateGame {
    /// `r` from the side of the candidate, sitting at `seat`.
    pub fn of(
        r: &GameResult,
        seat: Seat,
        stderr: Vec<(Culprit, String)>,
        luck: f64,
    ) -> CandidateGame {
        let fault = r.fault.clone();
        CandidateGame {
            outcome: r.outcome(seat),
            margin: r.margin(seat),
            total: r.totals()[seat],
            bid_points: r.cards[seat].bid_points,
            fault: fault.map(|(s, why)| (Culprit::of(s == seat), why)),
            stderr,
            work: r.work[seat],
            luck,
        }
    }
}

impl Job for Gauntlet {
    const KIND: JobKind = JobKind::Gauntlet;
    type Out = CandidateGame;

    fn schedule(&self) -> Schedule {
        let pairings = self.candidates.len() * self.opponents.len();
        Schedule::paired(pairings as u64, self.deals)
    }

    fn lane(&self, _: GameAt) -> Lane {
        Lane::Cores
    }

    fn play(&self, at: GameAt) -> CandidateGame {
        let n = self.opponents.len();
        let (candidate, o) = (&self.candidates[at.pairing / n], at.pairing % n);
        let deal_seed = derive_seed(&[self.seed, o as u64, at.deal]);
        let seat = at.first_seat();
        let (mut stderr, mut meter) = (Vec::new(), Meter::default());
        let players = at.seated(candidate, &self.opponents[o]);
        let (deal, seeds) = (at.deal(deal_seed), at.seeds(deal_seed));
        let result = play_deal(players, &deal, seeds, Limits::default(), |e| {
            meter.see(&e);
            if let Event::Debug(by, line) = e {
                stderr.push((Culprit::of(by == seat), line));
            }
        })
        .result;
        CandidateGame::of(&result, seat, stderr, meter.luck(seat))
    }
}
