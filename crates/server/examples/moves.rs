//! A deterministic measure of the game task's work (not a test): the same random games, Chess
//! and Ōgi, played move by move through the hub with a subscriber to the web board's `updates`
//! stream, as a WebSocket session does, without the network. Counted in instructions, which
//! do not move with the machine's load as its rates do:
//!
//! ```text
//! cargo build --release -p tegoma-server --example moves
//! valgrind --tool=callgrind --collect-atstart=no --toggle-collect='moves::play_all*' \
//!     target/release/examples/moves 8
//! ```
//!
//! The argument is the number of games of each rule system (default 8, seeded: the same games
//! every run). Only the tasks polled by `play_all`'s thread are counted, so SQLite's writer
//! thread is left out; run `examples/load` for the whole server.

use std::sync::Arc;
use std::time::Instant;

use tegoma_protocol::Side;
use tegoma_server::game::{Action, Feed};

#[path = "common/games.rs"]
mod games;
use games::random_games;

/// The allocator of the server binary, so that the count is the server's.
#[global_allocator]
static GLOBAL: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// A game played in advance: each ply's side and PMN.
type Game = Vec<(Side, String)>;

/// Plays every game's moves through the hub, reading every update: moves played and bytes of
/// updates received.
async fn play_all(hub: &Arc<tegoma_server::Hub>, all: &[(&str, Vec<Game>)]) -> (usize, usize) {
    let (mut moves, mut bytes) = (0, 0);
    for (rules, games) in all {
        for plies in games {
            let created = hub.create(rules, None, None, None).await.unwrap();
            let g = hub.get(&created.id).await.unwrap().unwrap();
            let mut sub = g.subscribe_to(i64::MAX, Feed::Updates).await.unwrap();
            for (side, pmn) in plies {
                g.act_streamed(*side, Action::Move(pmn.clone()))
                    .await
                    .unwrap();
                while let Ok(update) = sub.live.try_recv() {
                    bytes += update.text.len();
                }
                moves += 1;
            }
        }
    }
    (moves, bytes)
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let count: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(8);
    let all = [
        ("chess", random_games("chess", count, 1, 300)),
        ("ogi", random_games("ogi", count, 2, 300)),
    ];
    let dir = std::env::temp_dir().join(format!("tegoma-moves-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let db = format!("sqlite://{}/moves.db", dir.display());
    let hub = tegoma_server::open(&db, Arc::new(tegoma_server::FirstLegal))
        .await
        .unwrap();
    let t = Instant::now();
    let (moves, bytes) = play_all(&hub, &all).await;
    println!(
        "{moves} moves, {bytes} bytes of updates, {:.1} µs a move (wall, with SQLite's commits)",
        t.elapsed().as_secs_f64() * 1e6 / moves as f64
    );
    let _ = std::fs::remove_dir_all(&dir);
}
