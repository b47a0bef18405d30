//! `tegoma moves [GAME] [--feen FEEN | --fen FEN] [--san | --uci]`
use std::process::ExitCode;

use crate::games::{self, Game};

/// Arguments of `tegoma moves`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The game (`chess` or `ogi`); by default taken from the position, else chess.
    pub game: Option<String>,
    /// The position in FEEN (default: the game's initial position).
    #[arg(long, conflicts_with = "fen")]
    pub feen: Option<String>,
    /// The position in FEN (chess only).
    #[arg(long)]
    pub fen: Option<String>,
    /// Print moves in SAN (chess only).
    #[arg(long, conflicts_with = "uci")]
    pub san: bool,
    /// Print moves as UCI strings (chess only).
    #[arg(long)]
    pub uci: bool,
}

/// Runs `tegoma moves`.
pub fn run(a: Args) -> ExitCode {
    let input = super::position_input(a.feen.clone(), a.fen.clone());
    match games::select(a.game.as_deref(), &input) {
        Err((k, m)) => crate::fail(&k, m),
        Ok(Game::Chess) => games::chess::moves(&a, &input),
        Ok(Game::Ogi) => games::ogi::moves(&a, &input),
        Ok(Game::File(g)) => games::ggn::moves(g, &a),
    }
}
