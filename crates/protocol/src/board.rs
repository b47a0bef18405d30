//! Boards: finite sets of squares with 1 to 3 dimensions, regular or with holes.
//!
//! A [`Board`] is described by the size of each dimension in CELL order (files, then ranks, then
//! layers) and, optionally, a set of holes: coordinates inside the bounding shape that are not
//! squares at all (Game Protocol §12.6). Squares are addressed by a [`Square`], a flat index in
//! FEEN traversal order, which is what positions use for storage.
//!
//! # Flat order (how CELL coordinates map to FEEN)
//!
//! FEEN lists squares outermost dimension first. This crate fixes the mapping the way Chess and
//! Ōgi use it, generalised: files run `a`, `b`, … inside a rank; ranks are listed from the
//! highest to the lowest; layers (3-D) from the highest to the lowest. With `F` files, `R` ranks
//! and `L` layers:
//!
//! ```text
//! flat = ((L - 1 - layer) * R + (R - 1 - rank)) * F + file
//! ```
//!
//! so on an 8×8 board `a8` is 0, `h8` is 7 and `h1` is 63.
//!
//! ```
//! use tegoma_protocol::Board;
//!
//! let board = Board::new(&[8, 8]).unwrap();
//! assert_eq!(board.len(), 64);
//! let e4 = board.parse_square("e4").unwrap();
//! assert_eq!(e4.index(), 36);
//! assert_eq!(board.cell(e4).to_string(), "e4");
//! ```

use std::sync::Arc;

use tegoma_notation::cell::{Cell, CellError, MAX_DIMENSIONS};

/// Largest number of squares a board may have (the FEEN cap, 255 × 255).
pub const MAX_SQUARES: u32 = 65_025;

/// A square of a board: its flat index in FEEN traversal order (see the module docs).
///
/// A `Square` is only meaningful for the board that produced it; [`Board::contains`] says whether
/// it names a square of a given board.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u32);

impl Square {
    /// The square with the given flat index (not checked against any board).
    #[must_use]
    pub const fn new(index: u32) -> Square {
        Square(index)
    }

    /// The flat index.
    #[must_use]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// Why a board cannot be built or a square cannot be named.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum BoardError {
    /// No dimension was given (a board has at least one, Protocol §4.6).
    #[error("a board needs at least one dimension")]
    NoDimension,
    /// More than 3 dimensions (ruling R6).
    #[error("a board has at most {MAX_DIMENSIONS} dimensions")]
    TooManyDimensions,
    /// A dimension of size 0 (Protocol §4.6).
    #[error("dimension {dimension} has size 0")]
    EmptyDimension {
        /// The dimension (1-based, CELL order).
        dimension: usize,
    },
    /// More than [`MAX_SQUARES`] squares.
    #[error("the board would have more than {MAX_SQUARES} squares")]
    TooManySquares,
    /// A hole named a coordinate outside the board.
    #[error("hole {cell} is not on the board")]
    HoleOutsideBoard {
        /// The offending coordinate.
        cell: Cell,
    },
    /// Every square was removed (a board is non-empty, Protocol §4.3).
    #[error("a board needs at least one square")]
    NoSquareLeft,
    /// A coordinate that does not parse as CELL.
    #[error("not a CELL coordinate: {0}")]
    Cell(#[from] CellError),
    /// A coordinate that is not a square of this board (outside it, a hole, or of another
    /// dimensionality).
    #[error("{cell} is not a square of this board")]
    NoSuchSquare {
        /// The coordinate.
        cell: Cell,
    },
}

impl tegoma_notation::NotationError for BoardError {
    fn kind(&self) -> &'static str {
        match self {
            BoardError::NoDimension => "NoDimension",
            BoardError::TooManyDimensions => "TooManyDimensions",
            BoardError::EmptyDimension { .. } => "EmptyDimension",
            BoardError::TooManySquares => "TooManySquares",
            BoardError::HoleOutsideBoard { .. } => "HoleOutsideBoard",
            BoardError::NoSquareLeft => "NoSquareLeft",
            BoardError::Cell(e) => tegoma_notation::NotationError::kind(e),
            BoardError::NoSuchSquare { .. } => "NoSuchSquare",
        }
    }
}

/// A finite, non-empty, immutable set of squares (Game Protocol §4).
///
/// Cloning is cheap (the hole set, if any, is shared).
#[derive(Clone)]
pub struct Board {
    /// Sizes in CELL order (files, ranks, layers); unused dimensions hold 1.
    sizes: [u8; MAX_DIMENSIONS],
    ndim: u8,
    /// Number of flat indices of the bounding shape (product of the sizes).
    span: u32,
    /// Number of squares (span minus holes).
    len: u32,
    /// One bit per flat index, set for a hole; `None` for a regular board.
    holes: Option<Arc<[u64]>>,
}

impl Board {
    /// A regular board from its dimension sizes in CELL order (files, ranks, layers):
    /// `Board::new(&[8, 8])` is a chess board, `Board::new(&[5, 5, 5])` a Raumschach cube.
    ///
    /// # Errors
    /// [`BoardError::NoDimension`], [`BoardError::TooManyDimensions`],
    /// [`BoardError::EmptyDimension`], [`BoardError::TooManySquares`].
    pub fn new(sizes: &[u8]) -> Result<Board, BoardError> {
        if sizes.is_empty() {
            return Err(BoardError::NoDimension);
        }
        if sizes.len() > MAX_DIMENSIONS {
            return Err(BoardError::TooManyDimensions);
        }
        let mut s = [1u8; MAX_DIMENSIONS];
        let mut span: u32 = 1;
        for (d, &n) in sizes.iter().enumerate() {
            if n == 0 {
                return Err(BoardError::EmptyDimension { dimension: d + 1 });
            }
            s[d] = n;
            span *= u32::from(n);
        }
        if span > MAX_SQUARES {
            return Err(BoardError::TooManySquares);
        }
        Ok(Board {
            sizes: s,
            ndim: sizes.len() as u8,
            span,
            len: span,
            holes: None,
        })
    }

    /// The same board minus the given coordinates, which become holes: they are not squares at
    /// all, not even empty ones (Protocol §12.6). Repeated holes are harmless.
    ///
    /// # Errors
    /// [`BoardError::HoleOutsideBoard`] for a coordinate outside the bounding shape,
    /// [`BoardError::NoSquareLeft`] when nothing would remain.
    pub fn with_holes<I: IntoIterator<Item = Cell>>(self, holes: I) -> Result<Board, BoardError> {
        let words = (self.span as usize).div_ceil(64);
        let mut bits: Vec<u64> = match &self.holes {
            Some(h) => h.to_vec(),
            None => vec![0; words],
        };
        for cell in holes {
            let flat = self
                .flat_of(&cell)
                .ok_or(BoardError::HoleOutsideBoard { cell })?;
            bits[flat / 64] |= 1 << (flat % 64);
        }
        let holes: u32 = bits.iter().map(|w| w.count_ones()).sum();
        if holes >= self.span {
            return Err(BoardError::NoSquareLeft);
        }
        Ok(Board {
            len: self.span - holes,
            holes: if holes == 0 { None } else { Some(bits.into()) },
            ..self
        })
    }

    /// The number of dimensions, 1 to 3.
    #[must_use]
    pub fn dimensions(&self) -> usize {
        self.ndim as usize
    }

    /// The size of each dimension, CELL order (files, ranks, layers). For a board with holes, the
    /// sizes of its bounding shape.
    #[must_use]
    pub fn sizes(&self) -> &[u8] {
        &self.sizes[..self.ndim as usize]
    }

    /// The number of squares (holes excluded).
    #[must_use]
    pub fn len(&self) -> usize {
        self.len as usize
    }

    /// Always false: a board has at least one square. (Provided for API symmetry with `len`.)
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The number of flat indices of the bounding shape: squares plus holes. Storage indexed by
    /// [`Square::index`] needs this many slots.
    #[must_use]
    pub fn span(&self) -> usize {
        self.span as usize
    }

    /// Whether the board is regular (has no holes).
    #[must_use]
    pub fn is_regular(&self) -> bool {
        self.holes.is_none()
    }

    /// Whether `sq` is a square of this board (inside the shape and not a hole).
    #[inline]
    #[must_use]
    pub fn contains(&self, sq: Square) -> bool {
        sq.0 < self.span && !self.is_hole_flat(sq.0 as usize)
    }

    #[inline]
    fn is_hole_flat(&self, flat: usize) -> bool {
        match &self.holes {
            None => false,
            Some(bits) => bits[flat / 64] >> (flat % 64) & 1 == 1,
        }
    }

    /// Flat index of a coordinate of the right dimensionality inside the bounding shape.
    fn flat_of(&self, cell: &Cell) -> Option<usize> {
        if cell.dimensions() != self.dimensions() {
            return None;
        }
        let mut idx = [0usize; MAX_DIMENSIONS];
        for (d, &v) in cell.indices().iter().enumerate() {
            if v >= self.sizes[d] {
                return None;
            }
            idx[d] = usize::from(v);
        }
        let [f, r, l] = self.sizes.map(usize::from);
        Some(((l - 1 - idx[2]) * r + (r - 1 - idx[1])) * f + idx[0])
    }

    /// The square named by `cell`, or `None` if it is outside the board, a hole, or of another
    /// dimensionality.
    #[must_use]
    pub fn square(&self, cell: Cell) -> Option<Square> {
        let flat = self.flat_of(&cell)?;
        if self.is_hole_flat(flat) {
            None
        } else {
            Some(Square(flat as u32))
        }
    }

    /// Parses a CELL coordinate and returns the square it names.
    ///
    /// # Errors
    /// [`BoardError::Cell`] when the text is not CELL, [`BoardError::NoSuchSquare`] when it
    /// names no square of this board.
    pub fn parse_square(&self, text: &str) -> Result<Square, BoardError> {
        let cell: Cell = text.parse()?;
        self.square(cell).ok_or(BoardError::NoSuchSquare { cell })
    }

    /// The CELL coordinate of a flat index of the bounding shape (holes included).
    ///
    /// # Panics
    /// If `sq` is outside the bounding shape ([`Board::span`]); [`Board::try_cell`] is the
    /// checked form.
    #[must_use]
    pub fn cell(&self, sq: Square) -> Cell {
        self.try_cell(sq).expect("square index outside the board")
    }

    /// [`Board::cell`], or `None` when `sq` is outside the bounding shape.
    ///
    /// ```
    /// use tegoma_protocol::{Board, Square};
    ///
    /// let board = Board::new(&[8, 8]).unwrap();
    /// let a8 = board.try_cell(Square::new(0)).unwrap();
    /// assert_eq!(a8.to_string(), "a8");
    /// assert_eq!(board.try_cell(Square::new(64)), None);
    /// ```
    #[must_use]
    pub fn try_cell(&self, sq: Square) -> Option<Cell> {
        if sq.0 >= self.span {
            return None;
        }
        let [f, r, _] = self.sizes.map(u32::from);
        let l = u32::from(self.sizes[2]);
        let flat = sq.0;
        let file = flat % f;
        let rank = r - 1 - (flat / f) % r;
        let layer = l - 1 - flat / (f * r);
        let all = [file as u8, rank as u8, layer as u8];
        Cell::new(&all[..self.dimensions()])
    }

    /// Every square, in flat (FEEN) order, holes skipped.
    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        (0..self.span)
            .filter(move |&i| !self.is_hole_flat(i as usize))
            .map(Square)
    }

    /// Every square's CELL coordinate, in flat (FEEN) order.
    pub fn cells(&self) -> impl Iterator<Item = Cell> + '_ {
        self.squares().map(move |s| self.cell(s))
    }

    /// Every hole's CELL coordinate, in flat order (none for a regular board).
    pub fn holes(&self) -> impl Iterator<Item = Cell> + '_ {
        (0..self.span)
            .filter(move |&i| self.is_hole_flat(i as usize))
            .map(move |i| self.cell(Square(i)))
    }

    /// Whether FEEN can spell this board's shape: every dimension except the files must hold at
    /// least two elements.
    #[must_use]
    pub fn is_feen_representable(&self) -> bool {
        self.sizes()[1..].iter().all(|&n| n >= 2)
    }

    /// The FEEN shape (outermost dimension first) of the bounding board, or `None` when FEEN has
    /// no spelling for it (every dimension but the files must hold at least two elements).
    #[must_use]
    pub fn feen_shape(&self) -> Option<Vec<u8>> {
        let mut dims: Vec<u8> = self.sizes().to_vec();
        dims.reverse();
        if dims[..dims.len() - 1].iter().any(|&n| n < 2) {
            return None;
        }
        Some(dims)
    }
}

impl PartialEq for Board {
    fn eq(&self, other: &Board) -> bool {
        self.ndim == other.ndim
            && self.sizes == other.sizes
            && self.len == other.len
            && match (&self.holes, &other.holes) {
                (None, None) => true,
                (Some(a), Some(b)) => a == b,
                _ => false,
            }
    }
}

impl Eq for Board {}

impl std::hash::Hash for Board {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.sizes().hash(state);
        if let Some(h) = &self.holes {
            h.hash(state);
        }
    }
}

impl std::fmt::Debug for Board {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut d = f.debug_struct("Board");
        d.field("sizes", &self.sizes());
        if !self.is_regular() {
            let holes: Vec<String> = self.holes().map(|c| c.to_string()).collect();
            d.field("holes", &holes);
        }
        d.finish()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(s: &str) -> Cell {
        s.parse().unwrap()
    }

    #[test]
    fn chess_board_mapping() {
        let b = Board::new(&[8, 8]).unwrap();
        assert_eq!(b.len(), 64);
        assert_eq!(b.dimensions(), 2);
        assert_eq!(b.sizes(), &[8, 8]);
        assert_eq!(b.square(c("a8")), Some(Square::new(0)));
        assert_eq!(b.square(c("h8")), Some(Square::new(7)));
        assert_eq!(b.square(c("a1")), Some(Square::new(56)));
        assert_eq!(b.square(c("h1")), Some(Square::new(63)));
        assert_eq!(b.square(c("i1")), None);
        assert_eq!(b.square(c("a9")), None);
        assert_eq!(b.square(c("a")), None);
        assert_eq!(b.square(c("a1A")), None);
        for sq in b.squares() {
            assert_eq!(b.square(b.cell(sq)), Some(sq));
        }
    }

    #[test]
    fn three_d_mapping() {
        let b = Board::new(&[5, 5, 5]).unwrap();
        assert_eq!(b.len(), 125);
        // Highest layer first, highest rank first.
        assert_eq!(b.cell(Square::new(0)).to_string(), "a5E");
        assert_eq!(b.cell(Square::new(124)).to_string(), "e1A");
        assert_eq!(b.cells().count(), 125);
        let all: std::collections::HashSet<_> = b.cells().collect();
        assert_eq!(all.len(), 125);
    }

    #[test]
    fn invalid_boards() {
        assert_eq!(Board::new(&[]).unwrap_err(), BoardError::NoDimension);
        assert_eq!(
            Board::new(&[0, 8]).unwrap_err(),
            BoardError::EmptyDimension { dimension: 1 }
        );
        assert_eq!(
            Board::new(&[2, 2, 2, 2]).unwrap_err(),
            BoardError::TooManyDimensions
        );
        assert_eq!(
            Board::new(&[255, 255, 2]).unwrap_err(),
            BoardError::TooManySquares
        );
        assert!(Board::new(&[255, 255]).is_ok());
    }

    #[test]
    fn holes() {
        let b = Board::new(&[3, 3])
            .unwrap()
            .with_holes([c("a1"), c("a3"), c("c1"), c("c3")])
            .unwrap();
        assert_eq!(b.len(), 5);
        let names: Vec<String> = b.cells().map(|c| c.to_string()).collect();
        assert_eq!(names, ["b3", "a2", "b2", "c2", "b1"]);
        assert!(b.square(c("a1")).is_none());
        assert!(!b.is_regular());
        assert_eq!(
            Board::new(&[3, 3])
                .unwrap()
                .with_holes([c("d1")])
                .unwrap_err(),
            BoardError::HoleOutsideBoard { cell: c("d1") }
        );
        assert_eq!(
            Board::new(&[1]).unwrap().with_holes([c("a")]).unwrap_err(),
            BoardError::NoSquareLeft
        );
    }

    #[test]
    fn feen_shapes() {
        assert_eq!(Board::new(&[8, 8]).unwrap().feen_shape(), Some(vec![8, 8]));
        assert_eq!(Board::new(&[8]).unwrap().feen_shape(), Some(vec![8]));
        assert_eq!(Board::new(&[8, 1]).unwrap().feen_shape(), None);
        assert!(!Board::new(&[8, 1]).unwrap().is_feen_representable());
        assert!(Board::new(&[1, 2]).unwrap().is_feen_representable());
        assert_eq!(
            Board::new(&[3, 2, 2]).unwrap().feen_shape(),
            Some(vec![2, 2, 3])
        );
        assert_eq!(Board::new(&[3, 1, 2]).unwrap().feen_shape(), None);
    }
}
