//! PMN and Protocol actions: decoding a PMN move into actions against a position, and encoding
//! an action list as canonical PMN (specs.md §12.4).
//!
//! | PMN | Actions (captures first, then the actor, §12.1) |
//! |---|---|
//! | `...` | none |
//! | `a-b[=X]` | piece on `a` → `b` (mutating into `X`) |
//! | `a+b[=X][/Y]` | piece on `b` → active hand (mutating into `Y`); piece on `a` → `b` (into `X`) |
//! | `+s[/Y]` | piece on `s` → active hand (into `Y`) |
//! | `[P]*b[=X]` | `P` from the active hand → `b` (into `X`) |
//! | `[P].b[=X][/Y]` | piece on `b` → active hand (into `Y`); `P` from the active hand → `b` (into `X`) |
//! | `s=X` | piece on `s` mutates into `X` |
//! | `a~b…` | refused: its implicit effects belong to a rule system |
//!
//! A drop without its piece (`*e5`) takes the only kind of piece in the active hand; with two
//! kinds or more it is ambiguous (the error lists them). For a drop with capture the piece is
//! chosen from the hand as it is before the capture. A suffix equal to the piece it mutates (a
//! no-op, `e4=P` on a `P`) is refused, as PMN requires (§12.2), except when the lenient reader
//! produced it from a seed spelling (`e7-e8/P`, ruling R1), where it is dropped.

use tegoma_notation::cell::Cell;
use tegoma_notation::pmn::{Normalisation, Pmn, PmnError};
use tegoma_notation::NotationError;

use crate::action::{Action, Violation};
use crate::board::Square;
use crate::piece::{Location, Piece};
use crate::position::Position;

/// Why a PMN move cannot be turned into actions against a position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DecodeError {
    /// The text is not PMN.
    #[error("{0}")]
    Pmn(#[from] PmnError),
    /// A special move (`~`): its implicit effects need a rule system.
    #[error("a special move (~) needs a rule system to know its effects")]
    SpecialMove,
    /// A coordinate that is not a square of the board.
    #[error("{cell} is not a square of the board")]
    NoSuchSquare {
        /// The coordinate.
        cell: Cell,
    },
    /// A square that should hold the actor or the captured piece is empty.
    #[error("{cell} is empty")]
    EmptySquare {
        /// The coordinate.
        cell: Cell,
    },
    /// A drop from an empty hand.
    #[error("the active player's hand is empty")]
    EmptyHand,
    /// A drop whose piece is not written and the hand holds several kinds.
    #[error("ambiguous drop: the hand holds {}", list(.candidates))]
    AmbiguousDrop {
        /// The kinds of piece the hand holds.
        candidates: Vec<Piece>,
    },
    /// A mutation suffix that changes nothing (non-canonical PMN, §12.2).
    #[error("no-op mutation: the piece already is {piece}")]
    NoOpMutation {
        /// The piece.
        piece: Piece,
    },
}

fn list(v: &[Piece]) -> String {
    v.iter()
        .map(Piece::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

impl NotationError for DecodeError {
    fn kind(&self) -> &'static str {
        match self {
            DecodeError::Pmn(e) => e.kind(),
            DecodeError::SpecialMove => "SpecialMove",
            DecodeError::NoSuchSquare { .. } => "NoSuchSquare",
            DecodeError::EmptySquare { .. } => "EmptySquare",
            DecodeError::EmptyHand => "EmptyHand",
            DecodeError::AmbiguousDrop { .. } => "AmbiguousDrop",
            DecodeError::NoOpMutation { .. } => "NoOpMutation",
        }
    }
}

/// Why an action list has no PMN spelling.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum EncodeError {
    /// The list is not one of the shapes PMN spells (see the module docs), e.g. three actions,
    /// a mutation in a hand, or a capture into the inactive player's hand.
    #[error("this action list has no PMN spelling")]
    NotExpressible,
    /// A square outside the board.
    #[error("an action names a square outside the board")]
    NoSuchSquare,
}

impl NotationError for EncodeError {
    fn kind(&self) -> &'static str {
        match self {
            EncodeError::NotExpressible => "NotExpressible",
            EncodeError::NoSuchSquare => "NoSuchSquare",
        }
    }
}

/// Why [`Position::apply_pmn`] failed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ApplyError {
    /// The move could not be decoded.
    #[error("{0}")]
    Decode(#[from] DecodeError),
    /// The move broke a Protocol rule.
    #[error("{0}")]
    Violation(#[from] Violation),
}

impl NotationError for ApplyError {
    fn kind(&self) -> &'static str {
        match self {
            ApplyError::Decode(e) => e.kind(),
            ApplyError::Violation(v) => v.kind.name(),
        }
    }
}

impl Position {
    fn sq(&self, cell: Cell) -> Result<Square, DecodeError> {
        self.board
            .square(cell)
            .ok_or(DecodeError::NoSuchSquare { cell })
    }

    fn occupant(&self, cell: Cell) -> Result<(Square, Piece), DecodeError> {
        let s = self.sq(cell)?;
        let p = self.piece_at(s).ok_or(DecodeError::EmptySquare { cell })?;
        Ok((s, p))
    }

    fn drop_piece(
        &self,
        written: Option<tegoma_notation::pmn::Piece>,
    ) -> Result<Piece, DecodeError> {
        if let Some(p) = written {
            return Ok(Piece::from_epin(p));
        }
        let hand = self.hand(self.active);
        let mut kinds = hand.iter().map(|(p, _)| p);
        match (kinds.next(), kinds.next()) {
            (None, _) => Err(DecodeError::EmptyHand),
            (Some(p), None) => Ok(p),
            _ => Err(DecodeError::AmbiguousDrop {
                candidates: hand.iter().map(|(p, _)| p).collect(),
            }),
        }
    }

    /// Decodes a PMN move into Protocol actions against this position (see the module docs).
    /// Only what decoding needs is checked; [`Position::apply`] checks the rest.
    ///
    /// # Errors
    /// [`DecodeError`].
    pub fn decode(&self, pmn: &Pmn) -> Result<Vec<Action>, DecodeError> {
        self.decode_with(pmn, false)
    }

    fn decode_with(&self, pmn: &Pmn, drop_noop: bool) -> Result<Vec<Action>, DecodeError> {
        let hand = Location::Hand(self.active);
        let mutation =
            |a: Action, m: Option<tegoma_notation::pmn::Piece>| match m.map(Piece::from_epin) {
                None => Ok(a),
                Some(b) if b == a.piece => {
                    if drop_noop {
                        Ok(a)
                    } else {
                        Err(DecodeError::NoOpMutation { piece: b })
                    }
                }
                Some(b) => Ok(a.mutating(b)),
            };
        // Capture mutations are always strict: no seed spelling produces them as no-ops.
        let capture =
            |a: Action, m: Option<tegoma_notation::pmn::Piece>| match m.map(Piece::from_epin) {
                None => Ok(a),
                Some(b) if b == a.piece => Err(DecodeError::NoOpMutation { piece: b }),
                Some(b) => Ok(a.mutating(b)),
            };
        Ok(match *pmn {
            Pmn::Pass => Vec::new(),
            Pmn::Special { .. } => return Err(DecodeError::SpecialMove),
            Pmn::Quiet {
                from,
                to,
                mutation: m,
            } => {
                let (s, p) = self.occupant(from)?;
                let t = self.sq(to)?;
                vec![mutation(Action::displace(s.into(), p, t.into()), m)?]
            }
            Pmn::Capture {
                from,
                to,
                mutation: m,
                capture_mutation: c,
            } => {
                let (s, p) = self.occupant(from)?;
                let (t, victim) = self.occupant(to)?;
                vec![
                    capture(Action::displace(t.into(), victim, hand), c)?,
                    mutation(Action::displace(s.into(), p, t.into()), m)?,
                ]
            }
            Pmn::StaticCapture {
                square,
                capture_mutation: c,
            } => {
                let (t, victim) = self.occupant(square)?;
                vec![capture(Action::displace(t.into(), victim, hand), c)?]
            }
            Pmn::Drop {
                piece,
                to,
                mutation: m,
            } => {
                let p = self.drop_piece(piece)?;
                let t = self.sq(to)?;
                vec![mutation(Action::displace(hand, p, t.into()), m)?]
            }
            Pmn::DropCapture {
                piece,
                to,
                mutation: m,
                capture_mutation: c,
            } => {
                let p = self.drop_piece(piece)?;
                let (t, victim) = self.occupant(to)?;
                vec![
                    capture(Action::displace(t.into(), victim, hand), c)?,
                    mutation(Action::displace(hand, p, t.into()), m)?,
                ]
            }
            Pmn::Mutation { square, into } => {
                let (s, p) = self.occupant(square)?;
                let into = Piece::from_epin(into);
                if into == p {
                    return Err(DecodeError::NoOpMutation { piece: p });
                }
                vec![Action::mutate(s.into(), p, into)]
            }
        })
    }

    /// Reads a PMN move (leniently, ruling R1: seed spellings such as `e7-e8/Q` and `*-e5` are
    /// accepted) and decodes it against this position.
    ///
    /// # Errors
    /// [`DecodeError`].
    pub fn decode_str(&self, text: &str) -> Result<Vec<Action>, DecodeError> {
        let (pmn, how) = Pmn::parse_lenient(text)?;
        self.decode_with(&pmn, how.contains(Normalisation::SLASH_AS_MUTATION))
    }

    /// Reads, decodes and applies a PMN move (see [`Position::decode_str`] and
    /// [`Position::apply`]). On error the position is unchanged.
    ///
    /// # Errors
    /// [`ApplyError`].
    pub fn apply_pmn(&mut self, text: &str) -> Result<(), ApplyError> {
        let actions = self.decode_str(text)?;
        self.apply(&actions)?;
        Ok(())
    }

    /// Encodes an action list, as applied to this position, as canonical PMN. A mutation into
    /// the same identity counts as no mutation.
    ///
    /// # Errors
    /// [`EncodeError`].
    pub fn encode(&self, actions: &[Action]) -> Result<Pmn, EncodeError> {
        let cell = |s: Square| -> Result<Cell, EncodeError> {
            if self.board.contains(s) {
                Ok(self.board.cell(s))
            } else {
                Err(EncodeError::NoSuchSquare)
            }
        };
        let hand = Location::Hand(self.active);
        let change = |a: &Action| a.becomes.filter(|&b| b != a.piece).map(Piece::epin);
        let is_capture = |a: &Action| a.from.is_square() && a.to == Some(hand);
        match actions {
            [] => Ok(Pmn::Pass),
            [a] => match (a.from, a.to) {
                (Location::Square(s), Some(Location::Square(t))) => Ok(Pmn::Quiet {
                    from: cell(s)?,
                    to: cell(t)?,
                    mutation: change(a),
                }),
                (Location::Square(s), Some(h)) if h == hand => Ok(Pmn::StaticCapture {
                    square: cell(s)?,
                    capture_mutation: change(a),
                }),
                (h, Some(Location::Square(t))) if h == hand => Ok(Pmn::Drop {
                    piece: Some(a.piece.epin()),
                    to: cell(t)?,
                    mutation: change(a),
                }),
                (Location::Square(s), None) => match change(a) {
                    Some(into) => Ok(Pmn::Mutation {
                        square: cell(s)?,
                        into,
                    }),
                    None => Err(EncodeError::NotExpressible),
                },
                _ => Err(EncodeError::NotExpressible),
            },
            [c, a] if is_capture(c) && a.to == Some(c.from) => {
                let Location::Square(t) = c.from else {
                    return Err(EncodeError::NotExpressible);
                };
                match a.from {
                    Location::Square(s) => Ok(Pmn::Capture {
                        from: cell(s)?,
                        to: cell(t)?,
                        mutation: change(a),
                        capture_mutation: change(c),
                    }),
                    h if h == hand => Ok(Pmn::DropCapture {
                        piece: Some(a.piece.epin()),
                        to: cell(t)?,
                        mutation: change(a),
                        capture_mutation: change(c),
                    }),
                    _ => Err(EncodeError::NotExpressible),
                }
            }
            _ => Err(EncodeError::NotExpressible),
        }
    }
}
