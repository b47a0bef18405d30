//! Perft: leaf counts of the legal move tree, with bulk counting or by playing every leaf.

use super::movegen::{CountSink, Sink};
use super::{Move, MoveList, Position, Role};

/// Plays every move of the sets and recurses.
struct Recurse {
    pos: Position,
    depth: u32,
    bulk: bool,
    nodes: u64,
}

impl Recurse {
    #[inline(always)]
    fn child(&mut self, p: &Position) {
        self.nodes += if self.bulk {
            perft_bulk(p, self.depth - 1)
        } else {
            perft_play(p, self.depth - 1)
        };
    }
}

impl Sink for Recurse {
    #[inline(always)]
    fn piece(&mut self, role: Role, from: u8, mut to: u64) {
        while to != 0 {
            let t = to.trailing_zeros() as u8;
            to &= to - 1;
            let mut p = self.pos;
            p.make(role, from, t);
            self.child(&p);
        }
    }
    #[inline(always)]
    fn pawns(&mut self, mut to: u64, delta: i8) {
        while to != 0 {
            let t = to.trailing_zeros() as u8;
            to &= to - 1;
            let mut p = self.pos;
            p.make(Role::Pawn, (t as i8 - delta) as u8, t);
            self.child(&p);
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
                self.child(&p);
            }
        }
    }
    #[inline(always)]
    fn en_passant(&mut self, from: u8, to: u8) {
        let mut p = self.pos;
        p.make_ep(from, to);
        self.child(&p);
    }
    #[inline(always)]
    fn castle(&mut self, from: u8, to: u8) {
        let mut p = self.pos;
        p.make_castle(from, to);
        self.child(&p);
    }
}

/// Bulk perft: the last ply is counted from the destination sets.
pub(crate) fn perft_bulk(pos: &Position, depth: u32) -> u64 {
    match depth {
        0 => 1,
        1 => {
            let mut s = CountSink(0);
            pos.generate(&mut s);
            s.0
        }
        2 => {
            // Children counted directly: one generation per child, no recursion frame.
            let mut r = Recurse2 {
                pos: *pos,
                nodes: 0,
            };
            pos.generate(&mut r);
            r.nodes
        }
        _ => {
            let mut r = Recurse {
                pos: *pos,
                depth,
                bulk: true,
                nodes: 0,
            };
            pos.generate(&mut r);
            r.nodes
        }
    }
}

/// Perft at depth 2 with bulk counting at the leaves.
struct Recurse2 {
    pos: Position,
    nodes: u64,
}

impl Recurse2 {
    #[inline(always)]
    fn count(&mut self, p: &Position) {
        let mut l = CountSink(0);
        p.generate(&mut l);
        self.nodes += l.0;
    }
}

impl Sink for Recurse2 {
    #[inline(always)]
    fn piece(&mut self, role: Role, from: u8, mut to: u64) {
        while to != 0 {
            let t = to.trailing_zeros() as u8;
            to &= to - 1;
            let mut p = self.pos;
            p.make(role, from, t);
            self.count(&p);
        }
    }
    #[inline(always)]
    fn pawns(&mut self, mut to: u64, delta: i8) {
        while to != 0 {
            let t = to.trailing_zeros() as u8;
            to &= to - 1;
            let mut p = self.pos;
            p.make(Role::Pawn, (t as i8 - delta) as u8, t);
            self.count(&p);
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
                self.count(&p);
            }
        }
    }
    #[inline(always)]
    fn en_passant(&mut self, from: u8, to: u8) {
        let mut p = self.pos;
        p.make_ep(from, to);
        self.count(&p);
    }
    #[inline(always)]
    fn castle(&mut self, from: u8, to: u8) {
        let mut p = self.pos;
        p.make_castle(from, to);
        self.count(&p);
    }
}

/// No-bulk perft: every leaf move is played.
pub(crate) fn perft_play(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let mut r = Recurse {
        pos: *pos,
        depth,
        bulk: false,
        nodes: 0,
    };
    pos.generate(&mut r);
    r.nodes
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
        self.legal_moves(&mut list);
        list.iter()
            .map(|&m| {
                let p = self.after(m);
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
