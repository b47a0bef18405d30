//! The position commands (`moves`, `perft`, `status`) for games described by files and played
//! by the generic GGN engine (`tegoma_rules::ggn`): for now Kogoma (`games/kogoma/`, styles
//! `K/k`).
//!
//! [`super::select`] recognises such a game by name or by its FEEN's style letters and returns
//! [`Game::File`](super::Game::File); the command modules then call the functions below.
use std::process::ExitCode;
use std::time::Instant;

use tegoma_notation::ggn::Ggn;
use tegoma_notation::NotationError;
use tegoma_protocol::Position;
use tegoma_rules::ggn::{Description, Engine, EngineError};

use crate::cmd;
use crate::games::PositionInput;

/// A game described by files, embedded in the binary.
#[derive(Debug)]
pub struct FileGame {
    /// The name accepted as the GAME argument.
    pub name: &'static str,
    /// The first player's style letter (uppercase).
    pub letter: u8,
    /// The GGN table.
    pub ggn: &'static str,
    /// The description (JSON).
    pub description: &'static str,
}

/// The games described by files.
pub const FILE_GAMES: [FileGame; 1] = [FileGame {
    name: "kogoma",
    letter: b'K',
    ggn: include_str!("../../../../games/kogoma/ggn.json"),
    description: include_str!("../../../../games/kogoma/description.json"),
}];

/// The deepest perft accepted (the GGN engine is slow; deeper runs would not finish).
const MAX_PERFT_DEPTH: u32 = 10;

/// The file-described game named by `name` or by the FEEN's style-turn field, if any.
pub fn lookup(name: Option<&str>, input: &PositionInput) -> Option<&'static FileGame> {
    if let Some(n) = name {
        return FILE_GAMES.iter().find(|g| g.name.eq_ignore_ascii_case(n));
    }
    let PositionInput::Feen(f) = input else {
        return None;
    };
    let style = f.rsplit(' ').next().unwrap_or("");
    let letter = style.as_bytes().first()?.to_ascii_uppercase();
    FILE_GAMES.iter().find(|g| g.letter == letter)
}

fn engine(g: &FileGame) -> Result<Engine, EngineError> {
    let ggn = Ggn::from_json(g.ggn)
        .map_err(|e| tegoma_rules::ggn::DescriptionError::Table(e.to_string()))?;
    Engine::new(&ggn, Description::from_json(g.description)?)
}

fn position(e: &Engine, input: &PositionInput) -> Result<Position, EngineError> {
    match input {
        PositionInput::Initial => Ok(e.initial().clone()),
        PositionInput::Feen(f) => e.position(f),
        PositionInput::Fen(_) => Err(EngineError::WrongGame("FEN is for chess only".into())),
    }
}

fn fail(e: &EngineError) -> ExitCode {
    crate::fail(e.kind(), e)
}

/// `tegoma moves` for a file-described game: legal moves in PMN, sorted.
pub fn moves(g: &FileGame, a: &cmd::moves::Args) -> ExitCode {
    if a.san || a.uci {
        return crate::fail("UnsupportedFormat", "--san and --uci are for chess only");
    }
    let input = cmd::position_input(a.feen.clone(), a.fen.clone());
    let e = match engine(g) {
        Ok(e) => e,
        Err(err) => return fail(&err),
    };
    match position(&e, &input) {
        Err(err) => fail(&err),
        Ok(p) => {
            for m in e.legal_pmn(&p) {
                println!("{m}");
            }
            ExitCode::SUCCESS
        }
    }
}

/// `tegoma perft` for a file-described game (`--divide`, `--bench`; every leaf is counted
/// from the move list, `--no-bulk` plays them).
pub fn perft(g: &FileGame, a: &cmd::perft::Args) -> ExitCode {
    if a.depth > MAX_PERFT_DEPTH {
        return crate::fail(
            "DepthTooLarge",
            format!("depth {} exceeds {MAX_PERFT_DEPTH}", a.depth),
        );
    }
    let input = cmd::position_input(a.feen.clone(), a.fen.clone());
    let e = match engine(g) {
        Ok(e) => e,
        Err(err) => return fail(&err),
    };
    let p = match position(&e, &input) {
        Ok(p) => p,
        Err(err) => return fail(&err),
    };
    let start = Instant::now();
    let nodes = if a.divide && a.depth > 0 {
        let mut list = Vec::new();
        e.append_legal_moves(&p, &mut list);
        let mut rows: Vec<(String, u64)> = list
            .iter()
            .map(|m| {
                (
                    m.pmn(e.board()),
                    e.perft(&e.after_unchecked(&p, m), a.depth - 1),
                )
            })
            .collect();
        rows.sort();
        for (m, n) in &rows {
            println!("{m} {n}");
        }
        rows.iter().map(|r| r.1).sum()
    } else {
        e.perft(&p, a.depth)
    };
    if a.bench {
        let secs = start.elapsed().as_secs_f64();
        println!("time {secs:.3} s");
        println!("nps {:.0}", nodes as f64 / secs.max(1e-9));
    }
    println!("nodes {nodes}");
    ExitCode::SUCCESS
}

/// `tegoma status` for a file-described game: the inferable CGSN statuses, or `-`.
pub fn status(g: &FileGame, a: &cmd::status::Args) -> ExitCode {
    let input = cmd::position_input(a.feen.clone(), a.fen.clone());
    let e = match engine(g) {
        Ok(e) => e,
        Err(err) => return fail(&err),
    };
    match position(&e, &input) {
        Err(err) => fail(&err),
        Ok(p) => {
            let s = e.statuses(&p);
            if s.is_empty() {
                println!("-");
            } else {
                println!("{}", s.join(" "));
            }
            ExitCode::SUCCESS
        }
    }
}
