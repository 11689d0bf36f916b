//! A program behind the protocol, as one seat of the game loop: spawned in
//! its own process group (killed with the group when done), its replies
//! read by a thread that stamps their arrival, each judged against the
//! time limit from when its own command was sent — by the CPU time the
//! program used, as the official judge counts, or by the wall clock.

use crate::host::play::{Contestant, Fault, Message};
use std::io::{BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, sync_channel};
use std::time::{Duration, Instant};
use yacht_core::game::{Put, View};
use yacht_core::protocol::read_line;
use yacht_core::rules::{Bid, Bundle, MAX_BID, parse_dice};

/// Time limits of the official judge.
#[derive(Clone, Copy, Debug, serde::Serialize, serde::Deserialize)]
pub struct Limits {
    pub ready: Duration,
    pub decision: Duration,
    pub clock: Clock,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            ready: Duration::from_secs(3),
            decision: Duration::from_millis(500),
            clock: Clock::Cpu,
        }
    }
}

/// What a time limit is measured in.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Clock {
    /// The CPU time the program (all its threads) used since the command,
    /// as the official judge counts: a busy machine makes nobody late. A
    /// program that takes `WALL_SLACK` times the limit in wall time (it
    /// sleeps, blocks, or gets almost no CPU) is late too.
    #[default]
    Cpu,
    /// Wall time since the command was sent.
    Wall,
}

/// Under [`Clock::Cpu`], the wall time after which a reply is late
/// whatever CPU time it used, in multiples of the limit.
pub const WALL_SLACK: u32 = 5;

/// A clock name that is neither `cpu` nor `wall`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown clock {0:?} (cpu or wall)")]
pub struct UnknownClock(pub String);

impl std::str::FromStr for Clock {
    type Err = UnknownClock;
    fn from_str(s: &str) -> Result<Clock, UnknownClock> {
        match s {
            "cpu" => Ok(Clock::Cpu),
            "wall" => Ok(Clock::Wall),
            _ => Err(UnknownClock(s.to_string())),
        }
    }
}

impl std::fmt::Display for Clock {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Clock::Cpu => "cpu",
            Clock::Wall => "wall",
        })
    }
}

/// The CPU-time clock of a running process (all its threads).
struct CpuClock(libc::clockid_t);

impl CpuClock {
    fn of(pid: u32) -> Option<CpuClock> {
        let mut id: libc::clockid_t = 0;
        // SAFETY: writes one clockid_t through a valid pointer.
        let ok = unsafe { libc::clock_getcpuclockid(pid as libc::pid_t, &mut id) } == 0;
        ok.then_some(CpuClock(id))
    }

    /// CPU time used so far; `None` once the process is gone.
    fn now(&self) -> Option<Duration> {
        let mut t = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: writes one timespec through a valid pointer.
        let ok = unsafe { libc::clock_gettime(self.0, &mut t) } == 0;
        ok.then(|| Duration::new(t.tv_sec as u64, t.tv_nsec as u32))
    }
}

/// Longest reply line kept; longer lines are cut (and will not parse).
const MAX_LINE: usize = 4096;

/// Stderr lines logged per game; more are counted, not kept.
const MAX_DEBUG_LINES: usize = 1000;

/// How long a program may take to exit after FINISH before it is killed.
const EXIT_GRACE: Duration = Duration::from_millis(200);

/// A running program.
pub struct Program {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<(String, Instant)>,
    debug: Receiver<String>,
    limits: Limits,
    /// The program's CPU clock, when the system gives one.
    cpu: Option<CpuClock>,
    /// When the command awaiting a reply was sent, and the program's CPU
    /// time then.
    sent: Instant,
    cpu_at_send: Option<Duration>,
    /// Decision times (READY excluded), on the limits' clock: CPU time
    /// under the CPU clock, wall time under the wall clock.
    pub times: Vec<Duration>,
    /// Stderr lines passed on, and dropped past `MAX_DEBUG_LINES`.
    debug_kept: usize,
    debug_dropped: usize,
    closed: bool,
}

impl Program {
    /// Spawns `argv` (no shell).
    pub fn spawn(argv: &[String], limits: Limits) -> std::io::Result<Program> {
        use std::os::unix::process::CommandExt;
        let (prog, args) = argv
            .split_first()
            .ok_or_else(|| std::io::Error::other("empty command line"))?;
        let mut command = Command::new(prog);
        // A program is never part of an MPI run this process may be in
        // (`tuner-mpi`): it does not see the launcher's variables.
        let launcher = |k: &std::ffi::OsStr| {
            let k = k.to_string_lossy();
            ["OMPI_", "PMI_", "PMIX_"].iter().any(|p| k.starts_with(p))
        };
        for (k, _) in std::env::vars_os().filter(|(k, _)| launcher(k)) {
            command.env_remove(k);
        }
        command
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0);
        let mut child = crate::host::stop::spawn_registered(&mut command)?;
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
        Ok(Program {
            stdin: child.stdin.take(),
            cpu: CpuClock::of(child.id()),
            child,
            lines,
            debug,
            limits,
            sent: Instant::now(),
            cpu_at_send: None,
            times: Vec::new(),
            debug_kept: 0,
            debug_dropped: 0,
            closed: false,
        })
    }

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

    /// CPU time the program used since the last command was sent; `None`
    /// when it cannot be read.
    fn cpu_since_sent(&self) -> Option<Duration> {
        let now = self.cpu.as_ref()?.now()?;
        Some(now.saturating_sub(self.cpu_at_send?))
    }

    /// The reply to the last command, within `limit` of its sending on the
    /// limits' clock, with the time it took on that clock (the program's
    /// CPU time under the CPU clock, else wall time).
    fn reply(&mut self, limit: Duration) -> Result<(String, Duration), Fault> {
        let cpu = self.limits.clock == Clock::Cpu && self.cpu_at_send.is_some();
        let wall_limit = if cpu { limit * WALL_SLACK } else { limit };
        // Under the CPU clock, wait in steps: at each, the program is late
        // if its CPU time is past the limit.
        let mut check = limit;
        let (line, at) = loop {
            let wait =
                (self.sent + check.min(wall_limit)).saturating_duration_since(Instant::now());
            match self.lines.recv_timeout(wait) {
                Ok(x) => break x,
                Err(RecvTimeoutError::Disconnected) => return Err(Fault::ProgramExited),
                Err(RecvTimeoutError::Timeout) => {}
            }
            let waited = self.sent.elapsed();
            if waited >= wall_limit || !cpu {
                return Err(Fault::Tle);
            }
            match self.cpu_since_sent() {
                Some(used) if used <= limit => {
                    check = waited + (limit - used).max(Duration::from_millis(10));
                }
                _ => return Err(Fault::Tle),
            }
        };
        let took = at.saturating_duration_since(self.sent);
        match cpu.then(|| self.cpu_since_sent()).flatten() {
            Some(used) if used > limit || took > wall_limit => Err(Fault::Tle),
            Some(used) => Ok((line, used)),
            None if took > limit => Err(Fault::Tle),
            None => Ok((line, took)),
        }
    }

    /// A decision's reply, timed.
    fn decision<T>(&mut self, parse: fn(&str) -> Option<T>, bad: Fault) -> Result<T, Fault> {
        let (line, took) = self.reply(self.limits.decision)?;
        self.times.push(took);
        parse(&line).ok_or(bad)
    }
}

impl Contestant for Program {
    fn tell(&mut self, message: Message<'_>) {
        // The program's CPU time when a command that awaits a reply is
        // sent: READY's limit covers its start-up, so from the start; the
        // others from just before the command.
        let awaited = match message {
            Message::Ready => Some(Some(Duration::ZERO)),
            Message::Roll(_) | Message::Score => Some(self.cpu.as_ref().and_then(CpuClock::now)),
            _ => None,
        };
        self.send(&message.to_string());
        if let Some(cpu_at_send) = awaited {
            self.sent = Instant::now();
            self.cpu_at_send = cpu_at_send;
        }
    }

    fn ready(&mut self) -> Result<(), Fault> {
        let (line, _) = self.reply(self.limits.ready)?;
        if line.trim() == "OK" {
            Ok(())
        } else {
            Err(Fault::InvalidReady)
        }
    }

    fn bid(&mut self, _: &View) -> Result<Bid, Fault> {
        self.decision(parse_bid, Fault::BidParseFailed)
    }

    fn put(&mut self, _: &View) -> Result<Put, Fault> {
        self.decision(parse_put, Fault::PutParseFailed)
    }

    fn debug_lines(&mut self) -> Vec<String> {
        let mut arrived: Vec<String> = self.debug.try_iter().collect();
        if self.closed {
            // The program is gone: its last lines are still on their way.
            // Up to the end of its stderr (briefly: a process that left its
            // group may hold it open), so the lines kept do not depend on
            // the timing.
            let end = Instant::now() + EXIT_GRACE;
            let left = || end.saturating_duration_since(Instant::now());
            while let Ok(line) = self.debug.recv_timeout(left()) {
                arrived.push(line);
            }
        }
        let mut lines = Vec::new();
        for line in arrived {
            if self.debug_kept < MAX_DEBUG_LINES {
                self.debug_kept += 1;
                lines.push(line);
            } else {
                self.debug_dropped += 1;
            }
        }
        if self.closed && self.debug_dropped > 0 {
            lines.push(format!(
                "… {} more lines on stderr, not logged (at most {MAX_DEBUG_LINES} a game)",
                self.debug_dropped
            ));
            self.debug_dropped = 0;
        }
        lines
    }

    /// Waits up to `EXIT_GRACE` for the program to close its output (lines
    /// it still writes are dropped), then kills its process group.
    fn close(&mut self) {
        self.close_within(EXIT_GRACE);
    }
}

impl Program {
    fn close_within(&mut self, grace: Duration) {
        if self.closed {
            return;
        }
        self.closed = true;
        self.stdin = None;
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
        crate::host::stop::ended(pgid);
    }
}

impl Drop for Program {
    fn drop(&mut self) {
        self.close_within(Duration::ZERO);
    }
}

/// Reads lines (cut at MAX_LINE) with their arrival times until EOF.
fn read_lines(stream: impl Read, tx: SyncSender<(String, Instant)>) {
    let mut r = BufReader::with_capacity(1 << 16, stream);
    let mut line = Vec::new();
    while let Ok(Some(cut)) = read_line(&mut r, &mut line, MAX_LINE) {
        let mut s = String::from_utf8_lossy(&line).into_owned();
        if cut {
            s.push_str(" …(line too long)");
        }
        if tx.send((s, Instant::now())).is_err() {
            return;
        }
    }
}

/// `BID g x` with x in 0..=MAX_BID.
pub fn parse_bid(line: &str) -> Option<Bid> {
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

/// `PUT C ddddd`.
pub fn parse_put(line: &str) -> Option<Put> {
    let w: Vec<&str> = line.split_whitespace().collect();
    match w.as_slice() {
        ["PUT", c, d] => Some(Put {
            category: c.parse().ok()?,
            dice: parse_dice(d)?,
        }),
        _ => None,
    }
}
