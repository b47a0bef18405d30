//! The generic model of the Sashité Game Protocol: boards, pieces, locations, positions,
//! actions, moves, Protocol validity, and the [`RuleSystem`] trait.
//!
//! (Crate overview to be completed.)
#![forbid(unsafe_code)]
#![warn(missing_docs)]

mod action;
pub mod board;
mod feen;
mod hand;
mod piece;
mod position;
mod side;

pub use action::{Action, Rule, Violation, ViolationKind};
pub use board::{Board, BoardError, Square};
pub use feen::{parse_error_kind, FeenError, FeenWriteError};
pub use hand::Hand;
pub use piece::{Letter, Location, Piece, State};
pub use position::{Position, SetupError, Style};
pub use side::Side;
