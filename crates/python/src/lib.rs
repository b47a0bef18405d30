//! `tegoma._tegoma`: the native part of the `tegoma` Python package.
//!
//! Every game is reached through [`tegoma_game::Rules`]: a `Board` holds an [`AnyMatch`]
//! (history, take-backs, legal moves with the history rules applied, the outcome), and asks an
//! [`AnyPosition`] for what is history-free (perft). Nothing here is written for one game: a
//! notation a game lacks (FEN, SAN, UCI for Ōgi) is an `Unsupported` answer of the library,
//! raised as `tegoma.UnsupportedError`.
//!
//! Errors cross into Python as exceptions chosen in one place (`Failure::into_py`); every
//! entry point runs under `guard`, so a panic in Rust becomes a `TegomaError` of kind
//! `InternalError`, never a `PanicException`.

use std::collections::hash_map::DefaultHasher;
use std::fs::File;
use std::hash::{Hash, Hasher};
use std::io::{self, BufRead, BufReader, Read};
use std::panic::{catch_unwind, AssertUnwindSafe};

use pyo3::exceptions::{PyIndexError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PySlice, PyString};
use pyo3::{create_exception, IntoPyObjectExt};

use tegoma_game::pgn::{game_to_string, PgnGame, PgnReader};
use tegoma_game::record::{match_from_pcn, match_to_pcn, pcn_to_pgn, pgn_to_pcn};
use tegoma_game::replay::{replay_pcn, replay_pgn_game, result_mark, statuses_text, GameReport};
use tegoma_game::{AnyMatch, AnyPosition, MatchRules, MoveFormat, Rules, Visit};
use tegoma_notation::pcn::Pcn;
use tegoma_notation::Invalid;
use tegoma_notation::NotationError;
use tegoma_protocol::MoveError;

create_exception!(tegoma, TegomaError, PyValueError, "Base class of Tegoma's errors; `kind` is the error's kind (`IllegalMove`, `InvalidFeen`, ...).");
create_exception!(
    tegoma,
    InvalidPositionError,
    TegomaError,
    "A position (FEEN, FEN) that cannot be read or is not one of the rule system."
);
create_exception!(
    tegoma,
    InvalidMoveError,
    TegomaError,
    "A move text that is not a well-formed move."
);
create_exception!(
    tegoma,
    IllegalMoveError,
    TegomaError,
    "A well-formed move that is not legal here (or a match that is over)."
);
create_exception!(
    tegoma,
    UnsupportedError,
    TegomaError,
    "A notation or feature the rule system does not have (SAN for Ōgi, FEN for Kogoma)."
);
create_exception!(
    tegoma,
    RecordError,
    TegomaError,
    "A game record (PGN, PCN) that cannot be read or replayed."
);

// ---------------------------------------------------------------------------------------------
// Errors

/// What the failing call was doing: with the error's kind, it chooses the Python class.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Context {
    /// Choosing a rule system by name.
    Rules,
    /// Reading a position.
    Position,
    /// A malformed move text.
    MalformedMove,
    /// A well-formed move refused (illegal, match over), or a take-back refused.
    Move,
    /// Reading or replaying a record.
    Record,
    /// A bug: a panic caught at the boundary.
    Internal,
}

/// An error on its way to Python: its context, kind and message.
#[derive(Debug)]
struct Failure {
    context: Context,
    kind: String,
    message: String,
}

impl Failure {
    fn new(context: Context, kind: &str, message: impl Into<String>) -> Failure {
        Failure {
            context,
            kind: kind.to_string(),
            message: message.into(),
        }
    }

    /// From any Tegoma error: its `kind()` and its `Display`.
    fn of<E: NotationError + std::fmt::Display>(context: Context, e: &E) -> Failure {
        Failure::new(context, e.kind(), e.to_string())
    }

    /// From an [`Invalid`](tegoma_notation::Invalid): its kind and `Display`.
    fn invalid(context: Context, e: &tegoma_notation::Invalid) -> Failure {
        Failure::new(context, e.kind, e.to_string())
    }

    /// The one place where a Rust error becomes a Python exception class.
    fn into_py(self, py: Python<'_>) -> PyErr {
        let err = match (self.kind.as_str(), self.context) {
            ("Unsupported", _) => UnsupportedError::new_err(self.message),
            (_, Context::Position) => InvalidPositionError::new_err(self.message),
            (_, Context::MalformedMove) => InvalidMoveError::new_err(self.message),
            (_, Context::Move) => IllegalMoveError::new_err(self.message),
            (_, Context::Record) => RecordError::new_err(self.message),
            (_, Context::Rules | Context::Internal) => TegomaError::new_err(self.message),
        };
        // Setting an attribute on a fresh exception instance cannot fail in practice; if it
        // does, the class and message are still right.
        let _ = err.value(py).setattr("kind", self.kind);
        err
    }
}

type Outcome<T> = Result<T, Failure>;

/// Runs `f`, turning a failure into its exception and a panic into a `TegomaError` of kind
/// `InternalError`.
fn guard<T>(py: Python<'_>, f: impl FnOnce() -> Outcome<T>) -> PyResult<T> {
    match catch_unwind(AssertUnwindSafe(f)) {
        Ok(Ok(v)) => Ok(v),
        Ok(Err(e)) => Err(e.into_py(py)),
        Err(panic) => {
            let what = panic
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| panic.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "a panic".to_string());
            Err(Failure::new(Context::Internal, "InternalError", what).into_py(py))
        }
    }
}

fn rules_by_name(name: &str) -> Outcome<Rules> {
    Rules::by_name(name).map_err(|e| Failure::of(Context::Rules, &e))
}

// ---------------------------------------------------------------------------------------------
// PMN fields (a private reading of the PMN 1.0.0 operator syntax, for Move's attributes)

/// The parts of a PMN string that `Move` exposes.
#[derive(Debug, Default, PartialEq, Eq)]
struct PmnFields {
    from: Option<String>,
    to: Option<String>,
    drop: Option<String>,
    promotion: Option<String>,
}

const PMN_MAX: usize = 25;

fn is_cell(s: &str) -> bool {
    !s.is_empty() && s.len() <= 7 && s.bytes().all(|b| b.is_ascii_alphanumeric())
}

fn is_epin(s: &str) -> bool {
    let s = s.strip_prefix(['+', '-']).unwrap_or(s);
    let s = s.strip_suffix('\'').unwrap_or(s);
    let s = s.strip_suffix('^').unwrap_or(s);
    s.len() == 1 && s.as_bytes()[0].is_ascii_alphabetic()
}

/// Splits `dst[=X][/Y]` into the cell and the actor's mutation.
fn destination(rest: &str) -> Option<(String, Option<String>)> {
    let (rest, captured) = match rest.split_once('/') {
        Some((a, y)) => (a, Some(y)),
        None => (rest, None),
    };
    if captured.is_some_and(|y| !is_epin(y)) {
        return None;
    }
    let (cell, actor) = match rest.split_once('=') {
        Some((c, x)) => (c, Some(x)),
        None => (rest, None),
    };
    if !is_cell(cell) || actor.is_some_and(|x| !is_epin(x)) {
        return None;
    }
    Some((cell.to_string(), actor.map(str::to_string)))
}

/// The fields of a well-formed PMN string, `None` when it is not PMN.
fn pmn_fields(pmn: &str) -> Option<PmnFields> {
    if pmn.is_empty() || pmn.len() > PMN_MAX || !pmn.is_ascii() {
        return None;
    }
    if pmn == "..." {
        return Some(PmnFields::default());
    }
    // Drops: `[P]*dst[=X]`, `[P].dst[=X][/Y]`.
    if let Some(i) = pmn.find(['*', '.']) {
        let (piece, rest) = (&pmn[..i], &pmn[i + 1..]);
        if !piece.is_empty() && !is_epin(piece) {
            return None;
        }
        let (to, promotion) = destination(rest)?;
        return Some(PmnFields {
            from: None,
            to: Some(to),
            drop: Some(piece.to_string()).filter(|p| !p.is_empty()),
            promotion,
        });
    }
    // Static capture `+sq[/Y]`.
    if let Some(rest) = pmn.strip_prefix('+') {
        let (to, promotion) = destination(rest)?;
        return promotion.is_none().then(|| PmnFields {
            to: Some(to),
            ..PmnFields::default()
        });
    }
    let i = pmn.find(['-', '+', '~', '='])?;
    let (from, op, rest) = (&pmn[..i], pmn.as_bytes()[i], &pmn[i + 1..]);
    if !is_cell(from) {
        return None;
    }
    if op == b'=' {
        // In-place mutation `sq=X`.
        return is_epin(rest).then(|| PmnFields {
            from: Some(from.to_string()),
            to: Some(from.to_string()),
            drop: None,
            promotion: Some(rest.to_string()),
        });
    }
    if op == b'-' && rest.contains('/') {
        return None;
    }
    let (to, promotion) = destination(rest)?;
    Some(PmnFields {
        from: Some(from.to_string()),
        to: Some(to),
        drop: None,
        promotion,
    })
}

// ---------------------------------------------------------------------------------------------
// Move

/// A move: its PMN (every game), SAN and UCI (chess; `None` elsewhere).
#[pyclass(module = "tegoma", name = "Move", frozen)]
#[derive(Clone, Debug)]
struct Move {
    pmn: String,
    san: Option<String>,
    uci: Option<String>,
}

impl Move {
    fn fields(&self) -> PmnFields {
        pmn_fields(&self.pmn).unwrap_or_default()
    }
}

#[pymethods]
impl Move {
    /// A move from its PMN (with its SAN and UCI when known).
    #[new]
    #[pyo3(signature = (pmn, san = None, uci = None))]
    fn py_new(
        py: Python<'_>,
        pmn: &str,
        san: Option<String>,
        uci: Option<String>,
    ) -> PyResult<Move> {
        guard(py, || {
            if pmn_fields(pmn).is_none() {
                let shown: String = pmn.chars().take(40).collect();
                return Err(Failure::new(
                    Context::MalformedMove,
                    "InvalidPmn",
                    format!("{shown:?} is not a PMN move"),
                ));
            }
            Ok(Move {
                pmn: pmn.to_string(),
                san,
                uci,
            })
        })
    }

    /// The PMN string.
    #[getter]
    fn pmn(&self) -> &str {
        &self.pmn
    }

    /// The SAN (chess), else `None`.
    #[getter]
    fn san(&self) -> Option<&str> {
        self.san.as_deref()
    }

    /// The UCI string (chess), else `None`.
    #[getter]
    fn uci(&self) -> Option<&str> {
        self.uci.as_deref()
    }

    /// The source cell, `None` for drops, passes and static captures.
    #[getter(from_square)]
    fn source_square(&self) -> Option<String> {
        self.fields().from
    }

    /// The destination cell, `None` for a pass.
    #[getter]
    fn to_square(&self) -> Option<String> {
        self.fields().to
    }

    /// The dropped piece's token for a drop that names it, else `None`.
    #[getter]
    fn drop(&self) -> Option<String> {
        self.fields().drop
    }

    /// The piece the actor becomes (`Q` in `e7-e8=Q`, `+S` in Ōgi), else `None`.
    #[getter]
    fn promotion(&self) -> Option<String> {
        self.fields().promotion
    }

    fn __str__(&self) -> &str {
        &self.pmn
    }

    fn __repr__(&self) -> String {
        format!("Move({})", py_quote(&self.pmn))
    }

    fn __eq__(&self, other: PyRef<'_, Move>) -> bool {
        self.pmn == other.pmn
    }

    fn __hash__(&self) -> u64 {
        let mut h = DefaultHasher::new();
        self.pmn.hash(&mut h);
        h.finish()
    }

    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> (
        Bound<'py, pyo3::types::PyType>,
        (String, Option<String>, Option<String>),
    ) {
        (
            py.get_type::<Move>(),
            (self.pmn.clone(), self.san.clone(), self.uci.clone()),
        )
    }
}

/// The indices a slice selects in a sequence of `len` items.
fn slice_indices(slice: &Bound<'_, PySlice>, len: usize) -> PyResult<Vec<usize>> {
    let ix = slice.indices(len as isize)?;
    let mut out = Vec::with_capacity(ix.slicelength);
    let mut i = ix.start;
    for _ in 0..ix.slicelength {
        out.push(i as usize);
        i += ix.step;
    }
    Ok(out)
}

/// Moves in PMN, SAN and UCI (the two latter when the rule system has them), zipped.
fn zip_moves(pmn: Vec<String>, san: Option<Vec<String>>, uci: Option<Vec<String>>) -> Vec<Move> {
    let n = pmn.len();
    let san = san.filter(|s| s.len() == n);
    let uci = uci.filter(|u| u.len() == n);
    pmn.into_iter()
        .enumerate()
        .map(|(i, p)| Move {
            pmn: p,
            san: san.as_ref().map(|s| s[i].clone()),
            uci: uci.as_ref().map(|u| u[i].clone()),
        })
        .collect()
}

// ---------------------------------------------------------------------------------------------
// Legal moves

/// The legal moves of a board when it was asked (a sequence: iterable, `len()`, indexing, `in`
/// with a `Move` or a PMN, SAN or UCI string).
#[pyclass(module = "tegoma", name = "LegalMoves", frozen)]
struct LegalMoves {
    moves: Vec<Move>,
}

#[pymethods]
impl LegalMoves {
    fn __len__(&self) -> usize {
        self.moves.len()
    }

    fn __bool__(&self) -> bool {
        !self.moves.is_empty()
    }

    /// The number of legal moves (python-chess's `count()`).
    fn count(&self) -> usize {
        self.moves.len()
    }

    fn __getitem__(&self, py: Python<'_>, index: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        if let Ok(slice) = index.cast::<PySlice>() {
            let picked: Vec<Move> = slice_indices(slice, self.moves.len())?
                .into_iter()
                .map(|i| self.moves[i].clone())
                .collect();
            return Ok(PyList::new(py, picked)?.into_any().unbind());
        }
        let index: isize = index.extract()?;
        let n = self.moves.len() as isize;
        let i = if index < 0 { index + n } else { index };
        if i < 0 || i >= n {
            return Err(PyIndexError::new_err("legal move index out of range"));
        }
        self.moves[i as usize].clone().into_py_any(py)
    }

    fn __iter__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        let list = PyList::new(py, self.moves.iter().cloned())?;
        Ok(list.try_iter()?.into_any().unbind())
    }

    fn __contains__(&self, item: &Bound<'_, PyAny>) -> bool {
        if let Ok(m) = item.cast::<Move>() {
            let pmn = &m.get().pmn;
            return self.moves.iter().any(|x| &x.pmn == pmn);
        }
        if let Ok(s) = item
            .cast::<PyString>()
            .ok()
            .and_then(|s| s.to_cow().ok())
            .ok_or(())
        {
            let s = s.as_ref();
            let san = strip_san_suffixes(s);
            return self.moves.iter().any(|x| {
                x.pmn == s
                    || x.san.as_deref().map(strip_san_suffixes) == Some(san)
                    || x.uci.as_deref() == Some(s)
            });
        }
        false
    }

    fn __repr__(&self) -> String {
        let list: Vec<&str> = self.moves.iter().map(|m| m.pmn.as_str()).collect();
        format!("<LegalMoves ({})>", list.join(", "))
    }
}

// ---------------------------------------------------------------------------------------------
// Outcome

/// How a game ended: `winner` (`"first"`, `"second"` or `None` for a draw) and the CGSN
/// `statuses`.
#[pyclass(module = "tegoma", name = "Outcome", frozen)]
#[derive(Clone)]
struct GameOutcome {
    result: &'static str,
    statuses: Vec<String>,
}

#[pymethods]
impl GameOutcome {
    /// `"first"`, `"second"`, or `None` for a draw.
    #[getter]
    fn winner(&self) -> Option<&'static str> {
        winner_of(self.result)
    }

    /// The CGSN statuses of the ending.
    #[getter]
    fn statuses(&self) -> Vec<String> {
        self.statuses.clone()
    }

    /// `"1-0"`, `"0-1"` or `"1/2-1/2"`.
    fn result(&self) -> &'static str {
        self.result
    }

    fn __eq__(&self, other: PyRef<'_, GameOutcome>) -> bool {
        self.result == other.result && self.statuses == other.statuses
    }

    fn __repr__(&self) -> String {
        format!(
            "Outcome(winner={}, statuses=[{}])",
            self.winner().map_or("None".to_string(), py_quote),
            self.statuses
                .iter()
                .map(|s| py_quote(s))
                .collect::<Vec<_>>()
                .join(", ")
        )
    }
}

fn winner_of(result: &str) -> Option<&'static str> {
    match result {
        "1-0" => Some("first"),
        "0-1" => Some("second"),
        _ => None,
    }
}

/// CGSN status names from the library's comma-separated text (`-` when none).
fn status_list(text: &str) -> Vec<String> {
    if text == "-" || text.is_empty() {
        Vec::new()
    } else {
        text.split(',').map(str::to_string).collect()
    }
}

// ---------------------------------------------------------------------------------------------
// Board

/// Whether a move text is malformed (not a move at all) rather than illegal, as the rule system
/// reads it in the match's current position.
struct Malformed<'a> {
    game: &'a AnyMatch,
    text: &'a str,
}

impl Visit for Malformed<'_> {
    type Output = bool;
    fn visit<R: MatchRules>(self, rules: &R) -> bool {
        match self.game.downcast_ref::<R>() {
            Some(m) => rules.read_move(m.position(), self.text).is_err_and(|e| {
                e.illegal().is_none() && !matches!(e, MoveError::AmbiguousSan { .. })
            }),
            None => false,
        }
    }
}

/// A string as Python's `repr` writes it (single quotes).
fn py_quote(s: &str) -> String {
    let mut out = String::from("'");
    for c in s.chars() {
        match c {
            '\\' => out.push_str("\\\\"),
            '\'' => out.push_str("\\'"),
            '\n' => out.push_str("\\n"),
            c => out.push(c),
        }
    }
    out.push('\'');
    out
}

/// The R5 identity of a position: its canonical FEEN without `'`.
fn identity(feen: &str) -> String {
    feen.replace('\'', "")
}

/// A board: a position of any game with the moves that led to it.
#[pyclass(module = "tegoma", name = "Board")]
#[derive(Clone)]
struct Board {
    game: AnyMatch,
}

impl Board {
    fn build(rules: Option<&str>, feen: Option<&str>, fen: Option<&str>) -> Outcome<Board> {
        let game = match (rules, feen, fen) {
            (_, Some(_), Some(_)) => {
                return Err(Failure::new(
                    Context::Position,
                    "InvalidSetup",
                    "give either feen or fen, not both",
                ))
            }
            (rules, Some(feen), None) => {
                let rules = rules.map(rules_by_name).transpose()?;
                let position = AnyPosition::from_feen(rules, feen)
                    .map_err(|e| Failure::invalid(Context::Position, &Invalid::from(e)))?;
                AnyMatch::from_position(position.rules().clone(), &position.to_generic())
                    .map_err(|e| Failure::of(Context::Position, &e))?
            }
            (rules, None, Some(fen)) => {
                let rules = rules_by_name(rules.unwrap_or("chess"))?;
                AnyMatch::from_fen(rules, fen).map_err(|e| Failure::of(Context::Position, &e))?
            }
            (rules, None, None) => AnyMatch::new(rules_by_name(rules.unwrap_or("chess"))?),
        };
        Ok(Board { game })
    }

    fn game_name(&self) -> String {
        self.game.rules().name().to_string()
    }

    fn moves_as(&self, list: impl Fn(MoveFormat) -> Option<Vec<String>>) -> Vec<Move> {
        zip_moves(
            list(MoveFormat::Pmn).unwrap_or_default(),
            list(MoveFormat::San),
            list(MoveFormat::Uci),
        )
    }

    fn legal(&self) -> Vec<Move> {
        self.moves_as(|f| self.game.legal_moves_as(f).ok())
    }

    fn stack(&self) -> Vec<Move> {
        self.moves_as(|f| self.game.plies_as(f).ok())
    }

    /// Plays a move text (PMN, or SAN and UCI for chess) on a copy, keeping it only when the
    /// match accepted the move: a refused move leaves the board as it was, even in games where
    /// an illegal move submitted to a match forfeits it.
    fn play(&mut self, text: &str) -> Outcome<()> {
        let mut next = self.game.clone();
        match next.play(text, None) {
            Ok(_) => {
                self.game = next;
                Ok(())
            }
            Err(e) => {
                let malformed = self.game.rules().visit(Malformed {
                    game: &self.game,
                    text,
                });
                let context = if malformed {
                    Context::MalformedMove
                } else {
                    Context::Move
                };
                Err(Failure::of(context, &e))
            }
        }
    }

    /// Checks that the rule system has a move format.
    fn require(&self, format: MoveFormat) -> Outcome<Vec<String>> {
        self.game
            .legal_moves_as(format)
            .map_err(|e| Failure::of(Context::Move, &e))
    }

    fn outcome_value(&self) -> Option<GameOutcome> {
        let o = self.game.outcome()?;
        Some(GameOutcome {
            result: result_mark(Some(&o)),
            statuses: status_list(&statuses_text(o.statuses)),
        })
    }

    fn status_names(&self) -> Vec<String> {
        status_list(&statuses_text(self.game.statuses()))
    }

    fn position(&self) -> Outcome<AnyPosition> {
        AnyPosition::from_generic(Some(self.game.rules().clone()), &self.game.position())
            .map_err(|e| Failure::invalid(Context::Position, &Invalid::from(e)))
    }

    fn pcn(&self) -> Outcome<Pcn> {
        match_to_pcn(&self.game, None)
            .map_err(|e| Failure::invalid(Context::Record, &Invalid::from(e)))
    }

    fn replayed(
        rules: &str,
        start_feen: &str,
        start_fen: Option<&str>,
        plies: &[String],
    ) -> Outcome<Board> {
        let mut board = match start_fen {
            Some(fen) => Board::build(Some(rules), None, Some(fen))?,
            None => Board::build(Some(rules), Some(start_feen), None)?,
        };
        for p in plies {
            board.play(p)?;
        }
        Ok(board)
    }
}

/// A move argument: a `Move` or a string.
fn move_text(item: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Ok(m) = item.cast::<Move>() {
        return Ok(m.get().pmn.clone());
    }
    if let Ok(s) = item.cast::<PyString>() {
        return Ok(s.to_cow()?.into_owned());
    }
    Err(PyTypeError::new_err(format!(
        "a move is a tegoma.Move or a str, not {}",
        item.get_type().name()?
    )))
}

fn strip_san_suffixes(s: &str) -> &str {
    s.trim_end_matches(['+', '#', '!', '?'])
}

fn looks_like_uci(s: &str) -> bool {
    let b = s.as_bytes();
    (b.len() == 4 || b.len() == 5)
        && b[0].is_ascii_lowercase()
        && b[1].is_ascii_digit()
        && b[2].is_ascii_lowercase()
        && b[3].is_ascii_digit()
        && (b.len() == 4 || b[4].is_ascii_lowercase())
}

#[pymethods]
impl Board {
    /// A board of `rules` (`"chess"`, `"ogi"`, `"kogoma"`, ...) at `feen`, `fen` (chess), or the
    /// initial position; with `feen` and no `rules`, the game follows the position's styles.
    #[new]
    #[pyo3(signature = (rules = None, feen = None, fen = None))]
    fn py_new(
        py: Python<'_>,
        rules: Option<&str>,
        feen: Option<&str>,
        fen: Option<&str>,
    ) -> PyResult<Board> {
        guard(py, || Board::build(rules, feen, fen))
    }

    /// The game's name (`chess`, `ogi`, `kogoma`).
    #[getter]
    fn rules(&self, py: Python<'_>) -> PyResult<String> {
        guard(py, || Ok(self.game.rules().name().to_string()))
    }

    /// `"first"` or `"second"`.
    #[getter]
    fn turn(&self, py: Python<'_>) -> PyResult<String> {
        guard(py, || Ok(self.game.side_to_move().to_string()))
    }

    /// The legal moves (the match's: none once it is over; sennichite applied).
    #[getter]
    fn legal_moves(&self, py: Python<'_>) -> PyResult<LegalMoves> {
        guard(py, || {
            Ok(LegalMoves {
                moves: self.legal(),
            })
        })
    }

    /// The moves played, first to last.
    #[getter]
    fn move_stack(&self, py: Python<'_>) -> PyResult<Vec<Move>> {
        guard(py, || Ok(self.stack()))
    }

    /// Plays a `Move` or a move text (PMN; SAN or UCI too for chess).
    fn push(&mut self, py: Python<'_>, r#move: &Bound<'_, PyAny>) -> PyResult<()> {
        let text = move_text(r#move)?;
        guard(py, || self.play(&text))
    }

    /// Plays a move written in PMN.
    fn push_pmn(&mut self, py: Python<'_>, pmn: &str) -> PyResult<()> {
        guard(py, || {
            if pmn_fields(pmn).is_none() {
                let shown: String = pmn.chars().take(40).collect();
                return Err(Failure::new(
                    Context::MalformedMove,
                    "InvalidPmn",
                    format!("{shown:?} is not a PMN move"),
                ));
            }
            self.play(pmn)
        })
    }

    /// Plays a move written in SAN (chess); returns it.
    fn push_san(&mut self, py: Python<'_>, san: &str) -> PyResult<Move> {
        guard(py, || {
            let sans = self.require(MoveFormat::San)?;
            let wanted = strip_san_suffixes(san);
            let legal = self.legal();
            let found = sans
                .iter()
                .position(|s| strip_san_suffixes(s) == wanted)
                .and_then(|i| legal.get(i).cloned());
            if let Some(m) = found {
                self.play(&m.pmn)?;
                return Ok(m);
            }
            let castling = matches!(wanted, "O-O" | "O-O-O" | "0-0" | "0-0-0");
            if san.is_empty()
                || (!castling && san.contains(['-', '~', '*', '.', '/']))
                || looks_like_uci(san)
            {
                let shown: String = san.chars().take(40).collect();
                return Err(Failure::new(
                    Context::MalformedMove,
                    "InvalidSan",
                    format!("{shown:?} is not a SAN move"),
                ));
            }
            // Other spellings (over-disambiguated, `e8Q`, ...) as the library reads SAN.
            self.play(san)?;
            Ok(self.stack().pop().expect("a move was just played"))
        })
    }

    /// Plays a move written in UCI (chess); returns it.
    fn push_uci(&mut self, py: Python<'_>, uci: &str) -> PyResult<Move> {
        guard(py, || {
            let ucis = self.require(MoveFormat::Uci)?;
            if !looks_like_uci(uci) {
                let shown: String = uci.chars().take(40).collect();
                return Err(Failure::new(
                    Context::MalformedMove,
                    "InvalidUci",
                    format!("{shown:?} is not a UCI move"),
                ));
            }
            match ucis.iter().position(|u| u == uci) {
                Some(i) => {
                    let m = self.legal()[i].clone();
                    self.play(&m.pmn)?;
                    Ok(m)
                }
                None => {
                    // Not in the list: the match says why (illegal, or the match is over).
                    self.play(uci)?;
                    Ok(self.stack().pop().expect("a move was just played"))
                }
            }
        })
    }

    /// Takes the last move back and returns it (`IndexError` when no move was played).
    fn pop(&mut self, py: Python<'_>) -> PyResult<Move> {
        let last = self.peek(py)?;
        guard(py, || {
            self.game
                .take_back()
                .map_err(|e| Failure::of(Context::Move, &e))?;
            Ok(last)
        })
    }

    /// The last move played (`IndexError` when none).
    fn peek(&self, py: Python<'_>) -> PyResult<Move> {
        guard(py, || Ok(self.stack().pop()))?
            .ok_or_else(|| PyIndexError::new_err("no move was played"))
    }

    /// The canonical FEEN of the position.
    #[getter]
    fn feen(&self, py: Python<'_>) -> PyResult<String> {
        guard(py, || Ok(self.game.feen()))
    }

    /// The FEN of the position (chess).
    fn fen(&self, py: Python<'_>) -> PyResult<String> {
        guard(py, || {
            self.game.fen().ok_or_else(|| {
                Failure::new(
                    Context::Position,
                    "Unsupported",
                    format!("FEN is not available for {}", self.game.rules().name()),
                )
            })
        })
    }

    /// A copy; `stack=False` starts the copy's history at the current position.
    #[pyo3(signature = (stack = true))]
    fn copy(&self, py: Python<'_>, stack: bool) -> PyResult<Board> {
        if stack {
            return Ok(self.clone());
        }
        guard(py, || {
            let rules = self.game_name();
            match self.game.fen() {
                Some(fen) => Board::build(Some(&rules), None, Some(&fen)),
                None => Board::build(Some(&rules), Some(&self.game.feen()), None),
            }
        })
    }

    fn __copy__(&self) -> Board {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Board {
        self.clone()
    }

    /// Equal positions (canonical FEEN without `'`, ruling R5), whatever the history.
    fn __eq__(&self, py: Python<'_>, other: PyRef<'_, Board>) -> PyResult<bool> {
        guard(py, || {
            Ok(identity(&self.game.feen()) == identity(&other.game.feen()))
        })
    }

    fn __hash__(&self, py: Python<'_>) -> PyResult<u64> {
        guard(py, || {
            let mut h = DefaultHasher::new();
            identity(&self.game.feen()).hash(&mut h);
            Ok(h.finish())
        })
    }

    /// Whether the side to move is in check.
    fn is_check(&self, py: Python<'_>) -> PyResult<bool> {
        guard(py, || Ok(self.status_names().iter().any(|s| s == "check")))
    }

    /// Whether the side to move is checkmated.
    fn is_checkmate(&self, py: Python<'_>) -> PyResult<bool> {
        guard(py, || {
            Ok(self.status_names().iter().any(|s| s == "checkmate"))
        })
    }

    /// Whether the side to move is stalemated.
    fn is_stalemate(&self, py: Python<'_>) -> PyResult<bool> {
        guard(py, || {
            Ok(self.status_names().iter().any(|s| s == "stalemate"))
        })
    }

    /// Whether the match is over (by the position or the history: repetition, move limit).
    fn is_game_over(&self, py: Python<'_>) -> PyResult<bool> {
        guard(py, || Ok(self.game.outcome().is_some()))
    }

    /// The outcome once the match is over, else `None`.
    fn outcome(&self, py: Python<'_>) -> PyResult<Option<GameOutcome>> {
        guard(py, || Ok(self.outcome_value()))
    }

    /// `"1-0"`, `"0-1"`, `"1/2-1/2"`, or `"*"` while the game goes on.
    fn result(&self, py: Python<'_>) -> PyResult<&'static str> {
        guard(py, || Ok(result_mark(self.game.outcome().as_ref())))
    }

    /// The CGSN statuses that hold in the position.
    #[getter]
    fn statuses(&self, py: Python<'_>) -> PyResult<Vec<String>> {
        guard(py, || Ok(self.status_names()))
    }

    /// The leaf count of the legal-move tree of `depth` plies from the position (history
    /// ignored).
    fn perft(&self, py: Python<'_>, depth: u32) -> PyResult<u64> {
        let position = guard(py, || self.position())?;
        py.detach(|| catch_unwind(AssertUnwindSafe(|| position.perft(depth, true))))
            .map_err(|_| {
                Failure::new(Context::Internal, "InternalError", "perft panicked").into_py(py)
            })
    }

    /// The match as a PCN record (JSON).
    fn to_pcn(&self, py: Python<'_>) -> PyResult<String> {
        guard(py, || Ok(self.pcn()?.to_json()))
    }

    /// The match as a PGN game (chess).
    fn to_pgn(&self, py: Python<'_>) -> PyResult<String> {
        guard(py, || {
            self.require(MoveFormat::San)?;
            let game = pcn_to_pgn(&self.pcn()?)
                .map_err(|e| Failure::invalid(Context::Record, &Invalid::from(e)))?;
            game_to_string(&game).map_err(|e| Failure::new(Context::Record, "Io", e.to_string()))
        })
    }

    fn __str__(&self, py: Python<'_>) -> PyResult<String> {
        guard(py, || Ok(self.game.position().to_string()))
    }

    fn __repr__(&self, py: Python<'_>) -> PyResult<String> {
        guard(py, || {
            Ok(format!(
                "Board(rules={}, feen={})",
                py_quote(&self.game_name()),
                py_quote(&self.game.feen())
            ))
        })
    }

    /// An SVG drawing of the board (for notebooks).
    fn _repr_svg_(&self, py: Python<'_>) -> PyResult<String> {
        guard(py, || Ok(svg(&self.game.feen())))
    }

    /// Pickling: the game's name, the start position (FEEN, and FEN when the game has it, for
    /// its move counters) and the moves in PMN, replayed on loading.
    #[allow(clippy::type_complexity)]
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<(
        Bound<'py, PyAny>,
        (String, String, Option<String>, Vec<String>),
    )> {
        let rebuild = py.import("tegoma._tegoma")?.getattr("_board_from_state")?;
        Ok((
            rebuild,
            (
                self.game_name(),
                self.game.start_feen(),
                self.game.start_fen(),
                self.game.pmn_plies(),
            ),
        ))
    }
}

// ---------------------------------------------------------------------------------------------
// SVG

fn xml_escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// The piece tokens of a FEEN rank (`None` for an empty cell), `None` when not 2-D FEEN.
fn rank_cells(rank: &str) -> Option<Vec<Option<String>>> {
    let mut cells = Vec::new();
    let b = rank.as_bytes();
    let mut i = 0;
    while i < b.len() {
        if b[i].is_ascii_digit() {
            let start = i;
            while i < b.len() && b[i].is_ascii_digit() {
                i += 1;
            }
            let n: usize = rank[start..i].parse().ok()?;
            if n > 255 || cells.len() + n > 255 {
                return None;
            }
            cells.extend(std::iter::repeat_n(None, n));
            continue;
        }
        let start = i;
        if matches!(b[i], b'+' | b'-') {
            i += 1;
        }
        if i >= b.len() || !b[i].is_ascii_alphabetic() {
            return None;
        }
        i += 1;
        while i < b.len() && matches!(b[i], b'^' | b'\'') {
            i += 1;
        }
        cells.push(Some(rank[start..i].to_string()));
    }
    Some(cells)
}

/// A plain SVG board: the grid with coordinates, pieces as their tokens (first side's dark on
/// light, second side's light on dark), both hands and the side to move below.
fn svg(feen: &str) -> String {
    let fields: Vec<&str> = feen.split(' ').collect();
    let (placement, hands, styles) = match fields.as_slice() {
        [p, h, s] => (*p, *h, *s),
        _ => (feen, "/", ""),
    };
    let grid: Option<Vec<Vec<Option<String>>>> = if placement.contains("//") {
        None
    } else {
        placement.split('/').map(rank_cells).collect()
    };
    const S: usize = 44;
    const M: usize = 24;
    let Some(grid) = grid.filter(|g| !g.is_empty()) else {
        return format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"600\" height=\"40\"><text x=\"8\" y=\"24\" font-family=\"monospace\" font-size=\"14\">{}</text></svg>",
            xml_escape(feen)
        );
    };
    let files = grid.iter().map(Vec::len).max().unwrap_or(0);
    let ranks = grid.len();
    let width = M + files * S + 8;
    let height = M + ranks * S + 8 + 3 * 20;
    let mut out = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\">"
    );
    out.push_str(&format!(
        "<rect x=\"0\" y=\"0\" width=\"{width}\" height=\"{height}\" fill=\"white\"/>"
    ));
    for (r, row) in grid.iter().enumerate() {
        let y = 8 + r * S;
        out.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\">{}</text>",
            M / 2,
            y + S / 2 + 4,
            ranks - r
        ));
        for f in 0..files {
            let x = M + f * S;
            let fill = if (r + f) % 2 == 0 {
                "#f0d9b5"
            } else {
                "#b58863"
            };
            out.push_str(&format!(
                "<rect x=\"{x}\" y=\"{y}\" width=\"{S}\" height=\"{S}\" fill=\"{fill}\" stroke=\"#555\" stroke-width=\"0.5\"/>"
            ));
            if let Some(Some(token)) = row.get(f) {
                let first = token.chars().any(|c| c.is_ascii_uppercase());
                let (bg, fg) = if first {
                    ("#ffffff", "#000000")
                } else {
                    ("#222222", "#ffffff")
                };
                out.push_str(&format!(
                    "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"{bg}\" stroke=\"#000\"/><text x=\"{}\" y=\"{}\" font-size=\"14\" font-weight=\"bold\" text-anchor=\"middle\" fill=\"{fg}\">{}</text>",
                    x + S / 2,
                    y + S / 2,
                    S / 2 - 4,
                    x + S / 2,
                    y + S / 2 + 5,
                    xml_escape(token)
                ));
            }
        }
    }
    let bottom = 8 + ranks * S;
    for f in 0..files {
        let letter = if f < 26 {
            (b'a' + f as u8) as char
        } else {
            '?'
        };
        out.push_str(&format!(
            "<text x=\"{}\" y=\"{}\" font-size=\"12\" text-anchor=\"middle\">{letter}</text>",
            M + f * S + S / 2,
            bottom + 14
        ));
    }
    let (first_hand, second_hand) = hands.split_once('/').unwrap_or((hands, ""));
    let show = |h: &str| {
        if h.is_empty() {
            "-".to_string()
        } else {
            h.to_string()
        }
    };
    for (i, line) in [
        format!("first hand: {}", show(first_hand)),
        format!("second hand: {}", show(second_hand)),
        format!("styles: {styles}"),
    ]
    .iter()
    .enumerate()
    {
        out.push_str(&format!(
            "<text x=\"{M}\" y=\"{}\" font-size=\"13\">{}</text>",
            bottom + 34 + i * 18,
            xml_escape(line)
        ));
    }
    out.push_str("</svg>");
    out
}

// ---------------------------------------------------------------------------------------------
// Records

/// What replaying a record gave.
#[pyclass(module = "tegoma", name = "Report", frozen, get_all)]
struct Report {
    /// The game's index in its file, from 0.
    index: usize,
    /// Plies played (up to the first bad one).
    plies: usize,
    /// The ending's CGSN statuses.
    statuses: Vec<String>,
    /// `1-0`, `0-1`, `1/2-1/2` or `*`.
    result: &'static str,
    /// The final position's FEEN.
    feen: String,
    /// The first ply that could not be played: `(number, text, reason)`.
    bad_ply: Option<(usize, String, String)>,
    /// Why the game could not be read or set up at all.
    error: Option<String>,
    /// The result the record states, when it differs from the replayed one.
    disagreement: Option<String>,
    /// Whether the game replayed without a bad ply or error.
    ok: bool,
}

impl From<GameReport> for Report {
    fn from(r: GameReport) -> Report {
        Report {
            index: r.index,
            plies: r.plies,
            statuses: status_list(&statuses_text(r.statuses)),
            result: r.result,
            feen: r.feen.clone(),
            ok: r.is_ok(),
            bad_ply: r.bad_ply.map(|b| (b.ply, b.text, b.reason.to_string())),
            error: r.error.map(|e| e.to_string()),
            disagreement: r.disagreement,
        }
    }
}

#[pymethods]
impl Report {
    fn __repr__(&self) -> String {
        format!(
            "Report(index={}, plies={}, result={}, statuses=[{}], ok={})",
            self.index,
            self.plies,
            py_quote(self.result),
            self.statuses
                .iter()
                .map(|s| py_quote(s))
                .collect::<Vec<_>>()
                .join(", "),
            if self.ok { "True" } else { "False" }
        )
    }
}

enum Record {
    Pgn(PgnGame),
    Pcn(Box<Pcn>),
    Failed { kind: String, message: String },
}

/// One game of a record: PGN (chess) or PCN (any game).
#[pyclass(module = "tegoma", name = "Game", frozen)]
struct Game {
    index: usize,
    record: Record,
}

fn json_text(v: &tegoma_notation::pcn::Map, key: &str) -> Option<String> {
    v.get(key).map(|x| match x.as_str() {
        Some(s) => s.to_string(),
        None => x.to_string(),
    })
}

impl Game {
    fn replay_match(&self) -> Outcome<AnyMatch> {
        match &self.record {
            Record::Pgn(g) => {
                let rules = rules_by_name("chess")?;
                let mut m = match g.setup_fen() {
                    Some(fen) => AnyMatch::from_fen(rules, fen)
                        .map_err(|e| Failure::of(Context::Record, &e))?,
                    None => AnyMatch::new(rules),
                };
                for san in &g.moves {
                    m.play(&san.to_string(), None)
                        .map_err(|e| Failure::of(Context::Record, &e))?;
                }
                Ok(m)
            }
            Record::Pcn(p) => {
                match_from_pcn(p).map_err(|e| Failure::invalid(Context::Record, &Invalid::from(e)))
            }
            Record::Failed { kind, message } => {
                Err(Failure::new(Context::Record, kind, message.clone()))
            }
        }
    }
}

#[pymethods]
impl Game {
    /// The game's index in its file, from 0.
    #[getter]
    fn index(&self) -> usize {
        self.index
    }

    /// PGN tags (the first of duplicates), or a PCN record's `meta` (values as text).
    #[getter]
    fn headers<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        match &self.record {
            Record::Pgn(g) => {
                for (k, v) in &g.tags {
                    if !d.contains(k)? {
                        d.set_item(k, v)?;
                    }
                }
            }
            Record::Pcn(p) => {
                if let Some(meta) = &p.meta {
                    for k in meta.keys() {
                        d.set_item(k, json_text(meta, k))?;
                    }
                }
            }
            Record::Failed { .. } => {}
        }
        Ok(d)
    }

    /// The moves as written: SAN for PGN, PMN for PCN.
    #[getter]
    fn moves(&self) -> Vec<String> {
        match &self.record {
            Record::Pgn(g) => g.moves.iter().map(|m| m.to_string()).collect(),
            Record::Pcn(p) => p
                .plies
                .iter()
                .flatten()
                .map(|ply| ply.pmn.to_string())
                .collect(),
            Record::Failed { .. } => Vec::new(),
        }
    }

    /// Why the game could not be read (empty when it was).
    #[getter]
    fn errors(&self) -> Vec<String> {
        match &self.record {
            Record::Failed { message, .. } => vec![message.clone()],
            _ => Vec::new(),
        }
    }

    /// The final position, every move played through the match (`RecordError` on a bad ply).
    fn board(&self, py: Python<'_>) -> PyResult<Board> {
        guard(py, || self.replay_match().map(|game| Board { game }))
    }

    /// Replays the game: plies, statuses, result, final FEEN, first bad ply (never raises for
    /// a bad game).
    fn replay(&self, py: Python<'_>) -> PyResult<Report> {
        guard(py, || {
            Ok(match &self.record {
                Record::Pgn(g) => replay_pgn_game(self.index, g).into(),
                Record::Pcn(p) => replay_pcn(self.index, p).into(),
                Record::Failed { message, .. } => Report {
                    index: self.index,
                    plies: 0,
                    statuses: Vec::new(),
                    result: "*",
                    feen: String::new(),
                    bad_ply: None,
                    error: Some(message.clone()),
                    disagreement: None,
                    ok: false,
                },
            })
        })
    }

    /// The game as a PCN record (JSON).
    fn to_pcn(&self, py: Python<'_>) -> PyResult<String> {
        guard(py, || match &self.record {
            Record::Pgn(g) => pgn_to_pcn(g)
                .map(|p| p.to_json())
                .map_err(|e| Failure::invalid(Context::Record, &Invalid::from(e))),
            Record::Pcn(p) => Ok(p.to_json()),
            Record::Failed { kind, message } => {
                Err(Failure::new(Context::Record, kind, message.clone()))
            }
        })
    }

    fn __repr__(&self) -> String {
        let kind = match &self.record {
            Record::Pgn(_) => "PGN",
            Record::Pcn(_) => "PCN",
            Record::Failed { .. } => "unreadable",
        };
        format!(
            "<Game {} #{} ({} moves)>",
            kind,
            self.index,
            self.moves().len()
        )
    }
}

/// A Python file object read as bytes (`read(n)` returning `bytes` or `str`).
struct PyReader {
    file: Py<PyAny>,
    pending: Vec<u8>,
}

impl Read for PyReader {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.pending.is_empty() {
            let chunk: Vec<u8> = Python::attach(|py| -> PyResult<Vec<u8>> {
                let got = self
                    .file
                    .bind(py)
                    .call_method1("read", (buf.len().max(1),))?;
                if let Ok(b) = got.cast::<PyBytes>() {
                    Ok(b.as_bytes().to_vec())
                } else if let Ok(s) = got.cast::<PyString>() {
                    Ok(s.to_cow()?.as_bytes().to_vec())
                } else {
                    Err(PyTypeError::new_err("read() must return bytes or str"))
                }
            })
            .map_err(|e| io::Error::other(e.to_string()))?;
            self.pending = chunk;
            self.pending.reverse();
        }
        let n = buf.len().min(self.pending.len());
        for slot in buf.iter_mut().take(n) {
            *slot = self.pending.pop().expect("n bytes are pending");
        }
        Ok(n)
    }
}

type Source = Box<dyn BufRead + Send + Sync>;

/// The games of a PGN stream, read one at a time.
#[pyclass(module = "tegoma", name = "PgnGames")]
struct PgnGames {
    reader: PgnReader<Source>,
    index: usize,
}

#[pymethods]
impl PgnGames {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Game>> {
        let next = guard(py, || Ok(self.reader.read_game()))?;
        let index = self.index;
        self.index += 1;
        Ok(next.map(|g| Game {
            index,
            record: match g {
                Ok(g) => Record::Pgn(g),
                Err(e) => Record::Failed {
                    kind: e.kind().to_string(),
                    message: e.to_string(),
                },
            },
        }))
    }
}

/// The games of a PGN file (a path) or file object (binary or text), read as they are iterated.
#[pyfunction]
fn _read_pgn(source: &Bound<'_, PyAny>) -> PyResult<PgnGames> {
    let reader: Source = if let Ok(path) = source.extract::<std::path::PathBuf>() {
        Box::new(BufReader::new(File::open(path)?))
    } else if source.hasattr("read")? {
        Box::new(BufReader::with_capacity(
            1 << 16,
            PyReader {
                file: source.clone().unbind(),
                pending: Vec::new(),
            },
        ))
    } else {
        return Err(PyTypeError::new_err(
            "read_pgn takes a path or a file object",
        ));
    };
    Ok(PgnGames {
        reader: PgnReader::new(reader),
        index: 0,
    })
}

/// A PCN record from its text (JSON or TOML).
#[pyfunction]
fn _read_pcn_text(py: Python<'_>, text: &str) -> PyResult<Game> {
    guard(py, || {
        let pcn = Pcn::parse(text).map_err(|e| Failure::of(Context::Record, &e))?;
        Ok(Game {
            index: 0,
            record: Record::Pcn(Box::new(pcn)),
        })
    })
}

/// Rebuilds a board from its pickled state.
#[pyfunction]
fn _board_from_state(
    py: Python<'_>,
    rules: &str,
    start_feen: &str,
    start_fen: Option<&str>,
    plies: Vec<String>,
) -> PyResult<Board> {
    guard(py, || Board::replayed(rules, start_feen, start_fen, &plies))
}

/// Panics inside the guard: the tests check that a Rust panic reaches Python as a
/// `TegomaError` of kind `InternalError` (and that wheels unwind instead of aborting).
#[pyfunction]
fn _panic_for_tests(py: Python<'_>) -> PyResult<()> {
    guard(py, || -> Outcome<()> { panic!("a panic for the tests") })
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
    m.add_class::<Move>()?;
    m.add_class::<LegalMoves>()?;
    m.add_class::<GameOutcome>()?;
    m.add_class::<Game>()?;
    m.add_class::<Report>()?;
    m.add_class::<PgnGames>()?;
    m.add_function(wrap_pyfunction!(_read_pgn, m)?)?;
    m.add_function(wrap_pyfunction!(_read_pcn_text, m)?)?;
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
