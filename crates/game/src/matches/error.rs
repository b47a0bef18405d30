//! Why a match refuses an action.

use tegoma_notation::NotationError;
use tegoma_protocol::{MoveError, Outcome, Side};

use crate::rules::SetupError;

/// An action a [`Match`](crate::Match) refused, or a move that ended it by forfeit.
///
/// A refused or forfeiting ply says where once: `ply 2 (e7-e4): illegal move: <reason>` (the
/// move's text is the [`MoveError`]'s, printed once).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MatchError {
    /// The match is over: no move or event is accepted (take a move back first).
    #[error("the match is over: {0}")]
    Finished(Outcome),
    /// The move was refused and not played (malformed, or illegal in chess); the match goes on.
    /// The kind is the move error's.
    #[error("ply {ply} ({}): {}", error.text(), error.detail())]
    Refused {
        /// The ply number the move would have had (from 1).
        ply: usize,
        /// Why.
        error: MoveError,
    },
    /// The move was illegal in a rule system where that loses the game (Ōgi: `illegalmove`, or
    /// `repetition` for a sennichite move): it was not played and the match is over. The kind
    /// is the move error's.
    #[error("ply {ply} ({}): {}; the game is forfeited: {outcome}", error.text(), error.detail())]
    Forfeit {
        /// The ply number of the offending move (from 1).
        ply: usize,
        /// Why the move is illegal.
        error: MoveError,
        /// The outcome it caused.
        outcome: Outcome,
    },
    /// No ply to take back.
    #[error("no ply to take back")]
    NothingToTakeBack,
    /// A draw acceptance with no draw offer of the opponent pending.
    #[error("{0} has no draw offer to accept")]
    NoDrawOffer(Side),
    /// A move given as a value ([`AnyMove`](crate::AnyMove)) is a move of another game: it
    /// was not played and the match goes on.
    #[error("a move of {other} is not a move of {game}")]
    OtherGame {
        /// The match's game.
        game: String,
        /// The game (or rule system) the move belongs to.
        other: String,
    },
    /// The start position cannot be set up. The kind is the setup error's.
    #[error("invalid setup: {0}")]
    Setup(#[from] SetupError),
}

impl MatchError {
    /// The move error of a refused or forfeiting ply.
    pub fn move_error(&self) -> Option<&MoveError> {
        match self {
            MatchError::Refused { error, .. } | MatchError::Forfeit { error, .. } => Some(error),
            _ => None,
        }
    }
}

impl NotationError for MatchError {
    fn kind(&self) -> &'static str {
        match self {
            MatchError::Finished(_) => "MatchFinished",
            MatchError::Refused { error, .. } => error.kind(),
            MatchError::Forfeit { error, .. } => error.kind(),
            MatchError::NothingToTakeBack => "NothingToTakeBack",
            MatchError::NoDrawOffer(_) => "NoDrawOffer",
            MatchError::OtherGame { .. } => "OtherGame",
            MatchError::Setup(e) => e.kind(),
        }
    }
}
