//! Helpers of the server tests: an in-process server on a fresh SQLite file, a small HTTP/1.1
//! client and WebSocket helpers.
#![allow(dead_code)]

use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::Arc;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

pub type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<TcpStream>>;

static COUNTER: AtomicU32 = AtomicU32::new(0);

/// A fresh SQLite database URL under the test target directory.
pub fn fresh_db(tag: &str) -> String {
    let n = COUNTER.fetch_add(1, Ordering::SeqCst);
    let path = format!(
        "{}/{tag}-{}-{n}.db",
        env!("CARGO_TARGET_TMPDIR"),
        std::process::id()
    );
    for suffix in ["", "-wal", "-shm"] {
        let _ = std::fs::remove_file(format!("{path}{suffix}"));
    }
    format!("sqlite://{path}")
}

/// Starts a server in this process on a fresh database.
pub async fn start() -> SocketAddr {
    start_on(&fresh_db("api")).await
}

/// Starts a server in this process on a database.
pub async fn start_on(db: &str) -> SocketAddr {
    let hub = tegoma_server::open(db, Arc::new(tegoma_server::FirstLegal))
        .await
        .expect("the database opens");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        axum::serve(listener, tegoma_server::app(hub))
            .await
            .unwrap();
    });
    addr
}

/// One HTTP request; the status and the body.
pub async fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&str>,
) -> (u16, String) {
    let mut s = TcpStream::connect(addr).await.expect("connect");
    let body = body.unwrap_or("");
    let auth = token
        .map(|t| format!("Authorization: Bearer {t}\r\n"))
        .unwrap_or_default();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\n{auth}Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await.unwrap();
    let text = String::from_utf8_lossy(&buf).to_string();
    let (head, rest) = text.split_once("\r\n\r\n").expect("an HTTP response");
    let status: u16 = head.split(' ').nth(1).unwrap().parse().unwrap();
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        let mut out = String::new();
        let mut r = rest;
        loop {
            let (len, after) = r.split_once("\r\n").unwrap();
            let n = usize::from_str_radix(len.trim(), 16).unwrap();
            if n == 0 {
                break;
            }
            out.push_str(&after[..n]);
            r = &after[n + 2..];
        }
        out
    } else {
        rest.to_string()
    };
    (status, body)
}

/// A JSON request; the status and the parsed body.
pub async fn json(
    addr: SocketAddr,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&str>,
) -> (u16, Value) {
    let (s, b) = http(addr, method, path, token, body).await;
    let v = serde_json::from_str(&b).unwrap_or(Value::String(b));
    (s, v)
}

/// A new game: (id, first token, second token).
pub async fn create(addr: SocketAddr, body: &str) -> (String, String, String) {
    let (s, v) = json(addr, "POST", "/api/games", None, Some(body)).await;
    assert_eq!(s, 201, "{v}");
    let t = |k: &str| v["seats"][k].as_str().unwrap_or("").to_string();
    (
        v["id"].as_str().unwrap().to_string(),
        t("first"),
        t("second"),
    )
}

/// Plays a move over HTTP.
pub async fn play(addr: SocketAddr, id: &str, token: &str, mv: &str) -> (u16, Value) {
    let body = serde_json::json!({ "move": mv }).to_string();
    json(
        addr,
        "POST",
        &format!("/api/games/{id}/moves"),
        Some(token),
        Some(&body),
    )
    .await
}

/// Opens the game's WebSocket (with `?since=` when given).
pub async fn ws(addr: SocketAddr, id: &str, since: Option<i64>) -> Ws {
    let q = since.map(|s| format!("?since={s}")).unwrap_or_default();
    let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{id}/ws{q}"))
        .await
        .expect("the WebSocket opens");
    ws
}

/// The next text message as JSON (5 s at most).
pub async fn next(ws: &mut Ws) -> Value {
    loop {
        let m = tokio::time::timeout(Duration::from_secs(5), ws.next())
            .await
            .expect("a message within 5 s")
            .expect("the stream is open")
            .expect("a message");
        if let Message::Text(t) = m {
            return serde_json::from_str(t.as_str()).unwrap();
        }
    }
}

/// The next message of a type, skipping others.
pub async fn next_of(ws: &mut Ws, ty: &str) -> Value {
    loop {
        let v = next(ws).await;
        if v["type"] == ty {
            return v;
        }
    }
}

/// The next message about the game, `update` or `state`, skipping others.
pub async fn next_game(ws: &mut Ws) -> Value {
    loop {
        let v = next(ws).await;
        if v["type"] == "update" || v["type"] == "state" {
            return v;
        }
    }
}

/// Sends a JSON message.
pub async fn send(ws: &mut Ws, v: Value) {
    ws.send(Message::Text(v.to_string().into())).await.unwrap();
}

/// A free loopback address (the port the system gives a listener closed at once).
pub fn free_addr() -> SocketAddr {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    l.local_addr().unwrap()
}

/// Starts the `tegoma-server` binary on `addr` and `db` (a process a test can kill), and
/// waits until it listens.
pub async fn spawn_server(addr: SocketAddr, db: &str) -> Child {
    spawn_server_with(addr, db, &[]).await
}

/// [`spawn_server`] with environment variables (`TEGOMA_GAMES`).
pub async fn spawn_server_with(addr: SocketAddr, db: &str, env: &[(&str, &Path)]) -> Child {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tegoma-server"))
        .args(["--addr", &addr.to_string(), "--database", db])
        .envs(env.iter().copied())
        // Every client of a test shares the loopback address.
        .arg("--no-address-limits")
        .stdout(Stdio::null())
        .spawn()
        .expect("the server starts");
    for _ in 0..200 {
        if tokio::net::TcpStream::connect(addr).await.is_ok() {
            return child;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let _ = child.kill();
    let _ = child.wait();
    panic!("the server did not listen on {addr}");
}
