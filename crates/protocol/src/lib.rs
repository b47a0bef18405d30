//! The generic model of the Sashité Game Protocol: boards, pieces, locations, positions,
//! actions, moves, Protocol validity, PMN ↔ actions, and the [`RuleSystem`] trait.
//!
//! # The model
//!
//! - [`Board`]: a finite, non-empty, immutable set of squares of 1 to 3 dimensions (ruling R6),
//!   regular or minus holes; squares are [`Square`]s (flat indices in FEEN order) and are named
//!   in CELL ([`Board::cell`], [`Board::square`]).
//! - [`Piece`]: side, name, state, terminal status and style (native or derived, the EPIN `'`
//!   marker, resolved against the Player Styles). [`Location`]: a square or one of the two hands.
//! - [`Position`]: board, occupancy, two [`Hand`] multisets, two Player Styles, Active Player.
//!   Read and written in canonical FEEN ([`Position::from_feen`], [`Position::to_feen`]).
//!   Equality and hashing follow ruling R5 (derivation marker ignored);
//!   [`Position::exact_eq`] counts it.
//! - [`Action`]: one piece, with a displacement and/or a mutation. A move is a slice of
//!   actions (`&[]` is a pass). [`Position::apply`] applies it sequentially and atomically, or
//!   returns a [`Violation`] (which action, which [`Rule`] of §10.1) and leaves the position
//!   untouched.
//! - PMN: [`Position::decode`] / [`Position::decode_str`] turn a PMN move into actions (captures
//!   first), [`Position::encode`] turns actions into canonical PMN, [`Position::apply_pmn`] does
//!   both. `~` moves need a rule system and are refused ([`DecodeError::SpecialMove`]).
//!
//! ```
//! use tegoma_protocol::{Position, Side};
//!
//! let mut p = Position::from_feen("k^2/3/RnK^ / C/c").unwrap();
//! p.apply_pmn("a1+b1").unwrap(); // capture: the knight goes to the first player's hand
//! assert_eq!(p.to_feen().unwrap(), "k^2/3/1RK^ n/ c/C");
//! assert_eq!(p.side_to_move(), Side::Second);
//! ```
//!
//! # The `RuleSystem` design
//!
//! A rule system (Chess, Ōgi) is a fast engine with its own position and move types. The trait
//! lets it stay fast:
//!
//! - **Associated types, no generic position in the hot path.** `type Position: Clone` (a `Copy`
//!   bitboard struct in practice), `type Move: Copy + Eq` (a small integer), and
//!   `type MoveList: MoveBuffer<Move>`, the buffer [`RuleSystem::legal_moves_into`] fills. The
//!   caller owns the buffer and reuses it; a rule system's fixed-capacity stack list, or a
//!   `Vec`. Nothing in `legal_moves_into`, `play_unchecked`, `statuses` or
//!   `perft` allocates or builds a generic [`Position`]. [`RuleSystem::legal_moves`] returns a
//!   new list for callers that do not reuse one.
//! - **One verb set.** [`RuleSystem::play`] is checked (an illegal move is refused with
//!   [`RuleSystem::illegal_move`]'s error and the position is left unchanged);
//!   [`RuleSystem::play_unchecked`] mutates in place without checking, for hot paths;
//!   [`RuleSystem::after`] returns the next position as a new value. Copy-make: a caller that
//!   needs the old position copies it first (cheap for `Copy` positions). No undo method is
//!   required.
//! - **Edges only meet the generic model.** [`RuleSystem::import`] / [`RuleSystem::export`]
//!   convert from and to [`Position`] (and thus FEEN); [`RuleSystem::parse_move`] /
//!   [`RuleSystem::write_move`] read and write PMN, writing into any `fmt::Write` without
//!   allocating.
//! - **Statuses and outcome.** [`RuleSystem::statuses`] gives the inferable CGSN statuses that
//!   hold ([`StatusSet`](tegoma_notation::cgsn::StatusSet), a bit set);
//!   [`RuleSystem::outcome`] the [`Outcome`] of a finished game ([`Decision`] plus the statuses
//!   that decided it). [`RuleSystem::is_check`], [`RuleSystem::is_checkmate`],
//!   [`RuleSystem::is_stalemate`] and [`RuleSystem::is_game_over`] are derived from them.
//! - **A value, not a type.** Methods take `&self`, so a rule system can carry options.
//! - **Typed errors in the Protocol's words.** [`PositionError`], [`MoveError`] and
//!   [`IllegalMove`] name only what the Protocol knows (boards, pieces, hands, styles, PMN). What
//!   only one rule system knows (a notation of its own, a rule of its own) is its own error
//!   type, wrapped in [`error::Specific`] behind one generic variant per enum, with its kind and
//!   message unchanged and its type recoverable by downcasting (see [`error`]).
//!
//! # Boards with holes and FEEN
//!
//! FEEN cannot say that a square does not exist. [`Position::to_feen`] writes the bounding
//! regular board, holes shown as empty squares; [`Position::from_feen`] always builds a regular
//! board; [`Position::from_feen_on`] reads a FEEN string onto a given board with holes (same
//! bounding shape, no piece on a hole). So only a board given through the API carries holes.
//! Shapes with a dimension of size 1 other than the files (8 × 1) have no FEEN spelling at all
//! ([`FeenWriteError::ShapeNotRepresentable`]).
//!
//! # Flat order
//!
//! Squares are stored in FEEN order: files `a`… inside a rank, ranks from the highest, layers
//! from the highest (see [`board`]). On 8 × 8, `a8` is 0 and `h1` is 63.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod action;
pub mod board;
pub mod error;
mod feen;
mod hand;
mod piece;
mod pmn;
mod position;
mod rules;
mod side;

pub use action::{Action, Rule, Violation, ViolationKind};
pub use board::{Board, BoardError, Square};
pub use error::{IllegalMove, IllegalReason, MoveError, PositionError, RuleSystemError, Specific};
pub use feen::{parse_error_kind, FeenError, FeenWriteError};
pub use hand::Hand;
pub use piece::{Letter, Location, Piece, State};
pub use pmn::{ApplyError, DecodeError, EncodeError};
pub use position::{Position, SetupError, Style};
pub use rules::{BufferIntoIter, Decision, MoveBuffer, Outcome, RuleSystem};
pub use side::Side;

/// A move: an ordered list of actions (Protocol §9.1); empty for a pass. [`Position::apply`]
/// takes any slice of actions, so a `Move` is one convenient owner of such a list.
pub type Move = Vec<Action>;
