//! EPIN, Extended Piece Identifier Notation: re-export of the official `sashite-epin` crate,
//! plus the [`NotationError`](crate::NotationError) kinds of its errors and a one-line
//! description for `tegoma validate epin`.
//!
//! The kind of an error in the PIN core is the PIN error's kind (`InvalidLetter`, ...); a
//! misplaced `'` is `DerivationMarker`.
//!
//! ```
//! use tegoma_notation::epin::Identifier;
//! use tegoma_notation::NotationError;
//!
//! assert!(Identifier::parse("k^'").unwrap().is_derived());
//! assert_eq!(Identifier::parse("K''").unwrap_err().kind(), "DerivationMarker");
//! ```
pub use sashite_epin::*;

use crate::NotationError;

impl NotationError for sashite_epin::ParseError {
    fn kind(&self) -> &'static str {
        match self {
            ParseError::Pin(e) => e.kind(),
            ParseError::DerivationMarker => "DerivationMarker",
            #[allow(unreachable_patterns)]
            _ => "Invalid",
        }
    }
}

/// A few words on a piece token: the PIN description plus `native` or `derived`.
pub(crate) fn describe_identifier(id: Identifier) -> String {
    let origin = if id.is_derived() { "derived" } else { "native" };
    format!("{}, {origin}", crate::pin::describe_identifier(id.pin()))
}

/// Validates one EPIN token and describes it (for `tegoma validate epin`).
pub fn describe(text: &str) -> Result<String, crate::Invalid> {
    Ok(describe_identifier(Identifier::parse(text)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// specs.md §5 valid examples.
    #[test]
    fn spec_valid_vectors() {
        let cases: &[(&str, &str, bool)] = &[
            ("K", "K", false),
            ("K'", "K", true),
            ("+R^'", "+R^", true),
            ("k^'", "k^", true),
            ("-p'", "-p", true),
            ("K^'", "K^", true),
        ];
        for &(s, pin, derived) in cases {
            let id = Identifier::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"));
            assert_eq!(id.pin().to_string(), pin, "{s}");
            assert_eq!(id.is_derived(), derived, "{s}");
            assert_eq!(id.to_string(), s);
        }
    }

    /// specs.md §5 invalid examples, with the crate's error mapped to its kind.
    #[test]
    fn spec_invalid_vectors() {
        let cases: &[(&str, ParseError, &str)] = &[
            ("K''", ParseError::DerivationMarker, "DerivationMarker"),
            ("K'^", ParseError::DerivationMarker, "DerivationMarker"),
            ("''", ParseError::DerivationMarker, "DerivationMarker"),
            ("'K", ParseError::DerivationMarker, "DerivationMarker"),
            ("+'K", ParseError::DerivationMarker, "DerivationMarker"),
            (
                "'",
                ParseError::Pin(sashite_pin::ParseError::Empty),
                "Empty",
            ),
            (
                "K+'",
                ParseError::Pin(sashite_pin::ParseError::InvalidTerminalMarker),
                "InvalidTerminalMarker",
            ),
            (
                "+K^x'",
                ParseError::Pin(sashite_pin::ParseError::TooLong),
                "TooLong",
            ),
        ];
        for (s, err, kind) in cases {
            let e = Identifier::parse(s).unwrap_err();
            assert_eq!(e, *err, "{s:?}");
            assert_eq!(e.kind(), *kind, "{s:?}");
        }
    }

    #[test]
    fn descriptions() {
        assert_eq!(
            describe("k^'").unwrap(),
            "piece K, second side, normal, terminal, derived"
        );
        assert_eq!(
            describe("R").unwrap(),
            "piece R, first side, normal, native"
        );
        assert_eq!(describe("'").unwrap_err().kind, "Empty");
    }
}
