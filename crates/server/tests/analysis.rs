//! The analysis board's route, `POST /api/analysis` (issue 51): any position of any game, its
//! picture and legal moves, the engine's evaluation and line; and every one of its limits.

mod common;

use std::net::{IpAddr, SocketAddr};

use common::*;
use serde_json::{json, Value};
use tegoma_server::analysis::AnalysisLimits;
use tegoma_server::{Rate, ServerConfig, Shutdown};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpSocket;

const CHESS_START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";
const OGI_START: &str = "lnsik^snl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIK^SNL / O/o";

async fn analyse(addr: SocketAddr, body: Value) -> (u16, Value) {
    json(addr, "POST", "/api/analysis", None, Some(&body.to_string())).await
}

/// The piece on a cell of an answer's board.
fn piece(v: &Value, cell: &str) -> Value {
    for row in v["board"]["rows"].as_array().unwrap() {
        for c in row.as_array().unwrap() {
            if c["cell"] == cell {
                return c["piece"].clone();
            }
        }
    }
    panic!("no cell {cell}");
}

fn kind(v: &Value) -> &str {
    v["error"]["kind"].as_str().unwrap_or("")
}

#[tokio::test]
async fn a_chess_position_after_moves_in_san_uci_and_pmn() {
    let addr = start().await;
    // A plain FEN, as POST /api/games takes it; SAN, UCI and PMN mixed.
    let (s, v) = analyse(
        addr,
        json!({"feen": CHESS_START, "moves": ["e4", "e7e5", "g1-f3"], "movetime_ms": 0}),
    )
    .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["rules"], "chess");
    assert_eq!(
        v["fen"],
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R b KQkq - 1 2"
    );
    assert_eq!(v["turn"], "second");
    // Counted by hand: seven pawns with one or two steps (14), the knights 2 + 3, the bishop
    // on f8 5, the queen 4 (e7 f6 g5 h4), the king 1 (e7).
    assert_eq!(v["legal"].as_array().unwrap().len(), 29);
    let nf6 = v["legal"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["pmn"] == "g8-f6")
        .expect("g8-f6 is legal");
    assert_eq!(
        (&nf6["from"], &nf6["to"], &nf6["san"], &nf6["uci"]),
        (&json!("g8"), &json!("f6"), &json!("Nf6"), &json!("g8f6"))
    );
    assert_eq!(piece(&v, "f3"), "N");
    assert!(piece(&v, "g1").is_null());
    let plies: Vec<&str> = v["plies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["san"].as_str().unwrap())
        .collect();
    assert_eq!(plies, ["e4", "e5", "Nf3"]);
    assert!(v["statuses"].is_array());
    // No search at movetime 0.
    for k in ["score", "depth", "pv", "pv_san"] {
        assert!(v.get(k).is_none(), "{k} without a search: {v}");
    }
}

#[tokio::test]
async fn the_score_is_the_side_to_moves_and_a_mate_is_signed() {
    let addr = start().await;
    // Scholar's mate pending: Qh5xf7 is the only mate in one (by hand).
    let (s, v) = analyse(
        addr,
        json!({"feen": "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
               "movetime_ms": 300}),
    )
    .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["score"], json!({"mate": 1}), "{v}");
    assert_eq!(v["pv"][0], "h5+f7");
    assert_eq!(v["pv_san"][0], "Qxf7#");
    assert!(v["depth"].as_u64().unwrap() >= 1);
    // Black to move against three queens: lost for the side to move, so negative.
    let (s, v) = analyse(
        addr,
        json!({"feen": "4k3/8/8/8/8/8/8/QQQ1K3 b - - 0 1", "movetime_ms": 300}),
    )
    .await;
    assert_eq!(s, 200, "{v}");
    let lost = match (v["score"]["cp"].as_i64(), v["score"]["mate"].as_i64()) {
        (Some(cp), None) => cp < -1000,
        (None, Some(m)) => m < 0,
        _ => false,
    };
    assert!(lost, "{v}");
    // A finished position: no search, the outcome said.
    let (s, v) = analyse(
        addr,
        json!({"feen": CHESS_START, "moves": ["f3", "e5", "g4", "Qh4#"], "movetime_ms": 300}),
    )
    .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["outcome"]["result"], "second");
    assert!(v["legal"].as_array().unwrap().is_empty());
    assert!(v.get("score").is_none());
    assert!(v["statuses"]
        .as_array()
        .unwrap()
        .contains(&json!("checkmate")));
}

#[tokio::test]
async fn ogi_and_kogoma_positions_with_the_engine() {
    let addr = start().await;
    let (s, v) = analyse(
        addr,
        json!({"feen": OGI_START, "moves": ["a3-a4"], "movetime_ms": 200}),
    )
    .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["rules"], "ogi");
    assert_eq!(piece(&v, "a4"), "P");
    assert!(piece(&v, "a3").is_null());
    assert_eq!(v["turn"], "second");
    assert!(v["hands"]["first"].is_array());
    assert!(v.get("pv_san").is_none(), "Ōgi has no SAN");
    let first = v["pv"][0].as_str().expect("a line");
    assert!(
        v["legal"]
            .as_array()
            .unwrap()
            .iter()
            .any(|l| l["pmn"] == first),
        "{first} is a legal move"
    );
    assert!(v["score"]["cp"].is_i64() || v["score"]["mate"].is_i64());
    // Ōgi's illegal move is refused here (no forfeit): named by its index.
    let (s, v) = analyse(
        addr,
        json!({"feen": OGI_START, "moves": ["a3-a4", "a6-a5", "a4-a2"]}),
    )
    .await;
    assert_eq!(s, 422, "{v}");
    assert_eq!(kind(&v), "IllegalMove");
    assert!(v["error"]["message"].as_str().unwrap().contains("moves[2]"));
    let (s, v) = analyse(
        addr,
        json!({"feen": "rbsgk^/4p/5/P4/K^GSBR / K/k", "movetime_ms": 100}),
    )
    .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["rules"], "kogoma");
    assert_eq!(v["board"]["files"], 5);
    assert!(v["pv"].as_array().is_some_and(|p| !p.is_empty()), "{v}");
}

#[tokio::test]
async fn bad_requests_are_typed_errors() {
    let addr = start().await;
    let (s, v) = analyse(
        addr,
        json!({"feen": CHESS_START, "moves": ["e4", "e5", "Ke3"]}),
    )
    .await;
    assert_eq!(s, 422, "{v}");
    assert_eq!(kind(&v), "IllegalMove");
    assert!(v["error"]["message"].as_str().unwrap().contains("moves[2]"));
    let (s, v) = analyse(addr, json!({"feen": CHESS_START, "movetime_ms": 2001})).await;
    assert_eq!((s, kind(&v)), (422, "InvalidMovetime"), "{v}");
    let (s, v) = analyse(
        addr,
        json!({"feen": CHESS_START, "movetime_ms": 2000, "moves": ["e4"]}),
    )
    .await;
    assert_eq!(s, 200, "2,000 ms is allowed: {v}");
    let (s, v) = analyse(addr, json!({"feen": "not a position"})).await;
    assert_eq!(s, 422, "{v}");
    let (s, v) = analyse(addr, json!({"moves": []})).await;
    assert_eq!((s, kind(&v)), (400, "MalformedJson"), "{v}");
    let (s, v) = analyse(addr, json!({"feen": CHESS_START, "movetime_ms": -1})).await;
    assert_eq!((s, kind(&v)), (400, "MalformedJson"), "{v}");
    // The moves' count (default 1,024) and the body's size (default 64 KiB).
    let many = vec!["e4"; 1025];
    let (s, v) = analyse(addr, json!({"feen": CHESS_START, "moves": many})).await;
    assert_eq!((s, kind(&v)), (422, "TooManyMoves"), "{v}");
    let long = "x".repeat(70 * 1024);
    let (s, v) = analyse(addr, json!({"feen": CHESS_START, "rules": long})).await;
    assert_eq!((s, kind(&v)), (413, "BodyTooLarge"), "{v}");
    let (s, v) = analyse(addr, json!({"feen": "x".repeat(5000)})).await;
    assert_eq!((s, kind(&v)), (422, "FeenTooLong"), "{v}");
}

/// A server with `analysis` limits and no other limit per address.
async fn start_limited(analysis: AnalysisLimits) -> SocketAddr {
    let hub = tegoma_server::open(
        &fresh_db("analysis"),
        std::sync::Arc::new(tegoma_server::FirstLegal),
    )
    .await
    .expect("the database opens");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let config = ServerConfig {
        analysis,
        ..ServerConfig::without_address_limits()
    };
    tokio::spawn(tegoma_server::serve_with(
        listener,
        hub,
        config,
        Shutdown::new(),
    ));
    addr
}

/// One request from the address `from` (a loopback address); status, `Retry-After`, body.
async fn post_from(addr: SocketAddr, from: &str, body: Value) -> (u16, Option<String>, Value) {
    let sock = TcpSocket::new_v4().unwrap();
    sock.bind(SocketAddr::new(from.parse::<IpAddr>().unwrap(), 0))
        .unwrap();
    let mut s = sock.connect(addr).await.expect("connect");
    let body = body.to_string();
    let req = format!(
        "POST /api/analysis HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut buf = Vec::new();
    s.read_to_end(&mut buf).await.unwrap();
    let text = String::from_utf8_lossy(&buf).to_string();
    let (head, rest) = text.split_once("\r\n\r\n").expect("an HTTP answer");
    let status = head.split(' ').nth(1).unwrap().parse().unwrap();
    let retry = head.lines().find_map(|l| {
        l.to_ascii_lowercase()
            .strip_prefix("retry-after:")
            .map(|v| v.trim().to_string())
    });
    (
        status,
        retry,
        serde_json::from_str(rest).unwrap_or(Value::Null),
    )
}

fn search(ms: u64) -> Value {
    json!({"feen": CHESS_START, "moves": ["e4"], "movetime_ms": ms})
}

#[tokio::test]
async fn one_search_at_a_time_per_address() {
    let addr = start_limited(AnalysisLimits {
        max_searches: 4,
        ..AnalysisLimits::default().without_address_limits()
    })
    .await;
    // Two searches of 1.5 s sent together from one address: they overlap, one is refused.
    let (a, b) = tokio::join!(
        post_from(addr, "127.0.0.1", search(1500)),
        post_from(addr, "127.0.0.1", search(1500))
    );
    let mut got = [(a.0, kind(&a.2).to_string()), (b.0, kind(&b.2).to_string())];
    got.sort();
    assert_eq!(got[0].0, 200);
    assert_eq!((got[1].0, got[1].1.as_str()), (429, "AnalysisRunning"));
    // Another address searches meanwhile.
    let (a, b) = tokio::join!(
        post_from(addr, "127.0.0.1", search(800)),
        post_from(addr, "127.0.0.2", search(800))
    );
    assert_eq!((a.0, b.0), (200, 200), "{} {}", a.2, b.2);
    // Moves without search are not held back by a search running.
    let (a, b) = tokio::join!(
        post_from(addr, "127.0.0.1", search(1000)),
        post_from(addr, "127.0.0.1", search(0))
    );
    assert_eq!((a.0, b.0), (200, 200), "{} {}", a.2, b.2);
}

#[tokio::test]
async fn the_server_runs_a_bounded_number_of_searches() {
    let addr = start_limited(AnalysisLimits {
        max_searches: 1,
        ..AnalysisLimits::default().without_address_limits()
    })
    .await;
    let (a, b) = tokio::join!(
        post_from(addr, "127.0.0.1", search(1500)),
        post_from(addr, "127.0.0.2", search(1500))
    );
    let mut got = [
        (a.0, kind(&a.2).to_string(), a.1),
        (b.0, kind(&b.2).to_string(), b.1),
    ];
    got.sort();
    assert_eq!(got[0].0, 200);
    assert_eq!((got[1].0, got[1].1.as_str()), (503, "EngineBusy"));
    assert_eq!(got[1].2.as_deref(), Some("1"), "Retry-After");
    // Positions without search need no engine.
    let (a, b) = tokio::join!(
        post_from(addr, "127.0.0.1", search(1000)),
        post_from(addr, "127.0.0.2", search(0))
    );
    assert_eq!((a.0, b.0), (200, 200));
}

#[tokio::test]
async fn searches_and_positions_have_rates_per_address() {
    let addr = start_limited(AnalysisLimits {
        rate_searches: Some(Rate::per_minute(1, 2)),
        rate_positions: Some(Rate::per_minute(1, 3)),
        ..AnalysisLimits::default()
    })
    .await;
    for _ in 0..2 {
        let (s, _, v) = post_from(addr, "127.0.0.1", search(20)).await;
        assert_eq!(s, 200, "{v}");
    }
    let (s, retry, v) = post_from(addr, "127.0.0.1", search(20)).await;
    assert_eq!((s, kind(&v)), (429, "RateLimited"), "{v}");
    let secs: u64 = retry.expect("Retry-After").parse().unwrap();
    assert!((1..=60).contains(&secs), "{secs}");
    // Another address has its own bucket; positions without search have theirs.
    let (s, _, _) = post_from(addr, "127.0.0.2", search(20)).await;
    assert_eq!(s, 200);
    for _ in 0..3 {
        let (s, _, v) = post_from(addr, "127.0.0.1", search(0)).await;
        assert_eq!(s, 200, "{v}");
    }
    let (s, _, v) = post_from(addr, "127.0.0.1", search(0)).await;
    assert_eq!((s, kind(&v)), (429, "RateLimited"), "{v}");
}

#[test]
fn the_default_rate_of_positions_is_much_looser_than_of_searches() {
    let d = AnalysisLimits::default();
    let per_s = |r: Rate| f64::from(r.per) / r.period.as_secs_f64();
    assert!(per_s(d.rate_positions.unwrap()) >= 20.0 * per_s(d.rate_searches.unwrap()));
    assert!(d.max_searches >= 1);
}
