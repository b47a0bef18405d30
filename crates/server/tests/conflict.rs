//! Two servers on one SQLite file: a move judged on a stale game (the other server stored an
//! event with the same number first) is not kept; the game is rebuilt from the database and
//! the move judged again.

mod common;

use common::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_move_whose_number_is_taken_is_judged_again_on_the_stored_game() {
    let db = fresh_db("conflict");
    let a = start_on(&db).await;
    let b = start_on(&db).await;
    let (id, t1, t2) = create(a, r#"{"rules": "chess"}"#).await;
    // Server b loads the game before any move.
    let (s, _) = json(b, "GET", &format!("/api/games/{id}/state"), None, None).await;
    assert_eq!(s, 200);
    assert_eq!(play(a, &id, &t1, "e4").await.0, 200);
    // b still has the start position: it plays d4 for the first side, finds event 1 taken,
    // reads the stored game again and refuses the move (it is the second side's turn).
    let (s, v) = play(b, &id, &t1, "d4").await;
    assert_eq!(
        (s, v["error"]["kind"].as_str()),
        (409, Some("NotYourTurn")),
        "{v}"
    );
    let (_, v) = json(b, "GET", &format!("/api/games/{id}/state"), None, None).await;
    let plies: Vec<_> = v["game"]["plies"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["pmn"].as_str().unwrap().to_string())
        .collect();
    assert_eq!(plies, ["e2-e4"]);
    // The game goes on through b.
    let (s, v) = play(b, &id, &t2, "e5").await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["plies"].as_array().unwrap().len(), 2);
}
