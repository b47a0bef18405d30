//! The errors only chess has, and the conversions into the shared errors of
//! [`tegoma_protocol::error`].
//!
//! Chess reports the shared errors ([`PositionError`] for FEEN and FEN, [`MoveError`] for PMN,
//! SAN and UCI, [`IllegalMove`](tegoma_protocol::IllegalMove) for a well-formed move that is
//! not legal). What only chess knows is a type of this module, carried behind the generic
//! variants [`PositionError::Specific`] and [`MoveError::Specific`]:
//!
//! - [`FenError`] (kind `InvalidFen`): a FEN string that is malformed or describes no chess game
//!   ([`FenField`], [`FenReason`]);
//! - [`PlacementError`]: a placement no chess game reaches (`ImpossibleMarker` with its
//!   [`MarkerReason`], `KingCount`, `TooManyPieces`, `PawnOnBackRank`);
//! - [`MoveTextError`]: a SAN or UCI text that is no move (`InvalidSan`, `AmbiguousSan`,
//!   `InvalidUci`).
//!
//! Each converts into the shared error with `From` (`?` works), and comes back with
//! [`PositionError::specific`] or [`MoveError::specific`]:
//!
//! ```
//! use tegoma_rules::chess::{FenError, FenField, Position};
//!
//! let e = Position::from_fen("8/8/8/8/8/8/8/K1k5 x - - 0 1").unwrap_err();
//! assert_eq!(e.to_string(), "invalid FEN side: expected w or b");
//! assert_eq!(e.specific::<FenError>().map(|f| f.field), Some(FenField::Side));
//! ```

use std::fmt;

use tegoma_notation::cell::Cell;
use tegoma_notation::NotationError;
use tegoma_protocol::error::{RuleSystemError, Specific};
use tegoma_protocol::{MoveError, Piece, PositionError, Side};

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
pub(crate) fn fen_err(field: FenField, reason: FenReason) -> PositionError {
    FenError { field, reason }.into()
}

/// SAN or UCI text that is not a legal move: [`MoveError::Illegal`] with no finer reason.
pub(crate) fn illegal(text: &str) -> MoveError {
    MoveError::Illegal(tegoma_protocol::IllegalMove::new(
        text,
        tegoma_protocol::IllegalReason::NotLegal,
    ))
}

/// A FEN string that is malformed or describes no chess game (kind `InvalidFen`): the failing
/// field and what is wrong.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct FenError {
    /// The failing field.
    pub field: FenField,
    /// What is wrong.
    pub reason: FenReason,
}

impl fmt::Display for FenError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "invalid FEN {}: {}", self.field, self.reason)
    }
}

impl std::error::Error for FenError {}

impl NotationError for FenError {
    fn kind(&self) -> &'static str {
        "InvalidFen"
    }
}

impl RuleSystemError for FenError {}

impl From<FenError> for PositionError {
    fn from(e: FenError) -> PositionError {
        PositionError::Specific(Specific::new(e))
    }
}

/// A field of a FEN string.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FenField {
    /// The string as a whole (its length, its number of fields).
    Fields,
    /// The piece placement.
    Placement,
    /// The side to move.
    Side,
    /// The castling rights.
    Castling,
    /// The en-passant target square.
    EnPassant,
    /// The halfmove clock.
    Halfmove,
    /// The fullmove number.
    Fullmove,
}

impl fmt::Display for FenField {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FenField::Fields => "fields",
            FenField::Placement => "placement",
            FenField::Side => "side",
            FenField::Castling => "castling",
            FenField::EnPassant => "en passant",
            FenField::Halfmove => "halfmove",
            FenField::Fullmove => "fullmove",
        })
    }
}

/// What is wrong with a FEN field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum FenReason {
    /// Longer than 128 bytes.
    TooLong,
    /// Not 4 to 6 fields.
    FieldCount(usize),
    /// Not 8 ranks.
    RankCount,
    /// A character that is no piece letter.
    UnknownPiece(char),
    /// A rank (1 to 8, from the 8th) with more than 8 squares.
    RankTooLong(u8),
    /// A rank with fewer than 8 squares.
    RankTooShort(u8),
    /// The field does not have the expected form (the text says which).
    Expected(&'static str),
    /// A castling right given twice.
    RepeatedRight,
    /// A fullmove number of 0.
    FullmoveZero,
    /// The field contradicts the placement.
    Impossible(MarkerReason),
}

impl fmt::Display for FenReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FenReason::TooLong => f.write_str("longer than 128 bytes"),
            FenReason::FieldCount(n) => write!(f, "expected 4 to 6 fields, found {n}"),
            FenReason::RankCount => f.write_str("expected 8 ranks"),
            FenReason::UnknownPiece(c) => write!(f, "unknown piece {c:?}"),
            FenReason::RankTooLong(r) => write!(f, "rank {r} too long"),
            FenReason::RankTooShort(r) => write!(f, "rank {r} too short"),
            FenReason::Expected(what) => write!(f, "expected {what}"),
            FenReason::RepeatedRight => f.write_str("repeated right"),
            FenReason::FullmoveZero => f.write_str("must be at least 1"),
            FenReason::Impossible(r) => r.fmt(f),
        }
    }
}

/// Why a state marker (or a FEN castling or en-passant field) describes no reachable game
/// (ruling R2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MarkerReason {
    /// `+P` off its start rank.
    PlusPawnOffStartRank,
    /// A plain `P` on its start rank.
    PawnOnStartRankMoved,
    /// `-P` where no double step ends.
    MinusPawnOffDoubleStep,
    /// `-P` of the side to move.
    MinusPawnExpired,
    /// Two `-P`.
    SeveralMinusPawns,
    /// No pawn has just double-stepped past the en-passant square.
    NoDoubleStep,
    /// The squares a double-stepping pawn passed are not empty.
    PassedSquaresOccupied,
    /// `+R` off its original corner.
    PlusRookOffCorner,
    /// `+R` without a `+K^` at home.
    PlusRookWithoutKing,
    /// `+K^` without a `+R` on a corner.
    PlusKingWithoutRook,
    /// A castling right without its king at home.
    CastlingKingMoved,
    /// A castling right without its rook on its corner.
    CastlingRookMoved,
}

impl fmt::Display for MarkerReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            MarkerReason::PlusPawnOffStartRank => "+P stands only on its start rank",
            MarkerReason::PawnOnStartRankMoved => {
                "a pawn on its start rank has not moved, so it is +P"
            }
            MarkerReason::MinusPawnOffDoubleStep => "-P stands only where a double step ends",
            MarkerReason::MinusPawnExpired => "-P expires when its owner is to move again",
            MarkerReason::SeveralMinusPawns => "only one pawn can be -P",
            MarkerReason::NoDoubleStep => "no pawn has just double-stepped past this square",
            MarkerReason::PassedSquaresOccupied => "the squares the pawn passed are not empty",
            MarkerReason::PlusRookOffCorner => "+R stands only on its original corner",
            MarkerReason::PlusRookWithoutKing => {
                "a castling-eligible rook needs a +K^ king on its original square"
            }
            MarkerReason::PlusKingWithoutRook => {
                "+K^ keeps a castling right, so it needs a +R on a corner"
            }
            MarkerReason::CastlingKingMoved => {
                "a castling right needs its king on its original square"
            }
            MarkerReason::CastlingRookMoved => {
                "a castling right needs its rook on its original corner"
            }
        })
    }
}

/// A placement that no chess game reaches (FEEN or FEN alike). The kind is the variant's name.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum PlacementError {
    /// A state marker that no game can produce (ruling R2).
    ImpossibleMarker {
        /// The piece token.
        piece: Piece,
        /// Its square.
        square: Cell,
        /// Why no game reaches it.
        reason: MarkerReason,
    },
    /// A side has no king or several kings.
    KingCount {
        /// The side.
        side: Side,
        /// Its number of kings.
        count: u32,
    },
    /// A side has more than 16 pieces on the board.
    TooManyPieces {
        /// The side.
        side: Side,
    },
    /// A pawn stands on the first or last rank.
    PawnOnBackRank {
        /// Its square.
        square: Cell,
    },
}

impl fmt::Display for PlacementError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PlacementError::ImpossibleMarker {
                piece,
                square,
                reason,
            } => write!(f, "impossible marker {piece} on {square}: {reason}"),
            PlacementError::KingCount { side, count } => {
                write!(f, "the {side} side has {count} kings, not one")
            }
            PlacementError::TooManyPieces { side } => {
                write!(f, "the {side} side has more than 16 pieces on the board")
            }
            PlacementError::PawnOnBackRank { square } => {
                write!(
                    f,
                    "pawn on {square}: pawns never stand on the first or last rank"
                )
            }
        }
    }
}

impl std::error::Error for PlacementError {}

impl NotationError for PlacementError {
    fn kind(&self) -> &'static str {
        match self {
            PlacementError::ImpossibleMarker { .. } => "ImpossibleMarker",
            PlacementError::KingCount { .. } => "KingCount",
            PlacementError::TooManyPieces { .. } => "TooManyPieces",
            PlacementError::PawnOnBackRank { .. } => "PawnOnBackRank",
        }
    }
}

impl RuleSystemError for PlacementError {}

impl From<PlacementError> for PositionError {
    fn from(e: PlacementError) -> PositionError {
        PositionError::Specific(Specific::new(e))
    }
}

/// A move text in SAN or UCI that chess cannot read: the text (at most 32 characters of it)
/// and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct MoveSyntax {
    /// The text.
    pub text: String,
    /// What is wrong.
    pub reason: &'static str,
}

impl MoveSyntax {
    /// `reason` about `text` (cut to 32 characters).
    #[must_use]
    pub fn new(text: &str, reason: &'static str) -> MoveSyntax {
        MoveSyntax {
            text: text.chars().take(32).collect(),
            reason,
        }
    }
}

/// A SAN or UCI text that names no move: not SAN, an ambiguous SAN, or not UCI. A well-formed
/// text that names no legal move is [`MoveError::Illegal`] instead.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum MoveTextError {
    /// Not SAN (kind `InvalidSan`).
    San(MoveSyntax),
    /// A SAN move that matches several legal moves (kind `AmbiguousSan`).
    AmbiguousSan {
        /// The text.
        text: String,
        /// Each candidate move as [`Move`](super::Move)'s `Display` writes it (`b1-d2`).
        candidates: Vec<String>,
    },
    /// Not a UCI move (kind `InvalidUci`).
    Uci(MoveSyntax),
}

impl fmt::Display for MoveTextError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveTextError::San(s) => write!(f, "invalid SAN {:?}: {}", s.text, s.reason),
            MoveTextError::AmbiguousSan { text, candidates } => {
                write!(
                    f,
                    "ambiguous SAN {text:?}: matches {}",
                    candidates.join(", ")
                )
            }
            MoveTextError::Uci(s) => write!(f, "invalid UCI move {:?}: {}", s.text, s.reason),
        }
    }
}

impl std::error::Error for MoveTextError {}

impl NotationError for MoveTextError {
    fn kind(&self) -> &'static str {
        match self {
            MoveTextError::San(_) => "InvalidSan",
            MoveTextError::AmbiguousSan { .. } => "AmbiguousSan",
            MoveTextError::Uci(_) => "InvalidUci",
        }
    }
}

impl RuleSystemError for MoveTextError {
    fn move_text(&self) -> Option<&str> {
        Some(match self {
            MoveTextError::San(s) | MoveTextError::Uci(s) => &s.text,
            MoveTextError::AmbiguousSan { text, .. } => text,
        })
    }

    fn fmt_detail(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveTextError::San(s) => write!(f, "invalid SAN: {}", s.reason),
            MoveTextError::AmbiguousSan { candidates, .. } => {
                write!(f, "ambiguous SAN: matches {}", candidates.join(", "))
            }
            MoveTextError::Uci(s) => write!(f, "invalid UCI move: {}", s.reason),
        }
    }
}

impl From<MoveTextError> for MoveError {
    fn from(e: MoveTextError) -> MoveError {
        MoveError::Specific(Specific::new(e))
    }
}
