//! `tegoma ggn export` and the position commands on Kogoma, the game described by files.

use std::process::Command;

fn tegoma(args: &[&str]) -> (bool, String) {
    let out = Command::new(env!("CARGO_BIN_EXE_tegoma"))
        .args(args)
        .output()
        .expect("run tegoma");
    (out.status.success(), text_of(&out))
}

const KOGOMA_START: &str = "rbsgk^/4p/5/P4/K^GSBR / K/k";

#[test]
fn export_is_deterministic_and_valid() {
    for game in ["chess", "ogi"] {
        let (ok1, a) = tegoma(&["ggn", "export", game]);
        let (ok2, b) = tegoma(&["ggn", "export", game]);
        assert!(ok1 && ok2);
        assert_eq!(a, b, "{game}: two runs differ");
        let doc = a.strip_suffix('\n').expect("one trailing newline");
        let ggn = tegoma_notation::ggn::Ggn::from_json(doc).expect("valid GGN");
        assert_eq!(ggn.to_json(), doc, "canonical");
    }
    let scratch = tempfile::tempdir().unwrap();
    let dir = scratch.path();
    let file = dir.join("chess.json");
    let (ok, msg) = tegoma(&["ggn", "export", "chess", "--out", file.to_str().unwrap()]);
    assert!(ok && msg.starts_with("wrote "), "{msg}");
    let (_, stdout) = tegoma(&["ggn", "export", "chess"]);
    // The file holds exactly what standard output shows, final newline included (#10).
    assert!(
        std::fs::read_to_string(&file).unwrap() == stdout,
        "--out FILE differs"
    );
    // `--out -` is standard output.
    let (ok, dash) = tegoma(&["ggn", "export", "chess", "--out", "-"]);
    assert!(ok && dash == stdout, "--out - differs");
    assert!(!dir.join("-").exists());
    // Acceptance: valid under `tegoma validate ggn`.
    let (ok, v) = tegoma(&["validate", "ggn", file.to_str().unwrap()]);
    assert!(ok, "{v}");
    assert!(v.starts_with("ok GGN: 20 pieces"), "{v}");
    let ogi = dir.join("ogi.json");
    assert!(tegoma(&["ggn", "export", "ogi", "--out", ogi.to_str().unwrap()]).0);
    let (ok, v) = tegoma(&["validate", "ggn", ogi.to_str().unwrap()]);
    assert!(ok && v.starts_with("ok GGN: 30 pieces"), "{v}");
}

#[test]
fn export_rejects_unknown_games() {
    let (ok, out) = tegoma(&["ggn", "export", "xiangqi"]);
    assert!(!ok);
    assert!(out.starts_with("error: UnknownGame: "), "{out}");
    assert_eq!(out.lines().count(), 1);
}

#[test]
fn kogoma_plays_through_the_position_commands() {
    // 14 moves by hand (games/kogoma/README.md), perft 3 = 3122 from the independent brute
    // force of crates/rules/tests/ggn_kogoma.rs.
    let (ok, out) = tegoma(&["moves", "--feen", KOGOMA_START]);
    assert!(ok);
    assert_eq!(out.lines().count(), 14, "{out}");
    assert!(out.lines().any(|l| l == "e1+e4"));
    let (ok, out) = tegoma(&["perft", "3", "--feen", KOGOMA_START]);
    assert!(ok);
    assert_eq!(out.trim(), "nodes 3122");
    let (ok, out) = tegoma(&["perft", "2", "kogoma", "--divide"]);
    assert!(ok);
    assert_eq!(out.lines().last(), Some("nodes 194"));
    assert_eq!(out.lines().count(), 15);
    // The second side has no piece left: no movement at all (nomove, R12) and no King.
    let (ok, out) = tegoma(&["status", "--feen", "5/5/5/5/1R2K^ k^/ k/K"]);
    assert!(ok);
    assert_eq!(out.trim(), "nomove mareking");
    // The King of the side to move is not attacked: stale (CGSN), as for chess and Ōgi.
    let (ok, out) = tegoma(&["status", "--feen", KOGOMA_START]);
    assert!(ok);
    assert_eq!(out.trim(), "stale");
    let (ok, out) = tegoma(&["moves", "--feen", "rbsgk^/4p/5/P4/K^GSBR / K/x"]);
    assert!(!ok);
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
