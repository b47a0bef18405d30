//! CGSN, Chess Game Status Notation: the 14 game statuses of CGSN 1.0.0.
//!
//! Statuses are matched exactly (lowercase, no separators). Eight are *position-inferable* (a
//! rule system computes them from a position alone), six are *explicit-only* (they need history,
//! a clock or a declaration). Several statuses may hold at once: [`StatusSet`] holds them, and
//! iterates and prints them in the canonical order of [`Status::ALL`].
//!
//! ```
//! use tegoma_notation::cgsn::{Status, StatusSet};
//!
//! let s: Status = "checkmate".parse().unwrap();
//! assert!(s.is_inferable());
//! assert!("Checkmate".parse::<Status>().is_err());
//!
//! let set: StatusSet = "check timelimit".parse().unwrap();
//! assert_eq!(set.to_string(), "check timelimit");
//! ```

use std::fmt;
use std::str::FromStr;

use crate::NotationError;

/// One CGSN status.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Status {
    /// A terminal piece of the active side can be captured by a pseudo-legal move.
    Check,
    /// A terminal piece of the active side cannot be captured.
    Stale,
    /// In check, and still in check after every pseudo-legal move.
    Checkmate,
    /// Stale, and in check after every pseudo-legal move.
    Stalemate,
    /// The active player has no pseudo-legal move.
    Nomove,
    /// Some side has exactly one piece on the board, and it is terminal.
    Bareking,
    /// Some side has no terminal piece on the board.
    Mareking,
    /// Neither side can force a decisive result.
    Insufficient,
    /// A player resigned.
    Resignation,
    /// A played move violated legality.
    Illegalmove,
    /// A player exceeded the time control.
    Timelimit,
    /// The match reached a move-count limit.
    Movelimit,
    /// A position repeated under the rule system's policy.
    Repetition,
    /// Both players agreed to end the match.
    Agreement,
}

/// Why a string is not a CGSN status.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CgsnError {
    /// The input is empty.
    #[error("empty input")]
    Empty,
    /// The input is not one of the 14 statuses (matching is exact and case-sensitive).
    #[error("unknown status {0:?} (expected one of the 14 CGSN statuses, lowercase)")]
    UnknownStatus(String),
}

impl NotationError for CgsnError {
    fn kind(&self) -> &'static str {
        match self {
            CgsnError::Empty => "Empty",
            CgsnError::UnknownStatus(_) => "UnknownStatus",
        }
    }
}

impl Status {
    /// The 14 statuses in canonical order.
    pub const ALL: [Status; 14] = [
        Status::Check,
        Status::Stale,
        Status::Checkmate,
        Status::Stalemate,
        Status::Nomove,
        Status::Bareking,
        Status::Mareking,
        Status::Insufficient,
        Status::Resignation,
        Status::Illegalmove,
        Status::Timelimit,
        Status::Movelimit,
        Status::Repetition,
        Status::Agreement,
    ];

    /// The status identifier, e.g. `"checkmate"`.
    pub const fn as_str(self) -> &'static str {
        match self {
            Status::Check => "check",
            Status::Stale => "stale",
            Status::Checkmate => "checkmate",
            Status::Stalemate => "stalemate",
            Status::Nomove => "nomove",
            Status::Bareking => "bareking",
            Status::Mareking => "mareking",
            Status::Insufficient => "insufficient",
            Status::Resignation => "resignation",
            Status::Illegalmove => "illegalmove",
            Status::Timelimit => "timelimit",
            Status::Movelimit => "movelimit",
            Status::Repetition => "repetition",
            Status::Agreement => "agreement",
        }
    }

    /// Whether a position and its rule system suffice to determine this status.
    pub const fn is_inferable(self) -> bool {
        (self as u8) <= Status::Insufficient as u8
    }

    /// Whether the status describes a single terminal piece (`check`, `stale`, `checkmate`,
    /// `stalemate`) rather than the whole position or an event.
    pub const fn is_terminal_piece_status(self) -> bool {
        (self as u8) <= Status::Stalemate as u8
    }
}

impl fmt::Display for Status {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Status {
    type Err = CgsnError;
    fn from_str(s: &str) -> Result<Status, CgsnError> {
        if s.is_empty() {
            return Err(CgsnError::Empty);
        }
        Status::ALL
            .into_iter()
            .find(|st| st.as_str() == s)
            .ok_or_else(|| CgsnError::UnknownStatus(s.chars().take(64).collect()))
    }
}

/// A set of statuses, stored as bits; iterates in canonical order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct StatusSet(u16);

impl StatusSet {
    /// The empty set.
    pub const EMPTY: StatusSet = StatusSet(0);

    /// Whether the set holds no status.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `s` is in the set.
    pub const fn contains(self, s: Status) -> bool {
        self.0 & (1 << s as u8) != 0
    }

    /// Adds `s`.
    pub fn insert(&mut self, s: Status) {
        self.0 |= 1 << s as u8;
    }

    /// Removes `s`.
    pub fn remove(&mut self, s: Status) {
        self.0 &= !(1 << s as u8);
    }

    /// The set with `s` added.
    #[must_use]
    pub const fn with(self, s: Status) -> StatusSet {
        StatusSet(self.0 | 1 << s as u8)
    }

    /// The union of two sets.
    #[must_use]
    pub const fn union(self, other: StatusSet) -> StatusSet {
        StatusSet(self.0 | other.0)
    }

    /// The number of statuses in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// The statuses in canonical order.
    pub fn iter(self) -> impl Iterator<Item = Status> {
        Status::ALL.into_iter().filter(move |s| self.contains(*s))
    }

    /// The raw bits (bit `n` is `Status::ALL[n]`).
    pub const fn bits(self) -> u16 {
        self.0
    }
}

impl FromIterator<Status> for StatusSet {
    fn from_iter<I: IntoIterator<Item = Status>>(iter: I) -> StatusSet {
        let mut set = StatusSet::EMPTY;
        for s in iter {
            set.insert(s);
        }
        set
    }
}

impl fmt::Display for StatusSet {
    /// Space-separated statuses, canonical order; the empty set prints nothing.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, s) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            f.write_str(s.as_str())?;
        }
        Ok(())
    }
}

impl fmt::Debug for StatusSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromStr for StatusSet {
    type Err = CgsnError;
    /// Statuses separated by spaces or commas; an empty string (or `-`) is the empty set.
    fn from_str(s: &str) -> Result<StatusSet, CgsnError> {
        if s.trim() == "-" {
            return Ok(StatusSet::EMPTY);
        }
        s.split([' ', ','])
            .filter(|t| !t.is_empty())
            .map(str::parse)
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn valid_vectors() {
        let names = [
            "check",
            "stale",
            "checkmate",
            "stalemate",
            "nomove",
            "bareking",
            "mareking",
            "insufficient",
            "resignation",
            "illegalmove",
            "timelimit",
            "movelimit",
            "repetition",
            "agreement",
        ];
        for (i, n) in names.iter().enumerate() {
            let s: Status = n.parse().unwrap();
            assert_eq!(s.as_str(), *n);
            assert_eq!(s.is_inferable(), i < 8, "{n}");
        }
    }

    #[test]
    fn invalid_vectors() {
        for bad in [
            "Checkmate",
            "in_progress",
            "time_limit",
            "illegal_move",
            "staleturn",
            "check mate",
        ] {
            assert_eq!(bad.parse::<Status>().unwrap_err().kind(), "UnknownStatus");
        }
        assert_eq!("".parse::<Status>().unwrap_err(), CgsnError::Empty);
    }

    #[test]
    fn sets() {
        let set: StatusSet = "timelimit,check".parse().unwrap();
        assert_eq!(set.len(), 2);
        assert_eq!(set.to_string(), "check timelimit");
        assert!("-".parse::<StatusSet>().unwrap().is_empty());
        assert!("check bogus".parse::<StatusSet>().is_err());
    }
}
