//! The `update` messages of the event stream: a client that applies them to the state it had
//! ends with the same state as a fresh whole state, through moves of every shape (captures,
//! en passant, castling, promotion, the King's privilege, drops), offers, a take-back, a
//! resignation and a clock; each update holds only the cells that changed.

mod common;

use common::*;
use serde_json::{json, Value};

/// Applies an update as the README describes it: the changed cells, the plies after the first
/// `plies_from`, every other field replaced.
fn apply(state: &mut Value, update: &Value) {
    for c in update["cells"].as_array().expect("cells") {
        let cell = state["board"]["rows"]
            .as_array_mut()
            .unwrap()
            .iter_mut()
            .flat_map(|row| row.as_array_mut().unwrap().iter_mut())
            .find(|x| x["cell"] == c["cell"])
            .expect("a cell of the board");
        cell["piece"] = c["piece"].clone();
    }
    let from = update["plies_from"].as_u64().unwrap() as usize;
    let plies = state["plies"].as_array_mut().unwrap();
    assert!(from <= plies.len(), "{update}");
    plies.truncate(from);
    plies.extend(update["plies"].as_array().unwrap().iter().cloned());
    for (k, v) in update.as_object().unwrap() {
        if !matches!(k.as_str(), "cells" | "plies" | "plies_from") {
            state[k] = v.clone();
        }
    }
}

/// The clock's times of both states, removed (the running side's time depends on when each
/// state was written): they must agree within a second.
fn without_times(a: &mut Value, b: &mut Value) {
    for key in ["first_ms", "second_ms"] {
        if a["clock"].is_object() {
            let x = a["clock"][key].take();
            let y = b["clock"][key].take();
            match (x.as_i64(), y.as_i64()) {
                (Some(x), Some(y)) => assert!((x - y).abs() < 1000, "{key}: {x} / {y}"),
                _ => assert_eq!(x, y),
            }
        }
    }
}

/// Plays `steps` (token index, path, body) over HTTP while a spectator applies the updates;
/// after each step the applied state equals a fresh whole state. Returns the updates.
async fn follow(rules_body: &str, steps: &[(usize, &str, Value)]) -> Vec<Value> {
    let addr = start().await;
    let (id, t1, t2) = create(addr, rules_body).await;
    let tokens = [t1, t2];
    let mut w = ws(addr, &id, None).await;
    let mut state = next_of(&mut w, "state").await["game"].clone();
    assert_eq!(state["plies_from"], 0);
    let mut updates = Vec::new();
    for (who, what, body) in steps {
        let path = format!("/api/games/{id}/{what}");
        let body = body.to_string();
        let (s, whole) = json(addr, "POST", &path, Some(&tokens[*who]), Some(&body)).await;
        assert_eq!(s, 200, "{what} {body}: {whole}");
        let u = next_of(&mut w, "update").await;
        assert_eq!(u["seq"], state["seq"].as_i64().unwrap() + 1, "{u}");
        assert_eq!(u["seq"], u["game"]["seq"]);
        apply(&mut state, &u["game"]);
        let (_, fresh) = json(addr, "GET", &format!("/api/games/{id}/state"), None, None).await;
        let mut fresh = fresh["game"].clone();
        let mut applied = state.clone();
        without_times(&mut applied, &mut fresh);
        assert_eq!(applied, fresh, "after {what} {body}");
        let mut applied = state.clone();
        let mut answer = whole.clone();
        without_times(&mut applied, &mut answer);
        assert_eq!(applied, answer, "the HTTP answer after {what} {body}");
        updates.push(u);
    }
    updates
}

fn mv(who: usize, m: &str) -> (usize, &'static str, Value) {
    (who, "moves", json!({"move": m}))
}

fn changed(u: &Value) -> Vec<String> {
    let mut cells: Vec<String> = u["game"]["cells"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| c["cell"].as_str().unwrap().to_string())
        .collect();
    cells.sort();
    cells
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chess_updates_rebuild_the_state() {
    let steps = vec![
        mv(0, "e4"),
        mv(1, "d5"),
        mv(0, "exd5"),
        mv(1, "c5"),
        mv(0, "dxc6"),
        mv(1, "Nf6"),
        mv(0, "cxb7"),
        mv(1, "Nbd7"),
        mv(0, "bxa8=Q"),
        mv(1, "Qc7"),
        mv(0, "Nf3"),
        (1, "draw", json!({"action": "offer"})),
        (0, "draw", json!({"action": "decline"})),
        (0, "takeback", json!({"action": "offer"})),
        (1, "takeback", json!({"action": "accept"})),
        mv(0, "Nf3"),
        mv(1, "e6"),
        mv(0, "Be2"),
        mv(1, "Bd6"),
        mv(0, "O-O"),
        mv(1, "O-O"),
        (0, "resign", json!({})),
    ];
    let u = follow(r#"{"rules": "chess"}"#, &steps).await;
    // Only the cells that changed: a pawn's step, a capture, en passant (the taken pawn's
    // cell too), a promotion with capture, a take-back of a knight's move (the plies before it
    // are kept), both castlings.
    assert_eq!(changed(&u[0]), ["e2", "e4"]);
    assert_eq!(changed(&u[2]), ["d5", "e4"]);
    assert_eq!(changed(&u[4]), ["c5", "c6", "d5"]);
    assert_eq!(changed(&u[8]), ["a8", "b7"]);
    assert_eq!(u[8]["game"]["plies"][0]["san"], "bxa8=Q");
    assert_eq!(changed(&u[14]), ["f3", "g1"]);
    assert_eq!(u[14]["game"]["plies"], json!([]));
    assert_eq!(u[14]["game"]["plies_from"], 10);
    // Castling: king and rook, and the other rook, which loses its castling right (EPIN `+R`
    // becomes `R`); black's a8 rook was taken.
    assert_eq!(changed(&u[19]), ["a1", "e1", "f1", "g1", "h1"]);
    assert_eq!(changed(&u[20]), ["e8", "f8", "g8", "h8"]);
    // Offers and the resignation change no cell.
    assert_eq!(changed(&u[11]), Vec::<String>::new());
    assert_eq!(u[11]["game"]["draw_offer"], "second");
    assert_eq!(u[21]["game"]["outcome"]["reason"], "resignation");
    assert_eq!(u[21]["game"]["legal"], json!([]));
    // An update leaves out what never changes.
    for key in ["id", "rules", "start_feen", "board", "engine"] {
        assert!(u[0]["game"].get(key).is_none(), "{key}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn ogi_updates_rebuild_hands_and_drops() {
    let body = json!({"rules": "ogi", "feen": "7k^/8/8/4S3/8/8/4+r3/4K^3 S/ O/o"}).to_string();
    let steps = vec![
        mv(0, "e1+e2/+R"),
        mv(1, "h8-g8"),
        mv(0, "e5-e6"),
        mv(1, "g8-h8"),
        mv(0, "S*b4"),
    ];
    let u = follow(&body, &steps).await;
    assert_eq!(changed(&u[0]), ["e1", "e2"]);
    assert_eq!(
        u[0]["game"]["hands"]["first"],
        json!([{"piece": "+R", "count": 1}, {"piece": "S", "count": 1}])
    );
    assert_eq!(changed(&u[4]), ["b4"]);
    assert_eq!(
        u[4]["game"]["hands"]["first"],
        json!([{"piece": "+R", "count": 1}])
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn timed_updates_carry_the_clock() {
    let steps = vec![mv(0, "e4"), mv(1, "e5"), mv(0, "Nf3")];
    let u = follow(
        r#"{"rules": "chess", "periods": [{"time": 600, "inc": 2}]}"#,
        &steps,
    )
    .await;
    assert_eq!(u[2]["game"]["clock"]["running"], "second");
    assert!(u[2]["game"]["clock"]["first_ms"].as_i64().unwrap() > 600_000);
}
