//! `tegoma match` end to end with Tegoma's own engine on both sides: balanced random openings.

use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_tegoma");

/// The start FEENs of a match's games (its PCN lines), one per game, after the match ran
/// with `extra` arguments.
fn starts(extra: &[&str]) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    let pcn = dir.path().join("games.jsonl");
    let engine = format!("cmd={BIN} engine,name=");
    let out = Command::new(BIN)
        .args([
            "match", "--rules", "chess", "--games", "6", "--nodes", "300",
        ])
        .args([
            "--engine",
            &format!("{engine}a"),
            "--engine",
            &format!("{engine}b"),
        ])
        .args(["--seed", "12", "--quiet", "--json", "--pcn"])
        .arg(&pcn)
        .args(extra)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let result: serde_json::Value =
        serde_json::from_str(String::from_utf8_lossy(&out.stdout).lines().last().unwrap()).unwrap();
    assert_eq!(result["games"], 6, "{result}");
    assert_eq!(
        result["failures_by_engine"],
        serde_json::json!([0, 0]),
        "{result}"
    );
    let text = std::fs::read_to_string(&pcn).unwrap();
    text.lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            assert!(v["outcome"].is_object(), "a game without its outcome: {l}");
            v["setup"]["feen"].as_str().unwrap().to_string()
        })
        .collect()
}

#[test]
fn balanced_openings_are_seeded_and_replace_some_random_ones() {
    let plain = starts(&[]);
    let balanced = starts(&["--balanced", "30"]);
    assert_eq!(balanced, starts(&["--balanced", "30"]));
    assert_eq!(plain.len(), 6);
    // Each opening is played twice, colours swapped.
    for pair in balanced.chunks(2) {
        assert_eq!(pair[0], pair[1]);
    }
    // With seed 12 the second plain opening (Stockfish 15.1 at depth 12: +51 for White) is
    // beyond 30 cp for our engine too, and is drawn again. (The evaluation of 2026-11-27 before
    // the piece-square tables let it pass: the filter is only as good as our evaluation.) The
    // first (+88 for Stockfish) sits at the threshold for ours: 35 cp at the filter's 20 000
    // nodes before the correction histories of 2026-12-03, 27 with them, about 41 at 200 000
    // nodes with either; no longer asserted.
    assert_ne!(plain[2], balanced[2]);
    // A filter nothing passes is an error, not a hang. In Ōgi no 1-ply opening scores exactly
    // 0 after a one-node search (in chess, with the first network, of 2026-11-28, some 1- to
    // 4-ply ones do; the evaluations of 2026-11-27 had none at 2 plies (the one tuned on
    // results) and none at 1 (the one tuned on search scores)).
    let out = Command::new(BIN)
        .args(["match", "--rules", "ogi", "--games", "2", "--nodes", "100"])
        .args(["--engine", &format!("cmd={BIN} engine,name=a,proto=sei")])
        .args(["--engine", &format!("cmd={BIN} engine,name=b,proto=sei")])
        .args([
            "--balanced",
            "0",
            "--balance-nodes",
            "1",
            "--random-openings",
            "1",
        ])
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{text}");
    assert!(
        text.contains(
            "InvalidOpenings: no random opening of 1 plies in 1000 tries passes the filter"
        ),
        "{text}"
    );
}

/// Runs `tegoma match` with these arguments after `match`; its exit status and both outputs.
fn run_match(args: &[&str]) -> (bool, String, String) {
    let out = Command::new(BIN).arg("match").args(args).output().unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Tegoma's engine over UCI plays chess only (it offers no `UCI_Variant`): an Ōgi match with it
/// is refused before any game, naming the engine and the rules, instead of being played as a
/// string of `(none)` moves.
#[test]
fn an_ogi_match_with_a_uci_engine_is_refused() {
    let (ok, stdout, stderr) = run_match(&[
        "--rules",
        "ogi",
        "--nodes",
        "100",
        "--engine",
        &format!("cmd={BIN} engine,name=uciside,proto=uci"),
        "--engine",
        &format!("cmd={BIN} engine,name=seiside,proto=sei"),
    ]);
    assert!(!ok, "{stdout}{stderr}");
    assert!(stdout.is_empty(), "{stdout}");
    assert!(
        stderr.contains("Unsupported: engine uciside speaks UCI, which cannot play ogi"),
        "{stderr}"
    );
    assert!(!stderr.contains("game 1/"), "no game was played: {stderr}");
}

/// `--pgn` for Ōgi is refused up front, and no file is written.
#[test]
fn pgn_for_ogi_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let pgn = dir.path().join("games.pgn");
    let (ok, _, stderr) = run_match(&[
        "--rules",
        "ogi",
        "--nodes",
        "100",
        "--engine",
        &format!("cmd={BIN} engine,name=a,proto=sei"),
        "--engine",
        &format!("cmd={BIN} engine,name=b,proto=sei"),
        "--pgn",
        pgn.to_str().unwrap(),
    ]);
    assert!(!ok);
    assert!(
        stderr.contains("Unsupported: PGN cannot hold games of ogi"),
        "{stderr}"
    );
    assert!(!pgn.exists(), "nothing written");
}

/// Two games are one pair: too few for an interval, said in words; the SPRT goes on.
#[test]
fn a_short_match_says_it_has_too_few_pairs() {
    let engine = format!("cmd={BIN} engine,name=");
    let (ok, stdout, stderr) = run_match(&[
        "--games",
        "2",
        "--nodes",
        "200",
        "--quiet",
        "--engine",
        &format!("{engine}a"),
        "--engine",
        &format!("{engine}b"),
        "--sprt",
        "elo0=0 elo1=5",
    ]);
    assert!(ok, "{stderr}");
    assert!(
        stdout.contains("(too few pairs for an interval: 1 pair, at least 5 needed)"),
        "{stdout}"
    );
    assert!(stdout.contains(": continue"), "{stdout}");
}

/// The openings of a 12-game match (seed 12, every game adjudicated after 20 plies), one per
/// pair.
fn pair_openings(extra: &[&str]) -> Vec<String> {
    let dir = tempfile::tempdir().unwrap();
    let pcn = dir.path().join("games.jsonl");
    let engine = format!("cmd={BIN} engine,name=");
    let (ok, _, stderr) = run_match(
        &[
            &[
                "--games",
                "12",
                "--nodes",
                "50",
                "--max-plies",
                "20",
                "--seed",
                "12",
                "--quiet",
                "--engine",
                &format!("{engine}a"),
                "--engine",
                &format!("{engine}b"),
                "--pcn",
                pcn.to_str().unwrap(),
            ],
            extra,
        ]
        .concat(),
    );
    assert!(ok, "{stderr}");
    let text = std::fs::read_to_string(&pcn).unwrap();
    let feens: Vec<String> = text
        .lines()
        .map(|l| {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            v["setup"]["feen"].as_str().unwrap().to_string()
        })
        .collect();
    assert_eq!(feens.len(), 12);
    for pair in feens.chunks(2) {
        assert_eq!(pair[0], pair[1], "a pair shares its opening");
    }
    feens.into_iter().step_by(2).collect()
}

/// By default a random opening Tegoma's engine scores beyond 400 cp for one side (2 000 nodes)
/// is drawn again; `--keep-lost-openings` keeps it. With seed 12 the fifth of six is such a
/// line (Black's queen on g5 en prise to the pawn on f4) in December 2026; the filter is only as
/// good as our evaluation, so the test asserts what holds for any: an opening replaced was
/// beyond 400, every opening kept within.
#[test]
fn lost_random_openings_are_drawn_again_by_default() {
    let filtered = pair_openings(&[]);
    let kept = pair_openings(&["--keep-lost-openings"]);
    let differ: Vec<usize> = (0..6).filter(|&i| filtered[i] != kept[i]).collect();
    assert!(!differ.is_empty(), "{filtered:#?} {kept:#?}");
    let mut engine = tegoma_engine::Engine::new(tegoma_game::Rules::chess());
    let mut score = |feen: &str| {
        let m = tegoma_game::AnyMatch::from_feen(feen).unwrap();
        engine.evaluate(&m, 2_000).unwrap().unsigned_abs()
    };
    for &i in &differ {
        assert!(score(&kept[i]) > 400, "{}", kept[i]);
    }
    for feen in &filtered {
        assert!(score(feen) <= 400, "{feen}");
    }
}
