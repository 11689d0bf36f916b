//! The referee: plays a game by exchanging protocol lines with two endpoints,
//! each a program (spawned in its own process group, killed with the group
//! when done) or an in-process built-in behind the same protocol. Enforces
//! the time limits and the official fault reasons, and records the events for
//! the official log.

use crate::host::deal::Deal;
use crate::host::runner::GameResult;
use crate::host::transcript::Event;
use std::io::{BufRead, BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, sync_channel};
use std::time::{Duration, Instant};
use yacht_core::game::{Put, Roll, Strategy, View};
use yacht_core::protocol::{Bot, Reply};
use yacht_core::rules::{Bid, Bundle, Category, MAX_BID, Seat, parse_dice, resolve_auction};

/// Time limits of the official judge.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub ready: Duration,
    pub decision: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            ready: Duration::from_secs(3),
            decision: Duration::from_millis(500),
        }
    }
}

/// Why a reply could not be had.
#[derive(Debug, PartialEq, Eq)]
pub enum NoReply {
    Timeout,
    Exited,
}

/// One side of the protocol, as the referee sees it.
pub trait Endpoint {
    fn send(&mut self, line: &str);
    /// The next line, waiting until `deadline`; with the time it arrived.
    fn recv(&mut self, deadline: Instant) -> Result<(String, Instant), NoReply>;
    /// Lines written to stderr since the last call.
    fn debug_lines(&mut self) -> Vec<String>;
    /// Ends the endpoint: wait briefly for a clean exit, then kill.
    fn close(&mut self, grace: Duration);
}

/// A built-in strategy behind the protocol, in-process.
pub struct BuiltinEndpoint {
    bot: Bot<Box<dyn Strategy>>,
    replies: std::collections::VecDeque<String>,
    notes: Vec<String>,
}

impl BuiltinEndpoint {
    pub fn new(strategy: Box<dyn Strategy>, seed: u64) -> BuiltinEndpoint {
        BuiltinEndpoint {
            bot: Bot::new(strategy, seed),
            replies: Default::default(),
            notes: vec![],
        }
    }
}

impl Endpoint for BuiltinEndpoint {
    fn send(&mut self, line: &str) {
        match self.bot.handle(line) {
            Reply::Line(l) => self.replies.push_back(l),
            Reply::Ignored(n) => self.notes.push(n),
            Reply::Silent | Reply::Finish => {}
        }
    }

    fn recv(&mut self, _deadline: Instant) -> Result<(String, Instant), NoReply> {
        self.replies
            .pop_front()
            .map(|l| (l, Instant::now()))
            .ok_or(NoReply::Exited)
    }

    fn debug_lines(&mut self) -> Vec<String> {
        std::mem::take(&mut self.notes)
    }

    fn close(&mut self, _grace: Duration) {}
}

/// Longest reply line kept; longer lines are cut (and will not parse).
const MAX_LINE: usize = 4096;

/// A program, spawned in its own process group.
pub struct ProcessEndpoint {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<(String, Instant)>,
    debug: Receiver<String>,
    closed: bool,
}

impl ProcessEndpoint {
    /// Spawns `argv` (no shell).
    pub fn spawn(argv: &[String]) -> std::io::Result<ProcessEndpoint> {
        use std::os::unix::process::CommandExt;
        let (prog, args) = argv
            .split_first()
            .ok_or_else(|| std::io::Error::other("empty command line"))?;
        let mut child = Command::new(prog)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0)
            .spawn()?;
        let stdout = child.stdout.take().expect("piped stdout");
        let stderr = child.stderr.take().expect("piped stderr");
        let (tx, lines) = sync_channel(64);
        std::thread::spawn(move || read_lines(stdout, tx));
        let (dtx, debug) = sync_channel(1024);
        std::thread::spawn(move || {
            let (ltx, lrx) = sync_channel(16);
            std::thread::spawn(move || read_lines(stderr, ltx));
            for (l, _) in lrx {
                // Drop debug lines rather than block a chatty program.
                let _ = dtx.try_send(l);
            }
        });
        Ok(ProcessEndpoint {
            stdin: child.stdin.take(),
            child,
            lines,
            debug,
            closed: false,
        })
    }
}

/// Reads lines (cut at MAX_LINE) with their arrival times until EOF.
fn read_lines(stream: impl Read, tx: SyncSender<(String, Instant)>) {
    let mut r = BufReader::with_capacity(1 << 16, stream);
    loop {
        let mut line = Vec::new();
        let mut long = false;
        loop {
            let buf = match r.fill_buf() {
                Ok(b) => b,
                Err(_) => return,
            };
            if buf.is_empty() {
                if !line.is_empty() {
                    let _ = tx.send((String::from_utf8_lossy(&line).into_owned(), Instant::now()));
                }
                return;
            }
            let (chunk, found) = match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (&buf[..i], Some(i + 1)),
                None => (buf, None),
            };
            if line.len() + chunk.len() <= MAX_LINE {
                line.extend_from_slice(chunk);
            } else {
                long = true;
            }
            let used = found.unwrap_or(buf.len());
            r.consume(used);
            if found.is_some() {
                break;
            }
        }
        let mut s = String::from_utf8_lossy(&line).into_owned();
        if long {
            s.push_str(" …(line too long)");
        }
        if tx.send((s, Instant::now())).is_err() {
            return;
        }
    }
}

impl Endpoint for ProcessEndpoint {
    fn send(&mut self, line: &str) {
        if let Some(stdin) = &mut self.stdin {
            let ok = stdin.write_all(line.as_bytes()).is_ok()
                && stdin.write_all(b"\n").is_ok()
                && stdin.flush().is_ok();
            if !ok {
                self.stdin = None;
            }
        }
    }

    fn recv(&mut self, deadline: Instant) -> Result<(String, Instant), NoReply> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(x) => Ok(x),
            Err(RecvTimeoutError::Timeout) => Err(NoReply::Timeout),
            Err(RecvTimeoutError::Disconnected) => Err(NoReply::Exited),
        }
    }

    fn debug_lines(&mut self) -> Vec<String> {
        self.debug.try_iter().collect()
    }

    fn close(&mut self, grace: Duration) {
        if self.closed {
            return;
        }
        self.closed = true;
        self.stdin = None;
        // A program that exits closes its stdout: wait for that (lines it
        // still writes are dropped), not for a polling interval.
        let end = Instant::now() + grace;
        while let Ok(_line) = self
            .lines
            .recv_timeout(end.saturating_duration_since(Instant::now()))
        {}
        // The whole group: a program's children go too.
        let pgid = self.child.id() as i32;
        // SAFETY: kill(2) with a negative pid signals a process group; no
        // memory is involved.
        unsafe {
            libc::kill(-pgid, libc::SIGKILL);
        }
        let _ = self.child.wait();
    }
}

impl Drop for ProcessEndpoint {
    fn drop(&mut self) {
        self.close(Duration::ZERO);
    }
}

/// A game played through the protocol.
#[derive(Debug)]
pub struct RefereedGame {
    pub result: GameResult,
    pub events: Vec<Event>,
    /// Decision times (READY excluded) per seat.
    pub times: [Vec<Duration>; 2],
}

fn parse_bid(line: &str) -> Option<Bid> {
    let w: Vec<&str> = line.split_whitespace().collect();
    match w.as_slice() {
        ["BID", g, x] => {
            let bundle = Bundle::parse(g)?;
            let amount: u32 = x.parse().ok()?;
            (amount <= MAX_BID).then_some(Bid { bundle, amount })
        }
        _ => None,
    }
}

fn parse_put(line: &str) -> Option<Put> {
    let w: Vec<&str> = line.split_whitespace().collect();
    match w.as_slice() {
        ["PUT", c, d] => Some(Put {
            category: Category::parse(c)?,
            dice: parse_dice(d)?,
        }),
        _ => None,
    }
}

struct Game<'a> {
    ends: [&'a mut dyn Endpoint; 2],
    limits: Limits,
    views: [View; 2],
    events: Vec<Event>,
    times: [Vec<Duration>; 2],
}

const SEATS: [Seat; 2] = [Seat::First, Seat::Second];

impl Game<'_> {
    fn send_both(&mut self, line: &str) -> Instant {
        for e in self.ends.iter_mut() {
            e.send(line);
        }
        Instant::now()
    }

    fn drain_debug(&mut self) {
        for (i, e) in self.ends.iter_mut().enumerate() {
            for l in e.debug_lines() {
                self.events.push(Event::Debug(SEATS[i], l));
            }
        }
    }

    /// Both replies to a command sent at `sent`, or the first fault.
    fn replies<T>(
        &mut self,
        sent: Instant,
        limit: Duration,
        parse: impl Fn(&str) -> Result<T, String>,
    ) -> Result<[T; 2], (Seat, String)> {
        let mut out = Vec::with_capacity(2);
        for (i, seat) in SEATS.into_iter().enumerate() {
            let got = self.ends[i].recv(sent + limit);
            let (line, at) = match got {
                Ok(x) => x,
                Err(NoReply::Timeout) => return Err((seat, "TLE".into())),
                Err(NoReply::Exited) => return Err((seat, "PROGRAM EXITED".into())),
            };
            let took = at.saturating_duration_since(sent);
            if took > limit {
                return Err((seat, "TLE".into()));
            }
            if limit == self.limits.decision {
                self.times[i].push(took);
            }
            out.push(parse(&line).map_err(|why| (seat, why))?);
        }
        let b = out.pop().expect("two replies");
        let a = out.pop().expect("two replies");
        Ok([a, b])
    }

    fn play(&mut self, deal: &Deal) -> Result<(), (Seat, String)> {
        let sent = self.send_both("READY");
        let ready = self.limits.ready;
        self.replies(sent, ready, |l| {
            if l.trim() == "OK" {
                Ok(())
            } else {
                Err("INVALID READY MESSAGE".into())
            }
        })?;
        let decision = self.limits.decision;
        for round in 1..=13 {
            self.events.push(Event::Round(round));
            if round <= 12 {
                let (a, b) = deal.rolls[round - 1];
                self.events.push(Event::Roll(a, b));
                let line = format!(
                    "ROLL {} {}",
                    yacht_core::rules::format_dice(&a),
                    yacht_core::rules::format_dice(&b)
                );
                let sent = self.send_both(&line);
                let bids = self.replies(sent, decision, |l| {
                    parse_bid(l).ok_or_else(|| "BID PARSE FAILED".to_string())
                });
                self.drain_debug();
                let bids = bids?;
                let roll = Roll::new(a, b);
                for i in 0..2 {
                    self.events.push(Event::Bid(SEATS[i], bids[i]));
                    self.views[i].on_roll(roll);
                    self.views[i].on_my_bid(bids[i]);
                }
                let awards = resolve_auction(bids[0], bids[1], deal.ties[round - 1]);
                for i in 0..2 {
                    self.events.push(Event::Get(SEATS[i], awards[i].bundle));
                }
                for i in 0..2 {
                    let o = bids[1 - i];
                    self.views[i].on_get(awards[i].bundle, o.bundle, o.amount);
                    let line = format!(
                        "GET {} {} {}",
                        awards[i].bundle.letter(),
                        o.bundle.letter(),
                        o.amount
                    );
                    self.ends[i].send(&line);
                }
            }
            if round >= 2 {
                let sent = self.send_both("SCORE");
                let puts = self.replies(sent, decision, |l| {
                    parse_put(l).ok_or_else(|| "PUT PARSE FAILED".to_string())
                });
                self.drain_debug();
                let puts = puts?;
                for i in 0..2 {
                    self.events.push(Event::Put(SEATS[i], puts[i]));
                    self.views[i]
                        .on_my_put(&puts[i])
                        .map_err(|e| (SEATS[i], e.reason().to_string()))?;
                }
                for i in 0..2 {
                    let p = puts[1 - i];
                    let _ = self.views[i].on_set(&p);
                    let line = format!(
                        "SET {} {}",
                        p.category.name(),
                        yacht_core::rules::format_dice(&p.dice)
                    );
                    self.ends[i].send(&line);
                }
            }
        }
        Ok(())
    }
}

/// Plays one game between two endpoints and closes them.
pub fn referee_game(ends: [&mut dyn Endpoint; 2], deal: &Deal, limits: Limits) -> RefereedGame {
    let mut g = Game {
        ends,
        limits,
        views: [View::new(), View::new()],
        events: Vec::new(),
        times: [Vec::new(), Vec::new()],
    };
    let fault = g.play(deal).err();
    if let Some((seat, why)) = &fault {
        g.events.push(Event::Abort(*seat, why.clone()));
    }
    g.send_both("FINISH");
    for e in g.ends.iter_mut() {
        e.close(Duration::from_millis(200));
    }
    g.drain_debug();
    let [a, b] = g.views;
    RefereedGame {
        result: GameResult {
            cards: [a.me, b.me],
            fault,
        },
        events: g.events,
        times: g.times,
    }
}

/// A participant of a refereed game: a built-in (played in-process) or a
/// program command line.
#[derive(Clone, Debug, PartialEq)]
pub enum Player {
    Builtin(crate::players::StrategySpec),
    Program { command: String, argv: Vec<String> },
}

impl Player {
    /// `builtin:SPEC`, or a command line split like a shell would (it is
    /// never run through a shell).
    pub fn parse(s: &str) -> Result<Player, String> {
        if let Some(spec) = s.strip_prefix("builtin:") {
            return crate::players::StrategySpec::parse(spec).map(Player::Builtin);
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

    fn endpoint(&self, seed: u64) -> Result<Box<dyn Endpoint>, String> {
        match self {
            Player::Builtin(spec) => Ok(Box::new(BuiltinEndpoint::new(spec.build(), seed))),
            Player::Program { argv, .. } => ProcessEndpoint::spawn(argv)
                .map(|p| Box::new(p) as Box<dyn Endpoint>)
                .map_err(|e| format!("cannot start `{}`: {e}", argv[0])),
        }
    }
}

/// Plays one deal between two players (first seat first). Two built-ins play
/// in-process without the protocol (same moves, much faster); anything else
/// goes through the referee.
pub fn play_deal(
    players: [&Player; 2],
    deal: &Deal,
    seeds: [u64; 2],
    limits: Limits,
) -> RefereedGame {
    let Some([mut x, mut y]) = builtins(players) else {
        return play_programs(players, deal, seeds, limits);
    };
    let mut events = Vec::new();
    let result =
        crate::host::runner::play_game([&mut *x, &mut *y], deal, seeds, |e| events.push(e));
    RefereedGame {
        result,
        events,
        times: [vec![], vec![]],
    }
}

/// The result of a deal, as [`play_deal`] but without recording the events
/// of built-in games (evaluation plays millions of them).
pub fn deal_result(
    players: [&Player; 2],
    deal: &Deal,
    seeds: [u64; 2],
    limits: Limits,
) -> GameResult {
    let Some([mut x, mut y]) = builtins(players) else {
        return play_programs(players, deal, seeds, limits).result;
    };
    crate::host::runner::play_game([&mut *x, &mut *y], deal, seeds, |_| {})
}

/// Both players as fresh in-process strategies, when both are built-ins.
fn builtins(players: [&Player; 2]) -> Option<[Box<dyn Strategy>; 2]> {
    match players {
        [Player::Builtin(a), Player::Builtin(b)] => Some([a.build(), b.build()]),
        _ => None,
    }
}

/// A deal with at least one program: through the referee.
fn play_programs(
    players: [&Player; 2],
    deal: &Deal,
    seeds: [u64; 2],
    limits: Limits,
) -> RefereedGame {
    let mut ends = Vec::with_capacity(2);
    for (i, p) in players.iter().enumerate() {
        match p.endpoint(seeds[i]) {
            Ok(e) => ends.push(e),
            Err(why) => {
                let seat = SEATS[i];
                return RefereedGame {
                    result: GameResult {
                        cards: Default::default(),
                        fault: Some((seat, why.clone())),
                    },
                    events: vec![Event::Abort(seat, why)],
                    times: [vec![], vec![]],
                };
            }
        }
    }
    let [a, b] = &mut ends[..] else {
        unreachable!("two endpoints")
    };
    referee_game([&mut **a, &mut **b], deal, limits)
}
