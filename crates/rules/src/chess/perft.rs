//! Perft: leaf counts of the legal move tree, with bulk counting or by playing every leaf.

use super::movegen::{CountSink, Sink};
use super::{Move, MoveList, Position, Role};

/// Expands the move sets into the position after each move and hands it to `visit`.
struct Children<F> {
    pos: Position,
    visit: F,
}

impl<F: FnMut(&Position)> Sink for Children<F> {
    #[inline(always)]
    fn piece(&mut self, role: Role, from: u8, mut to: u64) {
        while to != 0 {
            let t = to.trailing_zeros() as u8;
            to &= to - 1;
            let mut p = self.pos;
            p.make(role, from, t);
            (self.visit)(&p);
        }
    }
    #[inline(always)]
    fn pawns(&mut self, mut to: u64, delta: i8) {
        while to != 0 {
            let t = to.trailing_zeros() as u8;
            to &= to - 1;
            let mut p = self.pos;
            p.make(Role::Pawn, (t as i8 - delta) as u8, t);
            (self.visit)(&p);
        }
    }
    #[inline(always)]
    fn promotions(&mut self, mut to: u64, delta: i8) {
        while to != 0 {
            let t = to.trailing_zeros() as u8;
            to &= to - 1;
            for role in [Role::Queen, Role::Rook, Role::Bishop, Role::Knight] {
                let mut p = self.pos;
                p.make_promotion((t as i8 - delta) as u8, t, role);
                (self.visit)(&p);
            }
        }
    }
    #[inline(always)]
    fn en_passant(&mut self, from: u8, to: u8) {
        let mut p = self.pos;
        p.make_ep(from, to);
        (self.visit)(&p);
    }
    #[inline(always)]
    fn castle(&mut self, from: u8, to: u8) {
        let mut p = self.pos;
        p.make_castle(from, to);
        (self.visit)(&p);
    }
}

/// Calls `visit` with the position after each legal move of `pos`.
#[inline(always)]
fn for_each_child(pos: &Position, visit: impl FnMut(&Position)) {
    pos.generate(&mut Children { pos: *pos, visit });
}

/// The number of legal moves, counted from the destination sets.
#[inline(always)]
fn count_moves(pos: &Position) -> u64 {
    let mut s = CountSink(0);
    pos.generate(&mut s);
    s.0
}

/// Bulk perft: the last ply is counted from the destination sets.
pub(crate) fn perft_bulk(pos: &Position, depth: u32) -> u64 {
    let mut nodes = 0;
    match depth {
        0 => return 1,
        1 => return count_moves(pos),
        // Children counted directly: one generation per child, no recursion frame.
        2 => for_each_child(pos, |p| nodes += count_moves(p)),
        _ => for_each_child(pos, |p| nodes += perft_bulk(p, depth - 1)),
    }
    nodes
}

/// No-bulk perft: every leaf move is played.
pub(crate) fn perft_play(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut nodes = 0;
    for_each_child(pos, |p| nodes += perft_play(p, depth - 1));
    nodes
}

impl Position {
    /// The number of leaves of the legal move tree `depth` plies deep, counting the last ply
    /// from the move sets (bulk counting).
    pub fn perft(&self, depth: u32) -> u64 {
        perft_bulk(self, depth)
    }

    /// The same count as [`Position::perft`], found by playing every leaf move (no bulk
    /// counting): slower, it exercises the move-making code at every leaf.
    pub fn perft_no_bulk(&self, depth: u32) -> u64 {
        perft_play(self, depth)
    }

    /// Perft per root move: `(move, count)` for every legal move, in generation order. With
    /// `depth` 0 the list is empty.
    pub fn divide(&self, depth: u32, bulk: bool) -> Vec<(Move, u64)> {
        if depth == 0 {
            return Vec::new();
        }
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        list.iter()
            .map(|&m| {
                let p = self.after_unchecked(m);
                let n = if bulk {
                    perft_bulk(&p, depth - 1)
                } else {
                    perft_play(&p, depth - 1)
                };
                (m, n)
            })
            .collect()
    }
}
