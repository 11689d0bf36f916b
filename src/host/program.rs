//! A program behind the protocol, as one seat of the game loop: spawned in
//! its own process group (killed with the group when done), its replies
//! read by a thread that stamps their arrival, each judged against the
//! time limit from when its own command was sent.

use crate::host::play::{Contestant, Fault, Message};
use std::io::{BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{Receiver, RecvTimeoutError, SyncSender, sync_channel};
use std::time::{Duration, Instant};
use yacht_core::game::{Put, View};
use yacht_core::protocol::read_line;
use yacht_core::rules::{Bid, Bundle, MAX_BID, parse_dice};

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
    /// When the command awaiting a reply was sent.
    sent: Instant,
    /// Decision times (READY excluded).
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
            child,
            lines,
            debug,
            limits,
            sent: Instant::now(),
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

    /// The reply to the last command, within `limit` of its sending, with
    /// the time it took.
    fn reply(&mut self, limit: Duration) -> Result<(String, Duration), Fault> {
        let wait = (self.sent + limit).saturating_duration_since(Instant::now());
        let (line, at) = match self.lines.recv_timeout(wait) {
            Ok(x) => x,
            Err(RecvTimeoutError::Timeout) => return Err(Fault::Tle),
            Err(RecvTimeoutError::Disconnected) => return Err(Fault::ProgramExited),
        };
        let took = at.saturating_duration_since(self.sent);
        if took > limit {
            return Err(Fault::Tle);
        }
        Ok((line, took))
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
        self.send(&message.to_string());
        if matches!(message, Message::Ready | Message::Roll(_) | Message::Score) {
            self.sent = Instant::now();
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
        let mut lines = Vec::new();
        for line in self.debug.try_iter() {
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
