//! `bench`: a fixed set of positions of every built-in game, each searched to a fixed depth
//! with a fresh table; the total node count identifies the search (it changes when the search
//! changes) and the nodes per second measure its speed.

use std::io::{self, Write};
use std::time::{Duration, Instant};

use tegoma_game::{BenchPosition, Rules};

use crate::engine::{Engine, SearchRequest, Start};
use crate::limits::Limits;

/// The bench positions: every game the build knows ([`tegoma_game::registry::built_in`], in
/// its order), each with its descriptor's positions ([`MatchRules::bench_positions`]).
///
/// [`MatchRules::bench_positions`]: tegoma_game::MatchRules::bench_positions
pub fn positions() -> Vec<(Rules, BenchPosition)> {
    tegoma_game::registry::built_in()
        .into_iter()
        .flat_map(|rules| {
            rules
                .bench_positions()
                .iter()
                .map(|&p| (rules.clone(), p))
                .collect::<Vec<_>>()
        })
        .collect()
}

/// One bench position's result.
#[derive(Debug, Clone)]
pub struct BenchLine {
    /// The game's name.
    pub game: String,
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
    for (rules, position) in positions() {
        let line = run_one(&rules, position, depth_delta).expect("bench positions are valid");
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
    let all = positions();
    let n = all.len();
    let mut i = 0;
    let mut failed: Option<io::Error> = None;
    let mut lines = Vec::new();
    for (rules, position) in &all {
        let Some(line) = run_one(rules, *position, depth_delta) else {
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
    let mut games: Vec<&str> = lines.iter().map(|l| l.game.as_str()).collect();
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
fn run_one(rules: &Rules, position: BenchPosition, depth_delta: i32) -> Option<BenchLine> {
    let fen = rules.formats().fen;
    let mut engine = Engine::new(rules.clone());
    let start = match position.position {
        None => Start::Initial,
        Some(f) if fen => Start::Fen(f.to_string()),
        Some(f) => Start::Feen(f.to_string()),
    };
    let depth = (position.depth as i32 + depth_delta).max(1) as u32;
    let request = SearchRequest::new(start, Vec::new(), Limits::depth(depth));
    let t = Instant::now();
    let r = engine.search(&request, &mut |_| {}).ok()?;
    Some(BenchLine {
        game: rules.name().to_string(),
        position: position.position.unwrap_or("startpos").to_string(),
        nodes: r.info.nodes,
        time: t.elapsed(),
        best: r.best,
    })
}
