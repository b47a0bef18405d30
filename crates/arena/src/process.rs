//! An engine process: its standard input written line by line, its standard output read by a
//! thread into a channel (so that every read can have a deadline), the last lines of its
//! standard error kept for crash reports. The process is killed when the value is dropped.

use std::collections::VecDeque;
use std::io::{BufReader, Read, Write};
use std::process::{Child, ChildStdin, Command, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Instant;

use tegoma_game::lines::BoundedLines;

use crate::spec::EngineSpec;

/// The longest line kept from an engine (longer lines are cut there).
pub const MAX_LINE: usize = 64 * 1024;
/// How many lines of standard output wait to be read at most: an engine that prints more while
/// nobody reads (during its opponent's turn, say) waits on its pipe, so an engine flooding its
/// output holds at most this many lines of [`MAX_LINE`] bytes in memory.
pub const QUEUED_LINES: usize = 256;
/// How many lines of standard error are kept.
const STDERR_LINES: usize = 20;

/// What reading the engine gave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Read1 {
    /// A line (without its end).
    Line(String),
    /// The engine closed its output (it exited or crashed).
    Closed,
    /// The deadline passed.
    Timeout,
}

/// A running engine process.
pub struct Process {
    child: Child,
    stdin: Option<ChildStdin>,
    lines: Receiver<String>,
    stderr: Arc<Mutex<VecDeque<String>>>,
    closed: bool,
}

/// Reads lines of at most [`MAX_LINE`] bytes (the rest of a longer line is skipped), as text
/// (invalid UTF-8 replaced, the line's end and any `\r` before it taken off), giving each to
/// `each` until it returns `false` or the input ends. How every engine's output is read.
///
/// ```
/// let mut lines = Vec::new();
/// tegoma_arena::process::read_lines(&b"id name x\r\nbestmove e2e4\n\xff"[..], |l| {
///     lines.push(l);
///     true
/// });
/// assert_eq!(lines, ["id name x", "bestmove e2e4", "\u{fffd}"]);
/// ```
pub fn read_lines<R: Read>(r: R, mut each: impl FnMut(String) -> bool) {
    for line in BoundedLines::new(BufReader::new(r), MAX_LINE) {
        let Ok(line) = line else { return };
        if !each(line.text) {
            return;
        }
    }
}

impl Process {
    /// Starts the engine of a specification.
    ///
    /// # Errors
    /// The program cannot be started.
    pub fn spawn(spec: &EngineSpec) -> std::io::Result<Process> {
        let mut cmd = Command::new(&spec.program);
        cmd.args(&spec.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        if let Some(d) = &spec.dir {
            cmd.current_dir(d);
        }
        let mut child = cmd.spawn()?;
        let stdin = child.stdin.take();
        let stdout = child.stdout.take();
        let stderr_pipe = child.stderr.take();
        let (tx, rx) = mpsc::sync_channel(QUEUED_LINES);
        if let Some(out) = stdout {
            thread::spawn(move || read_lines(out, |l| tx.send(l).is_ok()));
        }
        let stderr = Arc::new(Mutex::new(VecDeque::new()));
        if let Some(err) = stderr_pipe {
            let keep = Arc::clone(&stderr);
            thread::spawn(move || {
                read_lines(err, |l| {
                    if let Ok(mut q) = keep.lock() {
                        if q.len() == STDERR_LINES {
                            q.pop_front();
                        }
                        q.push_back(l);
                    }
                    true
                })
            });
        }
        Ok(Process {
            child,
            stdin,
            lines: rx,
            stderr,
            closed: false,
        })
    }

    /// Writes one line (and flushes). Returns false when the engine no longer reads.
    pub fn send(&mut self, line: &str) -> bool {
        let Some(stdin) = &mut self.stdin else {
            return false;
        };
        let ok = stdin
            .write_all(line.as_bytes())
            .and_then(|()| stdin.write_all(b"\n"))
            .and_then(|()| stdin.flush())
            .is_ok();
        if !ok {
            self.stdin = None;
        }
        ok
    }

    /// Reads the next line, waiting until `deadline` at most.
    pub fn read(&mut self, deadline: Instant) -> Read1 {
        if self.closed {
            return Read1::Closed;
        }
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(l) => Read1::Line(l),
            Err(RecvTimeoutError::Timeout) => Read1::Timeout,
            Err(RecvTimeoutError::Disconnected) => {
                self.closed = true;
                Read1::Closed
            }
        }
    }

    /// The exit status if the process has ended, as text, plus its last lines of standard error.
    pub fn death_note(&mut self) -> String {
        // Give a crashing process a moment to be reaped.
        let mut status = None;
        for _ in 0..20 {
            if let Ok(Some(s)) = self.child.try_wait() {
                status = Some(s);
                break;
            }
            thread::sleep(std::time::Duration::from_millis(10));
        }
        let mut note = match status {
            Some(s) => format!("exited ({s})"),
            None => "closed its output".to_string(),
        };
        if let Ok(q) = self.stderr.lock() {
            if let Some(last) = q.back() {
                note.push_str(&format!("; last stderr line: {last}"));
            }
        }
        note
    }

    /// Closes the engine's input (an SEI session ends there).
    pub fn close_input(&mut self) {
        self.stdin = None;
    }

    /// Whether the process is still running.
    pub fn is_running(&mut self) -> bool {
        matches!(self.child.try_wait(), Ok(None))
    }

    /// Waits up to `deadline` for the process to exit by itself, then kills it.
    pub fn finish(mut self, deadline: Instant) {
        self.stdin = None;
        while Instant::now() < deadline {
            if !self.is_running() {
                return;
            }
            thread::sleep(std::time::Duration::from_millis(10));
        }
    }
}

/// The error of an engine whose process ended or stopped answering: the process is taken
/// (dropped) and its death note becomes the error's detail.
pub fn crashed(process: &mut Option<Process>, name: &str) -> crate::EngineError {
    let detail = process
        .take()
        .map(|mut p| p.death_note())
        .unwrap_or_else(|| "not running".into());
    crate::EngineError::Crashed {
        name: name.to_string(),
        detail,
    }
}

impl Drop for Process {
    fn drop(&mut self) {
        self.stdin = None;
        if self.is_running() {
            let _ = self.child.kill();
        }
        let _ = self.child.wait();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::time::Duration;

    /// The process's resident memory, in KiB (Linux).
    fn resident_kib() -> Option<u64> {
        let status = std::fs::read_to_string("/proc/self/status").ok()?;
        let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
        line.split_whitespace().nth(1)?.parse().ok()
    }

    /// An engine that prints without end while nobody reads it (`yes` prints a line millions of
    /// times a second) holds at most [`QUEUED_LINES`] lines in memory: with an unbounded queue
    /// this process grew by hundreds of megabytes in that second.
    #[test]
    fn an_engine_flooding_its_output_is_held_back() {
        let Some(before) = resident_kib() else {
            panic!("this test reads /proc/self/status (Linux)");
        };
        let spec = EngineSpec::parse("cmd=yes info string flood").unwrap();
        let mut p = Process::spawn(&spec).expect("`yes` (coreutils) runs");
        std::thread::sleep(Duration::from_secs(1));
        let grown = resident_kib().unwrap().saturating_sub(before);
        assert!(grown < 64 * 1024, "grew by {grown} KiB while nobody read");
        // What waits is read in order, then the engine goes on.
        for _ in 0..QUEUED_LINES + 10 {
            assert_eq!(
                p.read(Instant::now() + Duration::from_secs(5)),
                Read1::Line("info string flood".into())
            );
        }
    }
}
