//! Graceful shutdown: one [`Shutdown`] handle per server, cloned wherever a task must learn
//! that the server is stopping.
//!
//! The serve loop ([`crate::serve_with`]) stops accepting once [`Shutdown::trigger`] is
//! called (by SIGTERM or Ctrl-C in [`crate::serve`]), lets every HTTP connection finish its
//! request in flight, and waits up to the configured grace for every task registered with
//! [`Shutdown::tracker`] (each connection, and the WebSocket sessions that register) before
//! returning.
//!
//! A WebSocket session gets the handle from the request's extensions (the router built by
//! [`crate::app_with`] adds it to every request: `axum::Extension<Shutdown>` in a handler's
//! arguments), and selects on [`Shutdown::triggered`] to close with code 1001 (going away):
//!
//! ```ignore
//! tokio::select! {
//!     _ = shutdown.triggered() => { /* send Close(1001, "server shutting down") */ }
//!     msg = socket.recv() => { /* ... */ }
//! }
//! ```
//! and runs itself under `shutdown.tracker().track_future(...)` so that the server waits for
//! its close frame to be sent.

use std::future::Future;

use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

/// A server's shutdown signal and the tasks it waits for (cheap to clone: all clones share
/// one state).
#[derive(Debug, Clone, Default)]
pub struct Shutdown {
    token: CancellationToken,
    tracker: TaskTracker,
}

impl Shutdown {
    /// A handle not yet triggered.
    pub fn new() -> Self {
        Self::default()
    }

    /// Starts the shutdown (idempotent).
    pub fn trigger(&self) {
        self.token.cancel();
    }

    /// Whether the shutdown has started.
    pub fn is_triggered(&self) -> bool {
        self.token.is_cancelled()
    }

    /// Completes once the shutdown has started (at once if it has).
    pub fn triggered(&self) -> impl Future<Output = ()> + Send + 'static {
        self.token.clone().cancelled_owned()
    }

    /// The token cancelled when the shutdown starts (for `tokio_util` users).
    pub fn token(&self) -> CancellationToken {
        self.token.clone()
    }

    /// The tasks the server waits for, up to its grace, before it returns: connections, and
    /// any task spawned with `tracker().spawn(...)` or wrapped in `track_future`.
    pub fn tracker(&self) -> TaskTracker {
        self.tracker.clone()
    }
}
