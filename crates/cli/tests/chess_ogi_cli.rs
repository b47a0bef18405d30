//! Chess against Ōgi through the commands: `moves`, `perft`, `status`, `show`, `convert` from
//! both starts, two players at one keyboard playing to a captured King, and a match between two
//! engines over SEI whose PCN records replay and convert. The counts come from the rules by
//! hand (20 and 25 first moves) and from the GGN engine's differential test (perft 3).

mod common;

use std::process::Command;

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_tegoma");
const CHESS_FIRST: &str = "lnsik^snl/1r4b1/pppppppp/8/8/8/+P+P+P+P+P+P+P+P/+RNBQ+K^BN+R / C/o";
const OGI_FIRST: &str = "+rnbq+k^bn+r/+p+p+p+p+p+p+p+p/8/8/8/PPPPPPPP/1B4R1/LNSIK^SNL / O/c";

fn ok(args: &[&str]) -> String {
    let out = Command::new(BIN).args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn both_starts_through_the_position_commands() {
    assert_eq!(ok(&["moves", "chess-ogi"]).lines().count(), 20);
    assert_eq!(
        ok(&["moves", "--feen", CHESS_FIRST]),
        ok(&["moves", "chess-ogi"])
    );
    let ogi = ok(&["moves", "--feen", OGI_FIRST]);
    assert_eq!(ogi.lines().count(), 25, "{ogi}");
    assert!(ogi.lines().any(|l| l == "e3-e4"), "{ogi}");
    assert_eq!(ok(&["perft", "3", "chess-ogi"]).trim(), "nodes 11127");
    assert_eq!(
        ok(&["perft", "3", "--feen", OGI_FIRST]).trim(),
        "nodes 11916"
    );
    assert_eq!(ok(&["status", "--feen", OGI_FIRST]).trim(), "stale");
    let show = ok(&["show", "--feen", CHESS_FIRST]);
    assert!(show.contains("8 l   n   s   i   k^"), "{show}");
    assert!(show.contains("1 +R  N   B   Q   +K^"), "{show}");
    for feen in [CHESS_FIRST, OGI_FIRST] {
        assert_eq!(ok(&["convert", "--to", "feen", feen]).trim(), feen);
    }
    // FEN is chess's alone.
    let out = Command::new(BIN)
        .args(["convert", "--to", "fen", CHESS_FIRST])
        .output()
        .unwrap();
    assert!(!out.status.success());
}

#[test]
fn two_players_play_to_the_capture_of_the_ogi_king() {
    // The knight walks b1-c3-b5-c7 while the Ōgi player pushes its a-pawn, then takes the
    // Ōgi King on e8 (which its player may leave attacked): mareking, the Chess player wins.
    let out = common::with_stdin_env(
        &[
            "play",
            "chess-ogi",
            "--two-players",
            "--no-save",
            "--tc",
            "60+0",
        ],
        b"b1-c3\na6-a5\nc3-b5\na5-a4\nb5-c7\na4-a3\nc7+e8\n",
        &[],
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("result 1-0 mareking"), "{text}");
}

#[test]
fn two_engines_play_a_match_over_sei_and_its_records_replay() {
    let dir = tempfile::tempdir().unwrap();
    let pcn = dir.path().join("games.jsonl");
    common::sei_match("chess-ogi", 2, 200, &pcn, &[]);
    let replay = ok(&["replay", pcn.to_str().unwrap()]);
    assert_eq!(replay.lines().count(), 2, "{replay}");
    for line in replay.lines() {
        assert!(line.contains("result "), "{line}");
    }
    let first = dir.path().join("first.pcn");
    let records = std::fs::read_to_string(&pcn).unwrap();
    std::fs::write(&first, records.lines().next().unwrap()).unwrap();
    let converted = ok(&["convert", "--to", "pcn", first.to_str().unwrap()]);
    let record: Value = serde_json::from_str(&converted).unwrap();
    let feen = record["setup"]["feen"].as_str().unwrap_or(CHESS_FIRST);
    assert!(feen.ends_with(" C/o") || feen.ends_with(" O/c"), "{record}");
    // PGN cannot hold it.
    let out = Command::new(BIN)
        .args(["convert", "--to", "pgn", first.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("NotChess"), "{err}");
}
