//! `tegoma show [GAME] [--feen FEEN | --fen FEN]`
use std::process::ExitCode;

/// Arguments of `tegoma show`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(flatten)]
    pub position: super::PositionArgs,
}

/// Runs `tegoma show`: the position as a board diagram with both hands and the side to move.
pub fn run(a: Args) -> ExitCode {
    match a.position.position(Ok) {
        Ok(p) => crate::print_lines([p.to_string()]),
        Err(e) => crate::fail_with(&e),
    }
}
