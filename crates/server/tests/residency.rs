//! What one game, one seat or one spectator may cost the server: games in memory only while
//! active (none loaded at start, idle ones unloaded, a bound on how many), clocks that fall with
//! no client connected, bounded offers, a rate per seat, reconnects that cost the state and the
//! last events, clients that stop answering let go. Each refusal is typed and stores nothing.

mod common;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use common::*;
use tegoma_server::game::GameLimits;
use tegoma_server::{Hub, Store};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// A hub with these limits on a fresh database, served on a free port.
async fn serve(db: &str, limits: GameLimits) -> (Arc<Hub>, SocketAddr) {
    let store = Store::open(db).await.unwrap();
    let hub = Hub::with_limits(store, Arc::new(tegoma_server::FirstLegal), limits);
    hub.resume().await.unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let app = tegoma_server::app(hub.clone());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    (hub, addr)
}

/// A POST with a seat's token and a JSON body: the status, the `Retry-After` header and the
/// error kind.
async fn post(
    addr: SocketAddr,
    path: &str,
    token: &str,
    body: &str,
) -> (u16, Option<String>, String) {
    let mut s = tokio::net::TcpStream::connect(addr).await.unwrap();
    let req = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\nAuthorization: Bearer {token}\r\n\
         Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await.unwrap();
    let text = String::from_utf8_lossy(&buf).to_string();
    let (head, rest) = text.split_once("\r\n\r\n").unwrap();
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    let retry = head.lines().find_map(|l| {
        l.to_ascii_lowercase()
            .strip_prefix("retry-after:")
            .map(|v| v.trim().to_string())
    });
    let kind = serde_json::from_str::<serde_json::Value>(rest)
        .ok()
        .and_then(|v| v["error"]["kind"].as_str().map(str::to_string))
        .unwrap_or_default();
    (status, retry, kind)
}

async fn events_stored(hub: &Hub, id: &str) -> i64 {
    hub.store().count_events(id).await.unwrap()
}

/// The Giuoco Piano's main line: twenty plies that repeat no position.
const LINE: [&str; 20] = [
    "e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "Nf6", "d4", "exd4", "cxd4", "Bb4+", "Bd2",
    "Bxd2+", "Nbxd2", "d5", "exd5", "Nxd5", "Qb3", "Na5",
];

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn offers_are_bounded_and_a_decline_needs_an_offer() {
    let (hub, addr) = serve(&fresh_db("offers"), GameLimits::default()).await;
    let (id, t1, t2) = create(addr, r#"{"rules": "chess"}"#).await;
    let draw = format!("/api/games/{id}/draw");
    let takeback = format!("/api/games/{id}/takeback");
    let offer = r#"{"action": "offer"}"#;
    let decline = r#"{"action": "decline"}"#;
    // Nothing pending: a decline is refused and not stored.
    assert_eq!(post(addr, &draw, &t1, decline).await.2, "NoOffer");
    assert_eq!(post(addr, &takeback, &t2, decline).await.2, "NoOffer");
    assert_eq!(events_stored(&hub, &id).await, 0);
    // An offer while one's own is pending.
    assert_eq!(post(addr, &draw, &t1, offer).await.0, 200);
    let (s, _, kind) = post(addr, &draw, &t1, offer).await;
    assert_eq!((s, kind.as_str()), (409, "OfferPending"));
    assert_eq!(events_stored(&hub, &id).await, 1);
    // Declined (the opponent) and withdrawn (the offerer): 3 offers a side, then refused.
    assert_eq!(post(addr, &draw, &t2, decline).await.0, 200);
    assert_eq!(post(addr, &draw, &t1, offer).await.0, 200);
    assert_eq!(post(addr, &draw, &t1, decline).await.0, 200, "withdrawn");
    assert_eq!(post(addr, &draw, &t1, offer).await.0, 200);
    assert_eq!(post(addr, &draw, &t2, decline).await.0, 200);
    let (s, _, kind) = post(addr, &draw, &t1, offer).await;
    assert_eq!((s, kind.as_str()), (409, "TooManyOffers"));
    assert_eq!(events_stored(&hub, &id).await, 6);
    // The other side's offers are its own.
    assert_eq!(post(addr, &draw, &t2, offer).await.0, 200);
    // A take-back request needs a move of one's own, and is bounded alike (5 a side).
    assert_eq!(post(addr, &draw, &t2, decline).await.0, 200);
    assert_eq!(play(addr, &id, &t1, "e4").await.0, 200);
    for _ in 0..5 {
        assert_eq!(post(addr, &takeback, &t1, offer).await.0, 200);
        assert_eq!(post(addr, &takeback, &t2, decline).await.0, 200);
    }
    let (s, _, kind) = post(addr, &takeback, &t1, offer).await;
    assert_eq!((s, kind.as_str()), (409, "TooManyOffers"));
    assert_eq!(events_stored(&hub, &id).await, 6 + 2 + 1 + 10);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_counts_of_offers_survive_a_reload() {
    let db = fresh_db("offers-reload");
    let limits = GameLimits {
        max_draw_offers: 1,
        ..GameLimits::default()
    };
    let (id, t1) = {
        let (_hub, addr) = serve(&db, limits.clone()).await;
        let (id, t1, t2) = create(addr, r#"{"rules": "ogi"}"#).await;
        let draw = format!("/api/games/{id}/draw");
        assert_eq!(post(addr, &draw, &t1, r#"{}"#).await.0, 200);
        assert_eq!(
            post(addr, &draw, &t2, r#"{"action": "decline"}"#).await.0,
            200
        );
        (id, t1)
    };
    // Another hub on the same file reads the game from its events.
    let (_hub, addr) = serve(&db, limits).await;
    let (s, _, kind) = post(addr, &format!("/api/games/{id}/draw"), &t1, "{}").await;
    assert_eq!((s, kind.as_str()), (409, "TooManyOffers"));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seat_sending_too_fast_is_refused_by_rate_and_nothing_is_stored() {
    let limits = GameLimits {
        seat_rate: 1.0,
        seat_burst: 4.0,
        ..GameLimits::default()
    };
    let (hub, addr) = serve(&fresh_db("seat-rate"), limits).await;
    let (id, t1, t2) = create(addr, r#"{"rules": "chess"}"#).await;
    let (other, o1, _) = create(addr, r#"{"rules": "chess"}"#).await;
    let moves = format!("/api/games/{id}/moves");
    let mut refused = 0;
    for i in 0..20 {
        // Illegal moves: each is judged, none stored.
        let (s, retry, kind) = post(addr, &moves, &t1, r#"{"move": "e2-e5"}"#).await;
        if s == 429 {
            assert_eq!(kind, "RateLimited");
            let retry: u64 = retry.expect("Retry-After").parse().unwrap();
            assert!((1..=2).contains(&retry), "{retry}");
            refused += 1;
        } else {
            assert!(i < 5, "the burst is 4 actions");
            assert_eq!((s, kind.as_str()), (422, "IllegalMove"));
        }
    }
    assert!(refused >= 15, "{refused}");
    assert_eq!(events_stored(&hub, &id).await, 0);
    // The other seat and the other game are not affected.
    assert_eq!(
        post(addr, &format!("/api/games/{id}/draw"), &t2, "{}")
            .await
            .0,
        200
    );
    assert_eq!(play(addr, &other, &o1, "e4").await.0, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_reconnect_gets_the_state_and_only_the_last_events() {
    let limits = GameLimits {
        replay_events: 8,
        ..GameLimits::default()
    };
    let (_hub, addr) = serve(&fresh_db("since"), limits).await;
    let (id, t1, t2) = create(addr, r#"{"rules": "chess"}"#).await;
    for (i, mv) in LINE.iter().enumerate() {
        let t = if i % 2 == 0 { &t1 } else { &t2 };
        assert_eq!(play(addr, &id, t, mv).await.0, 200, "{mv}");
    }
    // From the start: the 8 last events, 12 missing, then the whole state.
    let mut w = ws(addr, &id, Some(0)).await;
    let ev = next(&mut w).await;
    assert_eq!(ev["type"], "events");
    let seqs: Vec<i64> = ev["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["seq"].as_i64().unwrap())
        .collect();
    assert_eq!(seqs, (13..=20).collect::<Vec<_>>());
    assert_eq!(ev["missing"], 12);
    let st = next(&mut w).await;
    assert_eq!(st["type"], "state");
    assert_eq!(st["seq"], 20);
    assert_eq!(st["game"]["plies"].as_array().unwrap().len(), 20);
    // From a recent number: exactly what was missed.
    let mut w2 = ws(addr, &id, Some(17)).await;
    let ev = next(&mut w2).await;
    assert_eq!(ev["events"].as_array().unwrap().len(), 3);
    assert_eq!(ev["missing"], 0);
    let st2 = next(&mut w2).await;
    assert_eq!(st2, st, "every subscriber gets the same state");
    // Both get the next move once.
    assert_eq!(play(addr, &id, &t1, "O-O").await.0, 200);
    for w in [&mut w, &mut w2] {
        let u = next_game(w).await;
        assert_eq!(
            (u["type"].as_str(), u["seq"].as_i64()),
            (Some("update"), Some(21))
        );
    }
    // A number that is no number is refused.
    let url = format!("ws://{addr}/api/games/{id}/ws?since=x");
    assert!(tokio_tungstenite::connect_async(url).await.is_err());
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_game_is_loaded_at_start_and_the_resident_games_are_bounded() {
    let db = fresh_db("resident");
    let limits = GameLimits {
        max_resident: 5,
        ..GameLimits::default()
    };
    let mut ids = Vec::new();
    {
        let (hub, addr) = serve(&db, limits.clone()).await;
        for _ in 0..30 {
            let (id, t1, _) = create(addr, r#"{"rules": "kogoma"}"#).await;
            let (s, _) = json(addr, "GET", &format!("/api/games/{id}/state"), None, None).await;
            assert_eq!(s, 200);
            ids.push((id, t1));
        }
        let mut n = hub.loaded();
        for _ in 0..50 {
            if n <= 6 {
                break;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
            n = hub.loaded();
        }
        assert!(n <= 6, "{n} games in memory");
        // An unloaded game is read again when asked for, and plays.
        let (id, t1) = &ids[0];
        assert!(!hub.is_loaded(id));
        let (s, v) = json(addr, "GET", &format!("/api/games/{id}/state"), None, None).await;
        assert_eq!((s, v["game"]["rules"].as_str()), (200, Some("kogoma")));
        let first = v["game"]["legal"][0]["pmn"].as_str().unwrap().to_string();
        assert_eq!(play(addr, id, t1, &first).await.0, 200);
    }
    // A server started on 30 unfinished games loads none of them.
    let (hub, _addr) = serve(&db, limits).await;
    tokio::time::sleep(Duration::from_millis(400)).await;
    assert_eq!(hub.loaded(), 0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_clock_falls_with_the_game_out_of_memory_and_no_client() {
    let limits = GameLimits {
        idle_unload: Duration::from_millis(100),
        ..GameLimits::default()
    };
    let (hub, addr) = serve(&fresh_db("wake"), limits).await;
    let (id, t1, _) = create(addr, r#"{"rules": "chess", "periods": [{"time": 4}]}"#).await;
    let (untimed, u1, _) = create(addr, r#"{"rules": "chess"}"#).await;
    assert_eq!(play(addr, &id, &t1, "e4").await.0, 200);
    assert_eq!(play(addr, &untimed, &u1, "e4").await.0, 200);
    let started = std::time::Instant::now();
    // Both leave memory once idle (the timed one with its flag more than 2 s away).
    let mut n = hub.loaded();
    for _ in 0..100 {
        if n == 0 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
        n = hub.loaded();
    }
    assert_eq!(n, 0, "idle games leave memory");
    // Black's flag falls 4 s after 1. e4: the waker starts the game, whose timer ends it.
    let mut events = Vec::new();
    for _ in 0..80 {
        events = hub.store().events(&id, 0).await.unwrap();
        if events.len() == 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(events.len(), 2, "the flag fell with no client");
    assert_eq!(events[1].kind, "timeout");
    let late = events[1].at_ms - events[0].at_ms;
    assert!(
        (4_000..4_600).contains(&late),
        "fell {late} ms after the move"
    );
    assert!(started.elapsed() < Duration::from_secs(8));
    // The untimed game was never woken.
    assert!(!hub.is_loaded(&untimed));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_stops_reading_is_told_to_reconnect() {
    let limits = GameLimits {
        ws_ping: Duration::from_millis(150),
        ws_timeout: Duration::from_millis(250),
        ..GameLimits::default()
    };
    let (_hub, addr) = serve(&fresh_db("pings"), limits).await;
    let (id, _, _) = create(addr, r#"{"rules": "chess"}"#).await;
    // A raw client: the handshake, then nothing read (and so no ping answered) for a while.
    let mut tcp = raw_ws(addr, &id).await;
    tokio::time::sleep(Duration::from_millis(900)).await;
    let mut all = Vec::new();
    tokio::time::timeout(Duration::from_secs(3), tcp.read_to_end(&mut all))
        .await
        .expect("the server closes the connection")
        .unwrap();
    let head = String::from_utf8_lossy(&all);
    assert!(head.starts_with("HTTP/1.1 101"), "{head}");
    let code = close_code(&all);
    assert_eq!(code, Some(tegoma_server::ws::RECONNECT));
}

/// The opening of a WebSocket on a raw connection: the handshake sent, the answer's head read.
async fn raw_ws(addr: SocketAddr, id: &str) -> tokio::net::TcpStream {
    let mut tcp = tokio::net::TcpStream::connect(addr).await.unwrap();
    let req = format!(
        "GET /api/games/{id}/ws HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\n\
         Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\
         Sec-WebSocket-Version: 13\r\n\r\n"
    );
    tcp.write_all(req.as_bytes()).await.unwrap();
    tcp
}

/// The code of the first close frame in what the server sent.
fn close_code(all: &[u8]) -> Option<u16> {
    all.windows(4)
        .find(|w| w[0] == 0x88 && w[1] >= 2)
        .map(|w| u16::from_be_bytes([w[2], w[3]]))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn invalid_frames_are_closed_with_the_protocol_error_code() {
    let (_hub, addr) = serve(&fresh_db("frames"), GameLimits::default()).await;
    let (id, _, _) = create(addr, r#"{"rules": "chess"}"#).await;
    // An unmasked frame from a client, and a frame with a reserved opcode.
    for frame in [&b"\x81\x02hi"[..], &b"\x83\x80\x00\x00\x00\x00"[..]] {
        let mut tcp = raw_ws(addr, &id).await;
        tokio::time::sleep(Duration::from_millis(200)).await;
        tcp.write_all(frame).await.unwrap();
        let mut all = Vec::new();
        tokio::time::timeout(Duration::from_secs(3), tcp.read_to_end(&mut all))
            .await
            .expect("the server closes the connection")
            .unwrap();
        assert_eq!(close_code(&all), Some(1002), "{frame:?}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_damaged_event_is_an_error_at_load_not_dropped() {
    let (hub, addr) = serve(&fresh_db("damaged"), GameLimits::default()).await;
    let (id, _, _) = create(addr, r#"{"rules": "chess"}"#).await;
    let bad = tegoma_server::store::EventRow {
        seq: 1,
        kind: "move".into(),
        data: r#"{"side": "first", "move": "e2-e5"}"#.into(),
        at_ms: 0,
    };
    hub.store().append(&id, &bad).await.unwrap();
    let (s, v) = json(addr, "GET", &format!("/api/games/{id}/state"), None, None).await;
    assert_eq!(s, 500, "{v}");
    assert_eq!(v["error"]["kind"], "Internal");
    assert!(v["error"]["message"]
        .as_str()
        .unwrap()
        .contains("stored event 1"));
}

/// Events stored in today's format (written by hand here, as databases hold them) load: a
/// move, a draw offer and its refusal, a take-back asked and accepted, another move.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn events_in_the_stored_format_load() {
    let (hub, addr) = serve(&fresh_db("stored"), GameLimits::default()).await;
    let (id, _, _) = create(addr, r#"{"rules": "chess"}"#).await;
    let rows = [
        ("move", r#"{"side":"first","move":"e2-e4","elapsed_ms":0}"#),
        (
            "move",
            r#"{"side":"second","move":"e7-e5","elapsed_ms":1200}"#,
        ),
        ("draw", r#"{"side":"first","action":"offer"}"#),
        ("draw", r#"{"side":"second","action":"decline"}"#),
        ("takeback", r#"{"side":"first","action":"offer"}"#),
        (
            "takeback",
            r#"{"side":"second","action":"accept","plies":1}"#,
        ),
        (
            "move",
            r#"{"side":"second","move":"c7-c5","elapsed_ms":300}"#,
        ),
    ];
    for (i, (kind, data)) in rows.iter().enumerate() {
        let row = tegoma_server::store::EventRow {
            seq: i as i64 + 1,
            kind: (*kind).into(),
            data: (*data).into(),
            at_ms: 1_000 + i as i64,
        };
        hub.store().append(&id, &row).await.unwrap();
    }
    let (s, v) = json(addr, "GET", &format!("/api/games/{id}/state"), None, None).await;
    assert_eq!(s, 200, "{v}");
    let plies: Vec<&str> = v["game"]["plies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["pmn"].as_str().unwrap())
        .collect();
    assert_eq!(plies, ["e2-e4", "c7-c5"]);
    assert_eq!(v["game"]["seq"], 7);
    assert_eq!(v["game"]["turn"], "first");
    assert!(v["game"]["draw_offer"].is_null() && v["game"]["takeback_offer"].is_null());
}
