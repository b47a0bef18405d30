//! `tegoma convert --to feen|fen|pcn|pgn TEXT` (to be written).
use std::process::ExitCode;

/// Arguments of `tegoma convert`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The target format: `feen` or `fen` (a position), `pcn` or `pgn` (a game record).
    #[arg(long)]
    pub to: String,
    /// The position text, or the record's file path (`-` for standard input).
    pub input: String,
}

/// Runs `tegoma convert`.
pub fn run(_a: Args) -> ExitCode {
    crate::fail("NotImplemented", "convert is not implemented yet")
}
