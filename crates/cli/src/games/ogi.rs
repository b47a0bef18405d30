//! The position commands for Ōgi: `moves`, `perft`, `status`.
use std::process::ExitCode;
use std::time::Instant;

use tegoma_notation::NotationError;
use tegoma_rules::ogi::{MoveList, PerftOptions, Position};

use crate::cmd;
use crate::games::PositionInput;

fn position(input: &PositionInput) -> Result<Position, ExitCode> {
    match input {
        PositionInput::Initial => Ok(Position::startpos()),
        PositionInput::Feen(f) => Position::from_feen(f).map_err(|e| crate::fail(e.kind(), e)),
        PositionInput::Fen(_) => Err(crate::fail(
            "FenNotOgi",
            "FEN describes chess positions; give an Ōgi position with --feen",
        )),
    }
}

/// `tegoma moves` for Ōgi: the legal moves (history ignored), one PMN per line, sorted.
pub fn moves(a: &cmd::moves::Args, input: &PositionInput) -> ExitCode {
    if a.san || a.uci {
        return crate::fail("Unsupported", "--san and --uci are chess only");
    }
    let p = match position(input) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let mut list = MoveList::new();
    p.legal_moves_into(&mut list);
    let mut out: Vec<String> = list.iter().map(|&m| p.move_to_pmn(m)).collect();
    out.sort();
    for m in out {
        println!("{m}");
    }
    ExitCode::SUCCESS
}

/// `tegoma perft` for Ōgi: `--divide` prints `MOVE COUNT` per root move first, `--no-bulk` plays
/// every leaf move, `--no-privilege` demotes every capture, `--bench` adds the speed; the last
/// line is `nodes N`.
pub fn perft(a: &cmd::perft::Args, input: &PositionInput) -> ExitCode {
    let p = match position(input) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let opts = PerftOptions {
        privilege: !a.no_privilege,
        bulk: !a.no_bulk,
    };
    let start = Instant::now();
    let nodes = if a.divide {
        let mut rows: Vec<(String, u64)> = p
            .perft_divide(a.depth, opts)
            .into_iter()
            .map(|(m, n)| (p.move_to_pmn(m), n))
            .collect();
        rows.sort();
        for (m, n) in &rows {
            println!("{m} {n}");
        }
        if a.depth == 0 {
            1
        } else {
            rows.iter().map(|r| r.1).sum()
        }
    } else {
        p.perft_with(a.depth, opts)
    };
    let secs = start.elapsed().as_secs_f64();
    if a.bench {
        let nps = if secs > 0.0 { nodes as f64 / secs } else { 0.0 };
        println!("time {secs:.3}s nps {nps:.0}");
    }
    println!("nodes {nodes}");
    ExitCode::SUCCESS
}

/// `tegoma status` for Ōgi: the CGSN statuses that hold, space-separated (`-` when none).
pub fn status(_a: &cmd::status::Args, input: &PositionInput) -> ExitCode {
    let p = match position(input) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let s: Vec<&str> = p.statuses().iter().map(|s| s.as_str()).collect();
    if s.is_empty() {
        println!("-");
    } else {
        println!("{}", s.join(" "));
    }
    ExitCode::SUCCESS
}
