//! Standard output and standard error as ruling R9 sets them: results on standard output,
//! `error: <Kind>: <explanation>` (and warnings, `warning: ...`) on standard error, and exit code 1 when
//! any input failed or the output could not be written (`error: Io`, never a panic).
use std::fmt::Display;
use std::io::{self, BufWriter, StdoutLock, Write};
use std::process::ExitCode;

/// Buffered standard output that remembers its first write error (a full disk, a closed
/// output): later writes are skipped and [`Out::finish`] reports it.
pub struct Out {
    w: BufWriter<StdoutLock<'static>>,
    error: Option<io::Error>,
}

impl Out {
    /// Locks standard output for the command.
    pub fn new() -> Out {
        Out {
            w: BufWriter::with_capacity(1 << 16, io::stdout().lock()),
            error: None,
        }
    }

    /// Writes one line.
    pub fn line(&mut self, line: impl Display) {
        if self.error.is_none() {
            if let Err(e) = writeln!(self.w, "{line}") {
                self.error = Some(e);
            }
        }
    }

    /// Writes text as it is.
    pub fn text(&mut self, text: &str) {
        if self.error.is_none() {
            if let Err(e) = self.w.write_all(text.as_bytes()) {
                self.error = Some(e);
            }
        }
    }

    /// Whether a write has failed (a loop over many inputs may stop early).
    pub fn failed(&self) -> bool {
        self.error.is_some()
    }

    /// Flushes; exit code 0 when `ok` and everything was written, else 1 (a write failure is
    /// reported as `error: Io`).
    pub fn finish(mut self, ok: bool) -> ExitCode {
        if self.error.is_none() {
            if let Err(e) = self.w.flush() {
                self.error = Some(e);
            }
        }
        match self.error {
            Some(e) => {
                error("Io", format_args!("cannot write the output: {e}"));
                ExitCode::from(1)
            }
            None if ok => ExitCode::SUCCESS,
            None => ExitCode::from(1),
        }
    }
}

/// Prints `error: <kind>: <message>` on standard error.
pub fn error(kind: &str, message: impl Display) {
    diagnostic(format_args!("error: {kind}: {message}"));
}

/// Prints one line on standard error. A standard error that cannot be written is ignored
/// (`eprintln!` would panic): the exit code still tells.
pub fn diagnostic(line: impl Display) {
    let _ = writeln!(io::stderr(), "{line}");
}

/// Whether standard output was closed when the process started. Rust's start-up code opens
/// `/dev/null` in place of a closed standard descriptor, and a write there succeeds, so a
/// command started with `>&-` would otherwise exit 0 having written nothing. The check runs
/// before that, as an ELF constructor (Linux).
#[cfg(target_os = "linux")]
mod closed_at_start {
    use std::sync::atomic::{AtomicBool, Ordering};

    static CLOSED: AtomicBool = AtomicBool::new(false);

    extern "C" fn check() {
        // SAFETY: F_GETFD on a descriptor number only queries the descriptor table.
        let closed = unsafe { libc::fcntl(libc::STDOUT_FILENO, libc::F_GETFD) } == -1;
        CLOSED.store(closed, Ordering::Relaxed);
    }

    /// Runs `check` before `main` and before Rust's runtime replaces closed descriptors.
    #[used]
    #[link_section = ".init_array"]
    static CHECK: extern "C" fn() = check;

    pub fn closed() -> bool {
        CLOSED.load(Ordering::Relaxed)
    }
}

/// Whether standard output is usable: it was open when the process started.
#[cfg(target_os = "linux")]
pub fn stdout_is_open() -> bool {
    !closed_at_start::closed()
}

/// Whether standard output is usable (other systems: checked now; on those where the runtime
/// replaces a closed descriptor, the replacement is taken as open).
#[cfg(all(unix, not(target_os = "linux")))]
pub fn stdout_is_open() -> bool {
    // SAFETY: F_GETFD on a descriptor number only queries the descriptor table.
    unsafe { libc::fcntl(libc::STDOUT_FILENO, libc::F_GETFD) != -1 }
}

/// Whether standard output is usable (always, where it cannot be checked).
#[cfg(not(unix))]
pub fn stdout_is_open() -> bool {
    true
}
