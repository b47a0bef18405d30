//! `tegoma play` end to end, two players at one keyboard (standard input).

mod common;

/// Plays `input` as typed; the whole output.
fn play(args: &[&str], input: &[u8]) -> String {
    let mut all = vec!["play"];
    all.extend_from_slice(args);
    all.extend(["--two-players", "--no-save"]);
    let out = common::with_stdin(&all, input);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

/// The fool's mate, typed in UCI, SAN and PMN, with a line that is not UTF-8 and a move that is
/// not legal on the way: both are refused with a reason and the game goes on to its end (a byte
/// that was not UTF-8 used to end the game as if the input had ended).
#[test]
fn a_game_to_checkmate_through_bad_lines() {
    let out = play(&["chess"], b"f2f3\n\xffe5\ne7e5\ne2e5\ng4\nd8-h4\n");
    assert!(!out.contains("game left unfinished"), "{out}");
    assert!(out.contains("result 0-1"), "{out}");
    assert!(out.contains("checkmate"), "{out}");
}

/// The input's end leaves the game unfinished.
#[test]
fn the_inputs_end_leaves_the_game_unfinished() {
    let out = play(&["ogi"], b"g3-g4\n");
    assert!(out.contains("game left unfinished"), "{out}");
}

/// Chess is drawn for chess players: no FEEN state markers, White and Black, the side to move.
#[test]
fn chess_is_drawn_for_chess_players() {
    let out = play(&["chess"], b"e2-e4\n");
    assert!(out.starts_with("Chess — White vs Black"), "{out}");
    assert!(out.contains(" 1 R  N  B  Q  K  B  N  R\n"), "{out}");
    assert!(out.contains(" 4 .  .  .  .  P  .  .  .\n"), "{out}");
    assert!(!out.contains("+P") && !out.contains("K^"), "{out}");
    assert!(
        out.contains("White to move") && out.contains("Black to move"),
        "{out}"
    );
    assert!(out.contains("clock  White 10:00.0  Black 10:00.0"), "{out}");
}

/// Ōgi keeps its promotion marks; Chess against Ōgi names each player by its army.
#[test]
fn other_games_are_drawn_by_their_armies() {
    let out = play(&["chess-ogi"], b"");
    assert!(out.starts_with("Chess against Ōgi — Chess vs Ōgi"), "{out}");
    assert!(out.contains(" 8 l  n  s  i  k  s  n  l\n"), "{out}");
    assert!(
        out.contains("Ōgi's hand: -") && out.contains("Chess to move"),
        "{out}"
    );
    let out = play(&["ogi", "--feen", "4k^3/8/8/8/8/8/4+R3/4K^3 / O/o"], b"");
    assert!(out.contains(" 2 .  .  .  .  +R"), "{out}");
}

/// Against the engine, its moves are announced in SAN in chess, and the player's side is drawn
/// at the bottom.
#[test]
fn the_engines_chess_moves_are_announced_in_san() {
    let out = common::with_stdin(
        &[
            "play",
            "chess",
            "--level",
            "1",
            "--side",
            "second",
            "--no-save",
        ],
        b"quit\n",
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let line = text
        .lines()
        .find(|l| l.contains(" plays "))
        .unwrap_or_else(|| panic!("{text}"));
    let mv = line.rsplit(' ').next().unwrap();
    assert!(
        mv.chars()
            .next()
            .is_some_and(|c| "KQRBNabcdefgh".contains(c))
            && !mv.contains('-'),
        "{line}"
    );
    // Black at the bottom: the first rank drawn last is rank 8, files from h to a.
    assert!(
        text.contains(" 8 r  n  b  k  q  b  n  r\n   h  g  f  e  d  c  b  a"),
        "{text}"
    );
}

/// A game left before its end is saved unterminated: no result, PGN `Termination
/// "unterminated"`.
#[test]
fn a_game_left_is_saved_unterminated() {
    let dir = tempfile::tempdir().unwrap();
    let prefix = dir.path().join("left");
    let out = common::with_stdin(
        &[
            "play",
            "chess",
            "--two-players",
            "--out",
            prefix.to_str().unwrap(),
        ],
        b"e2-e4\nquit\n",
    );
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let pgn = std::fs::read_to_string(prefix.with_extension("pgn")).unwrap();
    assert!(pgn.contains("[Termination \"unterminated\"]"), "{pgn}");
    assert!(pgn.contains("[Result \"*\"]"), "{pgn}");
}

/// Ctrl-C (SIGINT) ends the game like `quit`: it is saved.
#[cfg(unix)]
#[test]
fn ctrl_c_saves_the_game() {
    use std::io::{BufRead, BufReader, Read, Write};
    use std::process::{Command, Stdio};
    let dir = tempfile::tempdir().unwrap();
    let prefix = dir.path().join("interrupted");
    let mut child = Command::new(env!("CARGO_BIN_EXE_tegoma"))
        .args([
            "play",
            "chess",
            "--two-players",
            "--out",
            prefix.to_str().unwrap(),
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    let mut stdin = child.stdin.take().unwrap();
    stdin.write_all(b"e2-e4\n").unwrap();
    stdin.flush().unwrap();
    // Wait until the move is played (the board after it says Black is to move).
    let mut out = BufReader::new(child.stdout.take().unwrap());
    let mut text = String::new();
    while !text.contains("Black to move") {
        let mut line = String::new();
        assert!(out.read_line(&mut line).unwrap() > 0, "{text}");
        text.push_str(&line);
    }
    // SAFETY: sending a signal to our own child process.
    unsafe { libc::kill(child.id() as i32, libc::SIGINT) };
    out.read_to_string(&mut text).unwrap();
    assert!(child.wait().unwrap().success());
    drop(stdin);
    assert!(text.contains("interrupted"), "{text}");
    let pcn = std::fs::read_to_string(prefix.with_extension("pcn")).unwrap();
    assert!(pcn.contains("e2-e4"), "{pcn}");
}
