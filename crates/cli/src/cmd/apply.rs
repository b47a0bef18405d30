//! `tegoma apply --feen FEEN MOVE...` (to be written).
use std::process::ExitCode;

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
pub fn run(_a: Args) -> ExitCode {
    crate::fail("NotImplemented", "apply is not implemented yet")
}
