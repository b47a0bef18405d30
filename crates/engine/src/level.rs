//! Strength levels 1 to 8 for people, the way online servers offer an engine's levels.
//!
//! A level bounds the search by depth and nodes and adds a seeded random bonus to each root
//! move, so the engine picks among the moves it finds nearly as good. Level 8 is full
//! strength (no bound, no randomness). The bonus comes from a seeded generator (the seed of
//! the engine's options and the position), so a level plays the same move for the same input.
//!
//! | Level | Depth | Nodes     | Randomness (cp) |
//! |-------|-------|-----------|-----------------|
//! | 1     | 1     | 300       | 350             |
//! | 2     | 2     | 1 500     | 220             |
//! | 3     | 3     | 5 000     | 140             |
//! | 4     | 4     | 20 000    | 80              |
//! | 5     | 6     | 80 000    | 45              |
//! | 6     | 8     | 300 000   | 25              |
//! | 7     | 12    | 1 500 000 | 10              |
//! | 8     | -     | -         | 0               |

use std::fmt;

/// A strength level, 1 (weakest) to 8 (full strength).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Level(u8);

/// Depth, nodes, randomness amplitude by level 1..=7.
const TABLE: [(u32, u64, i32); 7] = [
    (1, 300, 350),
    (2, 1_500, 220),
    (3, 5_000, 140),
    (4, 20_000, 80),
    (6, 80_000, 45),
    (8, 300_000, 25),
    (12, 1_500_000, 10),
];

impl Level {
    /// The weakest level.
    pub const MIN: Level = Level(1);
    /// Full strength.
    pub const FULL: Level = Level(8);

    /// The level `n`, if `1 <= n <= 8`.
    pub const fn new(n: u8) -> Option<Level> {
        if n >= 1 && n <= 8 {
            Some(Level(n))
        } else {
            None
        }
    }

    /// The level's number.
    pub const fn get(self) -> u8 {
        self.0
    }

    /// The deepest iteration at this level (`None`: unbounded).
    pub fn depth(self) -> Option<u32> {
        self.row().map(|r| r.0)
    }

    /// The node budget at this level (`None`: unbounded).
    pub fn nodes(self) -> Option<u64> {
        self.row().map(|r| r.1)
    }

    /// The amplitude of the random bonus added to each root move (centipawns).
    pub fn randomness(self) -> i32 {
        self.row().map_or(0, |r| r.2)
    }

    fn row(self) -> Option<(u32, u64, i32)> {
        TABLE.get(usize::from(self.0) - 1).copied()
    }

    /// The root bonus of `count` moves for a search seeded with `seed`.
    pub fn noise(self, seed: u64, count: usize) -> Vec<i32> {
        let amp = self.randomness();
        if amp == 0 {
            return Vec::new();
        }
        let mut x = seed ^ 0x2545_F491_4F6C_DD1D;
        (0..count)
            .map(|_| {
                // xorshift64*
                x ^= x >> 12;
                x ^= x << 25;
                x ^= x >> 27;
                let r = x.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33;
                (r % (amp as u64 + 1)) as i32
            })
            .collect()
    }
}

impl Default for Level {
    fn default() -> Level {
        Level::FULL
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_grow_stronger() {
        assert!(Level::new(0).is_none() && Level::new(9).is_none());
        for n in 1..7 {
            let (a, b) = (Level::new(n).unwrap(), Level::new(n + 1).unwrap());
            assert!(a.depth() < b.depth() && a.nodes() < b.nodes());
            assert!(a.randomness() > b.randomness());
        }
        assert_eq!(Level::FULL.depth(), None);
        assert!(Level::FULL.noise(1, 10).is_empty());
        let n = Level::MIN.noise(7, 30);
        assert_eq!(n, Level::MIN.noise(7, 30));
        assert!(n.iter().all(|&x| (0..=350).contains(&x)));
        assert_ne!(n, Level::MIN.noise(8, 30));
    }
}
