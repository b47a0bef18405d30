//! The game before the searched position: what repetition rules and sennichite need.

use std::collections::HashSet;
use std::hash::Hash;

use tegoma_game::MatchRules;

/// A 64-bit identity of a move (deterministic across runs).
#[inline]
pub(crate) fn move_hash<M: Hash>(m: &M) -> u64 {
    tegoma_eval::move_hash(m)
}

/// The game before the searched position: the keys (R5) of its positions, the move-limit
/// count, and the sennichite marks of the moves played (move and the position it produced).
#[derive(Debug, Clone, Default)]
pub struct GameHistory {
    pub(crate) keys: Vec<u64>,
    pub(crate) quiet: u32,
    pub(crate) marks: HashSet<u64>,
}

impl GameHistory {
    /// No history: the searched position starts the game.
    pub fn new() -> GameHistory {
        GameHistory::default()
    }

    /// The history of a game that started at `start` and continued with `moves` (each legal
    /// in turn; not checked). Returns the history and the current position.
    pub fn replay<R: MatchRules>(
        rules: &R,
        start: &R::Position,
        moves: &[R::Move],
    ) -> (GameHistory, R::Position) {
        let mut h = GameHistory {
            keys: vec![rules.key(start)],
            quiet: rules.initial_quiet_plies(start),
            marks: HashSet::new(),
        };
        let mut pos = start.clone();
        for &m in moves {
            h.push(rules, &mut pos, m);
        }
        (h, pos)
    }

    /// Plays `m` (legal in `pos`, not checked) on `pos` and records it.
    pub fn push<R: MatchRules>(&mut self, rules: &R, pos: &mut R::Position, m: R::Move) {
        let resets = rules.resets_move_limit(pos, m);
        let mover = rules.side_to_move(pos);
        rules.play_unchecked(pos, m);
        let key = rules.key(pos);
        self.keys.push(key);
        if rules.repetition(pos, mover) == tegoma_game::RepetitionRule::Sennichite {
            self.marks.insert(move_hash(&m) ^ key);
        }
        self.quiet = if resets {
            0
        } else {
            self.quiet.saturating_add(1)
        };
    }

    /// The move-limit count of the current position.
    pub fn quiet_plies(&self) -> u32 {
        self.quiet
    }

    /// Whether sennichite (as the search applies it) forbids `m` from `pos`.
    pub fn forbids<R: MatchRules>(&self, rules: &R, pos: &R::Position, m: R::Move) -> bool {
        if self.marks.is_empty() {
            return false;
        }
        let mut child = pos.clone();
        rules.play_unchecked(&mut child, m);
        self.marks.contains(&(move_hash(&m) ^ rules.key(&child)))
    }
}
