//! `tegoma serve`: the game server and its web board (see the `tegoma-server` crate; every
//! limit flag is in docs/server.md).

use std::net::SocketAddr;
use std::process::ExitCode;
use std::sync::Arc;

/// Arguments of `tegoma serve`.
#[derive(clap::Args, Debug)]
pub struct Args {
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    pub addr: SocketAddr,
    /// The database: `sqlite://FILE` (the default, created when missing) or
    /// `postgres://USER@HOST/DB` (several servers may share it).
    #[arg(long, default_value = tegoma_server::DEFAULT_DATABASE)]
    pub database: String,
    /// The server's limits, CORS and metrics.
    #[command(flatten)]
    pub limits: tegoma_server::config::Flags,
}

/// Runs the server until SIGTERM or Ctrl-C (then shuts down gracefully and exits 0).
pub fn run(a: Args) -> ExitCode {
    let config = match a.limits.config() {
        Ok(c) => c,
        Err(e) => return crate::fail("InvalidConfig", e),
    };
    tegoma_server::init_logging();
    match tegoma_server::run(
        a.addr,
        &a.database,
        Arc::new(tegoma_server::EngineOpponent::default()),
        config,
    ) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => crate::fail("Server", e),
    }
}
