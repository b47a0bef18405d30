//! FEEN, Field Expression Encoding Notation: re-export of the official `sashite-feen` crate,
//! plus the [`NotationError`](crate::NotationError) kinds of its errors (the variant names:
//! `BoardNotRegular`, `HandNotCanonical`, ...) and a one-line description for
//! `tegoma validate feen`.
//!
//! ```
//! use tegoma_notation::feen::Feen;
//! use tegoma_notation::NotationError;
//!
//! let f = Feen::parse("8/8/8/8/8/8/8/8 / C/c").unwrap();
//! assert_eq!(f.square_count(), 64);
//! assert_eq!(Feen::parse("8/8/7 / C/c").unwrap_err().kind(), "BoardNotRegular");
//! ```
pub use sashite_feen::*;

use crate::NotationError;

impl NotationError for sashite_feen::ParseError {
    fn kind(&self) -> &'static str {
        match self {
            ParseError::InputTooLong => "InputTooLong",
            ParseError::NonAscii => "NonAscii",
            ParseError::FieldCount => "FieldCount",
            ParseError::PlacementEmpty => "PlacementEmpty",
            ParseError::PlacementStartsWithSeparator => "PlacementStartsWithSeparator",
            ParseError::PlacementEndsWithSeparator => "PlacementEndsWithSeparator",
            ParseError::EmptySegment => "EmptySegment",
            ParseError::InvalidEmptyCount => "InvalidEmptyCount",
            ParseError::InvalidPieceToken => "InvalidPieceToken",
            ParseError::BoardNotRegular => "BoardNotRegular",
            ParseError::DimensionalCoherence => "DimensionalCoherence",
            ParseError::TooManyDimensions => "TooManyDimensions",
            ParseError::DimensionTooLarge => "DimensionTooLarge",
            ParseError::InvalidHandsDelimiter => "InvalidHandsDelimiter",
            ParseError::InvalidHandCount => "InvalidHandCount",
            ParseError::HandNotAggregated => "HandNotAggregated",
            ParseError::HandNotCanonical => "HandNotCanonical",
            ParseError::InvalidStyleTurnDelimiter => "InvalidStyleTurnDelimiter",
            ParseError::InvalidStyleToken => "InvalidStyleToken",
            ParseError::StylesSameCase => "StylesSameCase",
            ParseError::TooManySquares => "TooManySquares",
            ParseError::TooManyPieces => "TooManyPieces",
            #[allow(unreachable_patterns)]
            _ => "Invalid",
        }
    }
}

/// A few words on a position: shape, squares, pieces, side to move and styles.
pub fn describe_position(f: &Feen<'_>) -> String {
    let shape = f
        .shape()
        .dimensions()
        .iter()
        .map(u8::to_string)
        .collect::<Vec<_>>()
        .join("x");
    format!(
        "board {shape} ({} squares), {} pieces ({} on board, {} in hand), {} to move, styles {}/{}",
        f.square_count(),
        f.piece_count(),
        f.board_piece_count(),
        f.hand_piece_count(),
        crate::sin::side_name(f.active_side()),
        f.active_style(),
        f.inactive_style(),
    )
}

/// Validates one FEEN string and describes it (for `tegoma validate feen`).
pub fn describe(text: &str) -> Result<String, crate::Invalid> {
    Ok(describe_position(&Feen::parse(text)?))
}

#[cfg(test)]
mod tests {
    use super::*;

    const CHESS: &str = "+rnbq+k^bn+r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/+RNBQ+K^BN+R / C/c";
    const OGI: &str = "lnsik^snl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIK^SNL / O/o";

    fn valid(s: &str, shape: &[u8], squares: u32, pieces: u32, side: Side) {
        let f = Feen::parse(s).unwrap_or_else(|e| panic!("{s:?}: {e}"));
        assert_eq!(f.shape().dimensions(), shape, "{s}");
        assert_eq!(f.square_count(), squares, "{s}");
        assert_eq!(f.piece_count(), pieces, "{s}");
        assert_eq!(f.active_side(), side, "{s}");
    }

    /// specs.md §11.7 valid vectors: shape, squares, pieces, side to move.
    #[test]
    fn spec_valid_vectors() {
        use Side::*;
        valid(CHESS, &[8, 8], 64, 32, First);
        valid(OGI, &[8, 8], 64, 36, First);
        valid(
            &OGI.replace("lnsik^snl", "lnsik^'snl"),
            &[8, 8],
            64,
            36,
            First,
        );
        valid(
            "lnsik^snl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIK^'SNL / o/O",
            &[8, 8],
            64,
            36,
            Second,
        );
        valid("8/8/8/8/8/8/8/8 / C/c", &[8, 8], 64, 0, First);
        valid("k^+p4+PK^ / C/c", &[8], 8, 4, First);
        valid("ab/cd//AB/CD / G/g", &[2, 2, 2], 8, 8, First);
        valid("a/b//c/d / G/g", &[2, 2, 1], 4, 4, First);
        valid("3/3//3/3 / C/c", &[2, 2, 3], 12, 0, First);
        for (s, pieces) in [
            ("8/8 P/ C/c", 1),
            ("8/8 BP/ C/c", 2),
            ("8/8 2PB/ C/c", 3),
            ("8/8 Pp/ C/c", 2),
            ("8/8 -P+PP/ C/c", 3),
            ("8/8 K^K^'/ C/c", 2),
            ("8/8 3P2B/3p2b C/c", 10),
        ] {
            valid(s, &[2, 8], 16, pieces, First);
        }
        valid("255 / C/c", &[255], 255, 0, First);
        valid("2 K/k C/c", &[2], 2, 2, First);
        valid("8/8 / C/s", &[2, 8], 16, 0, First);
    }

    /// specs.md §11.7 invalid vectors (`…` filled with a valid remainder).
    #[test]
    fn spec_invalid_vectors() {
        let long = format!("{} / C/c", "1/".repeat(2047) + "1");
        assert!(long.len() > MAX_STRING_LENGTH);
        let cases: &[(&str, &str)] = &[
            ("rkr//PPPP / G/g", "DimensionalCoherence"),
            ("a//b/c / G/g", "DimensionalCoherence"),
            ("a/b//c/d/e / G/g", "BoardNotRegular"),
            ("8/8/7 / C/c", "BoardNotRegular"),
            ("a///b / G/g", "TooManyDimensions"),
            ("08/8 / C/c", "InvalidEmptyCount"),
            ("0/8 / C/c", "InvalidEmptyCount"),
            ("/8/8 / C/c", "PlacementStartsWithSeparator"),
            ("8/8/ / C/c", "PlacementEndsWithSeparator"),
            ("K@ / C/c", "InvalidPieceToken"),
            ("+ / C/c", "InvalidPieceToken"),
            ("K'^ / C/c", "InvalidPieceToken"),
            ("256 / C/c", "DimensionTooLarge"),
            ("8/8 P C/c", "InvalidHandsDelimiter"),
            ("8/8 P/p/ C/c", "InvalidHandsDelimiter"),
            ("8/8 PP/ C/c", "HandNotAggregated"),
            ("8/8 3P3Q2P/ C/c", "HandNotAggregated"),
            ("8/8 1P/ C/c", "InvalidHandCount"),
            ("8/8 02P/ C/c", "InvalidHandCount"),
            ("8/8 PB/ C/c", "HandNotCanonical"),
            ("8/8 B2P/ C/c", "HandNotCanonical"),
            ("8/8 pP/ C/c", "HandNotCanonical"),
            ("8/8 P+P/ C/c", "HandNotCanonical"),
            ("8/8 K^'K^/ C/c", "HandNotCanonical"),
            ("8/8 / C/C", "StylesSameCase"),
            ("8/8 / c/c", "StylesSameCase"),
            ("8/8 / C/c/x", "InvalidStyleTurnDelimiter"),
            ("8/8 / Cc", "InvalidStyleTurnDelimiter"),
            ("8/8 / C/c\n", "InvalidStyleToken"),
            ("8/8  / C/c", "FieldCount"),
            (" 8/8 / C/c", "FieldCount"),
            ("8/8 / C/c ", "FieldCount"),
            ("", "FieldCount"),
            ("K^k^ 2K^/2k^ C/c", "TooManyPieces"),
            ("K^ K/ C/c", "TooManyPieces"),
            ("8/8 / C/é", "NonAscii"),
            (&long, "InputTooLong"),
        ];
        for (s, kind) in cases {
            let e = Feen::parse(s).unwrap_err();
            assert_eq!(e.kind(), *kind, "{s:?}: {e}");
        }
    }

    #[test]
    fn descriptions() {
        assert_eq!(
            describe(CHESS).unwrap(),
            "board 8x8 (64 squares), 32 pieces (32 on board, 0 in hand), first to move, styles C/c"
        );
        assert_eq!(
            describe("8/8 3P2B/3p2b c/C").unwrap(),
            "board 2x8 (16 squares), 10 pieces (0 on board, 10 in hand), second to move, styles c/C"
        );
        let e = describe("8/8/7 / C/c").unwrap_err();
        assert_eq!(e.kind, "BoardNotRegular");
    }
}
