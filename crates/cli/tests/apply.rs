//! `tegoma apply`: protocol-only move application from the command line.

use std::process::Command;

const CHESS: &str = "+rnbq+k^bn+r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/+RNBQ+K^BN+R / C/c";

fn tegoma(args: &[&str]) -> (String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_tegoma"))
        .args(args)
        .output()
        .expect("run tegoma");
    (text_of(&out), out.status.code().unwrap_or(-1))
}

#[test]
fn no_moves_prints_the_canonical_position() {
    let (out, code) = tegoma(&["apply", "--feen", CHESS]);
    assert_eq!(code, 0);
    assert_eq!(out, format!("{CHESS}\n"));
}

#[test]
fn moves_and_capture_routing() {
    // No rule system: pieces keep their markers, the capture goes to the mover's hand.
    let (out, code) = tegoma(&["apply", "--feen", CHESS, "e2-e4", "d7-d5", "e4+d5"]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(
        out,
        "+rnbq+k^bn+r/+p+p+p1+p+p+p+p/8/3+P4/8/8/+P+P+P+P1+P+P+P/+RNBQ+K^BN+R +p/ c/C\n"
    );
}

#[test]
fn pass_drop_mutation_and_seed_spelling() {
    let (out, code) = tegoma(&[
        "apply",
        "--feen",
        "3/3/3 2P/s O/o",
        "*b2",
        "...",
        "b2=+P",
        "s*a1",
    ]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(out, "3/1+P1/s2 P/ O/o\n");
    // R1: `/X` on a quiet move is read as `=X`.
    let (out, code) = tegoma(&["apply", "--feen", "3/P2/3 / C/c", "a2-a3/Q"]);
    assert_eq!(code, 0, "{out}");
    assert_eq!(out, "Q2/3/3 / c/C\n");
}

#[test]
fn violation_names_move_and_action() {
    let (out, code) = tegoma(&["apply", "--feen", CHESS, "e2-e4", "d1-d8"]);
    assert_eq!(code, 1);
    assert_eq!(
        out,
        "error: SquareOccupied: move 2 (d1-d8), action 1: d8 is occupied by q (Game Protocol §3.2)\n"
    );
    let (out, code) = tegoma(&["apply", "--feen", CHESS, "e3-e4"]);
    assert_eq!(code, 1);
    assert_eq!(out, "error: EmptySquare: move 1 (e3-e4): e3 is empty\n");
    let (out, code) = tegoma(&["apply", "--feen", CHESS, "e2-e9"]);
    assert_eq!(code, 1);
    assert!(
        out.starts_with("error: NoSuchSquare: move 1 (e2-e9)"),
        "{out}"
    );
}

#[test]
fn bad_inputs_are_typed_errors() {
    let (out, code) = tegoma(&["apply", "--feen", "8/8/7 / C/c"]);
    assert_eq!(code, 1);
    assert!(out.starts_with("error: BoardNotRegular: "), "{out}");
    let (out, code) = tegoma(&["apply", "--feen", CHESS, "e2e4"]);
    assert_eq!(code, 1);
    assert!(
        out.starts_with("error: ") && out.contains(": move 1 (e2e4): "),
        "{out}"
    );
    let (out, code) = tegoma(&["apply", "--feen", CHESS, "e1~g1"]);
    assert_eq!(code, 1);
    assert!(out.starts_with("error: SpecialMove: "), "{out}");
    let (out, code) = tegoma(&["apply", "--feen", "3/3/3 PS/ C/c", "*b2"]);
    assert_eq!(code, 1);
    assert_eq!(
        out,
        "error: AmbiguousDrop: move 1 (*b2): ambiguous drop: the hand holds P, S\n"
    );
}

/// What a command printed: its results (standard output) when it succeeded, else its `error:`
/// line, which goes to standard error (ruling R9) with nothing on standard output.
fn text_of(out: &std::process::Output) -> String {
    if out.status.success() {
        return String::from_utf8(out.stdout.clone()).unwrap();
    }
    assert!(
        out.stdout.is_empty(),
        "a failed command printed on standard output: {}",
        String::from_utf8_lossy(&out.stdout)
    );
    String::from_utf8(out.stderr.clone()).unwrap()
}
