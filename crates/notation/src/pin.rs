//! PIN, Piece Identifier Notation: re-export of the official `sashite-pin` crate, plus the
//! [`NotationError`](crate::NotationError) kinds of its errors and a one-line description for
//! `tegoma validate pin`.
//!
//! ```
//! use tegoma_notation::pin::Identifier;
//! use tegoma_notation::NotationError;
//!
//! assert!(Identifier::parse("+K^").is_ok());
//! assert_eq!(Identifier::parse("KK").unwrap_err().kind(), "InvalidTerminalMarker");
//! ```
pub use sashite_pin::*;

use crate::NotationError;

impl NotationError for sashite_pin::ParseError {
    fn kind(&self) -> &'static str {
        match self {
            ParseError::Empty => "Empty",
            ParseError::TooLong => "TooLong",
            ParseError::InvalidLetter => "InvalidLetter",
            ParseError::InvalidStateModifier => "InvalidStateModifier",
            ParseError::InvalidTerminalMarker => "InvalidTerminalMarker",
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

/// A few words on a piece: `K, first side, enhanced, terminal`.
pub(crate) fn describe_identifier(id: Identifier) -> String {
    let state = match id.state() {
        State::Normal => "normal",
        State::Enhanced => "enhanced",
        State::Diminished => "diminished",
    };
    let terminal = if id.is_terminal() { ", terminal" } else { "" };
    format!(
        "piece {}, {} side, {state}{terminal}",
        id.letter().as_char(),
        side_name(id.side()),
    )
}

/// Validates one PIN token and describes it (for `tegoma validate pin`).
pub fn describe(text: &str) -> Result<String, crate::Invalid> {
    Ok(describe_identifier(Identifier::parse(text)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// specs.md §4 valid examples.
    #[test]
    fn spec_valid_vectors() {
        let cases: &[(&str, char, Side, State, bool)] = &[
            ("K", 'K', Side::First, State::Normal, false),
            ("k", 'K', Side::Second, State::Normal, false),
            ("+R", 'R', Side::First, State::Enhanced, false),
            ("-p", 'P', Side::Second, State::Diminished, false),
            ("K^", 'K', Side::First, State::Normal, true),
            ("+K^", 'K', Side::First, State::Enhanced, true),
            ("-k^", 'K', Side::Second, State::Diminished, true),
            ("+G^", 'G', Side::First, State::Enhanced, true),
            ("Z", 'Z', Side::First, State::Normal, false),
        ];
        for &(s, letter, side, state, terminal) in cases {
            let id = Identifier::parse(s).unwrap_or_else(|e| panic!("{s}: {e}"));
            assert_eq!(id.letter().as_char(), letter, "{s}");
            assert_eq!(id.side(), side, "{s}");
            assert_eq!(id.state(), state, "{s}");
            assert_eq!(id.is_terminal(), terminal, "{s}");
            assert_eq!(id.to_string(), s);
        }
    }

    /// specs.md §4 invalid examples, with the crate's error mapped to its kind.
    #[test]
    fn spec_invalid_vectors() {
        let cases: &[(&str, &str)] = &[
            ("", "Empty"),
            ("KK", "InvalidTerminalMarker"),
            ("K+", "InvalidTerminalMarker"),
            ("++K", "InvalidLetter"),
            ("^K", "InvalidStateModifier"),
            ("K^^", "InvalidStateModifier"),
            ("+K^x", "TooLong"),
            ("1", "InvalidLetter"),
            ("+", "InvalidLetter"),
            ("K'", "InvalidTerminalMarker"),
            ("é", "InvalidStateModifier"),
            ("K\n", "InvalidTerminalMarker"),
            ("🨀", "TooLong"),
        ];
        for (s, kind) in cases {
            let e = Identifier::parse(s).unwrap_err();
            assert_eq!(e.kind(), *kind, "{s:?}: {e}");
            let inv: crate::Invalid = e.into();
            assert_eq!(inv.kind, *kind);
        }
    }

    #[test]
    fn descriptions() {
        assert_eq!(
            describe("+K^").unwrap(),
            "piece K, first side, enhanced, terminal"
        );
        assert_eq!(describe("-p").unwrap(), "piece P, second side, diminished");
        assert_eq!(describe("K^^").unwrap_err().kind, "InvalidStateModifier");
    }

    /// The domain is closed: exactly 312 tokens.
    #[test]
    fn domain_size() {
        let mut n = 0;
        for state in ["", "+", "-"] {
            for l in ('A'..='Z').chain('a'..='z') {
                for t in ["", "^"] {
                    assert!(Identifier::parse(&format!("{state}{l}{t}")).is_ok());
                    n += 1;
                }
            }
        }
        assert_eq!(n, 312);
    }
}
