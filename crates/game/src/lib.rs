//! Matches and game records: history, repetition, move limits, clocks, events, PCN and PGN.
//! (To be written.)
#![forbid(unsafe_code)]
#![warn(missing_docs)]
