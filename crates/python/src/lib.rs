//! `tegoma._tegoma`: the native part of the `tegoma` Python package.
//!
//! Every game is reached through [`tegoma_game::Rules`]: a `Board` holds an
//! [`AnyMatch`](tegoma_game::AnyMatch) (history, take-backs, legal moves with the history rules
//! applied, clock, events, the outcome), and asks an [`AnyPosition`](tegoma_game::AnyPosition)
//! for what is history-free (perft). Nothing here is written for one game: a notation a game
//! lacks (FEN, SAN, UCI for Ōgi) is an `Unsupported` answer of the library, raised as
//! `tegoma.UnsupportedError`.
//!
//! - `errors`: the exception classes and `guard` (a panic becomes a `TegomaError` of kind
//!   `InternalError`, never a crash of the interpreter);
//! - `moves`: `Move` and `LegalMoves`, written in a notation only when asked;
//! - `board`: `Board`;
//! - `matchplay`: `Outcome`, `Clock` and the clock's periods;
//! - `records`: PGN and PCN records, `Game`, `Report`, `replay_pgn`;
//! - `pmn`, `svg`: reading PMN's fields, drawing a board.

mod board;
mod errors;
mod matchplay;
mod move_object;
mod moves;
mod pmn;
mod records;
mod svg;

use pyo3::prelude::*;
use pyo3::IntoPyObjectExt;

use crate::board::Board;
use crate::errors::{
    guard, Fallible, IllegalMoveError, InvalidMoveError, InvalidPositionError, RecordError,
    TegomaError, UnsupportedError,
};

/// Rebuilds a board from its pickled state (see `Board.__reduce__`).
#[pyfunction]
#[pyo3(signature = (rules, pcn, start_fen = None))]
fn _board_from_state(
    py: Python<'_>,
    rules: &str,
    pcn: &str,
    start_fen: Option<&str>,
) -> PyResult<Board> {
    guard(py, || Board::from_state(rules, pcn, start_fen))
}

/// Panics inside the guard: the tests check that a Rust panic reaches Python as a
/// `TegomaError` of kind `InternalError` (and that wheels unwind instead of aborting).
#[pyfunction]
fn _panic_for_tests(py: Python<'_>) -> PyResult<()> {
    guard(py, || -> Fallible<()> { panic!("a panic for the tests") })
}

/// The names of the games the registry knows.
#[pyfunction]
fn games() -> Vec<&'static str> {
    tegoma_game::registry::names().collect()
}

#[pymodule]
fn _tegoma(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<Board>()?;
    m.add("Move", move_object::move_type(py)?)?;
    m.add_class::<moves::LegalMoves>()?;
    m.add_class::<matchplay::GameOutcome>()?;
    m.add_class::<matchplay::Clock>()?;
    m.add_class::<records::Game>()?;
    m.add_class::<records::Report>()?;
    m.add_class::<records::PgnGames>()?;
    m.add_function(wrap_pyfunction!(records::_read_pgn, m)?)?;
    m.add_function(wrap_pyfunction!(records::_read_pcn_text, m)?)?;
    m.add_function(wrap_pyfunction!(records::replay_pgn, m)?)?;
    m.add_function(wrap_pyfunction!(_board_from_state, m)?)?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(_panic_for_tests, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    for (name, class) in [
        ("TegomaError", py.get_type::<TegomaError>()),
        (
            "InvalidPositionError",
            py.get_type::<InvalidPositionError>(),
        ),
        ("InvalidMoveError", py.get_type::<InvalidMoveError>()),
        ("IllegalMoveError", py.get_type::<IllegalMoveError>()),
        ("UnsupportedError", py.get_type::<UnsupportedError>()),
        ("RecordError", py.get_type::<RecordError>()),
    ] {
        m.add(name, &class)?;
    }
    py.get_type::<TegomaError>()
        .setattr("kind", py.None().into_bound_py_any(py)?)?;
    Ok(())
}
