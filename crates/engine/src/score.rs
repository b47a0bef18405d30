//! Scores: centipawns from the side to move's point of view, and the mate (or king-capture)
//! scores, which count plies from the root.

use std::fmt;

/// No score is ever outside `-INFINITE..=INFINITE`.
pub const INFINITE: i32 = 32_000;
/// The score of a won game at the root (a mate or a king capture on the board); a win in `n`
/// plies scores `MATE - n`.
pub const MATE: i32 = 31_000;
/// Scores beyond this (in absolute value) are wins or losses found by the search.
pub const MATE_BOUND: i32 = MATE - 1_000;

/// A score as reported to people and protocols.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// Centipawns (hundredths of a pawn) for the side to move.
    Centipawns(i32),
    /// A forced win in this many moves (positive: the side to move wins; negative: it loses).
    /// A move is one ply of the winner and the answer to it, as UCI counts; a king capture
    /// counts like a mate one ply earlier.
    Mate(i32),
}

impl Score {
    /// The report form of an internal score.
    pub fn from_internal(v: i32) -> Score {
        if v >= MATE_BOUND {
            let plies = MATE - v;
            Score::Mate((plies + 1) / 2)
        } else if v <= -MATE_BOUND {
            let plies = MATE + v;
            Score::Mate(-((plies + 1) / 2))
        } else {
            Score::Centipawns(v)
        }
    }
}

impl fmt::Display for Score {
    /// UCI's form: `cp 25`, `mate 3`, `mate -2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Centipawns(c) => write!(f, "cp {c}"),
            Score::Mate(m) => write!(f, "mate {m}"),
        }
    }
}

/// A score read from the transposition table, relative to the root again.
pub(crate) fn from_tt(v: i32, ply: usize) -> i32 {
    if v >= MATE_BOUND {
        v - ply as i32
    } else if v <= -MATE_BOUND {
        v + ply as i32
    } else {
        v
    }
}

/// A score stored in the transposition table, relative to the node.
pub(crate) fn to_tt(v: i32, ply: usize) -> i32 {
    if v >= MATE_BOUND {
        v + ply as i32
    } else if v <= -MATE_BOUND {
        v - ply as i32
    } else {
        v
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn mate_scores_count_moves() {
        assert_eq!(Score::from_internal(MATE - 1), Score::Mate(1));
        assert_eq!(Score::from_internal(MATE - 3), Score::Mate(2));
        assert_eq!(Score::from_internal(-(MATE - 2)), Score::Mate(-1));
        assert_eq!(Score::from_internal(35), Score::Centipawns(35));
        assert_eq!(from_tt(to_tt(MATE - 5, 3), 3), MATE - 5);
    }
}
