//! The transport floor of a move (information, not a goal): what the load benchmark's moves
//! would cost with no game behind them.
//!
//! `cargo run --release -p tegoma-server --example floor -- [GAMES] [SECONDS]` (default 1000, 10).
//!
//! A stand-in server with the game server's message shape and task shape, and nothing else:
//! each "game" is two WebSocket sessions (axum, the same read buffer and `TCP_NODELAY`); a
//! message from one seat is answered, in one write, with an update of about a kilobyte and an
//! acknowledgement, and the same update goes to the other seat's session through a channel,
//! as the server's broadcast does. No rules, no JSON read, no database, no game task. The bots
//! are the load benchmark's, at saturation: one task per game holding both seats, sending a
//! move on the seat to move, reading its acknowledgement, then the update on the other seat.
//!
//! Printed: the echo anchor before and after (as in the load benchmark), the floor's moves per
//! second and their ratio to the echo's round trips, and the CPU per move by thread. Against
//! the load benchmark's saturated phase, the difference is what the game itself costs: rules,
//! updates, the game's task and SQLite.

use std::collections::HashMap;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// The allocator of the server binary, as in the load benchmark.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

use axum::extract::ws::{Message as AxMessage, Utf8Bytes as AxText, WebSocketUpgrade};
use axum::extract::Path;
use axum::routing::get;
use futures_util::{SinkExt, StreamExt};
use tokio::sync::{broadcast, mpsc, oneshot};
use tokio_tungstenite::tungstenite::Message;

mod common;
use common::{client, drive, echo_anchor, load_average, serve};

/// Each game's two sessions: where to send the other seat its update.
type Seats = Arc<Mutex<HashMap<(usize, usize), mpsc::UnboundedSender<AxText>>>>;

/// An update of the size the game server sends after a move (about a kilobyte), with the head
/// the bots look for.
fn update() -> AxText {
    let size: usize = std::env::var("FLOOR_UPDATE_BYTES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1000);
    let mut s = String::from(r#"{"type":"update","seq":1,"game":{"legal":["#);
    while s.len() < size {
        s.push_str(r#"{"pmn":"e2-e4"},"#);
    }
    s.push_str(r#"{"pmn":"e2-e4"}]}}"#);
    AxText::from(s)
}

/// A game's task (the `FLOOR_SHAPE=game` and `game+writer` variants): what a session sends it,
/// where to answer once the move is published.
type Turn = oneshot::Sender<()>;

/// Each game's task and its broadcast, created by the first of its sessions.
type Tasks = Arc<Mutex<HashMap<usize, (mpsc::Sender<Turn>, broadcast::Sender<AxText>)>>>;

/// A stand-in for SQLite's writer thread: answers every waiting write at once, after 1 ms when
/// the batch before held more than one (the server's group commit), doing nothing else.
fn writer() -> mpsc::Sender<oneshot::Sender<()>> {
    let (tx, mut rx) = mpsc::channel::<oneshot::Sender<()>>(4096);
    std::thread::Builder::new()
        .name("sqlite-writer".into())
        .spawn(move || {
            let mut batch = Vec::new();
            let mut concurrent = false;
            while let Some(first) = rx.blocking_recv() {
                if concurrent {
                    std::thread::sleep(Duration::from_millis(1));
                }
                batch.push(first);
                while let Ok(w) = rx.try_recv() {
                    batch.push(w);
                }
                concurrent = batch.len() > 1;
                for w in batch.drain(..) {
                    let _ = w.send(());
                }
            }
        })
        .unwrap();
    tx
}

/// A game's task: a move is (optionally) handed to the writer and awaited, then the update is
/// broadcast and the mover answered.
async fn game_task(
    mut rx: mpsc::Receiver<Turn>,
    out: broadcast::Sender<AxText>,
    writer: Option<mpsc::Sender<oneshot::Sender<()>>>,
) {
    let update = update();
    while let Some(reply) = rx.recv().await {
        if let Some(w) = &writer {
            let (tx, rx) = oneshot::channel();
            if w.send(tx).await.is_err() || rx.await.is_err() {
                break;
            }
        }
        let _ = out.send(update.clone());
        let _ = reply.send(());
    }
}

/// One seat's session with the server's task shape: the move goes to the game's task, the
/// update comes back through the broadcast.
async fn session_shaped(
    mut socket: axum::extract::ws::WebSocket,
    tasks: Tasks,
    writer: Option<mpsc::Sender<oneshot::Sender<()>>>,
    game: usize,
) {
    let (tx, mut live) = {
        let mut t = tasks.lock().unwrap();
        let (tx, out) = t.entry(game).or_insert_with(|| {
            let (tx, rx) = mpsc::channel(256);
            let (out, _) = broadcast::channel(256);
            tokio::spawn(game_task(rx, out.clone(), writer));
            (tx, out)
        });
        (tx.clone(), out.subscribe())
    };
    let ack = AxText::from(r#"{"type":"ack","ref":null,"seq":1}"#);
    loop {
        tokio::select! {
            m = live.recv() => {
                let Ok(t) = m else { break };
                if socket.send(AxMessage::Text(t)).await.is_err() {
                    break;
                }
            }
            m = socket.recv() => {
                match m {
                    Some(Ok(AxMessage::Text(_))) => {}
                    Some(Ok(_)) => continue,
                    _ => break,
                }
                let (reply, answer) = oneshot::channel();
                if tx.send(reply).await.is_err() || answer.await.is_err() {
                    break;
                }
                while let Ok(t) = live.try_recv() {
                    if socket.feed(AxMessage::Text(t)).await.is_err() {
                        return;
                    }
                }
                if socket.feed(AxMessage::Text(ack.clone())).await.is_err()
                    || socket.flush().await.is_err()
                {
                    break;
                }
            }
        }
    }
}

/// One seat's session: a message from the client is answered with the update and an
/// acknowledgement in one write, and the update is sent to the other seat.
async fn session(mut socket: axum::extract::ws::WebSocket, seats: Seats, game: usize, seat: usize) {
    let (tx, mut rx) = mpsc::unbounded_channel();
    seats.lock().unwrap().insert((game, seat), tx);
    let update = update();
    let ack = AxText::from(r#"{"type":"ack","ref":null,"seq":1}"#);
    let mut other: Option<mpsc::UnboundedSender<AxText>> = None;
    loop {
        tokio::select! {
            m = rx.recv() => {
                let Some(t) = m else { break };
                if socket.send(AxMessage::Text(t)).await.is_err() {
                    break;
                }
            }
            m = socket.recv() => {
                match m {
                    Some(Ok(AxMessage::Text(_))) => {}
                    Some(Ok(_)) => continue,
                    _ => break,
                }
                if other.is_none() {
                    other = seats.lock().unwrap().get(&(game, 1 - seat)).cloned();
                }
                if let Some(o) = &other {
                    let _ = o.send(update.clone());
                }
                if socket.feed(AxMessage::Text(update.clone())).await.is_err()
                    || socket.feed(AxMessage::Text(ack.clone())).await.is_err()
                    || socket.flush().await.is_err()
                {
                    break;
                }
            }
        }
    }
}

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    let games: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(1000);
    let secs: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(10);
    let (echo_before, _, echo_per) = echo_anchor(games * 2, secs).await;
    println!(
        "echo: {echo_before:.0} round trips/s ({} clients; load average {})",
        games * 2,
        load_average()
    );

    let seats: Seats = Arc::default();
    let tasks: Tasks = Arc::default();
    // `FLOOR_SHAPE`: `plain` (default), `game` (each move through a game's task and a
    // broadcast, as the server does) or `game+writer` (and a stand-in for SQLite's writer).
    let shape = std::env::var("FLOOR_SHAPE").unwrap_or_else(|_| "plain".into());
    let shaped = shape.starts_with("game");
    let writer = (shape == "game+writer").then(writer);
    println!("shape: {shape}");
    let app = axum::Router::new().route(
        "/game/{game}/{seat}",
        get(
            move |Path((game, seat)): Path<(usize, usize)>, ws: WebSocketUpgrade| async move {
                ws.read_buffer_size(tegoma_server::ws::READ_BUFFER)
                    .on_upgrade(move |socket| async move {
                        if shaped {
                            session_shaped(socket, tasks, writer, game).await
                        } else {
                            session(socket, seats, game, seat.min(1)).await
                        }
                    })
            },
        ),
    );
    let (addr, server) = serve(app).await;
    let warm_up = Duration::from_secs(2);
    let (rate, cpu, per) = drive(
        games,
        warm_up,
        secs,
        server,
        move |game, moves, stop| async move {
            let mut ws = Vec::new();
            for seat in 0..2 {
                ws.push(client(format!("ws://{addr}/game/{game}/{seat}")).await);
            }
            // Both sessions registered before the first move.
            tokio::time::sleep(Duration::from_millis(500)).await;
            let mut side = 0;
            while !stop.load(Ordering::Relaxed) {
                let msg = r#"{"type":"move","move":"e2-e4"}"#;
                if ws[side].send(Message::Text(msg.into())).await.is_err() {
                    return;
                }
                // The mover's update, then its acknowledgement.
                loop {
                    match ws[side].next().await {
                        Some(Ok(Message::Text(t))) if t.starts_with(r#"{"type":"ack""#) => break,
                        Some(Ok(_)) => continue,
                        _ => return,
                    }
                }
                // The other seat's update.
                match ws[1 - side].next().await {
                    Some(Ok(Message::Text(t))) if t.starts_with(r#"{"type":"update""#) => {}
                    _ => return,
                }
                moves.fetch_add(1, Ordering::Relaxed);
                side = 1 - side;
            }
        },
    )
    .await;
    let (echo_after, _, _) = echo_anchor(games * 2, secs).await;
    let echo = (echo_before + echo_after) / 2.0;
    println!("echo again: {echo_after:.0} round trips/s; mean {echo:.0}");
    println!(
        "floor: {games} games at saturation: {rate:.0} moves/s = {:.1}% of echo; process CPU \
         {cpu:.2} cores; load average {}",
        100.0 * rate / echo,
        load_average()
    );
    println!("CPU per round trip or move by thread: echo {echo_per}; floor {per}");
}
