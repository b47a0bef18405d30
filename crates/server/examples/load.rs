//! Load benchmark (not a test): N concurrent games played by bots over loopback WebSockets on
//! the default SQLite database, against a bare WebSocket echo server measured in the same run.
//!
//! `cargo run --release -p tegoma-server --example load -- [GAMES] [SECONDS]` (default 1000, 20).
//! Prints moves/s, the round-trip percentiles of a move (sent -> acknowledged), the echo
//! server's round trips/s, the ratio, and checks that no move was lost or duplicated.

use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ws::{Message as AxMessage, WebSocketUpgrade};
use axum::routing::get;
use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::sync::Mutex;
use tokio_tungstenite::tungstenite::Message;

async fn post(addr: SocketAddr, path: &str, body: &str) -> Value {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let req = format!(
        "POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await.unwrap();
    let text = String::from_utf8_lossy(&buf);
    serde_json::from_str(text.split_once("\r\n\r\n").unwrap().1).unwrap()
}

/// The anchor: a bare WebSocket echo server, `clients` clients each sending and awaiting its
/// echo in a loop for `secs` seconds. Round trips per second.
async fn echo_anchor(clients: usize, secs: u64) -> f64 {
    let app = axum::Router::new().route(
        "/echo",
        get(|ws: WebSocketUpgrade| async move {
            ws.on_upgrade(|mut socket| async move {
                while let Some(Ok(m)) = socket.recv().await {
                    if let AxMessage::Text(t) = m {
                        if socket.send(AxMessage::Text(t)).await.is_err() {
                            break;
                        }
                    }
                }
            })
        }),
    );
    let l = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = l.local_addr().unwrap();
    let server = tokio::spawn(async move { axum::serve(l, app).await.unwrap() });
    let count = Arc::new(AtomicU64::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let mut tasks = Vec::new();
    for _ in 0..clients {
        let (count, stop) = (count.clone(), stop.clone());
        tasks.push(tokio::spawn(async move {
            let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/echo"))
                .await
                .unwrap();
            let msg = json!({"type": "move", "move": "e2-e4"}).to_string();
            while !stop.load(Ordering::Relaxed) {
                ws.send(Message::Text(msg.clone().into())).await.unwrap();
                let _ = ws.next().await;
                count.fetch_add(1, Ordering::Relaxed);
            }
        }));
    }
    tokio::time::sleep(Duration::from_secs(1)).await;
    let start_count = count.load(Ordering::Relaxed);
    let t0 = Instant::now();
    tokio::time::sleep(Duration::from_secs(secs)).await;
    let n = count.load(Ordering::Relaxed) - start_count;
    let rate = n as f64 / t0.elapsed().as_secs_f64();
    stop.store(true, Ordering::Relaxed);
    for t in tasks {
        let _ = tokio::time::timeout(Duration::from_secs(5), t).await;
    }
    server.abort();
    rate
}

struct Bot {
    acked: u64,
    rtts: Vec<u32>,
}

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let secs: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(20);
    let dir = std::env::temp_dir().join(format!("tegoma-load-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = format!("sqlite://{}/load.db", dir.display());
    let hub = tegoma_server::open(&db, Arc::new(tegoma_server::FirstLegal))
        .await
        .unwrap();
    let l = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = l.local_addr().unwrap();
    let app = tegoma_server::app(hub.clone());
    tokio::spawn(async move { axum::serve(l, app).await.unwrap() });
    let acks = Arc::new(AtomicU64::new(0));

    let mut ids = Vec::new();
    for i in 0..games {
        let rules = if i % 2 == 0 { "chess" } else { "ogi" };
        let v = post(addr, "/api/games", &format!(r#"{{"rules": "{rules}"}}"#)).await;
        ids.push((
            v["id"].as_str().unwrap().to_string(),
            [
                v["seats"]["first"].as_str().unwrap().to_string(),
                v["seats"]["second"].as_str().unwrap().to_string(),
            ],
        ));
    }
    let stop = Arc::new(AtomicBool::new(false));
    let bots: Arc<Mutex<Vec<Bot>>> = Arc::new(Mutex::new(Vec::new()));
    let mut tasks = Vec::new();
    for (gi, (id, tokens)) in ids.iter().enumerate() {
        for (side, token) in tokens.iter().enumerate() {
            let (id, token, stop, bots) = (id.clone(), token.clone(), stop.clone(), bots.clone());
            let acks = acks.clone();
            let me = if side == 0 { "first" } else { "second" };
            tasks.push(tokio::spawn(async move {
                let (mut ws, _) =
                    tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{id}/ws"))
                        .await
                        .unwrap();
                ws.send(Message::Text(
                    json!({"type": "auth", "token": token}).to_string().into(),
                ))
                .await
                .unwrap();
                let mut seed =
                    (gi as u64 * 2 + side as u64 + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
                let mut bot = Bot {
                    acked: 0,
                    rtts: Vec::new(),
                };
                let mut sent_at: Option<(Instant, i64)> = None;
                let mut latest: Option<Value> = None;
                loop {
                    let m = match tokio::time::timeout(Duration::from_millis(500), ws.next()).await
                    {
                        Ok(Some(Ok(Message::Text(t)))) => {
                            serde_json::from_str::<Value>(t.as_str()).unwrap()
                        }
                        Ok(Some(Ok(_))) => continue,
                        Ok(_) => break,
                        Err(_) => {
                            if stop.load(Ordering::Relaxed) {
                                break;
                            }
                            continue;
                        }
                    };
                    match m["type"].as_str() {
                        Some("ack") => {
                            if let Some((t, _)) = sent_at.take() {
                                bot.rtts.push(t.elapsed().as_micros() as u32);
                                bot.acked += 1;
                                acks.fetch_add(1, Ordering::Relaxed);
                            }
                        }
                        Some("error") => {
                            sent_at = None;
                        }
                        Some("state") => latest = Some(m),
                        _ => {}
                    }
                    if stop.load(Ordering::Relaxed) {
                        if sent_at.is_none() {
                            break;
                        }
                        continue;
                    }
                    if sent_at.is_some() {
                        continue;
                    }
                    let Some(st) = latest.as_ref() else { continue };
                    let g = &st["game"];
                    if g["turn"] != me || !g["outcome"].is_null() {
                        continue;
                    }
                    let legal = g["legal"].as_array().unwrap();
                    if legal.is_empty() {
                        continue;
                    }
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    let mv = legal[(seed % legal.len() as u64) as usize]["pmn"]
                        .as_str()
                        .unwrap()
                        .to_string();
                    let seq = st["seq"].as_i64().unwrap();
                    ws.send(Message::Text(
                        json!({"type": "move", "move": mv}).to_string().into(),
                    ))
                    .await
                    .unwrap();
                    sent_at = Some((Instant::now(), seq));
                    latest = None;
                }
                bots.lock().await.push(bot);
            }));
        }
    }
    // Warm-up, then the measured window.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let a0 = acks.load(Ordering::Relaxed);
    let t0 = Instant::now();
    tokio::time::sleep(Duration::from_secs(secs)).await;
    let a1 = acks.load(Ordering::Relaxed);
    let dt = t0.elapsed().as_secs_f64();
    stop.store(true, Ordering::Relaxed);
    // Every bot ends once its last move is acknowledged.
    let deadline = Instant::now() + Duration::from_secs(60);
    let mut unfinished = 0;
    for t in tasks {
        let left = deadline.saturating_duration_since(Instant::now());
        if tokio::time::timeout(left, t).await.is_err() {
            unfinished += 1;
        }
    }
    let moves_per_s = (a1 - a0) as f64 / dt;
    let bots = bots.lock().await;
    let acked = acks.load(Ordering::Relaxed);
    let mut rtts: Vec<u32> = bots.iter().flat_map(|b| b.rtts.iter().copied()).collect();
    rtts.sort_unstable();
    let pct = |p: f64| {
        rtts.get(((rtts.len() as f64 - 1.0) * p) as usize)
            .copied()
            .unwrap_or(0) as f64
            / 1000.0
    };
    let stored = hub.store().count_moves().await.unwrap() as u64;
    // The anchor, measured in the same run with as many clients as bots.
    let echo = echo_anchor(games * 2, secs.min(10)).await;
    println!(
        "games: {games}, bots: {} ({unfinished} still waiting at the end)",
        games * 2
    );
    println!(
        "moves acknowledged: {acked}, plies stored: {stored} (equal: {})",
        acked == stored
    );
    println!("moves/s: {moves_per_s:.0}");
    println!(
        "move round trip ms: p50 {:.2}, p90 {:.2}, p99 {:.2}, max {:.2}",
        pct(0.5),
        pct(0.9),
        pct(0.99),
        pct(1.0)
    );
    println!("echo server round trips/s: {echo:.0}");
    println!(
        "ratio moves/s / echo round trips/s: {:.1}% (goal >= 25%)",
        100.0 * moves_per_s / echo
    );
    let _ = std::fs::remove_dir_all(&dir);
    if acked != stored {
        std::process::exit(1);
    }
}
