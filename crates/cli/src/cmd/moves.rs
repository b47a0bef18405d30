//! `tegoma moves [GAME] [--feen FEEN | --fen FEN] [--san | --uci] [--json]`
use std::process::ExitCode;

use tegoma_game::MoveFormat;

/// Arguments of `tegoma moves`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub position: super::PositionArgs,
    /// Print moves in SAN (chess).
    #[arg(long, conflicts_with = "uci")]
    pub san: bool,
    /// Print moves as UCI strings (chess).
    #[arg(long)]
    pub uci: bool,
    /// One JSON object per move: `{"move":"e2-e4"}`.
    #[arg(long)]
    pub json: bool,
}

/// The move format the `--san` and `--uci` flags choose (PMN by default).
pub fn format(san: bool, uci: bool) -> MoveFormat {
    if san {
        MoveFormat::San
    } else if uci {
        MoveFormat::Uci
    } else {
        MoveFormat::Pmn
    }
}

/// Runs `tegoma moves`: the legal moves (history ignored), one per line, sorted.
pub fn run(a: Args) -> ExitCode {
    let moves = a
        .position
        .position(Ok)
        .and_then(|p| Ok(p.legal_moves(format(a.san, a.uci))?));
    match moves {
        Ok(list) if a.json => crate::print_lines(
            list.iter()
                .map(|m| serde_json::json!({ "move": m }).to_string()),
        ),
        Ok(list) => crate::print_lines(list),
        Err(e) => crate::fail_with(&e),
    }
}
