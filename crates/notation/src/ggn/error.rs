//! GGN errors and the path that locates them.

use std::fmt;

use super::Location;
use crate::cell::CellError;
use crate::lcn::LcnError;
use crate::qpi::{Qpi, QpiError};
use crate::NotationError;

/// Which condition of a possibility.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Field {
    /// The `must` condition.
    Must,
    /// The `deny` condition.
    Deny,
}

impl Field {
    /// The JSON key.
    pub const fn as_str(self) -> &'static str {
        match self {
            Field::Must => "must",
            Field::Deny => "deny",
        }
    }
}

/// Where in a GGN document an error sits: each part is known once parsing got that deep.
///
/// Displays as `piece C:+P, source e2, destination e4, possibility 0, must` (or `document` at
/// the root).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Path {
    /// The piece key.
    pub piece: Option<Qpi>,
    /// The source key.
    pub source: Option<Location>,
    /// The destination key.
    pub destination: Option<Location>,
    /// The 0-based index in the possibility list.
    pub possibility: Option<usize>,
    /// The condition inside the possibility.
    pub field: Option<Field>,
}

impl Path {
    /// The document root.
    pub const ROOT: Path = Path {
        piece: None,
        source: None,
        destination: None,
        possibility: None,
        field: None,
    };

    /// The path of a piece entry.
    pub fn piece(piece: Qpi) -> Path {
        Path {
            piece: Some(piece),
            ..Path::ROOT
        }
    }

    /// This path, one source deeper.
    pub fn with_source(self, l: Location) -> Path {
        Path {
            source: Some(l),
            ..self
        }
    }

    /// This path, one destination deeper.
    pub fn with_destination(self, l: Location) -> Path {
        Path {
            destination: Some(l),
            ..self
        }
    }

    /// This path, at possibility `i`.
    pub fn with_possibility(self, i: usize) -> Path {
        Path {
            possibility: Some(i),
            ..self
        }
    }

    /// This path, inside a condition.
    pub fn with_field(self, f: Field) -> Path {
        Path {
            field: Some(f),
            ..self
        }
    }
}

impl fmt::Display for Path {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut sep = "";
        let mut part = |f: &mut fmt::Formatter<'_>, args: fmt::Arguments<'_>| {
            let r = write!(f, "{sep}{args}");
            sep = ", ";
            r
        };
        if let Some(p) = self.piece {
            part(f, format_args!("piece {p}"))?;
        }
        if let Some(s) = self.source {
            part(f, format_args!("source {s}"))?;
        }
        if let Some(d) = self.destination {
            part(f, format_args!("destination {d}"))?;
        }
        if let Some(i) = self.possibility {
            part(f, format_args!("possibility {i}"))?;
        }
        if let Some(c) = self.field {
            part(f, format_args!("{}", c.as_str()))?;
        }
        if self.piece.is_none() {
            f.write_str("document")?;
        }
        Ok(())
    }
}

/// Why a text or value is not a GGN document. Every variant past the JSON level names its
/// [`Path`]; keys are quoted as written (truncated to 24 bytes).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum GgnError {
    /// The text exceeds [`MAX_DOCUMENT_BYTES`](super::MAX_DOCUMENT_BYTES).
    #[error("document of {len} bytes exceeds {max} bytes")]
    DocumentTooLarge {
        /// The text length.
        len: usize,
        /// The limit.
        max: usize,
    },
    /// The text is not well-formed JSON (or nests deeper than serde_json's limit).
    #[error("malformed JSON at line {line}, column {column}: {message}")]
    Json {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The parser's explanation.
        message: String,
    },
    /// An object was expected (the document, a piece, a source, a possibility).
    #[error("{path}: expected an object, found {found}")]
    NotAnObject {
        /// Where.
        path: Path,
        /// What was found instead.
        found: &'static str,
    },
    /// A possibility list was expected.
    #[error("{path}: expected an array of possibilities, found {found}")]
    NotAnArray {
        /// Where.
        path: Path,
        /// What was found instead.
        found: &'static str,
    },
    /// A piece key is not a QPI.
    #[error("{path}: piece key {key:?} is not a QPI: {error}")]
    InvalidPiece {
        /// Where (the document).
        path: Path,
        /// The key as written.
        key: String,
        /// Why it is not a QPI.
        error: QpiError,
    },
    /// A source or destination key is neither a CELL coordinate nor `*`.
    #[error("{path}: location key {key:?} is neither a CELL coordinate nor \"*\": {error}")]
    InvalidLocation {
        /// The entry holding the key.
        path: Path,
        /// The key as written.
        key: String,
        /// Why it is not a coordinate.
        error: CellError,
    },
    /// A movement from the hand to the hand.
    #[error("{path}: hand to hand (\"*\" to \"*\") is forbidden")]
    HandToHand {
        /// Where.
        path: Path,
    },
    /// A key appears twice in one object.
    #[error("{path}: duplicate key {key:?}")]
    DuplicateKey {
        /// The object holding the key.
        path: Path,
        /// The repeated key.
        key: String,
    },
    /// A possibility has a key other than `must` and `deny`.
    #[error("{path}: unknown key {key:?} (a possibility has only \"must\" and \"deny\")")]
    UnknownField {
        /// The possibility.
        path: Path,
        /// The unexpected key.
        key: String,
    },
    /// A `must` or `deny` condition is not valid LCN.
    #[error("{path}: {error}")]
    Condition {
        /// The condition.
        path: Path,
        /// The LCN error.
        error: LcnError,
    },
}

impl GgnError {
    /// Where the error sits, when it is past the JSON level.
    pub fn path(&self) -> Option<&Path> {
        match self {
            GgnError::DocumentTooLarge { .. } | GgnError::Json { .. } => None,
            GgnError::NotAnObject { path, .. }
            | GgnError::NotAnArray { path, .. }
            | GgnError::InvalidPiece { path, .. }
            | GgnError::InvalidLocation { path, .. }
            | GgnError::HandToHand { path }
            | GgnError::DuplicateKey { path, .. }
            | GgnError::UnknownField { path, .. }
            | GgnError::Condition { path, .. } => Some(path),
        }
    }
}

impl NotationError for GgnError {
    /// The variant name; for [`GgnError::Condition`], the LCN error's kind.
    fn kind(&self) -> &'static str {
        match self {
            GgnError::DocumentTooLarge { .. } => "DocumentTooLarge",
            GgnError::Json { .. } => "MalformedJson",
            GgnError::NotAnObject { .. } => "NotAnObject",
            GgnError::NotAnArray { .. } => "NotAnArray",
            GgnError::InvalidPiece { .. } => "InvalidPiece",
            GgnError::InvalidLocation { .. } => "InvalidLocation",
            GgnError::HandToHand { .. } => "HandToHand",
            GgnError::DuplicateKey { .. } => "DuplicateKey",
            GgnError::UnknownField { .. } => "UnknownField",
            GgnError::Condition { error, .. } => error.kind(),
        }
    }
}
