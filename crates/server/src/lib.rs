//! The Tegoma game server: HTTP and WebSocket on axum, games in SQLite (embedded, the default)
//! or PostgreSQL (several processes sharing one database), and a web board.
//!
//! - [`store`]: the database (games and their numbered events).
//! - [`game`]: one task per game, the only one that changes it; clocks on the server.
//! - [`hub`]: the games of this process; PostgreSQL `LISTEN/NOTIFY` between processes.
//! - [`api`], [`ws`]: the HTTP API and the WebSocket event stream; [`wire`]: the serde types
//!   of what they read and write, and of the stored events.
//! - [`analysis`]: the analysis board's route (any position, the engine's evaluation).
//! - [`records`]: imported records kept whole, and the PCN and PGN exports.
//! - [`opponent`]: the [`Opponent`] trait for play against the computer.
//! - [`web`]: the embedded web board.
//! - [`config`]: every limit of the server's edge, with its default; [`net`]: the accept loop
//!   (timeouts, connection caps, graceful shutdown); [`limits`]: the rates per address;
//!   [`edge`]: typed errors, JSON-only bodies, CORS; [`metrics`]: Prometheus metrics;
//!   [`shutdown`]: the shutdown signal. docs/server.md describes them for operators.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod analysis;
pub mod api;
pub mod config;
pub mod edge;
pub mod error;
pub mod game;
pub mod hub;
pub mod limits;
pub mod meet;
pub mod metrics;
pub mod net;
pub mod opponent;
pub mod records;
pub mod shutdown;
pub mod store;
pub mod token;
pub mod view;
pub mod web;
pub mod wire;
pub mod ws;

use std::net::SocketAddr;
use std::sync::Arc;

pub use config::{Rate, ServerConfig};
pub use error::ApiError;
pub use hub::Hub;
pub use opponent::{EngineOpponent, FirstLegal, Opponent};
pub use shutdown::Shutdown;
pub use store::Store;

/// The database used when none is given: a SQLite file in the working directory.
pub const DEFAULT_DATABASE: &str = "sqlite://tegoma.db";

/// The whole application: API, WebSocket and web board, with the edge's layers of the default
/// [`ServerConfig`] (see [`app_with`]) and a [`Shutdown`] never triggered.
pub fn app(hub: Arc<Hub>) -> axum::Router {
    app_with(hub, &ServerConfig::default(), &Shutdown::new())
}

/// The whole application with the edge's layers of `config` ([`edge::wrap`]): typed JSON
/// errors, JSON-only bodies, CORS for `config.cors_origins` (an origin that is no valid
/// header value is skipped: [`serve_with`] refuses such a configuration), `/metrics` when
/// `config.metrics`, and `shutdown` in every request's extensions.
pub fn app_with(hub: Arc<Hub>, config: &ServerConfig, shutdown: &Shutdown) -> axum::Router {
    let base = api::routes(hub)
        .merge(web::routes())
        .layer(axum::Extension(analysis::Analysis::new(&config.analysis)));
    match edge::wrap(base.clone(), config, shutdown) {
        Ok(r) => r,
        Err(e) => {
            tracing::warn!(error = %e, "CORS origins ignored");
            let config = ServerConfig {
                cors_origins: Vec::new(),
                ..config.clone()
            };
            edge::wrap(base, &config, shutdown).unwrap_or_else(|_| axum::Router::new())
        }
    }
}

/// Opens the database and returns the hub, its waker started (no game is loaded: games are
/// read from the database when asked for, or when their clock or engine needs them).
///
/// # Errors
/// Database errors.
pub async fn open(database: &str, opponent: Arc<dyn Opponent>) -> Result<Arc<Hub>, ApiError> {
    open_with(database, opponent, game::GameLimits::default()).await
}

/// [`open`] with the games' limits.
///
/// # Errors
/// Database errors.
pub async fn open_with(
    database: &str,
    opponent: Arc<dyn Opponent>,
    limits: game::GameLimits,
) -> Result<Arc<Hub>, ApiError> {
    let store = Store::open(database).await?;
    let hub = Hub::with_limits(store, opponent, limits);
    hub.resume().await?;
    Ok(hub)
}

/// Runs the server on `addr` until SIGTERM or Ctrl-C, then shuts down gracefully (see
/// [`serve_with`]) and returns `Ok`.
///
/// # Errors
/// Database or network errors, or an invalid `config`.
pub async fn serve(
    addr: SocketAddr,
    database: &str,
    opponent: Arc<dyn Opponent>,
    config: ServerConfig,
) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    config.validate()?;
    let hub = open_with(database, opponent, config.games.clone()).await?;
    let listener = tokio::net::TcpListener::bind(addr).await?;
    let local = listener.local_addr()?;
    let shown = redact_password(database);
    tracing::info!(address = %local, database = %shown, "tegoma server listening");
    println!("tegoma server: open http://{local}/ (database {shown})");
    let shutdown = Shutdown::new();
    tokio::spawn(on_signal(shutdown.clone()));
    serve_with(listener, hub, config, shutdown).await?;
    tracing::info!("tegoma server stopped");
    Ok(())
}

/// A database URL as it may be shown in a log: a password (`postgres://user:PASSWORD@host`)
/// replaced by `***`.
pub fn redact_password(url: &str) -> String {
    let Some((scheme, rest)) = url.split_once("://") else {
        return url.to_string();
    };
    let Some((userinfo, host)) = rest.rsplit_once('@') else {
        return url.to_string();
    };
    match userinfo.split_once(':') {
        Some((user, _)) => format!("{scheme}://{user}:***@{host}"),
        None => url.to_string(),
    }
}

/// Triggers `shutdown` on SIGTERM or SIGINT (Ctrl-C).
async fn on_signal(shutdown: Shutdown) {
    #[cfg(unix)]
    let signal = {
        use tokio::signal::unix::{signal, SignalKind};
        match signal(SignalKind::terminate()) {
            Ok(mut term) => tokio::select! {
                _ = term.recv() => "SIGTERM",
                _ = tokio::signal::ctrl_c() => "SIGINT",
            },
            Err(e) => {
                tracing::warn!(error = %e, "no SIGTERM handler: Ctrl-C only");
                let _ = tokio::signal::ctrl_c().await;
                "SIGINT"
            }
        }
    };
    #[cfg(not(unix))]
    let signal = {
        let _ = tokio::signal::ctrl_c().await;
        "Ctrl-C"
    };
    tracing::info!(signal, "shutting down");
    shutdown.trigger();
}

/// Serves the hub's [`app`] on `listener` without the limits per address
/// ([`ServerConfig::without_address_limits`]: for tests and benchmarks, whose clients all
/// share the loopback address), until the process ends. Each connection has `TCP_NODELAY` (a
/// game's messages are small and answer each other: Nagle's algorithm would hold a message
/// back until the peer acknowledges the one before, which a delayed acknowledgement makes up
/// to 40 ms).
///
/// # Errors
/// As [`serve_with`].
pub async fn serve_on(listener: tokio::net::TcpListener, hub: Arc<Hub>) -> std::io::Result<()> {
    serve_with(
        listener,
        hub,
        ServerConfig::without_address_limits(),
        Shutdown::new(),
    )
    .await
}

/// Serves the hub's application ([`app_with`]) on `listener` with the limits of `config`
/// ([`net::serve_app`]) until `shutdown` is triggered; then stops accepting, lets the requests
/// in flight finish, and waits up to `config.shutdown_grace` for the connections and the tasks
/// of [`Shutdown::tracker`].
///
/// # Errors
/// An invalid `config` (`InvalidInput`).
pub async fn serve_with(
    listener: tokio::net::TcpListener,
    hub: Arc<Hub>,
    config: ServerConfig,
    shutdown: Shutdown,
) -> std::io::Result<()> {
    config
        .validate()
        .map_err(|e| std::io::Error::new(std::io::ErrorKind::InvalidInput, e))?;
    let app = app_with(hub, &config, &shutdown);
    net::serve_app(listener, app, config, shutdown).await
}

/// `listener`, each accepted connection with `TCP_NODELAY` set (for `axum::serve`).
pub fn no_delay(
    listener: tokio::net::TcpListener,
) -> impl axum::serve::Listener<Addr = SocketAddr> {
    use axum::serve::ListenerExt;
    listener.tap_io(|tcp| {
        let _ = tcp.set_nodelay(true);
    })
}

/// The log subscriber of the binaries: lines on standard error, filtered by `RUST_LOG`
/// (`info` when unset; for example `RUST_LOG=tegoma_server=debug` shows every refusal).
/// Does nothing when a subscriber is already set.
pub fn init_logging() {
    use tracing_subscriber::EnvFilter;
    let filter = EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(std::io::stderr)
        .with_ansi(false)
        .try_init();
}

/// [`serve`] on a new multi-threaded tokio runtime (for the command line).
///
/// # Errors
/// As [`serve`].
pub fn run(
    addr: SocketAddr,
    database: &str,
    opponent: Arc<dyn Opponent>,
    config: ServerConfig,
) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?
        .block_on(serve(addr, database, opponent, config))
}

#[cfg(test)]
mod tests {
    #[test]
    fn passwords_are_not_logged() {
        use super::redact_password as r;
        assert_eq!(
            r("postgres://tegoma:s3cr@t@db.example:5432/tegoma"),
            "postgres://tegoma:***@db.example:5432/tegoma"
        );
        assert_eq!(
            r("postgres://tegoma@db/tegoma"),
            "postgres://tegoma@db/tegoma"
        );
        assert_eq!(r("sqlite://tegoma.db"), "sqlite://tegoma.db");
    }
}
