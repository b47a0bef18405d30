//! Quiescence: captures and promotions after a stand-pat, evasions when in danger.

use tegoma_game::MatchRules;

use super::tt::Bound;
use super::DECISIVE;
use super::{Searcher, MAX_PLY};
use crate::eval::Evaluator;
use crate::score::{INFINITE, MATE};

impl<R: MatchRules, E: Evaluator<R>> Searcher<'_, R, E> {
    /// Quiescence: captures (and promotions) only, after a stand-pat; a node in danger at the
    /// first quiescence ply (`qply` 0) tries every move instead, deeper ones stand pat too (a
    /// bound on the tree: evasions with drops are many).
    pub(super) fn qsearch(
        &mut self,
        pos: &R::Position,
        mut alpha: i32,
        beta: i32,
        ply: usize,
        qply: usize,
    ) -> i32 {
        self.nodes += 1;
        if self.check_abort() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        if ply >= MAX_PLY - 2 {
            return self.eval.evaluate(self.rules, pos);
        }
        if self.eval.is_dead_draw(self.rules, pos) {
            return 0;
        }
        let danger = (qply == 0 || (self.eval.evasions_in_quiescence() && qply < 8))
            && self.eval.in_danger(self.rules, pos);
        if !danger && self.selective {
            // Any stored result bounds the quiescence score (stored depths are at least 1).
            if let Some(h) = self.tt.probe(self.keys[self.keys.len() - 1], ply) {
                let cut = match h.bound {
                    Bound::Exact => true,
                    Bound::Lower => h.score >= beta,
                    Bound::Upper => h.score <= alpha,
                };
                if cut && h.depth >= 0 {
                    return h.score;
                }
            }
        }
        let (mut moves, over) = if danger {
            let moves = self.generate(pos, ply);
            let over = moves.is_empty();
            (moves, over)
        } else {
            self.generate_noisy(pos, ply)
        };
        if over {
            self.moves[ply] = moves;
            return self.terminal(pos, ply);
        }
        let mut best = -INFINITE;
        let mut stand = -INFINITE;
        if !danger {
            let raw = self.static_eval(pos);
            stand = self.corrected(pos, raw);
            if stand >= beta {
                self.moves[ply] = moves;
                return stand;
            }
            alpha = alpha.max(stand);
            best = stand;
        }
        let mut n = 0;
        for i in 0..moves.len() {
            let m = moves[i].0;
            match self.eval.gain(self.rules, pos, m) {
                Some(g) => {
                    // Delta pruning, never for a decisive capture (a King).
                    if !danger && g.victim < DECISIVE && stand + g.victim + 150 <= alpha {
                        continue;
                    }
                    // Captures that lose material.
                    if !danger
                        && g.victim < DECISIVE
                        && self.eval.see_below(self.rules, pos, m, 0) == Some(true)
                    {
                        continue;
                    }
                    moves[n] = (m, 200_000 + g.victim * 4 - g.attacker / 4);
                    n += 1;
                }
                None if danger => {
                    moves[n] = (m, 0);
                    n += 1;
                }
                None => {}
            }
        }
        moves.truncate(n);
        let mut searched = 0;
        for i in 0..moves.len() {
            Self::pick(&mut moves, i);
            let m = moves[i].0;
            let mut child = pos.clone();
            self.rules.play_unchecked(&mut child, m);
            if self.forbidden(m, &child) {
                continue;
            }
            searched += 1;
            self.push(pos, m, &child, ply);
            let v = -self.qsearch(&child, -beta, -alpha, ply + 1, qply + 1);
            self.pop();
            if self.aborted {
                self.moves[ply] = moves;
                return 0;
            }
            if v > best {
                best = v;
                if v > alpha {
                    alpha = v;
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        self.moves[ply] = moves;
        if danger && searched == 0 {
            return -(MATE - ply as i32);
        }
        best
    }
}
