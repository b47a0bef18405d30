//! SIN, Style Identifier Notation: re-export of the official `sashite-sin` crate.
pub use sashite_sin::*;
