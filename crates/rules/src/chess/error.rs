//! Why a chess input is refused.

use tegoma_notation::NotationError;

use super::SanError;

/// An error of the chess rule system: a malformed or impossible position, or a move that is
/// malformed or illegal. [`NotationError::kind`] gives the variant name.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ChessError {
    /// The string is not valid FEEN; the kind is the FEEN parser's (`FieldCount`,
    /// `HandNotCanonical`, ...).
    #[error("invalid FEEN: {0}")]
    Feen(tegoma_notation::feen::ParseError),
    /// The FEEN board is not 8x8.
    #[error("a chess board is 8x8, not {0}")]
    BoardShape(String),
    /// The FEEN style-turn field is not `C/c` or `c/C`.
    #[error("chess styles are C/c (got {0})")]
    Styles(String),
    /// A piece token that chess does not have (e.g. `K` without `^`, `Q^`, `-N`, `X`, `P'`).
    #[error("not a chess piece: {0}")]
    ForeignPiece(String),
    /// A state marker that no chess game can produce (ruling R2), with the reason.
    #[error("impossible marker {token} on {square}: {reason}")]
    ImpossibleMarker {
        /// The piece token.
        token: String,
        /// The square (CELL).
        square: String,
        /// Why no game reaches it.
        reason: &'static str,
    },
    /// A side has no king or several kings.
    #[error("{0} must have exactly one king")]
    KingCount(&'static str),
    /// A side has more than 16 pieces on the board.
    #[error("{0} has more than 16 pieces on the board")]
    TooManyPieces(&'static str),
    /// A pawn stands on the first or last rank.
    #[error("pawn on {0}: pawns never stand on the first or last rank")]
    PawnOnBackRank(String),
    /// The side not to move is in check.
    #[error("the side not to move is in check")]
    OpponentInCheck,
    /// A hand holds a piece no capture can put there.
    #[error("impossible hand piece {0}: a chess hand holds pieces captured from the opponent")]
    HandPiece(String),
    /// The FEN string is malformed; the field and the reason.
    #[error("invalid FEN {field}: {reason}")]
    Fen {
        /// The failing field (`placement`, `side`, `castling`, `en passant`, `halfmove`,
        /// `fullmove`, `fields`).
        field: &'static str,
        /// What is wrong.
        reason: String,
    },
    /// The string is not PMN (the generic parser's error).
    #[error("invalid PMN {text:?}: {error} ({kind})", kind = error.kind())]
    PmnSyntax {
        /// The input (at most 32 characters of it).
        text: String,
        /// The parser's error.
        error: tegoma_notation::pmn::PmnError,
    },
    /// The PMN string is malformed for chess.
    #[error("invalid PMN {0:?}: {1}")]
    Pmn(String, &'static str),
    /// A SAN refused: malformed, ambiguous or illegal (the kind is the [`SanError`]'s).
    #[error(transparent)]
    San(SanError),
    /// The UCI string is malformed.
    #[error("invalid UCI move {0:?}: {1}")]
    Uci(String, &'static str),
    /// A well-formed move that is not legal in the position.
    #[error("illegal move {0}")]
    IllegalMove(String),
}

impl NotationError for ChessError {
    fn kind(&self) -> &'static str {
        match self {
            ChessError::Feen(e) => e.kind(),
            ChessError::BoardShape(_) => "BoardShape",
            ChessError::Styles(_) => "Styles",
            ChessError::ForeignPiece(_) => "ForeignPiece",
            ChessError::ImpossibleMarker { .. } => "ImpossibleMarker",
            ChessError::KingCount(_) => "KingCount",
            ChessError::TooManyPieces(_) => "TooManyPieces",
            ChessError::PawnOnBackRank(_) => "PawnOnBackRank",
            ChessError::OpponentInCheck => "OpponentInCheck",
            ChessError::HandPiece(_) => "HandPiece",
            ChessError::Fen { .. } => "InvalidFen",
            ChessError::Pmn(..) | ChessError::PmnSyntax { .. } => "InvalidPmn",
            ChessError::San(e) => e.kind(),
            ChessError::Uci(..) => "InvalidUci",
            ChessError::IllegalMove(_) => "IllegalMove",
        }
    }
}
