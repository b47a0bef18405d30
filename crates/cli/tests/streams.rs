//! Issue 12, findings 1, 3, 4 and 5 (rulings R8, R9): several PCN records are JSON Lines and
//! every reader takes one record, JSON Lines or a JSON array; `--format`; a PGN that starts with
//! a comment; `convert --fide-draws` and per-game errors; a ply played after the flag fell.

use serde_json::Value;

mod common;
use common::TempFile;

/// Runs tegoma with `stdin` piped in; (stdout, stderr, exit code).
fn run_in(args: &[&str], stdin: &[u8]) -> (String, String, i32) {
    let out = common::with_stdin(args, stdin);
    (
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
        out.status.code().unwrap_or(-1),
    )
}

fn run(args: &[&str]) -> (String, String, i32) {
    run_in(args, b"")
}

const START: &str = "+rnbq+k^bn+r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/+RNBQ+K^BN+R / C/c";

const THREE: &str = "[Event \"a\"]\n[White \"A\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n\
[Event \"b\"]\n[ECO \"C20\"]\n\n1. e4 e5 2. Nf3 Nc6 {a comment} 3. Bb5 *\n\n\
[Event \"c\"]\n[SetUp \"1\"]\n[FEN \"k7/8/8/2Q5/8/8/8/7K w - - 0 1\"]\n\n1. Qb6 1/2-1/2\n";

fn tsv(args: &[&str], stdin: &[u8]) -> Vec<String> {
    let (out, err, code) = run_in(args, stdin);
    assert_eq!(code, 0, "{args:?}: {err}");
    out.lines().map(str::to_string).collect()
}

/// #1: `convert --to pcn` of several games writes JSON Lines that every reader reads back, and
/// PGN -> PCN -> PGN -> PCN gives the same records.
#[test]
fn several_games_are_json_lines_and_round_trip() {
    let pgn = TempFile::new("three.pgn", THREE);
    let (pcn, err, code) = run(&["convert", "--to", "pcn", pgn.to_str().unwrap()]);
    assert_eq!((code, err.as_str()), (0, ""));
    let lines: Vec<&str> = pcn.lines().collect();
    assert_eq!(lines.len(), 3, "{pcn}");
    for l in &lines {
        let v: Value = serde_json::from_str(l).expect("one JSON object per line");
        assert!(v.is_object());
    }
    let file = TempFile::new("three.pcn", &pcn);
    let f = file.to_str().unwrap();
    let (out, err, code) = run(&["validate", "pcn", f]);
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (0, "ok PCN (JSON Lines): 3 records, 10 plies\n", "")
    );
    // The same games, replayed from the PGN and from the PCN.
    let from_pgn = tsv(&["replay", "--tsv", pgn.to_str().unwrap()], b"");
    assert_eq!(tsv(&["replay", "--tsv", f], b""), from_pgn);
    assert_eq!(tsv(&["replay", "--tsv", "-"], pcn.as_bytes()), from_pgn);
    // Back to PGN, through a pipe, and to PCN again.
    let (back, err, code) = run_in(&["convert", "--to", "pgn", "-"], pcn.as_bytes());
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(
        back.contains("{a comment}") && back.contains("[ECO \"C20\"]"),
        "{back}"
    );
    let (again, _, code) = run_in(&["convert", "--to", "pcn", "-"], back.as_bytes());
    assert_eq!(code, 0);
    // The same plies and outcomes (the PGN writer adds the Seven Tag Roster's `?` tags, which
    // come back as meta), and from there a fixed point.
    let records = |t: &str| -> Vec<Value> {
        t.lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect()
    };
    for (x, y) in records(&pcn).iter().zip(records(&again).iter()) {
        assert_eq!(x["plies"], y["plies"]);
        assert_eq!(x["outcome"], y["outcome"]);
        assert_eq!(x["setup"], y["setup"]);
    }
    assert_eq!(records(&again).len(), 3);
    let (back2, _, code) = run_in(&["convert", "--to", "pgn", "-"], again.as_bytes());
    assert_eq!((code, back2), (0, back));
}

/// #1: one game is one record (pretty-printed); records already in PCN are rewritten the same
/// way.
#[test]
fn one_game_is_one_record() {
    let pgn = TempFile::new("one.pgn", "[Event \"a\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n");
    let (pcn, _, code) = run(&["convert", "--to", "pcn", pgn.to_str().unwrap()]);
    assert_eq!(code, 0);
    assert!(pcn.lines().count() > 3, "pretty-printed: {pcn}");
    let v: Value = serde_json::from_str(&pcn).expect("one JSON document");
    assert_eq!(v["plies"].as_array().map(Vec::len), Some(4));
    let (same, _, code) = run_in(&["convert", "--to", "pcn", "-"], pcn.as_bytes());
    assert_eq!((code, same), (0, pcn));
}

/// #1: a JSON array of records is read by every PCN reader (it was `MalformedToml`).
#[test]
fn a_json_array_of_records_is_read_everywhere() {
    let a = format!(r#"{{"setup": "{START}", "plies": ["e2-e4", "e7-e5"]}}"#);
    let b = format!(r#"{{"setup": "{START}", "plies": ["d2-d4"]}}"#);
    let array = format!("[\n  {a},\n  {b}\n]\n");
    let file = TempFile::new("array.json", &array);
    let f = file.to_str().unwrap();
    let (out, err, code) = run(&["validate", "pcn", f]);
    assert_eq!(
        (code, out.as_str(), err.as_str()),
        (0, "ok PCN (JSON array): 2 records, 3 plies\n", "")
    );
    let rows = tsv(&["replay", "--tsv", f], b"");
    assert_eq!(rows.len(), 2);
    assert!(rows[0].starts_with("0\t2\t-\t*\t") && rows[1].starts_with("1\t1\t-\t*\t"));
    // Without a file name to go by (standard input), the array is still recognised.
    assert_eq!(tsv(&["replay", "--tsv", "-"], array.as_bytes()), rows);
    let (pgn, err, code) = run(&["convert", "--to", "pgn", f]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(
        pgn.contains("1. e4 e5 *") && pgn.contains("1. d4 *"),
        "{pgn}"
    );
    let (jsonl, _, code) = run(&["convert", "--to", "pcn", f]);
    assert_eq!((code, jsonl.lines().count()), (0, 2));
    // Pretty records one after the other (what `convert` wrote before) are read too.
    let pretty = format!(
        "{}\n{}",
        run_in(&["convert", "--to", "pcn", "-"], a.as_bytes()).0,
        run_in(&["convert", "--to", "pcn", "-"], b.as_bytes()).0
    );
    assert_eq!(tsv(&["replay", "--tsv", "-"], pretty.as_bytes()), rows);
}

/// #1, R9: a bad record among good ones is reported (index and line) and the others are read.
#[test]
fn a_bad_record_is_reported_and_the_others_read() {
    let good = format!(r#"{{"setup": "{START}", "plies": ["e2-e4"]}}"#);
    let text = format!(
        "{good}\n{{\"setup\": \"{START}\", \"plies\": [\"e2-e5\"]}}\n{{\"setup\": \n{good}\n"
    );
    let (out, err, code) = run_in(
        &["replay", "--tsv", "--format", "pcn", "-"],
        text.as_bytes(),
    );
    assert_eq!(code, 1);
    let rows: Vec<&str> = out.lines().collect();
    assert_eq!(rows.len(), 4, "{out}");
    assert!(
        rows[0].starts_with("0\t1\t") && rows[3].starts_with("3\t1\t"),
        "{out}"
    );
    assert!(
        rows[1].starts_with("1\t0\t-\t*\t"),
        "an illegal first ply: {out}"
    );
    assert_eq!(rows[2], "2\t-\t-\terror\t-");
    assert!(
        err.contains("error: IllegalMove: game 1: illegal ply 1 (e2-e5)"),
        "{err}"
    );
    assert!(
        err.contains("error: MalformedJson: game 2: unreadable: record 2 (line 3)"),
        "{err}"
    );
}

/// A PGN that starts with a `{...}` comment, like Debian's eco.pgn: read as PGN when piped and
/// under any file name, and `--format` names the format outright.
const COMMENT_FIRST: &str = "{\nA PGN file of openings, by whoever; thanks to all.\n}\n\n\
[ECO \"A00\"]\n[Opening \"Polish (Sokolsky) opening\"]\n\n1. b4 *\n\n\
[ECO \"A01\"]\n[Opening \"Nimzovich-Larsen attack\"]\n\n1. b3 *\n";

#[test]
fn a_pgn_starting_with_a_comment_is_pgn() {
    let expected = tsv(
        &["replay", "--tsv", "--format", "pgn", "-"],
        COMMENT_FIRST.as_bytes(),
    );
    assert_eq!(expected.len(), 2);
    assert!(expected[0].starts_with("0\t1\t-\t*\t"), "{expected:?}");
    // Piped, or under a name that says nothing: detected.
    assert_eq!(
        tsv(&["replay", "--tsv", "-"], COMMENT_FIRST.as_bytes()),
        expected
    );
    let plain = TempFile::new("eco", COMMENT_FIRST);
    assert_eq!(
        tsv(&["replay", "--tsv", plain.to_str().unwrap()], b""),
        expected
    );
    // Under a name that says PCN: `--format pgn` overrides it.
    let misnamed = TempFile::new("eco.json", COMMENT_FIRST);
    let m = misnamed.to_str().unwrap();
    assert_eq!(
        tsv(&["replay", "--tsv", "--format", "pgn", m], b""),
        expected
    );
    let (pcn, err, code) = run(&["convert", "--to", "pcn", "--format", "pgn", m]);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(pcn.lines().count(), 2);
    // `--format pcn` on a PGN says what is wrong instead of guessing.
    let (_, err, code) = run_in(
        &["replay", "--format", "pcn", "-"],
        COMMENT_FIRST.as_bytes(),
    );
    assert_eq!(code, 1);
    assert!(err.starts_with("error: MalformedJson: "), "{err}");
}

/// Debian's own eco.pgn (package pgn-extract), piped, renamed and converted.
#[test]
fn debian_eco_pgn() {
    let path = "/usr/share/pgn-extract/eco.pgn";
    let text = std::fs::read(path).unwrap_or_else(|_| {
        panic!("{path} is missing: install Debian's pgn-extract (apt-get install pgn-extract)")
    });
    let games = String::from_utf8_lossy(&text).matches("\n[ECO ").count()
        + usize::from(text.starts_with(b"[ECO "));
    assert!(games > 2000, "{games}");
    let piped = tsv(&["replay", "--tsv", "-"], &text);
    assert_eq!(piped.len(), games);
    let renamed = TempFile::new("eco.data", &text);
    assert_eq!(
        tsv(&["replay", "--tsv", renamed.to_str().unwrap()], b""),
        piped
    );
    let (pcn, err, code) = run_in(&["convert", "--to", "pcn", "-"], &text);
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(pcn.lines().count(), games);
    let (pgn, err, code) = run_in(&["convert", "--to", "pgn", "-"], pcn.as_bytes());
    assert_eq!((code, err.as_str()), (0, ""));
    assert_eq!(tsv(&["replay", "--tsv", "-"], pgn.as_bytes()), piped);
}

/// #4: `convert --fide-draws`, and a bad game does not stop the conversion: its error is on
/// standard error, the other games are converted, the exit code is 1.
#[test]
fn convert_fide_draws_and_per_game_errors() {
    let plays_on = "[Event \"x\"]\n\n1. Nf3 Nf6 2. Ng1 Ng8 3. Nf3 Nf6 4. Ng1 Ng8 5. e4 1/2-1/2\n\n";
    let broken = "[Event \"y\"]\n\n1. e4 e5 2. Ke3 *\n\n";
    let fine = "[Event \"z\"]\n\n1. d4 *\n";
    let f = TempFile::new("mixed.pgn", format!("{plays_on}{broken}{fine}"));
    let f = f.to_str().unwrap();
    let (out, err, code) = run(&["convert", "--to", "pcn", f]);
    assert_eq!(code, 1);
    assert_eq!(
        out.lines().count(),
        1,
        "only game 2 converts under R3: {out}"
    );
    assert!(out.contains("\"z\""), "{out}");
    assert!(err.contains("error: MatchFinished: game 0: "), "{err}");
    assert!(err.contains("error: IllegalMove: game 1: "), "{err}");
    assert_eq!(err.lines().count(), 2, "{err}");
    let (out, err, code) = run(&["convert", "--to", "pcn", "--fide-draws", f]);
    assert_eq!(code, 1, "game 1 is still broken");
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 2, "{out}");
    let v: Value = serde_json::from_str(lines[0]).unwrap();
    assert_eq!(v["plies"].as_array().map(Vec::len), Some(9));
    assert_eq!(v["outcome"]["result"], "draw");
    assert!(
        err.contains("game 1: ") && !err.contains("game 0: "),
        "{err}"
    );
    // The converted record converts back with the same rule.
    let (pgn, _, code) = run_in(
        &["convert", "--to", "pgn", "--fide-draws", "-"],
        lines[0].as_bytes(),
    );
    assert_eq!(code, 0);
    assert!(pgn.contains("5. e4 1/2-1/2"), "{pgn}");
}

/// #5: a ply played after the flag fell is reported (which ply, why), never dropped quietly.
#[test]
fn a_ply_after_the_flag_fell_is_reported() {
    let one = format!(
        r#"{{"periods": [{{"time": 60}}], "setup": "{START}", "plies": [{{"move": "e2-e4", "seconds": 61}}]}}"#
    );
    let (out, err, code) = run_in(&["replay", "--format", "pcn", "-"], one.as_bytes());
    assert_eq!(code, 1);
    assert!(
        out.starts_with("game 0: 0 plies, statuses timelimit, result 0-1"),
        "{out}"
    );
    assert!(
        err.contains("error: MatchFinished: game 0: illegal ply 1 (e2-e4): not played: the flag fell during it (61 s spent)"),
        "{err}"
    );
    let (out, err, code) = run_in(&["convert", "--to", "pcn", "-"], one.as_bytes());
    assert_eq!((code, out.as_str()), (1, ""));
    assert!(
        err.contains("error: MatchFinished: record 0: ply 1 (e2-e4): not played: the flag fell"),
        "{err}"
    );
    // Later in a game: the ply the flag fell on is named, not the next one.
    let later = format!(
        r#"{{"periods": [{{"time": 60}}], "setup": "{START}", "plies": [{{"move": "e2-e4", "seconds": 30}}, "e7-e5", {{"move": "d2-d4", "seconds": 31}}, "d7-d5"]}}"#
    );
    let (_, err, code) = run_in(&["replay", "-"], later.as_bytes());
    assert_eq!(code, 1);
    assert!(
        err.contains("illegal ply 3 (d2-d4): not played: the flag fell during it (31 s spent)"),
        "{err}"
    );
    let (_, err, code) = run_in(&["convert", "--to", "pgn", "-"], later.as_bytes());
    assert_eq!(code, 1);
    assert!(err.contains("ply 3 (d2-d4): not played"), "{err}");
    // In time, the same plies are kept.
    let in_time = later.replace("31", "29");
    let (out, err, code) = run_in(&["replay", "--tsv", "-"], in_time.as_bytes());
    assert_eq!((code, err.as_str()), (0, ""));
    assert!(out.starts_with("0\t4\t-\t*\t"), "{out}");
}
