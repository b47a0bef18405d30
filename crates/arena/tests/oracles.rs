//! Against real engines (ignored by default: they need programs from outside the workspace).
//!
//! - Fairy-Stockfish in Ōgi (node and the npm package `fairy-stockfish-nnue.wasm` 1.1.12 under
//!   `target/tools/fsf`, as `scripts/strength.py --install` installs it): along random games, the legal
//!   moves it lists (`go perft 1`) are exactly ours, translated to its notation, from positions
//!   given as its FEN (hands in brackets) — the oracle for the dialect.
//! - Stockfish (Debian `stockfish`): a short match against the test engine, its records replayed.
//!
//! Run: `cargo test -p tegoma-arena --test oracles -- --ignored`.

use std::collections::BTreeSet;
use std::path::PathBuf;
use std::time::{Duration, Instant};

use tegoma_arena::dialect::{fsf_fen, Dialect};
use tegoma_arena::openings::{random_openings, SplitMix64};
use tegoma_arena::player::Timeouts;
use tegoma_arena::process::{Process, Read1};
use tegoma_arena::tc::Tc;
use tegoma_arena::tournament::{run, Config, Outputs};
use tegoma_arena::EngineSpec;
use tegoma_game::{AnyMatch, MoveFormat, Rules};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn fsf_spec() -> EngineSpec {
    let root = root();
    let script = root.join("scripts/fsf-uci.mjs");
    let ini = PathBuf::from("/work/shared/oracles/ogi.ini");
    let ini = std::env::var("OGI_INI").map(PathBuf::from).unwrap_or(ini);
    assert!(
        root.join("target/tools/fsf/node_modules/fairy-stockfish-nnue.wasm/stockfish.js")
            .exists(),
        "the npm package is missing: run scripts/strength.py --install"
    );
    assert!(ini.exists(), "ogi.ini is missing (set OGI_INI)");
    EngineSpec::parse(&format!(
        "cmd=node {} --variants {},name=fsf",
        script.display(),
        ini.display()
    ))
    .unwrap()
}

fn read_until(p: &mut Process, end: &str, out: &mut Vec<String>) {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        match p.read(deadline) {
            Read1::Line(l) => {
                let done = l.starts_with(end);
                out.push(l);
                if done {
                    return;
                }
            }
            other => panic!("Fairy-Stockfish stopped answering: {other:?}"),
        }
    }
}

#[test]
#[ignore = "needs node and the npm package fairy-stockfish-nnue.wasm (scripts/strength.py --install)"]
fn fairy_stockfish_lists_our_ogi_moves() {
    let mut p = Process::spawn(&fsf_spec()).unwrap();
    let mut lines = Vec::new();
    p.send("uci");
    read_until(&mut p, "uciok", &mut lines);
    p.send("setoption name UCI_Variant value ogi");
    p.send("isready");
    read_until(&mut p, "readyok", &mut lines);
    let rules = Rules::ogi().without_privilege().unwrap();
    let mut rng = SplitMix64::new(2026);
    let mut positions = 0;
    let mut with_hands = 0;
    for _game in 0..12 {
        let mut m = AnyMatch::new(rules.clone());
        for _ply in 0..60 {
            if m.outcome().is_some() {
                break;
            }
            let feen = m.feen();
            let ours: BTreeSet<String> = m
                .legal_moves_as(MoveFormat::Pmn)
                .unwrap()
                .iter()
                .map(|pmn| Dialect::Fairy("ogi").write_move(pmn).unwrap())
                .collect();
            // Sennichite aside (Fairy-Stockfish has no such rule): compare where none applies.
            let (all, search) = Dialect::Fairy("ogi").legal_moves(&m);
            if search.is_empty() {
                p.send(&format!("position fen {}", fsf_fen(&feen).unwrap()));
                p.send("go perft 1");
                let mut out = Vec::new();
                read_until(&mut p, "Nodes searched", &mut out);
                let theirs: BTreeSet<String> = out
                    .iter()
                    .filter_map(|l| l.split_once(": ").map(|x| x.0.to_string()))
                    .filter(|mv| !mv.contains(' '))
                    .collect();
                assert_eq!(ours, theirs, "position {feen}");
                assert_eq!(all.len(), ours.len());
                positions += 1;
                if !feen.contains(" / ") {
                    with_hands += 1;
                }
            }
            let moves = m.legal_moves_as(MoveFormat::Pmn).unwrap();
            let mv = moves[rng.below(moves.len())].clone();
            m.play(&mv, None).unwrap();
        }
    }
    p.send("quit");
    assert!(positions > 300, "{positions}");
    assert!(with_hands > 100, "{with_hands}");
}

#[test]
#[ignore = "needs node and the npm package fairy-stockfish-nnue.wasm (scripts/strength.py --install)"]
fn a_match_against_fairy_stockfish_in_ogi() {
    let rules = Rules::ogi().without_privilege().unwrap();
    let engine = env!("CARGO_BIN_EXE_tegoma-arena-testengine");
    let config = Config {
        openings: random_openings(&rules, 6, 1, 5).unwrap(),
        rules,
        engines: [
            fsf_spec(),
            EngineSpec::parse(&format!("cmd={engine},proto=sei,name=random")).unwrap(),
        ],
        games: 2,
        tc: Tc::parse("5+0.1").unwrap(),
        nodes: None,
        margin_ms: 0,
        concurrency: 1,
        sprt: None,
        max_plies: 400,
        event: "test".into(),
        timeouts: Timeouts::default(),
    };
    let s = run(
        &config,
        Outputs {
            pgn: None,
            pcn: None,
        },
        |f| {
            assert_eq!(
                f.record.termination,
                tegoma_arena::game::Termination::Normal,
                "{}",
                f.record.termination.detail(&f.record.names)
            );
        },
    )
    .unwrap();
    assert_eq!(s.wdl.wins, 2, "Fairy-Stockfish beats a random mover");
}

#[test]
#[ignore = "needs Debian's stockfish (apt-get install stockfish)"]
fn a_match_against_stockfish() {
    let rules = Rules::chess();
    let engine = env!("CARGO_BIN_EXE_tegoma-arena-testengine");
    let sf = if std::path::Path::new("/usr/games/stockfish").exists() {
        "/usr/games/stockfish"
    } else {
        "stockfish"
    };
    let config = Config {
        openings: random_openings(&rules, 6, 2, 5).unwrap(),
        rules,
        engines: [
            EngineSpec::parse(&format!("cmd={sf},name=sf,option.Threads=1,option.Hash=16"))
                .unwrap(),
            EngineSpec::parse(&format!("cmd={engine},name=random")).unwrap(),
        ],
        games: 4,
        tc: Tc::parse("10+0.1").unwrap(),
        nodes: None,
        margin_ms: 0,
        concurrency: 2,
        sprt: None,
        max_plies: 400,
        event: "test".into(),
        timeouts: Timeouts::default(),
    };
    let s = run(
        &config,
        Outputs {
            pgn: None,
            pcn: None,
        },
        |f| {
            assert_eq!(
                f.record.termination,
                tegoma_arena::game::Termination::Normal,
                "{}",
                f.record.termination.detail(&f.record.names)
            );
        },
    )
    .unwrap();
    assert_eq!(s.wdl.wins, 4, "Stockfish beats a random mover");
}
