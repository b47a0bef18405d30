//! A game added by files, with no code change: a copy of Kogoma under another name and style
//! letter (Zogoma, `Z/z`) in a temporary directory named by `TEGOMA_GAMES`, served by the
//! `tegoma-server` binary: listed by `GET /api/games`, played over the HTTP API to its end, and
//! answered by the engine opponent.

mod common;

#[path = "../../game/tests/support/kogoma_copy.rs"]
mod kogoma_copy;

use common::{create, free_addr, fresh_db, json, next_of, play, spawn_server_with, ws};
use kogoma_copy::copy_of_kogoma;

#[tokio::test]
async fn a_game_of_files_is_listed_played_and_answered_by_the_engine() {
    let games = tempfile::Builder::new()
        .prefix("tegoma-games-")
        .tempdir()
        .unwrap();
    copy_of_kogoma(&games.path().join("zogoma"), "Zogoma", 'Z');
    let addr = free_addr();
    let server = spawn_server_with(
        addr,
        &fresh_db("games-dir"),
        &[("TEGOMA_GAMES", games.path())],
    )
    .await;
    // The server is stopped even when a check fails.
    let _server = KillOnDrop(server);

    let (s, v) = json(addr, "GET", "/api/games", None, None).await;
    assert_eq!(s, 200);
    let names: Vec<&str> = v["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        ["chess", "ogi", "chess-ogi", "kogoma", "zogoma"],
        "{v}"
    );
    let z = v["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["name"] == "zogoma")
        .unwrap();
    assert_eq!(
        (&z["display"], &z["id"], &z["styles"], &z["pgn"]),
        (
            &"Zogoma".into(),
            &"tegoma.zogoma/1".into(),
            &"Z/z".into(),
            &false.into()
        ),
        "{z}"
    );
    assert_eq!(z["start_feen"], "rbsgk^/4p/5/P4/K^GSBR / Z/z", "{z}");
    // Nothing is known of its army but its letter: the generic army of `Z`.
    assert_eq!(z["look"]["armies"][0]["style"], "Z", "{z}");
    assert_eq!(z["look"]["armies"][0]["shape"], "pentagon", "{z}");
    assert_eq!(z["starts"][0]["styles"], "Z/z", "{z}");

    // Two players: the Rook takes the Pawn, then the King (mareking).
    let (id, t1, t2) = create(addr, r#"{"rules": "zogoma"}"#).await;
    for (t, mv) in [(&t1, "e1+e4"), (&t2, "a5-a4")] {
        let (s, v) = play(addr, &id, t, mv).await;
        assert_eq!(s, 200, "{mv}: {v}");
        assert!(v["outcome"].is_null(), "{v}");
    }
    let (s, v) = play(addr, &id, &t1, "e4+e5").await;
    assert_eq!(s, 200, "{v}");
    assert_eq!(v["outcome"]["result"], "first", "{v}");
    assert_eq!(v["outcome"]["reason"], "mareking", "{v}");
    let (s, v) = json(addr, "GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(s, 200, "{v}");
    // The record (PCN) names the game and its styles.
    assert_eq!(v["meta"]["rules"], "zogoma", "{v}");
    assert_eq!(v["setup"]["feen"], "rbsgk^/4p/5/P4/K^GSBR / Z/z", "{v}");
    assert_eq!(v["plies"].as_array().unwrap().len(), 3, "{v}");
    assert_eq!(v["outcome"]["status"], "mareking", "{v}");

    // Against the engine: it answers a legal move of the copy.
    let (s, v) = json(
        addr,
        "POST",
        "/api/games",
        None,
        Some(r#"{"rules": "zogoma", "opponent": {"engine": 2}}"#),
    )
    .await;
    assert_eq!(s, 201, "{v}");
    let id = v["id"].as_str().unwrap().to_string();
    let t1 = v["seats"]["first"].as_str().unwrap().to_string();
    let mut w = ws(addr, &id, None).await;
    next_of(&mut w, "state").await;
    assert_eq!(play(addr, &id, &t1, "e1+e4").await.0, 200);
    loop {
        let v = next_of(&mut w, "update").await;
        if v["seq"] == 2 {
            assert_eq!(v["event"]["data"]["side"], "second", "{v}");
            assert_eq!(v["game"]["turn"], "first", "{v}");
            break;
        }
    }
    let (_, v) = json(addr, "GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(v["plies"].as_array().unwrap().len(), 2, "{v}");
}

/// A child process killed when dropped.
struct KillOnDrop(std::process::Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}
