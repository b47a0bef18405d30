//! What the load benchmarks share: the process's CPU time by thread, the clients'
//! WebSocket configuration, and the anchor (a bare WebSocket echo server and its clients).

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ws::{Message as AxMessage, WebSocketUpgrade};
use axum::routing::get;
use futures_util::{SinkExt, StreamExt};
use tokio::net::TcpStream;
use tokio::task::JoinHandle;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// A client's WebSocket.
pub type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// The machine's load averages over 1, 5 and 15 minutes (`?` where unreadable).
pub fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_else(|_| "?".into())
}

/// The process's CPU time (user + system), seconds.
pub fn cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/self/stat") else {
        return 0.0;
    };
    let after = stat.rsplit_once(')').map(|x| x.1).unwrap_or("");
    let f: Vec<&str> = after.split_whitespace().collect();
    let ticks = |i: usize| f.get(i).and_then(|s| s.parse::<f64>().ok()).unwrap_or(0.0);
    // Fields 14 and 15 (utime, stime), counted from the state (field 3) at index 0.
    (ticks(11) + ticks(12)) / 100.0
}

/// CPU time (user + system, seconds) of the process's threads, summed by thread name
/// (`tokio-rt-worker`, `sqlite-writer`, ...): where a phase's CPU went.
pub fn thread_cpu() -> HashMap<String, f64> {
    let mut by_name = HashMap::new();
    let Ok(tasks) = std::fs::read_dir("/proc/self/task") else {
        return by_name;
    };
    for t in tasks.flatten() {
        let Ok(stat) = std::fs::read_to_string(t.path().join("stat")) else {
            continue;
        };
        let (Some(open), Some(close)) = (stat.find('('), stat.rfind(')')) else {
            continue;
        };
        let name = stat[open + 1..close].to_string();
        let f: Vec<&str> = stat[close + 1..].split_whitespace().collect();
        let ticks = |i: usize| f.get(i).and_then(|s| s.parse::<f64>().ok()).unwrap_or(0.0);
        *by_name.entry(name).or_insert(0.0) += (ticks(11) + ticks(12)) / 100.0;
    }
    by_name
}

/// The CPU each thread name used between two [`thread_cpu`] readings, in µs per `count`
/// (moves or round trips), largest first.
pub fn cpu_per(before: &HashMap<String, f64>, after: &HashMap<String, f64>, count: f64) -> String {
    let mut used: Vec<(String, f64)> = after
        .iter()
        .map(|(k, v)| (k.clone(), v - before.get(k).copied().unwrap_or(0.0)))
        .filter(|(_, v)| *v > 0.0)
        .collect();
    used.sort_by(|a, b| b.1.total_cmp(&a.1));
    let total: f64 = used.iter().map(|(_, v)| v).sum();
    let parts: Vec<String> = used
        .iter()
        .map(|(k, v)| format!("{k} {:.0}", v * 1e6 / count))
        .collect();
    format!("{:.0} µs ({})", total * 1e6 / count, parts.join(", "))
}

/// The clients' WebSocket configuration, the same for the echo clients and the bots: the
/// server's read buffer (tungstenite's default, 128 KiB, is zeroed on every read).
pub fn client_config() -> WebSocketConfig {
    WebSocketConfig::default().read_buffer_size(tegoma_server::ws::READ_BUFFER)
}

/// A client WebSocket to `url` with [`client_config`].
pub async fn client(url: String) -> Ws {
    let (ws, _) = tokio_tungstenite::connect_async_with_config(url, Some(client_config()), true)
        .await
        .unwrap();
    ws
}

/// Serves `app` on a loopback port with `TCP_NODELAY`, as the game server does: its address
/// and the task serving it.
pub async fn serve(app: axum::Router) -> (SocketAddr, JoinHandle<()>) {
    let l = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = l.local_addr().unwrap();
    let server =
        tokio::spawn(async move { axum::serve(tegoma_server::no_delay(l), app).await.unwrap() });
    (addr, server)
}

/// Counts what `count` counts for `secs` seconds: per second, the process's CPU (cores) and
/// the CPU per count by thread ([`cpu_per`]).
pub async fn measure(count: &AtomicU64, secs: u64) -> (f64, f64, String) {
    let n0 = count.load(Ordering::Relaxed);
    let c0 = cpu_seconds();
    let threads0 = thread_cpu();
    let t0 = Instant::now();
    tokio::time::sleep(Duration::from_secs(secs)).await;
    let n = count.load(Ordering::Relaxed) - n0;
    let dt = t0.elapsed().as_secs_f64();
    let cpu = (cpu_seconds() - c0) / dt;
    let per = cpu_per(&threads0, &thread_cpu(), n as f64);
    (n as f64 / dt, cpu, per)
}

/// The anchor: a bare WebSocket echo server, `clients` clients each sending and awaiting its
/// echo in a loop for `secs` seconds. Round trips per second.
pub async fn echo_anchor(clients: usize, secs: u64) -> (f64, f64, String) {
    let app = axum::Router::new().route(
        "/echo",
        get(|ws: WebSocketUpgrade| async move {
            // The game server's read buffer, so that both servers read alike.
            ws.read_buffer_size(tegoma_server::ws::READ_BUFFER)
                .on_upgrade(|mut socket| async move {
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
    let (addr, server) = serve(app).await;
    let warm_up = Duration::from_secs(1);
    drive(
        clients,
        warm_up,
        secs,
        server,
        move |_, count, stop| async move {
            let mut ws = client(format!("ws://{addr}/echo")).await;
            let msg = r#"{"type":"move","move":"e2-e4","ref":1}"#;
            while !stop.load(Ordering::Relaxed) {
                ws.send(Message::Text(msg.into())).await.unwrap();
                let _ = ws.next().await;
                count.fetch_add(1, Ordering::Relaxed);
            }
        },
    )
    .await
}

/// Runs `tasks` copies of `task` (each given its number, the shared counter and the stop
/// flag), waits `warm_up`, then [`measure`]s the counter for `secs` seconds; then stops the
/// tasks (each has 5 s to end) and `server`.
pub async fn drive<F, Fut>(
    tasks: usize,
    warm_up: Duration,
    secs: u64,
    server: JoinHandle<()>,
    task: F,
) -> (f64, f64, String)
where
    F: Fn(usize, Arc<AtomicU64>, Arc<AtomicBool>) -> Fut,
    Fut: std::future::Future<Output = ()> + Send + 'static,
{
    let count = Arc::new(AtomicU64::new(0));
    let stop = Arc::new(AtomicBool::new(false));
    let handles: Vec<_> = (0..tasks)
        .map(|i| tokio::spawn(task(i, count.clone(), stop.clone())))
        .collect();
    tokio::time::sleep(warm_up).await;
    let measured = measure(&count, secs).await;
    stop.store(true, Ordering::Relaxed);
    for h in handles {
        let _ = tokio::time::timeout(Duration::from_secs(5), h).await;
    }
    server.abort();
    measured
}
