//! Issue 12's leftovers in `convert` of PGN records: a comment after a game's result stays with
//! that game (as python-chess reads it: a comment of the last move), and a stated result the
//! replay contradicts is warned once when PGN is converted to PGN.
use std::path::Path;
use std::process::{Command, Output};

mod common;
use common::TempFile;

const BIN: &str = env!("CARGO_BIN_EXE_tegoma");

fn convert(to: &str, path: &Path) -> Output {
    Command::new(BIN)
        .args(["convert", "--to", to, path.to_str().unwrap()])
        .output()
        .unwrap()
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// `1. e4 e5 1-0 {final note}` at the end of the file: the note is kept with the game (before,
/// it was dropped without a word).
#[test]
fn a_comment_after_the_last_result_is_kept() {
    let p = TempFile::new(
        "last.pgn",
        "[Event \"a\"]\n\n1. e4 e5 {after e5} 1-0 {final note}\n",
    );
    let o = convert("pgn", &p);
    assert!(o.status.success(), "{o:?}");
    let text = stdout(&o);
    assert!(text.contains("{after e5} {final note} 1-0"), "{text}");
    let o = convert("pcn", &p);
    assert!(o.status.success(), "{o:?}");
    let text = stdout(&o);
    assert!(text.contains("final note"), "{text}");
}

/// A comment after one game's result, before the next game's tags, belongs to the first game
/// (before, it went to the second game's start).
#[test]
fn a_comment_between_games_stays_with_the_game_before() {
    let p = TempFile::new(
        "between.pgn",
        "[Event \"a\"]\n\n1. e4 e5 1-0\n{between}\n\n[Event \"b\"]\n\n1. d4 d5 0-1\n",
    );
    let o = convert("pgn", &p);
    assert!(o.status.success(), "{o:?}");
    let text = stdout(&o);
    let games: Vec<&str> = text.split("[Event ").collect();
    assert_eq!(games.len(), 3, "{text}");
    assert!(games[1].contains("1. e4 e5 {between} 1-0"), "{text}");
    assert!(!games[2].contains("between"), "{text}");
}

/// PGN -> PGN of a game whose stated result the replay contradicts: one `OutcomeDisagrees`
/// warning for the game (before: one from each leg of the conversion).
#[test]
fn pgn_to_pgn_warns_a_disagreement_once() {
    let p = TempFile::new("disagree.pgn", "1. f3 e5 2. g4 Qh4# 1-0\n");
    let o = convert("pgn", &p);
    assert!(o.status.success(), "{o:?}");
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(err.matches("OutcomeDisagrees").count(), 1, "{err}");
    assert!(stdout(&o).contains("0-1"), "the replayed result is written");
    // PGN -> PCN still warns it (once).
    let o = convert("pcn", &p);
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(err.matches("OutcomeDisagrees").count(), 1, "{err}");
}
