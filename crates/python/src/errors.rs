//! Errors: the exception classes, the one place where a Rust error chooses its class
//! ([`Failure::into_py`]), and [`guard`], which turns a panic into a `TegomaError` of kind
//! `InternalError` instead of a crash of the interpreter.

use std::panic::{catch_unwind, AssertUnwindSafe};

use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

use tegoma_game::Rules;
use tegoma_notation::NotationError;

create_exception!(
    tegoma,
    TegomaError, PyValueError, "Base class of Tegoma's errors; `kind` is the error's kind (`IllegalMove`, `InvalidFeen`, ...).");
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
pub(crate) enum Context {
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
    /// A setting of the match (a clock's periods, a side's name).
    Setting,
    /// A bug: a panic caught at the boundary.
    Internal,
}

/// An error on its way to Python: its context, kind and message.
#[derive(Debug)]
pub(crate) struct Failure {
    pub(crate) context: Context,
    pub(crate) kind: String,
    pub(crate) message: String,
}

impl Failure {
    pub(crate) fn new(context: Context, kind: &str, message: impl Into<String>) -> Failure {
        Failure {
            context,
            kind: kind.to_string(),
            message: message.into(),
        }
    }

    /// From any Tegoma error: its `kind()` and its `Display`.
    pub(crate) fn of<E: NotationError + std::fmt::Display>(context: Context, e: &E) -> Failure {
        Failure::new(context, e.kind(), e.to_string())
    }

    /// From an [`Invalid`](tegoma_notation::Invalid): its kind and `Display`.
    pub(crate) fn invalid(context: Context, e: &tegoma_notation::Invalid) -> Failure {
        Failure::new(context, e.kind, e.to_string())
    }

    /// The one place where a Rust error becomes a Python exception class.
    pub(crate) fn into_py(self, py: Python<'_>) -> PyErr {
        let err = match (self.kind.as_str(), self.context) {
            ("Unsupported", _) => UnsupportedError::new_err(self.message),
            (_, Context::Position) => InvalidPositionError::new_err(self.message),
            (_, Context::MalformedMove) => InvalidMoveError::new_err(self.message),
            (_, Context::Move) => IllegalMoveError::new_err(self.message),
            (_, Context::Record) => RecordError::new_err(self.message),
            (_, Context::Rules | Context::Setting | Context::Internal) => {
                TegomaError::new_err(self.message)
            }
        };
        // Setting an attribute on a fresh exception instance cannot fail in practice; if it
        // does, the class and message are still right.
        let _ = err.value(py).setattr("kind", self.kind);
        err
    }
}

pub(crate) type Fallible<T> = Result<T, Failure>;

/// Runs `f`, turning a failure into its exception and a panic into a `TegomaError` of kind
/// `InternalError`.
pub(crate) fn guard<T>(py: Python<'_>, f: impl FnOnce() -> Fallible<T>) -> PyResult<T> {
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

pub(crate) fn rules_by_name(name: &str) -> Fallible<Rules> {
    Rules::by_name(name).map_err(|e| Failure::of(Context::Rules, &e))
}

/// A move text that is not a move in `notation` at all (`InvalidPmn`, `InvalidSan`, ...); the
/// text is shown cut to 40 characters.
pub(crate) fn malformed(kind: &str, notation: &str, text: &str) -> Failure {
    let shown: String = text.chars().take(40).collect();
    Failure::new(
        Context::MalformedMove,
        kind,
        format!("{shown:?} is not a {notation} move"),
    )
}
