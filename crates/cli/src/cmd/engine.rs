//! `tegoma engine` (the engine on standard input and output: UCI or SEI, recognised from the
//! first line) and `tegoma engine bench [--depth-delta N]`.
use std::process::ExitCode;

/// Arguments of `tegoma engine`.
#[derive(clap::Args, Debug)]
pub struct Args {
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// What `tegoma engine` does besides serving a protocol.
#[derive(clap::Subcommand, Debug)]
pub enum Command {
    /// Search a fixed set of positions of every game; print the total nodes and nodes/second.
    Bench {
        /// Plies added to every position's depth (negative for a quicker run).
        #[arg(long, default_value_t = 0, allow_hyphen_values = true)]
        depth_delta: i32,
    },
}

/// Runs `tegoma engine`.
pub fn run(a: Args) -> ExitCode {
    match a.command {
        None => {
            let stdin = std::io::stdin();
            match tegoma_engine::protocol::run(stdin.lock(), std::io::stdout()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => crate::fail("Io", e),
            }
        }
        Some(Command::Bench { depth_delta }) => bench(depth_delta),
    }
}

fn bench(depth_delta: i32) -> ExitCode {
    // A closed or full standard output is an error like any other command's, not a panic.
    let mut out = std::io::stdout().lock();
    match tegoma_engine::bench::report(depth_delta, &mut out) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => crate::fail("Io", e),
    }
}
