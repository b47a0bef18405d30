//! The main search's nodes: hash cut-offs, reverse futility, razoring, null move, the
//! singular extension of the hash move (two plies when far above the others, one less when not
//! singular but already at beta), then the moves in order with static-exchange,
//! futility and late-move pruning, late-move reductions and principal-variation re-searches.

use tegoma_game::MatchRules;

use super::histories::NO_SLOT;
use super::ordering::{is_quiet, ORDER_HASH, ORDER_KILLER};
use super::tt::Bound;
use super::{Searcher, MAX_PLY};
use crate::eval::Evaluator;
use crate::score::{INFINITE, MATE, MATE_BOUND};

/// A window beyond this (centipawns, either side) is a decided game: reverse futility,
/// razoring and the null move are left out, so that mates are not hidden behind material.
const DECIDED: i32 = 1_000;

/// The late-move reduction, in plies, of the `n`th move (from 1) at `depth`, before
/// adjustments: grows with the logarithms of both.
fn base_reduction(depth: i32, n: usize) -> i32 {
    let (d, n) = (f64::from(depth.max(1)), n.max(1) as f64);
    (0.6 + d.ln() * n.ln() / 2.4) as i32
}

impl<R: MatchRules, E: Evaluator<R>> Searcher<'_, R, E> {
    #[allow(clippy::too_many_arguments)]
    pub(super) fn alpha_beta(
        &mut self,
        pos: &R::Position,
        mut depth: i32,
        mut alpha: i32,
        mut beta: i32,
        ply: usize,
        null_ok: bool,
    ) -> i32 {
        let pv_node = beta - alpha > 1;
        if self.eval.lost(self.rules, pos) {
            return -(MATE - ply as i32);
        }
        if self.repeats(pos, ply) || self.eval.is_dead_draw(self.rules, pos) {
            return 0;
        }
        // Mate-distance pruning.
        alpha = alpha.max(-(MATE - ply as i32));
        beta = beta.min(MATE - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }
        if ply >= MAX_PLY - 8 {
            return self.eval.evaluate(self.rules, pos);
        }
        let danger = self.eval.in_danger(self.rules, pos);
        // Danger extension, within the iteration's depth (in Ōgi a King is often attacked:
        // more would multiply the tree).
        if danger && ply < self.root_depth.min(MAX_PLY / 2) {
            depth += 1;
        }
        if depth <= 0 {
            return self.qsearch(pos, alpha, beta, ply, 0);
        }
        self.nodes += 1;
        if self.check_abort() {
            return 0;
        }
        self.seldepth = self.seldepth.max(ply);
        self.pv[ply].clear();
        // Every child (null move and verification searches included) inherits the path's
        // count of double extensions; the hash move's search alone adds one.
        self.double_ext[ply + 1] = self.double_ext[ply];
        let key = self.keys[self.keys.len() - 1];
        let excluded = self.excluded[ply];
        let mut tt_move = None;
        let mut tt_hit = None;
        if let Some(h) = self.tt.probe(key, ply) {
            tt_move = h.mv;
            tt_hit = Some((h.score, h.depth, h.bound));
            if !pv_node && h.depth >= depth && excluded.is_none() {
                let cut = match h.bound {
                    Bound::Exact => true,
                    Bound::Lower => h.score >= beta,
                    Bound::Upper => h.score <= alpha,
                };
                if cut {
                    return h.score;
                }
            }
        }
        // Internal iterative reduction: without a hash move, a deep node is searched a ply
        // shallower (its next visit has the move).
        if self.selective && tt_move.is_none() && depth >= 6 && excluded.is_none() {
            depth -= 1;
        }
        let static_eval = if danger {
            -INFINITE
        } else {
            let raw = self.static_eval(pos);
            self.corrected(pos, raw)
        };
        self.evals[ply] = static_eval;
        // Improving: the static evaluation is better than at our previous turn (or that was
        // in danger, or is not known): fewer late moves pruned, less reduction. (Not in
        // reverse futility: a smaller margin there hid a mate in two at depth 5.)
        let improving = !danger
            && (ply < 2 || self.evals[ply - 2] == -INFINITE || static_eval > self.evals[ply - 2]);
        // Not when the game is already decided (a window beyond `DECIDED`): there a static
        // evaluation far above beta says only that material is won, and passing or trusting it
        // hides the mates the search must now find (a mate in four missed for +36 pawns).
        if !pv_node && !danger && beta.abs() < DECIDED && excluded.is_none() {
            // Reverse futility: far above beta near the leaves.
            let (rfp_depth, rfp_margin) = if self.selective { (5, 90) } else { (3, 110) };
            if depth <= rfp_depth && static_eval - rfp_margin * depth >= beta {
                return static_eval;
            }
            // Razoring: far below alpha near the leaves, quiescence decides.
            if self.selective && depth <= 2 && static_eval + 250 * depth < alpha {
                let v = self.qsearch(pos, alpha, alpha + 1, ply, 0);
                if self.aborted {
                    return 0;
                }
                if v <= alpha {
                    return v;
                }
            }
            // Null move: even passing keeps the score above beta.
            if null_ok && depth >= 2 && static_eval >= beta {
                if let Some(child) = self.eval.null_move(self.rules, pos) {
                    let r = if self.selective {
                        3 + depth / 3 + ((static_eval - beta) / 200).min(3)
                    } else {
                        2 + depth / 4 + i32::from(static_eval - beta > 200)
                    };
                    self.keys.push(self.rules.key(&child));
                    self.slots[ply + 1] = NO_SLOT;
                    self.quiet[ply + 1] = self.quiet[ply].saturating_add(1);
                    let v =
                        -self.alpha_beta(&child, depth - 1 - r, -beta, -beta + 1, ply + 1, false);
                    self.keys.pop();
                    if self.aborted {
                        return 0;
                    }
                    if v >= beta {
                        return if v >= MATE_BOUND { beta } else { v };
                    }
                }
            }
        }

        // Singular extension: when the hash move's lower bound stands far above every other
        // move's (a search without it, at half the depth, fails low below the bound less a
        // margin), the hash move is searched a ply deeper; when even the others reach beta,
        // the node is cut (several moves refute it).
        let mut singular = 0;
        let try_singular =
            self.selective && depth >= 7 && excluded.is_none() && ply < 2 * self.root_depth;
        if let (true, Some(m), Some((score, hd, bound))) = (try_singular, tt_move, tt_hit) {
            if hd >= depth - 3 && bound != Bound::Upper && score.abs() < MATE_BOUND {
                let singular_beta = score - 2 * depth;
                self.excluded[ply] = Some(m);
                let v = self.alpha_beta(
                    pos,
                    (depth - 1) / 2,
                    singular_beta - 1,
                    singular_beta,
                    ply,
                    false,
                );
                self.excluded[ply] = None;
                if self.aborted {
                    return 0;
                }
                if v < singular_beta {
                    // Far below: two plies (a non-PV node, at most six such on a path).
                    singular = if !pv_node && v < singular_beta - 20 && self.double_ext[ply] < 6 {
                        2
                    } else {
                        1
                    };
                } else if singular_beta >= beta {
                    return singular_beta;
                } else if score >= beta {
                    // Not singular and its bound already reaches beta: a ply less for it.
                    singular = -1;
                }
            }
        }
        let mut moves = self.generate(pos, ply);
        if moves.is_empty() {
            self.moves[ply] = moves;
            return self.terminal(pos, ply);
        }
        if self.quiet[ply] >= self.move_limit {
            self.moves[ply] = moves;
            return 0;
        }
        for e in moves.iter_mut() {
            e.1 = self.order_score(pos, e.0, tt_move, ply);
        }
        let original_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_move = None;
        let mut searched = 0;
        // Pruning of moves near the leaves, once a move that does not lose is known.
        let prune_ok = !pv_node && !danger;
        let futile =
            self.selective && prune_ok && depth <= 3 && static_eval + 90 + 90 * depth <= alpha;
        let late_limit = (3 + (depth * depth) as usize) / if improving { 1 } else { 2 };
        for i in 0..moves.len() {
            Self::pick(&mut moves, i);
            let (m, order) = moves[i];
            if excluded == Some(m) {
                continue;
            }
            let quiet = is_quiet(order);
            let plain = quiet && order < ORDER_KILLER;
            let can_prune = prune_ok && searched > 0 && best > -MATE_BOUND;
            // Captures that lose material, and quiet moves that hang a piece, at low depth
            // (unless they check: a sacrifice with check starts many short mates).
            let see_prune = can_prune
                && depth <= 5
                && order != ORDER_HASH
                && self.eval.see_below(
                    self.rules,
                    pos,
                    m,
                    if quiet {
                        -40 * depth * depth
                    } else {
                        -90 * depth
                    },
                ) == Some(true);
            let mut child = pos.clone();
            self.rules.play_unchecked(&mut child, m);
            if self.forbidden(m, &child) {
                continue;
            }
            // Whether the move puts the opponent in danger (a check): never pruned or reduced.
            let checks = (plain || see_prune) && self.eval.in_danger(self.rules, &child);
            if see_prune && !checks {
                continue;
            }
            // Late-move pruning (quiet moves tried late at a shallow depth), and futility (a
            // quiet move cannot bring a position far below alpha back); never a check.
            let late = self.selective && depth <= 4 && searched >= late_limit;
            if can_prune && plain && !checks && (futile || late) {
                continue;
            }
            if self.selective {
                self.slots[ply + 1] = self.slot_of(pos, m) as u16;
            }
            self.push(pos, m, &child, ply);
            searched += 1;
            let mut v;
            if searched == 1 {
                let extension = if tt_move == Some(m) { singular } else { 0 };
                self.double_ext[ply + 1] = self.double_ext[ply] + u8::from(extension == 2);
                v = -self.alpha_beta(&child, depth - 1 + extension, -beta, -alpha, ply + 1, true);
                self.double_ext[ply + 1] = self.double_ext[ply];
            } else {
                // Late-move reduction for quiet moves tried late.
                let mut r = 0;
                if depth >= 3 && plain && !danger && !checks && searched > 2 {
                    r = if self.selective {
                        // Less for a move with a good history, more for a bad one, and more
                        // when the position is not improving.
                        base_reduction(depth, searched) - order / 8_000 + i32::from(!improving)
                    } else {
                        1 + i32::from(searched > 8) + i32::from(depth >= 8 && searched > 16)
                    };
                    if pv_node {
                        r -= 1;
                    }
                    r = r.min(depth - 2).max(0);
                }
                v = -self.alpha_beta(&child, depth - 1 - r, -alpha - 1, -alpha, ply + 1, true);
                if r > 0 && v > alpha && !self.aborted {
                    v = -self.alpha_beta(&child, depth - 1, -alpha - 1, -alpha, ply + 1, true);
                }
                if v > alpha && v < beta && !self.aborted {
                    v = -self.alpha_beta(&child, depth - 1, -beta, -alpha, ply + 1, true);
                }
            }
            self.pop();
            if self.aborted {
                self.moves[ply] = moves;
                return 0;
            }
            if v > best {
                best = v;
                best_move = Some(m);
                if v > alpha {
                    alpha = v;
                    if pv_node {
                        self.set_pv(ply, m);
                    }
                    if v >= beta {
                        let bonus = (16 * depth * depth).min(1_200);
                        if self.selective {
                            // The captures tried before it did not cut off; a capture that
                            // did is raised.
                            for &(other, _) in &moves[..=i] {
                                if let Some(g) = self.eval.gain(self.rules, pos, other) {
                                    let b = if other == m { bonus } else { -bonus };
                                    self.update_capture(pos, other, g.victim, b);
                                }
                            }
                        }
                        if quiet {
                            let k = &mut self.killers[ply];
                            if k[0] != Some(m) {
                                k[1] = k[0];
                                k[0] = Some(m);
                            }
                            self.update_history(pos, m, ply, bonus);
                            // The quiet moves tried before it did not cut off.
                            let tried = if self.selective { i } else { 0 };
                            for &(other, o) in &moves[..tried] {
                                if is_quiet(o) {
                                    self.update_history(pos, other, ply, -bonus);
                                }
                            }
                        }
                        break;
                    }
                }
            }
        }
        self.moves[ply] = moves;
        if searched == 0 {
            return -(MATE - ply as i32);
        }
        let bound = if best >= beta {
            Bound::Lower
        } else if best > original_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        // The correction history learns from a result that the static evaluation missed,
        // unless a capture or promotion made it (the evaluation is not meant to see those).
        if excluded.is_some() {
            // A search without the hash move: neither stored nor learnt from.
            return best;
        }
        if !danger
            && best.abs() < MATE_BOUND
            && best_move.is_none_or(|m| self.eval.gain(self.rules, pos, m).is_none())
            && !(bound == Bound::Lower && best <= static_eval)
            && !(bound == Bound::Upper && best >= static_eval)
        {
            self.update_correction(pos, depth, static_eval, best);
        }
        self.tt.store(key, best_move, best, depth, bound, ply);
        best
    }
}
