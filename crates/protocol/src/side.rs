//! Player and piece sides.

use tegoma_notation::{pin, sin};

/// One of the two sides of a match: `first` (uppercase in the notations) or `second`.
///
/// The only side type of the workspace: Chess calls the first side White and the second Black,
/// Ōgi calls them Sente and Gote, in their docs and notations, but both use this type.
/// `#[repr(u8)]` (`First` = 0, `Second` = 1), so [`Side::index`] and [`Side::flip`] cost one
/// instruction in hot paths.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Side {
    /// The side that moves first (uppercase letters; White in chess, Sente in Ōgi).
    First = 0,
    /// The side that moves second (lowercase letters; Black in chess, Gote in Ōgi).
    Second = 1,
}

impl Side {
    /// Both sides, first then second.
    pub const BOTH: [Side; 2] = [Side::First, Side::Second];

    /// The other side.
    #[inline]
    #[must_use]
    pub const fn flip(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// 0 for first, 1 for second (an index into per-side arrays).
    #[inline]
    #[must_use]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The lowercase English name: `first` or `second`.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Side::First => "first",
            Side::Second => "second",
        }
    }
}

impl std::fmt::Display for Side {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

impl From<pin::Side> for Side {
    fn from(s: pin::Side) -> Side {
        match s {
            pin::Side::First => Side::First,
            pin::Side::Second => Side::Second,
        }
    }
}

impl From<Side> for pin::Side {
    fn from(s: Side) -> pin::Side {
        match s {
            Side::First => pin::Side::First,
            Side::Second => pin::Side::Second,
        }
    }
}

impl From<sin::Side> for Side {
    fn from(s: sin::Side) -> Side {
        match s {
            sin::Side::First => Side::First,
            sin::Side::Second => Side::Second,
        }
    }
}

impl From<Side> for sin::Side {
    fn from(s: Side) -> sin::Side {
        match s {
            Side::First => sin::Side::First,
            Side::Second => sin::Side::Second,
        }
    }
}
