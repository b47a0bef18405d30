//! Actions, moves and Protocol validity (Game Protocol §8 to §10).
//!
//! An [`Action`] touches one piece: it names where the piece is and what it is, and gives a
//! displacement (a new location), a mutation (a new identity), or both. A move is an ordered
//! slice of actions; the empty slice is a pass. [`Position::apply`] applies a move sequentially
//! (§9.7) and atomically (§9.2): either every action applies and the turn passes, or the position
//! is left exactly as it was and a [`Violation`] names the action and the broken rule.
//!
//! # Which rules can break
//!
//! The rules of §10.1 are checked as follows:
//!
//! | Rule | How |
//! |---|---|
//! | allowed displacements (§8.3) | checked: Hand → Hand and a "displacement" to the same square are refused |
//! | capture destination (§8.4) | checked: Board → Hand must go to the Active Player's hand |
//! | locations exist | checked: every square an action names must be on the board (not a hole) |
//! | conservation (§5.1) | checked: the action's piece must be at its source; pieces are moved, never created or destroyed |
//! | exclusivity (§5.2) | by construction: a displaced piece leaves its source as it reaches its target |
//! | occupancy (§3.2) | checked: a square receiving a piece must be empty at that point of the sequence |
//! | cardinality (§5.5) | by construction: a move never changes the number of pieces, and a position never holds more than its squares |
//! | turn alternation (§9.4) | by construction: a successful move always toggles the Active Player |

use std::fmt;

use crate::board::{Board, Square};
use crate::piece::{Location, Piece};
use crate::position::Position;
use crate::side::Side;

/// One Action: one piece, a displacement and/or a mutation (Protocol §8.1, §8.2, §11.2).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Action {
    /// Where the piece is before the action.
    pub from: Location,
    /// The piece's identity before the action (selects the piece in a hand; must match the
    /// piece on a square).
    pub piece: Piece,
    /// The displacement target, if the piece changes location.
    pub to: Option<Location>,
    /// The new identity, if the piece mutates.
    pub becomes: Option<Piece>,
}

impl Action {
    /// A displacement without mutation.
    #[must_use]
    pub const fn displace(from: Location, piece: Piece, to: Location) -> Action {
        Action {
            from,
            piece,
            to: Some(to),
            becomes: None,
        }
    }

    /// A mutation in place.
    #[must_use]
    pub const fn mutate(at: Location, piece: Piece, becomes: Piece) -> Action {
        Action {
            from: at,
            piece,
            to: None,
            becomes: Some(becomes),
        }
    }

    /// The same action, also mutating the piece into `becomes`.
    #[must_use]
    pub const fn mutating(self, becomes: Piece) -> Action {
        Action {
            becomes: Some(becomes),
            ..self
        }
    }

    /// Where the piece is after the action.
    #[must_use]
    pub fn target(&self) -> Location {
        self.to.unwrap_or(self.from)
    }

    /// The piece's identity after the action.
    #[must_use]
    pub fn result(&self) -> Piece {
        self.becomes.unwrap_or(self.piece)
    }

    /// Whether the action changes nothing (no displacement, no real mutation). The Protocol
    /// says such an action SHOULD be omitted (§8.2); it is accepted.
    #[must_use]
    pub fn is_noop(&self) -> bool {
        self.to.is_none() && self.becomes.is_none_or(|b| b == self.piece)
    }
}

/// A rule of Protocol validity (§10.1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Rule {
    /// Only Board → Board, Board → Hand and Hand → Board displacements (§8.3).
    AllowedDisplacement,
    /// A capture goes to the Active Player's hand (§8.4).
    CaptureDestination,
    /// Only existing locations (§10.1).
    ValidLocation,
    /// No piece created or destroyed (§5.1).
    Conservation,
    /// Every piece in exactly one location (§5.2).
    Exclusivity,
    /// At most one piece per square (§3.2).
    SquareOccupancy,
    /// `0 ≤ pieces ≤ squares` (§5.5).
    Cardinality,
    /// The Active Player changes after every move (§9.4).
    TurnAlternation,
}

impl Rule {
    /// The rule's section in the Game Protocol.
    #[must_use]
    pub const fn section(self) -> &'static str {
        match self {
            Rule::AllowedDisplacement => "§8.3",
            Rule::CaptureDestination => "§8.4",
            Rule::ValidLocation => "§10.1",
            Rule::Conservation => "§5.1",
            Rule::Exclusivity => "§5.2",
            Rule::SquareOccupancy => "§3.2",
            Rule::Cardinality => "§5.5",
            Rule::TurnAlternation => "§9.4",
        }
    }
}

/// What went wrong with one action.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ViolationKind {
    /// A Hand → Hand displacement, or a displacement to the location the piece already has.
    ForbiddenDisplacement {
        /// The source.
        from: Location,
        /// The target.
        to: Location,
    },
    /// A Board → Hand displacement into the Inactive Player's hand.
    CaptureToInactiveHand {
        /// The hand named.
        hand: Side,
    },
    /// A square that is not on the board (outside it, or a hole).
    NoSuchSquare {
        /// The square.
        square: Square,
    },
    /// The piece is not at the action's source (acting on it would create a piece).
    PieceNotFound {
        /// The source named by the action.
        location: Location,
        /// The piece the action names.
        piece: Piece,
        /// What is on that square instead (always `None` for a hand).
        found: Option<Piece>,
    },
    /// The target square already holds a piece at that point of the sequence.
    SquareOccupied {
        /// The target square.
        square: Square,
        /// The piece on it.
        occupant: Piece,
    },
}

impl ViolationKind {
    /// The Protocol rule this breaks.
    #[must_use]
    pub const fn rule(&self) -> Rule {
        match self {
            ViolationKind::ForbiddenDisplacement { .. } => Rule::AllowedDisplacement,
            ViolationKind::CaptureToInactiveHand { .. } => Rule::CaptureDestination,
            ViolationKind::NoSuchSquare { .. } => Rule::ValidLocation,
            ViolationKind::PieceNotFound { .. } => Rule::Conservation,
            ViolationKind::SquareOccupied { .. } => Rule::SquareOccupancy,
        }
    }

    /// A stable CamelCase name of the violation.
    #[must_use]
    pub const fn name(&self) -> &'static str {
        match self {
            ViolationKind::ForbiddenDisplacement { .. } => "ForbiddenDisplacement",
            ViolationKind::CaptureToInactiveHand { .. } => "CaptureToInactiveHand",
            ViolationKind::NoSuchSquare { .. } => "NoSuchSquare",
            ViolationKind::PieceNotFound { .. } => "PieceNotFound",
            ViolationKind::SquareOccupied { .. } => "SquareOccupied",
        }
    }
}

/// A move refused by Protocol validity: which action (0-based index) broke which rule. The
/// position it was applied to is unchanged.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, thiserror::Error)]
#[error("action {action}: {kind} (rule {rule:?}, Game Protocol {section})", rule = kind.rule(), section = kind.rule().section())]
pub struct Violation {
    /// The index of the offending action in the move.
    pub action: usize,
    /// What went wrong.
    pub kind: ViolationKind,
}

impl Violation {
    /// The Protocol rule broken.
    #[must_use]
    pub const fn rule(&self) -> Rule {
        self.kind.rule()
    }
}

impl tegoma_notation::NotationError for Violation {
    fn kind(&self) -> &'static str {
        self.kind.name()
    }
}

fn loc(f: &mut fmt::Formatter<'_>, l: Location, board: Option<&Board>) -> fmt::Result {
    match l {
        Location::Square(s) => sq(f, s, board),
        Location::Hand(side) => write!(f, "the {side} hand"),
    }
}

fn sq(f: &mut fmt::Formatter<'_>, s: Square, board: Option<&Board>) -> fmt::Result {
    match board {
        Some(b) if s.index() < b.span() => write!(f, "{}", b.cell(s)),
        _ => write!(f, "square #{}", s.index()),
    }
}

/// Displays a violation kind with CELL names for squares (see [`ViolationKind::describe`]).
struct Described<'a>(&'a ViolationKind, Option<&'a Board>);

impl ViolationKind {
    /// A description naming squares by their CELL coordinates on `board` (the plain `Display`
    /// can only give flat indices).
    #[must_use]
    pub fn describe(&self, board: &Board) -> String {
        Described(self, Some(board)).to_string()
    }
}

impl fmt::Display for ViolationKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Described(self, None).fmt(f)
    }
}

impl fmt::Display for Described<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let b = self.1;
        match *self.0 {
            ViolationKind::ForbiddenDisplacement { from, to } => {
                f.write_str("forbidden displacement from ")?;
                loc(f, from, b)?;
                f.write_str(" to ")?;
                loc(f, to, b)
            }
            ViolationKind::CaptureToInactiveHand { hand } => {
                write!(
                    f,
                    "a capture must go to the active player's hand, not the {hand} hand"
                )
            }
            ViolationKind::NoSuchSquare { square } => {
                sq(f, square, b)?;
                f.write_str(" is not on the board")
            }
            ViolationKind::PieceNotFound {
                location,
                piece,
                found,
            } => {
                write!(f, "no {piece} at ")?;
                loc(f, location, b)?;
                match found {
                    Some(p) => write!(f, " (it holds {p})"),
                    None => Ok(()),
                }
            }
            ViolationKind::SquareOccupied { square, occupant } => {
                sq(f, square, b)?;
                write!(f, " is occupied by {occupant}")
            }
        }
    }
}

impl Position {
    /// Applies a move (a slice of actions; empty for a pass) sequentially and atomically, then
    /// toggles the Active Player.
    ///
    /// # Errors
    /// The first [`Violation`]; the position is then exactly as before the call.
    pub fn apply(&mut self, actions: &[Action]) -> Result<(), Violation> {
        for (i, a) in actions.iter().enumerate() {
            if let Err(kind) = self.apply_action(a) {
                for b in actions[..i].iter().rev() {
                    self.undo_action(b);
                }
                return Err(Violation { action: i, kind });
            }
        }
        self.active = self.active.flip();
        Ok(())
    }

    /// Returns the position after a move, leaving `self` untouched.
    ///
    /// # Errors
    /// As [`Position::apply`].
    pub fn after(&self, actions: &[Action]) -> Result<Position, Violation> {
        let mut p = self.clone();
        p.apply(actions)?;
        Ok(p)
    }

    /// Checks a move for Protocol validity without changing the position.
    ///
    /// # Errors
    /// As [`Position::apply`].
    pub fn check(&mut self, actions: &[Action]) -> Result<(), Violation> {
        self.apply(actions)?;
        self.undo(actions);
        Ok(())
    }

    /// Undoes a move that [`Position::apply`] just applied successfully to this position.
    /// Undoing anything else leaves the position unspecified (possibly breaking invariants such
    /// as conservation), but never panics.
    pub fn undo(&mut self, actions: &[Action]) {
        self.active = self.active.flip();
        for a in actions.iter().rev() {
            self.undo_action(a);
        }
    }

    fn check_square(&self, l: Location) -> Result<(), ViolationKind> {
        match l {
            Location::Square(square) if !self.board.contains(square) => {
                Err(ViolationKind::NoSuchSquare { square })
            }
            _ => Ok(()),
        }
    }

    fn apply_action(&mut self, a: &Action) -> Result<(), ViolationKind> {
        self.check_square(a.from)?;
        if let Some(to) = a.to {
            self.check_square(to)?;
            match (a.from, to) {
                (Location::Hand(_), Location::Hand(_)) => {
                    return Err(ViolationKind::ForbiddenDisplacement { from: a.from, to })
                }
                (Location::Square(x), Location::Square(y)) if x == y => {
                    return Err(ViolationKind::ForbiddenDisplacement { from: a.from, to })
                }
                (Location::Square(_), Location::Hand(hand)) if hand != self.active => {
                    return Err(ViolationKind::CaptureToInactiveHand { hand })
                }
                _ => {}
            }
        }
        // The piece must be at its source.
        match a.from {
            Location::Square(s) => {
                let found = self.squares[s.index()];
                if found != Some(a.piece) {
                    return Err(ViolationKind::PieceNotFound {
                        location: a.from,
                        piece: a.piece,
                        found,
                    });
                }
            }
            Location::Hand(side) => {
                if !self.hands[side.index()].contains(a.piece) {
                    return Err(ViolationKind::PieceNotFound {
                        location: a.from,
                        piece: a.piece,
                        found: None,
                    });
                }
            }
        }
        // The target square, if the piece moves to one, must be empty (it differs from the
        // source, so removing the piece first would not free it).
        if let Some(Location::Square(t)) = a.to {
            if let Some(occupant) = self.squares[t.index()] {
                return Err(ViolationKind::SquareOccupied {
                    square: t,
                    occupant,
                });
            }
        }
        self.take(a.from, a.piece);
        self.put(a.target(), a.result());
        Ok(())
    }

    fn undo_action(&mut self, a: &Action) {
        self.take(a.target(), a.result());
        self.put(a.from, a.piece);
    }

    /// Removes a piece known to be at `l` (tolerant: a wrong call never panics).
    fn take(&mut self, l: Location, p: Piece) {
        match l {
            Location::Square(s) => {
                if let Some(slot) = self.squares.get_mut(s.index()) {
                    if slot.take().is_some() {
                        self.board_pieces -= 1;
                    }
                }
            }
            Location::Hand(side) => {
                self.hands[side.index()].remove(p);
            }
        }
    }

    /// Puts a piece at `l`, known to be free if a square (tolerant: a wrong call never panics).
    fn put(&mut self, l: Location, p: Piece) {
        match l {
            Location::Square(s) => {
                if let Some(slot) = self.squares.get_mut(s.index()) {
                    if slot.replace(p).is_none() {
                        self.board_pieces += 1;
                    }
                }
            }
            Location::Hand(side) => self.hands[side.index()].add(p, 1),
        }
    }

    /// Exact equality: like `==` but the derivation markers count too.
    #[must_use]
    pub fn exact_eq(&self, other: &Position) -> bool {
        self.active == other.active
            && self.styles == other.styles
            && self.board == other.board
            && self.squares == other.squares
            && self.hands == other.hands
    }
}
