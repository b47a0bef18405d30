//! PCN errors. Paths are written `plies[3].move`, `outcome.status[1]`, `setup.feen`.

use crate::cgsn::CgsnError;
use crate::pmn::PmnError;
use crate::NotationError;

/// Why a text or value is not a PCN record (or cannot be written in a format).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PcnError {
    /// The text exceeds [`MAX_DOCUMENT_BYTES`](super::MAX_DOCUMENT_BYTES).
    #[error("document of {len} bytes exceeds {max} bytes")]
    DocumentTooLarge {
        /// The text length.
        len: usize,
        /// The limit.
        max: usize,
    },
    /// The text is not well-formed JSON.
    #[error("malformed JSON at line {line}, column {column}: {message}")]
    Json {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The parser's explanation.
        message: String,
    },
    /// The text is not well-formed TOML.
    #[error("malformed TOML: {message}")]
    Toml {
        /// The parser's explanation (with its position).
        message: String,
    },
    /// A key appears twice in one JSON object.
    #[error("duplicate key {key:?}")]
    DuplicateKey {
        /// The repeated key (truncated).
        key: String,
    },
    /// Arrays and objects nest deeper than [`MAX_DEPTH`](super::MAX_DEPTH).
    #[error("{path}: nesting deeper than {max} levels")]
    TooDeep {
        /// Where the limit was crossed.
        path: String,
        /// The limit.
        max: usize,
    },
    /// A value has the wrong type.
    #[error("{path}: expected {expected}, found {found}")]
    WrongType {
        /// The field.
        path: String,
        /// The expected type.
        expected: &'static str,
        /// The type found.
        found: &'static str,
    },
    /// A required field is absent (`setup`, `setup.feen`, `plies[i].move`).
    #[error("{path}: required field missing")]
    MissingField {
        /// The field.
        path: String,
    },
    /// The setup is not valid FEEN.
    #[error("{path}: invalid FEEN: {error}")]
    InvalidFeen {
        /// The field.
        path: String,
        /// The FEEN parser's explanation.
        error: String,
    },
    /// A ply is not valid PMN.
    #[error("{path}: invalid PMN: {error}")]
    InvalidPly {
        /// The field.
        path: String,
        /// Why it is not PMN.
        error: PmnError,
    },
    /// A ply's time is negative or not finite.
    #[error("{path}: seconds must be a finite number >= 0")]
    InvalidSeconds {
        /// The field.
        path: String,
    },
    /// An outcome status is not a CGSN status.
    #[error("{path}: {error}")]
    InvalidStatus {
        /// The field.
        path: String,
        /// Why it is not a status.
        error: CgsnError,
    },
    /// An outcome result is not `first`, `second` or `draw`.
    #[error("{path}: result {value:?} is not \"first\", \"second\" or \"draw\"")]
    InvalidResult {
        /// The field.
        path: String,
        /// The value as written (truncated).
        value: String,
    },
    /// A `[PMN, seconds]` ply pair has the wrong length.
    #[error("{path}: a ply pair is [PMN, seconds], found {len} items")]
    PlyPairLength {
        /// The field.
        path: String,
        /// The length found.
        len: usize,
    },
    /// A value cannot be written in the target format (TOML has no `null`, JSON no NaN).
    #[error("{path}: {what} cannot be written as {format}")]
    NotRepresentable {
        /// The field.
        path: String,
        /// The value's kind.
        what: &'static str,
        /// The target format.
        format: &'static str,
    },
}

impl NotationError for PcnError {
    fn kind(&self) -> &'static str {
        match self {
            PcnError::DocumentTooLarge { .. } => "DocumentTooLarge",
            PcnError::Json { .. } => "MalformedJson",
            PcnError::Toml { .. } => "MalformedToml",
            PcnError::DuplicateKey { .. } => "DuplicateKey",
            PcnError::TooDeep { .. } => "TooDeep",
            PcnError::WrongType { .. } => "WrongType",
            PcnError::MissingField { .. } => "MissingField",
            PcnError::InvalidFeen { .. } => "InvalidFeen",
            PcnError::InvalidPly { .. } => "InvalidPly",
            PcnError::InvalidSeconds { .. } => "InvalidSeconds",
            PcnError::InvalidStatus { .. } => "InvalidStatus",
            PcnError::InvalidResult { .. } => "InvalidResult",
            PcnError::PlyPairLength { .. } => "PlyPairLength",
            PcnError::NotRepresentable { .. } => "NotRepresentable",
        }
    }
}
