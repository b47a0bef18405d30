//! Real PGN files through PGN → PCN → PGN (issue 12's acceptance): Debian's `eco.pgn` and
//! python-chess's own `data/pgn` test files, with python-chess 1.11 as the oracle of what each
//! game holds (main line, comments, NAGs, variations, clock times) and of what our PGN output
//! holds.
//!
//! The python-chess files are not copied into the repository: the test takes them from
//! `TEGOMA_PYTHON_CHESS_DATA` (a `data/pgn` directory) or downloads the python-chess 1.11.2
//! source distribution with `pip download` into Cargo's test temporary directory once. Missing
//! data, `pip` or python-chess fail the test (saying how to get them); nothing is skipped.

use std::collections::BTreeSet;
use std::fs;
use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;
use tegoma_notation::pcn::Pcn;
use tegoma_pgn::record::{pcn_to_pgn_with_warnings, pgn_to_pcn_with_warnings, WarningKind};
use tegoma_pgn::{game_to_string, PgnErrorKind, PgnReader};

/// The Python interpreter with python-chess: `TEGOMA_PYTHON` (scripts/test.sh sets it to the
/// virtual environment it installs python-chess 1.11.2 into), else `python3`.
fn python() -> String {
    std::env::var("TEGOMA_PYTHON").unwrap_or_else(|_| "python3".to_string())
}

/// The python-chess `data/pgn` directory, or a failure that says how to get it.
fn python_chess_data() -> PathBuf {
    if let Some(dir) = std::env::var_os("TEGOMA_PYTHON_CHESS_DATA") {
        let dir = PathBuf::from(dir);
        assert!(
            dir.is_dir(),
            "TEGOMA_PYTHON_CHESS_DATA={} is not a directory",
            dir.display()
        );
        return dir;
    }
    let tmp = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("python-chess-sdist");
    let data = tmp.join("chess-1.11.2/data/pgn");
    if data.is_dir() {
        return data;
    }
    fs::create_dir_all(&tmp).unwrap();
    let status = Command::new(python())
        .args(["-m", "pip", "download", "--no-deps", "--no-binary", ":all:", "chess==1.11.2", "-d"])
        .arg(&tmp)
        .status()
        .unwrap_or_else(|e| panic!("python3 -m pip cannot run ({e}): the test needs python-chess's sdist, or TEGOMA_PYTHON_CHESS_DATA naming its data/pgn"));
    assert!(status.success(), "pip download chess==1.11.2 failed: the test needs python-chess's sdist (PyPI), or TEGOMA_PYTHON_CHESS_DATA naming its data/pgn");
    let status = Command::new("tar")
        .arg("xzf")
        .arg(tmp.join("chess-1.11.2.tar.gz"))
        .arg("-C")
        .arg(&tmp)
        .arg("chess-1.11.2/data/pgn")
        .status()
        .expect("tar runs");
    assert!(
        status.success() && data.is_dir(),
        "the sdist has no data/pgn"
    );
    data
}

/// python-chess's reading of a PGN file: one JSON object per game.
const ORACLE: &str = r#"
import sys, json, re
import chess, chess.pgn
CMD = re.compile(r"\[%(clk|emt)\s[^\]]*\]")
def norm(c):
    return " ".join(CMD.sub(" ", c or "").split())
with open(sys.argv[1], encoding="utf-8-sig") as f:
    while True:
        g = chess.pgn.read_game(f)
        if g is None:
            break
        b = g.board()
        nodes = []
        sans = []
        for node in g.mainline():
            sans.append(node.parent.board().san(node.move) if node.move else "--")
            nodes.append({
                "comment": norm(node.comment),
                "nags": sorted(node.nags),
                "variations": len(node.parent.variations) - 1,
                "clock": node.clock(),
                "emt": node.emt(),
            })
        print(json.dumps({
            "board": type(b).__name__,
            "chess960": b.chess960,
            "null": any(n.move is not None and not n.move for n in g.mainline()),
            "sans": sans,
            "start_comment": norm(g.comment),
            "nodes": nodes,
            "errors": [str(e) for e in g.errors],
        }))
"#;

fn oracle(path: &Path) -> Vec<Value> {
    let out = Command::new(python())
        .arg("-c")
        .arg(ORACLE)
        .arg(path)
        .output()
        .unwrap_or_else(|e| panic!("python3 cannot run ({e}): the test needs python-chess 1.11 (pip install chess==1.11.2)"));
    assert!(
        out.status.success(),
        "python-chess failed on {}: {} (the test needs python-chess 1.11: pip install chess==1.11.2)",
        path.display(),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout)
        .unwrap()
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect()
}

/// What a PCN record holds, in python-chess's terms.
fn holdings(pcn: &Pcn) -> (String, Vec<Value>) {
    let v = pcn.to_value();
    let texts = |o: &Value| -> String {
        let c: Vec<String> = o
            .get("comments")
            .and_then(Value::as_array)
            .map(|a| a.iter().map(|c| c.as_str().unwrap().to_string()).collect())
            .unwrap_or_default();
        c.join(" ").split_whitespace().collect::<Vec<_>>().join(" ")
    };
    let nodes = v["plies"]
        .as_array()
        .map(|plies| {
            plies
                .iter()
                .map(|p| {
                    let nags: BTreeSet<u64> = p
                        .get("nags")
                        .and_then(Value::as_array)
                        .map(|a| a.iter().map(|n| n.as_u64().unwrap()).collect())
                        .unwrap_or_default();
                    serde_json::json!({
                        "comment": texts(p),
                        "nags": nags.into_iter().collect::<Vec<_>>(),
                        "variations": p.get("variations").and_then(Value::as_array).map_or(0, Vec::len),
                        "clock": p.get("clock").and_then(Value::as_f64),
                    })
                })
                .collect()
        })
        .unwrap_or_default();
    (texts(&v["setup"]), nodes)
}

/// Compares a record with python-chess's reading of a game: plies, comments, NAGs, variation
/// counts, clocks (and `%emt` times as `seconds` where the game has them).
fn same_as_oracle(what: &str, pcn: &Pcn, sans: &[String], o: &Value) {
    let want: Vec<String> = o["sans"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_str().unwrap().to_string())
        .collect();
    assert_eq!(sans, want, "{what}: main line");
    let (start, nodes) = holdings(pcn);
    assert_eq!(
        start, o["start_comment"],
        "{what}: comment before the first move"
    );
    let onodes = o["nodes"].as_array().unwrap();
    assert_eq!(nodes.len(), onodes.len(), "{what}");
    for (i, (ours, theirs)) in nodes.iter().zip(onodes).enumerate() {
        for key in ["comment", "nags", "variations"] {
            assert_eq!(ours[key], theirs[key], "{what}: ply {} {key}", i + 1);
        }
        match (ours["clock"].as_f64(), theirs["clock"].as_f64()) {
            (Some(a), Some(b)) => assert!((a - b).abs() < 1e-6, "{what}: ply {} clock", i + 1),
            (a, b) => assert_eq!(a, b, "{what}: ply {} clock", i + 1),
        }
        if let Some(emt) = theirs["emt"].as_f64() {
            let s = pcn.plies.as_ref().unwrap()[i]
                .seconds
                .expect("emt gives seconds");
            assert!((s - emt).abs() < 1e-6, "{what}: ply {} emt", i + 1);
        }
    }
}

#[test]
fn python_chess_data_files_convert_as_python_chess_reads_them() {
    let dir = python_chess_data();
    let mut files: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "pgn"))
        .collect();
    files.sort();
    assert!(
        files.len() >= 10,
        "{}: {} PGN files",
        dir.display(),
        files.len()
    );
    let out_dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("pgn-corpus-out");
    fs::create_dir_all(&out_dir).unwrap();
    let (mut converted, mut refused) = (0, 0);
    for file in &files {
        let name = file.file_name().unwrap().to_string_lossy().to_string();
        let theirs = oracle(file);
        let ours: Vec<_> = PgnReader::new(BufReader::new(fs::File::open(file).unwrap())).collect();
        assert_eq!(ours.len(), theirs.len(), "{name}: games");
        let mut written = String::new();
        let mut written_oracle = Vec::new();
        for (i, (game, o)) in ours.into_iter().zip(&theirs).enumerate() {
            let what = format!("{name} game {i}");
            let variant = o["board"] != "Board" || o["chess960"] == true;
            let game = match game {
                Ok(g) => g,
                Err(e) => {
                    // What python-chess reads as a variant or with a null move, refused by
                    // name (R10, R11).
                    match &e.kind {
                        PgnErrorKind::UnsupportedVariant(_) => assert!(variant, "{what}: {e}"),
                        PgnErrorKind::NullMove { .. } => {
                            assert!(o["null"] == true, "{what}: {e}")
                        }
                        _ => panic!("{what}: {e}"),
                    }
                    refused += 1;
                    continue;
                }
            };
            assert!(!variant, "{what}: a variant game read as chess");
            let (pcn, warnings) =
                pgn_to_pcn_with_warnings(&game).unwrap_or_else(|e| panic!("{what}: {e}"));
            for w in &warnings {
                assert_eq!(w.kind, WarningKind::OutcomeDisagrees, "{what}: {w}");
            }
            let (back, _) = pcn_to_pgn_with_warnings(&pcn).unwrap();
            let sans: Vec<String> = back.moves.iter().map(|m| m.to_string()).collect();
            same_as_oracle(&what, &pcn, &sans, o);
            written.push_str(&game_to_string(&back).unwrap());
            written.push('\n');
            written_oracle.push(o.clone());
            converted += 1;
        }
        // python-chess reads our PGN as it read the original.
        let path = out_dir.join(&name);
        fs::write(&path, &written).unwrap();
        let again = oracle(&path);
        assert_eq!(again.len(), written_oracle.len(), "{name}: games written");
        for (i, (a, b)) in again.iter().zip(&written_oracle).enumerate() {
            for key in ["sans", "start_comment", "nodes"] {
                assert_eq!(a[key], b[key], "{name}: game {i} written back: {key}");
            }
        }
    }
    eprintln!("python-chess data/pgn: {converted} games converted, {refused} refused by name");
    assert!(converted >= 10 && refused >= 5);
}

#[test]
fn eco_pgn_converts_to_pcn_and_back_with_nothing_lost() {
    let path = ["TEGOMA_ECO_PGN"]
        .iter()
        .filter_map(std::env::var_os)
        .map(PathBuf::from)
        .chain([PathBuf::from("/usr/share/pgn-extract/eco.pgn")])
        .find(|p| p.is_file())
        .expect(
            "eco.pgn not found: this test needs Debian's pgn-extract \
             (apt-get install -y pgn-extract) or TEGOMA_ECO_PGN naming a copy",
        );
    let text = fs::read(&path).unwrap();
    assert!(text.starts_with(b"{"), "eco.pgn starts with a comment");
    let (mut games, mut plies, mut comments) = (0, 0, 0);
    for (i, game) in PgnReader::new(&text[..]).enumerate() {
        let game = game.unwrap_or_else(|e| panic!("game {i}: {e}"));
        let (pcn, warnings) = pgn_to_pcn_with_warnings(&game).unwrap();
        assert!(warnings.is_empty(), "game {i}: {warnings:?}");
        assert_eq!(pcn.plies.as_ref().map_or(0, Vec::len), game.moves.len());
        let (back, warnings) = pcn_to_pgn_with_warnings(&pcn).unwrap();
        assert!(warnings.is_empty(), "game {i}: {warnings:?}");
        let written = game_to_string(&back).unwrap();
        let again = PgnReader::new(written.as_bytes()).next().unwrap().unwrap();
        let (pcn2, _) = pgn_to_pcn_with_warnings(&again).unwrap();
        assert_eq!(pcn2, pcn, "game {i}");
        games += 1;
        plies += game.moves.len();
        comments += game.comments.len();
    }
    // The file's leading comment is kept, before the first game's first move.
    assert_eq!(comments, 1);
    assert!(
        games >= 2000 && plies >= 20_000,
        "{games} games, {plies} plies"
    );
}
