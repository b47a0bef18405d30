//! The `tegoma` command: validate notations, apply moves, list legal moves, count (perft),
//! report statuses, convert positions and records, replay games.
//!
//! Every command prints its result on standard output. A failure prints one line
//! `error: <Kind>: <explanation>` (also on standard output, so that scripts read one stream) and
//! exits with code 1. The logic lives in the library crates; this binary only parses arguments
//! and prints.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod cmd;

/// Tegoma: the Sashité Game Protocol, its notations and its rule systems (Chess, Ōgi).
#[derive(Parser)]
#[command(name = "tegoma", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Validate a notation: prints `ok` and a short description, or `error: <Kind>: ...`.
    Validate(cmd::validate::Args),
    /// Apply protocol-valid moves (PMN) to a FEEN position, with no rule system.
    Apply(cmd::apply::Args),
    /// List the legal moves of a position, one per line, sorted.
    Moves(cmd::moves::Args),
    /// Count the leaf nodes of the legal move tree (perft).
    Perft(cmd::perft::Args),
    /// Print the CGSN statuses that hold in a position (`-` when none).
    Status(cmd::status::Args),
    /// Draw a position as a board diagram with both hands.
    Show(cmd::show::Args),
    /// Convert a position (FEEN <-> FEN) or a game record (PGN <-> PCN).
    Convert(cmd::convert::Args),
    /// Replay game records (PGN or PCN) and report each game's result.
    Replay(cmd::replay::Args),
    /// Run the game server and its web board (HTTP, WebSocket; SQLite or PostgreSQL).
    Serve(cmd::serve::Args),
    /// GGN movement tables.
    #[command(subcommand)]
    Ggn(cmd::ggn::Command),
}

/// Restores the default SIGPIPE action, so that `tegoma ... | head` ends quietly when the reader
/// closes the pipe (Rust ignores SIGPIPE by default, which turns every later print into a panic).
#[cfg(unix)]
fn reset_sigpipe() {
    // SAFETY: called once at start-up, before any thread exists; SIG_DFL is a valid action.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}

#[cfg(not(unix))]
fn reset_sigpipe() {}

fn main() -> ExitCode {
    reset_sigpipe();
    let cli = Cli::parse();
    match cli.command {
        Command::Validate(a) => cmd::validate::run(a),
        Command::Apply(a) => cmd::apply::run(a),
        Command::Moves(a) => cmd::moves::run(a),
        Command::Perft(a) => cmd::perft::run(a),
        Command::Status(a) => cmd::status::run(a),
        Command::Show(a) => cmd::show::run(a),
        Command::Convert(a) => cmd::convert::run(a),
        Command::Replay(a) => cmd::replay::run(a),
        Command::Serve(a) => cmd::serve::run(a),
        Command::Ggn(c) => cmd::ggn::run(c),
    }
}

/// Prints `error: <kind>: <message>` and returns exit code 1.
pub(crate) fn fail(kind: &str, message: impl std::fmt::Display) -> ExitCode {
    println!("error: {kind}: {message}");
    ExitCode::from(1)
}

/// [`fail`] for a typed error: the command line's boundary, where kinds become text.
pub(crate) fn fail_with(e: &tegoma_notation::Invalid) -> ExitCode {
    fail(e.kind, &e.message)
}

/// Prints lines on standard output; an output that cannot be written is `error: Io` and exit
/// code 1, never a panic.
pub(crate) fn print_lines<I>(lines: I) -> ExitCode
where
    I: IntoIterator,
    I::Item: std::fmt::Display,
{
    use std::io::Write;
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let written = lines
        .into_iter()
        .try_for_each(|l| writeln!(out, "{l}"))
        .and_then(|()| out.flush());
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: Io: cannot write the output: {e}");
            ExitCode::from(1)
        }
    }
}
