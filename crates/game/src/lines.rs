//! Text lines from a stream nobody vouches for (an engine's output, an engine's input from a
//! GUI): every line bounded in length whatever the stream holds, and any bytes accepted (invalid
//! UTF-8 becomes U+FFFD), so that one bad line is answered as such instead of ending the reading.
//!
//! ```
//! use tegoma_game::lines::{BoundedLines, Line};
//! let input = &b"uci\r\nposition startpos moves e2e4 e7e5\n\xffgo\n"[..];
//! let lines: Vec<Line> = BoundedLines::new(input, 16).map(Result::unwrap).collect();
//! assert_eq!((lines[0].text.as_str(), lines[0].cut), ("uci", false));
//! assert_eq!((lines[1].text.as_str(), lines[1].cut), ("position startpo", true));
//! assert_eq!((lines[2].text.as_str(), lines[2].replaced), ("\u{fffd}go", true));
//! assert_eq!(lines.len(), 3);
//! ```

use std::io::{self, BufRead, Read};

/// A line read by [`BoundedLines`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Line {
    /// The line without its end (`\n` and any `\r` before it): its first bytes up to the bound,
    /// invalid UTF-8 replaced by U+FFFD.
    pub text: String,
    /// Whether the line was longer than the bound (the rest of it was skipped unread).
    pub cut: bool,
    /// Whether bytes that are not UTF-8 were replaced (by U+FFFD) in `text`.
    pub replaced: bool,
}

/// An iterator over the lines of a stream, each holding at most `max` bytes of the stream; the
/// memory it uses is bounded by `max` and the reader's buffer, however long a line is.
#[derive(Debug)]
pub struct BoundedLines<R> {
    input: R,
    max: usize,
    buf: Vec<u8>,
}

impl<R: BufRead> BoundedLines<R> {
    /// The lines of `input`, each cut after `max` bytes (at least one).
    pub fn new(input: R, max: usize) -> BoundedLines<R> {
        BoundedLines {
            input,
            max: max.max(1),
            buf: Vec::new(),
        }
    }

    /// Skips the rest of a line cut at the bound: whether there was any (a line of exactly
    /// `max` bytes followed by its end is not cut).
    fn skip_rest(&mut self) -> io::Result<bool> {
        match self.input.fill_buf()?.first() {
            None => Ok(false),
            Some(b'\n') => {
                self.input.consume(1);
                Ok(false)
            }
            Some(_) => {
                self.input.skip_until(b'\n')?;
                Ok(true)
            }
        }
    }
}

impl<R: BufRead> Iterator for BoundedLines<R> {
    type Item = io::Result<Line>;

    fn next(&mut self) -> Option<io::Result<Line>> {
        self.buf.clear();
        let limit = u64::try_from(self.max).unwrap_or(u64::MAX);
        match self
            .input
            .by_ref()
            .take(limit)
            .read_until(b'\n', &mut self.buf)
        {
            Ok(0) => return None,
            Ok(_) => {}
            Err(e) => return Some(Err(e)),
        }
        let mut cut = false;
        if self.buf.last() == Some(&b'\n') {
            self.buf.pop();
        } else if self.buf.len() >= self.max {
            cut = match self.skip_rest() {
                Ok(cut) => cut,
                Err(e) => return Some(Err(e)),
            };
        }
        while self.buf.last() == Some(&b'\r') {
            self.buf.pop();
        }
        let (text, replaced) = match String::from_utf8_lossy(&self.buf) {
            std::borrow::Cow::Borrowed(t) => (t.to_string(), false),
            std::borrow::Cow::Owned(t) => (t, true),
        };
        Some(Ok(Line {
            text,
            cut,
            replaced,
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(input: &[u8], max: usize) -> Vec<Line> {
        BoundedLines::new(input, max).map(Result::unwrap).collect()
    }

    fn line(text: &str, cut: bool) -> Line {
        Line {
            text: text.into(),
            cut,
            replaced: false,
        }
    }

    #[test]
    fn lines_at_and_around_the_bound() {
        assert_eq!(
            read(b"abcd\nxy", 4),
            [line("abcd", false), line("xy", false)]
        );
        assert_eq!(read(b"abcd", 4), [line("abcd", false)]);
        assert_eq!(
            read(b"abcde\nxy\n", 4),
            [line("abcd", true), line("xy", false)]
        );
        assert_eq!(read(b"abcde", 4), [line("abcd", true)]);
        assert_eq!(
            read(b"abc\r\n\r\n\n", 4),
            [line("abc", false), line("", false), line("", false)]
        );
        assert_eq!(read(b"", 4), []);
    }

    /// A line of a hundred megabytes is read through a small buffer: only the bound is kept.
    #[test]
    fn a_huge_line_is_skipped_not_kept() {
        let huge = std::io::repeat(b'x').take(100 << 20);
        let input = io::BufReader::new(huge.chain(&b"\nok\n"[..]));
        let mut lines = BoundedLines::new(input, 1 << 10);
        let first = lines.next().unwrap().unwrap();
        assert_eq!((first.text.len(), first.cut), (1 << 10, true));
        assert!(lines.buf.capacity() < 1 << 12);
        assert_eq!(lines.next().unwrap().unwrap(), line("ok", false));
        assert!(lines.next().is_none());
    }

    #[test]
    fn any_bytes_are_read() {
        let replaced = Line {
            replaced: true,
            ..line("\u{fffd}\u{fffd} go", false)
        };
        assert_eq!(
            read(b"\xff\xfe go\n\xc3\xa9\n", 16),
            [replaced, line("é", false)]
        );
    }
}
