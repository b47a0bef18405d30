//! Typed errors of the Ōgi module.
use tegoma_notation::feen::ParseError as FeenError;
use tegoma_notation::pmn::PmnError;
use tegoma_notation::NotationError;

/// Why a FEEN string is not an Ōgi position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// The string is not valid canonical FEEN.
    #[error("invalid FEEN: {0}")]
    Feen(FeenError),
    /// The board is not 8x8.
    #[error("the board must be 8x8")]
    BoardShape,
    /// The style-turn field is not `O/o` or `o/O`.
    #[error("the styles must be O/o (Ōgi), got {0}")]
    Style(String),
    /// A board token is not an Ōgi piece.
    #[error("{0:?} is not an Ōgi piece (K^ I R B S N L P and +I +R +B +S +N +L +P; ' only on K^)")]
    Piece(String),
    /// A hand holds a piece of the other side, or a piece that no Ōgi hand can hold.
    #[error("the {hand} hand cannot hold {piece:?}")]
    HandPiece {
        /// `first` or `second`.
        hand: &'static str,
        /// The token.
        piece: String,
    },
}

impl NotationError for PositionError {
    fn kind(&self) -> &'static str {
        match self {
            PositionError::Feen(e) => feen_kind(*e),
            PositionError::BoardShape => "BoardShape",
            PositionError::Style(_) => "Style",
            PositionError::Piece(_) => "Piece",
            PositionError::HandPiece { .. } => "HandPiece",
        }
    }
}

/// The stable kind of a FEEN parse error (its variant name).
pub(crate) fn feen_kind(e: FeenError) -> &'static str {
    match e {
        FeenError::InputTooLong => "InputTooLong",
        FeenError::NonAscii => "NonAscii",
        FeenError::FieldCount => "FieldCount",
        FeenError::PlacementEmpty => "PlacementEmpty",
        FeenError::PlacementStartsWithSeparator => "PlacementStartsWithSeparator",
        FeenError::PlacementEndsWithSeparator => "PlacementEndsWithSeparator",
        FeenError::EmptySegment => "EmptySegment",
        FeenError::InvalidEmptyCount => "InvalidEmptyCount",
        FeenError::InvalidPieceToken => "InvalidPieceToken",
        FeenError::BoardNotRegular => "BoardNotRegular",
        FeenError::DimensionalCoherence => "DimensionalCoherence",
        FeenError::TooManyDimensions => "TooManyDimensions",
        FeenError::DimensionTooLarge => "DimensionTooLarge",
        FeenError::InvalidHandsDelimiter => "InvalidHandsDelimiter",
        FeenError::InvalidHandCount => "InvalidHandCount",
        FeenError::HandNotAggregated => "HandNotAggregated",
        FeenError::HandNotCanonical => "HandNotCanonical",
        FeenError::InvalidStyleTurnDelimiter => "InvalidStyleTurnDelimiter",
        FeenError::InvalidStyleToken => "InvalidStyleToken",
        FeenError::StylesSameCase => "StylesSameCase",
        FeenError::TooManySquares => "TooManySquares",
        FeenError::TooManyPieces => "TooManyPieces",
        _ => "InvalidFeen",
    }
}

/// Why a PMN string is not a legal Ōgi move in a position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// Longer than the 25 bytes PMN allows (R6).
    #[error("PMN is at most 25 bytes, got {0}")]
    TooLong(usize),
    /// Not PMN (the generic parser's error).
    #[error("invalid PMN: {0}")]
    Pmn(PmnError),
    /// A PMN form Ōgi has no use for (pass, special move, static capture, ...).
    #[error("{0}")]
    Syntax(String),
    /// A square outside a1-h8.
    #[error("{0:?} is not a square of the 8x8 board")]
    Square(String),
    /// A piece token that is not an Ōgi piece of the side to move.
    #[error("{0:?} is not a piece of the side to move")]
    Piece(String),
    /// The origin holds no piece of the side to move.
    #[error("no piece of the side to move on {0}")]
    NoPiece(String),
    /// The game is over: a King was captured.
    #[error("the game is over (a King was captured): no move is legal")]
    GameOver,
    /// A drop `*sq` whose piece could be any of several kinds in hand.
    #[error("ambiguous drop on {square}: could be {}", candidates.join(" or "))]
    AmbiguousDrop {
        /// The destination.
        square: String,
        /// The PMN of each candidate drop.
        candidates: Vec<String>,
    },
    /// A syntactically fine move that the rules forbid.
    #[error("illegal move {pmn}: {reason}")]
    Illegal {
        /// The input.
        pmn: String,
        /// Why.
        reason: String,
    },
}

impl NotationError for MoveError {
    fn kind(&self) -> &'static str {
        match self {
            MoveError::TooLong(_) => "TooLong",
            MoveError::Pmn(e) => e.kind(),
            MoveError::Syntax(_) => "Syntax",
            MoveError::Square(_) => "Square",
            MoveError::Piece(_) => "Piece",
            MoveError::NoPiece(_) => "NoPiece",
            MoveError::GameOver => "GameOver",
            MoveError::AmbiguousDrop { .. } => "AmbiguousDrop",
            MoveError::Illegal { .. } => "IllegalMove",
        }
    }
}
