//! Ōgi reports the shared errors of [`tegoma_protocol::error`] ([`PositionError`](tegoma_protocol::PositionError),
//! [`MoveError`], [`IllegalMove`]); this module holds the conversions they need.
use tegoma_notation::cell::Cell;
use tegoma_protocol::{IllegalMove, IllegalReason, MoveError, Piece};

/// The CELL coordinate of a square index (`a1` = 0, rank-major).
pub(crate) fn cell(sq: u8) -> Cell {
    Cell::xy(sq % 8, sq / 8)
}

/// The piece of an Ōgi token (every token the module reads or writes is EPIN).
pub(crate) fn piece(token: &str) -> Piece {
    Piece::parse(token).expect("Ōgi tokens are EPIN")
}

/// `pmn` is not legal for `reason`.
pub(crate) fn illegal(pmn: &str, reason: IllegalReason) -> MoveError {
    MoveError::Illegal(IllegalMove::new(pmn, reason))
}
