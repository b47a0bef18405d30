//! The Tegoma game server: HTTP and WebSocket on axum, games in SQLite (embedded, the default)
//! or PostgreSQL (several processes sharing one database), and a web board.
//!
//! - [`store`]: the database (games and their numbered events).
//! - [`game`]: one task per game, the only one that changes it; clocks on the server.
//! - [`hub`]: the games of this process; PostgreSQL `LISTEN/NOTIFY` between processes.
//! - [`api`], [`ws`]: the HTTP API and the WebSocket event stream.
//! - [`opponent`]: the [`Opponent`] trait for play against the computer.
//! - [`web`]: the embedded web board.
#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod api;
pub mod error;
pub mod game;
pub mod hub;
pub mod opponent;
pub mod store;
pub mod token;
pub mod view;
pub mod web;
pub mod ws;

use std::net::SocketAddr;
use std::sync::Arc;

pub use error::ApiError;
pub use hub::Hub;
pub use opponent::{EngineOpponent, FirstLegal, Opponent};
pub use store::Store;

/// The database used when none is given: a SQLite file in the working directory.
pub const DEFAULT_DATABASE: &str = "sqlite://tegoma.db";

/// The whole application: API, WebSocket and web board.
pub fn app(hub: Arc<Hub>) -> axum::Router {
    api::routes(hub).merge(web::routes())
}

/// Opens the database, resumes unfinished games and returns the hub.
///
/// # Errors
/// Database errors.
pub async fn open(database: &str, opponent: Arc<dyn Opponent>) -> Result<Arc<Hub>, ApiError> {
    let store = Store::open(database).await?;
    let hub = Hub::new(store, opponent);
    hub.resume().await?;
    Ok(hub)
}

/// Runs the server on `addr` until the process ends: prints the address to open.
///
/// # Errors
/// Database or network errors.
pub async fn serve(
    addr: SocketAddr,
    database: &str,
    opponent: Arc<dyn Opponent>,
) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let hub = open(database, opponent).await?;
    let listener = tokio::net::TcpListener::bind(addr).await?;
    let local = listener.local_addr()?;
    println!("tegoma server: open http://{local}/ (database {database})");
    serve_on(listener, hub).await?;
    Ok(())
}

/// Serves the hub's [`app`] on `listener`, each connection with `TCP_NODELAY` (a game's
/// messages are small and answer each other: Nagle's algorithm would hold a message back until
/// the peer acknowledges the one before, which a delayed acknowledgement makes up to 40 ms).
///
/// # Errors
/// When accepting fails for good.
pub async fn serve_on(listener: tokio::net::TcpListener, hub: Arc<Hub>) -> std::io::Result<()> {
    axum::serve(no_delay(listener), app(hub)).await
}

/// `listener`, each accepted connection with `TCP_NODELAY` set.
pub fn no_delay(
    listener: tokio::net::TcpListener,
) -> impl axum::serve::Listener<Addr = SocketAddr> {
    use axum::serve::ListenerExt;
    listener.tap_io(|tcp| {
        let _ = tcp.set_nodelay(true);
    })
}

/// [`serve`] on a new multi-threaded tokio runtime (for the command line).
///
/// # Errors
/// As [`serve`].
pub fn run(
    addr: SocketAddr,
    database: &str,
    opponent: Arc<dyn Opponent>,
) -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()?
        .block_on(serve(addr, database, opponent))
}
