//! The chess commands of the `tegoma` binary: `moves`, `perft`, `status`, `convert`.
use std::process::Command;

fn run(args: &[&str]) -> (String, i32) {
    let out = Command::new(env!("CARGO_BIN_EXE_tegoma"))
        .args(args)
        .output()
        .expect("run tegoma");
    (text_of(&out), out.status.code().unwrap_or(-1))
}

fn ok(args: &[&str]) -> String {
    let (out, code) = run(args);
    assert_eq!(code, 0, "{args:?}: {out}");
    out
}

fn err(args: &[&str], kind: &str) {
    let (out, code) = run(args);
    assert_eq!(code, 1, "{args:?}: {out}");
    assert_eq!(out.lines().count(), 1, "{args:?}: {out}");
    assert!(
        out.starts_with(&format!("error: {kind}: ")),
        "{args:?}: {out}"
    );
}

const KIWIPETE: &str = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

#[test]
fn moves_in_pmn_san_and_uci() {
    let out = ok(&["moves"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 20);
    assert_eq!(lines[0], "a2-a3");
    assert!(lines.contains(&"g1-f3"));
    let mut sorted = lines.clone();
    sorted.sort();
    assert_eq!(sorted, lines);
    assert!(ok(&["moves", "chess", "--san"]).lines().any(|l| l == "Nf3"));
    assert!(ok(&["moves", "--uci"]).lines().any(|l| l == "g1f3"));
    let k = ok(&["moves", "--fen", KIWIPETE]);
    assert_eq!(k.lines().count(), 48);
    assert!(k.lines().any(|l| l == "e1~g1"));
    assert!(k.lines().any(|l| l == "e5+f7"));
    let k = ok(&["moves", "--fen", KIWIPETE, "--san"]);
    assert!(k.lines().any(|l| l == "O-O-O"));
    let p = ok(&["moves", "--feen", "4k^3/1P6/8/8/8/8/8/4K^3 / C/c"]);
    assert!(p.lines().any(|l| l == "b7-b8=N"));
}

#[test]
fn perft_plain_divide_and_no_bulk() {
    assert_eq!(ok(&["perft", "3"]), "nodes 8902\n");
    assert_eq!(ok(&["perft", "3", "chess", "--no-bulk"]), "nodes 8902\n");
    assert_eq!(ok(&["perft", "3", "--fen", KIWIPETE]), "nodes 97862\n");
    let d = ok(&["perft", "2", "--divide"]);
    let lines: Vec<&str> = d.lines().collect();
    assert_eq!(lines.len(), 21);
    assert_eq!(lines[0], "a2-a3 20");
    assert_eq!(lines[20], "nodes 400");
    let d = ok(&["perft", "2", "--divide", "--no-bulk", "--fen", KIWIPETE]);
    assert!(d.lines().any(|l| l == "e1~g1 43"), "{d}");
    assert_eq!(d.lines().last(), Some("nodes 2039"));
    let b = ok(&["perft", "2", "--bench"]);
    assert_eq!(b.lines().last(), Some("nodes 400"));
    assert!(b.lines().any(|l| l.starts_with("nps ")));
    assert_eq!(ok(&["perft", "0"]), "nodes 1\n");
}

#[test]
fn status_lines() {
    assert_eq!(ok(&["status"]), "stale\n");
    assert_eq!(
        ok(&[
            "status",
            "--fen",
            "rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"
        ]),
        "check checkmate\n"
    );
    assert_eq!(
        ok(&["status", "--feen", "7k^/5Q2/6K^1/8/8/8/8/8 / c/C"]),
        "stale stalemate bareking\n"
    );
}

#[test]
fn convert_both_ways() {
    let fen = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1";
    let feen = "+rnbq+k^bn+r/+p+p+p+p+p+p+p+p/8/8/4-P3/8/+P+P+P+P1+P+P+P/+RNBQ+K^BN+R / c/C";
    assert_eq!(ok(&["convert", "--to", "feen", fen]), format!("{feen}\n"));
    assert_eq!(ok(&["convert", "--to", "fen", feen]), format!("{fen}\n"));
    assert_eq!(ok(&["convert", "--to", "fen", fen]), format!("{fen}\n"));
    assert_eq!(ok(&["convert", "--to", "feen", feen]), format!("{feen}\n"));
}

#[test]
fn errors_are_one_line() {
    err(&["moves", "--fen", "not a fen"], "InvalidFen");
    err(&["moves", "--feen", "8/8 / C/c"], "BoardShape");
    err(
        &["perft", "2", "--feen", "4k3/8/8/8/8/8/8/4K3 / C/c"],
        "ForeignPiece",
    );
    err(
        &["status", "--feen", "4k^3/8/8/8/8/8/8/R3+K^3 / C/c"],
        "ImpossibleMarker",
    );
    // No arbitrary depth cap: a blocked position answers at any depth (1 node at 32 plies).
    assert_eq!(
        ok(&[
            "perft",
            "32",
            "--fen",
            "2b5/kpPp4/1p1P4/1P6/6p1/4p1P1/4PpPK/5B2 w - - 0 1"
        ]),
        "nodes 1\n"
    );
    err(&["convert", "--to", "xml", "x"], "UnknownFormat");
    err(&["convert", "--to", "fen", "garbage"], "InvalidFen");
    err(&["convert", "--to", "feen", "8/8 / C/c"], "BoardShape");
    err(&["moves", "ogi", "--fen", KIWIPETE], "Unsupported");
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
