//! The [`RuleSystem`] trait, its move buffers and [`Outcome`]. The design is described in the
//! crate docs.

use std::fmt;

use tegoma_notation::cgsn::{Status, StatusSet};

use crate::error::{IllegalMove, MoveError, PositionError};
use crate::position::{Position, Style};
use crate::side::Side;

/// How a finished game was decided.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Decision {
    /// The given side won.
    Win(Side),
    /// A draw.
    Draw,
}

/// The outcome of a finished game: the decision and the CGSN statuses that led to it (one or
/// several; for example `checkmate` alone, or `stalemate`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// Who won, or a draw.
    pub decision: Decision,
    /// The statuses that ended the game.
    pub statuses: StatusSet,
}

impl Outcome {
    /// A win of `side` for one status.
    #[must_use]
    pub fn win(side: Side, status: Status) -> Outcome {
        Outcome {
            decision: Decision::Win(side),
            statuses: StatusSet::EMPTY.with(status),
        }
    }

    /// A draw for one status.
    #[must_use]
    pub fn draw(status: Status) -> Outcome {
        Outcome {
            decision: Decision::Draw,
            statuses: StatusSet::EMPTY.with(status),
        }
    }

    /// The winner, `None` for a draw.
    #[must_use]
    pub const fn winner(&self) -> Option<Side> {
        match self.decision {
            Decision::Win(s) => Some(s),
            Decision::Draw => None,
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.decision {
            Decision::Win(s) => write!(f, "{s} wins")?,
            Decision::Draw => f.write_str("draw")?,
        }
        let mut sep = " (";
        for s in self.statuses.iter() {
            write!(f, "{sep}{}", s.as_str())?;
            sep = ", ";
        }
        if !self.statuses.is_empty() {
            f.write_str(")")?;
        }
        Ok(())
    }
}

/// A reusable buffer of moves, filled by [`RuleSystem::legal_moves_into`] (and returned by
/// [`RuleSystem::legal_moves`]). Implemented for `Vec<M>`; an engine implements it for its own
/// list type (a fixed-capacity list on the stack, say).
pub trait MoveBuffer<M>: Default {
    /// Removes every move.
    fn clear(&mut self);
    /// Appends a move.
    fn push(&mut self, m: M);
    /// The moves.
    fn as_slice(&self) -> &[M];
}

impl<M> MoveBuffer<M> for Vec<M> {
    fn clear(&mut self) {
        Vec::clear(self);
    }
    fn push(&mut self, m: M) {
        Vec::push(self, m);
    }
    fn as_slice(&self) -> &[M] {
        self
    }
}

/// The moves of a [`MoveBuffer`], by value: the `IntoIterator` of a rule system's move list
/// (`for m in position.legal_moves()`).
#[derive(Clone)]
pub struct BufferIntoIter<B, M> {
    list: B,
    next: usize,
    _moves: std::marker::PhantomData<M>,
}

impl<B, M> BufferIntoIter<B, M> {
    /// Iterates the moves of `list`, first to last.
    pub fn new(list: B) -> Self {
        BufferIntoIter {
            list,
            next: 0,
            _moves: std::marker::PhantomData,
        }
    }
}

impl<B: MoveBuffer<M>, M: Copy> Iterator for BufferIntoIter<B, M> {
    type Item = M;
    #[inline]
    fn next(&mut self) -> Option<M> {
        let m = self.list.as_slice().get(self.next).copied()?;
        self.next += 1;
        Some(m)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.list.as_slice().len() - self.next;
        (n, Some(n))
    }
}

impl<B: MoveBuffer<M>, M: Copy> ExactSizeIterator for BufferIntoIter<B, M> {}

/// A rule system (Chess, Ōgi, …) on top of the Game Protocol.
///
/// Everything a hot loop calls ([`legal_moves_into`](RuleSystem::legal_moves_into),
/// [`play_unchecked`](RuleSystem::play_unchecked), [`statuses`](RuleSystem::statuses)) works on
/// the engine's own
/// [`Position`](RuleSystem::Position) and [`Move`](RuleSystem::Move) types and the engine's own
/// move buffer: no allocation, no string, no generic [`Position`](crate::Position). The generic
/// position is only met at the edges ([`import`](RuleSystem::import),
/// [`export`](RuleSystem::export)).
///
/// A rule system is a value (`&self`), so it can carry options (for example a switch that
/// disables one of its rules).
///
/// The verbs are those of cozy-chess and shakmaty: [`play`](RuleSystem::play) is checked
/// (an illegal move is refused with the error of [`illegal_move`](RuleSystem::illegal_move)
/// and the position is left unchanged), [`play_unchecked`](RuleSystem::play_unchecked) is for
/// hot paths that play generated moves, and [`after`](RuleSystem::after) gives the next
/// position as a new value. [`legal_moves`](RuleSystem::legal_moves) returns a list;
/// [`legal_moves_into`](RuleSystem::legal_moves_into) fills a buffer the caller reuses.
pub trait RuleSystem {
    /// The engine's position: everything its rules need (placement, hands, turn, and any
    /// counters it keeps). Typically a `Copy` bitboard struct.
    type Position: Clone;
    /// The engine's move (typically a small `Copy` integer).
    type Move: Copy + Eq + fmt::Debug;
    /// The buffer [`legal_moves_into`](RuleSystem::legal_moves_into) fills (a `Vec`, or a
    /// fixed-capacity list of the engine's).
    type MoveList: MoveBuffer<Self::Move>;
    /// The SNN style names of the first and the second player (`["Chess", "Chess"]`).
    fn snn(&self) -> [&'static str; 2];
    /// The SIN styles of the first (uppercase) and the second (lowercase) player.
    fn sin(&self) -> [Style; 2];
    /// The FEEN of the initial position.
    fn initial_feen(&self) -> &'static str;

    /// Converts a generic position into the engine's.
    ///
    /// # Errors
    /// When the position is not one of this rule system (wrong board, unknown pieces, …).
    fn import(&self, position: &Position) -> Result<Self::Position, PositionError>;
    /// Converts the engine's position into a generic one (markers and hands included).
    fn export(&self, position: &Self::Position) -> Position;
    /// The Active Player.
    fn side_to_move(&self, position: &Self::Position) -> Side;

    /// Clears `out` and fills it with every legal move of the position (none once the game is
    /// over): the buffer form of [`legal_moves`](RuleSystem::legal_moves), for hot paths.
    fn legal_moves_into(&self, position: &Self::Position, out: &mut Self::MoveList);
    /// Plays a legal move (one produced by [`legal_moves_into`](RuleSystem::legal_moves_into)
    /// or [`parse_move`](RuleSystem::parse_move) for this position) without checking it. An
    /// illegal move leaves the position unspecified. [`play`](RuleSystem::play) checks.
    fn play_unchecked(&self, position: &mut Self::Position, mv: Self::Move);
    /// The error [`play`](RuleSystem::play) and [`after`](RuleSystem::after) return for a move
    /// that is not legal in `position` (an "illegal move" error of the engine, naming the
    /// move, with a reason where the engine knows one).
    fn illegal_move(&self, position: &Self::Position, mv: Self::Move) -> IllegalMove;

    /// Reads a PMN move and returns it if it is legal in the position.
    ///
    /// # Errors
    /// Malformed PMN, or a move that is not legal (the error says why).
    fn parse_move(&self, position: &Self::Position, pmn: &str) -> Result<Self::Move, MoveError>;
    /// Writes the canonical PMN of a legal move.
    ///
    /// # Errors
    /// Only the sink's errors.
    fn write_move(
        &self,
        position: &Self::Position,
        mv: Self::Move,
        out: &mut dyn fmt::Write,
    ) -> fmt::Result;

    /// The inferable CGSN statuses that hold in the position (`check`, `checkmate`, `stalemate`,
    /// `insufficient`, …).
    fn statuses(&self, position: &Self::Position) -> StatusSet;
    /// The outcome if the position ends the game, `None` while it goes on.
    fn outcome(&self, position: &Self::Position) -> Option<Outcome>;

    /// The initial position.
    ///
    /// # Errors
    /// Only if [`initial_feen`](RuleSystem::initial_feen) is not a position of the rule system
    /// (a bug).
    fn initial(&self) -> Result<Self::Position, PositionError> {
        let p = Position::from_feen(self.initial_feen()).expect("the initial FEEN is valid");
        self.import(&p)
    }

    /// Whether a move is legal in the position (by default: whether `legal_moves` lists it).
    fn is_legal(&self, position: &Self::Position, mv: Self::Move) -> bool {
        let mut list = Self::MoveList::default();
        self.legal_moves_into(position, &mut list);
        list.as_slice().contains(&mv)
    }

    /// Every legal move of the position, as a new list (see
    /// [`legal_moves_into`](RuleSystem::legal_moves_into) to reuse a buffer).
    fn legal_moves(&self, position: &Self::Position) -> Self::MoveList {
        let mut list = Self::MoveList::default();
        self.legal_moves_into(position, &mut list);
        list
    }

    /// Plays `mv` if it is legal in the position ([`is_legal`](RuleSystem::is_legal));
    /// otherwise returns [`illegal_move`](RuleSystem::illegal_move)'s error and leaves the
    /// position unchanged.
    ///
    /// # Errors
    /// The move is not legal in the position.
    fn play(&self, position: &mut Self::Position, mv: Self::Move) -> Result<(), IllegalMove> {
        if !self.is_legal(position, mv) {
            return Err(self.illegal_move(position, mv));
        }
        self.play_unchecked(position, mv);
        Ok(())
    }

    /// The position after `mv` as a new value (checked like [`play`](RuleSystem::play)).
    ///
    /// # Errors
    /// The move is not legal in the position.
    fn after(
        &self,
        position: &Self::Position,
        mv: Self::Move,
    ) -> Result<Self::Position, IllegalMove> {
        let mut next = position.clone();
        self.play(&mut next, mv)?;
        Ok(next)
    }

    /// Whether the side to move is in check (by default: whether
    /// [`statuses`](RuleSystem::statuses) holds `check`).
    fn is_check(&self, position: &Self::Position) -> bool {
        self.statuses(position).contains(Status::Check)
    }

    /// Whether the position is a checkmate (by default: whether
    /// [`statuses`](RuleSystem::statuses) holds `checkmate`).
    fn is_checkmate(&self, position: &Self::Position) -> bool {
        self.statuses(position).contains(Status::Checkmate)
    }

    /// Whether the position is a stalemate (by default: whether
    /// [`statuses`](RuleSystem::statuses) holds `stalemate`).
    fn is_stalemate(&self, position: &Self::Position) -> bool {
        self.statuses(position).contains(Status::Stalemate)
    }

    /// Whether the position ends the game (by default: whether
    /// [`outcome`](RuleSystem::outcome) is `Some`).
    fn is_game_over(&self, position: &Self::Position) -> bool {
        self.outcome(position).is_some()
    }

    /// The Protocol actions of a legal move, derived from its PMN against the exported position
    /// (captures first). `None` for a special move (`~`), whose implicit effects only the
    /// engine knows: an engine may override this to list them. Allocates; not for hot paths.
    fn protocol_actions(
        &self,
        position: &Self::Position,
        mv: Self::Move,
    ) -> Option<Vec<crate::action::Action>> {
        let mut pmn = String::new();
        self.write_move(position, mv, &mut pmn).ok()?;
        self.export(position).decode_str(&pmn).ok()
    }

    /// The number of leaf nodes of the legal-move tree of the given depth (copy-make; engines
    /// may override with something faster).
    fn perft(&self, position: &Self::Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut list = Self::MoveList::default();
        self.legal_moves_into(position, &mut list);
        if depth == 1 {
            return list.as_slice().len() as u64;
        }
        list.as_slice()
            .iter()
            .map(|&mv| {
                let mut next = position.clone();
                self.play_unchecked(&mut next, mv);
                self.perft(&next, depth - 1)
            })
            .sum()
    }
}
