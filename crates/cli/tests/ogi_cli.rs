//! `tegoma moves/perft/status` for Ōgi.
use std::process::Command;

fn tegoma(args: &[&str]) -> (String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_tegoma"))
        .args(args)
        .output()
        .unwrap();
    (text_of(&out), out.status.code().unwrap_or(-1))
}

const START: &str = "lnsik^snl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIK^SNL / O/o";

#[test]
fn moves_of_the_start_position() {
    let (out, code) = tegoma(&["moves", "ogi"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 25);
    assert!(lines.contains(&"e3-e4") && lines.contains(&"g2-c2") && lines.contains(&"d1-f2"));
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(lines, sorted);
    // the game is recognised from the FEEN's style field
    let (out2, _) = tegoma(&["moves", "--feen", START]);
    assert_eq!(out, out2);
}

#[test]
fn moves_show_privilege_promotion_and_drops() {
    let (out, code) = tegoma(&["moves", "--feen", "4k^3/8/8/8/8/8/4+r3/4K^3 / O/o"]);
    assert_eq!(code, 0);
    assert_eq!(out, "e1+e2\ne1+e2/+R\ne1-d1\ne1-d2\ne1-f1\ne1-f2\n");
    let (out, _) = tegoma(&["moves", "--feen", "k^7/4P3/8/8/8/8/8/4K^3 S/ O/o"]);
    assert!(out.lines().any(|l| l == "e7-e8=+P") && !out.lines().any(|l| l == "e7-e8"));
    assert_eq!(out.lines().filter(|l| l.starts_with("S*")).count(), 61);
}

#[test]
fn perft_with_and_without_privilege() {
    let (out, code) = tegoma(&["perft", "3", "ogi"]);
    assert_eq!((out.as_str(), code), ("nodes 14850\n", 0));
    let (out, _) = tegoma(&["perft", "4", "--feen", START]);
    assert_eq!(out.lines().last(), Some("nodes 358253"));
    let (out, _) = tegoma(&["perft", "4", "ogi", "--no-privilege"]);
    assert_eq!(out.lines().last(), Some("nodes 358251"));
    let (out, _) = tegoma(&["perft", "3", "ogi", "--no-bulk"]);
    assert_eq!(out.lines().last(), Some("nodes 14850"));
}

#[test]
fn perft_divide_and_bench() {
    let (out, code) = tegoma(&["perft", "2", "ogi", "--divide"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 26);
    assert!(lines.contains(&"e3-e4 25"));
    assert_eq!(lines[25], "nodes 625");
    let (out, _) = tegoma(&["perft", "2", "ogi", "--bench"]);
    assert!(out.contains("nps ") && out.ends_with("nodes 625\n"));
}

#[test]
fn status_lines() {
    assert_eq!(tegoma(&["status", "ogi"]), ("stale\n".into(), 0));
    let (out, _) = tegoma(&["status", "--feen", "k^6R/8/1+R6/8/8/8/8/4K^3 / o/O"]);
    assert_eq!(out, "check checkmate bareking\n");
    let (out, _) = tegoma(&["status", "--feen", "4R3/8/8/8/8/8/8/4K^3 K^/ o/O"]);
    assert_eq!(out, "nomove mareking\n");
}

#[test]
fn errors_are_one_line_and_exit_1() {
    let (out, code) = tegoma(&["moves", "--feen", "4k^3/8/8/8/8/8/8/4Q3 / O/o"]);
    assert_eq!(code, 1);
    assert!(
        out.starts_with("error: ForeignPiece: ") && out.lines().count() == 1,
        "{out}"
    );
    let (out, code) = tegoma(&["perft", "2", "--feen", "8/8 / O/o"]);
    assert_eq!(code, 1);
    assert!(out.starts_with("error: BoardShape: "), "{out}");
    let (out, code) = tegoma(&["status", "ogi", "--feen", "x"]);
    assert_eq!(code, 1);
    assert!(out.starts_with("error: "), "{out}");
    let (out, code) = tegoma(&["moves", "ogi", "--san"]);
    assert_eq!(code, 1);
    assert!(out.starts_with("error: "), "{out}");
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
