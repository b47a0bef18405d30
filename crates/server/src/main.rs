//! `tegoma-server [--addr 127.0.0.1:8080] [--database URL]`: the game server alone (the same
//! as `tegoma serve`; the tests start it as a process to kill it).

use std::process::ExitCode;
use std::sync::Arc;

/// mimalloc: a server allocates and frees small buffers for every message, from both cores;
/// measured faster than the system allocator in the load benchmark.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

fn main() -> ExitCode {
    let mut addr = "127.0.0.1:8080".to_string();
    let mut database = tegoma_server::DEFAULT_DATABASE.to_string();
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        match (a.as_str(), args.next()) {
            ("--addr", Some(v)) => addr = v,
            ("--database", Some(v)) => database = v,
            _ => {
                eprintln!("usage: tegoma-server [--addr HOST:PORT] [--database URL]");
                return ExitCode::from(2);
            }
        }
    }
    let addr = match addr.parse() {
        Ok(a) => a,
        Err(e) => {
            eprintln!("error: InvalidAddress: {e}");
            return ExitCode::from(2);
        }
    };
    match tegoma_server::run(
        addr,
        &database,
        Arc::new(tegoma_server::EngineOpponent::default()),
    ) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: Server: {e}");
            ExitCode::from(1)
        }
    }
}
