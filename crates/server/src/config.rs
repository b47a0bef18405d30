//! The server's limits and options: every bound an anonymous client meets, with its default.
//!
//! [`ServerConfig::default`] is what `tegoma serve` and `tegoma-server` run with when no flag is
//! given: generous enough that one person playing in a browser never meets a limit, tight enough
//! that one address cannot exhaust the server. docs/server.md lists every field, its flag and
//! its default.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

/// A token bucket: `per` events refill one every `period / per`, up to `burst` at once.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rate {
    /// How many events are allowed per `period` on average.
    pub per: u32,
    /// The period of `per`.
    pub period: Duration,
    /// How many events may come at once (the bucket's size).
    pub burst: u32,
}

impl Rate {
    /// `per` events a second, `burst` at once.
    pub const fn per_second(per: u32, burst: u32) -> Self {
        Rate {
            per,
            period: Duration::from_secs(1),
            burst,
        }
    }
    /// `per` events a minute, `burst` at once.
    pub const fn per_minute(per: u32, burst: u32) -> Self {
        Rate {
            per,
            period: Duration::from_secs(60),
            burst,
        }
    }
    /// The time between two refills of one token.
    pub fn interval(&self) -> Duration {
        self.period / self.per.max(1)
    }
}

impl fmt::Display for Rate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let unit = match self.period.as_secs() {
            1 => "s",
            60 => "min",
            3600 => "h",
            n => return write!(f, "{}/{}s:{}", self.per, n, self.burst),
        };
        write!(f, "{}/{unit}:{}", self.per, self.burst)
    }
}

/// A rate written `N/s`, `N/min` or `N/h`, optionally followed by `:BURST` (the burst is `N`
/// when not given); `off` is no limit (`None`).
///
/// # Errors
/// A message saying what is wrong.
pub fn parse_rate(s: &str) -> Result<Option<Rate>, String> {
    let s = s.trim();
    if s.eq_ignore_ascii_case("off") {
        return Ok(None);
    }
    s.parse().map(Some)
}

impl FromStr for Rate {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let bad = || format!("{s:?} is not a rate: write N/s, N/min or N/h, optionally :BURST");
        let (rate, burst) = match s.split_once(':') {
            Some((r, b)) => (r, Some(b)),
            None => (s, None),
        };
        let (n, unit) = rate.split_once('/').ok_or_else(bad)?;
        let per: u32 = n.trim().parse().map_err(|_| bad())?;
        let period = match unit.trim() {
            "s" | "sec" | "second" => Duration::from_secs(1),
            "m" | "min" | "minute" => Duration::from_secs(60),
            "h" | "hour" => Duration::from_secs(3600),
            _ => return Err(bad()),
        };
        let burst = match burst {
            Some(b) => b.trim().parse().map_err(|_| bad())?,
            None => per,
        };
        if per == 0 || burst == 0 {
            return Err(format!(
                "{s:?}: a rate and its burst must be at least 1 (or off)"
            ));
        }
        Ok(Rate { per, period, burst })
    }
}

/// A rate or `off` (no limit), as a flag's value: [`parse_rate`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RateOrOff(pub Option<Rate>);

impl FromStr for RateOrOff {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        parse_rate(s).map(RateOrOff)
    }
}

/// A duration written `500ms`, `10s`, `2min` or a bare number of seconds.
///
/// # Errors
/// A message saying what is wrong.
pub fn parse_duration(s: &str) -> Result<Duration, String> {
    let s = s.trim();
    let bad = || format!("{s:?} is not a duration: write 500ms, 10s, 2min or seconds");
    let (num, scale) = if let Some(n) = s.strip_suffix("ms") {
        (n, 0.001)
    } else if let Some(n) = s.strip_suffix("min") {
        (n, 60.0)
    } else if let Some(n) = s.strip_suffix('s') {
        (n, 1.0)
    } else {
        (s, 1.0)
    };
    let v: f64 = num.trim().parse().map_err(|_| bad())?;
    if !v.is_finite() || v <= 0.0 || v * scale > 1e7 {
        return Err(bad());
    }
    Ok(Duration::from_secs_f64(v * scale))
}

/// Every limit and option of the server's edge (connections, requests, CORS, metrics).
///
/// Built by the flags of `tegoma serve` and `tegoma-server` (docs/server.md); new fields come
/// with their default in [`Default`].
#[derive(Debug, Clone, PartialEq)]
pub struct ServerConfig {
    /// A request head must arrive whole within this time from its first byte, or the connection
    /// is closed (`--header-timeout`, default 10 s).
    pub header_timeout: Duration,
    /// A connection with no request in flight that receives nothing for this time is closed
    /// (`--idle-timeout`, default 60 s).
    pub idle_timeout: Duration,
    /// A request (its body read and its answer computed) must be answered within this time, or
    /// it is answered `408 RequestTimeout` (`--request-timeout`, default 30 s).
    pub request_timeout: Duration,
    /// Open connections at most, WebSockets included; beyond, a new connection is answered
    /// `503 TooManyConnections` and closed (`--max-connections`, default 4096).
    pub max_connections: usize,
    /// Open connections from one address at most (an IPv6 address counts by its /64);
    /// beyond, `429 TooManyConnections` (`--max-connections-per-ip`, default 64).
    pub max_connections_per_ip: usize,
    /// The largest request head, in bytes (`--max-header-bytes`, default 16 KiB); a larger
    /// one is answered `431` by hyper, with no body.
    pub max_header_bytes: usize,
    /// New connections (WebSocket upgrades included) per address (`--rate-connections`,
    /// default 120/min, bursts of 60); `None` is no limit.
    pub rate_connections: Option<Rate>,
    /// HTTP requests per address, every route (`--rate-requests`, default 1200/min, bursts of
    /// 200); `None` is no limit.
    pub rate_requests: Option<Rate>,
    /// Games created (`POST /api/games`) per address (`--rate-create`, default 30/min,
    /// bursts of 10); `None` is no limit.
    pub rate_create: Option<Rate>,
    /// The origins allowed to call the API from another site's page (CORS,
    /// `--cors-origin`, repeatable); none by default: no cross-origin access.
    pub cors_origins: Vec<String>,
    /// Serve the Prometheus metrics at `GET /metrics` (on by default; `--no-metrics` turns
    /// it off).
    pub metrics: bool,
    /// On shutdown, the time every connection has to finish (`--shutdown-grace`, default
    /// 10 s).
    pub shutdown_grace: Duration,
    /// What each game allows its seats and clients, and how long games stay in memory
    /// (`--max-resident-games`, `--idle-unload`, `--seat-rate`, `--ws-*`, ...).
    pub games: crate::game::GameLimits,
    /// The analysis board's limits (`POST /api/analysis`): searches at once, rates per
    /// address, body size.
    pub analysis: crate::analysis::AnalysisLimits,
}

impl Default for ServerConfig {
    fn default() -> Self {
        ServerConfig {
            header_timeout: Duration::from_secs(10),
            idle_timeout: Duration::from_secs(60),
            request_timeout: Duration::from_secs(30),
            max_connections: 4096,
            max_connections_per_ip: 64,
            max_header_bytes: 16 * 1024,
            rate_connections: Some(Rate::per_minute(120, 60)),
            rate_requests: Some(Rate::per_minute(1200, 200)),
            rate_create: Some(Rate::per_minute(30, 10)),
            cors_origins: Vec::new(),
            metrics: true,
            shutdown_grace: Duration::from_secs(10),
            games: crate::game::GameLimits::default(),
            analysis: crate::analysis::AnalysisLimits::default(),
        }
    }
}

impl ServerConfig {
    /// The defaults without the limits per address and with a high connection cap: for tests
    /// and benchmarks whose many clients share the loopback address (`--no-address-limits`).
    /// The timeouts stay.
    pub fn without_address_limits() -> Self {
        ServerConfig {
            max_connections: 1 << 20,
            max_connections_per_ip: usize::MAX,
            rate_connections: None,
            rate_requests: None,
            rate_create: None,
            analysis: crate::analysis::AnalysisLimits::default().without_address_limits(),
            ..Self::default()
        }
    }

    /// Checks the configuration: caps of at least 1, and every CORS origin written
    /// `scheme://host[:port]`.
    ///
    /// # Errors
    /// A message naming the wrong field.
    pub fn validate(&self) -> Result<(), String> {
        if self.max_connections == 0 || self.max_connections_per_ip == 0 {
            return Err("the connection caps must be at least 1".into());
        }
        if self.analysis.max_searches == 0 {
            return Err("the analysis board needs at least one search at once".into());
        }
        if self.games.max_resident == 0 || self.games.ws_backlog == 0 {
            return Err("--max-resident-games and --ws-backlog must be at least 1".into());
        }
        for o in &self.cors_origins {
            let host = o
                .trim_end_matches('/')
                .strip_prefix("https://")
                .or_else(|| o.trim_end_matches('/').strip_prefix("http://"));
            let ok = host.is_some_and(|h| {
                !h.is_empty() && !h.contains('/') && h.bytes().all(|b| b.is_ascii_graphic())
            });
            if !ok && o != "*" {
                return Err(format!(
                    "--cors-origin {o:?}: an origin is scheme://host[:port] (or *)"
                ));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        flags: Flags,
    }

    #[test]
    fn flag_defaults_are_the_defaults() {
        let c = Cli::try_parse_from(["x"]).unwrap().flags.config().unwrap();
        assert_eq!(c, ServerConfig::default());
        let c = Cli::try_parse_from([
            "x",
            "--rate-create",
            "off",
            "--cors-origin",
            "https://a.example",
            "--cors-origin",
            "http://b.example:8080",
            "--header-timeout",
            "300ms",
            "--no-metrics",
        ])
        .unwrap()
        .flags
        .config()
        .unwrap();
        assert_eq!(c.rate_create, None);
        assert_eq!(c.cors_origins.len(), 2);
        assert_eq!(c.header_timeout, Duration::from_millis(300));
        assert!(!c.metrics);
        for bad in ["a.example", "https://a.example/path", "ftp://x", "https://"] {
            let f = Cli::try_parse_from(["x", "--cors-origin", bad])
                .unwrap()
                .flags;
            assert!(f.config().is_err(), "{bad}");
        }
        assert!(Cli::try_parse_from(["x", "--rate-requests", "fast"]).is_err());
    }

    #[test]
    fn analysis_flags_set_the_analysis_limits() {
        let c = Cli::try_parse_from([
            "x",
            "--analysis-rate",
            "5/min:2",
            "--analysis-position-rate",
            "off",
            "--analysis-searches",
            "4",
        ])
        .unwrap()
        .flags
        .config()
        .unwrap();
        assert_eq!(c.analysis.rate_searches, Some(Rate::per_minute(5, 2)));
        assert_eq!(c.analysis.rate_positions, None);
        assert_eq!(c.analysis.max_searches, 4);
        assert_eq!(c.analysis.max_moves, 1024, "the others keep their defaults");
        // No limit per address lifts the rates, not the server's bound.
        let c = Cli::try_parse_from(["x", "--no-address-limits", "--analysis-searches", "3"])
            .unwrap()
            .flags
            .config()
            .unwrap();
        assert_eq!(c.analysis.rate_searches, None);
        assert_eq!(c.analysis.rate_positions, None);
        assert_eq!(c.analysis.max_searches, 3);
        let zero = Cli::try_parse_from(["x", "--analysis-searches", "0"]).unwrap();
        assert!(zero.flags.config().is_err(), "at least one search at once");
    }

    #[test]
    fn rates_parse() {
        assert_eq!(
            "30/min:10".parse::<Rate>().unwrap(),
            Rate::per_minute(30, 10)
        );
        assert_eq!("5/s".parse::<Rate>().unwrap(), Rate::per_second(5, 5));
        assert_eq!(parse_rate("off").unwrap(), None);
        assert!("0/s".parse::<Rate>().is_err());
        assert!("5/day".parse::<Rate>().is_err());
        assert!("x".parse::<Rate>().is_err());
        assert_eq!(Rate::per_minute(60, 1).interval(), Duration::from_secs(1));
        assert_eq!(Rate::per_minute(30, 10).to_string(), "30/min:10");
    }

    #[test]
    fn durations_parse() {
        assert_eq!(parse_duration("250ms").unwrap(), Duration::from_millis(250));
        assert_eq!(parse_duration("10s").unwrap(), Duration::from_secs(10));
        assert_eq!(parse_duration("2min").unwrap(), Duration::from_secs(120));
        assert_eq!(parse_duration("3").unwrap(), Duration::from_secs(3));
        assert!(parse_duration("0s").is_err());
        assert!(parse_duration("-1").is_err());
        assert!(parse_duration("abc").is_err());
    }
}

/// The flags of every field of [`ServerConfig`], shared by `tegoma serve` and `tegoma-server`
/// (flatten it into a clap parser; [`Flags::config`] builds the configuration).
#[derive(clap::Args, Debug, Clone)]
pub struct Flags {
    /// Close a connection whose request head is not whole this long after its first byte
    /// (500ms, 10s, 2min).
    #[arg(long, value_name = "DURATION", default_value = "10s", value_parser = parse_duration)]
    pub header_timeout: Duration,
    /// Close a connection that sends nothing this long with no request in flight.
    #[arg(long, value_name = "DURATION", default_value = "60s", value_parser = parse_duration)]
    pub idle_timeout: Duration,
    /// Answer 408 to a request not read and answered within this time.
    #[arg(long, value_name = "DURATION", default_value = "30s", value_parser = parse_duration)]
    pub request_timeout: Duration,
    /// Open connections at most (WebSockets included); beyond, 503.
    #[arg(long, value_name = "N", default_value_t = 4096)]
    pub max_connections: usize,
    /// Open connections from one address at most (IPv6: one /64); beyond, 429.
    #[arg(long, value_name = "N", default_value_t = 64)]
    pub max_connections_per_ip: usize,
    /// The largest request head in bytes; beyond, 431.
    #[arg(long, value_name = "BYTES", default_value_t = 16 * 1024)]
    pub max_header_bytes: usize,
    /// New connections per address: N/s, N/min or N/h, optionally :BURST, or off.
    #[arg(long, value_name = "RATE", default_value = "120/min:60", value_parser = clap::value_parser!(RateOrOff))]
    pub rate_connections: RateOrOff,
    /// HTTP requests per address (every route): N/s, N/min or N/h, optionally :BURST, or off.
    #[arg(long, value_name = "RATE", default_value = "1200/min:200", value_parser = clap::value_parser!(RateOrOff))]
    pub rate_requests: RateOrOff,
    /// Games created (POST /api/games) per address: N/s, N/min or N/h, optionally :BURST, or
    /// off.
    #[arg(long, value_name = "RATE", default_value = "30/min:10", value_parser = clap::value_parser!(RateOrOff))]
    pub rate_create: RateOrOff,
    /// Engine searches of the analysis board (POST /api/analysis with movetime_ms > 0) per
    /// address: N/s, N/min or N/h, optionally :BURST, or off.
    #[arg(long, value_name = "RATE", default_value = "30/min:10", value_parser = clap::value_parser!(RateOrOff))]
    pub analysis_rate: RateOrOff,
    /// Positions the analysis board asks without a search (movetime_ms 0) per address: N/s,
    /// N/min or N/h, optionally :BURST, or off.
    #[arg(long, value_name = "RATE", default_value = "20/s:100", value_parser = clap::value_parser!(RateOrOff))]
    pub analysis_position_rate: RateOrOff,
    /// Engine searches of the analysis board running at once on the whole server (each on a
    /// thread of the blocking pool); beyond, 503 EngineBusy.
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub analysis_searches: usize,
    /// No limit per address and no connection cap (tests and benchmarks on loopback); the
    /// timeouts stay. Overrides the rate and cap flags.
    #[arg(long)]
    pub no_address_limits: bool,
    /// Allow the pages of ORIGIN (scheme://host or scheme://host:port) to call the API (CORS);
    /// repeatable.
    /// None by default: no cross-origin access.
    #[arg(long = "cors-origin", value_name = "ORIGIN")]
    pub cors_origins: Vec<String>,
    /// Do not serve the Prometheus metrics at GET /metrics.
    #[arg(long)]
    pub no_metrics: bool,
    /// On SIGTERM or Ctrl-C, the time open connections have to finish.
    #[arg(long, value_name = "DURATION", default_value = "10s", value_parser = parse_duration)]
    pub shutdown_grace: Duration,
    /// Games kept in memory at most; beyond, those idle longest leave (read again from the
    /// database when asked for).
    #[arg(long, value_name = "N", default_value_t = 2000)]
    pub max_resident_games: usize,
    /// An unfinished game with no client and no command leaves memory after this time.
    #[arg(long, value_name = "DURATION", default_value = "300s", value_parser = parse_duration)]
    pub idle_unload: Duration,
    /// A finished game with no client and no command leaves memory after this time.
    #[arg(long, value_name = "DURATION", default_value = "60s", value_parser = parse_duration)]
    pub finished_unload: Duration,
    /// Draw offers a side may make in one game.
    #[arg(long, value_name = "N", default_value_t = 3)]
    pub max_draw_offers: u32,
    /// Take-back requests a side may make in one game.
    #[arg(long, value_name = "N", default_value_t = 5)]
    pub max_takeback_offers: u32,
    /// Actions a seat may send (moves, resignation, offers, answers; HTTP and WebSocket
    /// together): N/s, N/min or N/h, optionally :BURST.
    #[arg(long, value_name = "RATE", default_value = "10/s:20")]
    pub seat_rate: Rate,
    /// Events a game keeps for WebSocket clients that reconnect with ?since=N.
    #[arg(long, value_name = "N", default_value_t = 64)]
    pub ws_replay_events: usize,
    /// How often the server pings a WebSocket client.
    #[arg(long, value_name = "DURATION", default_value = "20s", value_parser = parse_duration)]
    pub ws_ping: Duration,
    /// A WebSocket client that answers no ping for --ws-ping plus this, or takes no message
    /// for this long, is disconnected (close code 4000: reconnect).
    #[arg(long, value_name = "DURATION", default_value = "30s", value_parser = parse_duration)]
    pub ws_timeout: Duration,
    /// Messages a WebSocket client may be behind the game's stream before it is
    /// disconnected (close code 4000: reconnect).
    #[arg(long, value_name = "N", default_value_t = 256)]
    pub ws_backlog: usize,
}

impl Flags {
    /// The configuration the flags say.
    ///
    /// # Errors
    /// As [`ServerConfig::validate`].
    pub fn config(&self) -> Result<ServerConfig, String> {
        let mut c = ServerConfig {
            header_timeout: self.header_timeout,
            idle_timeout: self.idle_timeout,
            request_timeout: self.request_timeout,
            max_connections: self.max_connections,
            max_connections_per_ip: self.max_connections_per_ip,
            max_header_bytes: self.max_header_bytes,
            rate_connections: self.rate_connections.0,
            rate_requests: self.rate_requests.0,
            rate_create: self.rate_create.0,
            cors_origins: self.cors_origins.clone(),
            metrics: !self.no_metrics,
            shutdown_grace: self.shutdown_grace,
            games: crate::game::GameLimits {
                max_resident: self.max_resident_games,
                idle_unload: self.idle_unload,
                finished_unload: self.finished_unload,
                max_draw_offers: self.max_draw_offers,
                max_takeback_offers: self.max_takeback_offers,
                seat_rate: f64::from(self.seat_rate.per) / self.seat_rate.period.as_secs_f64(),
                seat_burst: f64::from(self.seat_rate.burst),
                replay_events: self.ws_replay_events,
                ws_ping: self.ws_ping,
                ws_timeout: self.ws_timeout,
                ws_backlog: self.ws_backlog,
            },
            analysis: crate::analysis::AnalysisLimits {
                max_searches: self.analysis_searches,
                rate_searches: self.analysis_rate.0,
                rate_positions: self.analysis_position_rate.0,
                ..crate::analysis::AnalysisLimits::default()
            },
        };
        if self.no_address_limits {
            let open = ServerConfig::without_address_limits();
            c.max_connections = open.max_connections;
            c.max_connections_per_ip = open.max_connections_per_ip;
            c.rate_connections = None;
            c.rate_requests = None;
            c.rate_create = None;
            c.analysis.rate_searches = None;
            c.analysis.rate_positions = None;
        }
        c.validate()?;
        Ok(c)
    }
}
