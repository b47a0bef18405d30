//! The chess position and how a move changes it (copy-make).

use super::tables::{CASTLE_MASK, KEYS, RIGHT_CORNER};
use super::{
    IllegalMove, Move, MoveList, Role, Side, HAND_BISHOP, HAND_KNIGHT, HAND_PAWN, HAND_PAWN_MINUS,
    HAND_PAWN_PLUS, HAND_QUEEN, HAND_ROOK, HAND_ROOK_PLUS,
};
use crate::kit::{Bitboard, Square};

/// A chess position with the seed's state (ruling R2) and an incremental Zobrist key (R5).
///
/// Two positions with the same canonical FEEN have equal [`Position::zobrist`] keys; the
/// halfmove clock and fullmove number are carried for FEN and the move limit but are not part of
/// the identity ([`PartialEq`] ignores them too).
///
/// `Display` draws the board diagram of [`tegoma_protocol::Position`] (White is the first
/// side, Black the second); `Debug` is `Position("<FEEN>")`.
#[derive(Clone, Copy)]
pub struct Position {
    pub(crate) by_role: [u64; 6],
    pub(crate) by_color: [u64; 2],
    pub(crate) key: u64,
    pub(crate) side: Side,
    /// Castling right bits (WK 1, WQ 2, BK 4, BQ 8).
    pub(crate) castling: u8,
    /// The en-passant target square (behind the `-P` pawn), 0 when none.
    pub(crate) ep: u8,
    pub(crate) halfmove: u16,
    pub(crate) fullmove: u16,
    /// `hands[holder][kind]`, kinds as in [`super::HAND_KINDS`].
    pub(crate) hands: [[u8; 8]; 2],
}

impl PartialEq for Position {
    fn eq(&self, o: &Position) -> bool {
        self.by_role == o.by_role
            && self.by_color == o.by_color
            && self.side == o.side
            && self.castling == o.castling
            && self.ep == o.ep
            && self.hands == o.hands
    }
}

impl Eq for Position {}

impl std::hash::Hash for Position {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        h.write_u64(self.key);
    }
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Position({:?})", self.to_feen())
    }
}

impl std::fmt::Display for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match tegoma_protocol::Position::from_feen(&self.to_feen()) {
            Ok(p) => std::fmt::Display::fmt(&p, f),
            Err(_) => f.write_str(&self.to_feen()),
        }
    }
}

impl Default for Position {
    fn default() -> Self {
        Position::startpos()
    }
}

impl Position {
    /// The initial position:
    /// `+rnbq+k^bn+r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/+RNBQ+K^BN+R / C/c`.
    pub fn startpos() -> Position {
        let mut p = Position::empty();
        let back = [
            Role::Rook,
            Role::Knight,
            Role::Bishop,
            Role::Queen,
            Role::King,
            Role::Bishop,
            Role::Knight,
            Role::Rook,
        ];
        for (f, &r) in back.iter().enumerate() {
            p.put(Side::First, r, f as u8);
            p.put(Side::First, Role::Pawn, 8 + f as u8);
            p.put(Side::Second, Role::Pawn, 48 + f as u8);
            p.put(Side::Second, r, 56 + f as u8);
        }
        p.castling = 15;
        p.fullmove = 1;
        p.key = p.compute_key();
        p
    }

    /// An empty board, White to move, no rights (an intermediate state for builders).
    pub(crate) fn empty() -> Position {
        Position {
            by_role: [0; 6],
            by_color: [0; 2],
            key: 0,
            side: Side::First,
            castling: 0,
            ep: 0,
            halfmove: 0,
            fullmove: 1,
            hands: [[0; 8]; 2],
        }
    }

    #[inline(always)]
    pub(crate) fn put(&mut self, c: Side, r: Role, sq: u8) {
        let b = 1u64 << sq;
        self.by_role[r.index()] |= b;
        self.by_color[c.index()] |= b;
    }

    /// The Zobrist key computed from scratch.
    pub(crate) fn compute_key(&self) -> u64 {
        let mut k = 0;
        for c in [Side::First, Side::Second] {
            for r in Role::ALL {
                for sq in Bitboard(self.by_role[r.index()] & self.by_color[c.index()]) {
                    k ^= KEYS.piece[c.index()][r.index()][sq.index()];
                }
            }
        }
        if self.side == Side::Second {
            k ^= KEYS.black;
        }
        k ^= KEYS.castle[self.castling as usize];
        k ^= KEYS.ep_at[self.ep as usize];
        for h in 0..2 {
            for kind in 0..8 {
                k ^= KEYS.hand[h][kind][(self.hands[h][kind] as usize).min(64)];
            }
        }
        k
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Side {
        self.side
    }

    /// The pieces of `side` and `role`.
    #[inline]
    pub fn pieces(&self, side: Side, role: Role) -> Bitboard {
        Bitboard(self.by_role[role.index()] & self.by_color[side.index()])
    }

    /// All pieces of `side`.
    #[inline]
    pub fn occupied_by(&self, side: Side) -> Bitboard {
        Bitboard(self.by_color[side.index()])
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        Bitboard(self.by_color[0] | self.by_color[1])
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<(Side, Role)> {
        let b = sq.bb().0;
        let color = if self.by_color[0] & b != 0 {
            Side::First
        } else if self.by_color[1] & b != 0 {
            Side::Second
        } else {
            return None;
        };
        Some((color, self.role_at(sq.index() as u8)))
    }

    /// The role on an occupied square.
    #[inline(always)]
    pub(crate) fn role_at(&self, sq: u8) -> Role {
        // Without a branch per role (the roles met along a game are hard to predict): the
        // role's index read bit by bit (pawn 0, knight 1, bishop 2, rook 3, queen 4, king 5:
        // bit 0 knight, rook or king, bit 1 bishop or rook, bit 2 queen or king); an empty square
        // reads as the king, as before.
        let r = &self.by_role;
        let empty = !self.occupied().0;
        let bit = |bb: u64| ((bb >> sq) & 1) as usize;
        Role::ALL[(bit(r[1] | r[3] | r[5] | empty)
            | bit(r[2] | r[3]) << 1
            | bit(r[4] | r[5] | empty) << 2)
            % 6]
    }

    /// The king square of `color`.
    #[inline(always)]
    pub fn king(&self, side: Side) -> Square {
        Square::from_index(
            (self.by_role[Role::King.index()] & self.by_color[side.index()]).trailing_zeros() as u8,
        )
    }

    /// The castling rights as `(white king side, white queen side, black king side, black
    /// queen side)`.
    pub fn castling_rights(&self) -> (bool, bool, bool, bool) {
        let c = self.castling;
        (c & 1 != 0, c & 2 != 0, c & 4 != 0, c & 8 != 0)
    }

    /// The en-passant target square (behind the `-P` pawn), if a pawn has just double-stepped.
    pub fn ep_square(&self) -> Option<Square> {
        (self.ep != 0).then(|| Square::from_index(self.ep))
    }

    /// The square of the `-P`/`-p` pawn (the one that has just double-stepped), if any.
    pub fn ep_pawn(&self) -> Option<Square> {
        self.ep_square().map(|t| {
            if t.rank() == 2 {
                Square::from_index(t.index() as u8 + 8)
            } else {
                Square::from_index(t.index() as u8 - 8)
            }
        })
    }

    /// The halfmove clock (plies since the last capture or pawn move).
    pub fn halfmove_clock(&self) -> u32 {
        self.halfmove as u32
    }

    /// The fullmove number.
    pub fn fullmove_number(&self) -> u32 {
        self.fullmove as u32
    }

    /// The hand of `holder`: counts indexed like [`super::HAND_KINDS`], of pieces of the other
    /// colour.
    pub fn hand(&self, holder: Side) -> [u8; 8] {
        self.hands[holder.index()]
    }

    /// The Zobrist key: equal for positions with the same canonical FEEN (ruling R5).
    #[inline]
    pub fn zobrist(&self) -> u64 {
        self.key
    }

    /// Whether `mv` is legal here.
    pub fn is_legal(&self, mv: Move) -> bool {
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        list.contains(mv)
    }

    /// Plays `mv` if it is legal; otherwise returns [`IllegalMove`] and leaves the
    /// position unchanged. Hot paths that play generated moves use
    /// [`play_unchecked`](Position::play_unchecked).
    pub fn play(&mut self, mv: Move) -> Result<(), IllegalMove> {
        if !self.is_legal(mv) {
            return Err(IllegalMove::new(
                mv.to_string(),
                tegoma_protocol::IllegalReason::NotLegal,
            ));
        }
        self.play_unchecked(mv);
        Ok(())
    }

    /// The position after `mv` as a new value, if `mv` is legal here; otherwise
    /// [`IllegalMove`].
    pub fn after(&self, mv: Move) -> Result<Position, IllegalMove> {
        let mut p = *self;
        p.play(mv)?;
        Ok(p)
    }

    /// The position after `mv`, which must be legal here (not checked; see
    /// [`play_unchecked`](Position::play_unchecked)).
    #[inline]
    pub fn after_unchecked(&self, mv: Move) -> Position {
        let mut p = *self;
        p.play_unchecked(mv);
        p
    }

    /// Plays `mv`, which must be legal here (generated or parsed for this position). An
    /// illegal move leaves an unspecified (but memory-safe) position.
    #[inline]
    pub fn play_unchecked(&mut self, mv: Move) {
        self.play_inline(mv);
    }

    /// [`Position::play_unchecked`] always inlined, for the replay's loop.
    #[inline(always)]
    pub(crate) fn play_inline(&mut self, mv: Move) {
        self.play_role_inline(mv, self.role_at(mv.from().index() as u8));
    }

    /// [`Position::play_inline`] when the moving piece's role is known (`role`, that of the
    /// piece on the move's origin): the replay of SAN, which names it.
    #[inline(always)]
    pub(crate) fn play_role_inline(&mut self, mv: Move, role: Role) {
        debug_assert_eq!(role, self.role_at(mv.from().index() as u8));
        let from = mv.from().index() as u8;
        let to = mv.to().index() as u8;
        match mv.flags() {
            2 => self.make_castle(from, to),
            3 => self.make_ep(from, to),
            f if f >= 4 => {
                self.make_promotion(from, to, mv.promotion_role().unwrap_or(Role::Queen))
            }
            _ => self.make(role, from, to),
        }
    }

    /// Passes the turn without moving (a null move, for engines' null-move pruning): the
    /// en-passant target and the `-P` marker vanish, the turn passes. Not a move of the rules:
    /// a position in check gives an impossible position (the side not to move in check).
    #[inline]
    pub fn play_null(&mut self) {
        self.begin();
        self.finish();
    }

    /// The hand kind of the piece of colour `them` standing on `sq` (before the move).
    #[inline(always)]
    fn hand_kind(&self, role: Role, sq: u8, them: usize) -> usize {
        match role {
            Role::Queen => HAND_QUEEN,
            Role::Bishop => HAND_BISHOP,
            Role::Knight => HAND_KNIGHT,
            Role::Rook => {
                if CASTLE_MASK[sq as usize] != 0x0f
                    && self.castling & !CASTLE_MASK[sq as usize] != 0
                {
                    HAND_ROOK_PLUS
                } else {
                    HAND_ROOK
                }
            }
            Role::Pawn => {
                let rank = sq >> 3;
                if rank == 1 + 5 * them as u8 {
                    HAND_PAWN_PLUS
                } else if self.ep != 0 && (sq ^ self.ep) == 8 {
                    HAND_PAWN_MINUS
                } else {
                    HAND_PAWN
                }
            }
            Role::King => HAND_QUEEN, // never captured in a legal game
        }
    }

    /// Common start of every move: clears the `-P` marker and the clock bookkeeping.
    #[inline(always)]
    fn begin(&mut self) {
        self.key ^= KEYS.ep_at[self.ep as usize];
        self.ep = 0;
        self.halfmove = self.halfmove.saturating_add(1);
    }

    /// Common end of every move: the turn passes.
    #[inline(always)]
    fn finish(&mut self) {
        self.fullmove = self
            .fullmove
            .saturating_add(u16::from(self.side == Side::Second));
        self.side = self.side.flip();
        self.key ^= KEYS.black;
    }

    /// Takes the enemy piece on `to` (if any) into the mover's hand.
    #[inline(always)]
    fn capture_on(&mut self, us: usize, them: usize, to: u8) -> bool {
        let tb = 1u64 << to;
        if self.by_color[them] & tb == 0 {
            return false;
        }
        let cap = self.role_at(to);
        let kind = self.hand_kind(cap, to, them);
        self.by_role[cap.index()] ^= tb;
        self.by_color[them] ^= tb;
        self.key ^= KEYS.piece[them][cap.index()][to as usize];
        self.add_to_hand(us, kind);
        true
    }

    #[inline(always)]
    fn add_to_hand(&mut self, us: usize, kind: usize) {
        let n = self.hands[us][kind] as usize;
        if n < 64 {
            self.key ^= KEYS.hand[us][kind][n] ^ KEYS.hand[us][kind][n + 1];
            self.hands[us][kind] += 1;
        }
    }

    #[inline(always)]
    fn update_castling(&mut self, from: u8, to: u8) {
        // Unconditional: the two keys cancel when the rights do not change.
        let c = self.castling & CASTLE_MASK[from as usize] & CASTLE_MASK[to as usize];
        self.key ^= KEYS.castle[self.castling as usize] ^ KEYS.castle[c as usize];
        self.castling = c;
    }

    /// A normal move (no castling, en passant or promotion) of `role` from `from` to `to`.
    #[inline(always)]
    pub(crate) fn make(&mut self, role: Role, from: u8, to: u8) {
        let us = self.side.index();
        let them = us ^ 1;
        // The captured piece's state depends on the `-P` marker before it is cleared.
        let captured = self.capture_on(us, them, to);
        self.begin();
        let mv = 1u64 << from | 1u64 << to;
        self.by_role[role.index()] ^= mv;
        self.by_color[us] ^= mv;
        let keys = &KEYS.piece[us][role.index()];
        self.key ^= keys[from as usize] ^ keys[to as usize];
        // Without branches on the role (a game's moves are hard to predict): a capture or a
        // pawn move restarts the halfmove clock; a pawn's double step sets the `-P` marker on
        // the square it passed (square 0, "none", otherwise: `KEYS.ep_at[0]` is 0).
        let pawn = role == Role::Pawn;
        self.halfmove &= u16::from(captured | pawn).wrapping_sub(1);
        let passed = ((from + to) / 2) * u8::from(pawn & (from.abs_diff(to) == 16));
        self.ep = passed;
        self.key ^= KEYS.ep_at[passed as usize];
        self.update_castling(from, to);
        self.finish();
    }

    #[inline(always)]
    pub(crate) fn make_promotion(&mut self, from: u8, to: u8, promo: Role) {
        let us = self.side.index();
        let them = us ^ 1;
        self.capture_on(us, them, to);
        self.begin();
        self.halfmove = 0;
        self.by_role[0] ^= 1u64 << from;
        self.by_role[promo.index()] ^= 1u64 << to;
        self.by_color[us] ^= 1u64 << from | 1u64 << to;
        self.key ^= KEYS.piece[us][0][from as usize] ^ KEYS.piece[us][promo.index()][to as usize];
        self.update_castling(from, to);
        self.finish();
    }

    #[inline(always)]
    pub(crate) fn make_ep(&mut self, from: u8, to: u8) {
        let us = self.side.index();
        let them = us ^ 1;
        let cap = (from & 0x38) | (to & 7);
        let cb = 1u64 << cap;
        self.by_role[0] ^= cb;
        self.by_color[them] ^= cb;
        self.key ^= KEYS.piece[them][0][cap as usize];
        self.add_to_hand(us, HAND_PAWN_MINUS);
        self.begin();
        self.halfmove = 0;
        let mv = 1u64 << from | 1u64 << to;
        self.by_role[0] ^= mv;
        self.by_color[us] ^= mv;
        self.key ^= KEYS.piece[us][0][from as usize] ^ KEYS.piece[us][0][to as usize];
        self.finish();
    }

    /// Castling given by the king's squares.
    #[inline(always)]
    pub(crate) fn make_castle(&mut self, from: u8, to: u8) {
        let us = self.side.index();
        self.begin();
        let (rf, rt) = if to > from {
            (from + 3, from + 1)
        } else {
            (from - 4, from - 1)
        };
        let km = 1u64 << from | 1u64 << to;
        let rm = 1u64 << rf | 1u64 << rt;
        self.by_role[Role::King.index()] ^= km;
        self.by_role[Role::Rook.index()] ^= rm;
        self.by_color[us] ^= km | rm;
        let k = &KEYS.piece[us];
        self.key ^= k[5][from as usize] ^ k[5][to as usize] ^ k[3][rf as usize] ^ k[3][rt as usize];
        self.update_castling(from, rf);
        self.finish();
    }

    /// Whether the castling right with bit number `i` is alive.
    pub(crate) fn right(&self, i: usize) -> bool {
        self.castling >> i & 1 != 0
    }

    /// The corner square of the castling right with bit number `i`.
    pub(crate) fn right_corner(i: usize) -> u8 {
        RIGHT_CORNER[i]
    }
}
