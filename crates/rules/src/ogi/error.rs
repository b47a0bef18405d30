//! The illegal-move reasons only Ōgi has, and the conversions into the shared errors of
//! [`tegoma_protocol::error`].
//!
//! Ōgi reports the shared errors ([`PositionError`](tegoma_protocol::PositionError),
//! [`MoveError`], [`IllegalMove`]). The reasons for an illegal move that only Ōgi's rules give
//! (the King's privilege, sennichite) are an [`OgiReason`], carried behind the generic
//! [`IllegalReason::Specific`] and read back with [`IllegalReason::specific`]:
//!
//! ```
//! use tegoma_rules::ogi::{OgiReason, Position};
//!
//! // The second player's rook stands on e2, promoted; the first player's King takes it.
//! let p = Position::from_feen("4k^3/8/8/8/8/8/4+r3/4K^3 / O/o")?;
//! let e = p.parse_pmn("e1+e2/P").unwrap_err();
//! assert_eq!(
//!     e.to_string(),
//!     "illegal move e1+e2/P: the captured piece enters the hand as R (or kept promoted by the King)"
//! );
//! let reason = e.illegal().and_then(|i| i.reason.specific::<OgiReason>());
//! assert_eq!(reason.map(|r| r.to_string()), Some("the captured piece enters the hand as R (or kept promoted by the King)".to_string()));
//! # Ok::<(), tegoma_rules::ogi::PositionError>(())
//! ```
use std::fmt;

use tegoma_notation::cell::Cell;
use tegoma_notation::NotationError;
use tegoma_protocol::error::{RuleSystemError, Specific};
use tegoma_protocol::{IllegalMove, IllegalReason, MoveError, Piece};

/// The CELL coordinate of a square index (`a1` = 0, rank-major).
pub(crate) fn cell(sq: u8) -> Cell {
    Cell::xy(sq % 8, sq / 8)
}

/// The piece of an Ōgi token (every token the module reads or writes is EPIN).
pub(crate) fn piece(token: &str) -> Piece {
    Piece::parse(token).expect("Ōgi tokens are EPIN")
}

/// `pmn` is not legal for `reason`.
pub(crate) fn illegal(pmn: &str, reason: IllegalReason) -> MoveError {
    MoveError::Illegal(IllegalMove::new(pmn, reason))
}

/// Why a well-formed move is not legal, for a rule only Ōgi has. The kind is the variant's
/// name (the enclosing error's kind stays `IllegalMove`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum OgiReason {
    /// A captured piece written in another state than the one it enters the hand in.
    CapturedEntersAs(Piece),
    /// Only the King may keep a captured piece promoted.
    OnlyKingKeepsPromoted,
    /// The King's privilege is disabled.
    PrivilegeDisabled,
    /// Sennichite (R4): this move already produced this position in the match.
    Sennichite,
}

impl fmt::Display for OgiReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OgiReason::CapturedEntersAs(p) => write!(
                f,
                "the captured piece enters the hand as {p} (or kept promoted by the King)"
            ),
            OgiReason::OnlyKingKeepsPromoted => {
                f.write_str("only the King may keep a captured piece promoted")
            }
            OgiReason::PrivilegeDisabled => f.write_str("the King's privilege is disabled"),
            OgiReason::Sennichite => {
                f.write_str("sennichite: this move already produced this position")
            }
        }
    }
}

impl std::error::Error for OgiReason {}

impl NotationError for OgiReason {
    fn kind(&self) -> &'static str {
        match self {
            OgiReason::CapturedEntersAs(_) => "CapturedEntersAs",
            OgiReason::OnlyKingKeepsPromoted => "OnlyKingKeepsPromoted",
            OgiReason::PrivilegeDisabled => "PrivilegeDisabled",
            OgiReason::Sennichite => "Sennichite",
        }
    }
}

impl RuleSystemError for OgiReason {}

impl From<OgiReason> for IllegalReason {
    fn from(r: OgiReason) -> IllegalReason {
        IllegalReason::Specific(Specific::new(r))
    }
}
