//! The typed errors every rule system shares, one enum per phase.
//!
//! - [`PositionError`]: reading a position of a rule system (FEEN text, the rule system's own
//!   notation, or a generic [`Position`](crate::Position) imported by
//!   [`RuleSystem::import`](crate::RuleSystem::import)).
//! - [`MoveError`]: reading a move text (PMN, or a notation of the rule system's own), which
//!   ends either in a move or in one of these; a well-formed move that is not legal is
//!   [`MoveError::Illegal`].
//! - [`IllegalMove`]: a well-formed move that is not legal in the position, with a typed
//!   [`IllegalReason`] where the rule system knows one.
//!
//! Every rule system and the GGN engine return the same variant for the same failure, so the
//! same failure has the same [`NotationError::kind`] in every game (the CamelCase variant name,
//! or the wrapped parser's kind for [`PositionError::Feen`]). Payloads are values (pieces, cells,
//! sides, dimensions, enums of reasons), except the move text as the player wrote it, which may
//! not name any move value.
//!
//! # Errors of a rule system's own
//!
//! These enums speak only the Protocol's vocabulary (boards, pieces, hands, styles, PMN). A
//! failure that only one rule system knows (a notation of its own, a rule of its own) is its own
//! typed value, carried behind one generic variant of each enum: [`PositionError::Specific`],
//! [`MoveError::Specific`] and [`IllegalReason::Specific`], each holding a [`Specific`]. A
//! [`Specific`] wraps any type that implements [`RuleSystemError`] (a `std::error::Error` with a
//! [`NotationError::kind`], `PartialEq`, `Send` and `Sync`); its kind and message are the wrapped
//! value's, so wrapping changes neither. Callers get the rule system's own type back with
//! [`Specific::downcast_ref`] (or the shortcuts [`PositionError::specific`],
//! [`MoveError::specific`], [`IllegalReason::specific`]) and match on it:
//!
//! ```
//! use std::fmt;
//! use tegoma_notation::NotationError;
//! use tegoma_protocol::error::{RuleSystemError, Specific};
//! use tegoma_protocol::PositionError;
//!
//! /// A rule system's own position error.
//! #[derive(Debug, Clone, PartialEq, Eq)]
//! struct TooTall(u8);
//! impl fmt::Display for TooTall {
//!     fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
//!         write!(f, "a tower of {} pieces", self.0)
//!     }
//! }
//! impl std::error::Error for TooTall {}
//! impl NotationError for TooTall {
//!     fn kind(&self) -> &'static str {
//!         "TooTall"
//!     }
//! }
//! impl RuleSystemError for TooTall {}
//!
//! let e = PositionError::Specific(Specific::new(TooTall(4)));
//! assert_eq!((e.kind(), e.to_string().as_str()), ("TooTall", "a tower of 4 pieces"));
//! assert_eq!(e.specific::<TooTall>(), Some(&TooTall(4)));
//! ```
//!
//! Messages say what failed and where, once: `illegal move e7-e4: the piece cannot move
//! there`. A layer that already names the move (a match's ply `ply 2 (e7-e4): ...`) prints
//! [`MoveError::detail`] instead, which leaves the text out. Kinds become strings only at the
//! command line (through [`tegoma_notation::Invalid`]).

use std::any::Any;
use std::fmt;
use std::hash::{Hash, Hasher};
use std::sync::Arc;

use tegoma_notation::cell::Cell;
use tegoma_notation::feen::ParseError as FeenParseError;
use tegoma_notation::pmn::PmnError;
use tegoma_notation::NotationError;

use crate::feen::FeenWriteError;
use crate::piece::Piece;
use crate::position::Style;
use crate::side::Side;

/// Comparison and downcasting for a type-erased [`RuleSystemError`]; implemented for every
/// `PartialEq + Any` type, so a rule system never implements it by hand.
pub trait DynEq: Any {
    /// The value as [`Any`], to downcast it.
    fn as_any(&self) -> &dyn Any;
    /// Whether `other` is a value of the same type, equal to this one.
    fn dyn_eq(&self, other: &dyn Any) -> bool;
}

impl<T: PartialEq + Any> DynEq for T {
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn dyn_eq(&self, other: &dyn Any) -> bool {
        other.downcast_ref::<T>() == Some(self)
    }
}

/// An error (or an illegal-move reason) of one rule system's own, which the Protocol's enums
/// carry behind their generic variants ([`PositionError::Specific`], [`MoveError::Specific`],
/// [`IllegalReason::Specific`]). Its [`NotationError::kind`] and its message become those of
/// the enclosing error. See the module docs.
pub trait RuleSystemError: std::error::Error + NotationError + DynEq + Send + Sync {
    /// The move text as written, for an error about a move text (what [`MoveError::text`]
    /// returns); `None` (the default) for other errors.
    fn move_text(&self) -> Option<&str> {
        None
    }

    /// Writes the message without the move text, for [`MoveError::detail`]; by default the
    /// whole message.
    ///
    /// # Errors
    /// Only the formatter's.
    fn fmt_detail(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A [`RuleSystemError`] behind a cheap, clonable, comparable handle: the payload of the
/// generic variants. Its kind, message, `Debug` form and source are the wrapped value's; two
/// handles are equal when they wrap equal values of the same type.
#[derive(Clone)]
pub struct Specific(Arc<dyn RuleSystemError>);

impl Specific {
    /// Wraps a rule system's own error.
    #[must_use]
    pub fn new(error: impl RuleSystemError) -> Specific {
        Specific(Arc::new(error))
    }

    /// The wrapped error.
    #[must_use]
    pub fn get(&self) -> &dyn RuleSystemError {
        &*self.0
    }

    /// The wrapped error as its own type `T`, `None` when it is of another type.
    #[must_use]
    pub fn downcast_ref<T: RuleSystemError>(&self) -> Option<&T> {
        self.get().as_any().downcast_ref::<T>()
    }

    /// Whether the wrapped error is of type `T`.
    #[must_use]
    pub fn is<T: RuleSystemError>(&self) -> bool {
        self.downcast_ref::<T>().is_some()
    }
}

impl<E: RuleSystemError> From<E> for Specific {
    fn from(error: E) -> Specific {
        Specific::new(error)
    }
}

impl fmt::Debug for Specific {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.get(), f)
    }
}

impl fmt::Display for Specific {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.get(), f)
    }
}

impl std::error::Error for Specific {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        self.get().source()
    }
}

impl NotationError for Specific {
    fn kind(&self) -> &'static str {
        self.get().kind()
    }
}

impl PartialEq for Specific {
    fn eq(&self, other: &Specific) -> bool {
        self.get().dyn_eq(other.get().as_any())
    }
}

impl Eq for Specific {}

/// Hashes the kind and the message, which equal values share.
impl Hash for Specific {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.kind().hash(state);
        self.to_string().hash(state);
    }
}

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
    /// A piece on the board that the game does not have (a name it has no piece of, or a
    /// state or terminal status its pieces never take).
    #[error("{piece} on {square} is not a piece of this game")]
    ForeignPiece {
        /// The piece token.
        piece: Piece,
        /// Its square.
        square: Cell,
    },
    /// The side not to move is in check.
    #[error("the side not to move is in check")]
    OpponentInCheck,
    /// A hand holds a piece no capture can put there (a piece of the other side, a terminal
    /// piece, a piece the game does not have).
    #[error("the {hand} hand cannot hold {piece}")]
    HandPiece {
        /// The piece token.
        piece: Piece,
        /// Whose hand.
        hand: Side,
    },
    /// A failure of the rule system's own (a notation of its own, a rule on placements of its
    /// own): its kind and message are the wrapped error's.
    #[error(transparent)]
    Specific(Specific),
}

impl NotationError for PositionError {
    fn kind(&self) -> &'static str {
        match self {
            PositionError::Feen(e) => e.kind(),
            PositionError::InvalidFeen(_) => "InvalidFeen",
            PositionError::BoardShape { .. } => "BoardShape",
            PositionError::Styles { .. } => "Styles",
            PositionError::ForeignPiece { .. } => "ForeignPiece",
            PositionError::OpponentInCheck => "OpponentInCheck",
            PositionError::HandPiece { .. } => "HandPiece",
            PositionError::Specific(e) => e.kind(),
        }
    }
}

impl PositionError {
    /// The rule system's own error of type `T`, when this is a [`PositionError::Specific`]
    /// wrapping one.
    #[must_use]
    pub fn specific<T: RuleSystemError>(&self) -> Option<&T> {
        match self {
            PositionError::Specific(e) => e.downcast_ref(),
            _ => None,
        }
    }
}

impl From<FeenParseError> for PositionError {
    fn from(e: FeenParseError) -> PositionError {
        PositionError::Feen(e)
    }
}

impl From<Specific> for PositionError {
    fn from(e: Specific) -> PositionError {
        PositionError::Specific(e)
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
    /// A move text in a notation of the rule system's own that it cannot read: its kind,
    /// message, text ([`RuleSystemError::move_text`]) and detail
    /// ([`RuleSystemError::fmt_detail`]) are the wrapped error's.
    #[error(transparent)]
    Specific(Specific),
}

impl NotationError for MoveError {
    fn kind(&self) -> &'static str {
        match self {
            MoveError::Pmn { .. } => "InvalidPmn",
            MoveError::AmbiguousDrop { .. } => "AmbiguousDrop",
            MoveError::Illegal(e) => e.kind(),
            MoveError::Specific(e) => e.kind(),
        }
    }
}

impl From<Specific> for MoveError {
    fn from(e: Specific) -> MoveError {
        MoveError::Specific(e)
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

    /// The move text as written (cut to 32 characters for malformed text; empty for an error
    /// of a rule system's own that names no text).
    #[must_use]
    pub fn text(&self) -> &str {
        match self {
            MoveError::Pmn { text, .. } | MoveError::AmbiguousDrop { text, .. } => text,
            MoveError::Illegal(e) => &e.text,
            MoveError::Specific(e) => e.get().move_text().unwrap_or_default(),
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

    /// The rule system's own error of type `T`, when this is a [`MoveError::Specific`] wrapping
    /// one.
    #[must_use]
    pub fn specific<T: RuleSystemError>(&self) -> Option<&T> {
        match self {
            MoveError::Specific(e) => e.downcast_ref(),
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
            MoveError::AmbiguousDrop { candidates, .. } => {
                write!(f, "ambiguous drop: could be {}", candidates.join(" or "))
            }
            MoveError::Illegal(e) => write!(f, "illegal move: {}", e.reason),
            MoveError::Specific(e) => e.get().fmt_detail(f),
        }
    }
}

/// A well-formed move that is not legal in the position: the move as written (PMN, or a
/// notation of the rule system's own) and why. Kind `IllegalMove`.
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
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
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
    /// A drop that promotes.
    DropPromotes,
    /// A drop on an occupied square.
    DropOccupied,
    /// No piece in hand can be dropped there.
    NoDrop,
    /// The piece is not in hand.
    NotInHand(Piece),
    /// The rules forbid dropping this piece on this square (some pieces never, some not where
    /// they could not move on).
    DropForbidden(Piece),
    /// A reason of the rule system's own (a rule only it has): its message is the wrapped
    /// value's.
    Specific(Specific),
}

impl IllegalReason {
    /// The rule system's own reason of type `T`, when this is an [`IllegalReason::Specific`]
    /// wrapping one.
    #[must_use]
    pub fn specific<T: RuleSystemError>(&self) -> Option<&T> {
        match self {
            IllegalReason::Specific(e) => e.downcast_ref(),
            _ => None,
        }
    }
}

impl From<Specific> for IllegalReason {
    fn from(e: Specific) -> IllegalReason {
        IllegalReason::Specific(e)
    }
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
            IllegalReason::DropPromotes => f.write_str("a drop never promotes"),
            IllegalReason::DropOccupied => f.write_str("the square is occupied"),
            IllegalReason::NoDrop => f.write_str("no piece in hand can be dropped there"),
            IllegalReason::NotInHand(p) => write!(f, "no {p} in hand"),
            IllegalReason::DropForbidden(p) => write!(f, "{p} cannot be dropped there"),
            IllegalReason::Specific(e) => fmt::Display::fmt(e, f),
        }
    }
}
