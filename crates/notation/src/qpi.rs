//! QPI, Qualified Piece Identifier: `<sin>:<pin>`, the full identity of a piece.
//!
//! A QPI joins a SIN style letter (whose case is the player side of the style) and a PIN token
//! (name, piece side, state, terminal flag), e.g. `C:K^`, `c:+p`, `O:+R`. It is at most 5 bytes
//! and is the key of GGN tables and the value of LCN conditions.
//!
//! **Case rule.** The reference implementation (`qpi.rb` 2.0) requires the SIN letter and the PIN
//! letter to have the same case; the current spec page calls a different case a *derived* piece
//! (`C:k`). [`Qpi::parse`] (and [`FromStr`]) follow the stricter same-case rule; the derived pairs
//! are accepted only through [`Qpi::parse_with`] and [`QpiMode::AllowDerived`].
//!
//! **Order.** [`Ord`] compares the canonical strings byte by byte (`C:+P` < `C:-P` < `C:K^` <
//! `c:p`), which is the key order of canonical GGN.
//!
//! ```
//! use tegoma_notation::qpi::{Qpi, QpiMode};
//!
//! let q: Qpi = "C:+K^".parse().unwrap();
//! assert!(q.pin().is_terminal());
//! assert_eq!(q.to_string(), "C:+K^");
//! assert!("C:k".parse::<Qpi>().is_err());
//! assert!(Qpi::parse_with("C:k", QpiMode::AllowDerived).unwrap().is_derived());
//! ```

use std::cmp::Ordering;
use std::fmt;
use std::str::FromStr;

use crate::{pin, sin, NotationError};

/// Longest QPI in bytes (`C:+K^`).
pub const MAX_LENGTH: usize = 5;

/// Whether a QPI may pair letters of different case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub enum QpiMode {
    /// Same case only (`C:K`, `c:k`), as `qpi.rb` 2.0: the default.
    #[default]
    Strict,
    /// Also accept derived pairs (`C:k`, `c:K`), as the current spec page describes.
    AllowDerived,
}

/// A qualified piece identifier: a style (SIN) and a piece token (PIN).
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Qpi {
    sin: sin::Identifier,
    pin: pin::Identifier,
}

/// Why a string is not a QPI.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum QpiError {
    /// The input is empty.
    #[error("empty input")]
    Empty,
    /// The input is longer than 5 bytes.
    #[error("input exceeds {MAX_LENGTH} bytes")]
    TooLong,
    /// No `:` separates the style from the piece.
    #[error("missing ':' between style and piece")]
    MissingColon,
    /// The part before `:` is not a SIN token.
    #[error("invalid style (SIN) part: {0}")]
    Sin(sin::ParseError),
    /// The part after `:` is not a PIN token.
    #[error("invalid piece (PIN) part: {0}")]
    Pin(pin::ParseError),
    /// The style and piece letters differ in case (a derived pair) while the mode is strict.
    #[error("style and piece letters differ in case (derived pairs need QpiMode::AllowDerived)")]
    CaseMismatch,
}

impl NotationError for QpiError {
    fn kind(&self) -> &'static str {
        match self {
            QpiError::Empty => "Empty",
            QpiError::TooLong => "TooLong",
            QpiError::MissingColon => "MissingColon",
            QpiError::Sin(_) => "InvalidStyle",
            QpiError::Pin(_) => "InvalidPiece",
            QpiError::CaseMismatch => "CaseMismatch",
        }
    }
}

impl Qpi {
    /// A QPI from its two parts; `None` if the cases differ while `mode` is strict.
    pub fn new(sin: sin::Identifier, pin: pin::Identifier, mode: QpiMode) -> Option<Qpi> {
        let q = Qpi { sin, pin };
        (mode == QpiMode::AllowDerived || !q.is_derived()).then_some(q)
    }

    /// Parses a same-case QPI (the strict default).
    pub fn parse(s: &str) -> Result<Qpi, QpiError> {
        Qpi::parse_bytes(s.as_bytes(), QpiMode::Strict)
    }

    /// Parses a QPI under the given case rule.
    pub fn parse_with(s: &str, mode: QpiMode) -> Result<Qpi, QpiError> {
        Qpi::parse_bytes(s.as_bytes(), mode)
    }

    /// Parses a QPI from bytes under the given case rule.
    pub fn parse_bytes(b: &[u8], mode: QpiMode) -> Result<Qpi, QpiError> {
        if b.is_empty() {
            return Err(QpiError::Empty);
        }
        if b.len() > MAX_LENGTH {
            return Err(QpiError::TooLong);
        }
        let colon = b
            .iter()
            .position(|&c| c == b':')
            .ok_or(QpiError::MissingColon)?;
        let sin = parse_sin(&b[..colon])?;
        let pin = pin::Identifier::try_from(&b[colon + 1..]).map_err(QpiError::Pin)?;
        Qpi::new(sin, pin, mode).ok_or(QpiError::CaseMismatch)
    }

    /// The style part.
    pub const fn sin(self) -> sin::Identifier {
        self.sin
    }

    /// The piece part.
    pub const fn pin(self) -> pin::Identifier {
        self.pin
    }

    /// The piece side (the case of the PIN letter): what LCN's `enemy` compares.
    pub const fn side(self) -> pin::Side {
        self.pin.side()
    }

    /// Whether the style and piece letters differ in case (a derived piece in the spec's terms).
    pub fn is_derived(self) -> bool {
        let style_first = matches!(self.sin.side(), sin::Side::First);
        style_first != self.pin.is_first()
    }

    /// The canonical bytes, e.g. `b"C:+K^"`, in a fixed buffer with its length.
    pub fn to_bytes(self) -> ([u8; MAX_LENGTH], usize) {
        let mut out = [0u8; MAX_LENGTH];
        out[0] = self.sin.to_char() as u8;
        out[1] = b':';
        let p = self.pin.encode();
        let p = p.as_str().as_bytes();
        out[2..2 + p.len()].copy_from_slice(p);
        (out, 2 + p.len())
    }
}

fn parse_sin(b: &[u8]) -> Result<sin::Identifier, QpiError> {
    match b {
        [] => Err(QpiError::Sin(sin::ParseError::Empty)),
        [c] => match sin::Letter::from_ascii(*c) {
            Some((letter, side)) => Ok(sin::Identifier::new(letter, side)),
            None => Err(QpiError::Sin(sin::ParseError::InvalidLetter)),
        },
        _ => Err(QpiError::Sin(sin::ParseError::TooLong)),
    }
}

impl FromStr for Qpi {
    type Err = QpiError;
    /// Strict (same-case) parsing; see [`Qpi::parse_with`] for derived pairs.
    fn from_str(s: &str) -> Result<Qpi, QpiError> {
        Qpi::parse(s)
    }
}

impl fmt::Display for Qpi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (b, n) = self.to_bytes();
        f.write_str(std::str::from_utf8(&b[..n]).map_err(|_| fmt::Error)?)
    }
}

impl fmt::Debug for Qpi {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Qpi({self})")
    }
}

impl Ord for Qpi {
    /// Byte order of the canonical strings.
    fn cmp(&self, other: &Qpi) -> Ordering {
        let (a, n) = self.to_bytes();
        let (b, m) = other.to_bytes();
        a[..n].cmp(&b[..m])
    }
}

impl PartialOrd for Qpi {
    fn partial_cmp(&self, other: &Qpi) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Qpi {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (b, n) = self.to_bytes();
        s.serialize_str(std::str::from_utf8(&b[..n]).map_err(serde::ser::Error::custom)?)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Qpi {
    /// Strict (same-case) parsing of a string.
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Qpi, D::Error> {
        let s = <std::borrow::Cow<'de, str>>::deserialize(d)?;
        Qpi::parse(&s).map_err(serde::de::Error::custom)
    }
}

/// Validates one QPI text (strict) and describes it in a few words (for `tegoma validate qpi`).
pub fn describe(text: &str) -> Result<String, crate::Invalid> {
    let q = Qpi::parse(text)?;
    let pin = q.pin();
    let state = match pin.state() {
        pin::State::Normal => "normal",
        pin::State::Enhanced => "enhanced",
        pin::State::Diminished => "diminished",
    };
    let side = if pin.is_first() { "first" } else { "second" };
    Ok(format!(
        "QPI: style {}, piece {}, side {side}, state {state}{}",
        q.sin().letter().as_char(),
        pin.letter().as_char(),
        if pin.is_terminal() { ", terminal" } else { "" }
    ))
}
