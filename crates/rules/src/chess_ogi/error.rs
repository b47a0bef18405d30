//! The error only Chess against Ōgi has: a derived piece (`'`), which R13 does not support.

use std::fmt;

use tegoma_protocol::Piece;

/// A derived piece (a token with `'`, such as a Jeweled King) in a position of Chess against
/// Ōgi: ruling R13 does not support it. Kind `Unsupported`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DerivedPiece {
    /// The piece token.
    pub piece: Piece,
}

impl fmt::Display for DerivedPiece {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} is a derived piece: Chess against Ōgi has none (ruling R13)",
            self.piece
        )
    }
}

impl std::error::Error for DerivedPiece {}

impl tegoma_notation::NotationError for DerivedPiece {
    fn kind(&self) -> &'static str {
        "Unsupported"
    }
}

impl tegoma_protocol::error::RuleSystemError for DerivedPiece {}
