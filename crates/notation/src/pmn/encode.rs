//! Canonical formatting: every move has exactly one spelling, written into a stack buffer.

use std::fmt;

use super::{Piece, Pmn, MAX_LENGTH};
use crate::cell::Cell;

impl Pmn {
    /// The canonical spelling in a stack buffer (no allocation).
    pub fn encode(&self) -> EncodedPmn {
        let mut w = EncodedPmn {
            buf: [0; MAX_LENGTH],
            len: 0,
        };
        match *self {
            Pmn::Pass => w.push_bytes(b"..."),
            Pmn::Quiet { from, to, mutation } => {
                w.push_cell(from);
                w.push_bytes(b"-");
                w.push_cell(to);
                w.push_suffixes(mutation, None);
            }
            Pmn::Capture {
                from,
                to,
                mutation,
                capture_mutation,
            } => {
                w.push_cell(from);
                w.push_bytes(b"+");
                w.push_cell(to);
                w.push_suffixes(mutation, capture_mutation);
            }
            Pmn::StaticCapture {
                square,
                capture_mutation,
            } => {
                w.push_bytes(b"+");
                w.push_cell(square);
                w.push_suffixes(None, capture_mutation);
            }
            Pmn::Special {
                from,
                to,
                mutation,
                capture_mutation,
            } => {
                w.push_cell(from);
                w.push_bytes(b"~");
                w.push_cell(to);
                w.push_suffixes(mutation, capture_mutation);
            }
            Pmn::Drop {
                piece,
                to,
                mutation,
            } => {
                if let Some(p) = piece {
                    w.push_piece(p);
                }
                w.push_bytes(b"*");
                w.push_cell(to);
                w.push_suffixes(mutation, None);
            }
            Pmn::DropCapture {
                piece,
                to,
                mutation,
                capture_mutation,
            } => {
                if let Some(p) = piece {
                    w.push_piece(p);
                }
                w.push_bytes(b".");
                w.push_cell(to);
                w.push_suffixes(mutation, capture_mutation);
            }
            Pmn::Mutation { square, into } => {
                w.push_cell(square);
                w.push_suffixes(Some(into), None);
            }
        }
        w
    }
}

/// A canonical PMN string held on the stack (see [`Pmn::encode`]).
#[derive(Clone, Copy)]
pub struct EncodedPmn {
    buf: [u8; MAX_LENGTH],
    len: u8,
}

impl EncodedPmn {
    /// The text.
    pub fn as_str(&self) -> &str {
        // Only ASCII is ever written.
        std::str::from_utf8(&self.buf[..usize::from(self.len)]).unwrap_or("")
    }

    /// The text as bytes.
    pub fn as_bytes(&self) -> &[u8] {
        &self.buf[..usize::from(self.len)]
    }

    fn push_bytes(&mut self, b: &[u8]) {
        // Every form fits in MAX_LENGTH bytes: cells are at most 7 bytes, tokens at most 4, and
        // the longest combination (`cell op cell =tok /tok`) is exactly 25.
        let start = usize::from(self.len);
        let end = (start + b.len()).min(MAX_LENGTH);
        self.buf[start..end].copy_from_slice(&b[..end - start]);
        self.len = end as u8;
    }

    fn push_cell(&mut self, c: Cell) {
        let mut tmp = [0u8; crate::cell::MAX_LENGTH];
        let n = c.write_bytes(&mut tmp);
        self.push_bytes(&tmp[..n]);
    }

    fn push_piece(&mut self, p: Piece) {
        self.push_bytes(p.encode().as_str().as_bytes());
    }

    fn push_suffixes(&mut self, mutation: Option<Piece>, capture_mutation: Option<Piece>) {
        if let Some(x) = mutation {
            self.push_bytes(b"=");
            self.push_piece(x);
        }
        if let Some(y) = capture_mutation {
            self.push_bytes(b"/");
            self.push_piece(y);
        }
    }
}

impl std::ops::Deref for EncodedPmn {
    type Target = str;
    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl fmt::Display for EncodedPmn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl fmt::Debug for EncodedPmn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "EncodedPmn({:?})", self.as_str())
    }
}

impl fmt::Display for Pmn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.encode().as_str())
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Pmn {
    /// Serialises as the canonical PMN string.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.encode().as_str())
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Pmn {
    /// Deserialises a string with the strict parser ([`Pmn::parse`]).
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Pmn, D::Error> {
        struct Visitor;
        impl serde::de::Visitor<'_> for Visitor {
            type Value = Pmn;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a PMN move string")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Pmn, E> {
                Pmn::parse(v).map_err(E::custom)
            }
        }
        d.deserialize_str(Visitor)
    }
}
