//! `tegoma apply --feen FEEN MOVE...`: applies moves with only the Game Protocol's constraints
//! (no rule system) and prints the resulting FEEN.
use std::process::ExitCode;

use tegoma_notation::NotationError;
use tegoma_protocol::{ApplyError, Position};

/// Arguments of `tegoma apply`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The starting position in FEEN.
    #[arg(long)]
    pub feen: String,
    /// Moves in PMN, applied in order with only the Protocol's constraints.
    pub moves: Vec<String>,
}

/// Runs `tegoma apply`.
pub fn run(a: Args) -> ExitCode {
    let mut position = match Position::from_feen(&a.feen) {
        Ok(p) => p,
        Err(e) => return crate::fail(e.kind(), format_args!("--feen: {e}")),
    };
    for (i, text) in a.moves.iter().enumerate() {
        let n = i + 1;
        match position.apply_pmn(text) {
            Ok(()) => {}
            Err(ApplyError::Decode(e)) => {
                return crate::fail(e.kind(), format_args!("move {n} ({text}): {e}"));
            }
            Err(ApplyError::Violation(v)) => {
                return crate::fail(
                    v.kind.name(),
                    format_args!(
                        "move {n} ({text}), action {}: {} (Game Protocol {})",
                        v.action + 1,
                        v.kind.describe(position.board()),
                        v.rule().section()
                    ),
                );
            }
        }
    }
    match position.to_feen() {
        Ok(s) => crate::print_lines([s]),
        Err(e) => crate::fail(e.kind(), e),
    }
}
