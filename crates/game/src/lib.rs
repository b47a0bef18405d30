//! Matches and game records: history, repetition, move limits, clocks, events, PCN.
//!
//! - [`clock`]: time controls as PCN `periods` describe them and a two-sided clock.
//! - [`lines`]: text lines from untrusted streams, each bounded in length.
//! - [`rules`]: [`MatchRules`], what a match needs from a rule system (chess and Ōgi).
//! - [`matches`](mod@matches): [`Match`], a position plus its history, automatic endings and events;
//!   [`AnyMatch`] for a rule system chosen at run time.
//! - [`registry`]: [`Rules`], the one way to choose a rule system at run time (Chess, Ōgi, Chess against Ōgi and
//!   the games defined by files), and [`Visit`] to run generic code on it.
//! - [`position`]: [`AnyPosition`], a position of any rule system with a text interface.
//! - [`record`]: PCN records of whole matches.
//! - [`replay`]: replaying PCN records game by game.
//! - [`sei`]: SEI 1.0's messages, shared by the engine and the match runner.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod clock;
pub mod games;
mod games_dir;
pub mod lines;
pub mod look;
pub mod matches;
pub mod position;
pub mod record;
pub mod registry;
pub mod replay;
pub mod rules;
pub mod sei;

pub use look::{ArmyLook, BoardLook};
pub use matches::{AnyMatch, AnyMove, AutomaticDraws, LineReader, Match, MatchError, Ply, Written};
pub use position::AnyPosition;
pub use registry::{Rules, RulesError, Visit};
pub use rules::{
    generic_from_feen, BenchPosition, BuiltInGame, MatchRules, MoveFormat, RepetitionRule,
    SetupError, Unsupported,
};

/// The README's Rust examples, compiled and run as doc tests.
#[cfg(doctest)]
#[doc = include_str!("../../../README.md")]
pub struct ReadmeDoctests;
