//! `tegoma convert --to feen|fen|pcn|pgn TEXT`
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
pub fn run(a: Args) -> ExitCode {
    match a.to.as_str() {
        // A chess position, FEN <-> FEEN (the input's format is recognised).
        "feen" | "fen" => crate::games::chess::convert_position(&a.to, &a.input),
        // Game records come with the PCN work.
        "pcn" | "pgn" => crate::fail("NotImplemented", "record conversion is not implemented yet"),
        other => crate::fail(
            "UnknownFormat",
            format!("unknown target format {other:?} (expected feen, fen, pcn or pgn)"),
        ),
    }
}
