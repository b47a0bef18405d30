//! The typed errors every rule system shares, one enum per phase.
//!
//! - [`PositionError`]: reading a position of a rule system (FEEN or FEN text, or a generic
//!   [`Position`](crate::Position) imported by [`RuleSystem::import`](crate::RuleSystem::import)).
//! - [`MoveError`]: reading a move text (PMN, and SAN or UCI for chess), which ends either in a
//!   move or in one of these; a well-formed move that is not legal is
//!   [`MoveError::Illegal`].
//! - [`IllegalMove`]: a well-formed move that is not legal in the position, with a typed
//!   [`IllegalReason`] where the rule system knows one.
//! - [`RuleError`]: either of the first two, for [`DynRuleSystem`](crate::DynRuleSystem).
//!
//! Chess, Ōgi and the GGN engine return the same variant for the same failure, so the same
//! failure has the same [`NotationError::kind`] in every game (the CamelCase variant name, or the
//! wrapped parser's kind for [`PositionError::Feen`]). Payloads are values (pieces, cells,
//! sides, dimensions, enums of reasons), except the move text as the player wrote it, which may
//! not name any move value.
//!
//! Messages say what failed and where, once: `illegal move e7-e4: the piece cannot move
//! there`. A layer that already names the move (a match's ply `ply 2 (e7-e4): ...`) prints
//! [`MoveError::detail`] instead, which leaves the text out. Kinds become strings only at the
//! command line (through [`tegoma_notation::Invalid`]).

use std::fmt;

use tegoma_notation::cell::Cell;
use tegoma_notation::feen::ParseError as FeenParseError;
use tegoma_notation::pmn::PmnError;
use tegoma_notation::NotationError;

use crate::feen::FeenWriteError;
use crate::piece::Piece;
use crate::position::Style;
use crate::side::Side;

/// Why a text or a generic position is not a position of a rule system.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// The string is not valid canonical FEEN; the kind is the FEEN parser's (`FieldCount`,
    /// `HandNotCanonical`, ...).
    #[error("invalid FEEN: {0}")]
    Feen(FeenParseError),
    /// A generic position that has no FEEN form (so it is no position of a FEEN game).
    #[error("the position has no FEEN form: {0}")]
    InvalidFeen(FeenWriteError),
    /// The FEN string is malformed or describes no chess game (kind `InvalidFen`).
    #[error("invalid FEN {field}: {reason}")]
    Fen {
        /// The failing field.
        field: FenField,
        /// What is wrong.
        reason: FenReason,
    },
    /// The board has other dimensions than the game's.
    #[error("the board is {}, not {}", Dims(found), Dims(expected))]
    BoardShape {
        /// The game's board sizes, in CELL order (files first).
        expected: Vec<u8>,
        /// The position's.
        found: Vec<u8>,
    },
    /// The style-turn field names other styles than the game's.
    #[error("the styles are {}/{}, not {}/{}", found[0], found[1], expected[0], expected[1])]
    Styles {
        /// The game's styles, first then second player.
        expected: [Style; 2],
        /// The position's, first then second player.
        found: [Style; 2],
    },
    /// A piece on the board that the game does not have (chess: `K` without `^`, `X`, `P'`).
    #[error("{piece} on {square} is not a piece of this game")]
    ForeignPiece {
        /// The piece token.
        piece: Piece,
        /// Its square.
        square: Cell,
    },
    /// A state marker that no game can produce (chess, ruling R2).
    #[error("impossible marker {piece} on {square}: {reason}")]
    ImpossibleMarker {
        /// The piece token.
        piece: Piece,
        /// Its square.
        square: Cell,
        /// Why no game reaches it.
        reason: MarkerReason,
    },
    /// A side has no king or several kings.
    #[error("the {side} side has {count} kings, not one")]
    KingCount {
        /// The side.
        side: Side,
        /// Its number of kings.
        count: u32,
    },
    /// A side has more pieces on the board than a game can give it (16 in chess).
    #[error("the {side} side has more than 16 pieces on the board")]
    TooManyPieces {
        /// The side.
        side: Side,
    },
    /// A pawn stands on the first or last rank.
    #[error("pawn on {square}: pawns never stand on the first or last rank")]
    PawnOnBackRank {
        /// Its square.
        square: Cell,
    },
    /// The side not to move is in check.
    #[error("the side not to move is in check")]
    OpponentInCheck,
    /// A hand holds a piece no capture can put there (a piece of the other side, a king, a
    /// piece the game does not have).
    #[error("the {hand} hand cannot hold {piece}")]
    HandPiece {
        /// The piece token.
        piece: Piece,
        /// Whose hand.
        hand: Side,
    },
}

impl NotationError for PositionError {
    fn kind(&self) -> &'static str {
        match self {
            PositionError::Feen(e) => e.kind(),
            PositionError::InvalidFeen(_) => "InvalidFeen",
            PositionError::Fen { .. } => "InvalidFen",
            PositionError::BoardShape { .. } => "BoardShape",
            PositionError::Styles { .. } => "Styles",
            PositionError::ForeignPiece { .. } => "ForeignPiece",
            PositionError::ImpossibleMarker { .. } => "ImpossibleMarker",
            PositionError::KingCount { .. } => "KingCount",
            PositionError::TooManyPieces { .. } => "TooManyPieces",
            PositionError::PawnOnBackRank { .. } => "PawnOnBackRank",
            PositionError::OpponentInCheck => "OpponentInCheck",
            PositionError::HandPiece { .. } => "HandPiece",
        }
    }
}

impl From<FeenParseError> for PositionError {
    fn from(e: FeenParseError) -> PositionError {
        PositionError::Feen(e)
    }
}

/// Board sizes written `8x8`.
struct Dims<'a>(&'a [u8]);

impl fmt::Display for Dims<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, d) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("x")?;
            }
            write!(f, "{d}")?;
        }
        Ok(())
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
/// (chess, ruling R2).
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

/// A move text that a rule system cannot read in a notation other than PMN (SAN, UCI): the
/// text (at most 32 characters of it) and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
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

/// Why a text is not a PMN move of the game: not PMN at all, or PMN of a form the game has no
/// use for, naming squares it does not have, or spelled otherwise than the game writes the move.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PmnReason {
    /// Not PMN (the PMN parser's error).
    Syntax(PmnError),
    /// A PMN form the game does not have (`pass`, `static capture`, `drop`, ...: the form's
    /// name).
    NoSuchForm(&'static str),
    /// A square off the game's board.
    OffBoard(Cell),
    /// The move is written with the wrong operator or suffix for what it does (the text says
    /// how it is written).
    Spelling(&'static str),
}

impl fmt::Display for PmnReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            PmnReason::Syntax(e) => write!(f, "{e} ({})", e.kind()),
            PmnReason::NoSuchForm(form) => write!(f, "this game has no {form}"),
            PmnReason::OffBoard(c) => write!(f, "{c} is not a square of the board"),
            PmnReason::Spelling(how) => f.write_str(how),
        }
    }
}

/// Why a move text is not a legal move of the position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MoveError {
    /// Not a PMN move of this game (kind `InvalidPmn`): not PMN at all (the parser's error
    /// and kind are in the message), or PMN of a shape the game does not have.
    #[error("invalid PMN {text:?}: {reason}")]
    Pmn {
        /// The text (at most 32 characters of it).
        text: String,
        /// What is wrong.
        reason: PmnReason,
    },
    /// Not SAN.
    #[error("invalid SAN {:?}: {}", .0.text, .0.reason)]
    San(MoveSyntax),
    /// A SAN move that matches several legal moves.
    #[error("ambiguous SAN {text:?}: matches {}", candidates.join(", "))]
    AmbiguousSan {
        /// The text.
        text: String,
        /// The SAN of each candidate, disambiguated.
        candidates: Vec<String>,
    },
    /// Not a UCI move.
    #[error("invalid UCI move {:?}: {}", .0.text, .0.reason)]
    Uci(MoveSyntax),
    /// A drop written without its piece (`*e5`) that could be any of several held pieces.
    #[error("ambiguous drop {text}: could be {}", candidates.join(" or "))]
    AmbiguousDrop {
        /// The text.
        text: String,
        /// The PMN of each candidate drop.
        candidates: Vec<String>,
    },
    /// A well-formed move that is not legal here.
    #[error(transparent)]
    Illegal(#[from] IllegalMove),
}

impl NotationError for MoveError {
    fn kind(&self) -> &'static str {
        match self {
            MoveError::Pmn { .. } => "InvalidPmn",
            MoveError::San(_) => "InvalidSan",
            MoveError::AmbiguousSan { .. } => "AmbiguousSan",
            MoveError::Uci(_) => "InvalidUci",
            MoveError::AmbiguousDrop { .. } => "AmbiguousDrop",
            MoveError::Illegal(e) => e.kind(),
        }
    }
}

impl MoveError {
    /// `text` is not a PMN move of the game, for `reason`.
    #[must_use]
    pub fn pmn(text: &str, reason: PmnReason) -> MoveError {
        MoveError::Pmn {
            text: text.chars().take(32).collect(),
            reason,
        }
    }

    /// A PMN parser error about `text`.
    #[must_use]
    pub fn pmn_syntax(text: &str, error: PmnError) -> MoveError {
        MoveError::pmn(text, PmnReason::Syntax(error))
    }

    /// The move text as written (cut to 32 characters for malformed text).
    #[must_use]
    pub fn text(&self) -> &str {
        match self {
            MoveError::Pmn { text, .. }
            | MoveError::AmbiguousSan { text, .. }
            | MoveError::AmbiguousDrop { text, .. } => text,
            MoveError::San(s) | MoveError::Uci(s) => &s.text,
            MoveError::Illegal(e) => &e.text,
        }
    }

    /// The illegal move, when the text was a well-formed move that is not legal.
    #[must_use]
    pub fn illegal(&self) -> Option<&IllegalMove> {
        match self {
            MoveError::Illegal(e) => Some(e),
            _ => None,
        }
    }

    /// The message without the move text, for a caller that already shows it (`illegal move:
    /// the piece cannot move there`, `invalid PMN: ...`).
    #[must_use]
    pub fn detail(&self) -> Detail<'_> {
        Detail(self)
    }
}

/// [`MoveError::detail`]: the message without the move text.
#[derive(Debug, Clone, Copy)]
pub struct Detail<'a>(&'a MoveError);

impl fmt::Display for Detail<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            MoveError::Pmn { reason, .. } => write!(f, "invalid PMN: {reason}"),
            MoveError::San(s) => write!(f, "invalid SAN: {}", s.reason),
            MoveError::AmbiguousSan { candidates, .. } => {
                write!(f, "ambiguous SAN: matches {}", candidates.join(", "))
            }
            MoveError::Uci(s) => write!(f, "invalid UCI move: {}", s.reason),
            MoveError::AmbiguousDrop { candidates, .. } => {
                write!(f, "ambiguous drop: could be {}", candidates.join(" or "))
            }
            MoveError::Illegal(e) => write!(f, "illegal move: {}", e.reason),
        }
    }
}

/// A well-formed move that is not legal in the position: the move as written (PMN, SAN or
/// UCI) and why. Kind `IllegalMove`.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("illegal move {text}: {reason}")]
pub struct IllegalMove {
    /// The move as written.
    pub text: String,
    /// Why it is not legal.
    pub reason: IllegalReason,
}

impl IllegalMove {
    /// `text` is not legal for `reason`.
    #[must_use]
    pub fn new(text: impl Into<String>, reason: IllegalReason) -> IllegalMove {
        IllegalMove {
            text: text.into(),
            reason,
        }
    }
}

impl NotationError for IllegalMove {
    fn kind(&self) -> &'static str {
        "IllegalMove"
    }
}

/// Why a well-formed move is not legal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum IllegalReason {
    /// No more specific reason is known: the move is not among the legal moves.
    NotLegal,
    /// The game is over.
    GameOver,
    /// The origin holds no piece of the side to move.
    NoPiece(Cell),
    /// A promotion or capture suffix names a piece of the other side, or one the game does not
    /// have.
    ForeignPiece(Piece),
    /// The destination is occupied and the move is not written as a capture.
    Occupied,
    /// A capture on an empty square.
    NothingToCapture,
    /// A capture of an own piece.
    OwnPiece,
    /// The piece cannot move there.
    CannotMoveThere(Piece),
    /// The piece cannot become the one named.
    CannotBecome {
        /// The moving piece.
        piece: Piece,
        /// What the move names.
        into: Piece,
    },
    /// A promotion is forced here (write `=` and this piece).
    PromotionForced(Piece),
    /// A promotion of a move that neither starts nor ends in the promotion zone.
    PromotionOutsideZone,
    /// A captured piece written in another state than the one it enters the hand in.
    CapturedEntersAs(Piece),
    /// Only the King may keep a captured piece promoted.
    OnlyKingKeepsPromoted,
    /// The King's privilege (Ōgi) is disabled.
    PrivilegeDisabled,
    /// A drop that promotes.
    DropPromotes,
    /// A drop on an occupied square.
    DropOccupied,
    /// No piece in hand can be dropped there.
    NoDrop,
    /// The piece is not in hand.
    NotInHand(Piece),
    /// The rules forbid this drop there (an unpromoted pawn never, a lance or a knight not on
    /// the last ranks).
    DropForbidden(Piece),
    /// Sennichite (Ōgi): this move already produced this position in the match.
    Sennichite,
}

impl fmt::Display for IllegalReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            IllegalReason::NotLegal => f.write_str("not a legal move of this position"),
            IllegalReason::GameOver => f.write_str("the game is over"),
            IllegalReason::NoPiece(c) => write!(f, "no piece of the side to move on {c}"),
            IllegalReason::ForeignPiece(p) => write!(f, "{p} is not a piece of the side to move"),
            IllegalReason::Occupied => {
                f.write_str("the destination is occupied (a capture is written +)")
            }
            IllegalReason::NothingToCapture => f.write_str("nothing to capture on the destination"),
            IllegalReason::OwnPiece => f.write_str("the destination holds an own piece"),
            IllegalReason::CannotMoveThere(p) => write!(f, "the {p} cannot move there"),
            IllegalReason::CannotBecome { piece, into } => {
                write!(f, "a {piece} cannot become {into}")
            }
            IllegalReason::PromotionForced(p) => write!(f, "promotion is forced here: write ={p}"),
            IllegalReason::PromotionOutsideZone => {
                f.write_str("promotion needs a move that starts or ends in the promotion zone")
            }
            IllegalReason::CapturedEntersAs(p) => write!(
                f,
                "the captured piece enters the hand as {p} (or kept promoted by the King)"
            ),
            IllegalReason::OnlyKingKeepsPromoted => {
                f.write_str("only the King may keep a captured piece promoted")
            }
            IllegalReason::PrivilegeDisabled => f.write_str("the King's privilege is disabled"),
            IllegalReason::DropPromotes => f.write_str("a drop never promotes"),
            IllegalReason::DropOccupied => f.write_str("the square is occupied"),
            IllegalReason::NoDrop => f.write_str("no piece in hand can be dropped there"),
            IllegalReason::NotInHand(p) => write!(f, "no {p} in hand"),
            IllegalReason::DropForbidden(p) => write!(f, "{p} cannot be dropped there"),
            IllegalReason::Sennichite => {
                f.write_str("sennichite: this move already produced this position")
            }
        }
    }
}

/// The error of a [`DynRuleSystem`](crate::DynRuleSystem) call: the position or the move.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum RuleError {
    /// The position is not one of the rule system.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// The move is malformed or not legal.
    #[error(transparent)]
    Move(#[from] MoveError),
}

impl From<IllegalMove> for RuleError {
    fn from(e: IllegalMove) -> RuleError {
        RuleError::Move(MoveError::Illegal(e))
    }
}

impl NotationError for RuleError {
    fn kind(&self) -> &'static str {
        match self {
            RuleError::Position(e) => e.kind(),
            RuleError::Move(e) => e.kind(),
        }
    }
}
