//! HAND: the token `*`, meaning "a hand" (a player's reserve), and the [`Location`] grammar
//! `<location> ::= <cell> | "*"` that GGN and LCN use.
//!
//! The token names no owner: the context implies it (the active player's hand in GGN and in
//! drops).
//!
//! ```
//! use tegoma_notation::hand::{self, Location};
//!
//! assert!(hand::parse("*").is_ok());
//! assert!(hand::parse("**").is_err());
//! assert_eq!("*".parse::<Location>().unwrap(), Location::Hand);
//! assert_eq!("e4".parse::<Location>().unwrap().to_string(), "e4");
//! ```

use std::fmt;
use std::str::FromStr;

use crate::cell::{Cell, CellError};
use crate::NotationError;

/// The HAND token.
pub const TOKEN: &str = "*";

/// The hand, as a value (the token `*`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default)]
pub struct Hand;

/// Why a string is not the HAND token.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum HandError {
    /// The input is empty.
    #[error("empty input")]
    Empty,
    /// The input is not exactly `*`.
    #[error("expected exactly \"*\" ({len} bytes given)")]
    InvalidToken {
        /// The input length in bytes.
        len: usize,
    },
}

impl NotationError for HandError {
    fn kind(&self) -> &'static str {
        match self {
            HandError::Empty => "Empty",
            HandError::InvalidToken { .. } => "InvalidToken",
        }
    }
}

/// Parses the HAND token: exactly `*`.
pub fn parse(text: &str) -> Result<Hand, HandError> {
    match text {
        "" => Err(HandError::Empty),
        TOKEN => Ok(Hand),
        _ => Err(HandError::InvalidToken { len: text.len() }),
    }
}

impl fmt::Display for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(TOKEN)
    }
}

impl FromStr for Hand {
    type Err = HandError;
    fn from_str(s: &str) -> Result<Hand, HandError> {
        parse(s)
    }
}

/// A location: a board square or the (active player's) hand.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Location {
    /// A board square.
    Square(Cell),
    /// The hand, written `*`.
    Hand,
}

impl Location {
    /// The square, if this is one.
    pub const fn square(self) -> Option<Cell> {
        match self {
            Location::Square(c) => Some(c),
            Location::Hand => None,
        }
    }
}

impl FromStr for Location {
    type Err = CellError;
    /// `*` is the hand; anything else must be a CELL coordinate (and its error is the CELL one).
    fn from_str(s: &str) -> Result<Location, CellError> {
        if s == TOKEN {
            Ok(Location::Hand)
        } else {
            s.parse().map(Location::Square)
        }
    }
}

impl fmt::Display for Location {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Location::Square(c) => c.fmt(f),
            Location::Hand => f.write_str(TOKEN),
        }
    }
}

impl From<Cell> for Location {
    fn from(c: Cell) -> Location {
        Location::Square(c)
    }
}

/// Validates one HAND text and describes it (for `tegoma validate hand`).
pub fn describe(text: &str) -> Result<String, crate::Invalid> {
    parse(text)?;
    Ok("hand (a player's reserve; the owner comes from the context)".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// specs.md §10.
    #[test]
    fn spec_vectors() {
        assert_eq!(parse("*"), Ok(Hand));
        assert_eq!(parse(""), Err(HandError::Empty));
        for s in ["**", "e4", "+"] {
            assert_eq!(parse(s).unwrap_err().kind(), "InvalidToken", "{s}");
        }
        assert_eq!(parse("*\n"), Err(HandError::InvalidToken { len: 2 }));
        assert_eq!(Hand.to_string(), "*");
    }

    #[test]
    fn locations() {
        assert_eq!("*".parse::<Location>(), Ok(Location::Hand));
        let e4: Location = "e4".parse().unwrap();
        assert_eq!(e4, Location::Square(Cell::xy(4, 3)));
        assert_eq!(e4.square(), Some(Cell::xy(4, 3)));
        assert_eq!(Location::Hand.square(), None);
        assert_eq!(Location::Hand.to_string(), "*");
        assert_eq!(Location::from(Cell::xy(0, 0)).to_string(), "a1");
        assert_eq!("**".parse::<Location>(), Err(CellError::MustStartLowercase));
        assert_eq!("".parse::<Location>(), Err(CellError::Empty));
    }

    proptest::proptest! {
        #[test]
        fn never_panics(s in "\\PC{0,10}") {
            let _ = parse(&s);
            let _ = s.parse::<Location>();
        }
    }
}
