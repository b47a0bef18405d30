//! Playing moves (the description's mutations) and the legality filters.

use tegoma_notation::cgsn::{Status, StatusSet};
use tegoma_notation::pin;
use tegoma_protocol::{Piece, Position, Side, Square};

use super::{norm, restyle, Engine};
use crate::moves::GgnMove;

impl Engine {
    /// The identity of a piece of `pos` after it moved from `from` to `to` (step marks, then
    /// `moved`, of its owner's army).
    pub(crate) fn after_move(&self, pos: &Position, p: Piece, from: Square, to: Square) -> Piece {
        let n = norm(p);
        let army = self.army(pos, p.side());
        let dr = self.s.coords[from.index()]
            .1
            .abs_diff(self.s.coords[to.index()].1);
        if let Some(&(_, _, b)) = army.step_marks.iter().find(|&&(a, r, _)| a == n && r == dr) {
            return restyle(p, b);
        }
        match army.moved.iter().find(|&&(a, _)| a == n) {
            Some(&(_, b)) => restyle(p, b),
            None => p,
        }
    }

    /// The position after `m`, one of `pos`'s legal moves from this engine (not checked: the
    /// checked verbs are [`RuleSystem::play`](tegoma_protocol::RuleSystem::play) and
    /// [`RuleSystem::after`](tegoma_protocol::RuleSystem::after)).
    pub fn after_unchecked(&self, pos: &Position, m: &GgnMove) -> Position {
        let mut p = pos.clone();
        let us = pos.side_to_move();
        match m.from {
            None => {
                p.remove_from_hand(us, m.piece);
            }
            Some(f) => {
                let _ = p.set(f, None);
            }
        }
        if let Some((cs, _)) = m.captured {
            let _ = p.set(cs, None);
        }
        if let Some(h) = m.to_hand {
            let _ = p.add_to_hand(us, h, 1);
        }
        if let Some((ps, pd)) = m.partner {
            let pc = p.piece_at(ps);
            let _ = p.set(ps, None);
            let _ = p.set(pd, pc.map(|x| self.after_move(pos, x, ps, pd)));
        }
        let new = match (m.from, m.promotion) {
            (None, _) => m.piece,
            (Some(_), Some(x)) => x,
            (Some(f), None) => self.after_move(pos, m.piece, f, m.to),
        };
        let _ = p.set(m.to, Some(new));
        self.apply_rights(&mut p);
        p.set_side_to_move(us.flip());
        let expire = &self.army(pos, us.flip()).expire;
        if !expire.is_empty() {
            let changes: Vec<(Square, Piece)> = p
                .pieces()
                .filter(|(_, x)| x.side() == us.flip())
                .filter_map(|(s, x)| {
                    let n = norm(x);
                    expire
                        .iter()
                        .find(|&&(a, _)| a == n)
                        .map(|&(_, b)| (s, restyle(x, b)))
                })
                .collect();
            for (s, x) in changes {
                let _ = p.set(s, Some(x));
            }
        }
        p
    }

    fn apply_rights(&self, p: &mut Position) {
        for side in Side::BOTH {
            let rules = &self.army(p, side).rights;
            if !rules.is_empty() {
                self.apply_side_rights(p, side, rules);
            }
        }
    }

    /// `rights` of `side`'s army: a piece of `side` whose side lacks its companion lapses.
    fn apply_side_rights(
        &self,
        p: &mut Position,
        side: Side,
        rules: &[(pin::Identifier, pin::Identifier, pin::Identifier)],
    ) {
        for _ in 0..8 {
            // One pass first: does any right lapse? (Usually not: no allocation then.)
            if rules.len() <= 8 {
                let (mut has, mut cand) = ([[false; 2]; 8], [[false; 2]; 8]);
                for (_, x) in p.pieces().filter(|(_, x)| x.side() == side) {
                    let nx = norm(x);
                    for (i, &(piece, needs, _)) in rules.iter().enumerate() {
                        has[i][0] |= nx == needs;
                        cand[i][0] |= nx == piece;
                    }
                }
                let lapsed = (0..rules.len()).any(|i| cand[i][0] && !has[i][0]);
                if !lapsed {
                    return;
                }
            }
            let mut changes: Vec<(Square, Piece)> = Vec::new();
            for &(piece, needs, becomes) in rules {
                let has = p
                    .pieces()
                    .any(|(_, x)| x.side() == side && norm(x) == needs);
                if has {
                    continue;
                }
                changes.extend(
                    p.pieces()
                        .filter(|(_, x)| x.side() == side && norm(*x) == piece)
                        .map(|(s, x)| (s, restyle(x, becomes))),
                );
            }
            if changes.is_empty() {
                return;
            }
            for (s, x) in changes {
                let _ = p.set(s, Some(x));
            }
        }
    }

    /// Whether a piece of `side` standing on `sq` could be captured by the other side (some
    /// enemy board piece has a holding possibility onto `sq`).
    pub fn attacked(&self, pos: &Position, sq: Square, side: Side) -> bool {
        let them = side.flip();
        pos.pieces().any(|(from, x)| {
            x.side() == them
                && self
                    .qpi(pos, x)
                    .and_then(|q| self.s.index.get(&q))
                    .and_then(|&i| self.s.tables[i].board.get(from.index()))
                    .is_some_and(|dests| {
                        dests
                            .binary_search_by_key(&sq.index(), |d| d.to.index())
                            .is_ok_and(|i| dests[i].poss.iter().any(|p| self.holds(pos, p, them)))
                    })
        })
    }

    /// Whether a terminal piece of `side` is capturable (in check).
    pub fn in_check(&self, pos: &Position, side: Side) -> bool {
        pos.pieces()
            .any(|(s, x)| x.side() == side && x.is_terminal() && self.attacked(pos, s, side))
    }

    /// Whether the pseudo-legal move `m` passes the legality filters of the mover's army.
    pub fn is_legal(&self, pos: &Position, m: &GgnMove) -> bool {
        let us = pos.side_to_move();
        let lg = self.army(pos, us).legality;
        if lg.terminal_capture_legal && m.captured.is_some_and(|(_, c)| c.is_terminal()) {
            return true;
        }
        if lg.castling_safe && m.partner.is_some() {
            if let Some(from) = m.from {
                if self.attacked(pos, from, us) {
                    return false;
                }
                let mut sq = from;
                while let Some(next) = self.first_crossed(sq, m.to) {
                    if next == m.to {
                        break;
                    }
                    let mut q = pos.clone();
                    let _ = q.set(from, None);
                    let _ = q.set(next, Some(m.piece));
                    if self.attacked(&q, next, us) {
                        return false;
                    }
                    sq = next;
                }
            }
        }
        if lg.check && self.in_check(&self.after_unchecked(pos, m), us) {
            return false;
        }
        true
    }

    /// Appends the legal moves of `pos` to `out` (which is not cleared; the trait's
    /// [`RuleSystem::legal_moves_into`](tegoma_protocol::RuleSystem::legal_moves_into) clears).
    pub fn append_legal_moves(&self, pos: &Position, out: &mut Vec<GgnMove>) {
        let start = out.len();
        self.pseudo_legal_moves(pos, out);
        let mut keep = start;
        for i in start..out.len() {
            if self.is_legal(pos, &out[i]) {
                out[keep] = out[i];
                keep += 1;
            }
        }
        out.truncate(keep);
    }

    /// The legal moves of `pos` as sorted PMN strings.
    pub fn legal_pmn(&self, pos: &Position) -> Vec<String> {
        let mut v = Vec::new();
        self.append_legal_moves(pos, &mut v);
        let mut s: Vec<String> = v.iter().map(|m| m.pmn(&self.s.board)).collect();
        s.sort();
        s
    }

    /// The pseudo-legal moves of `pos` as sorted PMN strings.
    pub fn pseudo_legal_pmn(&self, pos: &Position) -> Vec<String> {
        let mut v = Vec::new();
        self.pseudo_legal_moves(pos, &mut v);
        let mut s: Vec<String> = v.iter().map(|m| m.pmn(&self.s.board)).collect();
        s.sort();
        s
    }

    /// Counts the leaves of the legal move tree to `depth` plies.
    pub fn perft(&self, pos: &Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut v = Vec::new();
        self.append_legal_moves(pos, &mut v);
        if depth == 1 {
            return v.len() as u64;
        }
        v.iter()
            .map(|m| self.perft(&self.after_unchecked(pos, m), depth - 1))
            .sum()
    }

    /// The inferable CGSN statuses that hold in `pos` (CGSN over the pseudo-legal moves, as the
    /// built-in rule systems compute them; history ignored): for each terminal piece of the side
    /// to move, `check` or `stale`, and `checkmate` or `stalemate` when every pseudo-legal move
    /// leaves it capturable; `nomove` when the side to move has no pseudo-legal move (R12);
    /// `mareking` when a side has no terminal piece on the board; `bareking` when a side has
    /// only its terminal piece left.
    pub fn statuses(&self, pos: &Position) -> StatusSet {
        let mut set = StatusSet::EMPTY;
        let us = pos.side_to_move();
        let mut moves = Vec::new();
        self.movement(pos, &mut moves);
        if moves.is_empty() {
            set.insert(Status::Nomove);
        }
        let terminals: Vec<Square> = pos
            .pieces()
            .filter(|(_, p)| p.side() == us && p.is_terminal())
            .map(|(sq, _)| sq)
            .collect();
        let afters: Vec<(Option<Square>, Square, Position)> = if terminals.is_empty() {
            Vec::new()
        } else {
            moves
                .iter()
                .map(|m| (m.from, m.to, self.after_unchecked(pos, m)))
                .collect()
        };
        for &sq in &terminals {
            let check = self.attacked(pos, sq, us);
            let all_threatened = !afters.is_empty()
                && afters.iter().all(|(from, to, p)| {
                    let at = if *from == Some(sq) { *to } else { sq };
                    let enemy_king_left =
                        p.pieces().any(|(_, x)| x.side() != us && x.is_terminal());
                    enemy_king_left && self.attacked(p, at, us)
                });
            set.insert(if check { Status::Check } else { Status::Stale });
            if all_threatened {
                set.insert(if check {
                    Status::Checkmate
                } else {
                    Status::Stalemate
                });
            }
        }
        for side in Side::BOTH {
            let mut own = 0usize;
            let mut terminal = false;
            for (_, p) in pos.pieces().filter(|(_, p)| p.side() == side) {
                own += 1;
                terminal |= p.is_terminal();
            }
            if !terminal {
                set.insert(Status::Mareking);
            } else if own == 1 {
                set.insert(Status::Bareking);
            }
        }
        set
    }
}
