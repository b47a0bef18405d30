//! `bench`: a fixed set of positions of every built-in game, each searched to a fixed depth
//! with a fresh table; the total node count identifies the search (it changes when the search
//! changes) and the nodes per second measure its speed.

use std::io::{self, Write};
use std::time::{Duration, Instant};

use tegoma_game::Rules;

use crate::engine::{Engine, SearchRequest, Start};
use crate::limits::Limits;

/// One bench position: game, start (`None`: the initial position; FEN for a game that has FEN,
/// else FEEN), depth.
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
        let fen = rules.formats().fen;
        let mut engine = Engine::new(rules);
        let start = match feen {
            None => Start::Initial,
            Some(f) if fen => Start::Fen(f.to_string()),
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

/// Runs the bench ([`run`]) and writes its report to `out`: a line per position, then each
/// game's nodes, time and nodes per second, and the totals (the last lines are `Nodes
/// searched  : N` and `Nodes/second    : N`).
///
/// # Errors
/// The first failure to write `out` (a closed or full output): the bench stops there.
pub fn report<W: Write>(depth_delta: i32, out: &mut W) -> io::Result<()> {
    let n = POSITIONS.len();
    let mut i = 0;
    let mut failed: Option<io::Error> = None;
    let mut lines = Vec::new();
    for &position in POSITIONS {
        let Some(line) = run_one(position, depth_delta) else {
            continue;
        };
        i += 1;
        writeln!(
            out,
            "Position {i}/{n} ({}) {}: nodes {} time {} ms best {}",
            line.game,
            line.position,
            line.nodes,
            line.time.as_millis(),
            line.best.as_deref().unwrap_or("(none)")
        )
        .and_then(|()| out.flush())
        .unwrap_or_else(|e| failed = Some(e));
        if let Some(e) = failed {
            return Err(e);
        }
        lines.push(line);
    }
    let nodes: u64 = lines.iter().map(|l| l.nodes).sum();
    let time: Duration = lines.iter().map(|l| l.time).sum();
    let ms = time.as_millis().max(1) as u64;
    // Each game's own rate: the games differ by far in speed, so the total mixes them.
    let mut games: Vec<&str> = lines.iter().map(|l| l.game).collect();
    games.dedup();
    let mut per_game = String::new();
    for g in games {
        let (n, t) = lines
            .iter()
            .filter(|l| l.game == g)
            .fold((0u64, Duration::ZERO), |(n, t), l| {
                (n + l.nodes, t + l.time)
            });
        let us = t.as_micros().max(1) as u64;
        per_game.push_str(&format!(
            "{g:<16}: nodes {n} time {} ms nps {}\n",
            us / 1000,
            n * 1_000_000 / us
        ));
    }
    writeln!(
        out,
        "===========================\n{per_game}Total time (ms) : {ms}\nNodes searched  : {nodes}\nNodes/second    : {}",
        nodes * 1000 / ms
    )?;
    out.flush()
}

/// One bench position searched (`None`: not valid, a bug covered by the tests).
fn run_one(
    (game, feen, depth): (&'static str, Option<&'static str>, u32),
    depth_delta: i32,
) -> Option<BenchLine> {
    let rules = Rules::by_name(game).ok()?;
    let fen = rules.formats().fen;
    let mut engine = Engine::new(rules);
    let start = match feen {
        None => Start::Initial,
        Some(f) if fen => Start::Fen(f.to_string()),
        Some(f) => Start::Feen(f.to_string()),
    };
    let depth = (depth as i32 + depth_delta).max(1) as u32;
    let request = SearchRequest::new(start, Vec::new(), Limits::depth(depth));
    let t = Instant::now();
    let r = engine.search(&request, &mut |_| {}).ok()?;
    Some(BenchLine {
        game,
        position: feen.unwrap_or("startpos").to_string(),
        nodes: r.info.nodes,
        time: t.elapsed(),
        best: r.best,
    })
}
