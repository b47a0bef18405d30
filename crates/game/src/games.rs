//! Each game's descriptor, one module per game: its [`MatchRules`](crate::MatchRules)
//! implementation (history rules, formats, evaluator, board look, bench positions) and, for a
//! hand-written game, its [`BuiltInGame`](crate::rules::BuiltInGame) names and GGN table. The
//! registry ([`Rules`](crate::Rules)) lists the hand-written ones, one line each; games defined
//! by files share the descriptor in [`files`], filled from their description.

mod chess;
mod chess_ogi;
pub mod files;
mod ogi;
