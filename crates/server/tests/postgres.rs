//! Several processes on one PostgreSQL database: a player on each of two server processes plays
//! a whole game; every move reaches the other process's player through `LISTEN/NOTIFY`.
//!
//! Needs a PostgreSQL database in `TEGOMA_TEST_POSTGRES` (a URL): `scripts/test-server.sh`
//! installs PostgreSQL when missing, starts a throwaway cluster under `target/` and runs this.

mod common;

use common::*;
use serde_json::json;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs PostgreSQL (TEGOMA_TEST_POSTGRES): run scripts/test-server.sh"]
async fn two_processes_one_game() {
    let url = std::env::var("TEGOMA_TEST_POSTGRES")
        .expect("TEGOMA_TEST_POSTGRES must name a PostgreSQL database (scripts/test-server.sh)");
    let (a, b) = (free_addr(), free_addr());
    let mut pa = spawn_server(a, &url).await;
    let mut pb = spawn_server(b, &url).await;
    let (id, t1, t2) = create(
        a,
        r#"{"rules": "chess", "periods": [{"time": 600, "inc": 0}]}"#,
    )
    .await;
    let mut white = ws(a, &id, None).await;
    let mut black = ws(b, &id, None).await;
    next_of(&mut white, "state").await;
    next_of(&mut black, "state").await;
    send(&mut white, json!({"type": "auth", "token": t1})).await;
    send(&mut black, json!({"type": "auth", "token": t2})).await;
    next_of(&mut white, "authed").await;
    next_of(&mut black, "authed").await;
    let moves = ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"];
    for (i, mv) in moves.iter().enumerate() {
        let (me, other) = if i % 2 == 0 {
            (&mut white, &mut black)
        } else {
            (&mut black, &mut white)
        };
        send(me, json!({"type": "move", "move": mv})).await;
        let ack = next_of(me, "ack").await;
        assert_eq!(ack["seq"], i as i64 + 1, "{ack}");
        // The other process publishes the move to its player.
        let st = loop {
            let st = next_game(other).await;
            if st["seq"] == i as i64 + 1 {
                break st;
            }
        };
        // Updates hold the plies after the first `plies_from` (a whole state: 0).
        let from = st["game"]["plies_from"].as_u64().unwrap() as usize;
        assert_eq!(st["game"]["plies"][i - from]["san"], *mv, "{st}");
    }
    // Both processes agree on the end.
    for addr in [a, b] {
        let (_, v) = json(addr, "GET", &format!("/api/games/{id}/state"), None, None).await;
        assert_eq!(v["game"]["outcome"]["reason"], "checkmate");
        assert_eq!(v["game"]["plies"].as_array().unwrap().len(), 7);
    }
    // A move sent to the process that did not see the last one first is judged on fresh state.
    let (id, t1, t2) = create(b, r#"{"rules": "ogi"}"#).await;
    assert_eq!(play(a, &id, &t1, "e3-e4").await.0, 200);
    assert_eq!(play(b, &id, &t2, "e6-e5").await.0, 200);
    let (s, v) = play(b, &id, &t2, "d6-d5").await;
    assert_eq!((s, v["error"]["kind"].as_str()), (409, Some("NotYourTurn")));
    assert_eq!(play(b, &id, &t1, "d3-d4").await.0, 200);
    let (_, v) = json(a, "GET", &format!("/api/games/{id}/state"), None, None).await;
    assert_eq!(v["game"]["plies"].as_array().unwrap().len(), 3);
    pa.kill().unwrap();
    pb.kill().unwrap();
    let _ = (pa.wait(), pb.wait());
}
