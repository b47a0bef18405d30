//! The server's edge (issue 47): rates and caps per address, timeouts, typed errors, JSON-only
//! bodies, CORS, metrics and the graceful shutdown. Each test runs its own server on a free
//! port with short limits.

mod common;

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use common::*;
use serde_json::Value;
use tegoma_server::{Rate, ServerConfig, Shutdown};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio::task::JoinHandle;

struct Server {
    addr: SocketAddr,
    db: String,
    shutdown: Shutdown,
    task: JoinHandle<std::io::Result<()>>,
}

/// A server in this process with `config`, on a fresh database.
async fn start_with(config: ServerConfig) -> Server {
    let db = fresh_db("edge");
    let hub = tegoma_server::open(&db, std::sync::Arc::new(tegoma_server::FirstLegal))
        .await
        .expect("the database opens");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let shutdown = Shutdown::new();
    let task = tokio::spawn(tegoma_server::serve_with(
        listener,
        hub,
        config,
        shutdown.clone(),
    ));
    Server {
        addr,
        db,
        shutdown,
        task,
    }
}

/// A configuration without limits per address (each test sets the one it checks).
fn open_config() -> ServerConfig {
    ServerConfig::without_address_limits()
}

/// The games in the database, counted by SQLite itself.
async fn games_stored(db: &str) -> i64 {
    use sqlx::Connection;
    let mut c = sqlx::SqliteConnection::connect(db).await.unwrap();
    sqlx::query_scalar("SELECT COUNT(*) FROM games")
        .fetch_one(&mut c)
        .await
        .unwrap()
}

/// An answer: status, headers (names in lower case), body.
struct Answer {
    status: u16,
    headers: Vec<(String, String)>,
    body: String,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
    fn json(&self) -> Value {
        serde_json::from_str(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {:?}", self.body))
    }
    /// Asserts the typed error `{"error": {"kind", "message"}}` of `kind`.
    fn assert_error(&self, status: u16, kind: &str) {
        assert_eq!(self.status, status, "{}", self.body);
        assert!(
            self.header("content-type")
                .is_some_and(|t| t.starts_with("application/json")),
            "{:?}",
            self.headers
        );
        let v = self.json();
        assert_eq!(v["error"]["kind"], kind, "{v}");
        assert!(
            v["error"]["message"]
                .as_str()
                .is_some_and(|m| !m.is_empty()),
            "{v}"
        );
    }
}

fn parse(raw: &[u8]) -> Answer {
    let text = String::from_utf8_lossy(raw).to_string();
    let (head, body) = text
        .split_once("\r\n\r\n")
        .unwrap_or_else(|| panic!("an HTTP answer: {text:?}"));
    let mut lines = head.lines();
    let status = lines
        .next()
        .unwrap()
        .split(' ')
        .nth(1)
        .unwrap()
        .parse()
        .unwrap();
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    Answer {
        status,
        headers,
        body: body.to_string(),
    }
}

/// Sends `request` (whole, with `Connection: close`) and reads the answer to its end.
async fn raw(addr: SocketAddr, request: &str) -> Answer {
    let mut s = TcpStream::connect(addr).await.expect("connect");
    s.write_all(request.as_bytes()).await.unwrap();
    let mut buf = Vec::new();
    tokio::time::timeout(Duration::from_secs(5), s.read_to_end(&mut buf))
        .await
        .expect("an answer within 5 s")
        .unwrap();
    parse(&buf)
}

/// A request of `method` on `path`, with extra header lines and a body.
async fn request(addr: SocketAddr, method: &str, path: &str, headers: &str, body: &str) -> Answer {
    raw(
        addr,
        &format!(
            "{method} {path} HTTP/1.1\r\nHost: {addr}\r\n{headers}Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
            body.len()
        ),
    )
    .await
}

const JSON: &str = "Content-Type: application/json\r\n";

/// Reads until the server closes the connection; the time it took (panics after `limit`).
async fn closed_within(s: &mut TcpStream, limit: Duration) -> Duration {
    let t = Instant::now();
    let mut buf = [0u8; 1024];
    loop {
        match tokio::time::timeout(limit, s.read(&mut buf)).await {
            Err(_) => panic!("the connection is still open after {limit:?}"),
            Ok(Ok(0)) | Ok(Err(_)) => return t.elapsed(),
            Ok(Ok(_)) => {}
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_creation_flood_is_429_with_retry_after_and_stores_nothing() {
    let srv = start_with(ServerConfig {
        rate_create: Some(Rate::per_minute(2, 2)),
        ..open_config()
    })
    .await;
    for _ in 0..2 {
        let a = request(srv.addr, "POST", "/api/games", JSON, "{}").await;
        assert_eq!(a.status, 201, "{}", a.body);
    }
    for _ in 0..5 {
        let a = request(srv.addr, "POST", "/api/games", JSON, "{}").await;
        a.assert_error(429, "RateLimited");
        // One token every 30 s: the next is at most 30 s away.
        let after: u64 = a
            .header("retry-after")
            .expect("Retry-After")
            .parse()
            .unwrap();
        assert!((1..=30).contains(&after), "Retry-After {after}");
    }
    assert_eq!(games_stored(&srv.db).await, 2);
    // Reading is not creating: still allowed.
    assert_eq!(
        request(srv.addr, "GET", "/healthz", "", "").await.status,
        200
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_flood_is_429() {
    let srv = start_with(ServerConfig {
        rate_requests: Some(Rate::per_minute(1, 3)),
        ..open_config()
    })
    .await;
    for _ in 0..3 {
        assert_eq!(
            request(srv.addr, "GET", "/healthz", "", "").await.status,
            200
        );
    }
    let a = request(srv.addr, "GET", "/healthz", "", "").await;
    a.assert_error(429, "RateLimited");
    assert!(a.header("retry-after").is_some());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_connection_flood_is_429() {
    let srv = start_with(ServerConfig {
        rate_connections: Some(Rate::per_minute(1, 2)),
        ..open_config()
    })
    .await;
    for _ in 0..2 {
        assert_eq!(
            request(srv.addr, "GET", "/healthz", "", "").await.status,
            200
        );
    }
    let mut s = TcpStream::connect(srv.addr).await.unwrap();
    let mut buf = Vec::new();
    tokio::time::timeout(Duration::from_secs(5), s.read_to_end(&mut buf))
        .await
        .unwrap()
        .unwrap();
    let a = parse(&buf);
    a.assert_error(429, "RateLimited");
    assert!(a.header("retry-after").is_some());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bodies_must_be_json() {
    let srv = start_with(open_config()).await;
    for ty in [
        "text/plain",
        "application/x-www-form-urlencoded",
        "multipart/form-data; boundary=x",
    ] {
        let a = request(
            srv.addr,
            "POST",
            "/api/games",
            &format!("Content-Type: {ty}\r\n"),
            r#"{"rules": "chess"}"#,
        )
        .await;
        a.assert_error(415, "UnsupportedMediaType");
    }
    // A body without a type.
    let a = request(srv.addr, "POST", "/api/games", "", r#"{"rules":"chess"}"#).await;
    a.assert_error(415, "UnsupportedMediaType");
    assert_eq!(games_stored(&srv.db).await, 0);
    // JSON with parameters, and no body at all, are fine.
    let a = request(
        srv.addr,
        "POST",
        "/api/games",
        "Content-Type: application/json; charset=utf-8\r\n",
        "{}",
    )
    .await;
    assert_eq!(a.status, 201, "{}", a.body);
    let a = request(srv.addr, "POST", "/api/games", "", "").await;
    assert_eq!(a.status, 201, "{}", a.body);
    assert_eq!(games_stored(&srv.db).await, 2);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_error_is_typed_json() {
    let srv = start_with(open_config()).await;
    request(srv.addr, "GET", "/no/such/route", "", "")
        .await
        .assert_error(404, "NotFound");
    request(srv.addr, "GET", "/web/nothing.js", "", "")
        .await
        .assert_error(404, "NotFound");
    request(srv.addr, "DELETE", "/api/games", "", "")
        .await
        .assert_error(405, "MethodNotAllowed");
    let a = request(srv.addr, "PUT", "/api/games", "", "").await;
    a.assert_error(405, "MethodNotAllowed");
    assert_eq!(a.header("allow"), Some("GET,HEAD,POST"), "{:?}", a.headers);
    let big = format!(r#"{{"pgn": "{}"}}"#, "x".repeat(300 * 1024));
    request(srv.addr, "POST", "/api/games", JSON, &big)
        .await
        .assert_error(413, "BodyTooLarge");
    request(srv.addr, "POST", "/api/games", JSON, "{not json")
        .await
        .assert_error(400, "MalformedJson");
    // A WebSocket route asked without an upgrade.
    let (id, t1, _) = create(srv.addr, "{}").await;
    let a = request(srv.addr, "GET", &format!("/api/games/{id}/ws"), "", "").await;
    a.assert_error(400, "BadRequest");
    let a = request(
        srv.addr,
        "GET",
        &format!("/api/games/{id}/ws"),
        "Connection: upgrade\r\nUpgrade: h2c\r\n",
        "",
    )
    .await;
    a.assert_error(400, "BadRequest");
    // A draw offer whose action is no string.
    let auth = format!("Authorization: Bearer {t1}\r\n{JSON}");
    request(
        srv.addr,
        "POST",
        &format!("/api/games/{id}/draw"),
        &auth,
        r#"{"action": 5}"#,
    )
    .await
    .assert_error(400, "MalformedJson");
    // A head larger than the limit: hyper answers 431 itself.
    let a = request(
        srv.addr,
        "GET",
        "/healthz",
        &format!("X-Big: {}\r\n", "y".repeat(32 * 1024)),
        "",
    )
    .await;
    assert_eq!(a.status, 431);
    // A head that is no HTTP: hyper answers 400 itself.
    let a = raw(srv.addr, "NOT HTTP AT ALL\r\n\r\n").await;
    assert_eq!(a.status, 400);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_half_sent_head_is_closed_after_the_header_timeout() {
    let srv = start_with(ServerConfig {
        header_timeout: Duration::from_millis(300),
        ..open_config()
    })
    .await;
    let mut s = TcpStream::connect(srv.addr).await.unwrap();
    s.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    let took = closed_within(&mut s, Duration::from_secs(5)).await;
    assert!(took >= Duration::from_millis(250), "{took:?}");
    // A head sent slowly, byte by byte, is timed from its first byte.
    let mut s = TcpStream::connect(srv.addr).await.unwrap();
    let t = Instant::now();
    for b in b"GET /healthz HTTP/1.1\r\nHost: x\r\n" {
        if s.write_all(&[*b]).await.is_err() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
    closed_within(&mut s, Duration::from_secs(5)).await;
    assert!(t.elapsed() < Duration::from_secs(3), "{:?}", t.elapsed());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_connection_is_closed_after_the_idle_timeout() {
    let srv = start_with(ServerConfig {
        idle_timeout: Duration::from_millis(300),
        ..open_config()
    })
    .await;
    // Nothing sent at all.
    let mut s = TcpStream::connect(srv.addr).await.unwrap();
    let took = closed_within(&mut s, Duration::from_secs(5)).await;
    assert!(took >= Duration::from_millis(250), "{took:?}");
    // Idle after one request kept alive.
    let mut s = TcpStream::connect(srv.addr).await.unwrap();
    s.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    let mut buf = Vec::new();
    let t = Instant::now();
    let mut chunk = [0u8; 1024];
    loop {
        let n = tokio::time::timeout(Duration::from_secs(5), s.read(&mut chunk))
            .await
            .expect("closed within 5 s")
            .unwrap_or(0);
        if n == 0 {
            break;
        }
        buf.extend_from_slice(&chunk[..n]);
    }
    assert_eq!(parse(&buf).status, 200);
    assert!(
        t.elapsed() >= Duration::from_millis(250),
        "{:?}",
        t.elapsed()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_connection_caps_refuse_the_next_one() {
    // Per address.
    let srv = start_with(ServerConfig {
        max_connections_per_ip: 3,
        ..open_config()
    })
    .await;
    let mut held = Vec::new();
    for _ in 0..3 {
        held.push(TcpStream::connect(srv.addr).await.unwrap());
    }
    // The accept loop takes them in order: the fourth is refused once the three are counted.
    tokio::time::sleep(Duration::from_millis(100)).await;
    let mut s = TcpStream::connect(srv.addr).await.unwrap();
    let mut buf = Vec::new();
    tokio::time::timeout(Duration::from_secs(5), s.read_to_end(&mut buf))
        .await
        .unwrap()
        .unwrap();
    parse(&buf).assert_error(429, "TooManyConnections");
    // Once one closes, a new one is served.
    drop(held.pop());
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert_eq!(
        request(srv.addr, "GET", "/healthz", "", "").await.status,
        200
    );

    // In all.
    let srv = start_with(ServerConfig {
        max_connections: 2,
        ..open_config()
    })
    .await;
    let _a = TcpStream::connect(srv.addr).await.unwrap();
    let _b = TcpStream::connect(srv.addr).await.unwrap();
    tokio::time::sleep(Duration::from_millis(100)).await;
    let mut s = TcpStream::connect(srv.addr).await.unwrap();
    let mut buf = Vec::new();
    tokio::time::timeout(Duration::from_secs(5), s.read_to_end(&mut buf))
        .await
        .unwrap()
        .unwrap();
    let a = parse(&buf);
    a.assert_error(503, "TooManyConnections");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cors_only_for_configured_origins() {
    let preflight = "Origin: https://board.example\r\nAccess-Control-Request-Method: POST\r\nAccess-Control-Request-Headers: content-type\r\n";
    let srv = start_with(open_config()).await;
    let a = request(srv.addr, "OPTIONS", "/api/games", preflight, "").await;
    assert!(
        a.header("access-control-allow-origin").is_none(),
        "{:?}",
        a.headers
    );
    let a = request(
        srv.addr,
        "GET",
        "/healthz",
        "Origin: https://board.example\r\n",
        "",
    )
    .await;
    assert_eq!(a.status, 200);
    assert!(a.header("access-control-allow-origin").is_none());

    let srv = start_with(ServerConfig {
        cors_origins: vec!["https://board.example".into()],
        ..open_config()
    })
    .await;
    let a = request(srv.addr, "OPTIONS", "/api/games", preflight, "").await;
    assert!(a.status < 300, "{}", a.status);
    assert_eq!(
        a.header("access-control-allow-origin"),
        Some("https://board.example")
    );
    assert!(a
        .header("access-control-allow-methods")
        .is_some_and(|m| m.contains("POST")));
    let a = request(
        srv.addr,
        "GET",
        "/healthz",
        "Origin: https://board.example\r\n",
        "",
    )
    .await;
    assert_eq!(
        a.header("access-control-allow-origin"),
        Some("https://board.example")
    );
    let a = request(
        srv.addr,
        "GET",
        "/healthz",
        "Origin: https://other.example\r\n",
        "",
    )
    .await;
    assert!(a.header("access-control-allow-origin").is_none());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn metrics_are_prometheus_text() {
    let srv = start_with(ServerConfig {
        rate_create: Some(Rate::per_minute(1, 1)),
        ..open_config()
    })
    .await;
    create(srv.addr, "{}").await;
    request(srv.addr, "POST", "/api/games", JSON, "{}")
        .await
        .assert_error(429, "RateLimited");
    request(srv.addr, "GET", "/nothing", "", "").await;
    let a = request(srv.addr, "GET", "/metrics", "", "").await;
    assert_eq!(a.status, 200);
    assert!(a
        .header("content-type")
        .is_some_and(|t| t.starts_with("application/openmetrics-text")));
    for line in [
        "# TYPE tegoma_connections_open gauge",
        "# TYPE tegoma_connections counter",
        "tegoma_http_requests_total{class=\"2xx\"}",
        "tegoma_http_requests_total{class=\"4xx\"}",
        "tegoma_refused_total{kind=\"RateLimited\"}",
        "# TYPE tegoma_storage_latency_seconds histogram",
    ] {
        assert!(a.body.contains(line), "{line} missing from\n{}", a.body);
    }
    assert!(a.body.ends_with("# EOF\n"));
    let count = |name: &str| -> f64 {
        a.body
            .lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.rsplit(' ').next())
            .and_then(|v| v.parse().ok())
            .unwrap_or(0.0)
    };
    assert!(count("tegoma_refused_total{kind=\"RateLimited\"}") >= 1.0);
    assert!(count("tegoma_connections_open") >= 1.0);

    let srv = start_with(ServerConfig {
        metrics: false,
        ..open_config()
    })
    .await;
    request(srv.addr, "GET", "/metrics", "", "")
        .await
        .assert_error(404, "NotFound");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn websockets_work_through_the_accept_loop() {
    let srv = start_with(ServerConfig::default()).await;
    let (id, _, _) = create(srv.addr, "{}").await;
    let mut w = ws(srv.addr, &id, None).await;
    let v = next_game(&mut w).await;
    assert_eq!(v["type"], "state", "{v}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shutdown_stops_accepting_and_returns() {
    let srv = start_with(open_config()).await;
    let (id, t1, _) = create(srv.addr, "{}").await;
    // An idle kept-alive connection does not hold the shutdown back.
    let mut idle = TcpStream::connect(srv.addr).await.unwrap();
    idle.write_all(b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .unwrap();
    let mut chunk = [0u8; 512];
    let n = idle.read(&mut chunk).await.unwrap();
    assert!(n > 0);
    let (s, _) = play(srv.addr, &id, &t1, "e2-e4").await;
    assert_eq!(s, 200);
    let t = Instant::now();
    srv.shutdown.trigger();
    tokio::time::timeout(Duration::from_secs(5), srv.task)
        .await
        .expect("the server returns within 5 s")
        .unwrap()
        .unwrap();
    assert!(t.elapsed() < Duration::from_secs(5));
    assert!(TcpStream::connect(srv.addr).await.is_err());
    closed_within(&mut idle, Duration::from_secs(2)).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_shuts_the_binary_down_with_exit_code_0() {
    let db = fresh_db("sigterm");
    let addr = free_addr();
    let mut child = spawn_server(addr, &db).await;
    let (id, t1, _) = create(addr, "{}").await;
    let (s, _) = play(addr, &id, &t1, "e2-e4").await;
    assert_eq!(s, 200);
    // A connection held open, idle.
    let _held = TcpStream::connect(addr).await.unwrap();
    let status = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(status.success());
    let t = Instant::now();
    let code = loop {
        if let Some(code) = child.try_wait().unwrap() {
            break code;
        }
        if t.elapsed() > Duration::from_secs(10) {
            let _ = child.kill();
            panic!("the server did not exit within 10 s of SIGTERM");
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert!(code.success(), "{code:?}");
    // The acknowledged move is stored.
    let mut c = {
        use sqlx::Connection;
        sqlx::SqliteConnection::connect(&db).await.unwrap()
    };
    let n: i64 =
        sqlx::query_scalar("SELECT COUNT(*) FROM events WHERE game_id = ?1 AND kind = 'move'")
            .bind(&id)
            .fetch_one(&mut c)
            .await
            .unwrap();
    assert_eq!(n, 1, "{n} moves stored");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_in_flight_finishes_during_the_shutdown() {
    let srv = start_with(open_config()).await;
    let body = r#"{"rules": "chess"}"#;
    let (first, rest) = body.split_at(5);
    let mut s = TcpStream::connect(srv.addr).await.unwrap();
    s.write_all(
        format!(
            "POST /api/games HTTP/1.1\r\nHost: x\r\n{JSON}Content-Length: {}\r\n\r\n{first}",
            body.len()
        )
        .as_bytes(),
    )
    .await
    .unwrap();
    // The request is being read when the shutdown starts.
    tokio::time::sleep(Duration::from_millis(100)).await;
    srv.shutdown.trigger();
    tokio::time::sleep(Duration::from_millis(100)).await;
    assert!(
        TcpStream::connect(srv.addr).await.is_err(),
        "still accepting"
    );
    s.write_all(rest.as_bytes()).await.unwrap();
    let mut buf = Vec::new();
    tokio::time::timeout(Duration::from_secs(5), s.read_to_end(&mut buf))
        .await
        .expect("answered, then closed")
        .unwrap();
    let a = parse(&buf);
    assert_eq!(a.status, 201, "{}", a.body);
    assert_eq!(a.header("connection"), Some("close"));
    tokio::time::timeout(Duration::from_secs(5), srv.task)
        .await
        .expect("the server returns")
        .unwrap()
        .unwrap();
    assert_eq!(games_stored(&srv.db).await, 1);
}

/// The page names its files under the files' version, which browsers keep (so that nothing
/// vanishes offline and a game does not fetch them again); the page itself, and a file asked
/// by another version or by its plain path, is asked again each time.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pages_files_are_kept_by_browsers() {
    let srv = start_with(open_config()).await;
    let page = request(srv.addr, "GET", "/", "", "").await;
    assert_eq!(page.status, 200);
    assert_eq!(page.header("cache-control"), Some("no-cache"));
    let v = tegoma_server::web::version();
    assert_eq!(v.len(), 16);
    let script = format!("/web/{v}/app.js");
    assert!(
        page.body.contains(&format!("\"{script}\"")),
        "{}",
        page.body
    );
    let a = request(srv.addr, "GET", &script, "", "").await;
    assert_eq!(a.status, 200);
    assert_eq!(
        a.header("cache-control"),
        Some("public, max-age=31536000, immutable")
    );
    let svg = request(srv.addr, "GET", &format!("/web/{v}/pieces.svg"), "", "").await;
    assert_eq!(svg.status, 200);
    assert_eq!(svg.header("content-type"), Some("image/svg+xml"));
    for path in ["/web/app.js", "/web/0000000000000000/app.js"] {
        let a = request(srv.addr, "GET", path, "", "").await;
        assert_eq!(a.status, 200, "{path}");
        assert_eq!(a.header("cache-control"), Some("no-cache"), "{path}");
    }
    request(srv.addr, "GET", &format!("/web/{v}/nothing.js"), "", "")
        .await
        .assert_error(404, "NotFound");
}
