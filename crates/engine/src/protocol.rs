//! Standard input and output: the protocol is recognised from the first line.
//!
//! `uci` (or another UCI command, see [`crate::uci::COMMANDS`]) starts [UCI](crate::uci)
//! (chess); a line that starts with `{` or `[` (JSON) starts
//! [SEI](crate::sei) (every rule system). Anything else is answered with one line naming the
//! two protocols, and the next line is tried again.
//!
//! Lines are read with a bound ([`MAX_LINE`]) and any bytes (invalid UTF-8 becomes U+FFFD):
//! a line too long or not UTF-8 is answered as a bad command, and the session goes on.

use std::io::{self, BufRead, Write};
use std::sync::{Arc, Mutex};

use tegoma_game::lines::BoundedLines;

/// The longest line read, 1 MiB (a UCI `position` with about 200,000 moves); the rest of a
/// longer line is skipped: UCI answers it with an `info string`, SEI with an `invalid` error.
pub const MAX_LINE: usize = 1 << 20;

/// The lines of a session's input, bounded.
pub(crate) fn lines<I: BufRead>(input: I) -> BoundedLines<I> {
    BoundedLines::new(input, MAX_LINE)
}

/// A line-oriented output shared between the reading thread and the search thread.
pub(crate) struct Out<W: Write>(Arc<Mutex<W>>);

impl<W: Write> Clone for Out<W> {
    fn clone(&self) -> Self {
        Out(Arc::clone(&self.0))
    }
}

impl<W: Write> Out<W> {
    pub(crate) fn new(w: W) -> Out<W> {
        Out(Arc::new(Mutex::new(w)))
    }

    /// Writes one line and flushes (errors are ignored: a closed output ends nothing here;
    /// the input's end does).
    pub(crate) fn line(&self, text: &str) {
        let mut w = match self.0.lock() {
            Ok(w) => w,
            Err(poisoned) => poisoned.into_inner(),
        };
        let _ = writeln!(w, "{text}");
        let _ = w.flush();
    }
}

/// Serves one protocol session on `input` and `output`, recognising the protocol from the
/// first non-empty line; returns at `quit` or at the end of the input.
///
/// # Errors
/// Only a failure to read the input.
pub fn run<I: BufRead, W: Write + Send + 'static>(input: I, output: W) -> io::Result<()> {
    let out = Out::new(output);
    let mut lines = lines(input);
    loop {
        let Some(line) = lines.next() else {
            return Ok(());
        };
        let line = line?;
        let t = line.text.trim();
        if t.is_empty() {
            continue;
        }
        // `uci`, or a UCI command sent before it (as engines such as Stockfish accept).
        let first = t.split_whitespace().next().unwrap_or("");
        if t == "uci" || crate::uci::COMMANDS.contains(&first) {
            return crate::uci::serve(std::iter::once(Ok(line)).chain(lines), out);
        }
        if t.starts_with('{') || t.starts_with('[') {
            return crate::sei::serve(std::iter::once(Ok(line)).chain(lines), out);
        }
        out.line(
            "info string unknown protocol: send `uci` (UCI, chess) or a JSON line such as {\"id\":1,\"op\":\"hello\",\"versions\":[1]} (SEI)",
        );
    }
}
