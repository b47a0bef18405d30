//! Hostile-client benchmark (not a test): the attacks of an anonymous client, replayed against
//! the `tegoma-server` binary with its default flags, on loopback only, each bounded in count
//! and time, while a normal game is played beside them and its moves' round trips measured.
//!
//! ```text
//! cargo build --release -p tegoma-server --bins --examples
//! target/release/examples/hostile
//! ```
//! (`scripts/hostile.sh` does both.) The attackers come from many loopback addresses (up to
//! 10,000, in 127.1.0.0 to 127.40.0.255), as a crowd of clients would, so that the per-address
//! limits are not what stops them: what is measured is what holds when they are spread. The one
//! seat of the last attack acts from one address, where its own limits meet it.
//!
//! 1. **Replays**: 60 tokenless `?since=0` WebSocket connections to a game of 20,000 events
//!    (stored before the server starts): the server's resident memory grows by less than 50 MB,
//!    and the normal game's p99 stays under 50 ms.
//! 2. **Games**: 5,000 games created and read (one in ten timed, with a move played so that its
//!    clock runs): the server's resident memory stays under 200 MB (the default bound on games
//!    in memory is 2,000); then the server is stopped (`SIGTERM`) and started again: it listens
//!    in under 1 s, and every timed game ends on time with no client connected.
//! 3. **Connections**: 1,000 idle connections, 200 half-sent request heads and 20 WebSocket
//!    readers that never read: all closed by the server within its documented timeouts.
//! 4. **One seat as fast as it can** (draw offers and their withdrawals, illegal moves): refused
//!    by the game's bounds and the seat's rate; the database grows by less than 100 kB.
//!
//! Prints each figure with its goal and exits non-zero when a goal is missed.

use std::net::{Ipv4Addr, SocketAddr};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use serde_json::{json, Value};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpSocket, TcpStream};
use tokio_tungstenite::tungstenite::Message;

type Ws = tokio_tungstenite::WebSocketStream<TcpStream>;

/// The `tegoma-server` binary built beside this example.
fn server_binary() -> PathBuf {
    let exe = std::env::current_exe().expect("the example's path");
    let dir = exe.parent().and_then(Path::parent).expect("target/release");
    let bin = dir.join("tegoma-server");
    assert!(
        bin.exists(),
        "{} is missing: cargo build --release -p tegoma-server --bins --examples",
        bin.display()
    );
    bin
}

/// A free loopback port.
fn free_addr() -> SocketAddr {
    let l = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    l.local_addr().unwrap()
}

/// Starts the server on `addr` and `db` with its default flags; the time until it listens.
async fn start(addr: SocketAddr, db: &str) -> (Child, Duration) {
    let t = Instant::now();
    let mut child = Command::new(server_binary())
        .args(["--addr", &addr.to_string(), "--database", db])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the server starts");
    for _ in 0..2000 {
        if TcpStream::connect(addr).await.is_ok() {
            return (child, t.elapsed());
        }
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    let _ = child.kill();
    let _ = child.wait();
    panic!("the server did not listen");
}

/// Stops the server with `SIGTERM` and waits for it.
fn stop(mut child: Child) {
    let _ = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status();
    for _ in 0..300 {
        if let Ok(Some(_)) = child.try_wait() {
            return;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// The server's resident memory (bytes).
fn rss(child: &Child) -> u64 {
    let status =
        std::fs::read_to_string(format!("/proc/{}/status", child.id())).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        .unwrap_or(0)
        * 1024
}

/// The database's size on disk, its log included (bytes).
fn db_size(path: &Path) -> u64 {
    ["", "-wal"]
        .iter()
        .map(|s| {
            std::fs::metadata(format!("{}{s}", path.display()))
                .map(|m| m.len())
                .unwrap_or(0)
        })
        .sum()
}

/// A connection from the loopback address `host`.
async fn connect_from(host: Ipv4Addr, addr: SocketAddr) -> std::io::Result<TcpStream> {
    let s = TcpSocket::new_v4()?;
    s.bind(SocketAddr::from((host, 0)))?;
    s.connect(addr).await
}

/// The normal player's address.
const PLAYER: Ipv4Addr = Ipv4Addr::new(127, 0, 0, 1);

/// The attacker's `i`-th source address: 127.1.0.2 to 127.40.0.251, one of 10,000 (a crowd
/// of clients, each below the limits per address).
fn host(i: usize) -> Ipv4Addr {
    let i = i % 10_000;
    Ipv4Addr::new(127, 1 + (i / 250) as u8, 0, 2 + (i % 250) as u8)
}

/// One HTTP request from `from`: the status and the JSON body.
async fn http(
    from: Ipv4Addr,
    addr: SocketAddr,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&str>,
) -> (u16, Value) {
    let Ok(mut s) = connect_from(from, addr).await else {
        return (0, Value::Null);
    };
    let body = body.unwrap_or("");
    let auth = token
        .map(|t| format!("Authorization: Bearer {t}\r\n"))
        .unwrap_or_default();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\n{auth}Content-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    if s.write_all(req.as_bytes()).await.is_err() {
        return (0, Value::Null);
    }
    let mut buf = Vec::new();
    let _ = tokio::time::timeout(Duration::from_secs(10), s.read_to_end(&mut buf)).await;
    let text = String::from_utf8_lossy(&buf);
    let Some((head, rest)) = text.split_once("\r\n\r\n") else {
        return (0, Value::Null);
    };
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(0);
    (status, serde_json::from_str(rest).unwrap_or(Value::Null))
}

/// A new game from `from`: (id, first token, second token).
async fn create(from: Ipv4Addr, addr: SocketAddr, body: &str) -> Option<(String, String, String)> {
    let (s, v) = http(from, addr, "POST", "/api/games", None, Some(body)).await;
    if s != 201 {
        return None;
    }
    let t = |k: &str| v["seats"][k].as_str().unwrap_or("").to_string();
    Some((v["id"].as_str()?.to_string(), t("first"), t("second")))
}

/// Opens a game's WebSocket from `from`.
async fn ws(from: Ipv4Addr, addr: SocketAddr, id: &str, query: &str) -> Option<Ws> {
    let tcp = connect_from(from, addr).await.ok()?;
    let url = format!("ws://{addr}/api/games/{id}/ws{query}");
    tokio_tungstenite::client_async(url, tcp)
        .await
        .ok()
        .map(|(w, _)| w)
}

/// The next JSON text message (10 s at most).
async fn next(w: &mut Ws) -> Option<Value> {
    loop {
        match tokio::time::timeout(Duration::from_secs(10), w.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => return serde_json::from_str(t.as_str()).ok(),
            Ok(Some(Ok(_))) => {}
            _ => return None,
        }
    }
}

/// The normal game: one player holding both seats on 127.0.0.1 ([`PLAYER`]), a move every 100 ms (the
/// first legal one), a new game when one ends; each move's round trip (sent to acknowledged)
/// goes to `rtts` while `on` holds.
async fn normal_game(addr: SocketAddr, rtts: Arc<Mutex<Vec<f64>>>, on: Arc<AtomicBool>) {
    while on.load(Ordering::Relaxed) {
        let Some((id, t1, t2)) = create(PLAYER, addr, r#"{"rules": "chess"}"#).await else {
            tokio::time::sleep(Duration::from_millis(200)).await;
            continue;
        };
        let Some(mut w) = ws(PLAYER, addr, &id, "").await else {
            continue;
        };
        let mut game = match next(&mut w).await {
            Some(v) => v["game"].clone(),
            None => continue,
        };
        let tokens = [t1, t2];
        let mut side = 0;
        while on.load(Ordering::Relaxed) && game["outcome"].is_null() {
            let Some(pmn) = game["legal"][0]["pmn"].as_str().map(str::to_string) else {
                break;
            };
            tokio::time::sleep(Duration::from_millis(100)).await;
            let body = json!({"move": pmn}).to_string();
            let t = Instant::now();
            let path = format!("/api/games/{id}/moves");
            let (s, v) = http(
                PLAYER,
                addr,
                "POST",
                &path,
                Some(&tokens[side]),
                Some(&body),
            )
            .await;
            if s != 200 {
                eprintln!("normal game: move refused: {s} {v}");
                break;
            }
            rtts.lock().unwrap().push(t.elapsed().as_secs_f64() * 1e3);
            game = v;
            side ^= 1;
            // Keep the stream read (the web board's updates).
            while let Ok(Some(_)) = tokio::time::timeout(Duration::ZERO, w.next()).await {}
        }
    }
}

/// p50, p99 and max of `v` (ms).
fn percentiles(v: &mut [f64]) -> (f64, f64, f64) {
    if v.is_empty() {
        return (f64::NAN, f64::NAN, f64::NAN);
    }
    v.sort_by(f64::total_cmp);
    let at = |q: f64| v[((v.len() as f64 * q) as usize).min(v.len() - 1)];
    (at(0.5), at(0.99), v[v.len() - 1])
}

/// A figure against its goal; false when missed.
fn report(what: &str, value: String, ok: bool) -> bool {
    println!("  {} {what}: {value}", if ok { "ok  " } else { "MISS" });
    ok
}

/// Stores a game of `n` events (draw offers and their declines) before the server starts.
async fn seed_long_game(db: &str, n: i64) -> String {
    let store = tegoma_server::Store::open(db).await.unwrap();
    let m = tegoma_server::game::new_match("chess", None, None).unwrap();
    let id = "longgame".to_string();
    let row = tegoma_server::store::GameRow {
        id: id.clone(),
        rules: "chess".into(),
        start_feen: m.start_feen(),
        periods: None,
        engine_side: None,
        engine_level: None,
        first_hash: None,
        second_hash: None,
        created_ms: tegoma_server::store::now_ms(),
        wake_ms: None,
    };
    store.insert_game(&row).await.unwrap();
    let mut tasks = Vec::new();
    // Appended in order, a batch of writes in flight at a time (the writer groups them).
    for chunk in (1..=n).collect::<Vec<_>>().chunks(500) {
        for &seq in chunk {
            let store = store.clone();
            let id = id.clone();
            tasks.push(tokio::spawn(async move {
                let (side, action) = if seq % 2 == 1 {
                    ("first", "offer")
                } else {
                    ("second", "decline")
                };
                let e = tegoma_server::store::EventRow {
                    seq,
                    kind: "draw".into(),
                    data: json!({"side": side, "action": action}).to_string(),
                    at_ms: tegoma_server::store::now_ms(),
                };
                store.append(&id, &e).await.unwrap();
            }));
        }
        for t in tasks.drain(..) {
            t.await.unwrap();
        }
    }
    id
}

/// Waits until the connection ends (EOF or error) or `limit` passes: how long it took.
async fn until_closed(mut s: TcpStream, limit: Duration) -> Option<Duration> {
    let t = Instant::now();
    let mut buf = [0u8; 4096];
    loop {
        match tokio::time::timeout(limit.saturating_sub(t.elapsed()), s.read(&mut buf)).await {
            Ok(Ok(0)) | Ok(Err(_)) => return Some(t.elapsed()),
            Ok(Ok(_)) => {}
            Err(_) => return None,
        }
    }
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let dir = std::env::temp_dir().join(format!("tegoma-hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("hostile.db");
    let db = format!("sqlite://{}", file.display());
    let mut all_ok = true;

    println!("seeding a game of 20,000 events ...");
    let long = seed_long_game(&db, 20_000).await;
    let addr = free_addr();
    let (server, _) = start(addr, &db).await;
    let rtts = Arc::new(Mutex::new(Vec::new()));
    let on = Arc::new(AtomicBool::new(true));
    let normal = tokio::spawn(normal_game(addr, rtts.clone(), on.clone()));
    tokio::time::sleep(Duration::from_secs(2)).await;
    let take = |rtts: &Arc<Mutex<Vec<f64>>>| std::mem::take(&mut *rtts.lock().unwrap());
    let (_, base_p99, _) = percentiles(&mut take(&rtts));
    println!("normal game alone: p99 {base_p99:.1} ms");

    // 1. Replays.
    println!("1. 60 tokenless since=0 connections to a game of 20,000 events");
    let before = rss(&server);
    let mut readers = Vec::new();
    let got = Arc::new(AtomicUsize::new(0));
    for i in 0..60 {
        let got = got.clone();
        let long = long.clone();
        readers.push(tokio::spawn(async move {
            let mut w = ws(host(i), addr, &long, "?since=0").await?;
            let first = next(&mut w).await?;
            let state = next(&mut w).await?;
            got.fetch_add(1, Ordering::Relaxed);
            Some((first, state, w))
        }));
    }
    let mut held = Vec::new();
    for r in readers {
        if let Ok(Some(x)) = r.await {
            held.push(x);
        }
    }
    tokio::time::sleep(Duration::from_secs(3)).await;
    let grown = rss(&server).saturating_sub(before);
    let (p50, p99, max) = percentiles(&mut take(&rtts));
    if let Some((events, state, _)) = held.first() {
        println!(
            "  each got {} events (missing {}) and the state at event {}",
            events["events"].as_array().map_or(0, Vec::len),
            events["missing"],
            state["seq"]
        );
    }
    all_ok &= report(
        "connections served",
        format!("{} of 60", got.load(Ordering::Relaxed)),
        got.load(Ordering::Relaxed) == 60,
    );
    all_ok &= report(
        "resident memory grown (goal < 50 MB)",
        format!("{:.1} MB", grown as f64 / 1e6),
        grown < 50_000_000,
    );
    all_ok &= report(
        "normal game's round trip (goal p99 < 50 ms)",
        format!("p50 {p50:.1} ms, p99 {p99:.1} ms, max {max:.1} ms"),
        p99 < 50.0,
    );
    drop(held);

    // 2. Games.
    println!("2. 5,000 games created and read, one in ten timed with its clock running");
    let t = Instant::now();
    let mut timed = Vec::new();
    let mut created = 0;
    let mut refused = 0;
    for chunk in (0..5000usize).collect::<Vec<_>>().chunks(50) {
        let mut tasks = Vec::new();
        for &i in chunk {
            tasks.push(tokio::spawn(async move {
                let from = host(i);
                let body = if i % 10 == 0 {
                    r#"{"rules": "chess", "periods": [{"time": 30}]}"#
                } else {
                    r#"{"rules": "kogoma"}"#
                };
                let (id, t1, _) = create(from, addr, body).await?;
                let (s, _) = http(from, addr, "GET", &format!("/api/games/{id}"), None, None).await;
                if i % 10 == 0 {
                    let body = json!({"move": "e4"}).to_string();
                    let path = format!("/api/games/{id}/moves");
                    let (s, _) = http(from, addr, "POST", &path, Some(&t1), Some(&body)).await;
                    return (s == 200).then_some((id, true));
                }
                (s == 200).then_some((id, false))
            }));
        }
        for task in tasks {
            match task.await.ok().flatten() {
                Some((id, is_timed)) => {
                    created += 1;
                    if is_timed {
                        timed.push((id, Instant::now()));
                    }
                }
                None => refused += 1,
            }
        }
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    let mem = rss(&server);
    let (p50, p99, max) = percentiles(&mut take(&rtts));
    println!(
        "  {created} created and read in {:.1} s ({refused} refused)",
        t.elapsed().as_secs_f64()
    );
    all_ok &= report(
        "server's resident memory (goal < 200 MB)",
        format!("{:.1} MB", mem as f64 / 1e6),
        mem < 200_000_000,
    );
    println!("  normal game meanwhile: p50 {p50:.1} ms, p99 {p99:.1} ms, max {max:.1} ms");
    on.store(false, Ordering::Relaxed);
    let _ = normal.await;
    stop(server);
    let (server, listening) = start(addr, &db).await;
    all_ok &= report(
        "restart on 5,000 unfinished games listening (goal < 1 s)",
        format!("{:.0} ms", listening.as_secs_f64() * 1e3),
        listening < Duration::from_secs(1),
    );
    // Every timed game ends on time with no client: black's 30 s from its move.
    let store = tegoma_server::Store::open(&db).await.unwrap();
    let deadline = timed.last().map(|(_, t)| *t + Duration::from_secs(40));
    let mut late_max = 0i64;
    let mut ended = 0;
    for (id, _) in &timed {
        loop {
            let events = store.events(id, 0).await.unwrap_or_default();
            if let Some(to) = events.iter().find(|e| e.kind == "timeout") {
                late_max = late_max.max(to.at_ms - events[0].at_ms - 30_000);
                ended += 1;
                break;
            }
            if deadline.is_some_and(|d| Instant::now() > d) {
                break;
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
    all_ok &= report(
        "timed games ended on time with no client",
        format!(
            "{ended} of {}, the latest {late_max} ms after its flag",
            timed.len()
        ),
        ended == timed.len() && late_max < 1_000,
    );

    // 3. Connections.
    println!("3. 1,000 idle connections, 200 half-sent heads, 20 readers that never read");
    let limit = Duration::from_secs(90);
    let mut closers = Vec::new();
    for i in 0..1000 {
        if let Ok(s) = connect_from(host(i), addr).await {
            closers.push(("idle connections", tokio::spawn(until_closed(s, limit))));
        }
    }
    for i in 0..200 {
        if let Ok(mut s) = connect_from(host(i + 7), addr).await {
            let _ = s
                .write_all(format!("GET /api/games/{long} HTTP/1.1\r\nHost: x\r\n").as_bytes())
                .await;
            closers.push(("half-sent heads", tokio::spawn(until_closed(s, limit))));
        }
    }
    for i in 0..20 {
        if let Ok(mut s) = connect_from(host(i + 11), addr).await {
            let req = format!(
                "GET /api/games/{long}/ws HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\n\
                 Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\
                 Sec-WebSocket-Version: 13\r\n\r\n"
            );
            let _ = s.write_all(req.as_bytes()).await;
            // Never read: the server's pings go unanswered.
            closers.push((
                "readers that never read",
                tokio::spawn(async move {
                    tokio::time::sleep(limit).await;
                    // What the server sent (its answer, pings, a close) is read only now: the
                    // connection counts as closed when the end follows at once.
                    until_closed(s, Duration::from_millis(50))
                        .await
                        .map(|_| limit)
                }),
            ));
        }
    }
    let mut by_kind: std::collections::BTreeMap<&str, (usize, usize, Duration)> =
        Default::default();
    for (kind, c) in closers {
        let e = by_kind.entry(kind).or_default();
        e.0 += 1;
        if let Ok(Some(d)) = c.await {
            e.1 += 1;
            e.2 = e.2.max(d);
        }
    }
    for (kind, (n, closed, slowest)) in by_kind {
        all_ok &= report(
            &format!("{kind} closed by the server"),
            format!(
                "{closed} of {n}, the last within {:.1} s",
                slowest.as_secs_f64()
            ),
            closed == n,
        );
    }

    // 4. One seat as fast as it can.
    println!("4. one seat sending actions as fast as it can for 10 s");
    let (id, t1, _) = create(host(9_999), addr, r#"{"rules": "chess"}"#)
        .await
        .expect("a game");
    let size = db_size(&file);
    let t = Instant::now();
    let mut answers: std::collections::BTreeMap<String, usize> = Default::default();
    let mut i = 0;
    while t.elapsed() < Duration::from_secs(10) {
        let (path, body) = match i % 3 {
            0 => ("draw", r#"{"action": "offer"}"#),
            1 => ("draw", r#"{"action": "decline"}"#),
            _ => ("moves", r#"{"move": "e2-e5"}"#),
        };
        let (s, v) = http(
            host(9_999),
            addr,
            "POST",
            &format!("/api/games/{id}/{path}"),
            Some(&t1),
            Some(body),
        )
        .await;
        let kind = v["error"]["kind"].as_str().unwrap_or("ok").to_string();
        *answers.entry(format!("{s} {kind}")).or_default() += 1;
        i += 1;
    }
    tokio::time::sleep(Duration::from_secs(1)).await;
    let grown = db_size(&file).saturating_sub(size);
    println!("  {i} actions sent: {answers:?}");
    all_ok &= report(
        "database grown (goal < 100 kB)",
        format!("{:.1} kB", grown as f64 / 1e3),
        grown < 100_000,
    );

    stop(server);
    let _ = std::fs::remove_dir_all(&dir);
    if !all_ok {
        std::process::exit(1);
    }
}
