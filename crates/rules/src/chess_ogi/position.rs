//! The position: both armies' bitboards, a mailbox, both hands, the Chess army's castling
//! rights and `-P` pawn, the side to move, the Zobrist key; how a move changes it.

use tegoma_protocol::Side;

use super::tables::{HAND_MAX, KEYS};
use super::types::{Army, Move, Piece};
use crate::chess::Role as ChessRole;
use crate::kit::{Bitboard, Square};
use crate::ogi::Role as OgiRole;

/// The start with the Chess army first (`C/o`).
pub const START_CHESS_FIRST: &str =
    "lnsik^snl/1r4b1/pppppppp/8/8/8/+P+P+P+P+P+P+P+P/+RNBQ+K^BN+R / C/o";
/// The start with the Ōgi army first (`O/c`).
pub const START_OGI_FIRST: &str =
    "+rnbq+k^bn+r/+p+p+p+p+p+p+p+p/8/8/8/PPPPPPPP/1B4R1/LNSIK^SNL / O/c";

/// No `-P` pawn.
pub(crate) const NO_MINUS: u8 = 64;
/// Castling right bits of the Chess army.
pub(crate) const KING_SIDE: u8 = 1;
pub(crate) const QUEEN_SIDE: u8 = 2;

/// The Ōgi piece a chess piece becomes in the Ōgi player's hand (R13: same name, unpromoted;
/// the queen becomes the princess), by chess role index.
pub(crate) const CHESS_TO_OGI: [OgiRole; 6] = [
    OgiRole::Pawn,
    OgiRole::Knight,
    OgiRole::Bishop,
    OgiRole::Rook,
    OgiRole::Princess,
    OgiRole::King,
];

/// A position of Chess against Ōgi (ruling R13): a small `Copy` value.
///
/// Equality and hashing follow ruling R5 (the canonical FEEN: placement with markers, hands,
/// styles and side to move).
#[derive(Clone, Copy)]
pub struct Position {
    /// The role of each piece as a 4-bit code in four bitboards (bit `i` of the code in
    /// `planes[i]`): a chess role index on the Chess army's squares, an Ōgi role index on the
    /// Ōgi army's; 0 on empty squares. The position stays small to copy (no mailbox, no
    /// bitboard per role).
    pub(crate) planes: [u64; 4],
    /// Occupancy by army: `[chess, ogi]`.
    pub(crate) occ: [u64; 2],
    /// The player leading the Chess army.
    pub(crate) chess_side: Side,
    pub(crate) stm: Side,
    /// The Chess army's castling rights ([`KING_SIDE`], [`QUEEN_SIDE`]).
    pub(crate) castling: u8,
    /// The square of the Chess army's `-P` pawn, [`NO_MINUS`] when none.
    pub(crate) minus: u8,
    /// The Chess player's hand: the Ōgi pieces it took, as they stood, by Ōgi role.
    pub(crate) chess_hand: [u8; 15],
    /// The Ōgi player's hand by unpromoted Ōgi role (index 0: a King).
    pub(crate) ogi_hand: [u8; 8],
    pub(crate) key: u64,
}

impl PartialEq for Position {
    fn eq(&self, o: &Position) -> bool {
        self.key == o.key
            && self.planes == o.planes
            && self.occ == o.occ
            && self.chess_side == o.chess_side
            && self.stm == o.stm
            && self.castling == o.castling
            && self.minus == o.minus
            && self.chess_hand == o.chess_hand
            && self.ogi_hand == o.ogi_hand
    }
}

impl Eq for Position {}

impl std::hash::Hash for Position {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        h.write_u64(self.key);
    }
}

/// `Position("<FEEN>")`.
impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({:?})", self.to_feen())
    }
}

/// The board diagram of [`tegoma_protocol::Position`], both hands included.
impl std::fmt::Display for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        std::fmt::Display::fmt(&self.to_generic(), f)
    }
}

impl Default for Position {
    fn default() -> Self {
        Position::startpos()
    }
}

#[inline(always)]
pub(crate) const fn chess_code(r: ChessRole) -> u8 {
    r as u8 + 1
}

#[inline(always)]
pub(crate) const fn ogi_code(r: OgiRole) -> u8 {
    r as u8 + 7
}

impl Position {
    /// The start with the Chess army first ([`START_CHESS_FIRST`]).
    pub fn startpos() -> Position {
        Position::from_feen(START_CHESS_FIRST).expect("the start is valid")
    }

    /// The start with the given player leading the Chess army.
    pub fn start_with_chess(chess_side: Side) -> Position {
        let feen = match chess_side {
            Side::First => START_CHESS_FIRST,
            Side::Second => START_OGI_FIRST,
        };
        Position::from_feen(feen).expect("the starts are valid")
    }

    pub(crate) fn empty(chess_side: Side, stm: Side) -> Position {
        let mut p = Position {
            planes: [0; 4],
            occ: [0; 2],
            chess_side,
            stm,
            castling: 0,
            minus: NO_MINUS,
            chess_hand: [0; 15],
            ogi_hand: [0; 8],
            key: 0,
        };
        p.key = p.compute_key();
        p
    }

    /// The key computed from scratch.
    pub(crate) fn compute_key(&self) -> u64 {
        let mut k = 0;
        for sq in 0..64u8 {
            let code = self.code_at(sq);
            if code != 0 {
                k ^= KEYS.piece[code as usize][sq as usize];
            }
        }
        if self.stm == Side::Second {
            k ^= KEYS.second_to_move;
        }
        if self.chess_side == Side::Second {
            k ^= KEYS.chess_second;
        }
        k ^= KEYS.castle[self.castling as usize];
        k ^= KEYS.minus[self.minus as usize];
        for (r, &n) in self.chess_hand.iter().enumerate() {
            k ^= KEYS.chess_hand[r][(n as usize).min(HAND_MAX)];
        }
        for (r, &n) in self.ogi_hand.iter().enumerate() {
            k ^= KEYS.ogi_hand[r][(n as usize).min(HAND_MAX)];
        }
        k
    }

    /// Writes role code `code` on the squares of `b` (empty in the planes).
    #[inline(always)]
    fn set_code(&mut self, code: usize, b: u64) {
        for (i, p) in self.planes.iter_mut().enumerate() {
            *p |= b & ((code as u64 >> i & 1).wrapping_neg());
        }
    }

    /// Clears the role code of the squares of `b`.
    #[inline(always)]
    fn clear_code(&mut self, b: u64) {
        for p in &mut self.planes {
            *p &= !b;
        }
    }

    /// The squares whose role code is `code` (either army; empty squares read as 0).
    #[inline(always)]
    fn code_bb(&self, code: usize, bits: usize) -> u64 {
        let mut out = !0u64;
        for (i, &p) in self.planes.iter().enumerate().take(bits) {
            out &= if code >> i & 1 != 0 { p } else { !p };
        }
        out
    }

    /// The Chess army's pieces of chess role index `r`.
    #[inline(always)]
    pub(crate) fn cb(&self, r: usize) -> u64 {
        // Chess codes are below 8: the fourth plane is never set on the Chess army's squares.
        self.occ[0] & self.code_bb(r, 3)
    }

    /// The Ōgi army's pieces of Ōgi role index `r`.
    #[inline(always)]
    pub(crate) fn ob(&self, r: usize) -> u64 {
        self.occ[1] & self.code_bb(r, 4)
    }

    /// The role code on `sq` (meaningful on an occupied square).
    #[inline(always)]
    fn code_on(&self, sq: u8) -> usize {
        let p = &self.planes;
        ((p[0] >> sq & 1) | (p[1] >> sq & 1) << 1 | (p[2] >> sq & 1) << 2 | (p[3] >> sq & 1) << 3)
            as usize
    }

    #[inline(always)]
    pub(crate) fn put_chess(&mut self, r: ChessRole, sq: u8) {
        let b = 1u64 << sq;
        self.set_code(r as usize, b);
        self.occ[0] |= b;
        let code = chess_code(r);
        self.key ^= KEYS.piece[code as usize][sq as usize];
    }

    #[inline(always)]
    pub(crate) fn remove_chess(&mut self, r: ChessRole, sq: u8) {
        let b = 1u64 << sq;
        self.clear_code(b);
        self.occ[0] ^= b;
        self.key ^= KEYS.piece[chess_code(r) as usize][sq as usize];
    }

    #[inline(always)]
    pub(crate) fn put_ogi(&mut self, r: OgiRole, sq: u8) {
        let b = 1u64 << sq;
        self.set_code(r as usize, b);
        self.occ[1] |= b;
        let code = ogi_code(r);
        self.key ^= KEYS.piece[code as usize][sq as usize];
    }

    #[inline(always)]
    pub(crate) fn remove_ogi(&mut self, r: OgiRole, sq: u8) {
        let b = 1u64 << sq;
        self.clear_code(b);
        self.occ[1] ^= b;
        self.key ^= KEYS.piece[ogi_code(r) as usize][sq as usize];
    }

    #[inline(always)]
    pub(crate) fn set_chess_hand(&mut self, r: usize, n: u8) {
        let old = self.chess_hand[r] as usize;
        self.key ^= KEYS.chess_hand[r][old.min(HAND_MAX)];
        self.chess_hand[r] = n;
        self.key ^= KEYS.chess_hand[r][(n as usize).min(HAND_MAX)];
    }

    #[inline(always)]
    pub(crate) fn set_ogi_hand(&mut self, r: usize, n: u8) {
        let old = self.ogi_hand[r] as usize;
        self.key ^= KEYS.ogi_hand[r][old.min(HAND_MAX)];
        self.ogi_hand[r] = n;
        self.key ^= KEYS.ogi_hand[r][(n as usize).min(HAND_MAX)];
    }

    #[inline(always)]
    pub(crate) fn set_castling(&mut self, rights: u8) {
        self.key ^= KEYS.castle[self.castling as usize] ^ KEYS.castle[rights as usize];
        self.castling = rights;
    }

    /// The player to move.
    #[inline]
    pub fn side_to_move(&self) -> Side {
        self.stm
    }

    /// The player leading the Chess army.
    #[inline]
    pub fn chess_side(&self) -> Side {
        self.chess_side
    }

    /// The army of a player.
    #[inline]
    pub fn army_of(&self, side: Side) -> Army {
        if side == self.chess_side {
            Army::Chess
        } else {
            Army::Ogi
        }
    }

    /// The player leading an army.
    #[inline]
    pub fn side_of(&self, army: Army) -> Side {
        match army {
            Army::Chess => self.chess_side,
            Army::Ogi => self.chess_side.flip(),
        }
    }

    /// The army to move.
    #[inline]
    pub fn army_to_move(&self) -> Army {
        self.army_of(self.stm)
    }

    /// The R5 identity key (Zobrist): equal for positions with the same canonical FEEN.
    #[inline]
    pub fn zobrist(&self) -> u64 {
        self.key
    }

    /// The piece on `sq`.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        piece_of_code(self.code_at(sq.index() as u8))
    }

    /// The chess role on `sq`, if a chess piece stands there.
    #[inline(always)]
    pub(crate) fn chess_role_at(&self, sq: u8) -> Option<ChessRole> {
        if self.occ[0] >> sq & 1 == 0 {
            return None;
        }
        Some(ChessRole::ALL[self.code_on(sq)])
    }

    /// The Ōgi role on `sq`, if an Ōgi piece stands there.
    #[inline(always)]
    pub(crate) fn ogi_role_at(&self, sq: u8) -> Option<OgiRole> {
        if self.occ[1] >> sq & 1 == 0 {
            return None;
        }
        Some(OgiRole::ALL[self.code_on(sq)])
    }

    /// The board code of `sq`: 0 empty, 1-6 a chess role + 1, 7-21 an Ōgi role + 7.
    #[inline]
    pub(crate) fn code_at(&self, sq: u8) -> u8 {
        if let Some(r) = self.chess_role_at(sq) {
            chess_code(r)
        } else if let Some(r) = self.ogi_role_at(sq) {
            ogi_code(r)
        } else {
            0
        }
    }

    /// The squares of an army's pieces.
    #[inline]
    pub fn army(&self, army: Army) -> Bitboard {
        Bitboard(self.occ[army as usize])
    }

    /// The Chess army's castling rights: (king side, queen side).
    pub fn castling_rights(&self) -> (bool, bool) {
        (
            self.castling & KING_SIDE != 0,
            self.castling & QUEEN_SIDE != 0,
        )
    }

    /// How many pieces of Ōgi role `role` the Chess player holds (as they stood).
    pub fn chess_hand(&self, role: OgiRole) -> u8 {
        self.chess_hand[role as usize]
    }

    /// How many pieces of unpromoted Ōgi role `role` the Ōgi player holds.
    pub fn ogi_hand(&self, role: OgiRole) -> u8 {
        if role.is_promoted() {
            0
        } else {
            self.ogi_hand[role as usize]
        }
    }

    /// Whether a King was captured: the game is over (`mareking`) and no move is legal.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.cb(ChessRole::King as usize) == 0 || self.ob(OgiRole::King as usize) == 0
    }

    /// The first rank of the Chess army (0 or 7).
    #[inline(always)]
    pub(crate) fn chess_home_rank(&self) -> u8 {
        if self.chess_side == Side::First {
            0
        } else {
            7
        }
    }

    /// Plays a legal move (not checked).
    #[inline(always)]
    pub fn play_unchecked(&mut self, m: Move) {
        let to = m.to_index();
        if self.minus != NO_MINUS {
            self.key ^= KEYS.minus[self.minus as usize] ^ KEYS.minus[NO_MINUS as usize];
            self.minus = NO_MINUS;
        }
        match m.army() {
            Army::Chess => self.play_chess(m, to),
            Army::Ogi => self.play_ogi(m, to),
        }
        self.stm = self.stm.flip();
        self.key ^= KEYS.second_to_move;
    }

    #[inline(always)]
    fn play_chess(&mut self, m: Move, to: u8) {
        let from = m.origin_index();
        let home = self.chess_home_rank() * 8;
        if m.is_castle() {
            self.remove_chess(ChessRole::King, from);
            self.put_chess(ChessRole::King, to);
            let (corner, passed) = if to > from {
                (home + 7, from + 1)
            } else {
                (home, from - 1)
            };
            self.remove_chess(ChessRole::Rook, corner);
            self.put_chess(ChessRole::Rook, passed);
            self.set_castling(0);
            return;
        }
        let role = ChessRole::ALL[m.role_index()];
        if let Some(Piece::Ogi(cap)) = m.captured() {
            self.remove_ogi(cap, to);
            let n = self.chess_hand[cap as usize].saturating_add(1);
            self.set_chess_hand(cap as usize, n);
        }
        self.remove_chess(role, from);
        self.put_chess(m.chess_promotion_role().unwrap_or(role), to);
        if role == ChessRole::Pawn && (to as i32 - from as i32).abs() == 16 {
            self.key ^= KEYS.minus[NO_MINUS as usize] ^ KEYS.minus[to as usize];
            self.minus = to;
        }
        if self.castling != 0 {
            let mut rights = self.castling;
            if role == ChessRole::King {
                rights = 0;
            } else if from == home + 7 {
                rights &= !KING_SIDE;
            } else if from == home {
                rights &= !QUEEN_SIDE;
            }
            if rights != self.castling {
                self.set_castling(rights);
            }
        }
    }

    #[inline(always)]
    fn play_ogi(&mut self, m: Move, to: u8) {
        let role = OgiRole::ALL[m.role_index()];
        if m.is_drop() {
            let n = self.ogi_hand[role as usize] - 1;
            self.set_ogi_hand(role as usize, n);
            self.put_ogi(role, to);
            return;
        }
        let from = m.origin_index();
        if let Some(Piece::Chess(cap)) = m.captured() {
            self.remove_chess(cap, to);
            let held = CHESS_TO_OGI[cap as usize] as usize;
            let n = self.ogi_hand[held].saturating_add(1);
            self.set_ogi_hand(held, n);
            if cap == ChessRole::Rook && self.castling != 0 {
                let home = self.chess_home_rank() * 8;
                let mut rights = self.castling;
                if to == home + 7 {
                    rights &= !KING_SIDE;
                } else if to == home {
                    rights &= !QUEEN_SIDE;
                }
                if rights != self.castling {
                    self.set_castling(rights);
                }
            }
        }
        self.remove_ogi(role, from);
        self.put_ogi(
            if m.is_promotion() {
                role.promoted()
            } else {
                role
            },
            to,
        );
    }

    /// Passes the turn (a search's null move): only the side to move changes, and the `-P`
    /// marker expires.
    pub fn play_null(&mut self) {
        if self.minus != NO_MINUS {
            self.key ^= KEYS.minus[self.minus as usize] ^ KEYS.minus[NO_MINUS as usize];
            self.minus = NO_MINUS;
        }
        self.stm = self.stm.flip();
        self.key ^= KEYS.second_to_move;
    }

    /// The pieces of one Ōgi role.
    #[inline]
    pub fn ogi_pieces(&self, role: OgiRole) -> Bitboard {
        Bitboard(self.ob(role as usize))
    }

    /// The pieces of one chess role.
    #[inline]
    pub fn chess_pieces(&self, role: ChessRole) -> Bitboard {
        Bitboard(self.cb(role as usize))
    }

    /// The squares an army attacks (its pieces' captures by their movement).
    pub fn attacked_by(&self, army: Army) -> Bitboard {
        Bitboard(match army {
            Army::Chess => self.chess_attack_map(),
            Army::Ogi => self.ogi_attack_map(self.occ[0] | self.occ[1]),
        })
    }

    /// The position after a legal move, as a new value.
    #[inline]
    pub fn after_unchecked(&self, m: Move) -> Position {
        let mut p = *self;
        p.play_unchecked(m);
        p
    }
}

/// The piece of a board code.
#[inline]
pub(crate) fn piece_of_code(code: u8) -> Option<Piece> {
    match code {
        0 => None,
        1..=6 => Some(Piece::Chess(ChessRole::ALL[code as usize - 1])),
        _ => Some(Piece::Ogi(OgiRole::ALL[code as usize - 7])),
    }
}
