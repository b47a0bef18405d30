//! The accept loop: hyper's HTTP/1.1 server on each connection (WebSocket upgrades included),
//! with the limits of [`ServerConfig`]: the connection caps and rates per address, the header,
//! idle and request timeouts, and the graceful shutdown.
//!
//! Each connection's bytes pass through a wrapper, which notes when a request head starts
//! (the first byte received while no request is in flight) and when the connection fell idle;
//! a watchdog beside hyper's connection closes it when a head takes longer than the header
//! timeout or when it stays idle longer than the idle timeout. Once upgraded to a WebSocket,
//! the connection is the WebSocket session's (its own timeouts apply) but still counts in the
//! caps until it closes.

use std::convert::Infallible;
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::{Duration, Instant};

use axum::extract::ConnectInfo;
use axum::http::{Method, Request, StatusCode};
use axum::response::IntoResponse;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::Notify;
use tower::ServiceExt;

use crate::config::ServerConfig;
use crate::error::ApiError;
use crate::limits::{AddressLimits, ConnectionSlot};
use crate::metrics::{self, Refusal};
use crate::shutdown::Shutdown;

/// What a connection is doing, for its watchdog.
#[derive(Debug)]
struct Activity {
    /// Requests in flight (read and not yet answered).
    busy: u32,
    /// When the head of the next request started arriving, if it has.
    head_since: Option<Instant>,
    /// When the connection last fell idle (opened, answered, or wrote).
    idle_since: Instant,
}

/// A connection's [`Activity`], and the watchdog's wake-up when it changes.
#[derive(Debug)]
struct ConnState {
    activity: Mutex<Activity>,
    changed: Notify,
}

impl ConnState {
    fn new() -> Self {
        ConnState {
            activity: Mutex::new(Activity {
                busy: 0,
                head_since: None,
                idle_since: Instant::now(),
            }),
            changed: Notify::new(),
        }
    }
    fn lock(&self) -> std::sync::MutexGuard<'_, Activity> {
        self.activity.lock().unwrap_or_else(|e| e.into_inner())
    }
    fn begin(&self) {
        let mut a = self.lock();
        a.busy += 1;
        a.head_since = None;
        drop(a);
        self.changed.notify_one();
    }
    fn end(&self) {
        let mut a = self.lock();
        a.busy = a.busy.saturating_sub(1);
        if a.busy == 0 {
            a.idle_since = Instant::now();
        }
        drop(a);
        self.changed.notify_one();
    }
    /// The next time to look, and what to close for if it is past.
    fn deadline(&self, cfg: &ServerConfig) -> (Instant, Option<Refusal>) {
        let a = self.lock();
        if a.busy > 0 {
            (Instant::now() + cfg.request_timeout, None)
        } else if let Some(t) = a.head_since {
            (t + cfg.header_timeout, Some(Refusal::HeaderTimeout))
        } else {
            (a.idle_since + cfg.idle_timeout, Some(Refusal::IdleTimeout))
        }
    }
}

/// Ends a request for the watchdog when dropped (answered, or cancelled).
struct Busy(Arc<ConnState>);

impl Drop for Busy {
    fn drop(&mut self) {
        self.0.end();
    }
}

/// A TCP stream that tells its connection state when bytes pass, and holds the connection's slot
/// in the caps (freed when the stream is dropped, by hyper or by a WebSocket session).
#[derive(Debug)]
struct Tracked {
    inner: TcpStream,
    state: Arc<ConnState>,
    _slot: ConnectionSlot,
}

impl AsyncRead for Tracked {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let r = Pin::new(&mut self.inner).poll_read(cx, buf);
        if buf.filled().len() > before {
            let mut a = self.state.lock();
            if a.busy == 0 && a.head_since.is_none() {
                a.head_since = Some(Instant::now());
                drop(a);
                self.state.changed.notify_one();
            }
        }
        r
    }
}

impl AsyncWrite for Tracked {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let r = Pin::new(&mut self.inner).poll_write(cx, buf);
        if matches!(r, Poll::Ready(Ok(n)) if n > 0) {
            let mut a = self.state.lock();
            if a.busy == 0 && a.head_since.is_none() {
                a.idle_since = Instant::now();
            }
        }
        r
    }
    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let r = Pin::new(&mut self.inner).poll_write_vectored(cx, bufs);
        if matches!(r, Poll::Ready(Ok(n)) if n > 0) {
            let mut a = self.state.lock();
            if a.busy == 0 && a.head_since.is_none() {
                a.idle_since = Instant::now();
            }
        }
        r
    }
    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }
    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }
    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

/// Completes with the reason to close the connection, when its head or idleness lasts too long.
async fn watchdog(state: &ConnState, cfg: &ServerConfig) -> Refusal {
    loop {
        let (deadline, kind) = state.deadline(cfg);
        if let Some(kind) = kind {
            if deadline <= Instant::now() {
                return kind;
            }
        }
        tokio::select! {
            () = tokio::time::sleep_until(deadline.into()) => {}
            () = state.changed.notified() => {}
        }
    }
}

/// Accept errors that concern one connection only (the loop goes on at once).
fn is_connection_error(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::ConnectionRefused
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
    )
}

/// Serves `app` on `listener` with the limits of `config` until `shutdown` is triggered, then
/// stops accepting, lets every connection finish its request in flight, and waits up to
/// `config.shutdown_grace` for the connections and the tasks of [`Shutdown::tracker`].
///
/// Each request gets the peer's address as `axum::extract::ConnectInfo<SocketAddr>`.
///
/// # Errors
/// None today (accept errors are logged and retried); kept for future ones.
pub async fn serve_app(
    listener: TcpListener,
    app: Router,
    config: ServerConfig,
    shutdown: Shutdown,
) -> io::Result<()> {
    let config = Arc::new(config);
    let limits = AddressLimits::new(&config);
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        // The watchdog times heads from their first byte (hyper's timer would start when the
        // connection waits, making it an idle timeout as well).
        .header_read_timeout(None)
        .max_header_size(config.max_header_bytes.max(1024))
        // The read buffer of a connection (hyper's default is about 400 KiB): bounds the memory
        // a client sending pipelined requests faster than they are answered can take.
        .max_buf_size((config.max_header_bytes.max(1024) * 2).max(64 * 1024));
    let tracker = shutdown.tracker();
    loop {
        let accepted = tokio::select! {
            biased;
            () = shutdown.triggered() => break,
            r = listener.accept() => r,
        };
        let (tcp, peer) = match accepted {
            Ok(a) => a,
            Err(e) if is_connection_error(&e) => continue,
            Err(e) => {
                // Out of file descriptors, most often: wait for some to close.
                tracing::warn!(error = %e, "accept failed");
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        let slot = match limits.open(peer.ip()) {
            Ok(s) => s,
            Err(refused) => {
                metrics::refused(refused.kind);
                tracing::debug!(kind = refused.error.kind, %peer, "connection refused");
                // Best effort, without waiting: the answer fits the socket's buffer.
                let _ = tcp.try_write(&refused.raw_response());
                continue;
            }
        };
        let _ = tcp.set_nodelay(true);
        tracker.spawn(connection(
            tcp,
            peer,
            slot,
            app.clone(),
            http.clone(),
            config.clone(),
            limits.clone(),
            shutdown.clone(),
        ));
    }
    drop(listener);
    tracing::info!(
        connections = limits.open_connections(),
        "shutting down: no new connections"
    );
    tracker.close();
    if tokio::time::timeout(config.shutdown_grace, tracker.wait())
        .await
        .is_err()
    {
        tracing::warn!(
            connections = limits.open_connections(),
            grace = ?config.shutdown_grace,
            "connections still open after the grace: closed"
        );
    }
    Ok(())
}

/// One connection, until it closes, is upgraded, times out or the server shuts down.
#[allow(clippy::too_many_arguments)]
async fn connection(
    tcp: TcpStream,
    peer: SocketAddr,
    slot: ConnectionSlot,
    app: Router,
    http: hyper::server::conn::http1::Builder,
    config: Arc<ServerConfig>,
    limits: Arc<AddressLimits>,
    shutdown: Shutdown,
) {
    let state = Arc::new(ConnState::new());
    let io = Tracked {
        inner: tcp,
        state: state.clone(),
        _slot: slot,
    };
    let svc_state = state.clone();
    let request_timeout = config.request_timeout;
    let svc = hyper::service::service_fn(move |mut req: Request<Incoming>| {
        let app = app.clone();
        let limits = limits.clone();
        svc_state.begin();
        let busy = Busy(svc_state.clone());
        async move {
            let _busy = busy;
            let create = req.method() == Method::POST && req.uri().path() == "/api/games";
            let res = match limits.request(peer.ip(), create) {
                Err(refused) => {
                    metrics::refused(refused.kind);
                    tracing::debug!(kind = refused.error.kind, %peer, uri = %req.uri(), "request refused");
                    refused.into_response()
                }
                Ok(()) => {
                    req.extensions_mut().insert(ConnectInfo(peer));
                    match tokio::time::timeout(request_timeout, app.oneshot(req)).await {
                        Ok(Ok(r)) => r,
                        Ok(Err(never)) => match never {},
                        Err(_) => {
                            metrics::refused(Refusal::RequestTimeout);
                            tracing::debug!(kind = "RequestTimeout", %peer, "request refused");
                            ApiError::new(
                                StatusCode::REQUEST_TIMEOUT,
                                "RequestTimeout",
                                "the request was not received and answered in time",
                            )
                            .into_response()
                        }
                    }
                }
            };
            metrics::http_answered(res.status().as_u16());
            Ok::<_, Infallible>(res)
        }
    });
    let conn = http.serve_connection(TokioIo::new(io), svc).with_upgrades();
    tokio::pin!(conn);
    let mut draining = false;
    loop {
        tokio::select! {
            r = conn.as_mut() => {
                if let Err(e) = r {
                    tracing::debug!(%peer, error = %e, "connection ended");
                }
                break;
            }
            () = shutdown.triggered(), if !draining => {
                draining = true;
                conn.as_mut().graceful_shutdown();
            }
            kind = watchdog(&state, &config) => {
                metrics::refused(kind);
                tracing::debug!(kind = kind.as_str(), %peer, "connection closed");
                break;
            }
        }
    }
}
