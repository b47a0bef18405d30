//! Rule systems of the Sashité family over a shared 8x8 bitboard kit.
//!
//! - [`kit`]: squares, bitboards and attack tables shared by every 8x8 game.
//! - [`chess`]: the Chess rule system.
//! - [`ogi`]: the Ōgi rule system.
//! - [`chess_ogi`]: Chess against Ōgi (ruling R13).
//! - [`systems`]: all three as [`RuleSystem`](tegoma_protocol::RuleSystem)s.
//! - [`move_list`]: the fixed-capacity move list of Ōgi and Chess against Ōgi.
//!
//! # Errors
//!
//! Both rule systems report the Protocol's shared errors
//! ([`PositionError`](tegoma_protocol::PositionError),
//! [`MoveError`](tegoma_protocol::MoveError), [`IllegalMove`](tegoma_protocol::IllegalMove)),
//! which speak only the Protocol's vocabulary. What only one game knows is a type of its own
//! module, carried behind the shared errors' generic `Specific` variants (see
//! [`tegoma_protocol::error`]) with its kind and message unchanged: chess's FEN, placement, SAN
//! and UCI errors in [`chess::error`] ([`chess::FenError`], [`chess::PlacementError`],
//! [`chess::MoveTextError`]), Ōgi's illegal-move reasons in [`ogi::error`]
//! ([`ogi::OgiReason`]). Callers match them after a downcast
//! (`error.specific::<chess::FenError>()`).
//!
//! The GGN engine and exporter live in `tegoma-ggn`: this crate builds without serde.
#![warn(missing_docs)]

pub mod chess;
pub mod chess_ogi;
pub mod kit;
pub mod move_list;
pub mod ogi;
mod parts;
pub mod systems;
