//! PMN, Portable Move Notation (operator syntax, PMN 1.0.0): one string is one move.
//!
//! | Form | Syntax | Example | Value |
//! |---|---|---|---|
//! | pass | `...` | `...` | [`Pmn::Pass`] |
//! | quiet move | `src-dst[=X]` | `e2-e4`, `e7-e8=Q` | [`Pmn::Quiet`] |
//! | capture | `src+dst[=X][/Y]` | `d1+f3`, `b7+a8=R`, `d1+f3/n` | [`Pmn::Capture`] |
//! | static capture | `+sq[/Y]` | `+d4` | [`Pmn::StaticCapture`] |
//! | special move | `src~dst[=X][/Y]` | `e1~g1`, `e5~f6` | [`Pmn::Special`] |
//! | drop | `[P]*dst[=X]` | `P*e5`, `*e5`, `S*c3=+S` | [`Pmn::Drop`] |
//! | drop with capture | `[P].dst[=X][/Y]` | `L.b4`, `.b4` | [`Pmn::DropCapture`] |
//! | in-place mutation | `sq=X` | `e4=+P`, `c3=k'` | [`Pmn::Mutation`] |
//!
//! Squares are [CELL](crate::cell) coordinates of 1 to 3 dimensions; `P`, `X` and `Y` are
//! [EPIN](crate::epin) tokens. `=X` is the *actor mutation* (a promotion, say); `/Y` is the
//! *capture mutation*, applied to the captured piece before it enters the hand, and only forms
//! that capture carry it. When both are present `=` comes first. A move is at most 25 bytes
//! (ruling R6; the longest is `iv256IV~iv256IV=+K^'/+K^'`).
//!
//! Two parsers:
//! - [`Pmn::parse`] is strict PMN 1.0.0: what it accepts is canonical, so
//!   `Pmn::parse(s)?.to_string() == s`.
//! - [`Pmn::parse_lenient`] also accepts the spellings of the rule seeds (ruling R1): `e7-e8/Q`
//!   (a `/` suffix on a non-capturing form read as `=`) and `*-e5` (a drop written with a dash),
//!   and reports what it normalised in a [`Normalisation`].
//!
//! Checks that need a position are left to the rule systems, and the value is shaped for them:
//! a drop may leave its piece unwritten ([`Pmn::drop_piece`] is `None`; fill it with
//! [`Pmn::with_drop_piece`]), and a suffix that turns out to be a no-op (`e7-e8=P` on a pawn that
//! stays a pawn, the seed's `e7-e8/P`) can be removed with [`Pmn::with_mutation`] /
//! [`Pmn::with_capture_mutation`] before formatting the canonical text.
//!
//! ```
//! use tegoma_notation::pmn::{Form, Normalisation, Pmn};
//!
//! let m: Pmn = "e7-e8=Q".parse().unwrap();
//! assert_eq!(m.form(), Form::Quiet);
//! assert_eq!(m.source().unwrap().to_string(), "e7");
//! assert_eq!(m.mutation().unwrap().to_string(), "Q");
//! assert_eq!(m.to_string(), "e7-e8=Q");
//!
//! // The seed spelling is rejected by the strict parser, accepted by the lenient one.
//! assert!(Pmn::parse("e7-e8/Q").is_err());
//! let (m2, how) = Pmn::parse_lenient("e7-e8/Q").unwrap();
//! assert_eq!(m2, m);
//! assert!(how.contains(Normalisation::SLASH_AS_MUTATION));
//!
//! let (drop, how) = Pmn::parse_lenient("*-e5").unwrap();
//! assert_eq!(drop.to_string(), "*e5");
//! assert_eq!(drop.drop_piece(), None); // to be inferred from the hand
//! assert!(how.contains(Normalisation::DASH_AFTER_DROP));
//! ```

use std::fmt;
use std::str::FromStr;

use crate::cell::Cell;

mod describe;
mod encode;
mod error;
mod parse;
#[cfg(test)]
mod proptests;
#[cfg(test)]
mod tests;

pub use describe::{describe, describe_move};
pub use encode::EncodedPmn;
pub use error::{Part, PmnError};

/// A piece token inside a move: an EPIN identifier (`Q`, `+P`, `k^'`).
pub type Piece = sashite_epin::Identifier;

/// Longest PMN string in bytes (ruling R6): `iv256IV~iv256IV=+K^'/+K^'`.
pub const MAX_LENGTH: usize = 25;

/// One move in PMN: a typed, canonical value for every form of PMN 1.0.0.
///
/// Field names follow the spec: `from`/`to` are board squares, `mutation` is the `=X` suffix
/// (the actor's new identity), `capture_mutation` the `/Y` suffix (the captured piece's identity
/// as it enters the hand). Formatting ([`fmt::Display`], [`Pmn::encode`]) gives the unique
/// canonical spelling and never allocates.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Pmn {
    /// `...`: no action; the turn passes.
    Pass,
    /// `src-dst[=X]`: the actor moves to an empty square, optionally mutating.
    Quiet {
        /// Source square.
        from: Cell,
        /// Destination square.
        to: Cell,
        /// The actor's identity after the move (`=X`), if it changes.
        mutation: Option<Piece>,
    },
    /// `src+dst[=X][/Y]`: the piece on `dst` goes to the active player's hand, then the actor
    /// moves onto `dst`.
    Capture {
        /// Source square.
        from: Cell,
        /// Destination square, also the capture square.
        to: Cell,
        /// The actor's identity after the move (`=X`), if it changes.
        mutation: Option<Piece>,
        /// The captured piece's identity in hand (`/Y`), if it changes.
        capture_mutation: Option<Piece>,
    },
    /// `+sq[/Y]`: the piece on `sq` goes to the active player's hand; nothing moves.
    StaticCapture {
        /// The capture square.
        square: Cell,
        /// The captured piece's identity in hand (`/Y`), if it changes.
        capture_mutation: Option<Piece>,
    },
    /// `src~dst[=X][/Y]`: the actor moves; the rule system adds implicit effects (castling rook,
    /// en-passant capture, ...).
    Special {
        /// Source square.
        from: Cell,
        /// Destination square.
        to: Cell,
        /// The actor's identity after the move (`=X`), if it changes.
        mutation: Option<Piece>,
        /// The identity in hand of the piece the rule system captures (`/Y`), if it changes.
        capture_mutation: Option<Piece>,
    },
    /// `[P]*dst[=X]`: a piece from the active player's hand onto an empty square.
    Drop {
        /// The dropped piece, or `None` when it is left to be inferred from the hand.
        piece: Option<Piece>,
        /// Destination square.
        to: Cell,
        /// The piece's identity once on the board (`=X`), if it changes.
        mutation: Option<Piece>,
    },
    /// `[P].dst[=X][/Y]`: the piece on `dst` goes to the hand, then a piece from the hand is
    /// dropped on `dst`.
    DropCapture {
        /// The dropped piece, or `None` when it is left to be inferred from the hand.
        piece: Option<Piece>,
        /// Destination square, also the capture square.
        to: Cell,
        /// The dropped piece's identity once on the board (`=X`), if it changes.
        mutation: Option<Piece>,
        /// The captured piece's identity in hand (`/Y`), if it changes.
        capture_mutation: Option<Piece>,
    },
    /// `sq=X`: the piece on `sq` changes identity in place.
    Mutation {
        /// The square of the mutating piece.
        square: Cell,
        /// Its new identity.
        into: Piece,
    },
}

/// The eight forms of a PMN move (see [`Pmn`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Form {
    /// `...`
    Pass,
    /// `src-dst`
    Quiet,
    /// `src+dst`
    Capture,
    /// `+sq`
    StaticCapture,
    /// `src~dst`
    Special,
    /// `[P]*dst`
    Drop,
    /// `[P].dst`
    DropCapture,
    /// `sq=X`
    Mutation,
}

impl Form {
    /// A short English name: `pass`, `quiet move`, `capture`, ...
    pub const fn name(self) -> &'static str {
        match self {
            Form::Pass => "pass",
            Form::Quiet => "quiet move",
            Form::Capture => "capture",
            Form::StaticCapture => "static capture",
            Form::Special => "special move",
            Form::Drop => "drop",
            Form::DropCapture => "drop with capture",
            Form::Mutation => "in-place mutation",
        }
    }
}

impl fmt::Display for Form {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// What [`Pmn::parse_lenient`] rewrote to reach canonical PMN: a small set of flags.
///
/// An empty set means the input was already strict PMN 1.0.0.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Normalisation(u8);

impl Normalisation {
    /// Nothing was normalised.
    pub const NONE: Normalisation = Normalisation(0);
    /// A `/X` suffix on a non-capturing form (quiet move or drop) was read as the mutation `=X`
    /// (seed spelling `e7-e8/Q`). The suffix may be a no-op (the Ōgi seed's `e7-e8/P` for a
    /// declined promotion): the rule system must check it against the position and drop it.
    pub const SLASH_AS_MUTATION: Normalisation = Normalisation(1);
    /// A `-` after the drop operator was dropped (seed spelling `*-e5`, `P*-e5`).
    pub const DASH_AFTER_DROP: Normalisation = Normalisation(2);

    /// Whether no rewrite happened.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether every flag of `other` is set in `self`.
    pub const fn contains(self, other: Normalisation) -> bool {
        self.0 & other.0 == other.0
    }

    /// The union of two sets.
    pub const fn union(self, other: Normalisation) -> Normalisation {
        Normalisation(self.0 | other.0)
    }
}

impl fmt::Display for Normalisation {
    /// Lists the rewrites, comma-separated (`none` when empty).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("none");
        }
        let mut sep = "";
        if self.contains(Normalisation::SLASH_AS_MUTATION) {
            f.write_str("'/' suffix read as '='")?;
            sep = ", ";
        }
        if self.contains(Normalisation::DASH_AFTER_DROP) {
            write!(f, "{sep}'-' after drop operator removed")?;
        }
        Ok(())
    }
}

impl Pmn {
    /// Parses strict PMN 1.0.0 (see the module docs).
    ///
    /// ```
    /// use tegoma_notation::pmn::{Pmn, PmnError, Part};
    ///
    /// assert!(Pmn::parse("S*c3=+S").is_ok());
    /// assert!(matches!(
    ///     Pmn::parse("e2-"),
    ///     Err(PmnError::MissingOperand { part: Part::Destination, at: 3 })
    /// ));
    /// ```
    pub fn parse(text: &str) -> Result<Pmn, PmnError> {
        parse::parse(text.as_bytes(), false).map(|(m, _)| m)
    }

    /// Parses strict PMN 1.0.0 from bytes.
    pub fn parse_bytes(bytes: &[u8]) -> Result<Pmn, PmnError> {
        parse::parse(bytes, false).map(|(m, _)| m)
    }

    /// Parses PMN, also accepting the seeds' spellings of ruling R1, and reports what was
    /// rewritten. Everything [`Pmn::parse`] accepts is accepted with [`Normalisation::NONE`].
    ///
    /// ```
    /// use tegoma_notation::pmn::{Normalisation, Pmn};
    ///
    /// let (m, how) = Pmn::parse_lenient("e7-e8/+P").unwrap();
    /// assert_eq!(m.to_string(), "e7-e8=+P");
    /// assert_eq!(how, Normalisation::SLASH_AS_MUTATION);
    /// ```
    pub fn parse_lenient(text: &str) -> Result<(Pmn, Normalisation), PmnError> {
        parse::parse(text.as_bytes(), true)
    }

    /// The move's form.
    pub const fn form(&self) -> Form {
        match self {
            Pmn::Pass => Form::Pass,
            Pmn::Quiet { .. } => Form::Quiet,
            Pmn::Capture { .. } => Form::Capture,
            Pmn::StaticCapture { .. } => Form::StaticCapture,
            Pmn::Special { .. } => Form::Special,
            Pmn::Drop { .. } => Form::Drop,
            Pmn::DropCapture { .. } => Form::DropCapture,
            Pmn::Mutation { .. } => Form::Mutation,
        }
    }

    /// The board square the actor starts on: `src` for board moves, `sq` for an in-place
    /// mutation; `None` for a pass, a static capture and drops (their actor comes from a hand).
    pub const fn source(&self) -> Option<Cell> {
        match *self {
            Pmn::Quiet { from, .. } | Pmn::Capture { from, .. } | Pmn::Special { from, .. } => {
                Some(from)
            }
            Pmn::Mutation { square, .. } => Some(square),
            _ => None,
        }
    }

    /// The board square the actor ends on: `dst`, or `sq` for an in-place mutation; `None` for a
    /// pass and a static capture (no actor).
    pub const fn destination(&self) -> Option<Cell> {
        match *self {
            Pmn::Quiet { to, .. }
            | Pmn::Capture { to, .. }
            | Pmn::Special { to, .. }
            | Pmn::Drop { to, .. }
            | Pmn::DropCapture { to, .. } => Some(to),
            Pmn::Mutation { square, .. } => Some(square),
            _ => None,
        }
    }

    /// The square of an explicit capture (`src+dst`, `+sq`, `[P].dst`). A special move's
    /// captures are rule-defined, so it gives `None`.
    pub const fn capture_square(&self) -> Option<Cell> {
        match *self {
            Pmn::Capture { to, .. } | Pmn::DropCapture { to, .. } => Some(to),
            Pmn::StaticCapture { square, .. } => Some(square),
            _ => None,
        }
    }

    /// Whether the move is a drop (`*` or `.`).
    pub const fn is_drop(&self) -> bool {
        matches!(self, Pmn::Drop { .. } | Pmn::DropCapture { .. })
    }

    /// Whether the form may carry a `/Y` suffix (capture, static capture, special move, drop
    /// with capture).
    pub const fn may_capture(&self) -> bool {
        matches!(
            self,
            Pmn::Capture { .. }
                | Pmn::StaticCapture { .. }
                | Pmn::Special { .. }
                | Pmn::DropCapture { .. }
        )
    }

    /// The written drop piece (`P` of `P*e5`); `None` for other forms and for a drop whose piece
    /// is left to be inferred (`*e5`).
    pub const fn drop_piece(&self) -> Option<Piece> {
        match *self {
            Pmn::Drop { piece, .. } | Pmn::DropCapture { piece, .. } => piece,
            _ => None,
        }
    }

    /// The actor's new identity: the `=X` suffix, or the `X` of an in-place mutation `sq=X`.
    pub const fn mutation(&self) -> Option<Piece> {
        match *self {
            Pmn::Quiet { mutation, .. }
            | Pmn::Capture { mutation, .. }
            | Pmn::Special { mutation, .. }
            | Pmn::Drop { mutation, .. }
            | Pmn::DropCapture { mutation, .. } => mutation,
            Pmn::Mutation { into, .. } => Some(into),
            _ => None,
        }
    }

    /// The captured piece's identity in hand: the `/Y` suffix.
    pub const fn capture_mutation(&self) -> Option<Piece> {
        match *self {
            Pmn::Capture {
                capture_mutation, ..
            }
            | Pmn::StaticCapture {
                capture_mutation, ..
            }
            | Pmn::Special {
                capture_mutation, ..
            }
            | Pmn::DropCapture {
                capture_mutation, ..
            } => capture_mutation,
            _ => None,
        }
    }

    /// The same move with the drop piece set (for a rule system that inferred it). Other forms
    /// are returned unchanged.
    #[must_use]
    pub const fn with_drop_piece(self, new: Option<Piece>) -> Pmn {
        match self {
            Pmn::Drop { to, mutation, .. } => Pmn::Drop {
                piece: new,
                to,
                mutation,
            },
            Pmn::DropCapture {
                to,
                mutation,
                capture_mutation,
                ..
            } => Pmn::DropCapture {
                piece: new,
                to,
                mutation,
                capture_mutation,
            },
            other => other,
        }
    }

    /// The same move with the `=X` suffix replaced (`None` removes it, e.g. a no-op suffix).
    /// An in-place mutation needs its token, so it is returned unchanged when `new` is `None`;
    /// pass and static capture have no actor and are returned unchanged.
    #[must_use]
    pub const fn with_mutation(self, new: Option<Piece>) -> Pmn {
        match self {
            Pmn::Quiet { from, to, .. } => Pmn::Quiet {
                from,
                to,
                mutation: new,
            },
            Pmn::Capture {
                from,
                to,
                capture_mutation,
                ..
            } => Pmn::Capture {
                from,
                to,
                mutation: new,
                capture_mutation,
            },
            Pmn::Special {
                from,
                to,
                capture_mutation,
                ..
            } => Pmn::Special {
                from,
                to,
                mutation: new,
                capture_mutation,
            },
            Pmn::Drop { piece, to, .. } => Pmn::Drop {
                piece,
                to,
                mutation: new,
            },
            Pmn::DropCapture {
                piece,
                to,
                capture_mutation,
                ..
            } => Pmn::DropCapture {
                piece,
                to,
                mutation: new,
                capture_mutation,
            },
            Pmn::Mutation { square, into } => Pmn::Mutation {
                square,
                into: match new {
                    Some(p) => p,
                    None => into,
                },
            },
            other => other,
        }
    }

    /// The same move with the `/Y` suffix replaced (`None` removes it, e.g. the default capture
    /// treatment written explicitly). Forms that do not capture are returned unchanged.
    #[must_use]
    pub const fn with_capture_mutation(self, new: Option<Piece>) -> Pmn {
        match self {
            Pmn::Capture {
                from, to, mutation, ..
            } => Pmn::Capture {
                from,
                to,
                mutation,
                capture_mutation: new,
            },
            Pmn::StaticCapture { square, .. } => Pmn::StaticCapture {
                square,
                capture_mutation: new,
            },
            Pmn::Special {
                from, to, mutation, ..
            } => Pmn::Special {
                from,
                to,
                mutation,
                capture_mutation: new,
            },
            Pmn::DropCapture {
                piece,
                to,
                mutation,
                ..
            } => Pmn::DropCapture {
                piece,
                to,
                mutation,
                capture_mutation: new,
            },
            other => other,
        }
    }
}

impl FromStr for Pmn {
    type Err = PmnError;
    /// Strict parse, as [`Pmn::parse`].
    fn from_str(s: &str) -> Result<Pmn, PmnError> {
        Pmn::parse(s)
    }
}

impl TryFrom<&str> for Pmn {
    type Error = PmnError;
    fn try_from(s: &str) -> Result<Pmn, PmnError> {
        Pmn::parse(s)
    }
}
