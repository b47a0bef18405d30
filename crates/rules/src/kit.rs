//! The 8x8 bitboard kit shared by every 8x8 rule system.
//!
//! Squares are numbered `rank * 8 + file` from `a1` = 0 to `h8` = 63; bit `n` of a [`Bitboard`]
//! is square `n`. Attack functions take the occupancy of the whole board.
//!
//! The API below is the contract the games build on; the implementations may be replaced by
//! faster ones (precomputed tables, magic sliders) without changing a signature.

use std::fmt;
use std::ops::{BitAnd, BitAndAssign, BitOr, BitOrAssign, BitXor, BitXorAssign, Not};

/// A square of an 8x8 board, `a1` = 0 ... `h8` = 63.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Square(u8);

impl Square {
    /// The square with index `i` (0 to 63); `None` past 63.
    #[inline]
    pub const fn new(i: u8) -> Option<Square> {
        if i < 64 {
            Some(Square(i))
        } else {
            None
        }
    }

    /// The square with index `i & 63`.
    #[inline]
    pub const fn from_index(i: u8) -> Square {
        Square(i & 63)
    }

    /// The square at `file` (0 = a) and `rank` (0 = rank 1), both taken modulo 8.
    #[inline]
    pub const fn at(file: u8, rank: u8) -> Square {
        Square((rank & 7) * 8 + (file & 7))
    }

    /// The index, 0 to 63.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The file, 0 (a) to 7 (h).
    #[inline]
    pub const fn file(self) -> u8 {
        self.0 & 7
    }

    /// The rank, 0 (rank 1) to 7 (rank 8).
    #[inline]
    pub const fn rank(self) -> u8 {
        self.0 >> 3
    }

    /// The square mirrored top to bottom (a1 <-> a8).
    #[inline]
    pub const fn flip_rank(self) -> Square {
        Square(self.0 ^ 56)
    }

    /// The one-square bitboard.
    #[inline]
    pub const fn bb(self) -> Bitboard {
        Bitboard(1 << self.0)
    }

    /// The square `df` files and `dr` ranks away, if it is on the board.
    #[inline]
    pub const fn offset(self, df: i8, dr: i8) -> Option<Square> {
        let f = self.file() as i8 + df;
        let r = self.rank() as i8 + dr;
        if f >= 0 && f < 8 && r >= 0 && r < 8 {
            Some(Square((r * 8 + f) as u8))
        } else {
            None
        }
    }

    /// The CELL name, e.g. `e4`.
    pub fn name(self) -> [u8; 2] {
        [b'a' + self.file(), b'1' + self.rank()]
    }

    /// Parses a two-character CELL name `a1` ... `h8`.
    pub fn parse(s: &str) -> Option<Square> {
        match s.as_bytes() {
            [f @ b'a'..=b'h', r @ b'1'..=b'8'] => Some(Square::at(f - b'a', r - b'1')),
            _ => None,
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.name();
        write!(f, "{}{}", n[0] as char, n[1] as char)
    }
}

impl fmt::Debug for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

/// A set of squares.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Bitboard(pub u64);

impl Bitboard {
    /// No square.
    pub const EMPTY: Bitboard = Bitboard(0);
    /// Every square.
    pub const FULL: Bitboard = Bitboard(!0);

    /// The squares of `rank` (0 = rank 1).
    #[inline]
    pub const fn rank(rank: u8) -> Bitboard {
        Bitboard(0xff << (8 * (rank & 7)))
    }

    /// The squares of `file` (0 = a).
    #[inline]
    pub const fn file(file: u8) -> Bitboard {
        Bitboard(0x0101_0101_0101_0101 << (file & 7))
    }

    /// Whether no square is set.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Whether `sq` is set.
    #[inline]
    pub const fn has(self, sq: Square) -> bool {
        self.0 >> sq.0 & 1 != 0
    }

    /// The number of squares.
    #[inline]
    pub const fn count(self) -> u32 {
        self.0.count_ones()
    }

    /// The lowest square, if any.
    #[inline]
    pub const fn first(self) -> Option<Square> {
        if self.0 == 0 {
            None
        } else {
            Some(Square(self.0.trailing_zeros() as u8))
        }
    }

    /// Whether more than one square is set.
    #[inline]
    pub const fn more_than_one(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }

    /// The set shifted one rank up (toward rank 8).
    #[inline]
    pub const fn north(self) -> Bitboard {
        Bitboard(self.0 << 8)
    }

    /// The set shifted one rank down (toward rank 1).
    #[inline]
    pub const fn south(self) -> Bitboard {
        Bitboard(self.0 >> 8)
    }
}

impl Iterator for Bitboard {
    type Item = Square;
    #[inline]
    fn next(&mut self) -> Option<Square> {
        let sq = self.first()?;
        self.0 &= self.0 - 1;
        Some(sq)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.count() as usize;
        (n, Some(n))
    }
}

impl fmt::Debug for Bitboard {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Bitboard({:#018x})", self.0)
    }
}

macro_rules! bit_op {
    ($tr:ident, $f:ident, $tra:ident, $fa:ident, $op:tt) => {
        impl $tr for Bitboard {
            type Output = Bitboard;
            #[inline]
            fn $f(self, rhs: Bitboard) -> Bitboard {
                Bitboard(self.0 $op rhs.0)
            }
        }
        impl $tra for Bitboard {
            #[inline]
            fn $fa(&mut self, rhs: Bitboard) {
                self.0 = self.0 $op rhs.0;
            }
        }
    };
}
bit_op!(BitAnd, bitand, BitAndAssign, bitand_assign, &);
bit_op!(BitOr, bitor, BitOrAssign, bitor_assign, |);
bit_op!(BitXor, bitxor, BitXorAssign, bitxor_assign, ^);

impl Not for Bitboard {
    type Output = Bitboard;
    #[inline]
    fn not(self) -> Bitboard {
        Bitboard(!self.0)
    }
}

const fn leaper(sq: u8, deltas: &[(i8, i8)]) -> u64 {
    let mut bb = 0u64;
    let mut i = 0;
    while i < deltas.len() {
        if let Some(t) = Square(sq).offset(deltas[i].0, deltas[i].1) {
            bb |= 1 << t.0;
        }
        i += 1;
    }
    bb
}

const fn leaper_table(deltas: &[(i8, i8)]) -> [Bitboard; 64] {
    let mut t = [Bitboard(0); 64];
    let mut sq = 0;
    while sq < 64 {
        t[sq as usize] = Bitboard(leaper(sq, deltas));
        sq += 1;
    }
    t
}

const KNIGHT_DELTAS: [(i8, i8); 8] = [
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];
const KING_DELTAS: [(i8, i8); 8] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
];

static KNIGHT: [Bitboard; 64] = leaper_table(&KNIGHT_DELTAS);
static KING: [Bitboard; 64] = leaper_table(&KING_DELTAS);

/// The squares a knight on `sq` attacks.
#[inline]
pub fn knight_attacks(sq: Square) -> Bitboard {
    KNIGHT[sq.index()]
}

/// The squares a king on `sq` attacks.
#[inline]
pub fn king_attacks(sq: Square) -> Bitboard {
    KING[sq.index()]
}

/// A fancy-magic entry: the relevant occupancy mask, the multiplier, the table offset and the
/// shift (64 minus the number of relevant squares).
struct Magic {
    mask: u64,
    magic: u64,
    offset: u32,
    shift: u8,
}

// ROOK_MAGIC, BISHOP_MAGIC, SLIDER_TABLE, BETWEEN and LINE, generated by build.rs.
include!(concat!(env!("OUT_DIR"), "/kit_tables.rs"));

#[inline(always)]
fn magic_index(m: &Magic, occ: u64) -> usize {
    m.offset as usize + ((occ & m.mask).wrapping_mul(m.magic) >> m.shift) as usize
}

/// The squares a rook on `sq` attacks, given the occupancy `occ` (fancy magic bitboards).
#[inline(always)]
pub fn rook_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    Bitboard(rook_attacks_u64(sq.index(), occ.0))
}

/// The squares a bishop on `sq` attacks, given the occupancy `occ` (fancy magic bitboards).
#[inline(always)]
pub fn bishop_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    Bitboard(bishop_attacks_u64(sq.index(), occ.0))
}

/// The squares a queen on `sq` attacks, given the occupancy `occ`.
#[inline(always)]
pub fn queen_attacks(sq: Square, occ: Bitboard) -> Bitboard {
    Bitboard(rook_attacks_u64(sq.index(), occ.0) | bishop_attacks_u64(sq.index(), occ.0))
}

/// [`rook_attacks`] on raw values: `sq` is an index 0 to 63 (taken modulo 64).
#[inline(always)]
pub fn rook_attacks_u64(sq: usize, occ: u64) -> u64 {
    let i = magic_index(&ROOK_MAGIC[sq & 63], occ);
    // The index is below the table's length by construction (build.rs checks every entry);
    // the fallback keeps this function total without `unsafe`.
    match SLIDER_TABLE.get(i) {
        Some(&a) => a,
        None => 0,
    }
}

/// [`bishop_attacks`] on raw values: `sq` is an index 0 to 63 (taken modulo 64).
#[inline(always)]
pub fn bishop_attacks_u64(sq: usize, occ: u64) -> u64 {
    let i = magic_index(&BISHOP_MAGIC[sq & 63], occ);
    match SLIDER_TABLE.get(i) {
        Some(&a) => a,
        None => 0,
    }
}

/// The squares strictly between `a` and `b` when they share a rank, file or diagonal; else empty.
#[inline(always)]
pub fn between(a: Square, b: Square) -> Bitboard {
    Bitboard(BETWEEN[a.index()][b.index()])
}

/// The whole line (rank, file or diagonal, edge to edge) through `a` and `b`; empty if none.
#[inline(always)]
pub fn line(a: Square, b: Square) -> Bitboard {
    Bitboard(LINE[a.index()][b.index()])
}

/// The reference ray walker the tables are checked against (slow; for tests).
pub fn slide_reference(sq: Square, occ: Bitboard, diagonal: bool) -> Bitboard {
    let dirs: &[(i8, i8)] = if diagonal {
        &[(1, 1), (1, -1), (-1, -1), (-1, 1)]
    } else {
        &[(0, 1), (1, 0), (0, -1), (-1, 0)]
    };
    let mut bb = Bitboard::EMPTY;
    for &(df, dr) in dirs {
        let mut s = sq;
        while let Some(t) = s.offset(df, dr) {
            bb |= t.bb();
            if occ.has(t) {
                break;
            }
            s = t;
        }
    }
    bb
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn basics() {
        let e4 = Square::parse("e4").unwrap();
        assert_eq!((e4.file(), e4.rank()), (4, 3));
        assert_eq!(e4.to_string(), "e4");
        assert_eq!(knight_attacks(Square::parse("a1").unwrap()).count(), 2);
        assert_eq!(king_attacks(e4).count(), 8);
        assert_eq!(rook_attacks(e4, Bitboard::EMPTY).count(), 14);
        assert_eq!(bishop_attacks(e4, Bitboard::EMPTY).count(), 13);
        let a1 = Square::parse("a1").unwrap();
        let h8 = Square::parse("h8").unwrap();
        assert_eq!(between(a1, h8).count(), 6);
        assert_eq!(line(a1, e4), Bitboard::EMPTY);
        assert_eq!(line(a1, h8).count(), 8);
        assert_eq!(between(a1, a1), Bitboard::EMPTY);
        assert_eq!(line(e4, e4), Bitboard::EMPTY);
        assert_eq!(between(h8, a1), between(a1, h8));
        assert_eq!(line(Square::parse("b2").unwrap(), a1), line(a1, h8));
        assert_eq!(between(a1, Square::parse("b3").unwrap()), Bitboard::EMPTY);
    }

    #[test]
    fn magic_sliders_match_reference() {
        let mut x = 0x1234_5678_9abc_def1u64;
        for _ in 0..20_000 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let occ = Bitboard(x & x.rotate_left(17));
            let sq = Square::from_index((x >> 58) as u8);
            assert_eq!(rook_attacks(sq, occ), slide_reference(sq, occ, false));
            assert_eq!(bishop_attacks(sq, occ), slide_reference(sq, occ, true));
        }
    }
}
