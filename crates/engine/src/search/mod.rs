//! The search: iterative deepening with aspiration windows, principal-variation search,
//! a transposition table, quiescence, move ordering (hash move, captures by value and capture
//! history, killers, history), null-move pruning, late-move reductions, check (danger) and
//! singular extensions, draws by repetition and move limit and sennichite inside the tree.
//! Under a clock, the time aimed at ([`TimeBudget::scaled_soft`]) shrinks when the best move
//! stays the same and takes most of the nodes, and grows when it changes or the score falls.
//!
//! [`Searcher`] is generic over a rule system `R` ([`MatchRules`]) and its [`Evaluator`]: it
//! is monomorphised for every game, and plays moves with `play_unchecked` on copies of the
//! concrete positions. With one thread, the same input gives the same result (node and depth
//! limits; a time limit stops at a time that varies).

mod alpha_beta;
mod histories;
mod history;
mod ordering;
mod quiescence;
pub(crate) mod tt;

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicU8, Ordering};
use std::time::{Duration, Instant};

use tegoma_game::{MatchRules, RepetitionRule};
use tegoma_protocol::{MoveBuffer, Side};

use self::history::move_hash;
pub use self::history::GameHistory;

/// A deterministic hash of a move (the default [`Evaluator::move_slot`] reduces it).
pub fn move_slot_hash<M: std::hash::Hash>(m: &M) -> usize {
    move_hash(m) as usize
}
use self::histories::{Histories, NO_SLOT};
use self::tt::{Bound, EvalCache, Table, TtRef};
use crate::eval::{Evaluator, Noisy};
use crate::limits::{Limits, TimeBudget};
use crate::score::{INFINITE, MATE, MATE_BOUND};

/// The deepest ply the search reaches (quiescence included).
pub const MAX_PLY: usize = 96;

/// The transposition table of a rule system whose moves are `M`, with the move-ordering and
/// correction histories: what the searches of one game keep from one to the next.
pub struct TranspositionTable<M> {
    table: Table<M>,
    histories: Histories,
    evals: EvalCache,
}

impl<M: Copy> TranspositionTable<M> {
    /// A table of about `mb` megabytes (and empty histories).
    pub fn new(mb: usize) -> TranspositionTable<M> {
        TranspositionTable {
            table: Table::new(mb),
            histories: Histories::new(),
            evals: EvalCache::new(),
        }
    }
    /// The move stored for the position `key`, if any (it may not be legal there: a key
    /// collision).
    pub fn hash_move(&mut self, key: u64) -> Option<M> {
        TtRef::Own(&mut self.table).probe(key, 0).and_then(|h| h.mv)
    }

    /// Forgets every entry and the histories (a new game).
    pub fn clear(&mut self) {
        self.table.clear();
        self.histories.clear();
        self.evals.clear();
    }
}

/// Progress after an iteration of the search.
#[derive(Debug, Clone)]
pub struct Progress<M> {
    /// The depth completed.
    pub depth: u32,
    /// The deepest ply reached.
    pub seldepth: u32,
    /// The score for the side to move (internal units; see [`crate::Score::from_internal`]).
    pub score: i32,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the search began.
    pub elapsed: Duration,
    /// The principal variation.
    pub pv: Vec<M>,
    /// The variations (multi-PV), best first: score and line; the first is `score` and `pv`.
    pub lines: Vec<(i32, Vec<M>)>,
}

/// What a search found.
#[derive(Debug, Clone)]
pub struct Found<M> {
    /// The move to play (`None`: no legal move).
    pub best: Option<M>,
    /// The last completed iteration (score, depth, nodes, principal variation).
    pub progress: Progress<M>,
}

/// Tunable behaviour of one search besides its limits.
#[derive(Debug, Clone, Default)]
pub struct SearchConfig {
    /// Milliseconds kept for the protocol's latency when thinking on a clock.
    pub move_overhead_ms: u64,
    /// A bonus (centipawns) per root move by index in the legal-move list, for the strength
    /// levels' randomness; empty for none.
    pub root_noise: Vec<i32>,
    /// When the request arrived (the time budget counts from it; default: the search's start).
    pub started: Option<Instant>,
}

const ASPIRATION: i32 = 30;
/// A capture gaining this much decides the game (a King): never pruned.
const DECISIVE: i32 = 10_000;

/// One search of one position (see the [module docs](self)).
pub struct Searcher<'a, R: MatchRules, E: Evaluator<R>> {
    rules: &'a R,
    eval: &'a E,
    tt: TtRef<'a, R::Move>,
    /// A helper thread's second stop flag: the main thread has ended.
    also_stop: Option<&'a AtomicBool>,
    /// A helper thread's node count, shared with the main thread (and what was added to it).
    publish: Option<&'a AtomicU64>,
    published: u64,
    /// The helpers' nodes, counted in the main thread's reports and node limit.
    extra_nodes: Option<&'a AtomicU64>,
    /// 0 for the main thread; a helper's number (its iterations are varied by it).
    helper: usize,
    /// Static evaluations already computed.
    eval_cache: &'a mut EvalCache,
    stop: &'a AtomicBool,
    /// The ponder state ([`crate::engine::PONDERING`] while the ponder hit has not come).
    ponder: Option<&'a AtomicU8>,
    /// Whether the search still ponders (no bound applies).
    pondering: bool,
    start: Instant,
    /// Where the time budget counts from (the request, or the ponder hit).
    clock_start: Instant,
    budget: Option<TimeBudget>,
    node_limit: u64,
    nodes: u64,
    seldepth: usize,
    aborted: bool,
    buf: R::MoveList,
    moves: Vec<Vec<(R::Move, i32)>>,
    killers: Vec<[Option<R::Move>; 2]>,
    /// The histories kept across the searches of a game.
    hist: &'a mut Histories,
    /// The [`Evaluator::move_slot`] of the move that led to each ply ([`NO_SLOT`]: none).
    slots: Vec<u16>,
    /// The move a singular-extension search leaves out at each ply.
    excluded: Vec<Option<R::Move>>,
    /// Double singular extensions on the path to each ply.
    double_ext: Vec<u8>,
    /// The corrected static evaluation at each ply (`-INFINITE` in danger).
    evals: Vec<i32>,
    pv: Vec<Vec<R::Move>>,
    /// Keys of the game's positions, then of the path (the current node last).
    keys: Vec<u64>,
    /// The move-limit count at each ply.
    quiet: Vec<u32>,
    /// Index in `keys` of the root.
    root_index: usize,
    game: &'a GameHistory,
    /// Sennichite marks (move, position it produced) along the path.
    path_marks: Vec<u64>,
    /// The repetition rule of each player's moves (indexed by [`Side::index`]).
    repetition: [RepetitionRule; 2],
    /// Whether either player is bound by sennichite (the path keeps its marks).
    sennichite: bool,
    move_limit: u32,
    irreversible: bool,
    /// Whether the move-limit count is needed (a move limit, or a repetition window).
    track_quiet: bool,
    /// The running iteration's depth.
    root_depth: usize,
    /// A root move that the running iteration proved better than the window's lower bound
    /// (played if the iteration is cut short).
    root_partial: Option<R::Move>,
    /// The share of the last completed root search's nodes spent on its best move.
    best_share: f64,
    /// Whether the evaluator allows the selective search (see
    /// [`Evaluator::selective_search`]).
    selective: bool,
}

impl<'a, R: MatchRules, E: Evaluator<R>> Searcher<'a, R, E> {
    /// A searcher for `rules` with `eval`, the table `tt`, the game so far and a stop flag.
    pub fn new(
        rules: &'a R,
        eval: &'a E,
        tt: &'a mut TranspositionTable<R::Move>,
        game: &'a GameHistory,
        stop: &'a AtomicBool,
    ) -> Searcher<'a, R, E> {
        Searcher::with_parts(
            rules,
            eval,
            TtRef::Own(&mut tt.table),
            &mut tt.histories,
            &mut tt.evals,
            game,
            stop,
        )
    }

    /// A searcher on a table reached through `tt`, with its own histories and evaluations.
    fn with_parts(
        rules: &'a R,
        eval: &'a E,
        tt: TtRef<'a, R::Move>,
        hist: &'a mut Histories,
        eval_cache: &'a mut EvalCache,
        game: &'a GameHistory,
        stop: &'a AtomicBool,
    ) -> Searcher<'a, R, E> {
        Searcher {
            rules,
            eval,
            tt,
            also_stop: None,
            publish: None,
            published: 0,
            extra_nodes: None,
            helper: 0,
            eval_cache,
            hist,
            stop,
            ponder: None,
            pondering: false,
            start: Instant::now(),
            clock_start: Instant::now(),
            budget: None,
            node_limit: u64::MAX,
            nodes: 0,
            seldepth: 0,
            aborted: false,
            buf: R::MoveList::default(),
            moves: vec![Vec::new(); MAX_PLY + 2],
            killers: vec![[None; 2]; MAX_PLY + 2],
            slots: vec![NO_SLOT; MAX_PLY + 2],
            evals: vec![0; MAX_PLY + 2],
            excluded: vec![None; MAX_PLY + 2],
            double_ext: vec![0; MAX_PLY + 2],
            pv: vec![Vec::new(); MAX_PLY + 2],
            keys: Vec::new(),
            quiet: vec![0; MAX_PLY + 2],
            root_index: 0,
            game,
            path_marks: Vec::new(),
            // Set from the root by `adopt_rules` (each player's rules are its army's).
            repetition: [RepetitionRule::Ignored; 2],
            sennichite: false,
            move_limit: rules.move_limit(),
            irreversible: rules.reset_is_irreversible(),
            track_quiet: true,
            root_depth: 1,
            root_partial: None,
            best_share: 1.0,
            selective: eval.selective_search(),
        }
    }

    /// Makes the search ponder while `state` is [`crate::engine::PONDERING`] (see
    /// [`Limits::ponder`]); a state of [`crate::engine::PONDER_IDLE`] becomes `PONDERING`.
    pub(crate) fn set_ponder(&mut self, state: &'a AtomicU8) {
        let _ = state.compare_exchange(
            crate::engine::PONDER_IDLE,
            crate::engine::PONDERING,
            Ordering::Relaxed,
            Ordering::Relaxed,
        );
        self.ponder = Some(state);
    }

    /// Whether the search still ponders; at the ponder hit, the time budget starts.
    fn still_pondering(&mut self) -> bool {
        if self.pondering
            && self
                .ponder
                .is_none_or(|p| p.load(Ordering::Relaxed) != crate::engine::PONDERING)
        {
            self.pondering = false;
            self.clock_start = Instant::now();
        }
        self.pondering
    }

    /// Nodes searched so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// Nodes searched so far by this thread and its helpers.
    fn total_nodes(&self) -> u64 {
        self.nodes + self.extra_nodes.map_or(0, |n| n.load(Ordering::Relaxed))
    }

    /// Each player's repetition rule in the game of `root` (its army's), and what follows
    /// from them.
    fn adopt_rules(&mut self, root: &R::Position) {
        let rules = self.rules;
        self.repetition = [
            rules.repetition(root, Side::First),
            rules.repetition(root, Side::Second),
        ];
        self.sennichite = rules.any_sennichite(root);
        self.track_quiet = self.move_limit != u32::MAX
            || (self
                .repetition
                .contains(&RepetitionRule::ThirdOccurrenceDraws)
                && self.irreversible);
    }

    /// The legal moves of `root` in this game (sennichite against the game's history
    /// applied), in generation order.
    pub fn root_moves(&mut self, root: &R::Position) -> Vec<R::Move> {
        self.adopt_rules(root);
        self.rules.legal_moves_into(root, &mut self.buf);
        let all: Vec<R::Move> = self.buf.as_slice().to_vec();
        all.into_iter()
            .filter(|&m| !self.game_forbids(root, m))
            .collect()
    }

    fn game_forbids(&self, pos: &R::Position, m: R::Move) -> bool {
        let mover = self.rules.side_to_move(pos);
        if self.repetition[mover.index()] != RepetitionRule::Sennichite
            || self.game.marks.is_empty()
        {
            return false;
        }
        let mut child = pos.clone();
        self.rules.play_unchecked(&mut child, m);
        self.game
            .marks
            .contains(&(move_hash(&m) ^ self.rules.key(&child)))
    }

    /// Searches `root` within `limits`, calling `report` after each completed iteration.
    /// `only` restricts the root moves (UCI `searchmoves`); moves not legal are ignored.
    pub fn search(
        &mut self,
        root: &R::Position,
        limits: &Limits,
        config: &SearchConfig,
        only: Option<&[R::Move]>,
        report: &mut dyn FnMut(&Progress<R::Move>),
    ) -> Found<R::Move> {
        self.adopt_rules(root);
        self.start = config.started.unwrap_or_else(Instant::now);
        self.clock_start = self.start;
        self.pondering = limits.ponder && self.ponder.is_some();
        self.still_pondering();
        self.budget = TimeBudget::of(limits, config.move_overhead_ms);
        self.node_limit = limits
            .nodes
            .filter(|_| !limits.infinite)
            .unwrap_or(u64::MAX);
        self.tt.new_search();
        self.keys.clear();
        self.keys.extend_from_slice(&self.game.keys);
        let root_key = self.rules.key(root);
        if self.keys.last() != Some(&root_key) {
            self.keys.push(root_key);
        }
        self.root_index = self.keys.len() - 1;
        self.quiet[0] = self.game.quiet;

        let generated = self.root_moves(root);
        let mut root_moves: Vec<(R::Move, i32)> = generated
            .iter()
            .enumerate()
            .filter(|(_, m)| only.is_none_or(|o| o.is_empty() || o.contains(m)))
            .map(|(i, &m)| (m, config.root_noise.get(i).copied().unwrap_or(0)))
            .collect();
        if root_moves.is_empty() && only.is_some() {
            root_moves = generated.iter().map(|&m| (m, 0)).collect();
        }
        let mut progress = Progress {
            depth: 0,
            seldepth: 0,
            score: 0,
            nodes: 0,
            elapsed: Duration::ZERO,
            pv: Vec::new(),
            lines: Vec::new(),
        };
        if root_moves.is_empty() {
            return Found {
                best: None,
                progress,
            };
        }
        // Order the root once: hash move, then captures.
        let tt_move = self.tt.probe(root_key, 0).and_then(|h| h.mv);
        let mut order: Vec<(R::Move, i32, i32)> = root_moves
            .iter()
            .map(|&(m, noise)| (m, noise, self.order_score(root, m, tt_move, 0)))
            .collect();
        order.sort_by_key(|e| std::cmp::Reverse(e.2));
        let mut best = order[0].0;
        // A mate search with no other bound ends at 4N + 4 plies, mate found or not.
        let mate_depth = limits
            .mate
            .filter(|_| {
                limits.depth.is_none()
                    && limits.nodes.is_none()
                    && limits.movetime_ms.is_none()
                    && limits.clock.is_none()
            })
            .map(|n| n.saturating_mul(4).saturating_add(4));
        let max_depth = limits
            .depth
            .or(mate_depth)
            .filter(|_| !limits.infinite)
            .unwrap_or(MAX_PLY as u32 - 4)
            .clamp(1, MAX_PLY as u32 - 4);
        let multipv = limits.variations().min(order.len());
        let mut score: i32 = 0;
        // Completed iterations in a row that ended on the same best move, and the scores of
        // the last ones (for the time budget's scaling).
        let mut stable = 0u32;
        let mut scores: Vec<i32> = Vec::new();
        for depth in 1..=max_depth as i32 {
            // Helpers skip every other iteration, in turn, so that the threads' depths differ.
            if self.helper > 0 && depth > 1 && (depth as usize + self.helper) % 2 == 0 {
                continue;
            }
            self.seldepth = 0;
            self.root_depth = depth as usize;
            // The variations of this iteration: each searches the root moves not in the ones
            // before it (`order[k..]`), and leaves its best move at `order[k]`.
            let mut lines: Vec<(i32, Vec<R::Move>)> = Vec::with_capacity(multipv);
            for k in 0..multipv {
                let last = if k == 0 {
                    score
                } else {
                    progress.lines.get(k).map_or(score, |l| l.0)
                };
                let (mut alpha, mut beta) =
                    if depth >= 4 && last.abs() < MATE_BOUND && progress.lines.len() > k {
                        (last - ASPIRATION, last + ASPIRATION)
                    } else {
                        (-INFINITE, INFINITE)
                    };
                let mut widen = ASPIRATION;
                if k == 0 {
                    self.root_partial = None;
                }
                let found = loop {
                    let v = self.search_root(root, &mut order[k..], depth, alpha, beta, k == 0);
                    if self.aborted {
                        break None;
                    }
                    if v <= alpha && alpha > -INFINITE {
                        widen *= 4;
                        alpha = (v - widen).max(-INFINITE);
                    } else if v >= beta && beta < INFINITE {
                        widen *= 4;
                        beta = (v + widen).min(INFINITE);
                    } else {
                        break Some(v);
                    }
                };
                let Some(v) = found else { break };
                let mut pv = self.pv[0].clone();
                if pv.first() != Some(&order[k].0) {
                    pv = vec![order[k].0];
                }
                lines.push((v, pv));
            }
            if lines.is_empty() {
                // Cut short: a move this iteration proved better than the last best is played.
                if let Some(m) = self.root_partial.filter(|&m| m != best) {
                    best = m;
                    progress.pv = vec![m];
                    if let Some(l) = progress.lines.first_mut() {
                        *l = (l.0, vec![m]);
                    }
                }
                break;
            }
            let complete = lines.len() == multipv;
            if complete && multipv > 1 {
                // Best first (a later variation can come out above an earlier one).
                let mut both: Vec<_> = order[..multipv].iter().copied().zip(lines).collect();
                both.sort_by_key(|e| std::cmp::Reverse(e.1 .0));
                lines = Vec::with_capacity(multipv);
                for (i, (o, l)) in both.into_iter().enumerate() {
                    order[i] = o;
                    lines.push(l);
                }
            } else if !complete {
                // Cut short after its first variation: those done replace the last ones.
                let mut merged = lines;
                merged.extend(progress.lines.iter().skip(merged.len()).cloned());
                lines = merged;
            }
            let v = lines[0].0;
            score = v;
            if order[0].0 == best {
                stable += 1;
            } else {
                stable = 0;
            }
            scores.push(v);
            best = order[0].0;
            progress = Progress {
                depth: depth as u32,
                seldepth: self.seldepth as u32,
                score,
                nodes: self.total_nodes(),
                elapsed: self.start.elapsed(),
                pv: lines[0].1.clone(),
                lines,
            };
            if !complete {
                break;
            }
            report(&progress);
            if limits.infinite || self.still_pondering() {
                continue;
            }
            // A mate search ends at a mate short enough.
            if let Some(n) = limits.mate {
                if score >= MATE - (2 * n.min(500) as i32 - 1) {
                    break;
                }
            }
            // A forced result found with room to spare: deeper iterations add nothing.
            if multipv == 1 && score.abs() >= MATE_BOUND && depth >= (MATE - score.abs()) + 2 {
                break;
            }
            if let Some(b) = self.budget {
                // The aim, scaled by how settled the search looks (from the sixth iteration:
                // earlier ones say little); a fixed time per move is not scaled.
                let soft = if depth >= 6 && limits.movetime_ms.is_none() {
                    // The best of the three scores before this one, when there are three.
                    let before = scores.iter().rev().skip(1).take(3);
                    let drop = if scores.len() >= 4 {
                        before.max().map_or(0, |&b| b - v)
                    } else {
                        0
                    };
                    b.scaled_soft(self.best_share, stable, drop)
                } else {
                    b.soft
                };
                // An iteration takes a few times the previous one: do not start what cannot end.
                if self.clock_start.elapsed() >= soft * 3 / 5 || order.len() == 1 && depth >= 4 {
                    break;
                }
            }
        }
        if limits.infinite || self.pondering {
            // UCI: a best move is not sent before `stop` (or, pondering, the ponder hit).
            while !self.stop.load(Ordering::Relaxed) && (limits.infinite || self.still_pondering())
            {
                std::thread::sleep(Duration::from_millis(2));
            }
        }
        progress.nodes = self.total_nodes();
        progress.elapsed = self.start.elapsed();
        Found {
            best: Some(best),
            progress,
        }
    }

    #[allow(clippy::needless_range_loop)]
    fn search_root(
        &mut self,
        root: &R::Position,
        order: &mut [(R::Move, i32, i32)],
        depth: i32,
        mut alpha: i32,
        beta: i32,
        main: bool,
    ) -> i32 {
        let mut best = -INFINITE;
        self.pv[0].clear();
        self.nodes += 1;
        // The root's static evaluation, for its grandchildren's `improving`.
        self.evals[0] = if self.eval.in_danger(self.rules, root) {
            -INFINITE
        } else {
            let raw = self.static_eval(root);
            self.corrected(root, raw)
        };
        let mut best_index = 0;
        let start_nodes = self.nodes;
        let mut best_nodes = 0;
        for i in 0..order.len() {
            let (m, noise, _) = order[i];
            let before = self.nodes;
            let mut child = root.clone();
            self.rules.play_unchecked(&mut child, m);
            self.slots[1] = self.slot_of(root, m) as u16;
            self.push(root, m, &child, 0);
            // The move's value is the child's plus its noise: search the child's window.
            let (a, b) = (alpha - noise, beta - noise);
            let mut v;
            if i == 0 {
                v = -self.alpha_beta(&child, depth - 1, -b, -a, 1, true);
            } else {
                v = -self.alpha_beta(&child, depth - 1, -a - 1, -a, 1, true);
                if v > a && v < b && !self.aborted {
                    v = -self.alpha_beta(&child, depth - 1, -b, -a, 1, true);
                }
            }
            self.pop();
            if self.aborted {
                return best;
            }
            let v = v + noise;
            order[i].2 = v;
            if v > best {
                best = v;
                best_index = i;
                best_nodes = self.nodes - before;
                if v > alpha {
                    alpha = v;
                    self.set_pv(0, m);
                    if main {
                        self.root_partial = Some(m);
                    }
                    if v >= beta {
                        break;
                    }
                }
            }
        }
        // The best move first for the next iteration; the others keep their order.
        order[..=best_index].rotate_right(1);
        if !main {
            // A later variation: the root's table entry and the best move's share are the
            // first variation's.
            return best;
        }
        self.best_share = best_nodes as f64 / (self.nodes - start_nodes).max(1) as f64;
        if best > -INFINITE {
            let key = self.keys[self.root_index];
            let bound = if best >= beta {
                Bound::Lower
            } else {
                Bound::Exact
            };
            self.tt.store(key, Some(order[0].0), best, depth, bound, 0);
        }
        best
    }

    /// Enters `child`, reached by `m` from `pos` at `ply`.
    #[inline]
    fn push(&mut self, pos: &R::Position, m: R::Move, child: &R::Position, ply: usize) {
        let key = self.rules.key(child);
        self.keys.push(key);
        if self.sennichite {
            // A mark only for a move its player's sennichite binds (0 for the others').
            let bound =
                self.repetition[self.rules.side_to_move(pos).index()] == RepetitionRule::Sennichite;
            self.path_marks
                .push(if bound { move_hash(&m) ^ key } else { 0 });
        }
        self.quiet[ply + 1] = if !self.track_quiet || self.rules.resets_move_limit(pos, m) {
            0
        } else {
            self.quiet[ply].saturating_add(1)
        };
    }

    #[inline]
    fn pop(&mut self) {
        self.keys.pop();
        if self.sennichite {
            self.path_marks.pop();
        }
    }

    /// Whether sennichite forbids `m` (leading to `child`): it was played before, in the game
    /// or along the path, producing the same position.
    #[inline]
    fn forbidden(&self, m: R::Move, child: &R::Position) -> bool {
        if !self.sennichite
            || self.repetition[self.rules.side_to_move(child).flip().index()]
                != RepetitionRule::Sennichite
        {
            return false;
        }
        let mark = move_hash(&m) ^ self.rules.key(child);
        self.path_marks.contains(&mark) || self.game.marks.contains(&mark)
    }

    /// Whether the current node repeats an earlier position (third-occurrence rules: the
    /// search scores the first repetition as the draw it can become).
    #[inline]
    fn repeats(&self, pos: &R::Position, ply: usize) -> bool {
        // The player who moved into `pos` answers for the repetition.
        let mover = self.rules.side_to_move(pos).flip();
        if self.repetition[mover.index()] != RepetitionRule::ThirdOccurrenceDraws {
            return false;
        }
        let n = self.keys.len();
        let key = self.keys[n - 1];
        let window = if self.irreversible {
            (self.quiet[ply] as usize).min(n - 1)
        } else {
            n - 1
        };
        let lowest = n - 1 - window;
        let mut i = n - 1;
        while i >= lowest + 2 {
            i -= 2;
            if self.keys[i] == key {
                return true;
            }
        }
        false
    }

    #[inline]
    fn set_pv(&mut self, ply: usize, m: R::Move) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        let line = &mut head[ply];
        line.clear();
        line.push(m);
        line.extend_from_slice(&tail[0]);
    }

    /// Checks the stop flag, the time and the node limit every 256 nodes.
    #[inline]
    fn check_abort(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.nodes & 255 == 0 {
            if let Some(p) = self.publish {
                p.fetch_add(self.nodes - self.published, Ordering::Relaxed);
                self.published = self.nodes;
            }
            if self.stop.load(Ordering::Relaxed)
                || self.also_stop.is_some_and(|d| d.load(Ordering::Relaxed))
            {
                self.aborted = true;
            } else if self.pondering && self.still_pondering() {
                // No bound applies before the ponder hit.
            } else if self.total_nodes() >= self.node_limit {
                self.aborted = true;
            } else if let Some(b) = self.budget {
                if self.clock_start.elapsed() >= b.hard {
                    self.aborted = true;
                }
            }
        }
        self.aborted
    }

    /// Fills the move list of `ply` (taken out of `self`; give it back with `restore`).
    #[inline]
    fn generate(&mut self, pos: &R::Position, ply: usize) -> Vec<(R::Move, i32)> {
        let mut v = std::mem::take(&mut self.moves[ply]);
        v.clear();
        self.rules.legal_moves_into(pos, &mut self.buf);
        v.extend(self.buf.as_slice().iter().map(|&m| (m, 0)));
        v
    }

    /// Fills the move list of `ply` with the moves quiescence tries when not in danger: the
    /// evaluator's captures and promotions where it generates them, else every legal move;
    /// and whether the game is over (no legal move).
    #[inline]
    fn generate_noisy(&mut self, pos: &R::Position, ply: usize) -> (Vec<(R::Move, i32)>, bool) {
        let mut v = std::mem::take(&mut self.moves[ply]);
        v.clear();
        let over = match self.eval.noisy_moves_into(self.rules, pos, &mut self.buf) {
            Noisy::Moves => false,
            Noisy::NoMove => true,
            Noisy::Unsupported => {
                self.rules.legal_moves_into(pos, &mut self.buf);
                self.buf.as_slice().is_empty()
            }
        };
        v.extend(self.buf.as_slice().iter().map(|&m| (m, 0)));
        (v, over)
    }

    /// The static evaluation of the current node `pos` (the last of `keys`), from the cache
    /// when it was met before.
    #[inline]
    fn static_eval(&mut self, pos: &R::Position) -> i32 {
        let key = self.keys[self.keys.len() - 1];
        let (eval, rules) = (self.eval, self.rules);
        self.eval_cache.get_or(key, || eval.evaluate(rules, pos))
    }

    /// The score of a node without a (permitted) move.
    fn terminal(&self, pos: &R::Position, ply: usize) -> i32 {
        match self.rules.outcome(pos) {
            Some(o) => match o.winner() {
                Some(w) if w == self.rules.side_to_move(pos) => MATE - ply as i32,
                Some(_) => -(MATE - ply as i32),
                None => 0,
            },
            // No legal move that sennichite permits: the side to move loses (R4 `nomove`).
            None => -(MATE - ply as i32),
        }
    }
}

/// Searches `root` with `threads` threads (Lazy SMP): the calling thread runs the search that
/// reports and decides, helper threads search the same position at staggered depths with their
/// own histories, all sharing the transposition table, until the main search ends. One thread
/// is [`Searcher::search`] alone (deterministic); `ponder` is the ponder state of a
/// [`Limits::ponder`] search.
#[allow(clippy::too_many_arguments)]
pub(crate) fn search_threads<R: MatchRules, E: Evaluator<R>>(
    threads: usize,
    rules: &R,
    eval: &E,
    tt: &mut TranspositionTable<R::Move>,
    game: &GameHistory,
    stop: &AtomicBool,
    ponder: &AtomicU8,
    (root, limits, config, only): (&R::Position, &Limits, &SearchConfig, Option<&[R::Move]>),
    report: &mut dyn FnMut(&Progress<R::Move>),
) -> Found<R::Move> {
    if threads <= 1 {
        let mut s = Searcher::new(rules, eval, tt, game, stop);
        if limits.ponder {
            s.set_ponder(ponder);
        }
        return s.search(root, limits, config, only, report);
    }
    let TranspositionTable {
        table,
        histories,
        evals,
    } = tt;
    table.new_search();
    let table: &Table<R::Move> = table;
    let done = AtomicBool::new(false);
    let helper_nodes = AtomicU64::new(0);
    std::thread::scope(|scope| {
        for t in 1..threads {
            let (done, helper_nodes) = (&done, &helper_nodes);
            scope.spawn(move || {
                let mut hist = Histories::new();
                let mut cache = EvalCache::new();
                let mut s = Searcher::with_parts(
                    rules,
                    eval,
                    TtRef::Shared(table),
                    &mut hist,
                    &mut cache,
                    game,
                    stop,
                );
                s.also_stop = Some(done);
                s.publish = Some(helper_nodes);
                s.helper = t;
                let cfg = SearchConfig {
                    started: config.started,
                    ..SearchConfig::default()
                };
                // No bound: a helper runs until the main search ends.
                s.search(root, &Limits::default(), &cfg, only, &mut |_| {});
            });
        }
        let mut s = Searcher::with_parts(
            rules,
            eval,
            TtRef::Shared(table),
            histories,
            evals,
            game,
            stop,
        );
        s.extra_nodes = Some(&helper_nodes);
        if limits.ponder {
            s.set_ponder(ponder);
        }
        let found = s.search(root, limits, config, only, report);
        done.store(true, Ordering::Relaxed);
        found
    })
}
