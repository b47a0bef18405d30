//! The Ōgi (王棋) rule system (seed `ogi-rule-system.txt`, rulings R1, R4, R5).
//!
//! - [`Position`]: a small `Copy` position on 8x8 bitboards with hand counters and an incremental
//!   Zobrist key; FEEN in and out ([`Position::from_feen`], [`Position::to_feen`]), the Jeweled
//!   King's `'` kept.
//! - Moves: [`Position::legal_moves`] (a list; position-only: no history) and
//!   [`Position::legal_moves_into`] (a reused buffer), [`Position::play`] (checked),
//!   [`Position::play_unchecked`] (hot paths), [`Position::after`] (the next position as a new
//!   value), PMN both ways ([`Position::parse_pmn`], [`Position::move_to_pmn`]).
//! - Sides are [`tegoma_protocol::Side`] (Sente is `Side::First`), squares
//!   [`crate::kit::Square`], piece roles [`Role`].
//! - Counting: [`Position::perft`], [`Position::perft_with`] (bulk or not, with or without the
//!   King's privilege), [`Position::perft_sennichite`].
//! - [`Position::statuses`]: the CGSN statuses inferable from the position;
//!   [`Position::is_check`], [`Position::is_checkmate`], [`Position::is_stalemate`],
//!   [`Position::is_game_over`] and [`Position::outcome`] (position-only endings).
//! - [`Sennichite`]: the repetition rule, which needs the game's history.
//! - Errors: the shared errors of [`tegoma_protocol::error`]; the illegal-move reasons only Ōgi
//!   has (the King's privilege, sennichite) are an [`OgiReason`] behind
//!   [`IllegalReason::Specific`] (see [`error`]).
//!
//! Rules in brief: no check constraint; capturing a King ends the game (`mareking`) and the
//! position after it has no legal moves; promotion is optional when a move starts or ends in the
//! zone (ranks 6-8 for the first player, 1-3 for the second) and forced for a pawn or lance
//! reaching the last rank and a knight reaching the last two; captured pieces enter the captor's
//! hand demoted, except that a King capturing a promoted piece may keep it promoted (a second,
//! distinct move, written `/+R`); an unpromoted pawn is never dropped, an unpromoted lance not on
//! the last rank, an unpromoted knight not on the last two; promoted pieces drop as held.
//!
//! ```
//! use tegoma_rules::ogi::{MoveList, Position};
//! let mut p = Position::startpos();
//! assert_eq!(p.legal_moves().len(), 25);
//! let mut list = MoveList::new(); // the buffer form, for hot paths
//! p.legal_moves_into(&mut list);
//! assert_eq!(list.len(), 25);
//! let m = p.parse_pmn("e3-e4")?;
//! p.play(m)?;
//! assert!(p.play(m).is_err()); // checked: the second call is refused
//! assert_eq!(p.to_feen(), "lnsik^snl/1r4b1/pppppppp/8/4P3/PPPP1PPP/1B4R1/LNSIK^SNL / o/O");
//! # Ok::<(), tegoma_rules::ogi::MoveError>(())
//! ```

pub mod error;
mod movegen;
mod pmn;
mod position;
mod sennichite;
mod status;
pub(crate) mod tables;
mod types;

pub use error::OgiReason;
pub use movegen::{attacks, PerftOptions};
pub use position::{Position, STARTPOS};
pub use sennichite::Sennichite;
pub use tegoma_protocol::{IllegalMove, IllegalReason, MoveError, PositionError};
pub use types::{Move, MoveList, MoveListIntoIter, Role, MAX_MOVES, ROLES};
