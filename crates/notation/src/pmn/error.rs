//! Why a string is not a PMN move.

use std::fmt;

use crate::cell::CellError;
use crate::NotationError;

/// The part of a move an error is about.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Part {
    /// The source square of a board move (`src` of `src-dst`).
    Source,
    /// The destination square (`dst`).
    Destination,
    /// The single square of a static capture (`+sq`) or an in-place mutation (`sq=X`).
    Square,
    /// The piece token before a drop operator (`P` of `P*e5`).
    DropPiece,
    /// The `=X` token.
    Mutation,
    /// The `/Y` token.
    CaptureMutation,
}

impl Part {
    /// A short English name.
    pub const fn name(self) -> &'static str {
        match self {
            Part::Source => "source square",
            Part::Destination => "destination square",
            Part::Square => "square",
            Part::DropPiece => "drop piece",
            Part::Mutation => "mutation token (=)",
            Part::CaptureMutation => "capture mutation token (/)",
        }
    }
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Why a string is not a PMN move. Every `at` is a byte offset into the input.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PmnError {
    /// The input is empty.
    #[error("empty input")]
    Empty,
    /// The input is longer than 25 bytes (ruling R6).
    #[error("input is {len} bytes, more than the {max} a move may take", max = super::MAX_LENGTH)]
    TooLong {
        /// The input length in bytes.
        len: usize,
    },
    /// A byte that no PMN move contains: whitespace, control characters, non-ASCII bytes, and
    /// punctuation other than `- + ~ * . = / ^ '`.
    #[error("invalid character {byte:#04x} at byte {at}")]
    InvalidCharacter {
        /// Offset of the byte.
        at: usize,
        /// The byte.
        byte: u8,
    },
    /// Dots only, but not exactly the pass `...`.
    #[error("malformed pass (a pass is exactly \"...\")")]
    MalformedPass,
    /// A required part is missing (an empty square or token).
    #[error("missing {part} at byte {at}")]
    MissingOperand {
        /// The missing part.
        part: Part,
        /// Where it should start.
        at: usize,
    },
    /// A source square is not followed by an operator (`-`, `+`, `~` or `=`).
    #[error("missing operator (-, +, ~ or =) at byte {at}")]
    MissingOperator {
        /// Offset just past the square.
        at: usize,
    },
    /// A byte where an operator or a suffix was expected.
    #[error("unexpected character {:?} at byte {at}", char::from(*byte))]
    UnexpectedCharacter {
        /// Offset of the byte.
        at: usize,
        /// The byte.
        byte: u8,
    },
    /// A square is not a valid CELL coordinate.
    #[error("invalid {part} at byte {at}: {source}")]
    InvalidCell {
        /// Which square.
        part: Part,
        /// Offset of the square's first byte (the cell error's own offsets are relative to it).
        at: usize,
        /// The CELL error.
        #[source]
        source: CellError,
    },
    /// A piece token is not a valid EPIN token.
    #[error("invalid {part} at byte {at}: {source}")]
    InvalidPiece {
        /// Which token.
        part: Part,
        /// Offset of the token's first byte.
        at: usize,
        /// The EPIN error.
        #[source]
        source: sashite_epin::ParseError,
    },
    /// A `/Y` suffix on a form that does not capture (quiet move, drop, in-place mutation).
    #[error("capture suffix '/' at byte {at} on a move that does not capture")]
    CaptureSuffixNotAllowed {
        /// Offset of the `/`.
        at: usize,
    },
    /// A `=X` suffix on a static capture, which has no actor.
    #[error("mutation suffix '=' at byte {at} on a static capture (it has no actor)")]
    MutationSuffixNotAllowed {
        /// Offset of the `=`.
        at: usize,
    },
    /// The same suffix twice.
    #[error("second '{}' suffix at byte {at}", char::from(*suffix))]
    DuplicateSuffix {
        /// Offset of the second suffix.
        at: usize,
        /// The suffix character (`=` or `/`).
        suffix: u8,
    },
    /// `=X` after `/Y`: the actor mutation comes first.
    #[error("'=' suffix at byte {at} after the '/' suffix ('=' must come first)")]
    SuffixOrder {
        /// Offset of the misplaced `=`.
        at: usize,
    },
}

impl NotationError for PmnError {
    fn kind(&self) -> &'static str {
        match self {
            PmnError::Empty => "Empty",
            PmnError::TooLong { .. } => "TooLong",
            PmnError::InvalidCharacter { .. } => "InvalidCharacter",
            PmnError::MalformedPass => "MalformedPass",
            PmnError::MissingOperand { .. } => "MissingOperand",
            PmnError::MissingOperator { .. } => "MissingOperator",
            PmnError::UnexpectedCharacter { .. } => "UnexpectedCharacter",
            PmnError::InvalidCell { .. } => "InvalidCell",
            PmnError::InvalidPiece { .. } => "InvalidPiece",
            PmnError::CaptureSuffixNotAllowed { .. } => "CaptureSuffixNotAllowed",
            PmnError::MutationSuffixNotAllowed { .. } => "MutationSuffixNotAllowed",
            PmnError::DuplicateSuffix { .. } => "DuplicateSuffix",
            PmnError::SuffixOrder { .. } => "SuffixOrder",
        }
    }
}

impl PmnError {
    /// The byte offset the error points at, when it has one.
    pub const fn offset(&self) -> Option<usize> {
        match *self {
            PmnError::Empty | PmnError::TooLong { .. } | PmnError::MalformedPass => None,
            PmnError::InvalidCharacter { at, .. }
            | PmnError::MissingOperand { at, .. }
            | PmnError::MissingOperator { at }
            | PmnError::UnexpectedCharacter { at, .. }
            | PmnError::InvalidCell { at, .. }
            | PmnError::InvalidPiece { at, .. }
            | PmnError::CaptureSuffixNotAllowed { at }
            | PmnError::MutationSuffixNotAllowed { at }
            | PmnError::DuplicateSuffix { at, .. }
            | PmnError::SuffixOrder { at } => Some(at),
        }
    }

    /// The part of the move the error is about, when it names one.
    pub const fn part(&self) -> Option<Part> {
        match *self {
            PmnError::MissingOperand { part, .. }
            | PmnError::InvalidCell { part, .. }
            | PmnError::InvalidPiece { part, .. } => Some(part),
            _ => None,
        }
    }
}
