//! Game records: reading PGN (streamed, from a path or a file object, without the GIL while a
//! file is parsed) and PCN, replaying them (`Report`), and `replay_pgn`, which reads and replays
//! a whole PGN file in Rust for batch work (the Dask example).

use std::fs::File;
use std::io::{self, BufRead, BufReader, Read};

use pyo3::exceptions::PyTypeError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyString};

use tegoma_game::record::match_from_pcn;
use tegoma_game::replay::{replay_pcn, GameReport};
use tegoma_game::AnyMatch;
use tegoma_notation::pcn::Pcn;
use tegoma_notation::Invalid;
use tegoma_notation::NotationError;
use tegoma_pgn::replay::replay_pgn_game;
use tegoma_pgn::{game_to_string, pcn_to_pgn, pgn_to_pcn, PgnGame, PgnReader};

use crate::board::Board;
use crate::errors::{guard, rules_by_name, Context, Failure, Fallible};
use crate::matchplay::status_list;
use crate::moves::py_quote;

// ---------------------------------------------------------------------------------------------
// Records

/// What replaying a record gave.
#[pyclass(module = "tegoma", name = "Report", frozen, get_all)]
pub(crate) struct Report {
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
            statuses: status_list(r.statuses),
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
pub(crate) struct Game {
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
    fn replay_match(&self) -> Fallible<AnyMatch> {
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
        guard(py, || {
            let game = self.replay_match()?;
            let base = match &self.record {
                Record::Pgn(g) => pgn_to_pcn(g).ok(),
                Record::Pcn(p) => Some((**p).clone()),
                Record::Failed { .. } => None,
            };
            Ok(Board::of(game, base))
        })
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

    /// The game as PGN text (chess; `UnsupportedError` for a PCN record of another game).
    fn to_pgn(&self, py: Python<'_>) -> PyResult<String> {
        guard(py, || {
            let game = match &self.record {
                Record::Pgn(g) => g.clone(),
                Record::Pcn(p) if self.replay_match()?.start_fen().is_none() => {
                    return Err(Failure::new(
                        Context::Record,
                        "Unsupported",
                        "PGN is not available for this game (no FEN)",
                    ))
                }
                Record::Pcn(p) => pcn_to_pgn(p).map_err(|e| {
                    let kind = if e.kind() == "NotChess" {
                        "Unsupported"
                    } else {
                        e.kind()
                    };
                    Failure::new(Context::Record, kind, e.to_string())
                })?,
                Record::Failed { kind, message } => {
                    return Err(Failure::new(Context::Record, kind, message.clone()))
                }
            };
            game_to_string(&game).map_err(|e| Failure::new(Context::Record, "Io", e.to_string()))
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
pub(crate) struct PgnGames {
    reader: PgnReader<Source>,
    index: usize,
}

#[pymethods]
impl PgnGames {
    fn __iter__(slf: PyRef<'_, Self>) -> PyRef<'_, Self> {
        slf
    }

    fn __next__(&mut self, py: Python<'_>) -> PyResult<Option<Game>> {
        let reader = &mut self.reader;
        let next = py
            .detach(|| {
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| reader.read_game()))
            })
            .map_err(|_| {
                Failure::new(
                    Context::Internal,
                    "InternalError",
                    "the PGN reader panicked",
                )
                .into_py(py)
            })?;
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
pub(crate) fn _read_pgn(source: &Bound<'_, PyAny>) -> PyResult<PgnGames> {
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
pub(crate) fn _read_pcn_text(py: Python<'_>, text: &str) -> PyResult<Game> {
    guard(py, || {
        let pcn = Pcn::parse(text).map_err(|e| Failure::of(Context::Record, &e))?;
        Ok(Game {
            index: 0,
            record: Record::Pcn(Box::new(pcn)),
        })
    })
}

/// Reads and replays every game of a PGN file (a path) in Rust, without the GIL: one `Report`
/// per game, in order. For batch work (a shard of a database per task); `read_pgn` streams
/// `Game` values instead.
#[pyfunction]
pub(crate) fn replay_pgn(py: Python<'_>, path: std::path::PathBuf) -> PyResult<Vec<Report>> {
    let file = File::open(&path)?;
    let reports = py
        .detach(|| {
            std::panic::catch_unwind(|| {
                let mut out = Vec::new();
                tegoma_pgn::replay::replay_pgn_stream(BufReader::new(file), |r| out.push(r));
                out
            })
        })
        .map_err(|_| {
            Failure::new(
                Context::Internal,
                "InternalError",
                "the PGN replay panicked",
            )
            .into_py(py)
        })?;
    Ok(reports.into_iter().map(Report::from).collect())
}
