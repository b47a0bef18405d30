//! Move ordering: the hash move, captures that do not lose material (most valuable victim,
//! least valuable attacker, then the capture history when the search is selective), killers,
//! quiet moves by their history, then captures that lose material (the histories are in
//! `histories.rs`).

use tegoma_game::MatchRules;

use super::histories::HISTORY_MAX;
use super::Searcher;
use crate::eval::Evaluator;

/// Order scores: the hash move, captures that do not lose material, killers, quiet moves by
/// histories (within `±3 HISTORY_MAX`), then captures that lose material.
pub(super) const ORDER_HASH: i32 = 1_000_000;
pub(super) const ORDER_GOOD_CAPTURE: i32 = 200_000;
pub(super) const ORDER_KILLER: i32 = 80_000;
pub(super) const ORDER_BAD_CAPTURE: i32 = -200_000;

/// Whether an order score is a quiet move's (killers included).
#[inline]
pub(super) fn is_quiet(order: i32) -> bool {
    order > -(3 * HISTORY_MAX + 1) && order <= ORDER_KILLER + 10_000
}

impl<R: MatchRules, E: Evaluator<R>> Searcher<'_, R, E> {
    #[inline]
    pub(super) fn order_score(
        &self,
        pos: &R::Position,
        m: R::Move,
        tt_move: Option<R::Move>,
        ply: usize,
    ) -> i32 {
        if Some(m) == tt_move {
            return ORDER_HASH;
        }
        if let Some(g) = self.eval.gain(self.rules, pos, m) {
            let mut mvv_lva = g.victim * 4 - g.attacker / 4;
            if self.selective {
                mvv_lva += self.capture_score(pos, m, g.victim) / 8;
            }
            return match self.eval.see_below(self.rules, pos, m, 0) {
                Some(true) => ORDER_BAD_CAPTURE + mvv_lva,
                _ => ORDER_GOOD_CAPTURE + mvv_lva,
            };
        }
        let k = &self.killers[ply];
        if k[0] == Some(m) {
            ORDER_KILLER + 10_000
        } else if k[1] == Some(m) {
            ORDER_KILLER
        } else {
            self.quiet_score(pos, m, ply)
        }
    }

    /// Picks the best-scored move left from `i` on and swaps it to `i`.
    #[inline]
    pub(super) fn pick(moves: &mut [(R::Move, i32)], i: usize) {
        let mut b = i;
        for j in i + 1..moves.len() {
            if moves[j].1 > moves[b].1 {
                b = j;
            }
        }
        moves.swap(i, b);
    }
}
