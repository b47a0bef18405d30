//! SIN, Style Identifier Notation: re-export of the official `sashite-sin` crate, plus the
//! [`NotationError`](crate::NotationError) kinds of its errors and a one-line description for
//! `tegoma validate sin`.
//!
//! ```
//! use tegoma_notation::sin::Identifier;
//! use tegoma_notation::NotationError;
//!
//! assert!(Identifier::parse("C").unwrap().is_first());
//! assert_eq!(Identifier::parse("CC").unwrap_err().kind(), "TooLong");
//! ```
pub use sashite_sin::*;

use crate::NotationError;

impl NotationError for sashite_sin::ParseError {
    fn kind(&self) -> &'static str {
        match self {
            ParseError::Empty => "Empty",
            ParseError::TooLong => "TooLong",
            ParseError::InvalidLetter => "InvalidLetter",
            #[allow(unreachable_patterns)]
            _ => "Invalid",
        }
    }
}

/// `first` or `second`.
pub(crate) const fn side_name(side: Side) -> &'static str {
    match side {
        Side::First => "first",
        Side::Second => "second",
    }
}

/// Validates one SIN token and describes it (for `tegoma validate sin`).
pub fn describe(text: &str) -> Result<String, crate::Invalid> {
    let id = Identifier::parse(text)?;
    Ok(format!(
        "style {}, {} player",
        id.letter().as_char(),
        side_name(id.side())
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// specs.md §6.
    #[test]
    fn spec_vectors() {
        for (s, side) in [
            ("C", Side::First),
            ("c", Side::Second),
            ("O", Side::First),
            ("o", Side::Second),
            ("S", Side::First),
            ("X", Side::First),
            ("M", Side::First),
        ] {
            let id = Identifier::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"));
            assert_eq!(id.side(), side, "{s}");
            assert_eq!(id.to_string(), s);
        }
        for (s, kind) in [
            ("", "Empty"),
            ("CC", "TooLong"),
            ("1", "InvalidLetter"),
            ("é", "TooLong"),
            ("*", "InvalidLetter"),
        ] {
            assert_eq!(Identifier::parse(s).unwrap_err().kind(), kind, "{s:?}");
        }
        assert_eq!(describe("o").unwrap(), "style O, second player");
    }
}
