//! A match runner for engines speaking UCI or SEI, with Tegoma's match as the arbiter (what
//! cutechess-cli and fastchess do for chess, for every rule system).
//!
//! - [`spec`]: engine specifications (`cmd=stockfish,proto=uci,option.Hash=16`).
//! - [`process`]: an engine process with deadline-bound reads.
//! - [`player`]: [`Player`], an engine as the arbiter sees it; [`uci`] and [`sei`] clients.
//! - [`dialect`]: chess UCI and Fairy-Stockfish's Ōgi, positions and moves.
//! - [`game`]: one game, arbitrated; its PCN and PGN records.
//! - [`openings`]: openings from a file or seeded random play.
//! - [`tc`]: time controls (`10+0.1`, `40/60`).
//! - [`stats`]: score, Elo and its 95% interval (trinomial, pentanomial), SPRT.
//! - [`tournament`]: many games in parallel, colours swapped, progress and records.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod dialect;
pub mod game;
pub mod openings;
pub mod player;
pub mod process;
pub mod sei;
pub mod spec;
pub mod stats;
pub mod tc;
pub mod tournament;
pub mod uci;

pub use player::{EngineError, Player};
pub use spec::{EngineSpec, Proto};
pub use tournament::{run, Config, Outputs, Standing};
