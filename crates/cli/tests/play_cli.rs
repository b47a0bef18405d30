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
