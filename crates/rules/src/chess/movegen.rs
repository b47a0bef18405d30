//! Legal move generation: check and pin masks, moves produced as destination sets.
//!
//! The generator hands its moves to a [`Sink`] as sets: a piece's destinations, the pawns'
//! destinations for one shift, promotions, en passant and castling. A counting sink adds
//! population counts (bulk perft), a list sink expands the sets into [`Move`]s, and the perft
//! sink plays each move.

use super::tables::PAWN_ATTACKS;
use super::{Move, MoveList, Position, Role, Side};
use crate::kit::{
    between, bishop_attacks_u64, king_attacks, knight_attacks, line, rook_attacks_u64, Square,
};

const RANK_1: u64 = 0xff;
const RANK_3: u64 = 0xff << 16;
const RANK_6: u64 = 0xff << 40;
const RANK_8: u64 = 0xff << 56;
const FILE_A: u64 = 0x0101_0101_0101_0101;
const FILE_H: u64 = FILE_A << 7;

/// Receives the legal moves of a position, grouped in sets.
pub(crate) trait Sink {
    /// A knight, bishop, rook, queen or king on `from` may go to every square of `to`.
    fn piece(&mut self, role: Role, from: u8, to: u64);
    /// Non-promoting pawn moves: each square `t` of `to` is reached from `t - delta`.
    fn pawns(&mut self, to: u64, delta: i8);
    /// Promotions (four moves each): each square `t` of `to` is reached from `t - delta`.
    fn promotions(&mut self, to: u64, delta: i8);
    /// An en-passant capture.
    fn en_passant(&mut self, from: u8, to: u8);
    /// Castling, by the king's squares.
    fn castle(&mut self, from: u8, to: u8);
}

#[inline(always)]
fn sq(i: u8) -> Square {
    Square::from_index(i)
}

#[inline(always)]
fn shift(b: u64, delta: i8) -> u64 {
    if delta >= 0 {
        b << delta
    } else {
        b >> -delta
    }
}

impl Position {
    /// Whether `target` is attacked by a piece of `by`, with occupancy `occ`.
    #[inline(always)]
    pub(crate) fn attacked_by(&self, target: u8, by: Side, occ: u64) -> bool {
        let them = self.by_color[by.index()];
        let r = &self.by_role;
        let t = target as usize;
        (knight_attacks(sq(target)).0 & r[1] & them) != 0
            || (PAWN_ATTACKS[by.flip().index()][t] & r[0] & them) != 0
            || (king_attacks(sq(target)).0 & r[5] & them) != 0
            || (bishop_attacks_u64(t, occ) & (r[2] | r[4]) & them) != 0
            || (rook_attacks_u64(t, occ) & (r[3] | r[4]) & them) != 0
    }

    /// The pieces of `by` attacking `target`, with occupancy `occ`.
    #[inline(always)]
    pub(crate) fn attackers(&self, target: u8, by: Side, occ: u64) -> u64 {
        let them = self.by_color[by.index()];
        let r = &self.by_role;
        let t = target as usize;
        ((knight_attacks(sq(target)).0 & r[1])
            | (PAWN_ATTACKS[by.flip().index()][t] & r[0])
            | (king_attacks(sq(target)).0 & r[5])
            | (bishop_attacks_u64(t, occ) & (r[2] | r[4]))
            | (rook_attacks_u64(t, occ) & (r[3] | r[4])))
            & them
    }

    /// Whether the side to move is in check.
    ///
    /// Found from the ray and between tables (a few kilobytes) rather than the magic slider
    /// tables: a caller that looks at one position after another (a replay, a game) finds them
    /// in cache.
    #[inline]
    pub fn is_check(&self) -> bool {
        super::san_fast::in_check(self)
    }

    /// Generates every legal move into `sink`.
    #[inline(always)]
    pub(crate) fn generate<S: Sink>(&self, sink: &mut S) {
        self.generate_some::<S, false>(sink);
    }

    /// Generates the legal moves into `sink`: every one, or with `NOISY` only the captures (en
    /// passant included) and the promotions (capturing or not).
    #[inline(always)]
    fn generate_some<S: Sink, const NOISY: bool>(&self, sink: &mut S) {
        let us = self.side;
        let them = us.flip();
        let ours = self.by_color[us.index()];
        let theirs = self.by_color[them.index()];
        let occ = ours | theirs;
        let r = &self.by_role;
        let kbb = r[5] & ours;
        let ksq = kbb.trailing_zeros() as u8;
        let checkers = self.attackers(ksq, them, occ);

        // King moves: each destination tested with the king lifted off the board.
        let occ_nk = occ ^ kbb;
        let mut kto = 0;
        let mut cand = king_attacks(sq(ksq)).0 & if NOISY { theirs } else { !ours };
        while cand != 0 {
            let t = cand.trailing_zeros() as u8;
            cand &= cand - 1;
            if !self.attacked_by(t, them, occ_nk) {
                kto |= 1 << t;
            }
        }
        if kto != 0 {
            sink.piece(Role::King, ksq, kto);
        }
        if checkers & checkers.wrapping_sub(1) != 0 {
            return; // double check: king moves only
        }

        let target = if checkers == 0 {
            !ours
        } else {
            let c = checkers.trailing_zeros() as u8;
            between(sq(ksq), sq(c)).0 | checkers
        };
        // Where the pieces may go: with `NOISY`, only onto an enemy piece.
        let piece_target = if NOISY { target & theirs } else { target };

        // Pins: enemy sliders seeing the king through exactly one of our pieces.
        let their_diag = (r[2] | r[4]) & theirs;
        let their_orth = (r[3] | r[4]) & theirs;
        let mut snipers = (bishop_attacks_u64(ksq as usize, theirs) & their_diag)
            | (rook_attacks_u64(ksq as usize, theirs) & their_orth);
        let mut pinned = 0u64;
        while snipers != 0 {
            let s = snipers.trailing_zeros() as u8;
            snipers &= snipers - 1;
            let b = between(sq(ksq), sq(s)).0 & occ;
            if b & (b.wrapping_sub(1)) == 0 && b & ours != 0 {
                pinned |= b;
            }
        }

        // Knights (a pinned knight never moves).
        let mut knights = r[1] & ours & !pinned;
        while knights != 0 {
            let f = knights.trailing_zeros() as u8;
            knights &= knights - 1;
            let to = knight_attacks(sq(f)).0 & piece_target;
            if to != 0 {
                sink.piece(Role::Knight, f, to);
            }
        }
        // Sliders.
        let mut diag = (r[2] | r[4]) & ours;
        while diag != 0 {
            let f = diag.trailing_zeros() as u8;
            diag &= diag - 1;
            let mut to = bishop_attacks_u64(f as usize, occ) & piece_target;
            if pinned & (1 << f) != 0 {
                to &= line(sq(ksq), sq(f)).0;
            }
            if to != 0 {
                let role = if r[4] & (1 << f) != 0 {
                    Role::Queen
                } else {
                    Role::Bishop
                };
                sink.piece(role, f, to);
            }
        }
        let mut orth = (r[3] | r[4]) & ours;
        while orth != 0 {
            let f = orth.trailing_zeros() as u8;
            orth &= orth - 1;
            let mut to = rook_attacks_u64(f as usize, occ) & piece_target;
            if pinned & (1 << f) != 0 {
                to &= line(sq(ksq), sq(f)).0;
            }
            if to != 0 {
                let role = if r[4] & (1 << f) != 0 {
                    Role::Queen
                } else {
                    Role::Rook
                };
                sink.piece(role, f, to);
            }
        }

        // Pawns.
        let pawns = r[0] & ours;
        let empty = !occ;
        let (up, left, right, last, third) = match us {
            Side::First => (8i8, 7i8, 9i8, RANK_8, RANK_3),
            Side::Second => (-8i8, -9i8, -7i8, RANK_1, RANK_6),
        };
        let free = pawns & !pinned;
        // With `NOISY`, a push only where it promotes.
        let push_to = if NOISY { last } else { !0 };
        let single = shift(free, up) & empty;
        let double = if NOISY {
            0
        } else {
            shift(single & third, up) & empty & target
        };
        let single = single & target & push_to;
        // "left" captures go toward file a, so they cannot start on file a.
        let cap_l = shift(free & !FILE_A, left) & theirs & target;
        let cap_r = shift(free & !FILE_H, right) & theirs & target;
        if single & !last != 0 {
            sink.pawns(single & !last, up);
        }
        if double != 0 {
            sink.pawns(double, 2 * up);
        }
        if cap_l & !last != 0 {
            sink.pawns(cap_l & !last, left);
        }
        if cap_r & !last != 0 {
            sink.pawns(cap_r & !last, right);
        }
        if (single | cap_l | cap_r) & last != 0 {
            if single & last != 0 {
                sink.promotions(single & last, up);
            }
            if cap_l & last != 0 {
                sink.promotions(cap_l & last, left);
            }
            if cap_r & last != 0 {
                sink.promotions(cap_r & last, right);
            }
        }
        let mut pinned_pawns = pawns & pinned;
        while pinned_pawns != 0 {
            let f = pinned_pawns.trailing_zeros() as u8;
            pinned_pawns &= pinned_pawns - 1;
            let fb = 1u64 << f;
            let along = line(sq(ksq), sq(f)).0 & target;
            let one = shift(fb, up) & empty;
            let two = if NOISY {
                0
            } else {
                shift(one & third, up) & empty
            };
            let one = one & push_to;
            let caps = PAWN_ATTACKS[us.index()][f as usize] & theirs;
            let mut to = (one | two | caps) & along;
            while to != 0 {
                let t = to.trailing_zeros() as u8;
                to &= to - 1;
                let delta = t as i8 - f as i8;
                if (1u64 << t) & last != 0 {
                    sink.promotions(1 << t, delta);
                } else {
                    sink.pawns(1 << t, delta);
                }
            }
        }

        // En passant: checked by playing it out (rare).
        if self.ep != 0 {
            let t = self.ep;
            let cap = t ^ 8; // the -P pawn sits one rank behind the target, seen from the mover
            let mut from = PAWN_ATTACKS[them.index()][t as usize] & pawns;
            while from != 0 {
                let f = from.trailing_zeros() as u8;
                from &= from - 1;
                let occ2 = (occ ^ (1 << f) ^ (1 << cap)) | (1 << t);
                let their2 = theirs ^ (1 << cap);
                let attacked = (rook_attacks_u64(ksq as usize, occ2) & their_orth) != 0
                    || (bishop_attacks_u64(ksq as usize, occ2) & their_diag) != 0
                    || (knight_attacks(sq(ksq)).0 & r[1] & theirs) != 0
                    || (PAWN_ATTACKS[us.index()][ksq as usize] & r[0] & their2) != 0;
                if !attacked {
                    sink.en_passant(f, t);
                }
            }
        }

        // Castling (not out of, through or into check).
        if !NOISY && checkers == 0 && self.castling != 0 {
            let rights = match us {
                Side::First => [0, 1],
                Side::Second => [2, 3],
            };
            for right in rights {
                if let Some((from, to)) = self.castling_squares(right, occ) {
                    sink.castle(from, to);
                }
            }
        }
    }

    /// The king's squares (from, to) of castling with the right numbered `right` (0 White king
    /// side, 1 White queen side, 2 and 3 Black's) when it is legal for a side not in check: the
    /// right alive, the squares between king and rook empty, the squares the king passes and
    /// reaches not attacked. `occ` is the occupancy.
    #[inline(always)]
    pub(crate) fn castling_squares(&self, right: usize, occ: u64) -> Option<(u8, u8)> {
        let base = if right < 2 { 0 } else { 56 };
        let (pass, to) = if right % 2 == 0 {
            (base + 5, base + 6)
        } else {
            (base + 3, base + 2)
        };
        let them = if right < 2 { Side::Second } else { Side::First };
        (self.right(right)
            && occ & between(sq(base + 4), sq(Position::right_corner(right))).0 == 0
            && !self.attacked_by(pass, them, occ)
            && !self.attacked_by(to, them, occ))
        .then_some((base + 4, to))
    }

    /// The legal moves, as a list the caller owns and iterates.
    ///
    /// ```
    /// use tegoma_rules::chess::Position;
    /// let moves = Position::startpos().legal_moves();
    /// assert_eq!(moves.len(), 20);
    /// assert!(moves.iter().all(|m| !m.is_capture()));
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        list
    }

    /// Writes the legal moves into `list` (cleared first): the buffer form, for hot paths that
    /// reuse one list.
    pub fn legal_moves_into(&self, list: &mut MoveList) {
        list.clear();
        let mut s = ListSink {
            list,
            theirs: self.by_color[self.side.flip().index()],
        };
        self.generate(&mut s);
    }

    /// Writes the legal captures (en passant included) and promotions into `list` (cleared
    /// first): the moves a quiescence search tries, without generating the quiet ones.
    ///
    /// ```
    /// use tegoma_rules::chess::Position;
    /// let pos = Position::from_fen("4k3/1P6/8/3p4/4P3/8/8/4K3 w - - 0 1").unwrap();
    /// let mut list = tegoma_rules::chess::MoveList::new();
    /// pos.noisy_moves_into(&mut list);
    /// assert_eq!(list.len(), 5); // exd5, and b8 promoting to each of four pieces
    /// ```
    pub fn noisy_moves_into(&self, list: &mut MoveList) {
        list.clear();
        let mut s = ListSink {
            list,
            theirs: self.by_color[self.side.flip().index()],
        };
        self.generate_some::<_, true>(&mut s);
    }

    /// The number of legal moves (counted from the destination sets).
    #[inline]
    pub fn count_legal(&self) -> u64 {
        let mut s = CountSink(0);
        self.generate(&mut s);
        s.0
    }

    /// Whether the side to move has at least one legal move.
    pub fn has_legal_move(&self) -> bool {
        self.count_legal() != 0
    }
}

/// Counts moves from the sets.
pub(crate) struct CountSink(pub u64);

impl Sink for CountSink {
    #[inline(always)]
    fn piece(&mut self, _: Role, _: u8, to: u64) {
        self.0 += to.count_ones() as u64;
    }
    #[inline(always)]
    fn pawns(&mut self, to: u64, _: i8) {
        self.0 += to.count_ones() as u64;
    }
    #[inline(always)]
    fn promotions(&mut self, to: u64, _: i8) {
        self.0 += 4 * to.count_ones() as u64;
    }
    #[inline(always)]
    fn en_passant(&mut self, _: u8, _: u8) {
        self.0 += 1;
    }
    #[inline(always)]
    fn castle(&mut self, _: u8, _: u8) {
        self.0 += 1;
    }
}

struct ListSink<'a> {
    list: &'a mut MoveList,
    theirs: u64,
}

impl Sink for ListSink<'_> {
    fn piece(&mut self, _: Role, from: u8, mut to: u64) {
        while to != 0 {
            let t = to.trailing_zeros() as u8;
            to &= to - 1;
            let flags = if self.theirs & (1 << t) != 0 { 1 } else { 0 };
            self.list.push(Move::raw(from, t, flags));
        }
    }
    fn pawns(&mut self, mut to: u64, delta: i8) {
        while to != 0 {
            let t = to.trailing_zeros() as u8;
            to &= to - 1;
            let f = (t as i8 - delta) as u8;
            let flags = if self.theirs & (1 << t) != 0 { 1 } else { 0 };
            self.list.push(Move::raw(f, t, flags));
        }
    }
    fn promotions(&mut self, mut to: u64, delta: i8) {
        while to != 0 {
            let t = to.trailing_zeros() as u8;
            to &= to - 1;
            let f = (t as i8 - delta) as u8;
            let c = self.theirs & (1 << t) != 0;
            for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                self.list.push(Move::promotion(sq(f), sq(t), role, c));
            }
        }
    }
    fn en_passant(&mut self, from: u8, to: u8) {
        self.list.push(Move::en_passant(sq(from), sq(to)));
    }
    fn castle(&mut self, from: u8, to: u8) {
        self.list.push(Move::castle(sq(from), sq(to)));
    }
}
