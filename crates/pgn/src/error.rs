//! Errors of the PGN reader, with the line and column where they occurred.

use std::fmt;

use tegoma_notation::NotationError;

/// A PGN reading error: what went wrong and where (1-based line and byte column).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PgnError {
    /// 1-based line of the error.
    pub line: u64,
    /// 1-based byte column of the error.
    pub column: u64,
    /// What went wrong.
    pub kind: PgnErrorKind,
}

/// What went wrong while reading PGN.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PgnErrorKind {
    /// The underlying reader failed.
    #[error("read error: {0}")]
    Io(String),
    /// A tag pair `[Name "value"]` was cut short or malformed.
    #[error("malformed tag pair: {0}")]
    BadTag(&'static str),
    /// A tag value string has no closing quote before the end of its line.
    #[error("unterminated tag value string")]
    UnterminatedString,
    /// A tag name or value is longer than the limit.
    #[error("tag name or value longer than {0} bytes")]
    TagTooLong(usize),
    /// The game has more tag pairs than the limit.
    #[error("more than {0} tag pairs")]
    TooManyTags(usize),
    /// A `{` comment has no closing `}`.
    #[error("unterminated comment")]
    UnterminatedComment,
    /// A comment is longer than the limit.
    #[error("comment longer than {0} bytes")]
    CommentTooLong(usize),
    /// The game ended inside a variation `( ...`.
    #[error("unterminated variation")]
    UnterminatedVariation,
    /// A `)` closes no variation.
    #[error("unexpected ')' outside a variation")]
    UnexpectedVariationEnd,
    /// Variations are nested deeper than the limit.
    #[error("variations nested deeper than {0}")]
    VariationTooDeep(usize),
    /// A movetext token is longer than the limit.
    #[error("token longer than {0} bytes")]
    TokenTooLong(usize),
    /// A movetext token is neither a move number, a SAN move, a NAG nor a result.
    #[error("not a SAN move: {0:?}")]
    InvalidSan(String),
    /// A `$` is not followed by digits.
    #[error("a NAG '$' must be followed by digits")]
    InvalidNag,
    /// A character that cannot start any movetext token.
    #[error("unexpected character {0:?}")]
    UnexpectedChar(char),
    /// The game has more plies than the limit.
    #[error("more than {0} plies in one game")]
    TooManyPlies(usize),
    /// The game is longer than the limit in bytes.
    #[error("game longer than {0} bytes")]
    GameTooLarge(u64),
    /// The game is of a chess variant (its `Variant` tag, or a Chess960 castling field in its
    /// `FEN` tag): the chess rule system does not play it (ruling R11).
    #[error("unsupported variant {0:?}: only standard chess is replayed")]
    UnsupportedVariant(String),
    /// A null move (`--`, `Z0`, `0000`, `@@@@`) in the main line: chess has no pass, the game
    /// cannot be replayed past it (ruling R10; in a variation it is kept with the variation).
    #[error("ply {ply} is a null move (--): the chess rule system has no pass")]
    NullMove {
        /// The null move's ply number, from 1.
        ply: usize,
    },
}

impl fmt::Display for PgnError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "line {}, column {}: {}",
            self.line, self.column, self.kind
        )
    }
}

impl std::error::Error for PgnError {}

impl NotationError for PgnError {
    fn kind(&self) -> &'static str {
        match self.kind {
            PgnErrorKind::Io(_) => "Io",
            PgnErrorKind::BadTag(_) => "BadTag",
            PgnErrorKind::UnterminatedString => "UnterminatedString",
            PgnErrorKind::TagTooLong(_) => "TagTooLong",
            PgnErrorKind::TooManyTags(_) => "TooManyTags",
            PgnErrorKind::UnterminatedComment => "UnterminatedComment",
            PgnErrorKind::CommentTooLong(_) => "CommentTooLong",
            PgnErrorKind::UnterminatedVariation => "UnterminatedVariation",
            PgnErrorKind::UnexpectedVariationEnd => "UnexpectedVariationEnd",
            PgnErrorKind::VariationTooDeep(_) => "VariationTooDeep",
            PgnErrorKind::TokenTooLong(_) => "TokenTooLong",
            PgnErrorKind::InvalidSan(_) => "InvalidSan",
            PgnErrorKind::InvalidNag => "InvalidNag",
            PgnErrorKind::UnexpectedChar(_) => "UnexpectedChar",
            PgnErrorKind::TooManyPlies(_) => "TooManyPlies",
            PgnErrorKind::GameTooLarge(_) => "GameTooLarge",
            PgnErrorKind::UnsupportedVariant(_) => "UnsupportedVariant",
            PgnErrorKind::NullMove { .. } => "NullMove",
        }
    }
}
