//! Issue 12, findings 2, 9, 10 and 11 (ruling R9): results on standard output, errors on
//! standard error; an output that cannot be written (a full disk, a closed standard output) is
//! `error: Io` and exit code 1, never a panic; perft's progress; small contract fixes.
use std::process::{Command, Output, Stdio};

mod common;
use common::{with_stdin, TempFile};

const BIN: &str = env!("CARGO_BIN_EXE_tegoma");

const PGN: &str = "[Event \"a\"]\n\n1. f3 e5 2. g4 Qh4# 0-1\n\n[Event \"b\"]\n\n1. d4 d5 *\n";

/// One invocation of every command, each with output to write.
fn every_command(pgn: &str, pcn: &str) -> Vec<Vec<String>> {
    let cmds: Vec<Vec<&str>> = vec![
        vec!["moves"],
        vec!["moves", "--json"],
        vec!["perft", "3", "--divide"],
        vec!["perft", "2", "--json"],
        vec!["status", "--fen", "8/8/8/8/8/8/8/K1k5 w - - 0 1"],
        vec!["show", "ogi"],
        vec!["convert", "--to", "pcn", pgn],
        vec!["convert", "--to", "pgn", pcn],
        vec!["convert", "--to", "feen", "8/8/8/8/8/8/8/K1k5 w - - 0 1"],
        vec!["replay", pgn],
        vec!["replay", "--tsv", pcn],
        vec!["ggn", "export", "chess"],
        vec!["ggn", "export", "ogi", "--out", "-"],
        vec!["validate", "pmn", "e2-e4"],
        vec!["validate", "pcn", pcn],
        vec!["apply", "--feen", "8/8/8/3q4/4P3/8/8/8 / C/c", "e4+d5"],
        vec!["validate", "--help"],
        vec!["--version"],
    ];
    cmds.into_iter()
        .map(|c| c.into_iter().map(str::to_string).collect())
        .collect()
}

/// A PGN file and the same games as PCN (kept while the values live).
fn files() -> (TempFile, TempFile) {
    let pgn = TempFile::new("games.pgn", PGN.as_bytes());
    let pcn = Command::new(BIN)
        .args(["convert", "--to", "pcn", pgn.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(pcn.status.success());
    let pcn = TempFile::new("games.pcn", &pcn.stdout);
    (pgn, pcn)
}

fn check_io_error(args: &[String], out: &Output, how: &str) {
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{how} {args:?}: {err}");
    assert!(
        err.lines().any(|l| l.starts_with("error: Io: ")),
        "{how} {args:?}: {err}"
    );
    assert!(!err.contains("panicked"), "{how} {args:?}: {err}");
}

/// #2: every command, writing to a full disk, says `error: Io` and exits 1 (it panicked with
/// exit code 134, or exited 0 having written nothing).
#[test]
fn a_full_disk_is_an_io_error_for_every_command() {
    if !std::path::Path::new("/dev/full").exists() {
        panic!("/dev/full is needed for this test (Linux)");
    }
    let (pgn, pcn) = files();
    for args in every_command(pgn.arg(), pcn.arg()) {
        // Each command works with a writable output...
        let ok = Command::new(BIN).args(&args).output().unwrap();
        assert!(ok.status.success(), "{args:?}: {:?}", ok);
        assert!(!ok.stdout.is_empty(), "{args:?}");
        // ... and fails cleanly when it cannot write.
        let full = std::fs::OpenOptions::new()
            .write(true)
            .open("/dev/full")
            .unwrap();
        let out = Command::new(BIN)
            .args(&args)
            .stdout(Stdio::from(full))
            .stderr(Stdio::piped())
            .output()
            .unwrap();
        check_io_error(&args, &out, "/dev/full");
    }
}

/// #2: with standard output closed, every command says `error: Io` and exits 1 (it exited 0).
#[test]
fn a_closed_standard_output_is_an_io_error_for_every_command() {
    let (pgn, pcn) = files();
    for args in every_command(pgn.arg(), pcn.arg()) {
        // `>&-` closes standard output for the command.
        let out = Command::new("sh")
            .arg("-c")
            .arg("exec \"$0\" \"$@\" >&-")
            .arg(BIN)
            .args(&args)
            .output()
            .unwrap();
        check_io_error(&args, &out, ">&-");
    }
    // Redirected to /dev/null, output is written (and dropped): success.
    let out = Command::new(BIN)
        .arg("moves")
        .stdout(Stdio::null())
        .output()
        .unwrap();
    assert!(out.status.success());
}

/// A reader that stops early (`| head -1`) ends the command quietly: no panic, no message.
#[test]
fn a_reader_that_stops_ends_the_command_quietly() {
    let out = Command::new("sh")
        .arg("-c")
        .arg("\"$0\" ggn export chess | head -c 10 >/dev/null; \"$0\" perft 4 --divide | head -1")
        .arg(BIN)
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), "a2-a3 8457\n");
    assert_eq!(String::from_utf8_lossy(&out.stderr), "");
}

/// #11: errors go to standard error, so a pipeline's next tool reads only results.
#[test]
fn errors_go_to_standard_error() {
    for args in [
        vec!["moves", "ogi", "--san"],
        vec!["perft", "2", "--fen", "not a fen"],
        vec!["status", "--feen", "8/8 / C/C"],
        vec!["show", "xiangqi"],
        vec!["convert", "--to", "fen", "x"],
        vec!["replay", "/nonexistent.pgn"],
        vec!["ggn", "export", "xiangqi"],
        vec!["validate", "pmn", "e2e4"],
        vec!["apply", "--feen", "8/8 / C/c", "a1-a2"],
    ] {
        let out = Command::new(BIN).args(&args).output().unwrap();
        assert_eq!(out.status.code(), Some(1), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}: stdout {:?}", out.stdout);
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.starts_with("error: ") && err.lines().count() == 1,
            "{args:?}: {err}"
        );
        let kind = err["error: ".len()..].split(": ").next().unwrap();
        assert!(
            !kind.is_empty() && kind.chars().all(|c| c.is_ascii_alphanumeric()),
            "{args:?}: {err}"
        );
    }
    // A PGN with a bad game, converted and piped on: the next tool sees only PCN records.
    let bad = TempFile::new("bad.pgn", b"[Event \"x\"]\n\n1. e4 e5 2. Ke3 *\n\n[Event \"y\"]\n\n1. d4 *\n\n[Event \"z\"]\n\n1. c4 *\n");
    let out = Command::new("sh")
        .arg("-c")
        .arg("\"$0\" convert --to pcn \"$1\" 2>/dev/null | \"$0\" replay --tsv -")
        .arg(BIN)
        .arg(&bad)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(0), "{out:?}");
    let rows = String::from_utf8(out.stdout).unwrap();
    assert_eq!(rows.lines().count(), 2, "{rows}");
}

/// #9: a perft run longer than a second reports its progress on standard error; a short one
/// prints nothing there.
#[test]
fn perft_progress_on_standard_error() {
    let out = Command::new(BIN).args(["perft", "3"]).output().unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), "nodes 8902\n");
    assert!(out.stderr.is_empty());
    // The first report after 0 ms instead of a second, so that the test does not depend on the
    // machine's speed.
    let out = Command::new(BIN)
        .args(["perft", "4"])
        .env("TEGOMA_PROGRESS_AFTER_MS", "0")
        .output()
        .unwrap();
    assert_eq!(String::from_utf8_lossy(&out.stdout), "nodes 197281\n");
    let err = String::from_utf8(out.stderr).unwrap();
    let first = err.lines().next().unwrap_or_default();
    assert!(
        first.starts_with("progress: perft 4: 0/20 root moves done, ")
            && first.contains(" nodes so far, "),
        "{err}"
    );
    // The counts along the way never exceed the total.
    for l in err.lines() {
        let n: u64 = l
            .split(", ")
            .nth(1)
            .unwrap()
            .split(' ')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        assert!(n <= 197_281, "{l}");
    }
    // The root split gives the published counts (README, checked against other engines).
    for (game, depth, nodes) in [
        ("chess", "5", "nodes 4865609"),
        ("ogi", "5", "nodes 8614327"),
        ("kogoma", "3", "nodes 3122"),
    ] {
        let out = Command::new(BIN)
            .args(["perft", depth, game])
            .output()
            .unwrap();
        assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), nodes);
    }
}

/// #10: `validate --help` states the limits the readers apply, and the size error has one name.
#[test]
fn validate_help_states_the_real_limits_and_one_size_error() {
    let out = Command::new(BIN)
        .args(["validate", "--help"])
        .output()
        .unwrap();
    let help = String::from_utf8(out.stdout).unwrap();
    let mib = |bytes: usize| format!("{} MiB", bytes >> 20);
    for (what, limit) in [
        ("document", tegoma_notation::validate::MAX_DOCUMENT_BYTES),
        ("PCN record", tegoma_notation::pcn::MAX_DOCUMENT_BYTES),
        ("GGN document", tegoma_notation::ggn::MAX_DOCUMENT_BYTES),
        ("LCN document", tegoma_notation::lcn::MAX_DOCUMENT_BYTES),
    ] {
        assert!(
            help.contains(&mib(limit)),
            "help lacks the {what} limit {}:\n{help}",
            mib(limit)
        );
    }
    assert!(help.contains("DocumentTooLarge") && !help.contains("`error: TooLarge`"));
    // Past the PCN and LCN limits: the same kind as past the reader's own limit.
    let big_pcn = format!(
        "{{\"setup\": \"8/8 / C/c\", \"meta\": {{\"x\": \"{}\"}}}}",
        "a".repeat(tegoma_notation::pcn::MAX_DOCUMENT_BYTES)
    );
    let big_lcn = format!(
        "{{\"x\": \"{}\"}}",
        "a".repeat(tegoma_notation::lcn::MAX_DOCUMENT_BYTES)
    );
    for (kind, text) in [("pcn", big_pcn), ("lcn", big_lcn)] {
        let f = TempFile::new(&format!("big.{kind}"), text.as_bytes());
        let out = Command::new(BIN)
            .args(["validate", kind, f.to_str().unwrap()])
            .output()
            .unwrap();
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.starts_with("error: DocumentTooLarge: "),
            "{kind}: {err}"
        );
    }
    let huge = TempFile::new(
        "huge.ggn",
        vec![b' '; tegoma_notation::validate::MAX_DOCUMENT_BYTES + 1],
    );
    let out = Command::new(BIN)
        .args(["validate", "ggn", huge.to_str().unwrap()])
        .output()
        .unwrap();
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.starts_with("error: DocumentTooLarge: "), "{err}");
}

/// #10: a UTF-8 byte-order mark on `validate -` input is accepted (it was refused).
#[test]
fn a_byte_order_mark_on_validate_input_is_accepted() {
    let out = with_stdin(&["validate", "pmn", "-"], b"\xef\xbb\xbfe2-e4\ne2-e4\n");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "ok\nok\n");
    let out = with_stdin(&["validate", "feen", "-"], b"\xef\xbb\xbf8/8 / C/c\n");
    assert_eq!(String::from_utf8_lossy(&out.stdout), "ok\n");
    let pcn = b"\xef\xbb\xbf{\"setup\": \"8/8 / C/c\"}\n";
    let out = with_stdin(&["validate", "pcn", "-"], pcn);
    assert_eq!(
        String::from_utf8_lossy(&out.stdout),
        "ok PCN (JSON): 0 plies, no outcome\n"
    );
}

/// #10: a `--tsv` row of a game that could not be read is not the row of an empty game.
#[test]
fn an_unreadable_game_row_differs_from_an_empty_game_row() {
    let pgn = TempFile::new(
        "setup.pgn",
        b"[Event \"bad\"]\n[FEN \"not a fen\"]\n\n*\n\n[Event \"empty\"]\n\n*\n",
    );
    let out = Command::new(BIN)
        .args(["replay", "--tsv", pgn.to_str().unwrap()])
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    let rows = String::from_utf8(out.stdout).unwrap();
    let rows: Vec<&str> = rows.lines().collect();
    assert_eq!(rows[0], "0\t-\t-\terror\t-");
    assert!(rows[1].starts_with("1\t0\t-\t*\t+rnbq"), "{rows:?}");
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(
        err.starts_with("error: ") && err.contains("game 0: unreadable: "),
        "{err}"
    );
}
