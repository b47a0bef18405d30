//! Moves as Python values: `Move` and the `LegalMoves` sequence.
//!
//! A move listed by a board keeps a shared [`Line`] (the rule system, the typed positions and
//! moves, in no notation yet) and its index there: PMN, SAN and UCI are written only when Python
//! asks for them, once each. Listing the legal moves of a position therefore costs the move
//! generation and one small object per move, never a SAN (a check and mate test per move) nobody
//! reads.

use std::any::Any;
use std::cell::OnceCell;
use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};
use std::rc::Rc;
use std::sync::Arc;

use pyo3::exceptions::{PyIndexError, PyTypeError};
use pyo3::prelude::*;
use pyo3::types::{PyList, PySlice, PyString};

use tegoma_game::{AnyMatch, MatchRules, MoveFormat, Rules, Visit};
use tegoma_protocol::MoveBuffer;

use crate::errors::{malformed, Fallible};
use crate::move_object::{as_move, new_move};
use crate::pmn::{pmn_fields, PmnFields};

// ---------------------------------------------------------------------------------------------
// Lines: typed moves with the positions they are played from

/// Typed moves of one rule system and the positions they are played from, written in a
/// notation on demand.
pub(crate) trait Line: Send + Sync {
    /// The number of moves.
    fn len(&self) -> usize;
    /// Move `i` in `format`, `None` when the rule system lacks the notation.
    fn write(&self, i: usize, format: MoveFormat) -> Option<String>;
    /// Every move in `format` (one visit of the rule system for all), `None` when the rule
    /// system lacks the notation.
    fn write_all(&self, format: MoveFormat) -> Option<Vec<String>>;
}

/// The moves of a [`Line`] of rule system `R`: either all from one position (a legal-move
/// list: `positions` has one item) or each from its own (a game's plies: one position per
/// move).
struct Typed<P, M> {
    rules: Rules,
    positions: Vec<P>,
    moves: Vec<M>,
}

impl<P: Any + Send + Sync, M: Any + Copy + Send + Sync> Line for Typed<P, M> {
    fn len(&self) -> usize {
        self.moves.len()
    }

    fn write(&self, i: usize, format: MoveFormat) -> Option<String> {
        self.rules
            .visit(Write {
                line: self,
                which: Some(i),
                format,
            })?
            .pop()
    }

    fn write_all(&self, format: MoveFormat) -> Option<Vec<String>> {
        self.rules.visit(Write {
            line: self,
            which: None,
            format,
        })
    }
}

/// Writes move `which` (or every move) of a [`Typed`] line, the rule system's types recovered
/// by the visit.
struct Write<'a> {
    line: &'a dyn Any,
    which: Option<usize>,
    format: MoveFormat,
}

impl Visit for Write<'_> {
    type Output = Option<Vec<String>>;
    fn visit<R: MatchRules>(self, rules: &R) -> Option<Vec<String>> {
        let line = self.line.downcast_ref::<Typed<R::Position, R::Move>>()?;
        let range = match self.which {
            Some(i) if i < line.moves.len() => i..i + 1,
            Some(_) => return None,
            None => 0..line.moves.len(),
        };
        let mut out = Vec::with_capacity(range.len());
        for i in range {
            let position = match line.positions.as_slice() {
                [one] => one,
                many => many.get(i)?,
            };
            let mut text = String::new();
            rules
                .write_move_as(position, line.moves[i], self.format, &mut text)
                .ok()?;
            out.push(text);
        }
        Some(out)
    }
}

/// The legal moves of a match (its rules: sennichite applied, none once it is over).
pub(crate) struct LegalLine<'a>(pub(crate) &'a AnyMatch);

impl Visit for LegalLine<'_> {
    type Output = Arc<dyn Line>;
    fn visit<R: MatchRules>(self, rules: &R) -> Arc<dyn Line> {
        let _ = rules;
        let m = self
            .0
            .downcast_ref::<R>()
            .expect("a match holds its own rule system's match");
        let mut list = R::MoveList::default();
        m.legal_moves(&mut list);
        Arc::new(Typed {
            rules: self.0.rules().clone(),
            positions: vec![m.position().clone()],
            moves: list.as_slice().to_vec(),
        })
    }
}

/// The plies of a match from ply `from` on, each with the position it was played from.
pub(crate) struct PlyLine<'a> {
    pub(crate) game: &'a AnyMatch,
    pub(crate) from: usize,
}

impl Visit for PlyLine<'_> {
    type Output = Arc<dyn Line>;
    fn visit<R: MatchRules>(self, rules: &R) -> Arc<dyn Line> {
        let m = self
            .game
            .downcast_ref::<R>()
            .expect("a match holds its own rule system's match");
        let mut position = m.start().clone();
        let mut positions = Vec::new();
        let mut moves = Vec::new();
        for (i, ply) in m.plies().iter().enumerate() {
            if i >= self.from {
                positions.push(position.clone());
                moves.push(ply.mv);
            }
            rules.play_unchecked(&mut position, ply.mv);
        }
        Arc::new(Typed {
            rules: self.game.rules().clone(),
            positions,
            moves,
        })
    }
}

/// Every move of a line, as a list of `Move` objects (the list made at its length, then
/// filled: no intermediate vector).
pub(crate) fn moves_of<'py>(py: Python<'py>, line: &Arc<dyn Line>) -> PyResult<Bound<'py, PyList>> {
    let n = line.len();
    let line: Shared = Rc::new(Arc::clone(line));
    // SAFETY: `PyList_New` returns a new reference or null with an exception set.
    let list = unsafe { Bound::from_owned_ptr_or_err(py, pyo3::ffi::PyList_New(n as isize))? }
        .cast_into::<PyList>()?;
    for i in 0..n {
        let m = new_move(py, Move::listed(&line, i))?;
        // SAFETY: `list` is a list of length `n` and `i < n`; `PyList_SetItem` steals the
        // reference given. An error on the way leaves null items, which a list frees as none.
        unsafe { pyo3::ffi::PyList_SetItem(list.as_ptr(), i as isize, m.into_ptr()) };
    }
    Ok(list)
}

// ---------------------------------------------------------------------------------------------
// Move

/// A move: its PMN (every game), SAN and UCI (chess; `None` elsewhere), and the cells and
/// pieces its PMN names.
///
/// Kept small (40 bytes): listing the legal moves of a position makes one per move, and its
/// making and freeing is most of what listing costs from Python. The notations are written on
/// the first request, in a cache allocated then.
///
/// Its Python type is written with the C API ([`crate::move_object`]).
pub(crate) struct Move {
    /// Where the move was listed (shared by the moves of one list, counted without atomic
    /// operations: see [`Shared`]); its notations are written from there on demand. `None`
    /// for a move made from its notations.
    line: Option<Shared>,
    /// The move's index in `line`.
    index: usize,
    /// The notations written so far (none until one is asked for).
    texts: OnceCell<Box<Texts>>,
}

/// A line shared by the moves listed from it.
///
/// Its count is not atomic (an `Arc` per move was a fifth of the time of listing moves from
/// Python): a `Move` lives in a Python object, touched only with the interpreter's lock held,
/// which orders every count change (the stable ABI this package is built for has no
/// free-threaded interpreter). `Rc` keeps `Move` from being `Send`, so Rust code can never
/// carry one out of the lock (`Python::detach` refuses it).
pub(crate) type Shared = Rc<Arc<dyn Line>>;

/// The notations of a [`Move`], each written on its first request.
#[derive(Default)]
struct Texts {
    pmn: OnceCell<String>,
    san: OnceCell<Option<String>>,
    uci: OnceCell<Option<String>>,
}

impl Move {
    /// Move `i` of a shared line.
    pub(crate) fn listed(line: &Shared, i: usize) -> Move {
        Move {
            line: Some(Rc::clone(line)),
            index: i,
            texts: OnceCell::new(),
        }
    }

    /// Move `i` of a line.
    pub(crate) fn of_line(line: &Arc<dyn Line>, i: usize) -> Move {
        Move::listed(&Rc::new(Arc::clone(line)), i)
    }

    fn texts(&self) -> &Texts {
        self.texts.get_or_init(Box::default)
    }

    fn written(&self, format: MoveFormat) -> Option<String> {
        self.line.as_ref()?.write(self.index, format)
    }

    /// The PMN string.
    pub(crate) fn pmn_text(&self) -> &str {
        self.texts()
            .pmn
            .get_or_init(|| self.written(MoveFormat::Pmn).unwrap_or_default())
    }

    /// The SAN, when the rule system has it.
    pub(crate) fn san_text(&self) -> Option<&str> {
        self.texts()
            .san
            .get_or_init(|| self.written(MoveFormat::San))
            .as_deref()
    }

    /// The UCI string, when the rule system has it.
    pub(crate) fn uci_text(&self) -> Option<&str> {
        self.texts()
            .uci
            .get_or_init(|| self.written(MoveFormat::Uci))
            .as_deref()
    }

    /// A move from its PMN (with its SAN and UCI when known).
    pub(crate) fn given(pmn: &str, san: Option<String>, uci: Option<String>) -> Fallible<Move> {
        if pmn_fields(pmn).is_none() {
            return Err(malformed("InvalidPmn", "PMN", pmn));
        }
        Ok(Move {
            line: None,
            index: 0,
            texts: filled(Box::new(Texts {
                pmn: filled(pmn.to_string()),
                san: filled(san),
                uci: filled(uci),
            })),
        })
    }

    /// The hash of the move (its PMN's: equal moves have equal PMN).
    pub(crate) fn hash_value(&self) -> u64 {
        let mut h = DefaultHasher::new();
        self.pmn_text().hash(&mut h);
        h.finish()
    }

    /// The cells and pieces its PMN names.
    pub(crate) fn fields(&self) -> PmnFields {
        pmn_fields(self.pmn_text()).unwrap_or_default()
    }
}

fn filled<T>(value: T) -> OnceCell<T> {
    let cell = OnceCell::new();
    let _ = cell.set(value);
    cell
}

/// A move argument: a `Move` (its PMN) or a string.
pub(crate) fn move_text(item: &Bound<'_, PyAny>) -> PyResult<String> {
    if let Some(m) = as_move(item) {
        return Ok(m.pmn_text().to_string());
    }
    if let Ok(s) = item.cast::<PyString>() {
        return Ok(s.to_cow()?.into_owned());
    }
    Err(PyTypeError::new_err(format!(
        "a move is a tegoma.Move or a str, not {}",
        item.get_type().name()?
    )))
}

/// A string as Python's `repr` writes it (single quotes).
pub(crate) fn py_quote(s: &str) -> String {
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

/// SAN without its check, mate and annotation marks.
pub(crate) fn strip_san_suffixes(s: &str) -> &str {
    s.trim_end_matches(['+', '#', '!', '?'])
}

/// Whether a text has the shape of a UCI move (`e2e4`, `e7e8q`).
pub(crate) fn looks_like_uci(s: &str) -> bool {
    let b = s.as_bytes();
    (b.len() == 4 || b.len() == 5)
        && b[0].is_ascii_lowercase()
        && b[1].is_ascii_digit()
        && b[2].is_ascii_lowercase()
        && b[3].is_ascii_digit()
        && (b.len() == 4 || b[4].is_ascii_lowercase())
}

// ---------------------------------------------------------------------------------------------
// Legal moves

/// The legal moves of a board when they were asked for: a sequence (iterable, `len()`,
/// indexing and slicing, `in` with a `Move` or a PMN, SAN or UCI string), plus `pmn()`,
/// `san()` and `uci()` giving every move's text in one call.
#[pyclass(module = "tegoma", name = "LegalMoves", frozen)]
pub(crate) struct LegalMoves {
    line: Arc<dyn Line>,
}

impl LegalMoves {
    pub(crate) fn new(line: Arc<dyn Line>) -> LegalMoves {
        LegalMoves { line }
    }

    /// Every move's text in `format` (none when the rule system lacks it).
    fn texts(&self, format: MoveFormat) -> Vec<String> {
        self.line.write_all(format).unwrap_or_default()
    }

    fn texts_or_unsupported(&self, py: Python<'_>, format: MoveFormat) -> PyResult<Vec<String>> {
        self.line.write_all(format).ok_or_else(|| {
            crate::errors::Failure::new(
                crate::errors::Context::Move,
                "Unsupported",
                format!("{} is not available for this game", format.name()),
            )
            .into_py(py)
        })
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

#[pymethods]
impl LegalMoves {
    fn __len__(&self) -> usize {
        self.line.len()
    }

    fn __bool__(&self) -> bool {
        self.line.len() > 0
    }

    /// The number of legal moves (python-chess's `count()`).
    fn count(&self) -> usize {
        self.line.len()
    }

    fn __getitem__(&self, py: Python<'_>, index: &Bound<'_, PyAny>) -> PyResult<Py<PyAny>> {
        if let Ok(slice) = index.cast::<PySlice>() {
            let shared: Shared = Rc::new(Arc::clone(&self.line));
            let picked = slice_indices(slice, self.line.len())?
                .into_iter()
                .map(|i| new_move(py, Move::listed(&shared, i)))
                .collect::<PyResult<Vec<_>>>()?;
            return Ok(PyList::new(py, picked)?.into_any().unbind());
        }
        let index: isize = index.extract()?;
        let n = self.line.len() as isize;
        let i = if index < 0 { index + n } else { index };
        if i < 0 || i >= n {
            return Err(PyIndexError::new_err("legal move index out of range"));
        }
        Ok(new_move(py, Move::of_line(&self.line, i as usize))?.unbind())
    }

    fn __iter__(&self, py: Python<'_>) -> PyResult<Py<PyAny>> {
        Ok(moves_of(py, &self.line)?.try_iter()?.into_any().unbind())
    }

    fn __contains__(&self, item: &Bound<'_, PyAny>) -> bool {
        if let Some(m) = as_move(item) {
            let pmn = m.pmn_text();
            return self.texts(MoveFormat::Pmn).iter().any(|x| x == pmn);
        }
        let Some(text) = item.cast::<PyString>().ok().and_then(|s| s.to_cow().ok()) else {
            return false;
        };
        let text = text.as_ref();
        if self.texts(MoveFormat::Pmn).iter().any(|x| x == text) {
            return true;
        }
        if looks_like_uci(text) && self.texts(MoveFormat::Uci).iter().any(|x| x == text) {
            return true;
        }
        let san = strip_san_suffixes(text);
        self.texts(MoveFormat::San)
            .iter()
            .any(|x| strip_san_suffixes(x) == san)
    }

    /// Every legal move in PMN, in one call.
    fn pmn(&self, py: Python<'_>) -> PyResult<Vec<String>> {
        self.texts_or_unsupported(py, MoveFormat::Pmn)
    }

    /// Every legal move in SAN (chess; `UnsupportedError` elsewhere).
    fn san(&self, py: Python<'_>) -> PyResult<Vec<String>> {
        self.texts_or_unsupported(py, MoveFormat::San)
    }

    /// Every legal move in UCI (chess; `UnsupportedError` elsewhere).
    fn uci(&self, py: Python<'_>) -> PyResult<Vec<String>> {
        self.texts_or_unsupported(py, MoveFormat::Uci)
    }

    fn __repr__(&self) -> String {
        format!("<LegalMoves ({})>", self.texts(MoveFormat::Pmn).join(", "))
    }
}
