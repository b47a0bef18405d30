//! Movement in GGN: complete tables for Chess and Ōgi, and a generic rule engine driven by a
//! GGN table plus a small declarative game description.
//!
//! This crate holds what needs JSON (GGN tables, descriptions), so that `tegoma-rules`, the fast
//! Chess and Ōgi move generators, builds without serde.
//!
//! - [`export`]: the complete GGN document of a rule system (`chess`, `ogi`, `chess-ogi`),
//!   generated from piece geometry by [`build::TableBuilder`]; write it with
//!   [`Ggn::to_json`](tegoma_notation::ggn::Ggn::to_json), which is canonical and
//!   byte-identical between runs.
//! - [`Description`]: what GGN does not carry (state markers, promotions, capture treatment,
//!   drop restrictions, special moves, legality filters), read from JSON.
//! - [`Engine`]: pseudo-legal and legal moves of a generic
//!   [`Position`](tegoma_protocol::Position), as [`GgnMove`] values with canonical PMN, moves
//!   played by copy, perft; it implements the protocol's
//!   [`RuleSystem`](tegoma_protocol::RuleSystem), so a game described by files plugs into every
//!   generic tool.
//!
//! [`chess_ogi`] plays Chess against Ōgi (ruling R13), a game whose two players follow
//! different rules: a description can give each style its own rules (its `armies`).
//!
//! A new game is described by three files: its GGN table, its initial FEEN (inside the
//! description) and its description. See `games/` at the repository root.
//!
//! ```
//! use tegoma_ggn::{export, Description, Engine};
//!
//! // Ōgi without promotions: enough for the first move.
//! let desc = Description::from_json(r#"{
//!   "name": "Ogi", "snn": "Ogi", "sin": "O", "board": [8, 8],
//!   "initial": "lnsik^snl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIK^SNL / O/o",
//!   "capture": {"side": "captor", "demote": true},
//!   "drops": {"enabled": true, "bans": [{"piece": "P"}]},
//!   "legality": {"terminal_capture_ends": true}
//! }"#)?;
//! let engine = Engine::new(&export("ogi").unwrap(), desc)?;
//! let moves = engine.legal_pmn(engine.initial());
//! assert_eq!(moves.len(), 25);
//! assert!(moves.contains(&"e3-e4".to_string()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![warn(missing_docs)]

pub mod build;
pub mod chess;
pub mod chess_ogi;
mod description;
mod engine;
mod moves;
pub mod ogi;
mod system;

pub use description::{
    Army, Capture, Description, DescriptionError, DropBan, Drops, History, Legality, Promotion,
    Repetition, RightRule, Special, StepMark,
};
pub use engine::{Engine, EngineError, UnsupportedPiece};
pub use moves::GgnMove;

use tegoma_notation::ggn::Ggn;

/// The rule systems whose complete table can be exported.
pub const EXPORTABLE: [&str; 3] = ["chess", "ogi", "chess-ogi"];

/// The complete GGN table of a rule system by name (`chess`, `ogi`, or `chess-ogi`: the union
/// of both under each side's style key), or `None` for an unknown name.
pub fn export(game: &str) -> Option<Ggn> {
    match game {
        "chess" => Some(chess::table()),
        "ogi" => Some(ogi::table()),
        "chess-ogi" => Some(chess_ogi::table()),
        _ => None,
    }
}
