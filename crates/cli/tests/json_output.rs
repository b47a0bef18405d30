//! `--json` on `moves`, `status`, `perft` and `replay`: one JSON object per line, for scripts
//! (issue 12; the shapes are in docs/cli.md).
use std::process::Command;

mod common;
use common::TempFile;

use serde_json::{json, Value};

fn objects(args: &[&str]) -> (Vec<Value>, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_tegoma"))
        .args(args)
        .output()
        .unwrap();
    let text = String::from_utf8(out.stdout).unwrap();
    let v = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{args:?}: {l}: {e}")))
        .collect();
    (v, out.status.code().unwrap_or(-1))
}

#[test]
fn moves_one_object_per_move() {
    let (v, code) = objects(&["moves", "--json", "--uci"]);
    assert_eq!((code, v.len()), (0, 20));
    assert_eq!(v[0], json!({"move": "a2a3"}));
    let (v, _) = objects(&["moves", "kogoma", "--json"]);
    assert!(v
        .iter()
        .all(|o| o["move"].is_string() && o.as_object().unwrap().len() == 1));
}

#[test]
fn status_one_object() {
    let fen = "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3";
    let (v, code) = objects(&["status", "--json", "--fen", fen]);
    assert_eq!(code, 0);
    assert_eq!(v, [json!({"statuses": ["check", "checkmate"]})]);
    // Not in check: CGSN's `stale` (a terminal piece that cannot be captured).
    let (v, _) = objects(&["status", "--json", "ogi"]);
    assert_eq!(v, [json!({"statuses": ["stale"]})]);
    let (v, _) = objects(&["status", "--json", "--fen", "8/8/8/8/8/8/8/K1k5 w - - 0 1"]);
    assert_eq!(
        v,
        [json!({"statuses": ["stale", "bareking", "insufficient"]})]
    );
}

#[test]
fn perft_rows_then_total() {
    let (v, code) = objects(&["perft", "2", "--json", "--divide", "--uci"]);
    assert_eq!((code, v.len()), (0, 21));
    assert_eq!(v[0], json!({"move": "a2a3", "nodes": 20}));
    assert_eq!(v[20], json!({"depth": 2, "nodes": 400}));
    let (v, _) = objects(&["perft", "3", "--json", "--bench"]);
    assert_eq!(v.len(), 1);
    assert_eq!(
        (v[0]["depth"].clone(), v[0]["nodes"].clone()),
        (json!(3), json!(8902))
    );
    assert!(
        v[0]["seconds"].is_f64() && v[0]["nps"].is_number(),
        "{}",
        v[0]
    );
}

#[test]
fn replay_one_object_per_game() {
    let f = TempFile::new(
        "g.pgn",
        "[Event \"a\"]\n\n1. f3 e5 2. g4 Qh4# 1-0\n\n[Event \"b\"]\n\n1. e4 e5 2. Ke3 *\n\n\
         [Event \"c\"]\n[FEN \"bad\"]\n\n*\n",
    );
    let (v, code) = objects(&["replay", "--json", f.arg()]);
    assert_eq!((code, v.len()), (1, 3));
    assert_eq!(v[0]["game"], 0);
    assert_eq!(v[0]["plies"], 4);
    assert_eq!(v[0]["statuses"], json!(["checkmate"]));
    assert_eq!(v[0]["result"], "0-1");
    assert_eq!(v[0]["recorded"], "1-0");
    assert!(v[0]["feen"].as_str().unwrap().ends_with(" / C/c"));
    assert!(v[0].get("illegal").is_none() && v[0].get("error").is_none());
    assert_eq!(v[1]["plies"], 2);
    assert_eq!(v[1]["illegal"]["ply"], 3);
    assert_eq!(v[1]["illegal"]["move"], "Ke3");
    assert_eq!(v[1]["illegal"]["kind"], "IllegalMove");
    assert_eq!(v[2]["game"], 2);
    assert!(v[2]["error"]["kind"].is_string() && v[2]["error"]["message"].is_string());
    assert!(v[2].get("plies").is_none());
}
