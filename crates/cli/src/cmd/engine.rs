//! `tegoma engine` (the engine on standard input and output: UCI or SEI, recognised from the
//! first line) and `tegoma engine bench [--depth-delta N]`.
use std::io::Write;
use std::process::ExitCode;
use std::time::Duration;

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
    let n = tegoma_engine::bench::POSITIONS.len();
    let mut i = 0;
    let lines = tegoma_engine::bench::run(depth_delta, |l| {
        i += 1;
        println!(
            "Position {i}/{n} ({}) {}: nodes {} time {} ms best {}",
            l.game,
            l.position,
            l.nodes,
            l.time.as_millis(),
            l.best.as_deref().unwrap_or("(none)")
        );
    });
    let nodes: u64 = lines.iter().map(|l| l.nodes).sum();
    let time: Duration = lines.iter().map(|l| l.time).sum();
    let ms = time.as_millis().max(1) as u64;
    let mut out = std::io::stdout();
    // Each game's own rate: the games differ by far in speed, so the total mixes them.
    let mut games: Vec<&str> = lines.iter().map(|l| l.game).collect();
    games.dedup();
    let per_game: String = games
        .iter()
        .map(|g| {
            let (n, t) = lines
                .iter()
                .filter(|l| l.game == *g)
                .fold((0u64, Duration::ZERO), |(n, t), l| {
                    (n + l.nodes, t + l.time)
                });
            let us = t.as_micros().max(1) as u64;
            format!(
                "{g:<16}: nodes {n} time {} ms nps {}\n",
                us / 1000,
                n * 1_000_000 / us
            )
        })
        .collect();
    let written = writeln!(
        out,
        "===========================\n{per_game}Total time (ms) : {ms}\nNodes searched  : {nodes}\nNodes/second    : {}",
        nodes * 1000 / ms
    );
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => crate::fail("Io", e),
    }
}
