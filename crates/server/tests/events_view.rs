//! The `events` view of the WebSocket stream (`?view=events`): after the first state, one
//! `event` message per event (the event, the side to move, the clock, the outcome), enough for
//! a client with its own board to follow the game; a game followed only by such clients still
//! gives a client of the `updates` view the right state when it joins.

mod common;

use common::*;
use futures_util::StreamExt;
use serde_json::{json, Value};
use tegoma_game::{AnyMatch, Rules};

/// Opens the game's WebSocket in the `events` view.
async fn events_ws(addr: std::net::SocketAddr, id: &str) -> Ws {
    let url = format!("ws://{addr}/api/games/{id}/ws?view=events");
    let (ws, _) = tokio_tungstenite::connect_async(url)
        .await
        .expect("the WebSocket opens");
    ws
}

/// A chess game followed through the `events` view by a client that keeps its own board: the
/// moves, a take-back and the checkmate, each with the side to move and the outcome.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_with_its_own_board_follows_the_game() {
    let addr = start().await;
    let (id, white, black) = create(addr, r#"{"rules":"chess"}"#).await;
    let mut w = events_ws(addr, &id).await;
    let state = next_of(&mut w, "state").await;
    assert_eq!(state["game"]["seq"], 0);
    let mut board = AnyMatch::new(Rules::by_name("chess").unwrap());

    // (token, path, body, the side to move after it)
    let steps = [
        (&white, "moves", json!({"move": "e2-e4"}), "second"),
        (&black, "moves", json!({"move": "e7-e5"}), "first"),
        (&white, "moves", json!({"move": "f1-c4"}), "second"),
        (&black, "moves", json!({"move": "a7-a6"}), "first"),
        (&black, "takeback", json!({"action": "offer"}), "first"),
        (&white, "takeback", json!({"action": "accept"}), "second"),
        (&black, "moves", json!({"move": "b8-c6"}), "first"),
        (&white, "moves", json!({"move": "d1-h5"}), "second"),
        (&black, "moves", json!({"move": "g8-f6"}), "first"),
        (&white, "moves", json!({"move": "h5+f7"}), "second"),
    ];
    for (seq, (token, what, body, turn)) in steps.iter().enumerate() {
        let path = format!("/api/games/{id}/{what}");
        let (s, answer) = json(addr, "POST", &path, Some(token), Some(&body.to_string())).await;
        assert_eq!(s, 200, "{what} {body}: {answer}");
        let e = next(&mut w).await;
        assert_eq!(e["type"], "event", "{e}");
        assert_eq!(e["seq"], seq as i64 + 1, "{e}");
        assert_eq!(e["event"]["seq"], e["seq"], "{e}");
        assert_eq!(e["turn"], *turn, "{e}");
        assert!(e["clock"].is_null(), "{e}");
        let data = &e["event"]["data"];
        match e["event"]["kind"].as_str().unwrap() {
            "move" => {
                assert_eq!(data["move"], body["move"], "{e}");
                board.play(data["move"].as_str().unwrap(), None).unwrap();
            }
            "takeback" if data["action"] == "accept" => {
                for _ in 0..data["plies"].as_u64().unwrap() {
                    board.take_back().unwrap();
                }
            }
            "takeback" => assert_eq!(data["action"], "offer"),
            other => panic!("unexpected event {other}: {e}"),
        }
        // The client's own board is the server's (the HTTP answer holds the whole state).
        assert_eq!(
            board.feen(),
            answer["feen"].as_str().expect("feen"),
            "{answer}"
        );
        let last = seq + 1 == steps.len();
        assert_eq!(e["outcome"].is_null(), !last, "{e}");
    }
    assert!(
        board.outcome().is_some(),
        "the client's own board sees the mate"
    );
    let (_, state) = json(addr, "GET", &format!("/api/games/{id}/state"), None, None).await;
    assert_eq!(state["game"]["outcome"]["result"], "first");
    assert!(state["game"]["statuses"]
        .as_str()
        .unwrap()
        .contains("checkmate"));
}

/// Plays the first legal move three times in a new Ōgi game, with an `events` client from the
/// start; a client of the `updates` view opens before the first move when `early`, else after
/// the second. Returns that client's state (when it opened) and its update after the third move.
async fn three_moves(addr: std::net::SocketAddr, early: bool) -> (Value, Value) {
    let (id, white, black) = create(addr, r#"{"rules":"ogi"}"#).await;
    let mut e = events_ws(addr, &id).await;
    next_of(&mut e, "state").await;
    let mut u = None;
    let mut opened = Value::Null;
    let tokens = [&white, &black, &white];
    for (i, token) in tokens.into_iter().enumerate() {
        if u.is_none() && (early || i == 2) {
            let mut w = ws(addr, &id, None).await;
            opened = next_of(&mut w, "state").await;
            u = Some(w);
        }
        let (_, now) = json(addr, "GET", &format!("/api/games/{id}/state"), None, None).await;
        let pmn = now["game"]["legal"][0]["pmn"].as_str().unwrap().to_string();
        let (s, after) = play(addr, &id, token, &pmn).await;
        assert_eq!(s, 200, "{after}");
        let ev = next(&mut e).await;
        assert_eq!(
            (ev["type"].clone(), ev["seq"].clone()),
            (json!("event"), json!(i + 1))
        );
    }
    let mut u = u.unwrap();
    let mut update = next_of(&mut u, "update").await;
    while update["seq"] != 3 {
        update = next_of(&mut u, "update").await;
    }
    (opened, update)
}

/// While only `events` clients follow a game, the server writes no updates; a client of the
/// `updates` view joining then gets the whole state as it stands, and from there the same
/// update as a client that followed the game from its start.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_updates_client_joining_later_gets_the_same_updates() {
    let addr = start().await;
    let (late_state, late) = three_moves(addr, false).await;
    let (_, early) = three_moves(addr, true).await;
    assert_eq!(late_state["game"]["seq"], 2);
    assert_eq!(late_state["game"]["plies"].as_array().unwrap().len(), 2);
    assert_eq!(late["game"]["plies_from"], 2, "{late}");
    assert_eq!(late["game"], early["game"]);
    assert_eq!(
        late["event"]["data"]["move"],
        early["event"]["data"]["move"]
    );
}

/// A view the server does not know is refused before the upgrade.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unknown_view_is_refused() {
    let addr = start().await;
    let (id, _, _) = create(addr, r#"{"rules":"chess"}"#).await;
    let url = format!("ws://{addr}/api/games/{id}/ws?view=moves");
    let err = tokio_tungstenite::connect_async(url)
        .await
        .expect_err("no WebSocket");
    let tokio_tungstenite::tungstenite::Error::Http(response) = err else {
        panic!("an HTTP answer: {err}");
    };
    assert_eq!(response.status(), 400);
    let body: Value = serde_json::from_slice(response.body().as_deref().unwrap()).unwrap();
    assert_eq!(body["error"]["kind"], "UnknownView", "{body}");
    // The stream's own messages are not involved: a WebSocket of the default view still opens.
    let mut w = ws(addr, &id, None).await;
    assert!(w.next().await.is_some());
}
