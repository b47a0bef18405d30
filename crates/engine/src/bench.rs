//! `bench`: a fixed set of positions of every built-in game, each searched to a fixed depth
//! with a fresh table; the total node count identifies the search (it changes when the search
//! changes) and the nodes per second measure its speed.

use std::time::{Duration, Instant};

use tegoma_game::Rules;

use crate::engine::{Engine, SearchRequest, Start};
use crate::limits::Limits;

/// One bench position: game, start (`None`: the initial position; FEN for chess, FEEN for the
/// other games), depth.
pub const POSITIONS: &[(&str, Option<&str>, u32)] = &[
    ("chess", None, 9),
    (
        "chess",
        Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        7,
    ),
    (
        "chess",
        Some("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
        10,
    ),
    (
        "chess",
        Some("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"),
        7,
    ),
    (
        "chess",
        Some("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R b KQ - 0 8"),
        7,
    ),
    ("ogi", None, 5),
    (
        "ogi",
        Some("lnsik^snl/1r4b1/pppp1ppp/4p3/4P3/PPPP1PPP/1B4R1/LNSIK^SNL / O/o"),
        5,
    ),
    (
        "ogi",
        Some("ln1ik^snl/1r2s1b1/pppp1ppp/4p3/3P4/PPP1PPPP/1BS3R1/LN1IK^SNL / O/o"),
        5,
    ),
    ("kogoma", None, 6),
];

/// One bench position's result.
#[derive(Debug, Clone)]
pub struct BenchLine {
    /// The game.
    pub game: &'static str,
    /// The position (FEN for chess, FEEN, or `startpos`).
    pub position: String,
    /// Nodes searched.
    pub nodes: u64,
    /// Time taken.
    pub time: Duration,
    /// The move found.
    pub best: Option<String>,
}

/// Searches every bench position at its depth (`depth_delta` added, at least 1), calling
/// `each` after each position; returns all the lines.
///
/// # Panics
/// If a bench position is not valid (a bug, covered by the tests).
pub fn run(depth_delta: i32, mut each: impl FnMut(&BenchLine)) -> Vec<BenchLine> {
    let mut lines = Vec::new();
    for &(game, feen, depth) in POSITIONS {
        let rules = Rules::by_name(game).expect("a built-in game");
        let mut engine = Engine::new(rules);
        let start = match feen {
            None => Start::Initial,
            Some(f) if game == "chess" => Start::Fen(f.to_string()),
            Some(f) => Start::Feen(f.to_string()),
        };
        let depth = (depth as i32 + depth_delta).max(1) as u32;
        let request = SearchRequest::new(start, Vec::new(), Limits::depth(depth));
        let t = Instant::now();
        let r = engine
            .search(&request, &mut |_| {})
            .expect("bench positions are valid");
        let line = BenchLine {
            game,
            position: feen.unwrap_or("startpos").to_string(),
            nodes: r.info.nodes,
            time: t.elapsed(),
            best: r.best,
        };
        each(&line);
        lines.push(line);
    }
    lines
}
