//! The HTTP API and the WebSocket stream: tokens, turns, illegal and malformed moves, endings,
//! clocks, offers, the engine seat, hostile WebSocket clients.

mod common;

use std::time::Duration;

use common::*;
use futures_util::SinkExt;
use serde_json::{json, Value};
use tokio_tungstenite::tungstenite::Message;

const MT: &str = "multi_thread";

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn health_and_creation() {
    let _ = MT;
    let addr = start().await;
    let (s, b) = http(addr, "GET", "/healthz", None, None).await;
    assert_eq!((s, b.as_str()), (200, "ok"));
    let (id, t1, t2) = create(addr, r#"{"rules": "chess"}"#).await;
    assert_eq!(t1.len(), 64, "256-bit tokens in hex");
    assert_ne!(t1, t2);
    assert!(!id.contains(&t1));
    for body in [r#"{"rules": "ogi"}"#, r#"{"rules": "kogoma"}"#] {
        create(addr, body).await;
    }
    let (s, v) = json(addr, "POST", "/api/games", None, Some(r#"{"rules": "go"}"#)).await;
    assert_eq!((s, v["error"]["kind"].as_str()), (422, Some("UnknownGame")));
    let (s, v) = json(
        addr,
        "POST",
        "/api/games",
        None,
        Some(r#"{"rules": "chess", "feen": "9/9 / C/c"}"#),
    )
    .await;
    assert_eq!(s, 422, "{v}");
    // A plain FEN is read for chess (with or without the game's name), not for Ōgi.
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    for body in [
        serde_json::json!({"rules": "chess", "feen": fen}),
        serde_json::json!({"feen": fen}),
    ] {
        let (s, v) = json(addr, "POST", "/api/games", None, Some(&body.to_string())).await;
        assert_eq!(s, 201, "{v}");
        let id = v["id"].as_str().unwrap();
        let (_, state) = json(addr, "GET", &format!("/api/games/{id}/state"), None, None).await;
        assert_eq!(
            state["game"]["feen"],
            "+rnbq+k^bn+r/+p+p+p+p+p+p+p+p/8/8/4-P3/8/+P+P+P+P1+P+P+P/+RNBQ+K^BN+R / c/C"
        );
    }
    let body = serde_json::json!({"rules": "ogi", "feen": fen}).to_string();
    let (s, _) = json(addr, "POST", "/api/games", None, Some(&body)).await;
    assert_eq!(s, 422);
    let (s, v) = json(addr, "POST", "/api/games", None, Some("{not json")).await;
    assert_eq!(
        (s, v["error"]["kind"].as_str()),
        (400, Some("MalformedJson"))
    );
    let (s, v) = json(
        addr,
        "POST",
        "/api/games",
        None,
        Some(r#"{"periods": [{"time": -1}]}"#),
    )
    .await;
    assert_eq!(
        (s, v["error"]["kind"].as_str()),
        (422, Some("InvalidPeriods"))
    );
    let (s, v) = json(addr, "GET", "/api/games/nope", None, None).await;
    assert_eq!(
        (s, v["error"]["kind"].as_str()),
        (404, Some("GameNotFound"))
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_database_file_has_pages_of_2_kib() {
    let db = fresh_db("pages");
    let addr = start_on(&db).await;
    let (id, t1, _) = create(addr, r#"{"rules": "chess"}"#).await;
    let (s, _) = play(addr, &id, &t1, "e2-e4").await;
    assert_eq!(s, 200);
    // SQLite's file format: the page size is the big-endian 16-bit number at offset 16.
    let header = std::fs::read(db.trim_start_matches("sqlite://")).expect("the file");
    assert_eq!(&header[..16], b"SQLite format 3\0");
    assert_eq!(u16::from_be_bytes([header[16], header[17]]), 2048);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tokens_are_stored_hashed() {
    let db = fresh_db("hash");
    let addr = start_on(&db).await;
    let (id, t1, t2) = create(addr, r#"{"rules": "chess"}"#).await;
    let store = tegoma_server::Store::open(&db).await.unwrap();
    let row = store.game(&id).await.unwrap().unwrap();
    // SHA-256 computed independently by the `sha256sum` of coreutils.
    for (t, h) in [(&t1, &row.first_hash), (&t2, &row.second_hash)] {
        let out = std::process::Command::new("sh")
            .arg("-c")
            .arg(format!("printf %s {t} | sha256sum"))
            .output()
            .expect("sha256sum runs");
        let expected = String::from_utf8(out.stdout).unwrap();
        assert_eq!(h.as_deref(), expected.split_whitespace().next());
        assert_ne!(h.as_deref(), Some(t.as_str()));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn tokens_turns_and_moves() {
    let addr = start().await;
    let (id, t1, t2) = create(addr, r#"{"rules": "chess"}"#).await;
    let (_, o1, _) = create(addr, r#"{"rules": "chess"}"#).await;
    let path = format!("/api/games/{id}/moves");
    let (s, v) = json(addr, "POST", &path, None, Some(r#"{"move": "e4"}"#)).await;
    assert_eq!(
        (s, v["error"]["kind"].as_str()),
        (401, Some("MissingToken"))
    );
    let (s, v) = play(addr, &id, "not-a-token", "e4").await;
    assert_eq!((s, v["error"]["kind"].as_str()), (403, Some("WrongToken")));
    let (s, _) = play(addr, &id, &o1, "e4").await;
    assert_eq!(s, 403, "another game's token");
    let (s, v) = play(addr, &id, &t2, "e7-e5").await;
    assert_eq!((s, v["error"]["kind"].as_str()), (409, Some("NotYourTurn")));
    let (s, v) = play(addr, &id, &t1, "e2-e5").await;
    assert_eq!(
        (s, v["error"]["kind"].as_str()),
        (422, Some("IllegalMove")),
        "{v}"
    );
    let (s, v) = play(addr, &id, &t1, "zz9").await;
    assert_eq!(s, 422, "{v}");
    assert_ne!(v["error"]["kind"], "IllegalMove");
    let (s, v) = play(addr, &id, &t1, &"e".repeat(10_000)).await;
    assert_eq!(s, 422, "{v}");
    let (s, v) = json(addr, "POST", &path, Some(&t1), Some(r#"{"mv": "e4"}"#)).await;
    assert_eq!(
        (s, v["error"]["kind"].as_str()),
        (400, Some("MalformedJson"))
    );
    // Scholar's mate, SAN and PMN mixed.
    for (t, mv) in [
        (&t1, "e4"),
        (&t2, "e7-e5"),
        (&t1, "Bc4"),
        (&t2, "Nc6"),
        (&t1, "d1-h5"),
        (&t2, "Nf6"),
    ] {
        let (s, v) = play(addr, &id, t, mv).await;
        assert_eq!(s, 200, "{mv}: {v}");
        assert!(v["outcome"].is_null());
    }
    let (s, v) = play(addr, &id, &t1, "Qxf7#").await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["outcome"]["result"], "first");
    assert_eq!(v["outcome"]["reason"], "checkmate");
    assert_eq!(v["plies"][6]["san"], "Qxf7#");
    assert_eq!(v["plies"][6]["pmn"], "h5+f7");
    let (s, v) = play(addr, &id, &t2, "a6").await;
    assert_eq!((s, v["error"]["kind"].as_str()), (409, Some("GameOver")));
    let (s, v) = json(addr, "GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(s, 200);
    assert_eq!(v["outcome"]["result"], "first");
    assert_eq!(v["plies"].as_array().unwrap().len(), 7);
    let (s, pgn) = http(addr, "GET", &format!("/api/games/{id}/pgn"), None, None).await;
    assert_eq!(s, 200);
    // Ply times are kept as `%emt` comments (R10): the mate, then the result. (Lines wrap where
    // the comments' lengths put them: compare with the whitespace collapsed.)
    let flat = pgn.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(flat.contains("4. Qxf7#"), "{pgn}");
    assert!(pgn.trim_end().ends_with("1-0"), "{pgn}");
    assert!(pgn.contains("[Result \"1-0\"]"), "{pgn}");
    // The seven-tag roster's event and date are the game's: no `????.??.??`.
    assert!(
        pgn.contains(&format!("[Event \"Tegoma game {id}\"]")),
        "{pgn}"
    );
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs();
    let days = now / 86_400;
    let dates: Vec<String> = [days - 1, days]
        .iter()
        .map(|d| {
            let out = std::process::Command::new("date")
                .args(["-u", "-d", &format!("@{}", d * 86_400), "+%Y.%m.%d"])
                .output()
                .unwrap();
            String::from_utf8(out.stdout).unwrap().trim().to_string()
        })
        .collect();
    assert!(
        dates
            .iter()
            .any(|d| pgn.contains(&format!("[Date \"{d}\"]"))),
        "{dates:?} {pgn}"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ogi_illegal_move_forfeits_and_pgn_is_chess_only() {
    let addr = start().await;
    let (id, t1, _) = create(addr, r#"{"rules": "ogi"}"#).await;
    let (s, v) = play(addr, &id, &t1, "e3-e5").await;
    assert_eq!(s, 422, "{v}");
    let (_, v) = json(addr, "GET", &format!("/api/games/{id}/state"), None, None).await;
    assert_eq!(v["game"]["outcome"]["reason"], "illegalmove", "{v}");
    assert_eq!(v["game"]["outcome"]["result"], "second");
    let (s, v) = json(addr, "GET", &format!("/api/games/{id}/pgn"), None, None).await;
    assert_eq!((s, v["error"]["kind"].as_str()), (409, Some("NotChess")));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resign_draw_and_takeback() {
    let addr = start().await;
    let (id, t1, t2) = create(addr, r#"{"rules": "chess"}"#).await;
    let p = |x: &str| format!("/api/games/{id}/{x}");
    assert_eq!(play(addr, &id, &t1, "e4").await.0, 200);
    let (s, v) = json(addr, "POST", &p("takeback"), Some(&t2), None).await;
    assert_eq!(
        (s, v["error"]["kind"].as_str()),
        (409, Some("NothingToTakeBack"))
    );
    let (s, v) = json(addr, "POST", &p("takeback"), Some(&t1), None).await;
    assert_eq!((s, v["takeback_offer"].as_str()), (200, Some("first")));
    let (s, v) = json(
        addr,
        "POST",
        &p("takeback"),
        Some(&t2),
        Some(r#"{"action": "accept"}"#),
    )
    .await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["plies"].as_array().unwrap().len(), 0);
    assert_eq!(v["turn"], "first");
    let (s, v) = json(
        addr,
        "POST",
        &p("draw"),
        Some(&t1),
        Some(r#"{"action": "accept"}"#),
    )
    .await;
    assert_eq!((s, v["error"]["kind"].as_str()), (409, Some("NoOffer")));
    let (s, v) = json(addr, "POST", &p("draw"), Some(&t1), None).await;
    assert_eq!((s, v["draw_offer"].as_str()), (200, Some("first")));
    let (s, v) = json(
        addr,
        "POST",
        &p("draw"),
        Some(&t2),
        Some(r#"{"action": "decline"}"#),
    )
    .await;
    assert_eq!((s, v["draw_offer"].as_null()), (200, Some(())));
    json(addr, "POST", &p("draw"), Some(&t2), None).await;
    let (s, v) = json(addr, "POST", &p("draw"), Some(&t1), None).await;
    assert_eq!(s, 200);
    assert_eq!(v["outcome"]["result"], "draw");
    assert_eq!(v["outcome"]["reason"], "agreement");
    let (id, _, t2) = create(addr, r#"{"rules": "ogi"}"#).await;
    let (s, v) = json(
        addr,
        "POST",
        &format!("/api/games/{id}/resign"),
        Some(&t2),
        None,
    )
    .await;
    assert_eq!((s, v["outcome"]["result"].as_str()), (200, Some("first")));
    assert_eq!(v["outcome"]["reason"], "resignation");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn engine_seat_answers() {
    let addr = start().await;
    let (s, v) = json(
        addr,
        "POST",
        "/api/games",
        None,
        Some(r#"{"rules": "chess", "opponent": {"engine": 3}}"#),
    )
    .await;
    assert_eq!(s, 201);
    assert!(
        v["seats"]["second"].is_null() && v["seats"]["first"].is_string(),
        "{v}"
    );
    let id = v["id"].as_str().unwrap().to_string();
    let t1 = v["seats"]["first"].as_str().unwrap().to_string();
    let mut w = ws(addr, &id, None).await;
    let v = next_of(&mut w, "state").await;
    assert_eq!(v["game"]["engine"]["level"], 3);
    assert_eq!(play(addr, &id, &t1, "e4").await.0, 200);
    loop {
        let v = next_of(&mut w, "update").await;
        if v["seq"] == 2 {
            assert_eq!(v["game"]["turn"], "first");
            assert_eq!(v["event"]["data"]["side"], "second");
            break;
        }
    }
    let (s, _) = json(
        addr,
        "POST",
        "/api/games",
        None,
        Some(r#"{"opponent": {"engine": 9}}"#),
    )
    .await;
    assert_eq!(s, 422);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_server_clock_ends_a_game() {
    let addr = start().await;
    let (id, t1, _) = create(
        addr,
        r#"{"rules": "chess", "periods": [{"time": 1, "inc": 0}]}"#,
    )
    .await;
    let mut w = ws(addr, &id, None).await;
    next_of(&mut w, "state").await;
    assert_eq!(play(addr, &id, &t1, "e4").await.0, 200);
    let v = next_of(&mut w, "update").await;
    assert_eq!(v["game"]["clock"]["running"], "second");
    // Nobody sends anything: the server's own timer ends the game.
    let v = next_of(&mut w, "update").await;
    assert_eq!(v["event"]["kind"], "timeout", "{v}");
    assert_eq!(v["game"]["outcome"]["reason"], "timelimit");
    assert_eq!(v["game"]["outcome"]["result"], "first");
    // The flagged side shows no time left; the other keeps its own.
    assert_eq!(v["game"]["clock"]["second_ms"], 0, "{v}");
    assert!(v["game"]["clock"]["first_ms"].as_u64().unwrap() > 0, "{v}");
    let (_, v) = json(addr, "GET", &format!("/api/games/{id}/state"), None, None).await;
    assert_eq!(v["game"]["clock"]["second_ms"], 0, "{v}");
    // Byōyomi: main time then 1 s per ply.
    let (id, t1, t2) = create(
        addr,
        r#"{"rules": "ogi", "periods": [{"time": 1}, {"time": 1, "moves": 1}]}"#,
    )
    .await;
    assert_eq!(play(addr, &id, &t1, "e3-e4").await.0, 200);
    tokio::time::sleep(Duration::from_millis(1300)).await;
    let (s, v) = play(addr, &id, &t2, "e6-e5").await;
    assert_eq!(s, 200, "main time spills into byoyomi: {v}");
    tokio::time::sleep(Duration::from_millis(2400)).await;
    let (_, v) = json(addr, "GET", &format!("/api/games/{id}/state"), None, None).await;
    assert_eq!(v["game"]["outcome"]["reason"], "timelimit", "{v}");
}

/// `GET /api/games` lists every game the server plays, with what a board needs to offer it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_games_are_listed() {
    let addr = start().await;
    let (s, v) = json(addr, "GET", "/api/games", None, None).await;
    assert_eq!(s, 200, "{v}");
    let games = v["games"].as_array().unwrap();
    let by = |n: &str| games.iter().find(|g| g["name"] == n).cloned().unwrap();
    assert_eq!(by("chess")["styles"], "C/c");
    assert_eq!(by("chess")["pgn"], true);
    assert_eq!(by("chess")["id"], "tegoma.chess/1");
    assert_eq!(by("ogi")["display"], "Ōgi");
    assert_eq!(by("ogi")["pgn"], false);
    assert_eq!(by("kogoma")["styles"], "K/k");
    assert_eq!(by("kogoma")["display"], "Kogoma");
    // What the board draws, as each game's descriptor says (the web board names no game): the
    // squares, and one look per army, keyed by the style letter.
    let chess = &by("chess")["look"];
    assert_eq!(chess["squares"], "checkered");
    let armies = chess["armies"].as_array().unwrap();
    assert_eq!(armies.len(), 1, "{chess}");
    let army = &armies[0];
    assert_eq!(army["style"], "C");
    assert_eq!(army["name"], "Chess");
    assert_eq!(army["sides"], json!({"first": "White", "second": "Black"}));
    assert_eq!(army["shape"], "disc");
    assert_eq!(army["promotion"], "piece");
    assert_eq!(
        (army["turned"].clone(), army["terminal_mark"].clone()),
        (json!(false), json!(true))
    );
    assert!(army["pieces"].as_array().unwrap().contains(
        &json!({"letter": "N", "name": "Knight", "glyph": "fig-knight", "enhanced": "", "second": ""})
    ));
    assert_eq!(army["set"], "figurines");
    let ogi = &by("ogi")["look"];
    assert_eq!(ogi["squares"], "plain");
    let army = &ogi["armies"][0];
    assert_eq!(army["style"], "O");
    assert_eq!(army["name"], "Ōgi");
    assert_eq!(army["sides"]["first"], "First (Sente)");
    assert_eq!(army["shape"], "pentagon");
    assert_eq!(
        (army["turned"].clone(), army["enhanced_mark"].clone()),
        (json!(true), json!(true))
    );
    assert_eq!(army["promotion"], "enhance");
    assert_eq!(army["set"], "characters");
    assert_eq!(army["pieces"][0]["second"], "王");
    assert!(army["pieces"].as_array().unwrap().contains(
        &json!({"letter": "R", "name": "Rook", "glyph": "飛", "enhanced": "龍", "second": ""})
    ));
    // A game of files: the generic army, of its style letter.
    let kogoma = &by("kogoma")["look"];
    let army = &kogoma["armies"][0];
    assert_eq!(army["style"], "K");
    assert_eq!(army["sides"], json!({"first": "First", "second": "Second"}));
    assert_eq!(army["pieces"], json!([]));
    assert_eq!(army["set"], "letters");
    // Every game lists its starts (its `start_feen` first), each with its styles, and whether
    // it has a guide; every style of a start has its army in the look.
    for g in games {
        let starts = g["starts"].as_array().unwrap();
        assert!(!starts.is_empty(), "{g}");
        assert_eq!(starts[0]["feen"], g["start_feen"], "{g}");
        assert_eq!(starts[0]["styles"], g["styles"], "{g}");
        for s in starts {
            let styles = s["styles"].as_str().unwrap();
            assert!(s["feen"].as_str().unwrap().ends_with(styles), "{s}");
            for letter in styles.split('/') {
                let letter = letter.to_ascii_uppercase();
                assert!(
                    g["look"]["armies"]
                        .as_array()
                        .unwrap()
                        .iter()
                        .any(|a| a["style"] == letter.as_str()),
                    "{} has no army {letter}: {}",
                    g["name"],
                    g["look"]
                );
            }
        }
        assert!(g["guide"].is_boolean(), "{g}");
    }
    assert_eq!(
        by("chess")["starts"],
        json!([{"styles": "C/c", "feen": by("chess")["start_feen"]}])
    );
    assert_eq!(by("chess")["guide"], false);
    // Each start position creates a game of that name, alone or with the game's name (as the
    // lobby creates a game of the armies a player chose).
    for g in games {
        let body = json!({"feen": g["start_feen"]}).to_string();
        let (s, v) = json(addr, "POST", "/api/games", None, Some(&body)).await;
        assert_eq!(s, 201, "{v}");
        let id = v["id"].as_str().unwrap();
        let (_, st) = json(addr, "GET", &format!("/api/games/{id}/state"), None, None).await;
        assert_eq!(st["game"]["rules"], g["name"]);
        for start in g["starts"].as_array().unwrap() {
            let body = json!({"rules": g["name"], "feen": start["feen"]}).to_string();
            let (s, v) = json(addr, "POST", "/api/games", None, Some(&body)).await;
            assert_eq!(s, 201, "{v}");
            let id = v["id"].as_str().unwrap();
            let (_, st) = json(addr, "GET", &format!("/api/games/{id}/state"), None, None).await;
            assert_eq!(st["game"]["start_feen"], start["feen"]);
        }
    }
}

/// Periods under 1 s (the game is lost on the first move) or past what the clock can show are
/// refused, and no game is created.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn out_of_range_periods_are_refused() {
    let addr = start().await;
    for periods in [
        r#"[{"time": 0}]"#,
        r#"[{"time": 0.5}]"#,
        r#"[{"time": 1e20}]"#,
        r#"[{"time": 600, "inc": 1e20}]"#,
        r#"[{"time": 600}, {"time": 0, "moves": 1}]"#,
    ] {
        let body = format!(r#"{{"rules": "chess", "periods": {periods}}}"#);
        let (s, v) = json(addr, "POST", "/api/games", None, Some(&body)).await;
        assert_eq!(s, 422, "{periods}: {v}");
        assert_eq!(v["error"]["kind"], "InvalidPeriods", "{periods}");
    }
    let body = r#"{"rules": "chess", "periods": [{"time": 1}, {"time": 31536000, "inc": 5}]}"#;
    assert_eq!(
        json(addr, "POST", "/api/games", None, Some(body)).await.0,
        201
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn spectators_see_everything_and_reconnect() {
    let addr = start().await;
    let (id, t1, t2) = create(addr, r#"{"rules": "chess"}"#).await;
    let mut spectator = ws(addr, &id, None).await;
    let v = next_of(&mut spectator, "state").await;
    assert_eq!(v["seq"], 0);
    for (t, mv) in [(&t1, "e4"), (&t2, "e5"), (&t1, "Nf3")] {
        play(addr, &id, t, mv).await;
        let v = next_of(&mut spectator, "update").await;
        assert_eq!(v["event"]["kind"], "move");
    }
    // A spectator cannot act.
    send(&mut spectator, json!({"type": "move", "move": "Nc6"})).await;
    let v = next_of(&mut spectator, "error").await;
    assert_eq!(v["kind"], "MissingToken");
    // A client that saw event 1 gets 2 and 3, then the state.
    let mut late = ws(addr, &id, Some(1)).await;
    let v = next(&mut late).await;
    assert_eq!(v["type"], "events");
    let seqs: Vec<_> = v["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["seq"].as_i64().unwrap())
        .collect();
    assert_eq!(seqs, [2, 3]);
    let v = next(&mut late).await;
    assert_eq!(
        (v["type"].as_str(), v["seq"].as_i64()),
        (Some("state"), Some(3))
    );
    // A seated client plays over the socket.
    send(&mut late, json!({"type": "auth", "token": t2})).await;
    assert_eq!(next_of(&mut late, "authed").await["side"], "second");
    send(&mut late, json!({"type": "move", "move": "Nc6", "ref": 7})).await;
    let v = next_of(&mut late, "ack").await;
    assert_eq!((v["ref"].as_i64(), v["seq"].as_i64()), (Some(7), Some(4)));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_websocket_clients() {
    let addr = start().await;
    let (id, t1, t2) = create(addr, r#"{"rules": "chess"}"#).await;
    let (other, o1, o2) = create(addr, r#"{"rules": "chess"}"#).await;
    let mut w = ws(addr, &id, None).await;
    next_of(&mut w, "state").await;
    send(&mut w, json!({"type": "auth", "token": o1})).await;
    assert_eq!(next_of(&mut w, "error").await["kind"], "WrongToken");
    w.send(Message::Text("{{{".into())).await.unwrap();
    assert_eq!(next_of(&mut w, "error").await["kind"], "MalformedMessage");
    send(&mut w, json!({"type": "dance"})).await;
    assert_eq!(next_of(&mut w, "error").await["kind"], "UnknownMessageType");
    w.send(Message::Binary(vec![1, 2, 3].into())).await.unwrap();
    assert_eq!(next_of(&mut w, "error").await["kind"], "BinaryMessage");
    send(&mut w, json!({"type": "ping", "pad": "x".repeat(5000)})).await;
    assert_eq!(next_of(&mut w, "error").await["kind"], "MessageTooLarge");
    send(&mut w, json!({"type": "auth", "token": t1})).await;
    next_of(&mut w, "authed").await;
    send(&mut w, json!({"type": "move", "move": "e2-e5"})).await;
    assert_eq!(next_of(&mut w, "error").await["kind"], "IllegalMove");
    send(&mut w, json!({"type": "move", "move": 12})).await;
    assert_eq!(next_of(&mut w, "error").await["kind"], "MalformedMessage");
    // Flooding: pings far above the rate; some are refused with RateLimited.
    for _ in 0..300 {
        w.send(Message::Text(json!({"type": "ping"}).to_string().into()))
            .await
            .unwrap();
    }
    assert_eq!(next_of(&mut w, "error").await["kind"], "RateLimited");
    // A frame far above the limit closes that connection only.
    let mut big = ws(addr, &id, None).await;
    let _ = big.send(Message::Text("x".repeat(200_000).into())).await;
    // The other game is unaffected and so is this one.
    let mut o = ws(addr, &other, None).await;
    next_of(&mut o, "state").await;
    assert_eq!(play(addr, &other, &o1, "d4").await.0, 200);
    assert_eq!(next_of(&mut o, "update").await["seq"], 1);
    assert_eq!(play(addr, &other, &o2, "d5").await.0, 200);
    assert_eq!(play(addr, &id, &t1, "e4").await.0, 200);
    assert_eq!(play(addr, &id, &t2, "e5").await.0, 200);
    let (s, _) = http(addr, "GET", "/healthz", None, None).await;
    assert_eq!(s, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn import_a_pgn_and_a_pcn() {
    let addr = start().await;
    let pgn = "[Event \"x\"]\n\n1. e4 e5 2. Nf3 Nc6 *\n";
    let body = json!({"pgn": pgn}).to_string();
    let (s, v) = json(addr, "POST", "/api/games", None, Some(&body)).await;
    assert_eq!(s, 201, "{v}");
    let id = v["id"].as_str().unwrap();
    let (_, rec) = json(addr, "GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(rec["plies"].as_array().unwrap().len(), 4);
    let body = json!({"pcn": rec.to_string()}).to_string();
    let (s, v) = json(addr, "POST", "/api/games", None, Some(&body)).await;
    assert_eq!(s, 201, "{v}");
    let id2 = v["id"].as_str().unwrap();
    let (_, st) = json(addr, "GET", &format!("/api/games/{id2}/state"), None, None).await;
    assert_eq!(st["game"]["plies"][3]["san"], "Nc6");
    assert_eq!(st["game"]["turn"], "first");
}

/// Each update holds the plies after the first `plies_from`: a client that keeps the plies
/// before them has the whole list, through moves, offers and a take-back.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn streamed_plies_rebuild_the_whole_list() {
    let addr = start().await;
    let (id, t1, t2) = create(addr, r#"{"rules": "chess"}"#).await;
    let mut w = ws(addr, &id, None).await;
    let first = next_of(&mut w, "state").await;
    assert_eq!(first["game"]["plies_from"], 0);
    let mut plies: Vec<Value> = first["game"]["plies"].as_array().unwrap().clone();
    let p = |what: &str| format!("/api/games/{id}/{what}");
    let steps: Vec<(&str, &str, Option<String>)> = vec![
        (&t1, "moves", Some(json!({"move": "e4"}).to_string())),
        (&t2, "moves", Some(json!({"move": "e7-e5"}).to_string())),
        (&t1, "draw", None),
        (&t1, "moves", Some(json!({"move": "Nf3"}).to_string())),
        (&t1, "takeback", None),
        (
            &t2,
            "takeback",
            Some(json!({"action": "accept"}).to_string()),
        ),
        (&t1, "moves", Some(json!({"move": "Bc4"}).to_string())),
    ];
    for (token, what, body) in steps {
        let (s, whole) = json(addr, "POST", &p(what), Some(token), body.as_deref()).await;
        assert_eq!(s, 200, "{what}: {whole}");
        let v = next_of(&mut w, "update").await;
        let from = v["game"]["plies_from"].as_u64().unwrap() as usize;
        assert!(from <= plies.len(), "{v}");
        plies.truncate(from);
        plies.extend(v["game"]["plies"].as_array().unwrap().iter().cloned());
        assert_eq!(&plies, whole["plies"].as_array().unwrap(), "after {what}");
        assert_eq!(whole["plies_from"], 0);
    }
    let sans: Vec<_> = plies.iter().map(|p| p["san"].as_str().unwrap()).collect();
    assert_eq!(sans, ["e4", "e5", "Bc4"]);
}

/// A finished game leaves memory once nothing uses it for the grace period, and is served from
/// the database afterwards; a connected client keeps it; a game still being played stays.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn finished_games_are_unloaded_and_served_again() {
    let hub = tegoma_server::open(
        &fresh_db("unload"),
        std::sync::Arc::new(tegoma_server::FirstLegal),
    )
    .await
    .unwrap();
    hub.unload_finished_after(Duration::from_millis(200));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let app = tegoma_server::app(hub.clone());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    let (done, t1, _) = create(addr, r#"{"rules": "chess"}"#).await;
    let (playing, p1, _) = create(addr, r#"{"rules": "ogi"}"#).await;
    assert_eq!(play(addr, &done, &t1, "e4").await.0, 200);
    assert_eq!(play(addr, &playing, &p1, "e3-e4").await.0, 200);
    let (s, _) = json(
        addr,
        "POST",
        &format!("/api/games/{done}/resign"),
        Some(&t1),
        None,
    )
    .await;
    assert_eq!(s, 200);
    // A watcher keeps the finished game in memory.
    let mut w = ws(addr, &done, None).await;
    next_of(&mut w, "state").await;
    tokio::time::sleep(Duration::from_millis(700)).await;
    assert_eq!(hub.loaded(), 2);
    drop(w);
    let mut left = hub.loaded();
    for _ in 0..50 {
        if left == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
        left = hub.loaded();
    }
    assert_eq!(left, 1, "the finished game leaves, the other stays");
    // Served from the database again: the whole game, its end, its events.
    let (s, v) = json(addr, "GET", &format!("/api/games/{done}/state"), None, None).await;
    assert_eq!(s, 200);
    assert_eq!(v["game"]["outcome"]["reason"], "resignation", "{v}");
    assert_eq!(v["game"]["plies"][0]["san"], "e4");
    assert_eq!(hub.loaded(), 2);
    let (s, v) = json(
        addr,
        "POST",
        &format!("/api/games/{done}/resign"),
        Some(&t1),
        None,
    )
    .await;
    assert_eq!((s, v["error"]["kind"].as_str()), (409, Some("GameOver")));
    // The game in play was never unloaded: it goes on.
    let (s, _) = json(
        addr,
        "GET",
        &format!("/api/games/{playing}/state"),
        None,
        None,
    )
    .await;
    assert_eq!(s, 200);
}

/// `GET /api/games/{name}/guide`: a game's page for players (Markdown), typed 404s otherwise.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn guides_are_served_by_game_name() {
    let addr = start().await;
    let (_, v) = json(addr, "GET", "/api/games", None, None).await;
    for g in v["games"].as_array().unwrap() {
        let name = g["name"].as_str().unwrap();
        let (s, body) = json(addr, "GET", &format!("/api/games/{name}/guide"), None, None).await;
        if g["guide"] == true {
            assert_eq!(s, 200, "{name}: {body}");
        } else {
            assert_eq!(
                (s, body["error"]["kind"].clone()),
                (404, json!("NoGuide")),
                "{name}"
            );
        }
    }
    let (s, body) = json(addr, "GET", "/api/games/chess/guide", None, None).await;
    assert_eq!((s, body["error"]["kind"].clone()), (404, json!("NoGuide")));
    let (s, body) = json(addr, "GET", "/api/games/nosuchgame/guide", None, None).await;
    assert_eq!(
        (s, body["error"]["kind"].clone()),
        (404, json!("UnknownGame"))
    );
}
