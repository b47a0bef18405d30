//! `tegoma ggn ...` (to be written).
use std::process::ExitCode;

/// Subcommands of `tegoma ggn`.
#[derive(clap::Subcommand, Debug)]
pub enum Command {
    /// Write the complete GGN document of a rule system.
    Export {
        /// `chess` or `ogi`.
        game: String,
        /// Write to this file instead of standard output.
        #[arg(long)]
        out: Option<String>,
    },
}

/// Runs `tegoma ggn`.
pub fn run(_c: Command) -> ExitCode {
    crate::fail("NotImplemented", "ggn is not implemented yet")
}
