//! A byte input over any `BufRead`, with line/column tracking and bulk scanning of the reader's
//! own buffer (no buffer of its own, so memory stays bounded by the reader's).

use std::io::BufRead;

use super::error::{PgnError, PgnErrorKind};

/// Bytes from a `BufRead`, with position tracking.
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

/// What a scan of one buffer found: bytes to consume, newlines among them and the index of the
/// last one.
struct Scan {
    n: usize,
    newlines: u64,
    last_newline: Option<usize>,
}

impl Scan {
    fn of(chunk: &[u8]) -> Scan {
        let newlines = count_newlines(chunk);
        let last_newline = if newlines == 0 {
            None
        } else {
            chunk.iter().rposition(|&b| b == b'\n')
        };
        Scan {
            n: chunk.len(),
            newlines,
            last_newline,
        }
    }
}

/// The number of newlines in `s`, eight bytes at a time (the high bit of each byte of a word
/// that is a newline, exactly, then counted).
#[inline]
fn count_newlines(s: &[u8]) -> u64 {
    const LOW7: u64 = 0x7f7f_7f7f_7f7f_7f7f;
    const NEWLINES: u64 = 0x0a0a_0a0a_0a0a_0a0a;
    let mut chunks = s.chunks_exact(8);
    let mut n = 0u64;
    for chunk in &mut chunks {
        let y = u64::from_le_bytes(chunk.try_into().expect("eight bytes")) ^ NEWLINES;
        // A byte of `y` is zero exactly when its high bit is clear here.
        let nonzero = ((y & LOW7).wrapping_add(LOW7) | y) & !LOW7;
        n += u64::from((!nonzero & !LOW7).count_ones());
    }
    n + chunks.remainder().iter().filter(|&&b| b == b'\n').count() as u64
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

    fn io_error(&self, e: std::io::Error) -> PgnError {
        self.error(PgnErrorKind::Io(e.to_string()))
    }

    /// Makes sure the reader's buffer is filled (empty only at the end of the input).
    #[inline]
    fn fill(&mut self) -> Result<(), PgnError> {
        loop {
            match self.reader.fill_buf() {
                Ok(_) => return Ok(()),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(self.io_error(e)),
            }
        }
    }

    /// The reader's current buffer, after [`Input::fill`].
    #[inline]
    fn buf(&mut self) -> &[u8] {
        self.reader.fill_buf().unwrap_or(&[])
    }

    /// Consumes what `scan` describes.
    #[inline]
    fn consume(&mut self, scan: Scan) {
        self.reader.consume(scan.n);
        if let Some(last) = scan.last_newline {
            self.line += scan.newlines;
            self.line_start = self.offset + last as u64 + 1;
        }
        self.offset += scan.n as u64;
    }

    /// The next byte, without consuming it; `None` at the end of the input.
    #[inline]
    pub(crate) fn peek(&mut self) -> Result<Option<u8>, PgnError> {
        loop {
            match self.reader.fill_buf() {
                Ok(buf) => return Ok(buf.first().copied()),
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(self.io_error(e)),
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

    /// Makes the next byte count as the start of a line (after a byte-order mark).
    pub(crate) fn restart_line(&mut self) {
        self.line_start = self.offset;
    }

    /// 1-based line of the next byte.
    pub(crate) fn line(&self) -> u64 {
        self.line
    }

    /// Bytes consumed so far.
    pub(crate) fn offset(&self) -> u64 {
        self.offset
    }

    /// Bytes of the current game consumed so far.
    pub(crate) fn game_bytes(&self) -> u64 {
        self.offset - self.game_start
    }

    /// Skips the bytes matching `skip` (newlines included) in bulk; returns the next byte.
    pub(crate) fn skip_while(&mut self, skip: impl Fn(u8) -> bool) -> Result<Option<u8>, PgnError> {
        loop {
            self.fill()?;
            let buf = self.buf();
            let n = buf.iter().position(|&b| !skip(b));
            let scan = Scan::of(&buf[..n.unwrap_or(buf.len())]);
            let next = n.map(|i| buf[i]);
            let empty = buf.is_empty();
            self.consume(scan);
            if next.is_some() || empty {
                return Ok(next);
            }
        }
    }

    /// Appends to `out` the bytes matching `pred` (which must never match a newline), in bulk,
    /// as long as `out` stays within `max` bytes. Returns `false` when the limit stopped it.
    pub(crate) fn take_while(
        &mut self,
        pred: impl Fn(u8) -> bool,
        out: &mut Vec<u8>,
        max: usize,
    ) -> Result<bool, PgnError> {
        loop {
            self.fill()?;
            let buf = self.buf();
            if buf.is_empty() {
                return Ok(true);
            }
            let found = buf.iter().position(|&b| !pred(b));
            let n = found.unwrap_or(buf.len());
            let take = n.min(max.saturating_sub(out.len()));
            out.extend_from_slice(&buf[..take]);
            self.reader.consume(take);
            self.offset += take as u64;
            if take < n {
                return Ok(false);
            }
            if found.is_some() {
                return Ok(true);
            }
        }
    }

    /// Consumes bytes up to and including `end`, appending those before it to `out` when `keep`
    /// (within `max` bytes). Returns `Ok(Some(true))` when `end` was found, `Ok(Some(false))` at
    /// the end of the input, `Ok(None)` when the limit was hit.
    pub(crate) fn take_until(
        &mut self,
        end: u8,
        out: &mut Vec<u8>,
        keep: bool,
        max: usize,
    ) -> Result<Option<bool>, PgnError> {
        loop {
            self.fill()?;
            let buf = self.buf();
            if buf.is_empty() {
                return Ok(Some(false));
            }
            let found = buf.iter().position(|&b| b == end);
            let n = found.unwrap_or(buf.len());
            if keep {
                if out.len() + n > max {
                    let take = max - out.len().min(max);
                    out.extend_from_slice(&buf[..take]);
                    let scan = Scan::of(&buf[..take]);
                    self.consume(scan);
                    return Ok(None);
                }
                out.extend_from_slice(&buf[..n]);
            }
            let scan = Scan::of(&buf[..found.map_or(n, |i| i + 1)]);
            self.consume(scan);
            if found.is_some() {
                return Ok(Some(true));
            }
        }
    }

    /// Gives the reader's current buffer (empty at the end of the input) to `f`, which returns
    /// how many of its bytes to consume (newlines among them are counted) and a value.
    pub(crate) fn scan_buf<T>(
        &mut self,
        f: impl FnOnce(&[u8]) -> (usize, T),
    ) -> Result<T, PgnError> {
        self.fill()?;
        let buf = self.buf();
        let (n, value) = f(buf);
        let scan = Scan::of(&buf[..n.min(buf.len())]);
        self.consume(scan);
        Ok(value)
    }

    /// Skips the rest of the current line, newline included, without storing it.
    pub(crate) fn skip_line(&mut self) -> Result<(), PgnError> {
        let mut sink = Vec::new();
        self.take_until(b'\n', &mut sink, false, 0).map(|_| ())
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

#[cfg(test)]
mod tests {
    use super::count_newlines;

    /// The word-at-a-time count agrees with a byte-by-byte count, whatever the bytes around the
    /// newlines (their neighbours 0x0b and 0x09, 0x8a and 0xff, which a borrow could confuse).
    #[test]
    fn newlines_are_counted_exactly() {
        let bytes = [b'\n', 0x0b, 0x09, 0x8a, 0xff, 0, b'a', 0x0a ^ 0x80];
        let mut seed = 0x9e37_79b9_7f4a_7c15u64;
        for len in 0..200 {
            for _ in 0..50 {
                let s: Vec<u8> = (0..len)
                    .map(|_| {
                        seed ^= seed << 13;
                        seed ^= seed >> 7;
                        seed ^= seed << 17;
                        bytes[(seed % 8) as usize]
                    })
                    .collect();
                let slow = s.iter().filter(|&&b| b == b'\n').count() as u64;
                assert_eq!(count_newlines(&s), slow, "{s:?}");
            }
        }
    }
}
