//! Chess reports the shared errors of [`tegoma_protocol::error`]: [`PositionError`] for FEEN
//! and FEN, [`MoveError`] for PMN, SAN and UCI, [`IllegalMove`](tegoma_protocol::IllegalMove)
//! for a well-formed move that is not legal. This module holds the conversions they need.

use tegoma_notation::cell::Cell;
use tegoma_protocol::{MoveError, Piece, PositionError};

use crate::kit::Square;

/// The CELL coordinate of a square (`e4`).
pub(crate) fn cell(sq: Square) -> Cell {
    Cell::xy(sq.file(), sq.rank())
}

/// The piece of a chess token (every token the module writes is EPIN).
pub(crate) fn piece(token: &str) -> Piece {
    Piece::parse(token).expect("chess tokens are EPIN")
}

/// A malformed FEN field.
pub(crate) fn fen_err(
    field: tegoma_protocol::error::FenField,
    reason: tegoma_protocol::error::FenReason,
) -> PositionError {
    PositionError::Fen { field, reason }
}

/// SAN or UCI text that is not a legal move: [`MoveError::Illegal`] with no finer reason.
pub(crate) fn illegal(text: &str) -> MoveError {
    MoveError::Illegal(tegoma_protocol::IllegalMove::new(
        text,
        tegoma_protocol::IllegalReason::NotLegal,
    ))
}
