//! The position commands for chess: `moves`, `perft`, `status`, and the position part of
//! `convert`.
use std::process::ExitCode;
use std::time::Instant;

use tegoma_notation::NotationError;
use tegoma_rules::chess::{ChessError, MoveList, Position};

use crate::cmd;
use crate::games::PositionInput;

/// The deepest perft the command accepts (deeper runs would not finish).
const MAX_PERFT_DEPTH: u32 = 15;

fn fail(e: ChessError) -> ExitCode {
    crate::fail(e.kind(), e)
}

/// Reads the chess position of a command.
pub fn position(input: &PositionInput) -> Result<Position, ChessError> {
    match input {
        PositionInput::Initial => Ok(Position::startpos()),
        PositionInput::Feen(f) => Position::from_feen(f),
        PositionInput::Fen(f) => Position::from_fen(f),
    }
}

/// `tegoma moves` for chess.
pub fn moves(a: &cmd::moves::Args, input: &PositionInput) -> ExitCode {
    let pos = match position(input) {
        Ok(p) => p,
        Err(e) => return fail(e),
    };
    let mut list = MoveList::new();
    pos.legal_moves_into(&mut list);
    let mut out: Vec<String> = list
        .iter()
        .map(|&m| {
            if a.san {
                pos.to_san(m)
            } else if a.uci {
                m.to_uci()
            } else {
                m.to_string()
            }
        })
        .collect();
    out.sort();
    for m in out {
        println!("{m}");
    }
    ExitCode::SUCCESS
}

/// `tegoma perft` for chess.
pub fn perft(a: &cmd::perft::Args, input: &PositionInput) -> ExitCode {
    let pos = match position(input) {
        Ok(p) => p,
        Err(e) => return fail(e),
    };
    if a.depth > MAX_PERFT_DEPTH {
        return crate::fail(
            "DepthTooLarge",
            format!("depth {} exceeds {MAX_PERFT_DEPTH}", a.depth),
        );
    }
    let start = Instant::now();
    let nodes = if a.divide {
        let mut rows: Vec<(String, u64)> = pos
            .divide(a.depth, !a.no_bulk)
            .into_iter()
            .map(|(m, n)| (m.to_string(), n))
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
    } else if a.no_bulk {
        pos.perft_no_bulk(a.depth)
    } else {
        pos.perft(a.depth)
    };
    if a.bench {
        let secs = start.elapsed().as_secs_f64();
        println!("time {secs:.3} s");
        println!("nps {:.0}", nodes as f64 / secs.max(1e-9));
    }
    println!("nodes {nodes}");
    ExitCode::SUCCESS
}

/// `tegoma status` for chess.
pub fn status(_a: &cmd::status::Args, input: &PositionInput) -> ExitCode {
    let pos = match position(input) {
        Ok(p) => p,
        Err(e) => return fail(e),
    };
    let set = pos.statuses();
    if set.is_empty() {
        println!("-");
    } else {
        println!("{set}");
    }
    ExitCode::SUCCESS
}

/// `tegoma convert --to feen|fen` for a chess position: the input's format (FEEN or FEN) is
/// recognised by its last field (a FEEN ends with its style-turn field, `C/c` or `c/C`).
pub fn convert_position(to: &str, text: &str) -> ExitCode {
    let is_feen = text.rsplit(' ').next().is_some_and(|f| f.contains('/'));
    let pos = if is_feen {
        Position::from_feen(text)
    } else {
        Position::from_fen(text)
    };
    match pos {
        Err(e) => fail(e),
        Ok(p) => {
            println!(
                "{}",
                if to == "feen" {
                    p.to_feen()
                } else {
                    p.to_fen()
                }
            );
            ExitCode::SUCCESS
        }
    }
}
