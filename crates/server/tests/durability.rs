//! Durability: the server process is killed with SIGKILL while 200 games are being played; once
//! it is started again on the same SQLite file, every move it acknowledged is there, the clocks
//! run again and every game can be finished.

mod common;

use std::sync::Arc;
use std::time::Duration;

use common::*;
use tokio::sync::Mutex;

const GAMES: usize = 200;

/// A tiny deterministic generator to pick moves.
fn next_rand(s: &mut u64) -> u64 {
    *s ^= *s << 13;
    *s ^= *s >> 7;
    *s ^= *s << 17;
    *s
}

struct Played {
    id: String,
    tokens: [String; 2],
    acked: Vec<String>,
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigkill_keeps_every_acknowledged_move() {
    let db = fresh_db("durability");
    let addr = free_addr();
    let mut server = spawn_server(addr, &db).await;
    let mut games = Vec::new();
    for i in 0..GAMES {
        let rules = if i % 2 == 0 { "chess" } else { "ogi" };
        let body = format!(r#"{{"rules": "{rules}", "periods": [{{"time": 3600, "inc": 1}}]}}"#);
        let (id, t1, t2) = create(addr, &body).await;
        games.push(Arc::new(Mutex::new(Played {
            id,
            tokens: [t1, t2],
            acked: Vec::new(),
        })));
    }
    // Every game is played by its own task until the server dies.
    let mut tasks = Vec::new();
    for (i, g) in games.iter().enumerate() {
        let g = g.clone();
        tasks.push(tokio::spawn(async move {
            let mut seed = 0x9E37_79B9_7F4A_7C15u64 ^ (i as u64 + 1);
            let id = g.lock().await.id.clone();
            loop {
                let (s, v) = match tokio::time::timeout(
                    Duration::from_secs(5),
                    http(addr, "GET", &format!("/api/games/{id}/state"), None, None),
                )
                .await
                {
                    Ok((s, b)) => (
                        s,
                        serde_json::from_str::<serde_json::Value>(&b).unwrap_or_default(),
                    ),
                    Err(_) => return,
                };
                if s != 200 || !v["game"]["outcome"].is_null() {
                    return;
                }
                let legal = v["game"]["legal"].as_array().cloned().unwrap_or_default();
                if legal.is_empty() {
                    return;
                }
                let mv = legal[(next_rand(&mut seed) % legal.len() as u64) as usize]["pmn"]
                    .as_str()
                    .unwrap()
                    .to_string();
                let side = usize::from(v["game"]["turn"] == "second");
                let token = g.lock().await.tokens[side].clone();
                let (s, v) = play(addr, &id, &token, &mv).await;
                if s != 200 {
                    return;
                }
                let pmn = v["plies"].as_array().unwrap().last().unwrap()["pmn"]
                    .as_str()
                    .unwrap()
                    .to_string();
                g.lock().await.acked.push(pmn);
                if !v["outcome"].is_null() {
                    return;
                }
            }
        }));
    }
    // Let the games run, then kill the server in the middle of them.
    let mut waited = 0;
    loop {
        tokio::time::sleep(Duration::from_millis(100)).await;
        waited += 100;
        let mut total = 0;
        for g in &games {
            total += g.lock().await.acked.len();
        }
        if total >= 2000 || waited >= 20_000 {
            break;
        }
    }
    server.kill().expect("SIGKILL"); // Child::kill sends SIGKILL on Unix
    server.wait().unwrap();
    // The players' requests fail from now on: their tasks end.
    for t in tasks {
        let _ = tokio::time::timeout(Duration::from_secs(10), t).await;
    }
    let mut total = 0;
    for g in &games {
        total += g.lock().await.acked.len();
    }
    assert!(
        total >= 400,
        "the games were under way when the server died ({total} moves)"
    );

    let mut server = spawn_server(addr, &db).await;
    let mut running_clocks = 0;
    for g in &games {
        let g = g.lock().await;
        let (s, v) = json(
            addr,
            "GET",
            &format!("/api/games/{}/state", g.id),
            None,
            None,
        )
        .await;
        assert_eq!(s, 200);
        let stored: Vec<String> = v["game"]["plies"]
            .as_array()
            .unwrap()
            .iter()
            .map(|p| p["pmn"].as_str().unwrap().to_string())
            .collect();
        // Every acknowledged move is there; at most the one in flight besides.
        assert_eq!(
            stored[..g.acked.len().min(stored.len())],
            g.acked[..],
            "game {}",
            g.id
        );
        assert!(stored.len() >= g.acked.len() && stored.len() <= g.acked.len() + 1);
        if v["game"]["outcome"].is_null() && !stored.is_empty() {
            let clock = &v["game"]["clock"];
            assert_eq!(clock["running"], v["game"]["turn"], "the clock runs again");
            let left = clock[format!("{}_ms", v["game"]["turn"].as_str().unwrap())]
                .as_u64()
                .unwrap();
            assert!(left > 0 && left <= 3_600_000 + 1_000 * stored.len() as u64);
            running_clocks += 1;
        }
    }
    assert!(running_clocks > 0);
    // Every game can be played on and finished.
    for g in &games {
        let g = g.lock().await;
        let (_, v) = json(
            addr,
            "GET",
            &format!("/api/games/{}/state", g.id),
            None,
            None,
        )
        .await;
        if !v["game"]["outcome"].is_null() {
            continue;
        }
        let side = usize::from(v["game"]["turn"] == "second");
        let mv = v["game"]["legal"][0]["pmn"].as_str().unwrap().to_string();
        let (s, v) = play(addr, &g.id, &g.tokens[side], &mv).await;
        assert_eq!(s, 200, "{v}");
        if v["outcome"].is_null() {
            let (s, v) = json(
                addr,
                "POST",
                &format!("/api/games/{}/resign", g.id),
                Some(&g.tokens[0]),
                None,
            )
            .await;
            assert_eq!(
                (s, v["outcome"]["reason"].as_str()),
                (200, Some("resignation"))
            );
        }
    }
    server.kill().unwrap();
    server.wait().unwrap();
}
