//! `tegoma replay FILE [--tsv]` (to be written).
use std::process::ExitCode;

/// Arguments of `tegoma replay`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// A PGN or PCN file (detected), or `-` for standard input.
    pub file: String,
    /// Tab-separated output: index, plies, statuses, result, final FEEN.
    #[arg(long)]
    pub tsv: bool,
}

/// Runs `tegoma replay`.
pub fn run(_a: Args) -> ExitCode {
    crate::fail("NotImplemented", "replay is not implemented yet")
}
