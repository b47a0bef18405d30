//! The position: bitboards, hands, side to move, Zobrist key; copy-make; FEEN in and out.

use super::error::cell;
use super::tables::{hand_key, ZOBRIST};
use super::types::{Move, Role};
use tegoma_protocol::Side;
use tegoma_protocol::{IllegalMove, IllegalReason, PositionError};

use crate::kit::{Bitboard, Square};
use crate::parts::Parts;

/// The Ōgi initial position.
pub const STARTPOS: &str = "lnsik^snl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIK^SNL / O/o";

/// An Ōgi position: a small `Copy` value (bitboards per kind and side, a mailbox, hand counters,
/// the side to move, the Jeweled markers and an incrementally kept Zobrist key).
///
/// Equality and hashing follow ruling R5: two positions are equal when their canonical FEEN
/// strings, with every `'` removed, are equal (placement, hands, side to move).
#[derive(Clone, Copy)]
pub struct Position {
    /// The kind of each occupied square, as the 4 bits of (kind index + 1), one plane per bit.
    pub(crate) planes: [u64; 4],
    pub(crate) sides: [u64; 2],
    /// Hand counts by side and kind index (index 0: captured Kings).
    pub(crate) hands: [[u8; 16]; 2],
    /// Squares holding a Jeweled King (`K^'`).
    pub(crate) jewels: u64,
    pub(crate) stm: Side,
    pub(crate) key: u64,
}

impl PartialEq for Position {
    fn eq(&self, o: &Position) -> bool {
        self.key == o.key
            && self.sides == o.sides
            && self.planes == o.planes
            && self.hands == o.hands
            && self.stm == o.stm
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
    fn empty(stm: Side) -> Position {
        let mut p = Position {
            planes: [0; 4],
            sides: [0; 2],
            hands: [[0; 16]; 2],
            jewels: 0,
            stm,
            key: 0,
        };
        if stm == Side::Second {
            p.key ^= ZOBRIST.second_to_move;
        }
        p
    }

    /// The initial position, [`STARTPOS`].
    pub fn startpos() -> Position {
        Position::from_feen(STARTPOS).expect("the initial position is valid")
    }

    /// Reads an Ōgi position from FEEN (styles `O/o`, 8x8 board, Ōgi pieces; `K^'` keeps its
    /// Jeweled marker).
    ///
    /// ```
    /// use tegoma_rules::ogi::Position;
    /// let p = Position::from_feen("lnsik^'snl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIK^SNL / O/o")?;
    /// assert_eq!(p, Position::startpos()); // the Jeweled marker does not change identity (R5)
    /// assert!(p.to_feen().contains("k^'"));
    /// # Ok::<(), tegoma_rules::ogi::PositionError>(())
    /// ```
    pub fn from_feen(s: &str) -> Result<Position, PositionError> {
        Position::from_parts(Parts::from_feen(s)?)
    }

    /// Reads a generic position (the Game Protocol's model), as [`Position::from_feen`] reads
    /// its FEEN, without writing FEEN text in between.
    ///
    /// # Errors
    /// As [`Position::from_feen`]; a board with holes is refused with
    /// [`PositionError::BoardShape`].
    pub fn from_generic(position: &tegoma_protocol::Position) -> Result<Position, PositionError> {
        Position::from_parts(Parts::from_generic(position)?)
    }

    /// The position a [`Parts`] describes, checked.
    fn from_parts(parts: Parts) -> Result<Position, PositionError> {
        if parts.dims != [8, 8] {
            return Err(PositionError::BoardShape {
                expected: vec![8, 8],
                found: parts.dims,
            });
        }
        let found = parts.styles;
        if found[0].to_char() != 'O' || found[1].to_char() != 'o' {
            return Err(PositionError::Styles {
                expected: crate::systems::OGI_STYLES,
                found,
            });
        }
        let stm = if parts.first_to_move {
            Side::First
        } else {
            Side::Second
        };
        let mut p = Position::empty(stm);
        for (idx, sq) in parts.squares.iter().enumerate() {
            let Some(piece) = *sq else { continue };
            let tok = piece.encode();
            let s = ((7 - idx / 8) * 8 + idx % 8) as u8;
            let (side, kind, jewel) =
                parse_token(tok.as_str()).ok_or_else(|| PositionError::ForeignPiece {
                    piece: tegoma_protocol::Piece::from_epin(piece),
                    square: cell(s),
                })?;
            p.put(side, kind, s);
            if jewel {
                p.jewels |= 1 << s;
            }
        }
        for (hand_side, items) in [Side::First, Side::Second].into_iter().zip(&parts.hands) {
            for &(piece, count) in items {
                let tok = piece.encode();
                let bad = || PositionError::HandPiece {
                    hand: hand_side,
                    piece: tegoma_protocol::Piece::from_epin(piece),
                };
                let (side, kind, jewel) = parse_token(tok.as_str()).ok_or_else(bad)?;
                if side != hand_side || jewel {
                    return Err(bad());
                }
                let c = count.min(64) as u8;
                p.set_hand(side, kind.index(), c);
            }
        }
        Ok(p)
    }

    /// The position in the Game Protocol's generic model, built directly (what reading
    /// [`Position::to_feen`] gives, without the text).
    pub fn to_generic(&self) -> tegoma_protocol::Position {
        let mut tokens: [Vec<(String, u32)>; 2] = [Vec::new(), Vec::new()];
        for side in [Side::First, Side::Second] {
            for &k in Role::ALL.iter() {
                let n = self.hands[side.index()][k.index()];
                if n > 0 {
                    tokens[side.index()].push((k.token(side), u32::from(n)));
                }
            }
        }
        let hand = |side: Side| -> Vec<(&str, u32)> {
            tokens[side.index()]
                .iter()
                .map(|(t, n)| (t.as_str(), *n))
                .collect()
        };
        let hands = [hand(Side::First), hand(Side::Second)];
        // The occupied squares only, each piece from a table read once (see
        // `chess::Position::to_generic`).
        let mut p = crate::parts::empty_generic(crate::systems::OGI_STYLES);
        let pieces = generic_pieces();
        for sq in self.occupied() {
            let sq = sq.index() as u8;
            let Some((side, kind)) = self.piece_on(sq) else {
                continue;
            };
            let jewel = usize::from(self.jewels >> sq & 1 != 0);
            // FEEN order: rank 8 first, file a first (the square index counts from a1).
            let flat = (7 - u32::from(sq) / 8) * 8 + u32::from(sq) % 8;
            p.set(
                tegoma_protocol::Square::new(flat),
                Some(pieces[side.index()][kind.index()][jewel]),
            )
            .expect("64 squares for at most 64 pieces");
        }
        crate::parts::finish_generic(&mut p, self.stm, [&hands[0], &hands[1]]);
        p
    }

    /// The canonical FEEN of the position (Jeweled markers kept).
    pub fn to_feen(&self) -> String {
        let mut s = String::with_capacity(96);
        self.write_feen(&mut s);
        s
    }

    /// Appends [`Position::to_feen`] to `s`, with no allocation beyond `s` growing.
    pub fn write_feen(&self, s: &mut String) {
        // A count of pieces or empty squares, in decimal.
        fn push_count(s: &mut String, n: u8) {
            if n >= 100 {
                s.push(char::from(b'0' + n / 100));
            }
            if n >= 10 {
                s.push(char::from(b'0' + n / 10 % 10));
            }
            s.push(char::from(b'0' + n % 10));
        }
        for r in (0..8).rev() {
            let mut empty = 0;
            for f in 0..8 {
                let sq = r * 8 + f;
                match self.piece_on(sq as u8) {
                    None => empty += 1,
                    Some((side, kind)) => {
                        if empty > 0 {
                            push_count(s, empty);
                            empty = 0;
                        }
                        let _ = kind.write_token(side, s);
                        if self.jewels >> sq & 1 != 0 {
                            s.push('\'');
                        }
                    }
                }
            }
            if empty > 0 {
                push_count(s, empty);
            }
            if r > 0 {
                s.push('/');
            }
        }
        s.push(' ');
        for side in [Side::First, Side::Second] {
            // Canonical order: larger counts first, then by letter, the unpromoted kind first.
            let mut items = [(0u8, 0u8, false, Role::King); 16];
            let mut len = 0;
            for &k in Role::ALL.iter() {
                let n = self.hands[side.index()][k.index()];
                if n > 0 {
                    items[len] = (n, k.letter(), !k.is_promoted(), k);
                    len += 1;
                }
            }
            let items = &mut items[..len];
            items.sort_unstable_by(|a, b| b.0.cmp(&a.0).then((a.1, a.2).cmp(&(b.1, b.2))));
            for &(c, _, _, k) in items.iter() {
                if c > 1 {
                    push_count(s, c);
                }
                let _ = k.write_token(side, s);
            }
            if side == Side::First {
                s.push('/');
            }
        }
        s.push_str(if self.stm == Side::First {
            " O/o"
        } else {
            " o/O"
        });
    }

    /// The side to move.
    #[inline]
    pub fn side_to_move(&self) -> Side {
        self.stm
    }

    /// The Zobrist key: equal for equal positions in the sense of R5 (canonical FEEN without `'`).
    #[inline]
    pub fn zobrist(&self) -> u64 {
        self.key
    }

    /// The piece on `sq`, if any.
    #[inline]
    pub fn piece_at(&self, sq: Square) -> Option<(Side, Role)> {
        self.piece_on(sq.index() as u8)
    }

    /// The piece on square index `sq` (a1 = 0 .. h8 = 63).
    #[inline]
    pub(crate) fn piece_on(&self, sq: u8) -> Option<(Side, Role)> {
        let sq = sq & 63;
        let side = if self.sides[0] >> sq & 1 != 0 {
            Side::First
        } else if self.sides[1] >> sq & 1 != 0 {
            Side::Second
        } else {
            return None;
        };
        self.role_on(sq).map(|k| (side, k))
    }

    /// The kind of the piece on `sq`, if any.
    #[inline]
    pub(crate) fn role_on(&self, sq: u8) -> Option<Role> {
        let sq = sq & 63;
        let code = (self.planes[0] >> sq & 1)
            | (self.planes[1] >> sq & 1) << 1
            | (self.planes[2] >> sq & 1) << 2
            | (self.planes[3] >> sq & 1) << 3;
        if code == 0 {
            None
        } else {
            Some(Role::from_index(code as usize - 1))
        }
    }

    /// The squares holding a piece of kind index `k`, both sides.
    #[inline(always)]
    pub(crate) fn role_bb(&self, k: usize) -> u64 {
        let c = k + 1;
        let p = &self.planes;
        let pick = |i: usize| if c >> i & 1 != 0 { p[i] } else { !p[i] };
        pick(0) & pick(1) & pick(2) & pick(3)
    }

    /// Whether the King on square `sq` is a Jeweled King (`K^'`).
    pub fn is_jeweled(&self, sq: Square) -> bool {
        self.jewels >> sq.index() & 1 != 0
    }

    /// How many pieces of `kind` (as held: `Role::PRook` for a `+R` kept by the King's privilege)
    /// `side` holds. Captured Kings are counted under `Role::King`.
    #[inline]
    pub fn hand_count(&self, side: Side, kind: Role) -> u8 {
        self.hands[side.index()][kind.index()]
    }

    /// The squares of `side`'s pieces of `role`.
    #[inline]
    pub fn pieces(&self, side: Side, role: Role) -> Bitboard {
        Bitboard(self.role_bb(role.index()) & self.sides[side.index()])
    }

    /// The squares occupied by `side`.
    #[inline]
    pub fn occupied_by(&self, side: Side) -> Bitboard {
        Bitboard(self.sides[side.index()])
    }

    /// Every occupied square.
    #[inline]
    pub fn occupied(&self) -> Bitboard {
        Bitboard(self.sides[0] | self.sides[1])
    }

    /// Whether the game is over: some side has no King on the board (a King was captured).
    /// Such a position has no legal moves.
    #[inline]
    pub fn is_over(&self) -> bool {
        let k = self.role_bb(0);
        k & self.sides[0] == 0 || k & self.sides[1] == 0
    }

    #[inline(always)]
    fn put(&mut self, side: Side, kind: Role, sq: u8) {
        let b = 1u64 << sq;
        let c = kind as u64 + 1;
        for (i, p) in self.planes.iter_mut().enumerate() {
            *p |= b & (c >> i & 1).wrapping_neg();
        }
        self.sides[side.index()] |= b;
        self.key ^= ZOBRIST.piece[side.index()][kind.index()][sq as usize];
    }

    #[inline(always)]
    fn take(&mut self, side: Side, kind: Role, sq: u8) {
        let b = 1u64 << sq;
        for p in &mut self.planes {
            *p &= !b;
        }
        self.sides[side.index()] &= !b;
        self.key ^= ZOBRIST.piece[side.index()][kind.index()][sq as usize];
    }

    #[inline(always)]
    fn set_hand(&mut self, side: Side, slot: usize, count: u8) {
        let old = self.hands[side.index()][slot];
        self.key ^= hand_key(side, slot, old) ^ hand_key(side, slot, count);
        self.hands[side.index()][slot] = count;
    }

    /// Whether `m` is one of this position's legal moves (King's privilege included; history
    /// ignored).
    pub fn is_legal(&self, m: Move) -> bool {
        let mut found = false;
        self.for_each_move(true, |x| found |= x == m);
        found
    }

    /// Plays `m` if it is legal here; otherwise returns an [`IllegalMove`] and leaves the
    /// position unchanged. Hot paths that play generated moves use
    /// [`play_unchecked`](Position::play_unchecked).
    ///
    /// ```
    /// use tegoma_rules::ogi::Position;
    /// let mut p = Position::startpos();
    /// let m = p.parse_pmn("e3-e4")?;
    /// p.play(m)?;
    /// assert!(p.play(m).is_err()); // not a move of the second player
    /// # Ok::<(), tegoma_rules::ogi::MoveError>(())
    /// ```
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMove> {
        if !self.is_legal(m) {
            return Err(self.illegal(m));
        }
        self.play_unchecked(m);
        Ok(())
    }

    /// The error [`play`](Position::play) returns for a move that is not legal here.
    pub(crate) fn illegal(&self, m: Move) -> IllegalMove {
        IllegalMove::new(self.move_to_pmn(m), IllegalReason::NotLegal)
    }

    /// Plays `m`, which must be one of this position's legal moves (as given by
    /// [`legal_moves`](Position::legal_moves) or [`parse_pmn`](Position::parse_pmn)); anything
    /// else leaves a meaningless (but memory-safe) position.
    #[inline(always)]
    pub fn play_unchecked(&mut self, m: Move) {
        let us = self.stm;
        let them = us.flip();
        let to = m.dest();
        let kind = m.role();
        match m.origin() {
            None => {
                let c = self.hands[us.index()][kind.index()];
                self.set_hand(us, kind.index(), c.wrapping_sub(1));
                self.put(us, kind, to);
            }
            Some(from) => {
                if let Some(cap) = m.captured() {
                    self.take(them, cap, to);
                    self.jewels &= !(1u64 << to);
                    let slot = m.hand_role().unwrap_or(cap).index();
                    let c = self.hands[us.index()][slot];
                    self.set_hand(us, slot, c.saturating_add(1));
                }
                self.take(us, kind, from);
                self.put(us, m.final_role(), to);
                if self.jewels >> from & 1 != 0 {
                    self.jewels ^= 1u64 << from | 1u64 << to;
                }
            }
        }
        self.stm = them;
        self.key ^= ZOBRIST.second_to_move;
    }

    /// Passes the turn without moving (a null move, for engines' null-move pruning). Not a
    /// move of the rules.
    #[inline]
    pub fn play_null(&mut self) {
        self.stm = self.stm.flip();
        self.key ^= ZOBRIST.second_to_move;
    }

    /// The position after `m` as a new value, if `m` is legal here; otherwise
    /// [`IllegalMove`].
    pub fn after(&self, m: Move) -> Result<Position, IllegalMove> {
        let mut p = *self;
        p.play(m)?;
        Ok(p)
    }

    /// The position after `m`, which must be legal here (copy-make, not checked; see
    /// [`play_unchecked`](Position::play_unchecked)).
    #[inline]
    pub fn after_unchecked(&self, m: Move) -> Position {
        let mut p = *self;
        p.play_unchecked(m);
        p
    }

    /// Recomputes the Zobrist key from scratch (for tests of the incremental key).
    pub fn zobrist_from_scratch(&self) -> u64 {
        let mut k = 0;
        for sq in 0..64u8 {
            if let Some((s, kind)) = self.piece_on(sq) {
                k ^= ZOBRIST.piece[s.index()][kind.index()][sq as usize];
            }
        }
        for s in [Side::First, Side::Second] {
            for slot in 0..16 {
                k ^= hand_key(s, slot, self.hands[s.index()][slot]);
            }
        }
        if self.stm == Side::Second {
            k ^= ZOBRIST.second_to_move;
        }
        k
    }
}

/// Reads an EPIN token as an Ōgi piece: (side, kind, Jeweled).
pub(crate) fn parse_token(t: &str) -> Option<(Side, Role, bool)> {
    let b = t.as_bytes();
    let (promoted, rest) = match b.first()? {
        b'+' => (true, &b[1..]),
        _ => (false, b),
    };
    let (&letter, rest) = rest.split_first()?;
    let side = if letter.is_ascii_uppercase() {
        Side::First
    } else {
        Side::Second
    };
    let base = match letter.to_ascii_uppercase() {
        b'K' => Role::King,
        b'I' => Role::Princess,
        b'R' => Role::Rook,
        b'B' => Role::Bishop,
        b'S' => Role::Silver,
        b'N' => Role::Knight,
        b'L' => Role::Lance,
        b'P' => Role::Pawn,
        _ => return None,
    };
    let (jewel, terminal) = match rest {
        [] => (false, false),
        [b'^'] => (false, true),
        [b'^', b'\''] => (true, true),
        _ => return None,
    };
    if terminal != (base == Role::King) || (promoted && base == Role::King) {
        return None;
    }
    let kind = if promoted { base.promoted() } else { base };
    Some((side, kind, jewel))
}

/// The generic piece of each side, kind and Jeweled marker (`'`), read from its token once.
fn generic_pieces() -> &'static [[[tegoma_protocol::Piece; 2]; crate::ogi::types::ROLES]; 2] {
    type Table = [[[tegoma_protocol::Piece; 2]; crate::ogi::types::ROLES]; 2];
    static PIECES: std::sync::OnceLock<Table> = std::sync::OnceLock::new();
    PIECES.get_or_init(|| {
        std::array::from_fn(|side| {
            let side = if side == 0 { Side::First } else { Side::Second };
            std::array::from_fn(|kind| {
                std::array::from_fn(|jewel| {
                    let mut token = Role::ALL[kind].token(side);
                    if jewel == 1 {
                        token.push('\'');
                    }
                    tegoma_protocol::Piece::parse(&token).expect("Ōgi's tokens are EPIN")
                })
            })
        })
    })
}
