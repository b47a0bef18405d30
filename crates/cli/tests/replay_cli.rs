//! `tegoma replay` and `tegoma convert --to pcn|pgn` on record files.
use std::process::Command;

mod common;
use common::TempFile;

fn run(args: &[&str]) -> (String, String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_tegoma"))
        .args(args)
        .output()
        .expect("runs");
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

const PGN: &str = "[Event \"a\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n[Event \"b\"]\n\n1. e4 e5 2. Nf6 *\n\n[Event \"c\"]\n[FEN \"k7/8/8/2Q5/8/8/8/7K w - - 0 1\"]\n\n1. Qb6 1/2-1/2\n";

#[test]
fn replay_pgn_tsv_five_columns_and_illegal_ply() {
    let f = TempFile::new("games.pgn", PGN);
    let (out, err, code) = run(&["replay", "--tsv", f.to_str().unwrap()]);
    assert_eq!(code, 1, "game b has an illegal ply");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 3);
    for l in &lines {
        assert_eq!(l.split('\t').count(), 5, "{l}");
    }
    assert_eq!(
        lines[0],
        "0\t4\tcheckmate\t0-1\t+rnb1+k^bn+r/+p+p+p+p1+p+p+p/8/4p3/6Pq/5P2/+P+P+P+P+P2+P/+RNBQ+K^BN+R / C/c"
    );
    assert!(lines[1].starts_with("1\t2\t-\t*\t"));
    assert_eq!(
        lines[2],
        "2\t1\tstalemate\t1/2-1/2\tk^7/8/1Q6/8/8/8/8/7K^ / c/C"
    );
    assert!(err.contains("game 1: illegal ply 3 (Nf6)"), "{err}");
    let (out, err, code) = run(&["replay", f.to_str().unwrap()]);
    assert_eq!(code, 1);
    // The error goes to standard error (R9), the results to standard output.
    assert!(
        err.contains("error: IllegalMove: game 1: illegal ply 3 (Nf6): "),
        "{err}"
    );
    assert!(!out.contains("error"), "{out}");
    assert!(
        out.contains("game 0: 4 plies, statuses checkmate, result 0-1"),
        "{out}"
    );
}

#[test]
fn replay_pcn_and_convert_both_ways() {
    let f = TempFile::new(
        "ok.pgn",
        "[Event \"a\"]\n[ECO \"A00\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n",
    );
    let (pcn, _, code) = run(&["convert", "--to", "pcn", f.to_str().unwrap()]);
    assert_eq!(code, 0, "{pcn}");
    assert!(
        pcn.contains("\"ECO\": \"A00\"") && pcn.contains("\"d8-h4\""),
        "{pcn}"
    );
    let p = TempFile::new("game.pcn", &pcn);
    let (out, _, code) = run(&["replay", "--tsv", p.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(out.starts_with("0\t4\tcheckmate\t0-1\t"), "{out}");
    let (pgn, _, code) = run(&["convert", "--to", "pgn", p.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(
        pgn.contains("[ECO \"A00\"]") && pgn.contains("2. g4 Qh4# 0-1"),
        "{pgn}"
    );
    // Ōgi PCN replays too.
    let ogi = TempFile::new(
        "ogi.json",
        r#"{"setup": "lnsik^snl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIK^SNL / O/o", "plies": ["e3-e4"]}"#,
    );
    let (out, _, code) = run(&["replay", "--tsv", ogi.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert_eq!(out.split('\t').count(), 5);
    // Errors: a missing file, a broken record.
    let (out, err, code) = run(&["replay", "/nonexistent/x.pgn"]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(err.starts_with("error: Io: "), "{err}");
    let bad = TempFile::new("bad.pcn", "{\"setup\": ");
    let (out, err, code) = run(&["convert", "--to", "pgn", bad.to_str().unwrap()]);
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(err.starts_with("error: "), "{err}");
}

/// `--fide-draws`: a game that plays on after a third occurrence replays without error and
/// keeps the record's result; without the flag it has an illegal ply.
#[test]
fn replay_fide_draws() {
    let text = "[Event \"x\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 1/2-1/2\n";
    let f = TempFile::new("plays-on.pgn", text);
    let (out, err, code) = run(&["replay", "--tsv", f.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(out.starts_with("0\t8\trepetition\t1/2-1/2\t"), "{out}");
    assert!(err.contains("game 0: illegal ply 9 (e4)"), "{err}");
    let (out, err, code) = run(&["replay", "--tsv", "--fide-draws", f.to_str().unwrap()]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(
        out,
        "0\t9\t-\t1/2-1/2\t+rnbq+k^bn+r/+p+p+p+p+p+p+p+p/8/8/4-P3/8/+P+P+P+P1+P+P+P/+RNBQ+K^BN+R / c/C\n"
    );
}
