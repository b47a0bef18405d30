//! The `tegoma` command: validate notations, apply moves, list legal moves, count (perft),
//! report statuses, convert positions and records, replay games.
//!
//! Every command prints its results on standard output and its errors (`error: <Kind>:
//! <explanation>`) and warnings (`warning: ...`) on standard error (ruling R9; [`out`]). The exit
//! code is 0 only when every input was handled and all output was written, else 1. The logic
//! lives in the library crates; this binary only parses arguments and prints.

use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod cmd;
mod input;
mod out;

/// mimalloc, as in the `tegoma-server` binary: `tegoma serve` allocates and frees small buffers
/// for every message from both cores (measured faster than the system allocator in the load
/// benchmark), and the record commands allocate per game.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

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
    /// Play a match between two engines (UCI or SEI commands): records, Elo, SPRT.
    Match(cmd::arena::Args),
    /// Play a game in the terminal against an engine at a level, or two people at one keyboard.
    Play(cmd::play::Args),
    /// The engine on standard input/output (UCI or SEI), or `engine bench`.
    Engine(cmd::engine::Args),
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
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if e.use_stderr() => e.exit(),
        // `--help` and `--version` are results: written to standard output, checked.
        Err(e) => {
            return match e
                .print()
                .and_then(|()| std::io::Write::flush(&mut std::io::stdout()))
            {
                Ok(()) if out::stdout_is_open() => ExitCode::SUCCESS,
                Ok(()) => fail("Io", "standard output is closed: nothing could be written"),
                Err(io) => fail("Io", format_args!("cannot write the output: {io}")),
            }
        }
    };
    if !out::stdout_is_open() {
        return fail("Io", "standard output is closed: nothing could be written");
    }
    // The games of TEGOMA_GAMES: a bad description is reported at start, by every command.
    if let Err(e) = tegoma_game::registry::check_games_dir() {
        return fail(tegoma_notation::NotationError::kind(&e), e);
    }
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
        Command::Match(a) => cmd::arena::run(a),
        Command::Play(a) => cmd::play::run(a),
        Command::Engine(a) => cmd::engine::run(a),
    }
}

/// Prints `error: <kind>: <message>` on standard error and returns exit code 1.
pub(crate) fn fail(kind: &str, message: impl std::fmt::Display) -> ExitCode {
    out::error(kind, message);
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
    let mut out = out::Out::new();
    for l in lines {
        out.line(l);
    }
    out.finish(true)
}
