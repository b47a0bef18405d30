//! Chess moves (16 bits) and the fixed-capacity move list.

use std::fmt;

use super::Role;
use crate::kit::Square;

/// What a move does besides displacing its piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A move to an empty square (pawn double steps included).
    Quiet,
    /// A capture on the destination square.
    Capture,
    /// Castling; the move's squares are the king's.
    Castle,
    /// An en-passant capture.
    EnPassant,
}

/// A chess move: origin, destination, kind and promotion, packed in 16 bits.
///
/// A move is meaningful only for the position it was generated or parsed in. Its [`Display`]
/// is its canonical PMN (ruling R1): `e2-e4`, `d1+f3`, `e1~g1`, `e5~f6`, `e7-e8=Q`, `b2+a1=n`.
///
/// [`Display`]: fmt::Display
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Move(u16);

// Bits 0-5 origin, 6-11 destination, 12-15 flags.
const QUIET: u16 = 0;
const CAPTURE: u16 = 1;
const CASTLE: u16 = 2;
const EN_PASSANT: u16 = 3;
const PROMO: u16 = 4; // + 0..3 for N B R Q; + 8 when capturing

impl Move {
    #[inline(always)]
    pub(crate) const fn raw(from: u8, to: u8, flags: u16) -> Move {
        Move(from as u16 | (to as u16) << 6 | flags << 12)
    }

    /// A quiet move (no capture, no promotion).
    #[inline(always)]
    pub const fn quiet(from: Square, to: Square) -> Move {
        Move::raw(from.index() as u8, to.index() as u8, QUIET)
    }

    /// A quiet move or a capture (no promotion), as `capture` says, without a branch.
    #[inline(always)]
    pub const fn normal(from: Square, to: Square, capture: bool) -> Move {
        Move::raw(
            from.index() as u8,
            to.index() as u8,
            QUIET | (capture as u16 * CAPTURE),
        )
    }

    /// A capture (no promotion).
    #[inline(always)]
    pub const fn capture(from: Square, to: Square) -> Move {
        Move::raw(from.index() as u8, to.index() as u8, CAPTURE)
    }

    /// Castling, given by the king's origin and destination.
    #[inline(always)]
    pub const fn castle(king_from: Square, king_to: Square) -> Move {
        Move::raw(king_from.index() as u8, king_to.index() as u8, CASTLE)
    }

    /// An en-passant capture.
    #[inline(always)]
    pub const fn en_passant(from: Square, to: Square) -> Move {
        Move::raw(from.index() as u8, to.index() as u8, EN_PASSANT)
    }

    /// A promotion to `role` (knight, bishop, rook or queen; anything else means queen).
    #[inline(always)]
    pub const fn promotion(from: Square, to: Square, role: Role, capture: bool) -> Move {
        let p = match role {
            Role::Knight => 0,
            Role::Bishop => 1,
            Role::Rook => 2,
            _ => 3,
        };
        let c = if capture { 8 } else { 0 };
        Move::raw(from.index() as u8, to.index() as u8, PROMO + p + c)
    }

    /// The origin square.
    #[inline(always)]
    pub const fn from(self) -> Square {
        Square::from_index((self.0 & 63) as u8)
    }

    /// The destination square (for castling, the king's).
    #[inline(always)]
    pub const fn to(self) -> Square {
        Square::from_index((self.0 >> 6 & 63) as u8)
    }

    #[inline(always)]
    pub(crate) const fn flags(self) -> u16 {
        self.0 >> 12
    }

    /// The move's kind.
    #[inline]
    pub const fn kind(self) -> MoveKind {
        match self.flags() {
            QUIET => MoveKind::Quiet,
            CAPTURE => MoveKind::Capture,
            CASTLE => MoveKind::Castle,
            EN_PASSANT => MoveKind::EnPassant,
            f if f >= PROMO + 8 => MoveKind::Capture,
            _ => MoveKind::Quiet,
        }
    }

    /// Whether the move captures (en passant included).
    #[inline]
    pub const fn is_capture(self) -> bool {
        matches!(self.kind(), MoveKind::Capture | MoveKind::EnPassant)
    }

    /// The promotion role, if the move promotes.
    #[inline]
    pub const fn promotion_role(self) -> Option<Role> {
        let f = self.flags();
        if f < PROMO {
            return None;
        }
        Some(match (f - PROMO) & 3 {
            0 => Role::Knight,
            1 => Role::Bishop,
            2 => Role::Rook,
            _ => Role::Queen,
        })
    }

    /// The UCI spelling (`e2e4`, `e7e8q`, castling as the king's move `e1g1`).
    pub fn to_uci(self) -> String {
        let mut s = String::with_capacity(5);
        s.push_str(&self.from().to_string());
        s.push_str(&self.to().to_string());
        if let Some(r) = self.promotion_role() {
            s.push(r.letter().to_ascii_lowercase() as char);
        }
        s
    }

    /// Writes the canonical PMN into `buf` and returns its length (at most 7 bytes).
    pub fn write_pmn(self, buf: &mut [u8; 8]) -> usize {
        let (f, t) = (self.from().name(), self.to().name());
        buf[0] = f[0];
        buf[1] = f[1];
        buf[2] = match self.kind() {
            MoveKind::Quiet => b'-',
            MoveKind::Capture => b'+',
            MoveKind::Castle | MoveKind::EnPassant => b'~',
        };
        buf[3] = t[0];
        buf[4] = t[1];
        match self.promotion_role() {
            None => 5,
            Some(r) => {
                buf[5] = b'=';
                // A promotion lands on rank 8 (White) or rank 1 (Black).
                buf[6] = if self.to().rank() == 7 {
                    r.letter()
                } else {
                    r.letter().to_ascii_lowercase()
                };
                7
            }
        }
    }
}

impl Move {
    /// Writes the canonical PMN into any writer, without the formatting machinery.
    ///
    /// # Errors
    /// Those of the writer.
    pub fn write_pmn_to<W: fmt::Write + ?Sized>(self, out: &mut W) -> fmt::Result {
        let mut buf = [0u8; 8];
        let n = self.write_pmn(&mut buf);
        // Every byte written is ASCII.
        out.write_str(crate::parts::ascii_str(&buf[..n]).unwrap_or("?"))
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.write_pmn_to(f)
    }
}

/// `Move(e2-e4)`: the canonical PMN in a wrapper.
impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self})")
    }
}

/// Room for every legal move of any accepted position: at most 16 pieces a side (checked on
/// import), each with at most 27 destinations, is 432 (the known maximum of a legal game
/// position is 218).
pub const MAX_MOVES: usize = 512;

/// A fixed-capacity list of moves: no allocation.
#[derive(Clone)]
pub struct MoveList {
    moves: [Move; MAX_MOVES],
    len: usize,
}

impl MoveList {
    /// An empty list.
    #[inline]
    pub const fn new() -> MoveList {
        MoveList {
            moves: [Move(0); MAX_MOVES],
            len: 0,
        }
    }

    /// Empties the list.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Appends a move (ignored past [`MAX_MOVES`], which no chess position reaches).
    #[inline(always)]
    pub fn push(&mut self, m: Move) {
        if let Some(slot) = self.moves.get_mut(self.len) {
            *slot = m;
            self.len += 1;
        }
    }

    /// The number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the list is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[Move] {
        &self.moves[..self.len]
    }

    /// Iterates over the moves.
    #[inline]
    pub fn iter(&self) -> std::slice::Iter<'_, Move> {
        self.as_slice().iter()
    }

    /// Whether `m` is in the list.
    pub fn contains(&self, m: Move) -> bool {
        self.as_slice().contains(&m)
    }
}

impl Default for MoveList {
    fn default() -> Self {
        MoveList::new()
    }
}

impl std::ops::Deref for MoveList {
    type Target = [Move];
    fn deref(&self) -> &[Move] {
        self.as_slice()
    }
}

impl<'a> IntoIterator for &'a MoveList {
    type Item = &'a Move;
    type IntoIter = std::slice::Iter<'a, Move>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl fmt::Debug for MoveList {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

/// The moves of a list, by value (`for m in pos.legal_moves()`).
pub type MoveListIntoIter = tegoma_protocol::BufferIntoIter<MoveList, Move>;

impl IntoIterator for MoveList {
    type Item = Move;
    type IntoIter = MoveListIntoIter;
    fn into_iter(self) -> MoveListIntoIter {
        MoveListIntoIter::new(self)
    }
}
