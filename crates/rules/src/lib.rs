//! Rule systems of the Sashité family over a shared 8x8 bitboard kit.
//!
//! - [`kit`]: squares, bitboards and attack tables shared by every 8x8 game.
//! - [`chess`]: the Chess rule system.
//! - [`ogi`]: the Ōgi rule system.
#![warn(missing_docs)]

pub mod chess;
pub mod ggn;
pub mod kit;
pub mod ogi;
pub mod systems;
