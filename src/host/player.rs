//! Who plays a seat: a built-in (a player spec, played in this process) or
//! a program command line; and `play_deal`, which seats two of them and
//! plays one deal through the game loop.

use crate::host::deal::Deal;
use crate::host::play::{Contestant, Fault, GameResult, InProcess, Message, play_game};
use crate::host::program::{Limits, Program};
use crate::host::transcript::Event;
use crate::players::{SPEC_HELP, SpecError, StrategySpec};
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

/// Text that names no player.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum PlayerError {
    /// Written as a built-in, but not a valid one (or its genome file is
    /// bad); the message lists the valid forms or names file and line.
    #[error(transparent)]
    Spec(#[from] SpecError),
    #[error(
        "`{0}` is not a built-in player and no program `{1}` exists (give its path, or a \
         command on PATH){near}\nthe built-in players: {SPEC_HELP}",
        near = crate::players::near_spec(.0)
    )]
    NotFound(String, String),
    #[error(
        "`{0}` is Rust source, not a program: compile it first (rustc --edition 2024 -O {0} -o {1}), then give the program"
    )]
    Source(String, String),
    #[error("cannot split the command line `{0}` (unbalanced quotes?)")]
    BadCommandLine(String),
    #[error("empty command line")]
    Empty,
    #[error("program `{command}` did not answer READY with OK: {fault}")]
    NotReady { command: String, fault: Fault },
}

impl Player {
    /// The one grammar of every command: a built-in, with or without the
    /// `builtin:` prefix (`greedy`, `sample:N`, `sample:4D`, `combo:XY`,
    /// `genome:PATH`), or else a command line (split like a shell would,
    /// never run by one) whose program exists. Text written as a built-in
    /// is never taken for a program.
    pub fn parse(s: &str) -> Result<Player, PlayerError> {
        let s = s.trim();
        match s.strip_prefix("builtin:") {
            Some(spec) => Player::builtin(spec),
            None if StrategySpec::looks_built_in(s) => Player::builtin(s),
            None => Player::program(s),
        }
    }

    /// A built-in player.
    pub fn builtin(spec: &str) -> Result<Player, PlayerError> {
        StrategySpec::parse(spec)
            .map(Player::Builtin)
            .map_err(PlayerError::Spec)
    }

    /// A program: its executable must exist (a path, or a name on PATH).
    pub fn program(command: &str) -> Result<Player, PlayerError> {
        let argv = shlex::split(command)
            .ok_or_else(|| PlayerError::BadCommandLine(command.to_string()))?;
        let program = argv.first().ok_or(PlayerError::Empty)?;
        let path = std::path::Path::new(program);
        if path.extension().is_some_and(|e| e == "rs") && path.is_file() {
            let binary = path.with_extension("").display().to_string();
            return Err(PlayerError::Source(program.clone(), binary));
        }
        if !executable_exists(program) {
            return Err(PlayerError::NotFound(command.to_string(), program.clone()));
        }
        Ok(Player::Program {
            command: command.to_string(),
            argv,
        })
    }

    /// Starts a program once and has it answer READY (within the READY
    /// limit) and FINISH, so a command fails naming it before any game.
    /// A built-in needs no check.
    pub fn check_ready(&self, limits: Limits) -> Result<(), PlayerError> {
        let Player::Program { command, argv } = self else {
            return Ok(());
        };
        let not_ready = |fault| PlayerError::NotReady {
            command: command.clone(),
            fault,
        };
        let mut p = Program::spawn(argv, limits).map_err(|e| {
            not_ready(Fault::CannotStart(format!(
                "cannot start `{}`: {e}",
                argv[0]
            )))
        })?;
        p.tell(Message::Ready);
        let ready = p.ready();
        p.tell(Message::Finish);
        p.close();
        ready.map_err(not_ready)
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
    type Err = PlayerError;
    /// As [`Player::parse`].
    fn from_str(s: &str) -> Result<Player, PlayerError> {
        Player::parse(s)
    }
}

/// Each distinct program among `players` answers READY, or the error names
/// the first that does not.
pub fn check_programs<'a>(
    players: impl IntoIterator<Item = &'a Player>,
    limits: Limits,
) -> Result<(), PlayerError> {
    let mut seen = std::collections::HashSet::new();
    for p in players {
        if seen.insert(p.command()) {
            p.check_ready(limits)?;
        }
    }
    Ok(())
}

/// Whether `program` names an executable file: a path (with a `/`), or a
/// name found in a folder of PATH.
fn executable_exists(program: &str) -> bool {
    use std::os::unix::fs::PermissionsExt;
    let is_exe = |p: &std::path::Path| {
        p.metadata()
            .is_ok_and(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
    };
    if program.contains('/') {
        return is_exe(std::path::Path::new(program));
    }
    std::env::var_os("PATH")
        .is_some_and(|path| std::env::split_paths(&path).any(|dir| is_exe(&dir.join(program))))
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
                        work: PerSeat::default(),
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
    fn work(&self) -> Option<u64> {
        match self {
            Seated::Builtin(b) => b.work(),
            Seated::Program(p) => p.work(),
        }
    }
}
