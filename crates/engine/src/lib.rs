//! Tegoma's engine: one search for every rule system (chess, Ōgi and the games defined by
//! files), its evaluations, strength levels, and the UCI and SEI protocols.
//!
//! - [`Engine`]: the entry point for a rule system chosen at run time ([`tegoma_game::Rules`]):
//!   positions in FEEN (or FEN), moves in PMN (or UCI), or a match and moves as values
//!   ([`Engine::search_match`]), [`Limits`], options, a [`StopHandle`].
//! - [`search`]: the generic search ([`search::Searcher`]), monomorphised per game.
//! - [`eval`]: the [`eval::Evaluator`] of each game, chosen once per search.
//! - [`Level`]: strength levels 1 to 8.
//! - [`uci`] and [`sei`]: the protocols on standard input and output; [`protocol::run`] tells
//!   them apart from the first line.
//! - [`bench`](mod@bench): a fixed set of positions of every game, searched to a fixed depth.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod bench;
mod engine;
pub mod eval;
mod level;
mod limits;
pub mod protocol;
mod score;
pub mod search;
pub mod sei;
pub mod uci;

pub use engine::{
    Engine, EngineError, EngineOptions, ErrorClass, Info, MatchSearch, SearchRequest, SearchResult,
    Start, StopHandle, Variation, MATE_CENTIPAWNS,
};
pub use level::Level;
pub use limits::{Limits, SideTime, TimeBudget};
pub use score::{Score, INFINITE, MATE, MATE_BOUND};

/// The engine's name and version, as the protocols announce it.
pub const NAME: &str = concat!("Tegoma ", env!("CARGO_PKG_VERSION"));
/// The engine's author line.
pub const AUTHOR: &str = "the Tegoma contributors";
