//! Move generation: the Chess army's legal moves (check and pin masks against Ōgi attackers,
//! the capture of the Ōgi King always allowed), the Ōgi army's moves (no check constraint,
//! drops), bulk counting and perft.

use tegoma_protocol::Side;

use super::attacks::{between, chess_attack, king, line, ogi_attack};
use super::position::{Position, KING_SIDE, QUEEN_SIDE};
use super::types::{Move, Piece};
use crate::chess::tables::PAWN_ATTACKS;
use crate::chess::Role as ChessRole;
use crate::kit::{self, Square};
use crate::ogi::tables::{drop_mask, forced, FORWARD, LAST1, ZONE};
use crate::ogi::Role as OgiRole;

/// Receives the generated moves, grouped by origin.
pub(crate) trait Sink {
    /// Only counts moves: sets of moves may be given as counts ([`Sink::add`]).
    const BULK: bool = false;
    /// `n` more moves (a counting sink only).
    #[inline(always)]
    fn add(&mut self, _n: u64) {}
    /// A chess piece (not a pawn reaching its last rank) on `from` may go to each of `dests`.
    fn chess(&mut self, pos: &Position, role: ChessRole, from: u8, dests: u64);
    /// A chess pawn on `from` may go to each of `dests`, each on its last rank: four promotions.
    fn chess_promotions(&mut self, pos: &Position, from: u8, dests: u64);
    /// The King castles from `from` to `to`.
    fn castle(&mut self, from: u8, to: u8);
    /// A promotable Ōgi piece: `optional` where it may also promote, `forced` where it must.
    fn ogi_promotable(
        &mut self,
        pos: &Position,
        role: OgiRole,
        from: u8,
        dests: u64,
        optional: u64,
        forced: u64,
    );
    /// An Ōgi piece that cannot promote (the King, a promoted piece).
    fn ogi_plain(&mut self, pos: &Position, role: OgiRole, from: u8, dests: u64);
    /// A held Ōgi piece may be dropped on each of `dests`.
    fn drops(&mut self, role: OgiRole, dests: u64);
}

impl Position {
    /// Generates every legal move (none once a King is captured).
    #[inline(always)]
    pub(crate) fn generate<S: Sink>(&self, sink: &mut S) {
        if self.is_over() {
            return;
        }
        if self.stm == self.chess_side {
            self.generate_chess(sink);
        } else {
            self.generate_ogi(sink);
        }
    }

    /// The Chess army's legal moves.
    #[inline(always)]
    fn generate_chess<S: Sink>(&self, sink: &mut S) {
        let c = self.chess_side.index();
        let own = self.occ[0];
        let them = self.occ[1];
        let all = own | them;
        let ch = |i: usize| self.cb(i);
        let kbb = ch(ChessRole::King as usize);
        let ksq = kbb.trailing_zeros() as u8;
        let ogi_king = self.ob(OgiRole::King as usize);
        let oa = self.ogi_attackers_grouped();
        let checkers = oa.to(ksq, all);
        // Where a piece other than the King may go: anywhere (no check), onto the checker or
        // between it and the King (one check), nowhere (two).
        let target = if checkers == 0 {
            !own
        } else if checkers & (checkers - 1) == 0 {
            checkers | between(ksq, checkers.trailing_zeros() as u8)
        } else {
            0
        };
        // Pinned pieces: a lone chess piece between the King and an Ōgi slider.
        let o = |i: usize| self.ob(i);
        let orth = o(OgiRole::Rook as usize) | o(OgiRole::PRook as usize);
        let diag = o(OgiRole::Bishop as usize)
            | o(OgiRole::PBishop as usize)
            | o(OgiRole::Princess as usize)
            | o(OgiRole::PPrincess as usize);
        let kq = Square::from_index(ksq);
        let mut snipers = (kit::rook_rays(kq).0 & orth)
            | (kit::rook_rays(kq).0 & FORWARD[c][ksq as usize] & o(OgiRole::Lance as usize))
            | (kit::bishop_rays(kq).0 & diag);
        let mut pinned = 0u64;
        while snipers != 0 {
            let s = snipers.trailing_zeros() as u8;
            snipers &= snipers - 1;
            let b = between(ksq, s) & all;
            if b != 0 && b & (b - 1) == 0 && b & own != 0 {
                pinned |= b;
            }
        }
        let last = if c == 0 { 0xffu64 << 56 } else { 0xff };
        if target != 0 {
            // Knights, bishops, rooks, queens.
            for role in [
                ChessRole::Knight,
                ChessRole::Bishop,
                ChessRole::Rook,
                ChessRole::Queen,
            ] {
                let mut bb = ch(role as usize);
                while bb != 0 {
                    let from = bb.trailing_zeros() as u8;
                    bb &= bb - 1;
                    let a = chess_attack(role, c, from, all);
                    let mut d = a & target;
                    if pinned >> from & 1 != 0 {
                        d &= line(ksq, from);
                    }
                    sink.chess(self, role, from, d | (a & ogi_king));
                }
            }
            // Pawns: counted as sets when only counted (the pinned ones one by one below).
            let pawns = ch(ChessRole::Pawn as usize);
            let mut bb = pawns;
            if S::BULK {
                bb = pawns & pinned;
                self.count_free_pawns(sink, pawns & !pinned, target, ogi_king, last);
            }
            let start = if c == 0 { 0xffu64 << 8 } else { 0xffu64 << 48 };
            while bb != 0 {
                let from = bb.trailing_zeros() as u8;
                bb &= bb - 1;
                let fb = 1u64 << from;
                let (one, two) = if c == 0 {
                    (fb << 8, fb << 16)
                } else {
                    (fb >> 8, fb >> 16)
                };
                let mut d = one & !all;
                if d != 0 && fb & start != 0 {
                    d |= two & !all;
                }
                let a = PAWN_ATTACKS[c][from as usize];
                d |= a & them;
                d &= target;
                if pinned >> from & 1 != 0 {
                    d &= line(ksq, from);
                }
                d |= a & ogi_king;
                if d & last != 0 {
                    sink.chess_promotions(self, from, d & last);
                }
                sink.chess(self, ChessRole::Pawn, from, d & !last);
            }
        } else {
            // Two checks: only the King moves, or a capture of the Ōgi King.
            for role in [
                ChessRole::Pawn,
                ChessRole::Knight,
                ChessRole::Bishop,
                ChessRole::Rook,
                ChessRole::Queen,
            ] {
                let mut bb = ch(role as usize);
                while bb != 0 {
                    let from = bb.trailing_zeros() as u8;
                    bb &= bb - 1;
                    let d = chess_attack(role, c, from, all) & ogi_king;
                    if d == 0 {
                        continue;
                    }
                    if role == ChessRole::Pawn && d & last != 0 {
                        sink.chess_promotions(self, from, d);
                    } else {
                        sink.chess(self, role, from, d);
                    }
                }
            }
        }
        // The King: never onto an attacked square (seen through the King itself). Each free
        // square next to it is tested alone: cheaper than the Ōgi army's whole attack map.
        let through = all ^ kbb;
        let ka = king(ksq);
        let mut safe = 0;
        let mut near = ka & !own;
        while near != 0 {
            let sq = near.trailing_zeros() as u8;
            near &= near - 1;
            if oa.to(sq, through) == 0 {
                safe |= 1 << sq;
            }
        }
        sink.chess(self, ChessRole::King, ksq, safe | (ka & ogi_king));
        // Castling: out of, through and into squares no Ōgi piece attacks.
        if self.castling != 0 && checkers == 0 {
            let home = self.chess_home_rank() * 8;
            let unattacked = |squares: u64| {
                let mut bb = squares;
                while bb != 0 {
                    let sq = bb.trailing_zeros() as u8;
                    bb &= bb - 1;
                    if oa.to(sq, all) != 0 {
                        return false;
                    }
                }
                true
            };
            if self.castling & KING_SIDE != 0 {
                let path = 0b0110u64 << (home + 4);
                if all & path == 0 && unattacked(path) {
                    sink.castle(ksq, home + 6);
                }
            }
            if self.castling & QUEEN_SIDE != 0 {
                let empty = 0b1110u64 << home;
                let safe = 0b1100u64 << home;
                if all & empty == 0 && unattacked(safe) {
                    sink.castle(ksq, home + 2);
                }
            }
        }
    }

    /// Counts the moves of the Chess army's unpinned pawns `free`, as sets: pushes and captures
    /// within `target`, captures of the Ōgi King anyway, four moves a promotion.
    #[inline(always)]
    fn count_free_pawns<S: Sink>(
        &self,
        sink: &mut S,
        free: u64,
        target: u64,
        ogi_king: u64,
        last: u64,
    ) {
        const FILE_A: u64 = 0x0101_0101_0101_0101;
        const FILE_H: u64 = FILE_A << 7;
        let all = self.occ[0] | self.occ[1];
        let them = self.occ[1];
        let (one, two, west, east) = if self.chess_side.index() == 0 {
            let one = (free << 8) & !all;
            let two = ((one & 0xffu64 << 16) << 8) & !all;
            (one, two, (free & !FILE_A) << 7, (free & !FILE_H) << 9)
        } else {
            let one = (free >> 8) & !all;
            let two = ((one & 0xffu64 << 40) >> 8) & !all;
            (one, two, (free & !FILE_A) >> 9, (free & !FILE_H) >> 7)
        };
        let west = (west & them & target) | (west & ogi_king);
        let east = (east & them & target) | (east & ogi_king);
        let one = one & target;
        let n = |x: u64| u64::from((x & !last).count_ones() + 4 * (x & last).count_ones());
        sink.add(n(one) + u64::from((two & target).count_ones()) + n(west) + n(east));
    }

    /// The Ōgi army's moves (no check constraint: its King may stay attacked).
    #[inline(always)]
    pub(crate) fn generate_ogi<S: Sink>(&self, sink: &mut S) {
        let s = self.chess_side.flip().index();
        let own = self.occ[1];
        let them = self.occ[0];
        let occ = own | them;
        let not_own = !own;
        // One loop per role, each with its movement known at compile time.
        macro_rules! roles {
            ($($k:literal)*) => {$(
                self.generate_ogi_role::<$k, S>(s, occ, not_own, sink);
            )*};
        }
        roles!(0 1 2 3 4 5 6);
        if S::BULK {
            // Pawns counted as a set: one step ahead, promoting at will in the zone and by force
            // on the last rank (a pawn never stands there).
            let pawns = self.ob(OgiRole::Pawn as usize);
            let d = (if s == 0 { pawns << 8 } else { pawns >> 8 }) & not_own;
            sink.add(u64::from(
                d.count_ones() + (d & ZONE[s] & !LAST1[s]).count_ones(),
            ));
        } else {
            self.generate_ogi_role::<7, S>(s, occ, not_own, sink);
        }
        roles!(8 9 10 11 12 13 14);
        let empty = !occ;
        for k in 1..8usize {
            if self.ogi_hand[k] != 0 {
                let d = empty & drop_mask(k, s);
                if d != 0 {
                    sink.drops(OgiRole::ALL[k], d);
                }
            }
        }
    }
}

impl Position {
    /// The moves of the Ōgi army's pieces of role index `K`.
    #[inline(always)]
    fn generate_ogi_role<const K: usize, S: Sink>(
        &self,
        s: usize,
        occ: u64,
        not_own: u64,
        sink: &mut S,
    ) {
        let mut bb = self.ob(K);
        if bb == 0 {
            return;
        }
        let role = OgiRole::ALL[K];
        let zone = ZONE[s];
        let f = forced(K, s);
        while bb != 0 {
            let from = bb.trailing_zeros() as u8;
            bb &= bb - 1;
            let d = ogi_attack(role, s, from, occ) & not_own;
            if role.can_promote() {
                let can = if zone >> from & 1 != 0 { d } else { d & zone };
                sink.ogi_promotable(self, role, from, d, can & !f, d & f);
            } else {
                sink.ogi_plain(self, role, from, d);
            }
        }
    }
}

/// Counts moves.
pub(crate) struct Count(pub(crate) u64);

impl Sink for Count {
    const BULK: bool = true;
    #[inline(always)]
    fn add(&mut self, n: u64) {
        self.0 += n;
    }
    #[inline(always)]
    fn chess(&mut self, _: &Position, _: ChessRole, _: u8, dests: u64) {
        self.0 += u64::from(dests.count_ones());
    }
    #[inline(always)]
    fn chess_promotions(&mut self, _: &Position, _: u8, dests: u64) {
        self.0 += 4 * u64::from(dests.count_ones());
    }
    #[inline(always)]
    fn castle(&mut self, _: u8, _: u8) {
        self.0 += 1;
    }
    #[inline(always)]
    fn ogi_promotable(&mut self, _: &Position, _: OgiRole, _: u8, d: u64, opt: u64, _: u64) {
        self.0 += u64::from(d.count_ones() + opt.count_ones());
    }
    #[inline(always)]
    fn ogi_plain(&mut self, _: &Position, _: OgiRole, _: u8, dests: u64) {
        self.0 += u64::from(dests.count_ones());
    }
    #[inline(always)]
    fn drops(&mut self, _: OgiRole, dests: u64) {
        self.0 += u64::from(dests.count_ones());
    }
}

/// Calls a closure with each move.
pub(crate) struct Visit<F>(pub(crate) F);

#[inline(always)]
fn captured_ogi(pos: &Position, to: u8) -> Option<OgiRole> {
    pos.ogi_role_at(to)
}

#[inline(always)]
fn captured_chess(pos: &Position, to: u8) -> Option<ChessRole> {
    pos.chess_role_at(to)
}

impl<F: FnMut(Move)> Sink for Visit<F> {
    #[inline(always)]
    fn chess(&mut self, pos: &Position, role: ChessRole, from: u8, mut dests: u64) {
        while dests != 0 {
            let to = dests.trailing_zeros() as u8;
            dests &= dests - 1;
            (self.0)(Move::chess(from, to, role, captured_ogi(pos, to)));
        }
    }
    #[inline(always)]
    fn chess_promotions(&mut self, pos: &Position, from: u8, mut dests: u64) {
        while dests != 0 {
            let to = dests.trailing_zeros() as u8;
            dests &= dests - 1;
            let m = Move::chess(from, to, ChessRole::Pawn, captured_ogi(pos, to));
            for r in [
                ChessRole::Queen,
                ChessRole::Rook,
                ChessRole::Bishop,
                ChessRole::Knight,
            ] {
                (self.0)(m.chess_promotion(r));
            }
        }
    }
    #[inline(always)]
    fn castle(&mut self, from: u8, to: u8) {
        (self.0)(Move::castle(from, to));
    }
    #[inline(always)]
    fn ogi_promotable(
        &mut self,
        pos: &Position,
        role: OgiRole,
        from: u8,
        mut dests: u64,
        optional: u64,
        forced: u64,
    ) {
        while dests != 0 {
            let to = dests.trailing_zeros() as u8;
            dests &= dests - 1;
            let m = Move::ogi(from, to, role, captured_chess(pos, to));
            if forced >> to & 1 == 0 {
                (self.0)(m);
            }
            if (optional | forced) >> to & 1 != 0 {
                (self.0)(m.with_ogi_promotion());
            }
        }
    }
    #[inline(always)]
    fn ogi_plain(&mut self, pos: &Position, role: OgiRole, from: u8, mut dests: u64) {
        while dests != 0 {
            let to = dests.trailing_zeros() as u8;
            dests &= dests - 1;
            (self.0)(Move::ogi(from, to, role, captured_chess(pos, to)));
        }
    }
    #[inline(always)]
    fn drops(&mut self, role: OgiRole, mut dests: u64) {
        while dests != 0 {
            let to = dests.trailing_zeros() as u8;
            dests &= dests - 1;
            (self.0)(Move::drop(to, role));
        }
    }
}

/// Options of [`Position::perft_with`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PerftOptions {
    /// Count the last ply from the move generator instead of playing every leaf move.
    pub bulk: bool,
}

impl Default for PerftOptions {
    fn default() -> Self {
        PerftOptions { bulk: true }
    }
}

impl Position {
    /// Calls `f` with each legal move (history ignored).
    #[inline]
    pub fn for_each_move<F: FnMut(Move)>(&self, f: F) {
        let mut v = Visit(f);
        self.generate(&mut v);
    }

    /// Calls `f` with each move of the Ōgi army by its movement and drops, the game over or not
    /// (statuses are about movement, R12).
    pub(crate) fn for_each_ogi_move<F: FnMut(Move)>(&self, f: F) {
        let mut v = Visit(f);
        self.generate_ogi(&mut v);
    }

    /// The legal moves, as a list the caller owns.
    pub fn legal_moves(&self) -> super::MoveList {
        let mut list = super::MoveList::new();
        self.legal_moves_into(&mut list);
        list
    }

    /// The legal moves into `list` (cleared first).
    pub fn legal_moves_into(&self, list: &mut super::MoveList) {
        list.clear();
        self.for_each_move(|m| list.push(m));
    }

    /// The number of legal moves, counted without listing them.
    #[inline]
    pub fn count_moves(&self) -> u64 {
        let mut c = Count(0);
        self.generate(&mut c);
        c.0
    }

    /// Whether `m` is one of the position's legal moves.
    pub fn is_legal(&self, m: Move) -> bool {
        let mut found = false;
        self.for_each_move(|x| found |= x == m);
        found
    }

    /// Perft: the leaves of the legal move tree of `depth` plies (bulk counting).
    pub fn perft(&self, depth: u32) -> u64 {
        self.perft_with(depth, PerftOptions::default())
    }

    /// Perft with options.
    pub fn perft_with(&self, depth: u32, opts: PerftOptions) -> u64 {
        if opts.bulk {
            perft_bulk(self, depth)
        } else {
            perft_full(self, depth)
        }
    }

    /// Perft split by root move.
    pub fn perft_divide(&self, depth: u32) -> Vec<(Move, u64)> {
        let mut out = Vec::new();
        if depth == 0 {
            return out;
        }
        self.for_each_move(|m| out.push((m, self.after_unchecked(m).perft(depth - 1))));
        out
    }

    /// The piece a chess move captures, or an Ōgi move: what enters the mover's hand.
    pub fn hand_gain(&self, m: Move) -> Option<Piece> {
        match m.captured()? {
            Piece::Ogi(r) => Some(Piece::Ogi(r)),
            Piece::Chess(r) => Some(Piece::Ogi(super::position::CHESS_TO_OGI[r as usize])),
        }
    }

    /// Whether the side to move is the Chess player.
    #[inline]
    pub fn chess_to_move(&self) -> bool {
        self.stm == self.chess_side
    }

    /// The side that has not got its King (after a capture of it), if any.
    pub(crate) fn kingless(&self) -> Option<Side> {
        if self.cb(ChessRole::King as usize) == 0 {
            Some(self.chess_side)
        } else if self.ob(OgiRole::King as usize) == 0 {
            Some(self.chess_side.flip())
        } else {
            None
        }
    }
}

/// Counts the moves with the hardware population count.
///
/// # Safety
/// The CPU must support `popcnt` (checked by [`count_fast`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
unsafe fn count_popcnt(pos: &Position) -> u64 {
    let mut c = Count(0);
    pos.generate(&mut c);
    c.0
}

/// [`Position::count_moves`], with the CPU's `popcnt` instruction when it has one (the portable
/// build of x86-64 counts bits in software).
#[inline]
fn count_fast(pos: &Position) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        if std::is_x86_feature_detected!("popcnt") {
            // SAFETY: the CPU supports popcnt, just checked.
            return unsafe { count_popcnt(pos) };
        }
    }
    pos.count_moves()
}

fn perft_bulk(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => count_fast(pos),
        _ => {
            let mut n = 0;
            pos.for_each_move(|m| n += perft_bulk(&pos.after_unchecked(m), depth - 1));
            n
        }
    }
}

fn perft_full(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut n = 0;
    if depth == 1 {
        pos.for_each_move(|m| {
            let mut p = *pos;
            p.play_unchecked(m);
            n += 1;
            std::hint::black_box(&p);
        });
        return n;
    }
    pos.for_each_move(|m| n += perft_full(&pos.after_unchecked(m), depth - 1));
    n
}
