//! Several PCN records in one file or stream (ruling R8), read one at a time.
//!
//! [`Records`] accepts, detected from the first non-blank byte:
//! - **one record**, JSON (compact or pretty-printed) or TOML (a TOML text holds one record);
//! - **JSON Lines**: one compact JSON record per line (blank lines are skipped); JSON records
//!   that are merely separated by white space (several pretty-printed records one after the
//!   other) are read too;
//! - **a JSON array** of records.
//!
//! An input of nothing but white space has no record. Memory is bounded by one record ([`MAX_DOCUMENT_BYTES`], per record, not per stream): a
//! larger record is skipped and reported as `DocumentTooLarge`. A record that does not read
//! (bad JSON, bad PMN, ...) is reported with its index and line and the next one is read: in
//! JSON Lines a broken line does not hide the lines after it.
//!
//! ```
//! use tegoma_notation::pcn::stream::Records;
//!
//! let text = "{\"setup\": \"8/8 / C/c\"}\n{\"setup\": \"8/8 / C/c\", \"plies\": []}\n";
//! let records: Vec<_> = Records::new(text.as_bytes()).collect();
//! assert_eq!(records.len(), 2);
//! assert!(records.iter().all(Result::is_ok));
//! let array = "[{\"setup\": \"8/8 / C/c\"}, {\"setup\": \"8/8 / C/c\"}]";
//! assert_eq!(Records::new(array.as_bytes()).count(), 2);
//! ```

use std::io::{self, BufRead};

use super::{Pcn, PcnError, MAX_DOCUMENT_BYTES};
use crate::NotationError;

/// How the records of a stream are laid out (known once the first one is read).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Layout {
    /// One TOML record.
    Toml,
    /// JSON records one after the other (one record, or JSON Lines).
    Json,
    /// A JSON array of records.
    Array,
}

/// Why one record of a stream could not be read.
#[derive(Debug, thiserror::Error)]
pub enum StreamError {
    /// Reading the input failed (kind `Io`).
    #[error("{0}")]
    Io(#[from] io::Error),
    /// The record is not a PCN record (the kind is the record's error's).
    #[error("record {index} (line {line}): {error}")]
    Record {
        /// The record's index in the stream, from 0.
        index: usize,
        /// The line where it starts, from 1.
        line: usize,
        /// Why it does not read.
        error: PcnError,
    },
    /// The record is not UTF-8 (kind `InvalidUtf8`).
    #[error("record {index} (line {line}): not valid UTF-8")]
    InvalidUtf8 {
        /// The record's index, from 0.
        index: usize,
        /// The line where it starts, from 1.
        line: usize,
    },
    /// Something other than a record where one should start (kind `MalformedJson`).
    #[error("line {line}: expected a PCN record (a JSON object), found {found:?}")]
    Unexpected {
        /// The line, from 1.
        line: usize,
        /// The character found.
        found: char,
    },
}

impl NotationError for StreamError {
    fn kind(&self) -> &'static str {
        match self {
            StreamError::Io(_) => "Io",
            StreamError::Record { error, .. } => error.kind(),
            StreamError::InvalidUtf8 { .. } => "InvalidUtf8",
            StreamError::Unexpected { .. } => "MalformedJson",
        }
    }
}

/// The records of a PCN stream, one at a time (see the [module](self) documentation).
pub struct Records<R> {
    input: R,
    layout: Option<Layout>,
    /// Lines read so far (the current line's number is `line`).
    line: usize,
    index: usize,
    done: bool,
    /// JSON Lines: the first record fit on one line, so every record must.
    one_line: Option<bool>,
    buf: Vec<u8>,
}

impl<R: BufRead> Records<R> {
    /// Reads records from `input`.
    pub fn new(input: R) -> Records<R> {
        Records {
            input,
            layout: None,
            line: 1,
            index: 0,
            done: false,
            one_line: None,
            buf: Vec::new(),
        }
    }

    /// The layout, once the first record has been asked for.
    pub fn layout(&self) -> Option<Layout> {
        self.layout
    }

    fn peek(&mut self) -> io::Result<Option<u8>> {
        loop {
            match self.input.fill_buf() {
                Ok(b) => return Ok(b.first().copied()),
                Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e),
            }
        }
    }

    fn bump(&mut self) {
        self.input.consume(1);
    }

    /// Skips white space (and a byte-order mark at the very start); the next byte, if any.
    fn skip_blank(&mut self) -> io::Result<Option<u8>> {
        loop {
            match self.peek()? {
                Some(b'\n') => {
                    self.line += 1;
                    self.bump();
                }
                Some(b' ' | b'\t' | b'\r') => self.bump(),
                // U+FEFF in UTF-8.
                Some(0xEF) if self.layout.is_none() => {
                    for expected in [0xEF, 0xBB, 0xBF] {
                        if self.peek()? != Some(expected) {
                            return self.peek();
                        }
                        self.bump();
                    }
                }
                other => return Ok(other),
            }
        }
    }

    /// Skips the rest of the current line (after an error, to read the next record).
    fn skip_line(&mut self) -> io::Result<()> {
        while let Some(b) = self.peek()? {
            self.bump();
            if b == b'\n' {
                self.line += 1;
                break;
            }
        }
        Ok(())
    }

    /// Reads one JSON value starting at `{` into `self.buf` (up to [`MAX_DOCUMENT_BYTES`]).
    /// Returns `(complete, too_large)`.
    fn scan_object(&mut self) -> io::Result<(bool, bool)> {
        self.buf.clear();
        let mut depth = 0usize;
        let mut in_string = false;
        let mut escaped = false;
        let mut too_large = false;
        let strict_line = self.one_line == Some(true) && self.layout == Some(Layout::Json);
        let start_line = self.line;
        loop {
            let chunk = loop {
                match self.input.fill_buf() {
                    Ok(b) => break b,
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(e) => return Err(e),
                }
            };
            if chunk.is_empty() {
                return Ok((false, too_large));
            }
            let mut used = 0;
            let mut end = false;
            for &b in chunk {
                used += 1;
                if b == b'\n' {
                    self.line += 1;
                    if strict_line {
                        // JSON Lines: the record ended with its line, unfinished.
                        used -= 1;
                        self.line -= 1;
                        end = true;
                        depth = usize::MAX;
                        break;
                    }
                }
                if in_string {
                    if escaped {
                        escaped = false;
                    } else if b == b'\\' {
                        escaped = true;
                    } else if b == b'"' {
                        in_string = false;
                    }
                } else {
                    match b {
                        b'"' => in_string = true,
                        b'{' | b'[' => depth += 1,
                        b'}' | b']' => depth = depth.saturating_sub(1),
                        _ => {}
                    }
                }
                if depth == 0 {
                    end = true;
                    break;
                }
            }
            if !too_large {
                if self.buf.len() + used > MAX_DOCUMENT_BYTES {
                    too_large = true;
                    self.buf.clear();
                } else {
                    self.buf.extend_from_slice(&chunk[..used]);
                }
            }
            self.input.consume(used);
            if end {
                if self.one_line.is_none() {
                    self.one_line = Some(self.line == start_line);
                }
                return Ok((depth == 0, too_large));
            }
        }
    }

    fn read_toml(&mut self) -> Result<Pcn, StreamError> {
        let mut bytes = Vec::new();
        io::Read::read_to_end(
            &mut io::Read::take(&mut self.input, MAX_DOCUMENT_BYTES as u64 + 1),
            &mut bytes,
        )?;
        let record = |error| StreamError::Record {
            index: 0,
            line: 1,
            error,
        };
        if bytes.len() > MAX_DOCUMENT_BYTES {
            return Err(record(PcnError::DocumentTooLarge {
                len: bytes.len(),
                max: MAX_DOCUMENT_BYTES,
            }));
        }
        let text =
            String::from_utf8(bytes).map_err(|_| StreamError::InvalidUtf8 { index: 0, line: 1 })?;
        Pcn::from_toml(&text).map_err(record)
    }

    /// The next record of a JSON layout, at `{`.
    fn read_object(&mut self) -> Result<Pcn, StreamError> {
        let index = self.index;
        let line = self.line;
        self.index += 1;
        let (complete, too_large) = self.scan_object()?;
        let record = |error| StreamError::Record { index, line, error };
        if too_large {
            return Err(record(PcnError::DocumentTooLarge {
                len: MAX_DOCUMENT_BYTES + 1,
                max: MAX_DOCUMENT_BYTES,
            }));
        }
        let text =
            std::str::from_utf8(&self.buf).map_err(|_| StreamError::InvalidUtf8 { index, line })?;
        let parsed = Pcn::from_json(text).map_err(record);
        if !complete && parsed.is_ok() {
            // Cannot happen (an unfinished object does not parse), but never yield half a record.
            return Err(record(PcnError::Json {
                line: 1,
                column: text.len(),
                message: "unfinished record".to_string(),
            }));
        }
        parsed
    }

    fn next_record(&mut self) -> Option<Result<Pcn, StreamError>> {
        if self.done {
            return None;
        }
        let first = match self.skip_blank() {
            Ok(b) => b,
            Err(e) => return self.stop(e.into()),
        };
        let layout = match self.layout {
            Some(l) => l,
            // Nothing but white space: no record (an empty JSON Lines stream).
            None if first.is_none() => {
                self.done = true;
                return None;
            }
            None => {
                let l = match first {
                    Some(b'{') => Layout::Json,
                    Some(b'[') => match self.array_ahead() {
                        Ok(true) => {
                            self.bump();
                            Layout::Array
                        }
                        Ok(false) => Layout::Toml,
                        Err(e) => return self.stop(e.into()),
                    },
                    _ => Layout::Toml,
                };
                self.layout = Some(l);
                l
            }
        };
        match layout {
            Layout::Toml => {
                self.done = true;
                Some(self.read_toml())
            }
            Layout::Json => match first {
                None => None,
                Some(b'{') => Some(self.read_object().inspect_err(|_| {
                    // After a broken JSON Lines record, read on from the next line.
                    if self.one_line == Some(true) {
                        let _ = self.skip_line();
                    }
                })),
                Some(b) => {
                    let e = StreamError::Unexpected {
                        line: self.line,
                        found: self.char_at(b),
                    };
                    if self.one_line == Some(true) {
                        if let Err(io) = self.skip_line() {
                            return self.stop(io.into());
                        }
                        Some(Err(e))
                    } else {
                        self.stop(e)
                    }
                }
            },
            Layout::Array => self.next_in_array(),
        }
    }

    /// The next element of a JSON array (the `[` and any `,` before it already consumed when
    /// this is the first element).
    fn next_in_array(&mut self) -> Option<Result<Pcn, StreamError>> {
        let b = match self.skip_blank() {
            Ok(b) => b,
            Err(e) => return self.stop(e.into()),
        };
        let b = if self.index > 0 {
            // After an element: `,` then the next one, or `]`.
            match b {
                Some(b',') => {
                    self.bump();
                    match self.skip_blank() {
                        Ok(b) => b,
                        Err(e) => return self.stop(e.into()),
                    }
                }
                other => other,
            }
        } else {
            b
        };
        match b {
            Some(b']') => {
                self.bump();
                match self.skip_blank() {
                    Ok(None) => {
                        self.done = true;
                        None
                    }
                    Ok(Some(c)) => {
                        let e = StreamError::Unexpected {
                            line: self.line,
                            found: self.char_at(c),
                        };
                        self.stop(e)
                    }
                    Err(e) => self.stop(e.into()),
                }
            }
            Some(b'{') => {
                let r = self.read_object();
                if matches!(r, Err(StreamError::Io(_))) {
                    self.done = true;
                }
                Some(r)
            }
            Some(c) => {
                let e = StreamError::Unexpected {
                    line: self.line,
                    found: self.char_at(c),
                };
                self.stop(e)
            }
            None => {
                let e = StreamError::Record {
                    index: self.index,
                    line: self.line,
                    error: PcnError::Json {
                        line: self.line,
                        column: 1,
                        message: "the array of records is not closed (`]` missing)".to_string(),
                    },
                };
                self.stop(e)
            }
        }
    }

    /// At `[`: whether a JSON array of records starts here (`[{` or `[]`, white space
    /// allowed between) rather than a TOML table header (`[meta]`). Decided on the bytes
    /// already buffered.
    fn array_ahead(&mut self) -> io::Result<bool> {
        let buf = self.input.fill_buf()?;
        let next = buf[1..]
            .iter()
            .find(|b| !matches!(b, b' ' | b'\t' | b'\r' | b'\n'));
        Ok(matches!(next, Some(b'{' | b']')))
    }

    /// The character at byte `b` for a message (`b` may start a multi-byte character).
    fn char_at(&self, b: u8) -> char {
        if b.is_ascii() {
            b as char
        } else {
            char::REPLACEMENT_CHARACTER
        }
    }

    fn stop(&mut self, e: StreamError) -> Option<Result<Pcn, StreamError>> {
        self.done = true;
        Some(Err(e))
    }
}

impl<R: BufRead> Iterator for Records<R> {
    type Item = Result<Pcn, StreamError>;

    fn next(&mut self) -> Option<Self::Item> {
        self.next_record()
    }
}
