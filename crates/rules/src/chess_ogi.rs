//! Chess against Ōgi (ruling R13, the Game Protocol's hybrid match, §12.5): one player leads a
//! Chess army, the other an Ōgi army, on one 8x8 board; **each player is bound by its own
//! rule system** (its moves, promotions, hand, drops and the consequences of its own moves).
//!
//! - The FEEN's style field says who leads what: `C/o` (the Chess army first,
//!   [`START_CHESS_FIRST`]) or `O/c` ([`START_OGI_FIRST`]); uppercase pieces are the first
//!   player's, and every piece has its player's style.
//! - Chess pieces move by the Chess rule system with ruling R2's markers (`+K^`, `+R`, `+P`,
//!   `-P`), castling and promotion to Q R B N; the Chess player may never leave its King
//!   attacked by an Ōgi piece, nor castle out of, through or into an attacked square, except
//!   by a move that captures the Ōgi King (always legal: it ends the game).
//! - Ōgi pieces move by the Ōgi rule system (ruling R4): the zone of the three far ranks,
//!   forced promotions, drops with Ōgi's bans; its King may be left attacked.
//! - Captures: the Chess player keeps an Ōgi piece as it stood; the Ōgi player takes a chess
//!   piece as the unpromoted Ōgi piece of the same name (queen -> princess), so its hand only
//!   ever holds `I R B N P` (its pawns stay undroppable).
//! - Endings ([`Position::outcome`]): `mareking`, `checkmate` and `stalemate` for the Chess
//!   player to move with no legal move, `nomove` for the Ōgi player to move with none.
//!   Repetition (by the mover's rules) and the move limit belong to the match layer.
//!
//! ```
//! use tegoma_rules::chess_ogi::{Army, Position};
//!
//! let mut p = Position::startpos();
//! assert_eq!(p.army_to_move(), Army::Chess);
//! assert_eq!(p.legal_moves().len(), 20);
//! p.play_unchecked(p.parse_pmn("e2-e4")?);
//! assert_eq!(p.army_to_move(), Army::Ogi);
//! assert_eq!(p.to_feen(), "lnsik^snl/1r4b1/pppppppp/8/4-P3/8/+P+P+P+P1+P+P+P/+RNBQ+K^BN+R / o/C");
//! # Ok::<(), tegoma_protocol::MoveError>(())
//! ```

mod attacks;
pub mod error;
mod feen;
mod movegen;
mod pmn;
mod position;
mod status;
mod tables;
mod types;

pub use error::DerivedPiece;
pub use movegen::PerftOptions;
pub use position::{Position, START_CHESS_FIRST, START_OGI_FIRST};
pub use types::{Army, Move, MoveList, MoveListIntoIter, Piece, MAX_MOVES};
