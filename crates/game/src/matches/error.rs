//! Why a match refuses an action.

use tegoma_notation::{Invalid, NotationError};
use tegoma_protocol::{Outcome, Side};

/// An action a [`Match`](crate::Match) refused, or a move that ended it by forfeit.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MatchError {
    /// The match is over: no move or event is accepted (take a move back first).
    #[error("the match is over: {0}")]
    Finished(Outcome),
    /// The move was refused and not played (malformed, or illegal in chess); the match goes on.
    #[error("ply {ply} ({text}) refused: {error}")]
    Refused {
        /// The ply number the move would have had (from 1).
        ply: usize,
        /// The move as given.
        text: String,
        /// The typed reason.
        error: Invalid,
    },
    /// The move was illegal in a rule system where that loses the game (Ōgi: `illegalmove`, or
    /// `repetition` for a sennichite move): it was not played and the match is over.
    #[error("ply {ply} ({text}) forfeits the game ({outcome}): {error}")]
    Forfeit {
        /// The ply number of the offending move (from 1).
        ply: usize,
        /// The move as given.
        text: String,
        /// Why the move is illegal.
        error: Invalid,
        /// The outcome it caused.
        outcome: Outcome,
    },
    /// No ply to take back.
    #[error("no ply to take back")]
    NothingToTakeBack,
    /// A draw acceptance with no draw offer of the opponent pending.
    #[error("{0} has no draw offer to accept")]
    NoDrawOffer(Side),
    /// The start position is not one of the rule system.
    #[error("invalid setup: {0}")]
    Setup(Invalid),
}

impl NotationError for MatchError {
    fn kind(&self) -> &'static str {
        match self {
            MatchError::Finished(_) => "MatchFinished",
            MatchError::Refused { error, .. } => error.kind,
            MatchError::Forfeit { error, .. } => error.kind,
            MatchError::NothingToTakeBack => "NothingToTakeBack",
            MatchError::NoDrawOffer(_) => "NoDrawOffer",
            MatchError::Setup(e) => e.kind,
        }
    }
}
