//! Who plays a seat: a built-in (a player spec, played in this process) or
//! a program command line; and `play_deal`, which seats two of them and
//! plays one deal through the game loop.

use crate::host::deal::Deal;
use crate::host::play::{Contestant, Fault, GameResult, InProcess, Message, play_game};
use crate::host::program::{Limits, Program};
use crate::host::transcript::Event;
use crate::players::StrategySpec;
use std::time::Duration;
use yacht_core::game::{Put, Strategy, View};
use yacht_core::rules::{Bid, PerSeat};

/// A participant of a refereed game: a built-in (played in-process) or a
/// program command line.
#[derive(Clone, Debug, PartialEq)]
pub enum Player {
    Builtin(StrategySpec),
    Program { command: String, argv: Vec<String> },
}

impl Player {
    /// `builtin:SPEC`, or a command line split like a shell would (it is
    /// never run through a shell).
    pub fn parse(s: &str) -> Result<Player, String> {
        if let Some(spec) = s.strip_prefix("builtin:") {
            return StrategySpec::parse(spec).map(Player::Builtin);
        }
        let argv = shlex::split(s).ok_or_else(|| format!("cannot split command line `{s}`"))?;
        if argv.is_empty() {
            return Err("empty command line".to_string());
        }
        Ok(Player::Program {
            command: s.to_string(),
            argv,
        })
    }

    /// A built-in spec with or without the `builtin:` prefix, else a
    /// command line.
    pub fn from_spec_or_command(s: &str) -> Result<Player, String> {
        match StrategySpec::parse(s) {
            Ok(spec) => Ok(Player::Builtin(spec)),
            Err(_) => Player::parse(s),
        }
    }

    pub fn name(&self) -> String {
        match self {
            Player::Builtin(spec) => spec.name(),
            Player::Program { command, .. } => command.clone(),
        }
    }

    /// The COMMAND shown in the log header.
    pub fn command(&self) -> String {
        match self {
            Player::Builtin(spec) => format!("builtin:{}", spec.spec()),
            Player::Program { command, .. } => command.clone(),
        }
    }
}

impl std::str::FromStr for Player {
    type Err = String;
    /// As [`Player::parse`]: `builtin:SPEC` or a command line.
    fn from_str(s: &str) -> Result<Player, String> {
        Player::parse(s)
    }
}

impl std::fmt::Display for Player {
    /// As the log's COMMAND header shows it (`builtin:SPEC` or the command).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.command())
    }
}

/// A played deal: the result, and each seat's decision times (kept when a
/// program plays; two built-ins are not timed).
#[derive(Debug)]
pub struct Played {
    pub result: GameResult,
    pub times: PerSeat<Vec<Duration>>,
}

/// Plays one deal between two players. `seeds` feed each built-in's own
/// randomness; `log` receives every event.
pub fn play_deal(
    players: PerSeat<&Player>,
    deal: &Deal,
    seeds: PerSeat<u64>,
    limits: Limits,
    mut log: impl FnMut(Event),
) -> Played {
    if let (Player::Builtin(a), Player::Builtin(b)) = (players.first, players.second) {
        let mut first = InProcess::new(a.build(), seeds.first);
        let mut second = InProcess::new(b.build(), seeds.second);
        return Played {
            result: play_game(PerSeat::new(&mut first, &mut second), deal, log),
            times: PerSeat::default(),
        };
    }
    let mut seated = Vec::with_capacity(2);
    for (seat, player) in players.iter() {
        match Seated::new(player, seeds[seat], limits) {
            Ok(s) => seated.push(s),
            Err(why) => {
                log(Event::Abort(seat, why.to_string()));
                return Played {
                    result: GameResult {
                        cards: PerSeat::default(),
                        fault: Some((seat, why)),
                    },
                    times: PerSeat::default(),
                };
            }
        }
    }
    let [mut first, mut second]: [Seated; 2] = seated.try_into().ok().expect("two seats");
    let result = play_game(PerSeat::new(&mut first, &mut second), deal, log);
    Played {
        result,
        times: PerSeat::new(first.take_times(), second.take_times()),
    }
}

/// A seat of a game with a program: either kind, each timed on its own
/// clock.
enum Seated {
    Builtin(InProcess<Box<dyn Strategy>>),
    Program(Program),
}

impl Seated {
    fn new(player: &Player, seed: u64, limits: Limits) -> Result<Seated, Fault> {
        match player {
            Player::Builtin(spec) => Ok(Seated::Builtin(InProcess::timed(spec.build(), seed))),
            Player::Program { argv, .. } => Program::spawn(argv, limits)
                .map(Seated::Program)
                .map_err(|e| Fault::CannotStart(format!("cannot start `{}`: {e}", argv[0]))),
        }
    }

    fn take_times(&mut self) -> Vec<Duration> {
        match self {
            Seated::Builtin(b) => b.times.take().unwrap_or_default(),
            Seated::Program(p) => std::mem::take(&mut p.times),
        }
    }

    fn contestant(&mut self) -> &mut dyn Contestant {
        match self {
            Seated::Builtin(b) => b,
            Seated::Program(p) => p,
        }
    }
}

impl Contestant for Seated {
    fn tell(&mut self, message: Message<'_>) {
        self.contestant().tell(message)
    }
    fn ready(&mut self) -> Result<(), Fault> {
        self.contestant().ready()
    }
    fn bid(&mut self, view: &View) -> Result<Bid, Fault> {
        self.contestant().bid(view)
    }
    fn put(&mut self, view: &View) -> Result<Put, Fault> {
        self.contestant().put(view)
    }
    fn debug_lines(&mut self) -> Vec<String> {
        self.contestant().debug_lines()
    }
    fn close(&mut self) {
        self.contestant().close()
    }
}
