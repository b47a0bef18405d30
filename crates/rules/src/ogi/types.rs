//! Piece roles, moves and move lists.
use std::fmt;

use tegoma_protocol::Side;

use crate::kit::Square;

/// A piece role, independent of side. The promoted roles are the unpromoted ones plus 7.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Role {
    /// King or Jeweled King `K^` (terminal).
    King = 0,
    /// Princess `I`: bishop slides plus the eight knight jumps.
    Princess = 1,
    /// Rook `R`.
    Rook = 2,
    /// Bishop `B`.
    Bishop = 3,
    /// Silver `S`.
    Silver = 4,
    /// Knight `N` (two forward, one sideways).
    Knight = 5,
    /// Lance `L` (forward slide).
    Lance = 6,
    /// Pawn `P`.
    Pawn = 7,
    /// Promoted Princess `+I`.
    PPrincess = 8,
    /// Dragon `+R`.
    PRook = 9,
    /// Horse `+B`.
    PBishop = 10,
    /// Promoted Silver `+S` (moves as gold).
    PSilver = 11,
    /// Promoted Knight `+N` (moves as gold).
    PKnight = 12,
    /// Promoted Lance `+L` (moves as gold).
    PLance = 13,
    /// Tokin `+P` (moves as gold).
    PPawn = 14,
}

/// The number of piece roles.
pub const ROLES: usize = 15;

impl Role {
    /// Every kind, in index order.
    pub const ALL: [Role; ROLES] = [
        Role::King,
        Role::Princess,
        Role::Rook,
        Role::Bishop,
        Role::Silver,
        Role::Knight,
        Role::Lance,
        Role::Pawn,
        Role::PPrincess,
        Role::PRook,
        Role::PBishop,
        Role::PSilver,
        Role::PKnight,
        Role::PLance,
        Role::PPawn,
    ];

    /// The kind with index `i` (0..15).
    #[inline]
    pub const fn from_index(i: usize) -> Role {
        Role::ALL[i]
    }

    /// The kind's index (0..15).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// Whether the kind is a promoted one (`+X`).
    #[inline]
    pub const fn is_promoted(self) -> bool {
        self as u8 >= 8
    }

    /// Whether the kind can promote (every unpromoted kind except the King).
    #[inline]
    pub const fn can_promote(self) -> bool {
        let i = self as u8;
        i >= 1 && i <= 7
    }

    /// The promoted form (itself when it cannot promote).
    #[inline]
    pub const fn promoted(self) -> Role {
        if self.can_promote() {
            Role::ALL[self as usize + 7]
        } else {
            self
        }
    }

    /// The unpromoted form (itself when not promoted).
    #[inline]
    pub const fn demoted(self) -> Role {
        if self.is_promoted() {
            Role::ALL[self as usize - 7]
        } else {
            self
        }
    }

    /// The PIN letter, uppercase.
    pub const fn letter(self) -> u8 {
        [b'K', b'I', b'R', b'B', b'S', b'N', b'L', b'P'][self.demoted() as usize]
    }

    /// The piece's PIN token for `side` (`K^`, `+r`, ...), without the Jeweled marker.
    pub fn token(self, side: Side) -> String {
        let mut s = String::with_capacity(3);
        let _ = self.write_token(side, &mut s);
        s
    }

    /// Writes [`Role::token`] without allocating.
    ///
    /// # Errors
    /// Those of the writer.
    pub fn write_token<W: std::fmt::Write + ?Sized>(
        self,
        side: Side,
        out: &mut W,
    ) -> std::fmt::Result {
        if self.is_promoted() {
            out.write_char('+')?;
        }
        let l = self.letter();
        out.write_char(if side == Side::First {
            l
        } else {
            l.to_ascii_lowercase()
        } as char)?;
        if self == Role::King {
            out.write_char('^')?;
        }
        Ok(())
    }
}

/// A move, packed into 32 bits.
///
/// A board move knows its origin, destination, the moving kind, the captured kind (if any),
/// whether it promotes and whether the King keeps the captured piece promoted (the King's
/// privilege). A drop knows the dropped kind (as held) and its destination. Two moves are equal
/// when every one of those facts is equal, which is the identity sennichite compares.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(pub(crate) u32);

const DROP: u32 = 1 << 12;
const PROMO: u32 = 1 << 13;
const KEEP: u32 = 1 << 14;

impl Move {
    #[inline]
    pub(crate) const fn board(from: u8, to: u8, kind: Role, captured: Option<Role>) -> Move {
        let c = match captured {
            Some(k) => k as u32 + 1,
            None => 0,
        };
        Move(to as u32 | (from as u32) << 6 | (kind as u32) << 16 | c << 20)
    }

    #[inline]
    pub(crate) const fn drop(to: u8, kind: Role) -> Move {
        Move(to as u32 | DROP | (kind as u32) << 16)
    }

    #[inline]
    pub(crate) const fn with_promotion(self) -> Move {
        Move(self.0 | PROMO)
    }

    #[inline]
    pub(crate) const fn with_keep(self) -> Move {
        Move(self.0 | KEEP)
    }

    /// The destination square.
    #[inline]
    pub const fn to(self) -> Square {
        Square::from_index(self.dest())
    }

    /// The origin square, `None` for a drop.
    #[inline]
    pub const fn from(self) -> Option<Square> {
        match self.origin() {
            Some(i) => Some(Square::from_index(i)),
            None => None,
        }
    }

    /// The destination square index (a1 = 0 .. h8 = 63), for the generator's bit arithmetic.
    #[inline(always)]
    pub(crate) const fn dest(self) -> u8 {
        (self.0 & 63) as u8
    }

    /// The origin square index, `None` for a drop.
    #[inline(always)]
    pub(crate) const fn origin(self) -> Option<u8> {
        if self.is_drop() {
            None
        } else {
            Some((self.0 >> 6 & 63) as u8)
        }
    }

    /// Whether the move is a drop from the hand.
    #[inline]
    pub const fn is_drop(self) -> bool {
        self.0 & DROP != 0
    }

    /// Whether the moving piece promotes.
    #[inline]
    pub const fn is_promotion(self) -> bool {
        self.0 & PROMO != 0
    }

    /// Whether the King keeps the captured promoted piece promoted (the King's privilege).
    #[inline]
    pub const fn keeps_promoted(self) -> bool {
        self.0 & KEEP != 0
    }

    /// The moving kind (before any promotion), or the dropped kind as held.
    #[inline]
    pub const fn role(self) -> Role {
        Role::from_index((self.0 >> 16 & 15) as usize)
    }

    /// The captured kind, if the move captures.
    #[inline]
    pub const fn captured(self) -> Option<Role> {
        let c = self.0 >> 20 & 15;
        if c == 0 {
            None
        } else {
            Some(Role::from_index(c as usize - 1))
        }
    }

    /// Whether the move captures.
    #[inline]
    pub const fn is_capture(self) -> bool {
        self.0 >> 20 & 15 != 0
    }

    /// Whether the move resets the move limit of R4 (100 plies with no capture and no move of an
    /// unpromoted pawn; drops do not reset it).
    #[inline]
    pub const fn resets_move_limit(self) -> bool {
        self.is_capture() || (!self.is_drop() && self.role() as u8 == Role::Pawn as u8)
    }

    /// The kind that ends on the destination square.
    #[inline]
    pub const fn final_role(self) -> Role {
        if self.is_promotion() {
            self.role().promoted()
        } else {
            self.role()
        }
    }

    /// The kind that enters the mover's hand when the move captures: demoted, unless the King's
    /// privilege keeps it promoted.
    #[inline]
    pub const fn hand_role(self) -> Option<Role> {
        match self.captured() {
            None => None,
            Some(k) if self.keeps_promoted() => Some(k),
            Some(k) => Some(k.demoted()),
        }
    }
}

/// PMN-like: `Move(e3-e4)`, `Move(b2+h8=+B)`, `Move(e1+e2/+R)`, `Move(P*e5)`. A move does not
/// know its side, so its tokens are written uppercase; the position's
/// [`move_to_pmn`](super::Position::move_to_pmn) writes the real PMN.
impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Move(")?;
        match self.from() {
            None => write!(f, "{}*{}", self.role().token(Side::First), self.to())?,
            Some(from) => {
                let sep = if self.is_capture() { '+' } else { '-' };
                write!(f, "{from}{sep}{}", self.to())?;
                if self.is_promotion() {
                    write!(f, "={}", self.final_role().token(Side::First))?;
                }
                if let (true, Some(k)) = (self.keeps_promoted(), self.captured()) {
                    write!(f, "/{}", k.token(Side::First))?;
                }
            }
        }
        f.write_str(")")
    }
}

/// The most moves any Ōgi position can have (a safe bound for any FEEN the reader accepts).
pub const MAX_MOVES: usize = 2600;

/// A fixed-capacity list of moves, filled by [`Position::legal_moves`](super::Position::legal_moves).
/// Create it once and reuse it: it allocates once, when it is made, and never again (see
/// [`BoxedMoveList`](crate::move_list::BoxedMoveList)).
pub type MoveList = crate::move_list::BoxedMoveList<Move, MAX_MOVES>;

/// The moves of a list, by value (`for m in pos.legal_moves()`).
pub type MoveListIntoIter = tegoma_protocol::BufferIntoIter<MoveList, Move>;
