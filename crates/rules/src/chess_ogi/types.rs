//! Armies, pieces, moves and move lists of Chess against Ōgi.

use std::fmt;

use crate::chess::Role as ChessRole;
use crate::kit::Square;
use crate::ogi::Role as OgiRole;

/// One of the two armies: which rule system a piece, a move or a player follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Army {
    /// The Chess army (style `C`).
    Chess,
    /// The Ōgi army (style `O`).
    Ogi,
}

impl Army {
    /// The other army.
    #[inline]
    pub const fn other(self) -> Army {
        match self {
            Army::Chess => Army::Ogi,
            Army::Ogi => Army::Chess,
        }
    }

    /// The style letter, uppercase (`C`, `O`).
    pub const fn letter(self) -> char {
        match self {
            Army::Chess => 'C',
            Army::Ogi => 'O',
        }
    }
}

/// A piece on the board: a chess piece of the Chess army or an Ōgi piece of the Ōgi army.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    /// A piece of the Chess army.
    Chess(ChessRole),
    /// A piece of the Ōgi army.
    Ogi(OgiRole),
}

impl Piece {
    /// The piece's army.
    pub const fn army(self) -> Army {
        match self {
            Piece::Chess(_) => Army::Chess,
            Piece::Ogi(_) => Army::Ogi,
        }
    }
}

const TO: u32 = 0;
const FROM: u32 = 6;
const ROLE: u32 = 12;
const OGI: u32 = 1 << 16;
const KIND: u32 = 17;
const PROMO: u32 = 20;
const CAPTURED: u32 = 23;

const K_CASTLE: u32 = 1;
const K_DROP: u32 = 2;
const K_CHESS_PROMO: u32 = 3;
const K_OGI_PROMO: u32 = 4;

/// A move of Chess against Ōgi: a chess move of the Chess player (castling and chess
/// promotions included) or an Ōgi move of the Ōgi player (Ōgi promotions and drops), with the
/// piece it captures. A small `Copy` value (32 bits); it means something only in the position
/// it was generated for. `Display` is its PMN without the position's case (see
/// [`Position::move_to_pmn`](super::Position::move_to_pmn) for the real PMN).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
pub struct Move(pub(crate) u32);

impl Move {
    /// A chess board move (`captured`: the Ōgi piece on `to`).
    #[inline(always)]
    pub(crate) const fn chess(
        from: u8,
        to: u8,
        role: ChessRole,
        captured: Option<OgiRole>,
    ) -> Move {
        let cap = match captured {
            Some(r) => r as u32 + 1,
            None => 0,
        };
        Move((to as u32) << TO | (from as u32) << FROM | (role as u32) << ROLE | cap << CAPTURED)
    }

    /// A chess promotion of a pawn into `into`.
    #[inline(always)]
    pub(crate) const fn chess_promotion(self, into: ChessRole) -> Move {
        Move(self.0 | K_CHESS_PROMO << KIND | (into as u32) << PROMO)
    }

    /// Castling: the King's move of two squares (the rook follows).
    #[inline(always)]
    pub(crate) const fn castle(from: u8, to: u8) -> Move {
        Move(
            (to as u32) << TO
                | (from as u32) << FROM
                | (ChessRole::King as u32) << ROLE
                | K_CASTLE << KIND,
        )
    }

    /// An Ōgi board move (`captured`: the chess piece on `to`).
    #[inline(always)]
    pub(crate) const fn ogi(from: u8, to: u8, role: OgiRole, captured: Option<ChessRole>) -> Move {
        let cap = match captured {
            Some(r) => r as u32 + 1,
            None => 0,
        };
        Move(
            (to as u32) << TO
                | (from as u32) << FROM
                | (role as u32) << ROLE
                | OGI
                | cap << CAPTURED,
        )
    }

    /// The Ōgi move, promoting.
    #[inline(always)]
    pub(crate) const fn with_ogi_promotion(self) -> Move {
        Move(self.0 | K_OGI_PROMO << KIND)
    }

    /// An Ōgi drop of `role` on `to`.
    #[inline(always)]
    pub(crate) const fn drop(to: u8, role: OgiRole) -> Move {
        Move((to as u32) << TO | (role as u32) << ROLE | OGI | K_DROP << KIND)
    }

    #[inline(always)]
    const fn kind(self) -> u32 {
        self.0 >> KIND & 7
    }

    /// The army that makes the move.
    #[inline(always)]
    pub const fn army(self) -> Army {
        if self.0 & OGI != 0 {
            Army::Ogi
        } else {
            Army::Chess
        }
    }

    /// The destination square.
    #[inline(always)]
    pub const fn to(self) -> Square {
        Square::from_index((self.0 >> TO & 63) as u8)
    }

    #[inline(always)]
    pub(crate) const fn to_index(self) -> u8 {
        (self.0 >> TO & 63) as u8
    }

    #[inline(always)]
    pub(crate) const fn origin_index(self) -> u8 {
        (self.0 >> FROM & 63) as u8
    }

    /// The origin square (`None` for a drop).
    #[inline]
    pub const fn from(self) -> Option<Square> {
        if self.is_drop() {
            None
        } else {
            Some(Square::from_index(self.origin_index()))
        }
    }

    /// The moving piece (the dropped piece for a drop), as it stood.
    #[inline(always)]
    pub const fn piece(self) -> Piece {
        let r = (self.0 >> ROLE & 15) as usize;
        if self.0 & OGI != 0 {
            Piece::Ogi(OgiRole::ALL[r])
        } else {
            Piece::Chess(ChessRole::ALL[r])
        }
    }

    #[inline(always)]
    pub(crate) const fn role_index(self) -> usize {
        (self.0 >> ROLE & 15) as usize
    }

    /// The captured piece (always of the other army), if any.
    #[inline]
    pub const fn captured(self) -> Option<Piece> {
        let c = self.0 >> CAPTURED & 31;
        if c == 0 {
            None
        } else if self.0 & OGI != 0 {
            Some(Piece::Chess(ChessRole::ALL[c as usize - 1]))
        } else {
            Some(Piece::Ogi(OgiRole::ALL[c as usize - 1]))
        }
    }

    /// Whether the move captures.
    #[inline(always)]
    pub const fn is_capture(self) -> bool {
        self.0 >> CAPTURED & 31 != 0
    }

    /// Whether the move captures a King (it ends the game, `mareking`).
    #[inline]
    pub const fn captures_king(self) -> bool {
        // The King is role 5 of chess and role 0 of Ōgi: codes 6 and 1.
        let c = self.0 >> CAPTURED & 31;
        if self.0 & OGI != 0 {
            c == ChessRole::King as u32 + 1
        } else {
            c == OgiRole::King as u32 + 1
        }
    }

    /// Whether it is an Ōgi drop.
    #[inline(always)]
    pub const fn is_drop(self) -> bool {
        self.kind() == K_DROP
    }

    /// Whether it is castling.
    #[inline(always)]
    pub const fn is_castle(self) -> bool {
        self.kind() == K_CASTLE
    }

    /// Whether it promotes (a chess pawn, or an Ōgi piece turning over).
    #[inline(always)]
    pub const fn is_promotion(self) -> bool {
        matches!(self.kind(), K_CHESS_PROMO | K_OGI_PROMO)
    }

    /// The chess role a promoting pawn becomes.
    #[inline]
    pub const fn chess_promotion_role(self) -> Option<ChessRole> {
        if self.kind() == K_CHESS_PROMO {
            Some(ChessRole::ALL[(self.0 >> PROMO & 7) as usize])
        } else {
            None
        }
    }

    /// The piece on the destination after the move.
    pub const fn final_piece(self) -> Piece {
        match self.piece() {
            Piece::Chess(r) => match self.chess_promotion_role() {
                Some(p) => Piece::Chess(p),
                None => Piece::Chess(r),
            },
            Piece::Ogi(r) => {
                if self.kind() == K_OGI_PROMO {
                    Piece::Ogi(r.promoted())
                } else {
                    Piece::Ogi(r)
                }
            }
        }
    }
}

/// `e2-e4`, `d1+f3`, `e1~g1`, `e7-e8=Q`, `e6-e7=+P`, `R*e5`, the tokens uppercase: a move does
/// not know its player's case.
impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        super::pmn::write_move(*self, tegoma_protocol::Side::First, f)
    }
}

/// `Move(e2-e4)`.
impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Move({self})")
    }
}

/// Room for every legal move of any accepted position: an Ōgi player with all five kinds of
/// piece in hand and a full army on the board stays far below it.
pub const MAX_MOVES: usize = 1024;

/// A fixed-capacity list of moves (one allocation, when it is made; see
/// [`BoxedMoveList`](crate::move_list::BoxedMoveList)).
pub type MoveList = crate::move_list::BoxedMoveList<Move, MAX_MOVES>;

/// The moves of a list, by value.
pub type MoveListIntoIter = tegoma_protocol::BufferIntoIter<MoveList, Move>;
