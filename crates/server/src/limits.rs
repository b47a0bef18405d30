//! The limits per client address: token buckets (the `governor` crate) for new connections,
//! HTTP requests and game creation, and the count of open connections per address.
//!
//! The address is the TCP peer's (no forwarding header is trusted). An IPv6 address counts by
//! its /64 network (one host usually holds a whole /64); an IPv4-mapped IPv6 address counts as
//! its IPv4 address.

use std::collections::HashMap;
use std::net::{IpAddr, Ipv6Addr};
use std::num::NonZeroU32;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use governor::clock::{Clock, DefaultClock};
use governor::state::keyed::DefaultKeyedStateStore;
use governor::{Quota, RateLimiter};

use crate::config::{Rate, ServerConfig};
use crate::error::ApiError;
use crate::metrics::{self, Refusal};

/// The key of an address: itself (IPv4), or its /64 network (IPv6).
pub fn client_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(v4) => IpAddr::V4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => {
                let s = v6.segments();
                IpAddr::V6(Ipv6Addr::new(s[0], s[1], s[2], s[3], 0, 0, 0, 0))
            }
        },
    }
}

type Keyed = RateLimiter<IpAddr, DefaultKeyedStateStore<IpAddr>, DefaultClock>;

/// One token bucket per address (also the analysis board's rates, [`crate::analysis`]).
pub(crate) struct Bucket {
    limiter: Keyed,
    clock: DefaultClock,
}

impl Bucket {
    pub(crate) fn new(rate: Rate) -> Self {
        let period = rate.interval().max(Duration::from_nanos(1));
        let burst = NonZeroU32::new(rate.burst.max(1)).unwrap_or(NonZeroU32::MIN);
        let quota = Quota::with_period(period)
            .unwrap_or_else(|| Quota::per_second(NonZeroU32::MIN))
            .allow_burst(burst);
        Bucket {
            limiter: RateLimiter::keyed(quota),
            clock: DefaultClock::default(),
        }
    }

    /// `Ok` when `key` may go on, else the time to wait.
    pub(crate) fn check(&self, key: &IpAddr) -> Result<(), Duration> {
        self.limiter
            .check_key(key)
            .map_err(|not_until| not_until.wait_time_from(self.clock.now()))
    }
}

impl Bucket {
    /// Forgets the addresses whose bucket is full again (as if new).
    pub(crate) fn forget_full(&self) {
        self.limiter.retain_recent();
        self.limiter.shrink_to_fit();
    }
}

/// The state of the limits per address of one server.
pub struct AddressLimits {
    connections: Option<Bucket>,
    requests: Option<Bucket>,
    create: Option<Bucket>,
    max_per_ip: usize,
    max_total: usize,
    open: Mutex<HashMap<IpAddr, usize>>,
    total: AtomicUsize,
    pruning: Pruning,
}

/// When keyed buckets are next pruned: once a minute, by whichever request comes first.
#[derive(Debug)]
pub(crate) struct Pruning {
    started: Instant,
    /// When the buckets were last pruned (milliseconds since `started`).
    pruned: AtomicU64,
}

impl Pruning {
    /// A clock whose first pruning is due a minute from now.
    pub(crate) fn new() -> Pruning {
        Pruning {
            started: Instant::now(),
            pruned: AtomicU64::new(0),
        }
    }

    /// Whether the caller prunes now: a minute has passed since the last pruning and no other
    /// caller took this turn.
    pub(crate) fn due(&self) -> bool {
        let now = self.started.elapsed().as_millis() as u64;
        let last = self.pruned.load(Ordering::Relaxed);
        now.saturating_sub(last) >= 60_000
            && self
                .pruned
                .compare_exchange(last, now, Ordering::AcqRel, Ordering::Relaxed)
                .is_ok()
    }
}

impl std::fmt::Debug for AddressLimits {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("AddressLimits")
            .field("max_per_ip", &self.max_per_ip)
            .field("max_total", &self.max_total)
            .field("total", &self.total.load(Ordering::Relaxed))
            .finish_non_exhaustive()
    }
}

/// Why a request or a connection was refused: the answer to give.
#[derive(Debug, Clone)]
pub struct Refused {
    /// The metric's kind.
    pub kind: Refusal,
    /// The error answered.
    pub error: ApiError,
    /// The time after which to try again, when known.
    pub retry_after: Option<Duration>,
}

impl Refused {
    /// `429 RateLimited`, to try again after `wait`.
    pub fn rate_limited(what: &str, wait: Duration) -> Self {
        Refused {
            kind: Refusal::RateLimited,
            error: ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                "RateLimited",
                format!("too many {what} from this address: try again later"),
            ),
            retry_after: Some(wait),
        }
    }

    /// The `Retry-After` value: whole seconds, rounded up, at least 1.
    pub fn retry_after_secs(&self) -> Option<u64> {
        self.retry_after
            .map(|d| d.as_secs() + u64::from(d.subsec_nanos() > 0))
            .map(|s| s.max(1))
    }

    /// The whole HTTP/1.1 answer as bytes (for a connection refused before hyper serves it),
    /// with `Connection: close`.
    pub fn raw_response(&self) -> Vec<u8> {
        let body = self.error.body().to_string();
        let reason = self.error.status.canonical_reason().unwrap_or("");
        let retry = self
            .retry_after_secs()
            .map(|s| format!("Retry-After: {s}\r\n"))
            .unwrap_or_default();
        format!(
            "HTTP/1.1 {} {reason}\r\nContent-Type: application/json\r\nContent-Length: {}\r\n{retry}Connection: close\r\n\r\n{body}",
            self.error.status.as_u16(),
            body.len()
        )
        .into_bytes()
    }
}

impl IntoResponse for Refused {
    fn into_response(self) -> Response {
        let secs = self.retry_after_secs();
        let mut r = self.error.into_response();
        if let Some(s) = secs {
            r.headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(s));
        }
        r
    }
}

/// An open connection counted by [`AddressLimits::open`]: uncounted when dropped.
#[derive(Debug)]
pub struct ConnectionSlot {
    limits: Arc<AddressLimits>,
    key: IpAddr,
}

impl Drop for ConnectionSlot {
    fn drop(&mut self) {
        self.limits.total.fetch_sub(1, Ordering::AcqRel);
        let mut open = self.limits.open.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(n) = open.get_mut(&self.key) {
            *n -= 1;
            if *n == 0 {
                open.remove(&self.key);
            }
        }
        drop(open);
        metrics::connection_closed();
    }
}

impl AddressLimits {
    /// The limits of `config`.
    pub fn new(config: &ServerConfig) -> Arc<Self> {
        Arc::new(AddressLimits {
            connections: config.rate_connections.map(Bucket::new),
            requests: config.rate_requests.map(Bucket::new),
            create: config.rate_create.map(Bucket::new),
            max_per_ip: config.max_connections_per_ip,
            max_total: config.max_connections,
            open: Mutex::new(HashMap::new()),
            total: AtomicUsize::new(0),
            pruning: Pruning::new(),
        })
    }

    /// Open connections now.
    pub fn open_connections(&self) -> usize {
        self.total.load(Ordering::Acquire)
    }

    /// A new connection from `ip`: its slot, or the refusal (caps, then rate).
    ///
    /// # Errors
    /// The refusal to answer.
    pub fn open(self: &Arc<Self>, ip: IpAddr) -> Result<ConnectionSlot, Refused> {
        let key = client_key(ip);
        self.prune();
        if self.total.fetch_add(1, Ordering::AcqRel) >= self.max_total {
            self.total.fetch_sub(1, Ordering::AcqRel);
            return Err(Refused {
                kind: Refusal::TooManyConnections,
                error: ApiError::new(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "TooManyConnections",
                    "the server holds as many connections as it may: try again later",
                ),
                retry_after: Some(Duration::from_secs(1)),
            });
        }
        {
            let mut open = self.open.lock().unwrap_or_else(|e| e.into_inner());
            let n = open.entry(key).or_insert(0);
            if *n >= self.max_per_ip {
                if *n == 0 {
                    open.remove(&key);
                }
                drop(open);
                self.total.fetch_sub(1, Ordering::AcqRel);
                return Err(Refused {
                    kind: Refusal::TooManyConnections,
                    error: ApiError::new(
                        StatusCode::TOO_MANY_REQUESTS,
                        "TooManyConnections",
                        "this address holds as many connections as it may: close one",
                    ),
                    retry_after: Some(Duration::from_secs(1)),
                });
            }
            *n += 1;
        }
        metrics::connection_opened();
        let slot = ConnectionSlot {
            limits: self.clone(),
            key,
        };
        if let Some(b) = &self.connections {
            b.check(&key)
                .map_err(|wait| Refused::rate_limited("new connections", wait))?;
        }
        Ok(slot)
    }

    /// A request from `ip`; `create` when it creates a game.
    ///
    /// # Errors
    /// The refusal to answer.
    pub fn request(&self, ip: IpAddr, create: bool) -> Result<(), Refused> {
        let key = client_key(ip);
        if let Some(b) = &self.requests {
            b.check(&key)
                .map_err(|wait| Refused::rate_limited("requests", wait))?;
        }
        if create {
            if let Some(b) = &self.create {
                b.check(&key)
                    .map_err(|wait| Refused::rate_limited("games created", wait))?;
            }
        }
        Ok(())
    }

    /// Forgets, once a minute, the buckets full again (their addresses are as if new), so that
    /// the memory they take is bounded by the addresses seen in the last minute.
    fn prune(&self) {
        if !self.pruning.due() {
            return;
        }
        for b in [&self.connections, &self.requests, &self.create]
            .into_iter()
            .flatten()
        {
            b.limiter.retain_recent();
            b.limiter.shrink_to_fit();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ipv6_counts_by_its_64() {
        let a: IpAddr = "2001:db8:1:2:3:4:5:6".parse().unwrap();
        let b: IpAddr = "2001:db8:1:2:ffff::1".parse().unwrap();
        let c: IpAddr = "2001:db8:1:3::1".parse().unwrap();
        assert_eq!(client_key(a), client_key(b));
        assert_ne!(client_key(a), client_key(c));
        let m: IpAddr = "::ffff:192.0.2.1".parse().unwrap();
        assert_eq!(client_key(m), "192.0.2.1".parse::<IpAddr>().unwrap());
    }

    #[test]
    fn caps_and_buckets() {
        let cfg = ServerConfig {
            max_connections: 3,
            max_connections_per_ip: 2,
            rate_connections: None,
            rate_create: Some(Rate::per_minute(1, 2)),
            rate_requests: None,
            ..ServerConfig::default()
        };
        let l = AddressLimits::new(&cfg);
        let a: IpAddr = "192.0.2.1".parse().unwrap();
        let b: IpAddr = "192.0.2.2".parse().unwrap();
        let s1 = l.open(a).unwrap();
        let _s2 = l.open(a).unwrap();
        let e = l.open(a).unwrap_err();
        assert_eq!(e.error.status, StatusCode::TOO_MANY_REQUESTS);
        let _s3 = l.open(b).unwrap();
        let e = l.open(b).unwrap_err();
        assert_eq!(e.error.status, StatusCode::SERVICE_UNAVAILABLE);
        drop(s1);
        assert_eq!(l.open_connections(), 2);
        let _s4 = l.open(a).unwrap();
        // Two creations at once (the burst), then one a minute.
        l.request(a, true).unwrap();
        l.request(a, true).unwrap();
        let e = l.request(a, true).unwrap_err();
        assert_eq!(e.error.kind, "RateLimited");
        let secs = e.retry_after_secs().unwrap();
        assert!((1..=60).contains(&secs), "{secs}");
        l.request(b, true).unwrap();
        l.request(a, false).unwrap();
    }
}
