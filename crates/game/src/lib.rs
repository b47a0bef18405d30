//! Matches and game records: history, repetition, move limits, clocks, events, PCN and PGN.
//!
//! Written so far: [`clock`] (time controls and a two-sided clock) and [`pgn`] (a streaming PGN
//! reader and a writer). The match layer comes next.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod clock;
pub mod pgn;
