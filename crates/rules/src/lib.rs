//! Rule systems of the Sashité family over a shared 8x8 bitboard kit.
//!
//! - [`kit`]: squares, bitboards and attack tables shared by every 8x8 game.
//! - [`chess`]: the Chess rule system.
//! - [`ogi`]: the Ōgi rule system.
//! - [`systems`]: both as [`RuleSystem`](tegoma_protocol::RuleSystem)s.
//!
//! The GGN engine and exporter live in `tegoma-ggn`: this crate builds without serde.
#![warn(missing_docs)]

pub mod chess;
pub mod kit;
pub mod ogi;
mod parts;
pub mod systems;
