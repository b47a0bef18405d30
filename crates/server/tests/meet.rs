//! Where players meet: names per seat (their limits, the live state, the records, a restart),
//! open games in the lobby (its bound, its expiry), the join race, rematches.

mod common;

use common::*;
use serde_json::{json, Value};

fn kind(v: &Value) -> Option<&str> {
    v["error"]["kind"].as_str()
}

async fn set_name(addr: std::net::SocketAddr, id: &str, token: &str, name: Value) -> (u16, Value) {
    let body = json!({ "name": name }).to_string();
    let path = format!("/api/games/{id}/name");
    json(addr, "POST", &path, Some(token), Some(&body)).await
}

async fn state(addr: std::net::SocketAddr, id: &str) -> Value {
    let (s, v) = json(addr, "GET", &format!("/api/games/{id}/state"), None, None).await;
    assert_eq!(s, 200, "{v}");
    v["game"].clone()
}

async fn join(addr: std::net::SocketAddr, id: &str, name: &str) -> (u16, Value) {
    let body = json!({ "name": name }).to_string();
    json(
        addr,
        "POST",
        &format!("/api/games/{id}/join"),
        None,
        Some(&body),
    )
    .await
}

async fn lobby(addr: std::net::SocketAddr) -> Vec<Value> {
    let (s, v) = json(addr, "GET", "/api/lobby", None, None).await;
    assert_eq!(s, 200, "{v}");
    v["games"].as_array().unwrap().clone()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn names_are_checked_stored_shown_and_written_in_records() {
    let db = fresh_db("meet-names");
    let addr = start_on(&db).await;
    let (id, t1, t2) = create(addr, r#"{"rules": "chess", "name": "  Ann  "}"#).await;
    let g = state(addr, &id).await;
    assert_eq!(g["names"], json!({"first": "Ann", "second": null}));

    // PGN's unknown player is `?`.
    let (_, pgn) = http(addr, "GET", &format!("/api/games/{id}/pgn"), None, None).await;
    assert!(pgn.contains("[White \"Ann\"]"), "{pgn}");
    assert!(pgn.contains("[Black \"?\"]"), "{pgn}");

    // The limit is 40 characters, not bytes: 40 × "é" (80 bytes) is a name, 41 is not.
    let forty = "é".repeat(40);
    let (s, v) = set_name(addr, &id, &t2, json!(forty)).await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["names"]["second"], json!(forty));
    for bad in [
        json!("é".repeat(41)),
        json!("a\u{7}b"),
        json!("line\nbreak"),
        json!(7),
    ] {
        let (s, v) = set_name(addr, &id, &t2, bad.clone()).await;
        assert_eq!((s, kind(&v)), (422, Some("InvalidName")), "{bad}: {v}");
    }
    let (s, v) = json(
        addr,
        "POST",
        "/api/games",
        None,
        Some(&json!({"name": "x".repeat(41)}).to_string()),
    )
    .await;
    assert_eq!((s, kind(&v)), (422, Some("InvalidName")));
    // A seat names itself only: no token, a wrong one.
    let path = format!("/api/games/{id}/name");
    let (s, v) = json(addr, "POST", &path, None, Some(r#"{"name": "X"}"#)).await;
    assert_eq!((s, kind(&v)), (401, Some("MissingToken")));
    let (s, v) = set_name(addr, &id, "nope", json!("X")).await;
    assert_eq!((s, kind(&v)), (403, Some("WrongToken")));

    // A change reaches the players' WebSocket at once.
    let mut w = ws(addr, &id, None).await;
    let first = next_of(&mut w, "state").await;
    assert_eq!(first["game"]["names"]["second"], json!(forty));
    let (s, _) = set_name(addr, &id, &t2, json!("Bob")).await;
    assert_eq!(s, 200);
    let pushed = next_of(&mut w, "state").await;
    assert_eq!(
        pushed["game"]["names"],
        json!({"first": "Ann", "second": "Bob"})
    );
    // Empty is no name.
    let (s, v) = set_name(addr, &id, &t1, json!("   ")).await;
    assert_eq!((s, v["names"]["first"].clone()), (200, Value::Null));
    let pushed = next_of(&mut w, "state").await;
    assert_eq!(pushed["game"]["names"]["first"], Value::Null);
    let (s, _) = set_name(addr, &id, &t1, json!("Ann Z")).await;
    assert_eq!(s, 200);
    // A move's update keeps them, and the move's answer holds them.
    let (s, v) = play(addr, &id, &t1, "e4").await;
    assert_eq!((s, v["names"]["first"].as_str()), (200, Some("Ann Z")));

    let (_, pgn) = http(addr, "GET", &format!("/api/games/{id}/pgn"), None, None).await;
    assert!(pgn.contains("[White \"Ann Z\"]"), "{pgn}");
    assert!(pgn.contains("[Black \"Bob\"]"), "{pgn}");
    let (_, pcn) = json(addr, "GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(
        pcn["sides"],
        json!({"first": {"name": "Ann Z"}, "second": {"name": "Bob"}})
    );

    // Another server on the same database (a restart) has the names.
    let again = start_on(&db).await;
    assert_eq!(
        state(again, &id).await["names"],
        json!({"first": "Ann Z", "second": "Bob"})
    );

    // Against the computer: the name is the human's, the computer is named in the records.
    let (id, _, _) = create(
        addr,
        r#"{"rules": "chess", "name": "Cy", "opponent": {"engine": 1, "side": "first"}}"#,
    )
    .await;
    let g = state(addr, &id).await;
    assert_eq!(g["names"], json!({"first": null, "second": "Cy"}));
    let (_, pgn) = http(addr, "GET", &format!("/api/games/{id}/pgn"), None, None).await;
    assert!(pgn.contains("[White \"Tegoma engine (level 1)\"]"), "{pgn}");
    assert!(pgn.contains("[Black \"Cy\"]"), "{pgn}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn open_games_are_listed_until_joined() {
    let addr = start().await;
    for (body, want) in [
        (
            r#"{"open": true, "opponent": {"engine": 2}}"#,
            "InvalidOpen",
        ),
        (r#"{"open": "yes"}"#, "InvalidOpen"),
        (r#"{"open": true, "seat": "third"}"#, "InvalidSeat"),
        (
            r#"{"open": true, "pgn": "[Event \"x\"]\n\n1. e4 *"}"#,
            "InvalidOpen",
        ),
    ] {
        let (s, v) = json(addr, "POST", "/api/games", None, Some(body)).await;
        assert_eq!((s, kind(&v)), (422, Some(want)), "{body}: {v}");
    }
    let (s, v) = json(
        addr,
        "POST",
        "/api/games",
        None,
        Some(r#"{"rules": "ogi", "open": true, "seat": "second", "name": "Kai", "periods": [{"time": 300}]}"#),
    )
    .await;
    assert_eq!(s, 201, "{v}");
    let id = v["id"].as_str().unwrap().to_string();
    // The creator holds one seat: the one it asked for.
    assert!(v["seats"]["first"].is_null(), "{v}");
    let mine = v["seats"]["second"].as_str().unwrap().to_string();
    let listed = lobby(addr).await;
    let g = listed
        .iter()
        .find(|g| g["id"] == json!(id))
        .expect("listed");
    assert_eq!(g["rules"], "ogi");
    assert_eq!(g["name"], "Kai");
    assert_eq!(g["seat"], "first");
    assert_eq!(g["periods"], json!([{"time": 300}]));
    assert_eq!(g["styles"], "O/o");
    assert!(g["start_feen"].as_str().unwrap().ends_with(" O/o"));
    assert!(g["created_ms"].as_i64().unwrap() > 0);
    let st = state(addr, &id).await;
    assert_eq!(st["open"], "first");
    // Until someone joins, the game waits: no move, no offer; resigning is allowed.
    let (s, v) = json(
        addr,
        "POST",
        &format!("/api/games/{id}/draw"),
        Some(&mine),
        Some("{}"),
    )
    .await;
    assert_eq!((s, kind(&v)), (409, Some("WaitingForOpponent")), "{v}");

    let (s, v) = join(addr, &id, "Léa").await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["seat"], "first");
    let theirs = v["token"].as_str().unwrap().to_string();
    assert!(!lobby(addr).await.iter().any(|g| g["id"] == json!(id)));
    let st = state(addr, &id).await;
    assert_eq!(st["open"], Value::Null);
    assert_eq!(st["names"], json!({"first": "Léa", "second": "Kai"}));
    let (s, v) = play(addr, &id, &theirs, "g3-g4").await;
    assert_eq!(s, 200, "{v}");
    let (s, v) = join(addr, &id, "Late").await;
    assert_eq!((s, kind(&v)), (409, Some("SeatTaken")));

    // A game not offered in the lobby cannot be joined; an unknown one is not found.
    let (other, _, _) = create(addr, r#"{"rules": "chess"}"#).await;
    let (s, v) = join(addr, &other, "X").await;
    assert_eq!((s, kind(&v)), (409, Some("NotOpen")));
    let (s, _) = join(addr, "0123456789abcdef01234567", "X").await;
    assert_eq!(s, 404);
    let (s, v) = join(addr, &other, &"y".repeat(41)).await;
    assert_eq!((s, kind(&v)), (422, Some("InvalidName")));

    // A creator who resigns before anyone joins takes the game off the lobby.
    let (gone, t, _) = create(addr, r#"{"open": true}"#).await;
    assert!(lobby(addr).await.iter().any(|g| g["id"] == json!(gone)));
    let (s, _) = json(
        addr,
        "POST",
        &format!("/api/games/{gone}/resign"),
        Some(&t),
        None,
    )
    .await;
    assert_eq!(s, 200);
    assert!(!lobby(addr).await.iter().any(|g| g["id"] == json!(gone)));
    let (s, v) = join(addr, &gone, "X").await;
    assert_eq!((s, kind(&v)), (409, Some("GameOver")));
    // Nor is there anyone to play a rematch with.
    let (s, v) = json(
        addr,
        "POST",
        &format!("/api/games/{gone}/rematch"),
        Some(&t),
        None,
    )
    .await;
    assert_eq!((s, kind(&v)), (409, Some("NoOpponent")));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn of_many_concurrent_joins_exactly_one_gets_the_seat() {
    let addr = start().await;
    for round in 0..3 {
        let (id, creator, _) = create(addr, r#"{"rules": "chess", "open": true}"#).await;
        let joins: Vec<_> = (0..24)
            .map(|i| {
                let id = id.clone();
                tokio::spawn(async move { join(addr, &id, &format!("P{i}")).await })
            })
            .collect();
        let mut won = Vec::new();
        for j in joins {
            let (s, v) = j.await.unwrap();
            match s {
                200 => won.push(v),
                409 => assert_eq!(kind(&v), Some("SeatTaken"), "{v}"),
                other => panic!("round {round}: {other} {v}"),
            }
        }
        assert_eq!(won.len(), 1, "round {round}: exactly one join succeeds");
        let token = won[0]["token"].as_str().unwrap();
        assert_eq!(won[0]["seat"], "second");
        // The winner's token holds the seat; the state names the winner.
        let (s, _) = play(addr, &id, &creator, "e4").await;
        assert_eq!(s, 200);
        let (s, v) = play(addr, &id, token, "e5").await;
        assert_eq!(s, 200, "{v}");
        let st = state(addr, &id).await;
        assert!(
            st["names"]["second"].as_str().unwrap().starts_with('P'),
            "{st}"
        );
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_lists_the_newest_100_and_forgets_stale_games() {
    let db = fresh_db("meet-lobby");
    let addr = start_on(&db).await;
    let mut ids = Vec::new();
    for i in 0..105 {
        let body = json!({"open": true, "name": format!("N{i}")}).to_string();
        let (id, _, _) = create(addr, &body).await;
        ids.push(id);
    }
    let listed = lobby(addr).await;
    assert_eq!(listed.len(), 100, "at most 100 games");
    let times: Vec<i64> = listed
        .iter()
        .map(|g| g["created_ms"].as_i64().unwrap())
        .collect();
    assert!(times.windows(2).all(|w| w[0] >= w[1]), "newest first");
    assert!(listed.iter().any(|g| g["id"] == json!(ids[104])));
    assert!(
        !listed.iter().any(|g| g["id"] == json!(ids[0])),
        "the oldest left out"
    );

    // An hour later the seat is no longer offered (the row aged by hand: 1 h 1 s).
    sqlx::any::install_default_drivers();
    let pool = sqlx::AnyPool::connect(&db).await.unwrap();
    sqlx::query("UPDATE seats SET open_ms = open_ms - 3601000 WHERE game_id = $1")
        .bind(&ids[104])
        .execute(&pool)
        .await
        .unwrap();
    // The game in memory reads its seats when it starts: a fresh server.
    let again = start_on(&db).await;
    assert!(!lobby(again)
        .await
        .iter()
        .any(|g| g["id"] == json!(ids[104])));
    let (s, v) = join(again, &ids[104], "Late").await;
    assert_eq!((s, kind(&v)), (410, Some("OpenSeatExpired")), "{v}");
    let (s, _) = join(again, &ids[103], "OnTime").await;
    assert_eq!(s, 200);
}

async fn rematch(addr: std::net::SocketAddr, id: &str, token: &str, action: &str) -> (u16, Value) {
    let body = json!({ "action": action }).to_string();
    let path = format!("/api/games/{id}/rematch");
    json(addr, "POST", &path, Some(token), Some(&body)).await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn rematches_swap_the_seats() {
    let addr = start().await;
    let (id, t1, t2) = create(
        addr,
        r#"{"rules": "chess", "name": "Ann", "periods": [{"time": 300, "inc": 2}]}"#,
    )
    .await;
    let (s, _) = set_name(addr, &id, &t2, json!("Bob")).await;
    assert_eq!(s, 200);
    let (s, v) = rematch(addr, &id, &t1, "offer").await;
    assert_eq!((s, kind(&v)), (409, Some("GameNotOver")));
    let (s, _) = json(
        addr,
        "POST",
        &format!("/api/games/{id}/resign"),
        Some(&t2),
        None,
    )
    .await;
    assert_eq!(s, 200);
    let mut w = ws(addr, &id, None).await;
    let _ = next_of(&mut w, "state").await;

    let (s, v) = rematch(addr, &id, &t2, "accept").await;
    assert_eq!((s, kind(&v)), (409, Some("NoOffer")));
    let (s, v) = rematch(addr, &id, &t1, "offer").await;
    assert_eq!(
        (s, v["rematch"]["offer"].as_str()),
        (200, Some("first")),
        "{v}"
    );
    let pushed = next_of(&mut w, "state").await;
    assert_eq!(pushed["game"]["rematch"]["offer"], "first");
    let (s, v) = rematch(addr, &id, &t1, "offer").await;
    assert_eq!((s, kind(&v)), (409, Some("OfferPending")));
    // Declined, offered again, accepted.
    let (s, v) = rematch(addr, &id, &t2, "decline").await;
    assert_eq!((s, v["rematch"]["offer"].clone()), (200, Value::Null));
    let (s, _) = rematch(addr, &id, &t2, "offer").await;
    assert_eq!(s, 200);
    let (s, v) = rematch(addr, &id, &t1, "accept").await;
    assert_eq!(s, 200, "{v}");
    let new = v["rematch"]["game"]
        .as_str()
        .expect("the rematch's id")
        .to_string();
    assert_ne!(new, id);
    loop {
        let pushed = next_of(&mut w, "state").await;
        if pushed["game"]["rematch"]["game"] == json!(new) {
            break;
        }
    }
    // Asked again: the same rematch.
    let (_, v) = rematch(addr, &id, &t2, "offer").await;
    assert_eq!(v["rematch"]["game"], json!(new));

    // The same rules, start and clock; each token holds the other seat; names follow.
    let st = state(addr, &new).await;
    let old = state(addr, &id).await;
    assert_eq!(st["start_feen"], old["start_feen"]);
    assert_eq!(st["rules"], "chess");
    assert_eq!(st["names"], json!({"first": "Bob", "second": "Ann"}));
    assert_eq!(st["clock"]["first_ms"], 300_000);
    let (s, v) = play(addr, &new, &t1, "e4").await;
    assert_eq!(
        (s, kind(&v)),
        (409, Some("NotYourTurn")),
        "Ann plays second now"
    );
    let (s, _) = play(addr, &new, &t2, "e4").await;
    assert_eq!(s, 200);
    let (s, _) = play(addr, &new, &t1, "e5").await;
    assert_eq!(s, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rematch_against_the_computer_starts_at_once() {
    let addr = start().await;
    let (id, t1, _) = create(
        addr,
        r#"{"rules": "chess", "name": "Cy", "opponent": {"engine": 3}}"#,
    )
    .await;
    let (s, _) = json(
        addr,
        "POST",
        &format!("/api/games/{id}/resign"),
        Some(&t1),
        None,
    )
    .await;
    assert_eq!(s, 200);
    let (s, v) = rematch(addr, &id, &t1, "offer").await;
    assert_eq!(s, 200, "{v}");
    let new = v["rematch"]["game"]
        .as_str()
        .expect("made at once")
        .to_string();
    let st = state(addr, &new).await;
    assert_eq!(st["engine"], json!({"side": "first", "level": 3}));
    assert_eq!(st["names"], json!({"first": null, "second": "Cy"}));
    // The computer moves first; then the player's same token plays second.
    let mut w = ws(addr, &new, None).await;
    let mut seq = next_of(&mut w, "state").await["seq"].as_i64().unwrap();
    while seq < 1 {
        seq = next_game(&mut w).await["seq"].as_i64().unwrap();
    }
    let st = state(addr, &new).await;
    assert_eq!(st["turn"], "second");
    let mv = st["legal"][0]["pmn"]
        .as_str()
        .expect("a legal move")
        .to_string();
    let (s, v) = play(addr, &new, &t1, &mv).await;
    assert_eq!(s, 200, "{v}");
}

/// Two server processes on one PostgreSQL database: visitors racing for a seat through both get
/// it exactly once; a name set through one reaches a player connected to the other.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL (TEGOMA_TEST_POSTGRES): run scripts/test-server.sh"]
async fn postgres_two_processes_one_seat() {
    let url = std::env::var("TEGOMA_TEST_POSTGRES")
        .expect("TEGOMA_TEST_POSTGRES must name a PostgreSQL database (scripts/test-server.sh)");
    let (a, b) = (free_addr(), free_addr());
    let mut pa = spawn_server(a, &url).await;
    let mut pb = spawn_server(b, &url).await;
    let (id, creator, _) = create(a, r#"{"open": true, "name": "Ann"}"#).await;
    // Both processes have the game in memory before the race.
    let _ = state(a, &id).await;
    let _ = state(b, &id).await;
    let joins: Vec<_> = (0..16)
        .map(|i| {
            let id = id.clone();
            let at = if i % 2 == 0 { a } else { b };
            tokio::spawn(async move { join(at, &id, &format!("P{i}")).await })
        })
        .collect();
    let mut won = Vec::new();
    for j in joins {
        let (s, v) = j.await.unwrap();
        match s {
            200 => won.push(v),
            409 => assert_eq!(kind(&v), Some("SeatTaken"), "{v}"),
            other => panic!("{other} {v}"),
        }
    }
    assert_eq!(won.len(), 1, "exactly one join succeeds across processes");
    let token = won[0]["token"].as_str().unwrap().to_string();
    // The creator's process learns that the seat is taken: the game starts there.
    let mut started = false;
    for _ in 0..50 {
        if play(a, &id, &creator, "e4").await.0 == 200 {
            started = true;
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(started, "the creator could move on its process");
    let mut w = ws(a, &id, None).await;
    let _ = next_of(&mut w, "state").await;
    let (s, _) = set_name(b, &id, &token, json!("Zoe")).await;
    assert_eq!(s, 200);
    loop {
        let m = next_of(&mut w, "state").await;
        if m["game"]["names"]["second"] == "Zoe" {
            break;
        }
    }
    let _ = pa.kill();
    let _ = pb.kill();
    let _ = pa.wait();
    let _ = pb.wait();
}
