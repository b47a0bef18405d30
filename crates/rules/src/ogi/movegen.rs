//! Move generation as (origin, destination set) pairs, bulk counting and perft.
use crate::kit::{self, Bitboard, Square};

use super::position::Position;
use super::tables::{drop_mask, forced, DIAG, FORWARD, GOLD, ORTH, PAWN, SILVER, SKNIGHT, ZONE};
use super::types::{Move, MoveList, Role};
use tegoma_protocol::Side;

#[inline(always)]
fn rook(sq: u8, occ: u64) -> u64 {
    kit::rook_attacks(Square::from_index(sq), Bitboard(occ)).0
}

#[inline(always)]
fn bishop(sq: u8, occ: u64) -> u64 {
    kit::bishop_attacks(Square::from_index(sq), Bitboard(occ)).0
}

#[inline(always)]
fn knight(sq: u8) -> u64 {
    kit::knight_attacks(Square::from_index(sq)).0
}

#[inline(always)]
fn king(sq: u8) -> u64 {
    kit::king_attacks(Square::from_index(sq)).0
}

/// The squares a `role` of `side` on `sq` attacks, given the occupancy `occ`.
#[inline]
pub fn attacks(role: Role, side: Side, sq: Square, occ: Bitboard) -> Bitboard {
    Bitboard(attack_mask(role, side, sq.index() as u8, occ.0))
}

/// [`attacks`] on bare square indices and masks.
#[inline]
pub(crate) fn attack_mask(kind: Role, side: Side, sq: u8, occ: u64) -> u64 {
    let s = side.index();
    let q = sq as usize & 63;
    match kind {
        Role::King => king(sq),
        Role::Princess => bishop(sq, occ) | knight(sq),
        Role::Rook => rook(sq, occ),
        Role::Bishop => bishop(sq, occ),
        Role::Silver => SILVER[s][q],
        Role::Knight => SKNIGHT[s][q],
        Role::Lance => rook(sq, occ) & FORWARD[s][q],
        Role::Pawn => PAWN[s][q],
        Role::PPrincess => bishop(sq, occ) | knight(sq) | ORTH[q],
        Role::PRook => rook(sq, occ) | DIAG[q],
        Role::PBishop => bishop(sq, occ) | ORTH[q],
        Role::PSilver | Role::PKnight | Role::PLance | Role::PPawn => GOLD[s][q],
    }
}

/// Receives the generated moves, grouped.
pub(crate) trait Sink {
    /// A King on `from` may go to each square of `dests`; `keep` are the destinations where the
    /// King's privilege adds a second move (a promoted enemy piece, privilege enabled).
    fn king(&mut self, pos: &Position, from: u8, dests: u64, keep: u64);
    /// A promotable `kind` on `from` may go to each square of `dests`; on `optional` it may also
    /// promote; on `forced` it must promote.
    fn promotable(
        &mut self,
        pos: &Position,
        kind: Role,
        from: u8,
        dests: u64,
        optional: u64,
        forced: u64,
    );
    /// A promoted `kind` on `from` may go to each square of `dests`.
    fn plain(&mut self, pos: &Position, kind: Role, from: u8, dests: u64);
    /// A held `kind` may be dropped on each square of `dests`.
    fn drops(&mut self, kind: Role, dests: u64);
}

impl Position {
    /// Generates every legal move (position-only: sennichite ignored) into `sink`.
    #[inline(always)]
    pub(crate) fn generate<S: Sink>(&self, privilege: bool, sink: &mut S) {
        if self.is_over() {
            return;
        }
        self.generate_pseudo(privilege, sink);
    }

    /// Generates every pseudo-legal move (the movement patterns and drops), the game over or
    /// not: once a King is captured no move is legal, but CGSN `nomove` asks about these (R12).
    #[inline(always)]
    pub(crate) fn generate_pseudo<S: Sink>(&self, privilege: bool, sink: &mut S) {
        let us = self.stm;
        let s = us.index();
        let own = self.sides[s];
        let them = self.sides[1 - s];
        let occ = own | them;
        let not_own = !own;
        let zone = ZONE[s];

        // King
        let mut bb = self.role_bb(0) & own;
        if bb != 0 {
            let promoted_enemies = if privilege {
                // codes 9-15: the promoted kinds
                let pl = &self.planes;
                them & pl[3] & (pl[0] | pl[1] | pl[2])
            } else {
                0
            };
            while bb != 0 {
                let from = bb.trailing_zeros() as u8;
                bb &= bb - 1;
                let d = king(from) & not_own;
                sink.king(self, from, d, d & promoted_enemies);
            }
        }
        // Promotable kinds
        for k in 1..8usize {
            let mut bb = self.role_bb(k) & own;
            if bb == 0 {
                continue;
            }
            let kind = Role::from_index(k);
            let f = forced(k, s);
            while bb != 0 {
                let from = bb.trailing_zeros() as u8;
                bb &= bb - 1;
                let q = from as usize;
                let a = match k {
                    1 => bishop(from, occ) | knight(from),
                    2 => rook(from, occ),
                    3 => bishop(from, occ),
                    4 => SILVER[s][q],
                    5 => SKNIGHT[s][q],
                    6 => rook(from, occ) & FORWARD[s][q],
                    _ => PAWN[s][q],
                };
                let d = a & not_own;
                let can = if zone >> from & 1 != 0 { d } else { d & zone };
                sink.promotable(self, kind, from, d, can & !f, d & f);
            }
        }
        // Promoted kinds
        for k in 8..15usize {
            let mut bb = self.role_bb(k) & own;
            if bb == 0 {
                continue;
            }
            let kind = Role::from_index(k);
            while bb != 0 {
                let from = bb.trailing_zeros() as u8;
                bb &= bb - 1;
                let q = from as usize;
                let a = match k {
                    8 => bishop(from, occ) | knight(from) | ORTH[q],
                    9 => rook(from, occ) | DIAG[q],
                    10 => bishop(from, occ) | ORTH[q],
                    _ => GOLD[s][q],
                };
                sink.plain(self, kind, from, a & not_own);
            }
        }
        // Drops
        let empty = !occ;
        let hand = &self.hands[s];
        for (k, &count) in hand.iter().enumerate().take(15).skip(1) {
            if count != 0 {
                let d = empty & drop_mask(k, s);
                if d != 0 {
                    sink.drops(Role::from_index(k), d);
                }
            }
        }
    }

    /// The legal moves (King's privilege included; history ignored: see
    /// [`Sennichite`](super::Sennichite) for the repetition rule), as a list the caller owns and
    /// iterates.
    ///
    /// ```
    /// use tegoma_rules::ogi::Position;
    /// assert_eq!(Position::startpos().legal_moves().len(), 25);
    /// ```
    pub fn legal_moves(&self) -> MoveList {
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        list
    }

    /// [`legal_moves`](Position::legal_moves) into `list`, which is cleared first: the buffer
    /// form, for hot paths that reuse one list.
    pub fn legal_moves_into(&self, list: &mut MoveList) {
        self.moves_with(true, list);
    }

    /// The legal moves into `list` (cleared first); with `privilege` false, every capture demotes
    /// (the King's privilege is not offered), as engines without it generate.
    pub fn moves_with(&self, privilege: bool, list: &mut MoveList) {
        list.clear();
        self.for_each_move(privilege, |m| list.push(m));
    }

    /// Calls `f` with each legal move (history ignored).
    #[inline]
    pub fn for_each_move<F: FnMut(Move)>(&self, privilege: bool, f: F) {
        let mut v = Visit(f);
        self.generate(privilege, &mut v);
    }

    /// Calls `f` for every pseudo-legal move (movement patterns and drops), whether or not the
    /// game is over: the moves of [`Position::for_each_move`] while it goes on.
    pub(crate) fn for_each_pseudo_move<F: FnMut(Move)>(&self, privilege: bool, f: F) {
        let mut v = Visit(f);
        self.generate_pseudo(privilege, &mut v);
    }

    /// The number of legal moves (history ignored), counted without listing them.
    #[inline]
    pub fn count_moves(&self, privilege: bool) -> u64 {
        let mut c = Count(0);
        self.generate(privilege, &mut c);
        c.0
    }

    /// Perft: the number of leaf nodes of the legal move tree of `depth` plies (King's privilege
    /// counted as a move of its own, history ignored, bulk counting).
    ///
    /// ```
    /// use tegoma_rules::ogi::Position;
    /// assert_eq!(Position::startpos().perft(3), 14_850);
    /// ```
    pub fn perft(&self, depth: u32) -> u64 {
        self.perft_with(depth, PerftOptions::default())
    }

    /// The same count as [`Position::perft`], found by playing every leaf move (no bulk
    /// counting), as the chess module names it.
    pub fn perft_no_bulk(&self, depth: u32) -> u64 {
        self.perft_with(
            depth,
            PerftOptions {
                privilege: true,
                bulk: false,
            },
        )
    }

    /// Perft with options.
    pub fn perft_with(&self, depth: u32, opts: PerftOptions) -> u64 {
        if opts.bulk {
            perft_bulk(self, depth, opts.privilege)
        } else {
            perft_full(self, depth, opts.privilege)
        }
    }

    /// Perft split by root move: each legal move with the count below it.
    pub fn perft_divide(&self, depth: u32, opts: PerftOptions) -> Vec<(Move, u64)> {
        let mut out = Vec::new();
        if depth == 0 {
            return out;
        }
        self.for_each_move(opts.privilege, |m| {
            out.push((m, self.after_unchecked(m).perft_with(depth - 1, opts)));
        });
        out
    }

    /// Perft with sennichite applied along each line: a move is skipped when the same move
    /// already produced the same position earlier in the line (the root's own history is empty).
    pub fn perft_sennichite(&self, depth: u32, privilege: bool) -> u64 {
        let mut line = Vec::with_capacity(depth as usize);
        perft_senn(self, depth, privilege, &mut line)
    }
}

/// Options of [`Position::perft_with`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PerftOptions {
    /// Offer the King's privilege as a move of its own (the rules); `false` demotes every
    /// capture, as engines without the privilege do.
    pub privilege: bool,
    /// Count the last ply from the move generator instead of playing every leaf move.
    pub bulk: bool,
}

impl Default for PerftOptions {
    fn default() -> Self {
        PerftOptions {
            privilege: true,
            bulk: true,
        }
    }
}

/// Counts the moves with the hardware population count.
///
/// # Safety
/// The CPU must support `popcnt` (checked by [`count_fast`]).
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt")]
unsafe fn count_popcnt(pos: &Position, privilege: bool) -> u64 {
    let mut c = Count(0);
    pos.generate(privilege, &mut c);
    c.0
}

/// [`Position::count_moves`], with the CPU's `popcnt` instruction when it has one (the portable
/// build of x86-64 counts bits in software).
#[inline]
fn count_fast(pos: &Position, privilege: bool) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        if std::is_x86_feature_detected!("popcnt") {
            // SAFETY: the CPU supports popcnt, just checked.
            return unsafe { count_popcnt(pos, privilege) };
        }
    }
    pos.count_moves(privilege)
}

fn perft_bulk(pos: &Position, depth: u32, privilege: bool) -> u64 {
    match depth {
        0 => 1,
        1 => count_fast(pos, privilege),
        _ => {
            let mut n = 0;
            pos.for_each_move(privilege, |m| {
                n += perft_bulk(&pos.after_unchecked(m), depth - 1, privilege);
            });
            n
        }
    }
}

fn perft_full(pos: &Position, depth: u32, privilege: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut n = 0;
    if depth == 1 {
        pos.for_each_move(privilege, |m| {
            let mut p = *pos;
            p.play_unchecked(m);
            n += 1;
            std::hint::black_box(&p);
        });
        return n;
    }
    pos.for_each_move(privilege, |m| {
        n += perft_full(&pos.after_unchecked(m), depth - 1, privilege);
    });
    n
}

fn perft_senn(
    pos: &Position,
    depth: u32,
    privilege: bool,
    line: &mut Vec<(Move, Position)>,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut n = 0;
    pos.for_each_move(privilege, |m| {
        let p = pos.after_unchecked(m);
        if line.iter().any(|(lm, lp)| *lm == m && *lp == p) {
            return;
        }
        if depth == 1 {
            n += 1;
        } else {
            line.push((m, p));
            n += perft_senn(&p, depth - 1, privilege, line);
            line.pop();
        }
    });
    n
}

struct Count(u64);

impl Sink for Count {
    #[inline(always)]
    fn king(&mut self, _: &Position, _: u8, dests: u64, keep: u64) {
        self.0 += (dests.count_ones() + keep.count_ones()) as u64;
    }
    #[inline(always)]
    fn promotable(&mut self, _: &Position, _: Role, _: u8, dests: u64, optional: u64, _: u64) {
        self.0 += (dests.count_ones() + optional.count_ones()) as u64;
    }
    #[inline(always)]
    fn plain(&mut self, _: &Position, _: Role, _: u8, dests: u64) {
        self.0 += dests.count_ones() as u64;
    }
    #[inline(always)]
    fn drops(&mut self, _: Role, dests: u64) {
        self.0 += dests.count_ones() as u64;
    }
}

struct Visit<F>(F);

#[inline(always)]
fn captured(pos: &Position, to: u8) -> Option<Role> {
    if (pos.sides[0] | pos.sides[1]) >> to & 1 == 0 {
        None
    } else {
        pos.role_on(to)
    }
}

impl<F: FnMut(Move)> Sink for Visit<F> {
    #[inline(always)]
    fn king(&mut self, pos: &Position, from: u8, mut dests: u64, keep: u64) {
        while dests != 0 {
            let to = dests.trailing_zeros() as u8;
            dests &= dests - 1;
            let m = Move::board(from, to, Role::King, captured(pos, to));
            (self.0)(m);
            if keep >> to & 1 != 0 {
                (self.0)(m.with_keep());
            }
        }
    }
    #[inline(always)]
    fn promotable(
        &mut self,
        pos: &Position,
        kind: Role,
        from: u8,
        mut dests: u64,
        optional: u64,
        forced: u64,
    ) {
        while dests != 0 {
            let to = dests.trailing_zeros() as u8;
            dests &= dests - 1;
            let m = Move::board(from, to, kind, captured(pos, to));
            if forced >> to & 1 == 0 {
                (self.0)(m);
            }
            if (optional | forced) >> to & 1 != 0 {
                (self.0)(m.with_promotion());
            }
        }
    }
    #[inline(always)]
    fn plain(&mut self, pos: &Position, kind: Role, from: u8, mut dests: u64) {
        while dests != 0 {
            let to = dests.trailing_zeros() as u8;
            dests &= dests - 1;
            (self.0)(Move::board(from, to, kind, captured(pos, to)));
        }
    }
    #[inline(always)]
    fn drops(&mut self, kind: Role, mut dests: u64) {
        while dests != 0 {
            let to = dests.trailing_zeros() as u8;
            dests &= dests - 1;
            (self.0)(Move::drop(to, kind));
        }
    }
}
