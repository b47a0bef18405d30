//! FEEN, Field Expression Encoding Notation: re-export of the official `sashite-feen` crate.
pub use sashite_feen::*;
