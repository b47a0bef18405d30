//! `tegoma perft DEPTH [GAME] [--feen FEEN | --fen FEN] [--divide] [--no-bulk] [--no-privilege]`
use std::process::ExitCode;

use crate::games::{self, Game};

/// Arguments of `tegoma perft`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The depth in plies.
    pub depth: u32,
    /// The game (`chess` or `ogi`); by default taken from the position, else chess.
    pub game: Option<String>,
    /// The position in FEEN (default: the game's initial position).
    #[arg(long, conflicts_with = "fen")]
    pub feen: Option<String>,
    /// The position in FEN (chess only).
    #[arg(long)]
    pub fen: Option<String>,
    /// First print `MOVE COUNT` for each root move (PMN).
    #[arg(long)]
    pub divide: bool,
    /// Play every leaf move instead of counting the last ply from the move list.
    #[arg(long)]
    pub no_bulk: bool,
    /// Ōgi: every capture demotes (no King's privilege), as engines without it count.
    #[arg(long)]
    pub no_privilege: bool,
    /// Also print nodes per second.
    #[arg(long)]
    pub bench: bool,
}

/// Runs `tegoma perft`.
pub fn run(a: Args) -> ExitCode {
    let input = super::position_input(a.feen.clone(), a.fen.clone());
    match games::select(a.game.as_deref(), &input) {
        Err((k, m)) => crate::fail(&k, m),
        Ok(Game::Chess) => games::chess::perft(&a, &input),
        Ok(Game::Ogi) => games::ogi::perft(&a, &input),
        Ok(Game::File(g)) => games::ggn::perft(g, &a),
    }
}
