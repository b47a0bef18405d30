//! Prometheus metrics: one registry for the process, written at `GET /metrics` in the
//! OpenMetrics text format (docs/server.md lists every metric).
//!
//! The registry is a process-wide global, so that any code (the edge, the game tasks, the
//! store) counts with a plain function call and no handle to thread through:
//! [`game_loaded`], [`games_active`], [`move_stored`], [`storage_latency`], [`ws_connected`],
//! [`refused`], ... Several servers in one process (the tests) share it.

use std::sync::OnceLock;
use std::time::Duration;

use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use prometheus_client::registry::Registry;

/// The content type of [`encode`]'s text.
pub const CONTENT_TYPE: &str = "application/openmetrics-text; version=1.0.0; charset=utf-8";

/// Why the server turned a client away (the `kind` label of `tegoma_refused_total`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Refusal {
    /// A per-address rate limit (`429 RateLimited`).
    RateLimited,
    /// A connection cap, total or per address.
    TooManyConnections,
    /// A request head not received whole within the header timeout.
    HeaderTimeout,
    /// A connection idle longer than the idle timeout.
    IdleTimeout,
    /// A request not answered within the request timeout (`408`).
    RequestTimeout,
    /// A body larger than the limit (`413`).
    BodyTooLarge,
    /// A body of another type than JSON (`415`).
    UnsupportedMediaType,
    /// A WebSocket closed by the server for its own reason (rate, timeout, ...).
    WebSocket,
}

impl Refusal {
    /// The label: the variant's name.
    pub fn as_str(self) -> &'static str {
        match self {
            Refusal::RateLimited => "RateLimited",
            Refusal::TooManyConnections => "TooManyConnections",
            Refusal::HeaderTimeout => "HeaderTimeout",
            Refusal::IdleTimeout => "IdleTimeout",
            Refusal::RequestTimeout => "RequestTimeout",
            Refusal::BodyTooLarge => "BodyTooLarge",
            Refusal::UnsupportedMediaType => "UnsupportedMediaType",
            Refusal::WebSocket => "WebSocket",
        }
    }
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct ClassLabel {
    class: &'static str,
}

#[derive(Clone, Debug, Hash, PartialEq, Eq, EncodeLabelSet)]
struct KindLabel {
    kind: &'static str,
}

struct Metrics {
    registry: Registry,
    connections_open: Gauge,
    connections: Counter,
    requests: Family<ClassLabel, Counter>,
    refused: Family<KindLabel, Counter>,
    games_loaded: Gauge,
    games_active: Gauge,
    games_created: Counter,
    moves_stored: Counter,
    storage_latency: Histogram,
    websockets_open: Gauge,
}

fn metrics() -> &'static Metrics {
    static M: OnceLock<Metrics> = OnceLock::new();
    M.get_or_init(|| {
        let mut registry = Registry::with_prefix("tegoma");
        let m = Metrics {
            registry: Registry::default(),
            connections_open: Gauge::default(),
            connections: Counter::default(),
            requests: Family::default(),
            refused: Family::default(),
            games_loaded: Gauge::default(),
            games_active: Gauge::default(),
            games_created: Counter::default(),
            moves_stored: Counter::default(),
            // 0.5 ms to about 4 s.
            storage_latency: Histogram::new(exponential_buckets(0.0005, 2.0, 14)),
            websockets_open: Gauge::default(),
        };
        registry.register(
            "connections_open",
            "TCP connections open (WebSockets included)",
            m.connections_open.clone(),
        );
        registry.register(
            "connections",
            "TCP connections accepted",
            m.connections.clone(),
        );
        registry.register(
            "http_requests",
            "HTTP requests answered, by status class (2xx, 3xx, 4xx, 5xx)",
            m.requests.clone(),
        );
        registry.register("refused", "Clients turned away, by kind", m.refused.clone());
        registry.register(
            "games_loaded",
            "Games in memory (a task each)",
            m.games_loaded.clone(),
        );
        registry.register(
            "games_active",
            "Unfinished games, as last reported",
            m.games_active.clone(),
        );
        registry.register("games_created", "Games created", m.games_created.clone());
        registry.register(
            "moves_stored",
            "Moves written to the database",
            m.moves_stored.clone(),
        );
        registry.register(
            "storage_latency_seconds",
            "Time of one database write (a batch)",
            m.storage_latency.clone(),
        );
        registry.register(
            "websockets_open",
            "WebSocket sessions open",
            m.websockets_open.clone(),
        );
        Metrics { registry, ..m }
    })
}

/// The metrics as OpenMetrics text (served at `GET /metrics`).
pub fn encode() -> String {
    let mut out = String::new();
    // Writing to a String cannot fail.
    let _ = prometheus_client::encoding::text::encode(&mut out, &metrics().registry);
    out
}

/// A connection was accepted and is open.
pub fn connection_opened() {
    let m = metrics();
    m.connections.inc();
    m.connections_open.inc();
}

/// A connection counted by [`connection_opened`] closed.
pub fn connection_closed() {
    metrics().connections_open.dec();
}

/// An HTTP request was answered with `status`.
pub fn http_answered(status: u16) {
    let class = match status {
        100..=199 => "1xx",
        200..=299 => "2xx",
        300..=399 => "3xx",
        400..=499 => "4xx",
        _ => "5xx",
    };
    metrics()
        .requests
        .get_or_create(&ClassLabel { class })
        .inc();
}

/// A client was turned away for `kind`.
pub fn refused(kind: Refusal) {
    metrics()
        .refused
        .get_or_create(&KindLabel {
            kind: kind.as_str(),
        })
        .inc();
}

/// A game was loaded into memory (its task started).
pub fn game_loaded() {
    metrics().games_loaded.inc();
}

/// A game counted by [`game_loaded`] left memory.
pub fn game_unloaded() {
    metrics().games_loaded.dec();
}

/// The number of unfinished games (set, not counted).
pub fn games_active(n: usize) {
    metrics()
        .games_active
        .set(i64::try_from(n).unwrap_or(i64::MAX));
}

/// A game was created (counted by the edge: a `201` to `POST /api/games`).
pub fn game_created() {
    metrics().games_created.inc();
}

/// A move was stored (acknowledged durable).
pub fn move_stored() {
    metrics().moves_stored.inc();
}

/// `n` moves were stored at once.
pub fn moves_stored(n: u64) {
    metrics().moves_stored.inc_by(n);
}

/// One database write took `d`.
pub fn storage_latency(d: Duration) {
    metrics().storage_latency.observe(d.as_secs_f64());
}

/// A WebSocket session opened.
pub fn ws_connected() {
    metrics().websockets_open.inc();
}

/// A WebSocket session counted by [`ws_connected`] closed.
pub fn ws_disconnected() {
    metrics().websockets_open.dec();
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_names_every_metric() {
        refused(Refusal::RateLimited);
        http_answered(404);
        storage_latency(Duration::from_millis(3));
        let t = encode();
        for name in [
            "tegoma_connections_open",
            "tegoma_connections_total",
            "tegoma_http_requests_total{class=\"4xx\"}",
            "tegoma_refused_total{kind=\"RateLimited\"}",
            "tegoma_games_loaded",
            "tegoma_games_active",
            "tegoma_games_created_total",
            "tegoma_moves_stored_total",
            "tegoma_storage_latency_seconds_bucket",
            "tegoma_websockets_open",
        ] {
            assert!(t.contains(name), "{name} missing from\n{t}");
        }
        assert!(t.ends_with("# EOF\n"));
    }
}
