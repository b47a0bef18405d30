//! A byte input over any `BufRead`, with a bounded buffer and line/column tracking.

use std::io::BufRead;

use super::error::{PgnError, PgnErrorKind};

/// Bytes from a `BufRead`, one at a time, with position tracking. Never holds more than the
/// reader's own buffer.
pub(crate) struct Input<R> {
    reader: R,
    /// Bytes consumed from the reader so far.
    offset: u64,
    /// 1-based line number of the next byte.
    line: u64,
    /// Offset of the first byte of the current line.
    line_start: u64,
    /// Offset where the current game began (for the game size limit).
    pub(crate) game_start: u64,
}

impl<R: BufRead> Input<R> {
    pub(crate) fn new(reader: R) -> Input<R> {
        Input {
            reader,
            offset: 0,
            line: 1,
            line_start: 0,
            game_start: 0,
        }
    }

    /// The next byte, without consuming it; `None` at the end of the input.
    #[inline]
    pub(crate) fn peek(&mut self) -> Result<Option<u8>, PgnError> {
        loop {
            match self.reader.fill_buf() {
                Ok(buf) => return Ok(buf.first().copied()),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(self.error(PgnErrorKind::Io(e.to_string()))),
            }
        }
    }

    /// Consumes the byte last peeked (`b`).
    #[inline]
    pub(crate) fn bump(&mut self, b: u8) {
        self.reader.consume(1);
        self.offset += 1;
        if b == b'\n' {
            self.line += 1;
            self.line_start = self.offset;
        }
    }

    /// Consumes and returns the next byte.
    #[inline]
    pub(crate) fn next(&mut self) -> Result<Option<u8>, PgnError> {
        let b = self.peek()?;
        if let Some(b) = b {
            self.bump(b);
        }
        Ok(b)
    }

    /// Whether the next byte starts a line.
    pub(crate) fn at_line_start(&self) -> bool {
        self.offset == self.line_start
    }

    /// Bytes consumed so far.
    pub(crate) fn offset(&self) -> u64 {
        self.offset
    }

    /// Bytes of the current game consumed so far.
    pub(crate) fn game_bytes(&self) -> u64 {
        self.offset - self.game_start
    }

    /// Skips the rest of the current line, newline included, without storing it.
    pub(crate) fn skip_line(&mut self) -> Result<(), PgnError> {
        loop {
            let (found, n) = {
                let buf = match self.reader.fill_buf() {
                    Ok(buf) => buf,
                    Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                    Err(e) => return Err(self.error(PgnErrorKind::Io(e.to_string()))),
                };
                if buf.is_empty() {
                    return Ok(());
                }
                match buf.iter().position(|&b| b == b'\n') {
                    Some(i) => (true, i + 1),
                    None => (false, buf.len()),
                }
            };
            self.reader.consume(n);
            self.offset += n as u64;
            if found {
                self.line += 1;
                self.line_start = self.offset;
                return Ok(());
            }
        }
    }

    /// An error at the current position.
    pub(crate) fn error(&self, kind: PgnErrorKind) -> PgnError {
        PgnError {
            line: self.line,
            column: self.offset - self.line_start + 1,
            kind,
        }
    }
}
