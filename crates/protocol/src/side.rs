//! Player and piece sides.

use tegoma_notation::{pin, sin};

/// One of the two sides of a match: `first` (uppercase in the notations) or `second`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Side {
    /// The side that moves first (uppercase letters).
    First,
    /// The side that moves second (lowercase letters).
    Second,
}

impl Side {
    /// Both sides, first then second.
    pub const BOTH: [Side; 2] = [Side::First, Side::Second];

    /// The other side.
    #[must_use]
    pub const fn flip(self) -> Side {
        match self {
            Side::First => Side::Second,
            Side::Second => Side::First,
        }
    }

    /// 0 for first, 1 for second (an index into per-side arrays).
    #[must_use]
    pub const fn index(self) -> usize {
        match self {
            Side::First => 0,
            Side::Second => 1,
        }
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
