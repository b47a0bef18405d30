//! `tegoma-server [--addr 127.0.0.1:8080] [--database URL] [limits...]`: the game server alone
//! (the same as `tegoma serve`; the tests start it as a process to kill it). Every flag is in
//! docs/server.md and `tegoma-server --help`.

use std::net::SocketAddr;
use std::process::ExitCode;
use std::sync::Arc;

use clap::Parser;

/// mimalloc: a server allocates and frees small buffers for every message, from both cores;
/// measured faster than the system allocator in the load benchmark.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// The Tegoma game server: HTTP API, WebSocket and web board.
#[derive(Parser, Debug)]
#[command(name = "tegoma-server", version)]
struct Cli {
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// The database: `sqlite://FILE` (the default, created when missing) or
    /// `postgres://USER@HOST/DB` (several servers may share it).
    #[arg(long, default_value = tegoma_server::DEFAULT_DATABASE)]
    database: String,
    #[command(flatten)]
    limits: tegoma_server::config::Flags,
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(c) => c,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    tegoma_server::init_logging();
    // Games described by files (TEGOMA_GAMES): a bad one stops the server at start.
    if let Err(e) = tegoma_game::Rules::check_games_dir() {
        eprintln!("error: {}: {e}", tegoma_notation::NotationError::kind(&e));
        return ExitCode::from(2);
    }
    let config = match cli.limits.config() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("error: InvalidConfig: {e}");
            return ExitCode::from(2);
        }
    };
    match tegoma_server::run(
        cli.addr,
        &cli.database,
        Arc::new(tegoma_server::EngineOpponent::default()),
        config,
    ) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!(error = %e, "server failed");
            eprintln!("error: Server: {e}");
            ExitCode::from(1)
        }
    }
}
