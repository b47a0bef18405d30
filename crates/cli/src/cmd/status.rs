//! `tegoma status [GAME] [--feen FEEN | --fen FEN]`
use std::process::ExitCode;

use crate::games::{self, Game};

/// Arguments of `tegoma status`.
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
}

/// Runs `tegoma status`.
pub fn run(a: Args) -> ExitCode {
    let input = super::position_input(a.feen.clone(), a.fen.clone());
    match games::select(a.game.as_deref(), &input) {
        Err((k, m)) => crate::fail(&k, m),
        Ok(Game::Chess) => games::chess::status(&a, &input),
        Ok(Game::Ogi) => games::ogi::status(&a, &input),
        Ok(Game::File(g)) => games::ggn::status(g, &a),
    }
}
