//! `tuner tournament`: a league of entrants (built-ins and programs), round
//! robin or Swiss, with a leaderboard (points, win rate with Wilson interval,
//! mean margin, Bradley–Terry rating with standard error), a cross table and
//! faults. Every game's dice come from (seed, round, pairing, deal) and the
//! games go through the series engine: the same seed gives the same
//! tournament whatever the thread count.

mod rating;
mod standings;
mod swiss;

pub use rating::bradley_terry;
pub use standings::{EntrantFault, Standing, Table, render};
pub use swiss::swiss_pairs;

use crate::host::play::Fault;
use crate::host::player::{Player, PlayerError, play_deal};
use crate::host::program::Limits;
use crate::host::roster::{self, RosterError};
use crate::host::series::{CHUNK, GameAt, Job, JobKind, Lane, Schedule, Series, seat_seeds};
use crate::host::stop;
use crate::rng::derive_seed;
use serde::{Deserialize, Serialize};
use standings::Tally;

pub use standings::GameRecord;
use std::collections::HashSet;

/// One entrant.
#[derive(Clone, Debug)]
pub struct Entrant {
    pub name: String,
    pub player: Player,
}

/// Tournament format.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    /// Every pair meets once.
    RoundRobin,
    /// `rounds` rounds, pairing by current points, no repeat while avoidable.
    Swiss { rounds: u32 },
}

/// A format's name, as `--format` takes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FormatName {
    RoundRobin,
    Swiss,
}

/// Text that names no format.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown format `{0}`: round-robin (or rr) or swiss")]
pub struct UnknownFormat(pub String);

impl std::str::FromStr for FormatName {
    type Err = UnknownFormat;
    fn from_str(s: &str) -> Result<FormatName, UnknownFormat> {
        match s {
            "round-robin" | "rr" => Ok(FormatName::RoundRobin),
            "swiss" => Ok(FormatName::Swiss),
            other => Err(UnknownFormat(other.to_string())),
        }
    }
}

impl Format {
    /// The format `name` with `rounds` rounds (a round robin has its own).
    pub fn new(name: FormatName, rounds: u32) -> Format {
        match name {
            FormatName::RoundRobin => Format::RoundRobin,
            FormatName::Swiss => Format::Swiss { rounds },
        }
    }

    /// Pairings played among `n` entrants (a Swiss round leaves the odd
    /// one out with a bye).
    pub fn pairings(self, n: usize) -> u64 {
        let n = n as u64;
        match self {
            Format::RoundRobin => n * n.saturating_sub(1) / 2,
            Format::Swiss { rounds } => rounds as u64 * (n / 2),
        }
    }
}

impl std::fmt::Display for Format {
    /// As a title says it.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Format::RoundRobin => f.write_str("round robin"),
            Format::Swiss { rounds } => write!(f, "Swiss, {rounds} rounds"),
        }
    }
}

/// Why a field of entrants cannot play.
#[derive(Debug, thiserror::Error)]
pub enum FieldError {
    #[error(transparent)]
    Roster(#[from] RosterError),
    #[error("--entrant wants NAME=SPEC or NAME=COMMAND, got `{0}`")]
    Unnamed(String),
    #[error("--entrant {name}: {error}")]
    Player { name: String, error: PlayerError },
    #[error("two entrants are named `{0}`: give them different names")]
    SameName(String),
    #[error("a tournament needs at least two entrants (--entrant NAME=SPEC, --samples, --file)")]
    TooFew,
}

/// The entrants of a tournament: the ten samples (if asked), those of a
/// roster file (text, name), and `NAME=SPEC` / `NAME=COMMAND` items. Names
/// must differ; at least two are needed.
pub fn field(
    samples: bool,
    file: Option<(&str, &str)>,
    named: &[String],
) -> Result<Vec<Entrant>, FieldError> {
    let mut listed = if samples { roster::samples() } else { vec![] };
    if let Some((text, name)) = file {
        listed.extend(roster::parse_roster(
            text,
            name,
            roster::RosterKind::Entrant,
        )?);
    }
    let mut entrants: Vec<Entrant> = listed
        .into_iter()
        .map(|l| Entrant {
            name: l.name,
            player: l.player,
        })
        .collect();
    for item in named {
        let (name, what) = item
            .split_once('=')
            .ok_or_else(|| FieldError::Unnamed(item.clone()))?;
        let player = Player::parse(what).map_err(|error| FieldError::Player {
            name: name.to_string(),
            error,
        })?;
        let name = name.to_string();
        entrants.push(Entrant { name, player });
    }
    let mut names = HashSet::new();
    if let Some(e) = entrants.iter().find(|e| !names.insert(e.name.as_str())) {
        return Err(FieldError::SameName(e.name.clone()));
    }
    if entrants.len() < 2 {
        return Err(FieldError::TooFew);
    }
    Ok(entrants)
}

/// Settings of a tournament.
pub struct Settings {
    pub format: Format,
    /// Deals per pairing; each is played twice, seats swapped.
    pub deals: u64,
    pub seed: u64,
    /// Threads for games with a program (each runs two processes).
    pub jobs: usize,
    pub limits: Limits,
}

impl Settings {
    /// Games of a tournament among `n` entrants.
    pub fn games(&self, n: usize) -> u64 {
        2 * self.deals * self.format.pairings(n)
    }
}

/// A round's games: the entrants' players, the round's pairs, and how
/// its games are seeded and timed.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RoundJob {
    players: Vec<Player>,
    pairs: Vec<(usize, usize)>,
    number: u64,
    deals: u64,
    seed: u64,
    limits: Limits,
}

impl Job for RoundJob {
    const KIND: JobKind = JobKind::Round;
    type Out = GameRecord;

    fn schedule(&self) -> Schedule {
        Schedule::paired(self.pairs.len() as u64, self.deals)
    }

    /// Games with a program run on the bounded pool.
    fn lane(&self, at: GameAt) -> Lane {
        let (a, b) = self.pairs[at.pairing];
        let builtin = |e: usize| matches!(self.players[e], Player::Builtin(_));
        if builtin(a) && builtin(b) {
            Lane::Cores
        } else {
            Lane::Jobs
        }
    }

    fn play(&self, at: GameAt) -> GameRecord {
        let (a, b) = self.pairs[at.pairing];
        let seed = derive_seed(&[self.seed, self.number, a as u64, b as u64, at.deal]);
        let seated = at.seated(a, b);
        let players = seated.map(|e| &self.players[e]);
        let g = play_deal(
            players,
            &at.deal(seed),
            seat_seeds(seed),
            self.limits,
            |_| {},
        )
        .result;
        let a_seat = at.first_seat();
        GameRecord {
            a,
            b,
            outcome_a: g.outcome(a_seat),
            margin_a: g.margin(a_seat),
            fault: g.fault.map(|(seat, why): (_, Fault)| (seated[seat], why)),
        }
    }
}

/// Runs a tournament; `on_game` is told of each finished game (a progress
/// bar). After a stop request, the standings of the games played so far.
pub fn run(entrants: &[Entrant], s: &Settings, on_game: &(dyn Fn() + Sync)) -> Table {
    let n = entrants.len();
    let mut tally = Tally::new(n);
    let mut byes = vec![0u32; n];
    // Programs are bounded by `jobs`; built-ins use the whole pool.
    let jobs = rayon::ThreadPoolBuilder::new()
        .num_threads(s.jobs.max(1))
        .build()
        .expect("pool");
    let players: Vec<Player> = entrants.iter().map(|e| e.player.clone()).collect();
    let round = |pairs: &[(usize, usize)], number: u64, tally: &mut Tally| {
        let job = RoundJob {
            players: players.clone(),
            pairs: pairs.to_vec(),
            number,
            deals: s.deals,
            seed: s.seed,
            limits: s.limits,
        };
        let series = Series {
            schedule: job.schedule(),
            chunk: CHUNK,
            jobs: Some(&jobs),
        };
        series.run(&job, on_game, |_, r| tally.add(r, entrants));
    };
    match s.format {
        Format::RoundRobin => {
            let pairs: Vec<(usize, usize)> = (0..n)
                .flat_map(|a| (a + 1..n).map(move |b| (a, b)))
                .collect();
            round(&pairs, 0, &mut tally);
        }
        Format::Swiss { rounds } => {
            let mut played = HashSet::new();
            for number in 1..=rounds as u64 {
                if stop::requested() {
                    break;
                }
                let points = tally.points(&byes, s.deals);
                let (pairs, bye) = swiss_pairs(&points, &played, &byes);
                if let Some(b) = bye {
                    byes[b] += 1;
                }
                played.extend(pairs.iter().map(|&(a, b)| (a.min(b), a.max(b))));
                round(&pairs, number, &mut tally);
            }
        }
    }
    tally.table(entrants, &byes, s.deals, stop::requested())
}
