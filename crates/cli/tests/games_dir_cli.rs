//! A game added by files, with no code change: a copy of Kogoma under another name and style
//! letter (Zogoma, `Z/z`) in a temporary directory named by `TEGOMA_GAMES`, played through the
//! commands (`moves`, `perft`, `status`, `show`, `play`, `match`, `replay`, `convert`) and by
//! the engine over SEI; a bad description stops every command at start, naming the file and
//! the field.

mod common;

#[path = "../../game/tests/support/kogoma_copy.rs"]
mod kogoma_copy;
use kogoma_copy::copy_of_kogoma;

use std::path::Path;
use std::process::{Command, Output};

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_tegoma");
const ZOGOMA_START: &str = "rbsgk^/4p/5/P4/K^GSBR / Z/z";

/// A temporary directory holding Zogoma.
fn games() -> tempfile::TempDir {
    let dir = tempfile::Builder::new()
        .prefix("tegoma-games-")
        .tempdir()
        .unwrap();
    copy_of_kogoma(&dir.path().join("zogoma"), "Zogoma", 'Z');
    dir
}

/// `tegoma ARGS` with `TEGOMA_GAMES` set to `games` (unset when `None`).
fn tegoma(games: Option<&Path>, args: &[&str]) -> Output {
    let mut c = Command::new(BIN);
    c.args(args);
    match games {
        Some(g) => c.env("TEGOMA_GAMES", g),
        None => c.env_remove("TEGOMA_GAMES"),
    };
    c.output().unwrap()
}

/// `tegoma ARGS` with `TEGOMA_GAMES` set to `games` and `input` on its standard input.
fn with_stdin(games: &Path, args: &[&str], input: &[u8]) -> Output {
    common::with_stdin_env(args, input, &[("TEGOMA_GAMES", games)])
}

/// Standard output of a command that must succeed.
fn ok(games: &Path, args: &[&str]) -> String {
    let out = tegoma(Some(games), args);
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn the_copy_plays_through_the_position_commands() {
    let dir = games();
    let g = dir.path();
    // As Kogoma: 14 moves by hand (games/kogoma/README.md); perft 2 = 194 and perft 3 = 3122
    // from the independent brute force of crates/ggn/tests/ggn_kogoma.rs.
    let moves = ok(g, &["moves", "--feen", ZOGOMA_START]);
    assert_eq!(moves.lines().count(), 14, "{moves}");
    assert!(moves.lines().any(|l| l == "e1+e4"), "{moves}");
    assert_eq!(
        ok(g, &["moves", "zogoma"]),
        moves,
        "by name: the same start"
    );
    assert_eq!(
        ok(g, &["perft", "3", "--feen", ZOGOMA_START]).trim(),
        "nodes 3122"
    );
    let divide = ok(g, &["perft", "2", "zogoma", "--divide"]);
    assert_eq!(divide.lines().last(), Some("nodes 194"), "{divide}");
    assert_eq!(divide.lines().count(), 15, "{divide}");
    assert_eq!(ok(g, &["status", "--feen", ZOGOMA_START]).trim(), "stale");
    let show = ok(g, &["show", "--feen", ZOGOMA_START]);
    assert!(show.contains("5 r  b  s  g  k^"), "{show}");
    assert!(show.contains("1 K^ G  S  B  R"), "{show}");
    assert!(show.contains("first to move"), "{show}");
    // The FEEN round-trips; FEN is chess only.
    assert_eq!(
        ok(g, &["convert", "--to", "feen", ZOGOMA_START]).trim(),
        ZOGOMA_START
    );
    // Without the variable the style letter Z is nobody's: the game came from the files.
    let out = tegoma(None, &["moves", "--feen", ZOGOMA_START]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.starts_with("error: UnknownRuleSystem: "), "{err}");
}

#[test]
fn two_players_play_the_copy_to_its_end() {
    let dir = games();
    // The Rook takes the Pawn (e1+e4), the second player looks away (a5-a4), the Rook takes
    // the King (e4+e5): mareking.
    let mut cmd = vec!["play", "zogoma", "--two-players", "--no-save"];
    cmd.extend(["--tc", "60+0"]);
    let out = with_stdin(dir.path(), &cmd, b"e1+e4\na5-a4\ne4+e5\n");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.contains("result 1-0 mareking"), "{text}");
}

#[test]
fn the_engine_plays_a_match_on_the_copy_over_sei() {
    let dir = games();
    let g = dir.path();
    let pcn = g.join("games.jsonl");
    // The engine processes inherit TEGOMA_GAMES from the match.
    common::sei_match("zogoma", 2, 100, &pcn, &[("TEGOMA_GAMES", g)]);
    // The records replay, and convert, as games of Zogoma.
    let replay = ok(g, &["replay", pcn.to_str().unwrap()]);
    assert_eq!(replay.lines().count(), 2, "{replay}");
    for line in replay.lines() {
        assert!(line.contains("result "), "{line}");
        assert!(line.ends_with(" z/Z") || line.ends_with(" Z/z"), "{line}");
    }
    let first = g.join("first.pcn");
    let records = std::fs::read_to_string(&pcn).unwrap();
    std::fs::write(&first, records.lines().next().unwrap()).unwrap();
    let converted = ok(g, &["convert", "--to", "pcn", first.to_str().unwrap()]);
    let record: Value = serde_json::from_str(&converted).unwrap();
    assert!(
        record["setup"]["feen"].as_str().unwrap().ends_with(" Z/z"),
        "{record}"
    );
    // Over SEI, the engine lists the game as `tegoma.zogoma/1` and searches it.
    let input = format!(
        "{}\n{}\n",
        r#"{"id":1,"op":"hello","versions":[1]}"#,
        serde_json::json!({"id": 2, "op": "search", "rules": "tegoma.zogoma/1",
            "position": ZOGOMA_START, "limits": {"depth": 2}})
    );
    let sei = with_stdin(g, &["engine"], input.as_bytes());
    let text = String::from_utf8(sei.stdout).unwrap();
    let answers: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        (&answers[0]["re"], &answers[0]["ev"]),
        (&1.into(), &"done".into()),
        "{text}"
    );
    assert!(answers[0]["rules"]["tegoma.zogoma/1"].is_object(), "{text}");
    let best = answers.last().unwrap();
    assert_eq!(
        (&best["re"], &best["ev"]),
        (&2.into(), &"done".into()),
        "{text}"
    );
    let legal = ok(g, &["moves", "--feen", ZOGOMA_START]);
    let m = best["best"].as_str().unwrap();
    assert!(legal.lines().any(|l| l == m), "{m} is not legal: {text}");
}

#[test]
fn a_bad_description_stops_every_command_at_start() {
    let dir = games();
    let g = dir.path();
    let bad = g.join("broken");
    copy_of_kogoma(&bad, "Broken", 'B');
    let path = bad.join("description.json");
    let mut desc: Value = serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    desc.as_object_mut().unwrap().remove("capture");
    std::fs::write(&path, desc.to_string()).unwrap();
    let expected = format!(
        "error: InvalidGameFiles: {}: field capture: missing field `capture`",
        path.display()
    );
    for args in [
        &["moves", "chess"][..],
        &["perft", "1", "zogoma"],
        &["validate", "feen", ZOGOMA_START],
    ] {
        let out = tegoma(Some(g), args);
        assert!(!out.status.success(), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.starts_with(&expected), "{args:?}: {err}");
        assert_eq!(err.lines().count(), 1, "{err}");
    }
    // A name or style letter another game has: a clash, at start too.
    std::fs::remove_dir_all(&bad).unwrap();
    copy_of_kogoma(&g.join("ogi2"), "Ogi", 'Q');
    let out = tegoma(Some(g), &["moves", "zogoma"]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("error: GameClash: ")
            && err.contains("field name: \"Ogi\" is already ogi's"),
        "{err}"
    );
}
