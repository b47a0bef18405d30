//! PIN, Piece Identifier Notation: re-export of the official `sashite-pin` crate.
pub use sashite_pin::*;
