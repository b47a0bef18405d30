//! The generic model of the Sashité Game Protocol: boards, pieces, locations, positions, actions,
//! moves, protocol validity and the `RuleSystem` trait. (To be written.)
#![forbid(unsafe_code)]
#![warn(missing_docs)]
