//! Mates the search must find fast: mates in three to five from seeded games of Stockfish (depth
//! 2) against a random mover, each mate's length found by Stockfish 16 (depth 40, and no shorter
//! mate found by a `go mate N-1` search) and four composed endgame mates checked the same way (every position legal: python-chess `is_valid`);
//! and every mate in one and two of `data/mates.tsv` (python-chess brute force) within 100,000
//! nodes, what 0.5 s searches on a slow machine (the engine once chose Rh8+ for +39 pawns over
//! a mate in two at 0.5 s). Node limits keep the tests deterministic.

use tegoma_engine::{Engine, EngineOptions, Limits, Score, SearchRequest, Start};
use tegoma_game::{MoveFormat, Rules};

/// Mate length (moves), FEN, Stockfish's first move (in SAN, for the reader).
const PROBLEMS: &[(i32, &str, &str)] = &[
    (
        5,
        "2b2k2/1rnp2r1/1PpN3p/p3Nn1P/1p1P2P1/5Q2/1P3P2/RBB1K2R w K - 2 23",
        "Qxf5+",
    ),
    (
        4,
        "rn2k1nr/3b4/pB1p2P1/2pPPpbP/4NQ2/8/PPP5/R3KBNR w KQkq - 4 19",
        "Qxg5",
    ),
    (
        5,
        "R2q3r/ppp1b3/4k1pp/3N4/3PnB2/1B3N2/PPP2PPP/R2QK2R w KQ - 3 14",
        "Nxc7+",
    ),
    (
        4,
        "2q1k3/2p2Npr/p3Bn2/1pB2Pp1/8/P1NP1Q2/P1P3PP/R3K2R w KQ - 3 20",
        "Bxc8",
    ),
    (
        4,
        "2r2bnr/1p1Bpppp/pk6/8/Q2P1B2/N1P5/PP3PPP/R3K1NR w KQ - 5 12",
        "Bxc8",
    ),
    (
        4,
        "1r2kb1Q/p2ppn1p/1B6/1p1PP2Q/8/2N5/1PP3PP/R3K1NR w KQ - 0 18",
        "Qg8",
    ),
    (
        4,
        "1rb3nr/p2p1k1p/Bp1Pp3/5pp1/3Q4/2B5/PPP2PPP/RN2K1NR w KQ - 2 13",
        "Qg7+",
    ),
    (
        3,
        "r7/1N1pkp1r/n4n1p/P3P1p1/4P2P/4B3/PP1Q1PP1/2R1KBNR w K - 1 19",
        "Qd6+",
    ),
    (
        3,
        "r1bk1b1r/pp1P1pp1/n2Qp2p/1B6/P1p1PP2/2N1B3/1PP3PP/R3K1NR w KQ - 1 14",
        "dxc8=R+",
    ),
    (
        3,
        "1rb3kr/ppp4p/n2p2qB/4p2P/3PN3/5N2/PPPQBP1P/R3K1R1 w Q - 3 17",
        "Bc4+",
    ),
    (
        3,
        "rnb1r3/pp1pNnk1/1P1P4/6Pp/5N2/8/PP2PPp1/R1BQKB1R w KQ - 0 16",
        "Qd4+",
    ),
    (3, "8/8/8/8/8/5K2/6R1/7k w - - 0 1", "Rf2"),
    (2, "8/8/8/8/8/4K3/6R1/5k2 w - - 0 1", "Rg8"),
    (2, "4k3/8/8/8/8/8/8/R3K2R w KQ - 0 1", "Rh7"),
    (2, "5k2/8/5K2/8/8/8/8/6Q1 w - - 0 1", "Qg7+"),
];

fn mate_found(engine: &mut Engine, fen: &str, limits: Limits) -> (String, Score) {
    engine.new_game();
    let mut request = SearchRequest::new(Start::Fen(fen.into()), vec![], limits);
    request.format = MoveFormat::Uci;
    let r = engine.search(&request, &mut |_| {}).unwrap();
    (r.best.unwrap(), r.info.score)
}

fn problems(threads: usize, nodes: u64) {
    let mut engine = Engine::new(Rules::chess());
    engine.set_options(EngineOptions {
        threads,
        ..EngineOptions::default()
    });
    for &(n, fen, _) in PROBLEMS {
        let limits = Limits {
            mate: Some(n as u32),
            nodes: Some(nodes),
            ..Limits::default()
        };
        let (best, score) = mate_found(&mut engine, fen, limits);
        assert_eq!(score, Score::Mate(n), "{fen}: {best} {score:?}");
    }
}

/// Every problem within 1,500,000 nodes (a few seconds; the mate in four of `rn2k1nr` was missed
/// at 15 plies before the null move and reverse futility stopped in decided positions).
#[test]
fn mates_in_two_to_five_are_found() {
    problems(1, 1_500_000);
}

/// The same with two threads (Lazy SMP), the node budget counting both.
#[test]
fn mates_are_found_with_two_threads() {
    problems(2, 3_000_000);
}

#[test]
fn mates_in_one_and_two_within_a_short_search() {
    let mut engine = Engine::new(Rules::chess());
    let mut n = 0;
    for line in include_str!("data/mates.tsv").lines() {
        let cols: Vec<&str> = line.split('\t').collect();
        let moves = if cols[0] == "mate1" { 1 } else { 2 };
        let (fen, wins) = (cols[1], cols[2].split(' ').collect::<Vec<_>>());
        let (best, score) = mate_found(&mut engine, fen, Limits::nodes(100_000));
        assert!(
            wins.contains(&best.as_str()),
            "{fen}: {best} not in {wins:?}"
        );
        assert!(
            matches!(score, Score::Mate(m) if (1..=moves).contains(&m)),
            "{fen}: {score:?}"
        );
        n += 1;
    }
    assert_eq!(n, 100);
}
