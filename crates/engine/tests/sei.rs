//! SEI 1.0 conformance: every message type, every error class with its JSON Pointer, and the
//! precedence invalid > unsupported > illegal.

mod common;

use common::session;
use serde_json::{json, Value};

fn sei(messages: &[Value]) -> Vec<Value> {
    let input: String = messages.iter().map(|m| format!("{m}\n")).collect();
    session(&input)
        .iter()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{l}: {e}")))
        .collect()
}

/// Raw lines after a `hello` (so that the session is SEI whatever the first line).
fn sei_raw(lines: &[&str]) -> Vec<Value> {
    let input: String = std::iter::once(hello().to_string())
        .chain(lines.iter().map(|m| m.to_string()))
        .map(|m| format!("{m}\n"))
        .collect();
    session(&input)
        .iter()
        .skip(1)
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

fn hello() -> Value {
    json!({"type": "hello", "protocol": "sei", "version": "1.0"})
}

fn error_of(out: &[Value]) -> (String, String) {
    let e = out.iter().find(|m| m["type"] == "error").expect("an error");
    (
        e["error"].as_str().unwrap().to_string(),
        e["pointer"].as_str().unwrap().to_string(),
    )
}

#[test]
fn hello_lists_rules_and_options() {
    let out = sei(&[hello()]);
    let h = &out[0];
    assert_eq!(h["type"], "hello");
    assert_eq!(h["version"], "1.0");
    let rules: Vec<&str> = h["rules"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    for id in ["tegoma.chess/1", "tegoma.ogi/1", "tegoma.kogoma/1"] {
        assert!(rules.contains(&id), "{id}");
    }
    for o in ["hash", "threads", "level", "seed", "move_overhead_ms"] {
        assert!(h["options"][o].is_object(), "{o}");
    }
}

#[test]
fn ping_pong() {
    let out = sei(&[hello(), json!({"type": "ping", "id": "p1"})]);
    assert_eq!(out[1], json!({"type": "pong", "id": "p1"}));
}

#[test]
fn configure_sets_and_reports_options() {
    let out = sei(&[
        hello(),
        json!({"type": "configure", "id": "c", "options": {"hash": 8, "level": 4, "seed": 3}}),
    ]);
    assert_eq!(out[1]["type"], "configured");
    assert_eq!(out[1]["id"], "c");
    assert_eq!(out[1]["options"]["hash"], 8);
    assert_eq!(out[1]["options"]["level"], 4);
    assert_eq!(out[1]["options"]["seed"], 3);
}

#[test]
fn search_every_game() {
    for (rules, moves) in [
        ("tegoma.chess/1", json!(["e2-e4"])),
        ("tegoma.ogi/1", json!(["e3-e4", "e6-e5"])),
        ("tegoma.kogoma/1", json!([])),
    ] {
        let out = sei(&[
            hello(),
            json!({"type": "search", "id": "s", "rules": rules, "moves": moves, "limits": {"depth": 3}}),
        ]);
        let infos: Vec<_> = out.iter().filter(|m| m["type"] == "info").collect();
        assert!(!infos.is_empty(), "{rules}");
        for k in [
            "depth", "seldepth", "score", "nodes", "nps", "time_ms", "pv",
        ] {
            assert!(!infos[0][k].is_null(), "{rules}: {k}");
        }
        let b = out.last().unwrap();
        assert_eq!(b["type"], "bestmove", "{rules}");
        assert_eq!(b["id"], "s");
        assert!(b["move"].is_string());
        assert!(b["score"]["cp"].is_i64() || b["score"]["mate"].is_i64());
    }
}

#[test]
fn search_with_a_position_and_clocks() {
    // Ōgi, Gote to move, byōyomi only.
    let out = sei(&[
        hello(),
        json!({
            "type": "search", "id": "t", "rules": "tegoma.ogi/1",
            "position": "lnsik^snl/1r4b1/pppppppp/8/4P3/PPPP1PPP/1B4R1/LNSIK^SNL / o/O",
            "clock": {
                "first": {"remaining_ms": 0, "byoyomi_ms": 200, "periods": 1},
                "second": {"remaining_ms": 0, "byoyomi_ms": 200, "periods": 1}
            }
        }),
        // Fischer with moves to go, chess.
        json!({
            "type": "search", "id": "u", "rules": "tegoma.chess/1",
            "clock": {
                "first": {"remaining_ms": 300, "increment_ms": 10, "moves_to_go": 10},
                "second": {"remaining_ms": 300, "increment_ms": 10}
            }
        }),
    ]);
    let best: Vec<_> = out.iter().filter(|m| m["type"] == "bestmove").collect();
    // The second search arrived while the first ran: refused as unsupported.
    assert!(best.len() + out.iter().filter(|m| m["type"] == "error").count() == 2);
    assert_eq!(best[0]["id"], "t");
    // Within the 200 ms period (with a margin for a loaded machine).
    assert!(best[0]["time_ms"].as_u64().unwrap() < 300);
}

#[test]
fn cancel_stops_an_infinite_search() {
    let out = sei(&[
        hello(),
        json!({"type": "search", "id": "inf", "rules": "tegoma.chess/1", "limits": {"infinite": true}}),
        json!({"type": "ping", "id": "during"}),
        json!({"type": "cancel", "id": "inf"}),
        json!({"type": "ping", "id": "after"}),
    ]);
    let pos = |t: &str, id: &str| {
        out.iter()
            .position(|m| m["type"] == t && m["id"] == id)
            .unwrap()
    };
    assert!(pos("pong", "during") < pos("bestmove", "inf"));
    assert!(pos("bestmove", "inf") < pos("pong", "after"));
    assert!(out[pos("bestmove", "inf")]["move"].is_string());
}

#[test]
fn quit_ends_the_session() {
    let out = sei(&[hello(), json!({"type": "quit"}), json!({"type": "ping"})]);
    assert_eq!(out.len(), 1);
}

#[test]
fn invalid_messages() {
    let cases: Vec<(&str, &str)> = vec![
        ("{not json", ""),
        ("[1, 2]", ""),
        (r#"{"id": "x"}"#, "/type"),
        (r#"{"type": 3}"#, "/type"),
        (r#"{"type": "ping", "id": 7}"#, "/id"),
        (r#"{"type": "configure"}"#, "/options"),
        (
            r#"{"type": "configure", "options": {"hash": 0}}"#,
            "/options/hash",
        ),
        (
            r#"{"type": "configure", "options": {"level": "max"}}"#,
            "/options/level",
        ),
        (r#"{"type": "search", "rules": "tegoma.chess/1"}"#, "/id"),
        (r#"{"type": "search", "id": "s"}"#, "/rules"),
        (
            r#"{"type": "search", "id": "s", "rules": "tegoma.chess/1", "position": "8/8 / C"}"#,
            "/position",
        ),
        (
            r#"{"type": "search", "id": "s", "rules": "tegoma.chess/1", "moves": "e2-e4"}"#,
            "/moves",
        ),
        (
            r#"{"type": "search", "id": "s", "rules": "tegoma.chess/1", "moves": ["e2-e4", "e7e5!?"]}"#,
            "/moves/1",
        ),
        (
            r#"{"type": "search", "id": "s", "rules": "tegoma.chess/1", "limits": {"depth": -1}}"#,
            "/limits/depth",
        ),
        (
            r#"{"type": "search", "id": "s", "rules": "tegoma.chess/1", "limits": {"speed": 1}}"#,
            "/limits/speed",
        ),
        (
            r#"{"type": "search", "id": "s", "rules": "tegoma.chess/1", "clock": {"first": {}}}"#,
            "/clock/first/remaining_ms",
        ),
        (
            r#"{"type": "search", "id": "s", "rules": "tegoma.chess/1", "colour": "white"}"#,
            "/colour",
        ),
        (r#"{"type": "hello", "version": 1}"#, "/version"),
    ];
    for (line, pointer) in cases {
        let out = sei_raw(&[line]);
        assert_eq!(error_of(&out), ("invalid".into(), pointer.into()), "{line}");
    }
}

#[test]
fn unsupported_messages() {
    let cases: Vec<(&str, &str)> = vec![
        (r#"{"type": "teleport"}"#, "/type"),
        (r#"{"type": "hello", "protocol": "uci"}"#, "/protocol"),
        (r#"{"type": "hello", "version": "2.0"}"#, "/version"),
        (
            r#"{"type": "configure", "options": {"contempt": 3}}"#,
            "/options/contempt",
        ),
        (
            r#"{"type": "search", "id": "s", "rules": "tegoma.go/1"}"#,
            "/rules",
        ),
        (
            r#"{"type": "search", "id": "s", "rules": "tegoma.chess/2"}"#,
            "/rules",
        ),
    ];
    for (line, pointer) in cases {
        let out = sei_raw(&[line]);
        assert_eq!(
            error_of(&out),
            ("unsupported".into(), pointer.into()),
            "{line}"
        );
    }
}

#[test]
fn illegal_messages() {
    let cases: Vec<(Value, &str)> = vec![
        // A move that is not legal.
        (
            json!({"type": "search", "id": "s", "rules": "tegoma.chess/1", "moves": ["e2-e4", "e7-e4"]}),
            "/moves/1",
        ),
        // A position of another game.
        (
            json!({"type": "search", "id": "s", "rules": "tegoma.chess/1",
                "position": "lnsik^snl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIK^SNL / O/o"}),
            "/position",
        ),
        // Sennichite: the fifth move repeats the first from the same position.
        (
            json!({"type": "search", "id": "s", "rules": "tegoma.ogi/1",
                "moves": ["g2-h2", "b7-a7", "h2-g2", "a7-b7", "g2-h2"]}),
            "/moves/4",
        ),
        // A search move that is not legal.
        (
            json!({"type": "search", "id": "s", "rules": "tegoma.chess/1", "searchmoves": ["e2-e5"]}),
            "/searchmoves/0",
        ),
    ];
    for (msg, pointer) in cases {
        let out = sei(std::slice::from_ref(&msg));
        assert_eq!(error_of(&out), ("illegal".into(), pointer.into()), "{msg}");
        assert!(!out.iter().any(|m| m["type"] == "bestmove"));
    }
}

#[test]
fn errors_come_in_order_invalid_unsupported_illegal() {
    // Invalid (bad move text) and unsupported (unknown rules): invalid wins.
    let out = sei(&[json!({"type": "search", "id": "s", "rules": "tegoma.go/1", "moves": ["??"]})]);
    assert_eq!(error_of(&out).0, "invalid");
    // Unsupported (unknown rules) and illegal (a move not legal in chess): unsupported wins.
    let out =
        sei(&[json!({"type": "search", "id": "s", "rules": "tegoma.go/1", "moves": ["e2-e5"]})]);
    assert_eq!(error_of(&out).0, "unsupported");
    // Invalid option value and unknown option: invalid wins.
    let out = sei(&[json!({"type": "configure", "options": {"contempt": 1, "hash": -4}})]);
    assert_eq!(error_of(&out), ("invalid".into(), "/options/hash".into()));
    // The error repeats the message's id.
    let out = sei(&[json!({"type": "search", "id": "q", "rules": "tegoma.go/1"})]);
    assert_eq!(out[0]["id"], "q");
}

#[test]
fn sennichite_is_kept_at_the_root() {
    // After the cycle, g2-h2 is forbidden: the engine must not play it even when asked for it
    // alone; it searches every other legal move instead.
    let out = sei(
        &[json!({"type": "search", "id": "s", "rules": "tegoma.ogi/1",
        "moves": ["g2-h2", "b7-a7", "h2-g2", "a7-b7"], "limits": {"depth": 2}})],
    );
    let b = out.last().unwrap();
    assert_eq!(b["type"], "bestmove");
    assert_ne!(b["move"], "g2-h2");
}

/// A line that is not UTF-8 and a line longer than 1 MiB are each answered with an `invalid`
/// error, and the session goes on (it used to end at the first byte that was not UTF-8).
#[test]
fn bad_bytes_and_overlong_lines_are_invalid_and_the_session_goes_on() {
    let mut input = format!("{}\n", hello()).into_bytes();
    input.extend_from_slice(b"{\"type\": \"ping\", \"id\": \"\xff\"}\n\xfe\n");
    input.extend_from_slice(
        format!(
            "{{\"type\": \"ping\", \"id\": \"{}\"}}\n",
            "x".repeat(2 << 20)
        )
        .as_bytes(),
    );
    input.extend_from_slice(b"{\"type\": \"ping\", \"id\": \"after\"}\n");
    let out: Vec<Value> = common::session_bytes(&input)
        .iter()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(out.len(), 5, "{out:?}");
    for e in &out[1..4] {
        assert_eq!(
            (&e["type"], &e["error"]),
            (&json!("error"), &json!("invalid")),
            "{e}"
        );
    }
    assert!(
        out[1]["message"].as_str().unwrap().contains("UTF-8"),
        "{}",
        out[1]
    );
    assert!(
        out[3]["message"].as_str().unwrap().contains("1 MiB"),
        "{}",
        out[3]
    );
    assert_eq!(out[4], json!({"type": "pong", "id": "after"}));
}
