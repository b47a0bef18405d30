//! EPIN, Extended Piece Identifier Notation: re-export of the official `sashite-epin` crate.
pub use sashite_epin::*;
