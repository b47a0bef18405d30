//! CELL, Coordinate Encoding for Layered Locations.
//!
//! A coordinate names one square of a board of 1 to 3 dimensions. Dimension 1 (the file) is a run
//! of lowercase letters in bijective base 26 (`a` = 0, `z` = 25, `aa` = 26), dimension 2 (the
//! rank) a decimal integer from 1 with no leading zero (`1` = 0), dimension 3 (the layer) a run of
//! uppercase letters like the first.
//!
//! Limits follow the reference implementations (ruling R6): at most 3 dimensions, each index
//! 0 to 255, so at most 7 bytes (`iv256IV`).
//!
//! ```
//! use tegoma_notation::cell::Cell;
//!
//! let e4: Cell = "e4".parse().unwrap();
//! assert_eq!(e4.indices(), &[4, 3]);
//! assert_eq!(Cell::new(&[26, 0]).unwrap().to_string(), "aa1");
//! assert!("a0".parse::<Cell>().is_err());
//! ```

use std::fmt;
use std::str::FromStr;

use crate::NotationError;

/// Largest number of dimensions a coordinate may have.
pub const MAX_DIMENSIONS: usize = 3;
/// Largest index along any axis.
pub const MAX_INDEX: u8 = 255;
/// Longest coordinate in bytes (`iv256IV`).
pub const MAX_LENGTH: usize = 7;

/// A board coordinate: 1 to 3 zero-based indices, each 0 to 255.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Cell {
    dims: u8,
    idx: [u8; MAX_DIMENSIONS],
}

/// Why a string is not a CELL coordinate. Positions are byte offsets into the input.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum CellError {
    /// The input is empty.
    #[error("empty input")]
    Empty,
    /// The input is longer than 7 bytes.
    #[error("input exceeds {MAX_LENGTH} characters")]
    TooLong,
    /// The first byte is not a lowercase letter.
    #[error("must start with lowercase letter")]
    MustStartLowercase,
    /// A byte breaks the letter/digit/uppercase cycle.
    #[error("unexpected character at byte {at}")]
    UnexpectedCharacter {
        /// Byte offset of the offending character.
        at: usize,
    },
    /// A rank starts with `0`.
    #[error("leading zero at byte {at}")]
    LeadingZero {
        /// Byte offset of the zero.
        at: usize,
    },
    /// More than 3 dimensions.
    #[error("exceeds {MAX_DIMENSIONS} dimensions")]
    TooManyDimensions,
    /// An index above 255.
    #[error("index exceeds {MAX_INDEX} in dimension {dimension}")]
    IndexTooLarge {
        /// The dimension (1-based) whose index is too large.
        dimension: usize,
    },
}

impl NotationError for CellError {
    fn kind(&self) -> &'static str {
        match self {
            CellError::Empty => "Empty",
            CellError::TooLong => "TooLong",
            CellError::MustStartLowercase => "MustStartLowercase",
            CellError::UnexpectedCharacter { .. } => "UnexpectedCharacter",
            CellError::LeadingZero { .. } => "LeadingZero",
            CellError::TooManyDimensions => "TooManyDimensions",
            CellError::IndexTooLarge { .. } => "IndexTooLarge",
        }
    }
}

impl Cell {
    /// A coordinate from 1 to 3 indices; `None` when the slice is empty or longer than 3.
    pub fn new(indices: &[u8]) -> Option<Cell> {
        if indices.is_empty() || indices.len() > MAX_DIMENSIONS {
            return None;
        }
        let mut idx = [0; MAX_DIMENSIONS];
        idx[..indices.len()].copy_from_slice(indices);
        Some(Cell {
            dims: indices.len() as u8,
            idx,
        })
    }

    /// A two-dimensional coordinate (file, rank), both zero-based: `Cell::xy(4, 3)` is `e4`.
    pub const fn xy(file: u8, rank: u8) -> Cell {
        Cell {
            dims: 2,
            idx: [file, rank, 0],
        }
    }

    /// The number of dimensions, 1 to 3.
    pub fn dimensions(&self) -> usize {
        self.dims as usize
    }

    /// The zero-based indices, one per dimension.
    pub fn indices(&self) -> &[u8] {
        &self.idx[..self.dims as usize]
    }

    /// Parses a coordinate from bytes (see the module docs for the grammar).
    pub fn parse_bytes(b: &[u8]) -> Result<Cell, CellError> {
        if b.is_empty() {
            return Err(CellError::Empty);
        }
        if b.len() > MAX_LENGTH {
            return Err(CellError::TooLong);
        }
        if !b[0].is_ascii_lowercase() {
            return Err(CellError::MustStartLowercase);
        }
        let mut idx = [0u8; MAX_DIMENSIONS];
        let mut pos = 0;
        let mut dim = 0;
        while pos < b.len() {
            if dim == MAX_DIMENSIONS {
                return Err(CellError::TooManyDimensions);
            }
            let start = pos;
            let value: u32 = match dim % 3 {
                1 => {
                    while pos < b.len() && b[pos].is_ascii_digit() {
                        pos += 1;
                    }
                    if pos == start {
                        return Err(CellError::UnexpectedCharacter { at: pos });
                    }
                    if b[start] == b'0' {
                        return Err(CellError::LeadingZero { at: start });
                    }
                    // At most 6 digits fit in 7 bytes: no overflow in u32.
                    let n = b[start..pos]
                        .iter()
                        .fold(0u32, |n, &d| n * 10 + u32::from(d - b'0'));
                    n - 1
                }
                d => {
                    let base = if d == 0 { b'a' } else { b'A' };
                    while pos < b.len() && (base..base + 26).contains(&b[pos]) {
                        pos += 1;
                    }
                    if pos == start {
                        return Err(CellError::UnexpectedCharacter { at: pos });
                    }
                    // Bijective base 26; at most 7 letters: no overflow in u64, capped below.
                    let n = b[start..pos].iter().fold(0u64, |n, &c| {
                        (n * 26 + u64::from(c - base + 1)).min(u64::from(u32::MAX))
                    });
                    (n - 1) as u32
                }
            };
            if value > u32::from(MAX_INDEX) {
                return Err(CellError::IndexTooLarge { dimension: dim + 1 });
            }
            idx[dim] = value as u8;
            dim += 1;
        }
        Ok(Cell {
            dims: dim as u8,
            idx,
        })
    }

    /// Writes the coordinate into `out` (at most 7 bytes) and returns the written length.
    pub fn write_bytes(&self, out: &mut [u8; MAX_LENGTH]) -> usize {
        let mut n = 0;
        for (d, &v) in self.indices().iter().enumerate() {
            match d % 3 {
                1 => {
                    let v = u32::from(v) + 1;
                    if v >= 100 {
                        out[n] = b'0' + (v / 100) as u8;
                        n += 1;
                    }
                    if v >= 10 {
                        out[n] = b'0' + (v / 10 % 10) as u8;
                        n += 1;
                    }
                    out[n] = b'0' + (v % 10) as u8;
                    n += 1;
                }
                k => {
                    let base = if k == 0 { b'a' } else { b'A' };
                    let v = u32::from(v);
                    if v >= 26 {
                        out[n] = base + (v / 26 - 1) as u8;
                        n += 1;
                    }
                    out[n] = base + (v % 26) as u8;
                    n += 1;
                }
            }
        }
        n
    }
}

impl FromStr for Cell {
    type Err = CellError;
    fn from_str(s: &str) -> Result<Cell, CellError> {
        Cell::parse_bytes(s.as_bytes())
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut buf = [0u8; MAX_LENGTH];
        let n = self.write_bytes(&mut buf);
        // Only ASCII is ever written.
        f.write_str(std::str::from_utf8(&buf[..n]).map_err(|_| fmt::Error)?)
    }
}

impl fmt::Debug for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Cell({self})")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spec_valid_vectors() {
        let cases: &[(&str, &[u8])] = &[
            ("a", &[0]),
            ("e4", &[4, 3]),
            ("h8", &[7, 7]),
            ("a1A", &[0, 0, 0]),
            ("c3C", &[2, 2, 2]),
            ("aa1", &[26, 0]),
            ("z26", &[25, 25]),
            ("a256", &[0, 255]),
            ("a1AA", &[0, 0, 26]),
            ("iv256IV", &[255, 255, 255]),
        ];
        for (s, idx) in cases {
            let c: Cell = s.parse().unwrap_or_else(|e| panic!("{s}: {e}"));
            assert_eq!(c.indices(), *idx, "{s}");
            assert_eq!(c.to_string(), *s);
        }
    }

    #[test]
    fn spec_invalid_vectors() {
        use CellError::*;
        let cases: &[(&str, &str)] = &[
            ("", "Empty"),
            ("A1", "MustStartLowercase"),
            ("1a", "MustStartLowercase"),
            ("a0", "LeadingZero"),
            ("a01", "LeadingZero"),
            ("a1a", "UnexpectedCharacter"),
            ("aA", "UnexpectedCharacter"),
            ("e4e", "UnexpectedCharacter"),
            ("a1A1", "TooManyDimensions"),
            ("iw1", "IndexTooLarge"),
            ("a257", "IndexTooLarge"),
            ("aaa1", "IndexTooLarge"),
            ("*", "MustStartLowercase"),
            ("h8Hh8", "TooManyDimensions"),
            ("abcdefgh", "TooLong"),
        ];
        for (s, kind) in cases {
            let e = s.parse::<Cell>().unwrap_err();
            assert_eq!(e.kind(), *kind, "{s}: {e}");
        }
        assert_eq!("a0".parse::<Cell>(), Err(LeadingZero { at: 1 }));
        assert_eq!("e4e".parse::<Cell>(), Err(UnexpectedCharacter { at: 2 }));
    }

    #[test]
    fn formatting_checks() {
        assert_eq!(Cell::new(&[25, 0]).unwrap().to_string(), "z1");
        assert_eq!(Cell::new(&[26, 0]).unwrap().to_string(), "aa1");
        assert_eq!(Cell::new(&[52, 0]).unwrap().to_string(), "ba1");
        assert_eq!(Cell::new(&[255, 255, 255]).unwrap().to_string(), "iv256IV");
        assert_eq!(Cell::xy(4, 3).to_string(), "e4");
        assert!(Cell::new(&[]).is_none());
        assert!(Cell::new(&[1, 2, 3, 4]).is_none());
    }

    proptest::proptest! {
        #[test]
        fn roundtrip(idx in proptest::collection::vec(proptest::num::u8::ANY, 1..=3)) {
            let c = Cell::new(&idx).unwrap();
            let s = c.to_string();
            proptest::prop_assert_eq!(s.parse::<Cell>(), Ok(c));
        }

        #[test]
        fn never_panics(s in "\\PC{0,10}") {
            let _ = s.parse::<Cell>();
        }
    }
}
