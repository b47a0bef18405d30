//! What the searches of one game learn besides the transposition table, kept from one search
//! to the next (a new game forgets it with the table):
//!
//! - the **history** of each quiet move (by side and move), raised when it cuts off and
//!   lowered when it was tried before the move that did;
//! - **continuation histories**: the same for a quiet move (by its [`Evaluator::move_slot`],
//!   the piece and its destination in chess) after a given previous move (1 ply) and after
//!   a given move of the same side (2 plies): what answers what;
//! - a **capture history**: the same for a capture or promotion (by its slot and the value of
//!   what it takes), raised when it cuts off and lowered when it was tried before the move
//!   that did: it orders captures of the same victim;
//! - **correction histories**: how far the search's result at a node was from its static
//!   evaluation, averaged by each of [`Evaluator::correction_keys`] (in chess the pawn
//!   structure, and each side's other pieces), and added to later static evaluations with the
//!   same keys.

use tegoma_game::MatchRules;

use super::history::move_hash;
use super::Searcher;
use crate::eval::{Evaluator, CORRECTION_KEYS, MOVE_SLOTS};
use crate::score::MATE_BOUND;

const HISTORY_SIZE: usize = 1 << 13;
/// History scores stay within `-HISTORY_MAX..HISTORY_MAX` (each update moves a score by its
/// bonus, less the share of the score it already has: older results fade).
pub(super) const HISTORY_MAX: i32 = 16_384;
/// No move (the root's predecessors, a null move).
pub(super) const NO_SLOT: u16 = u16::MAX;
const CORRECTION_SIZE: usize = 1 << 14;
/// Victim classes of the capture history (by value: see [`victim_class`]).
const VICTIM_CLASSES: usize = 8;
/// Correction entries hold centipawns times this.
const CORRECTION_GRAIN: i32 = 256;
/// The largest correction, in centipawns.
const CORRECTION_MAX: i32 = 200;

/// The move-ordering and correction histories of one game (see the [module docs](self)).
pub(crate) struct Histories {
    main: Vec<i32>,
    /// `[plies back (0: the previous move, 1: the one before)][previous slot][slot]`.
    continuation: Vec<i16>,
    /// `[slot][victim class]`.
    capture: Vec<i16>,
    /// `[key][side to move][key's hash]`.
    correction: Vec<i32>,
}

impl Histories {
    /// Empty histories.
    pub(crate) fn new() -> Histories {
        Histories {
            main: vec![0; 2 * HISTORY_SIZE],
            continuation: vec![0; 2 * MOVE_SLOTS * MOVE_SLOTS],
            capture: vec![0; MOVE_SLOTS * VICTIM_CLASSES],
            correction: vec![0; CORRECTION_KEYS * 2 * CORRECTION_SIZE],
        }
    }

    /// Forgets everything (a new game).
    pub(crate) fn clear(&mut self) {
        self.main.fill(0);
        self.continuation.fill(0);
        self.capture.fill(0);
        self.correction.fill(0);
    }
}

/// Moves a history score by `bonus` toward `±HISTORY_MAX`.
#[inline]
fn gravity(old: i32, bonus: i32) -> i32 {
    (old + bonus - old * bonus.abs() / HISTORY_MAX).clamp(-HISTORY_MAX, HISTORY_MAX)
}

/// The class of a capture's victim value (centipawns, a promotion's gain included).
#[inline]
fn victim_class(victim: i32) -> usize {
    (victim.max(0) as usize / 160).min(VICTIM_CLASSES - 1)
}

impl<R: MatchRules, E: Evaluator<R>> Searcher<'_, R, E> {
    #[inline]
    fn capture_index(&self, pos: &R::Position, m: R::Move, victim: i32) -> usize {
        self.slot_of(pos, m) * VICTIM_CLASSES + victim_class(victim)
    }

    /// The capture history of `m` (a capture or promotion taking `victim`).
    #[inline]
    pub(super) fn capture_score(&self, pos: &R::Position, m: R::Move, victim: i32) -> i32 {
        i32::from(self.hist.capture[self.capture_index(pos, m, victim)])
    }

    /// Moves the capture history of `m` (taking `victim`) by `bonus`.
    #[inline]
    pub(super) fn update_capture(
        &mut self,
        pos: &R::Position,
        m: R::Move,
        victim: i32,
        bonus: i32,
    ) {
        let i = self.capture_index(pos, m, victim);
        let old = i32::from(self.hist.capture[i]);
        self.hist.capture[i] = gravity(old, bonus) as i16;
    }

    #[inline]
    fn history_index(&self, pos: &R::Position, m: &R::Move) -> usize {
        let side = self.rules.side_to_move(pos).index();
        side * HISTORY_SIZE + (move_hash(m) as usize & (HISTORY_SIZE - 1))
    }

    /// The continuation entries of a move in slot `slot` at `ply` (up to two).
    #[inline]
    fn continuation_indices(&self, ply: usize, slot: usize) -> [Option<usize>; 2] {
        let at = |back: usize| -> Option<usize> {
            let prev = *self.slots.get(ply.checked_sub(back)?)?;
            (prev != NO_SLOT).then(|| (back * MOVE_SLOTS + usize::from(prev)) * MOVE_SLOTS + slot)
        };
        [at(0), at(1)]
    }

    /// The slot of `m` from `pos` (see [`Evaluator::move_slot`]).
    #[inline]
    pub(super) fn slot_of(&self, pos: &R::Position, m: R::Move) -> usize {
        self.eval.move_slot(self.rules, pos, m) & (MOVE_SLOTS - 1)
    }

    /// The history score of a quiet move `m` at `ply`: its own, plus its continuation
    /// histories when the search is selective.
    #[inline]
    pub(super) fn quiet_score(&self, pos: &R::Position, m: R::Move, ply: usize) -> i32 {
        let mut s = self.hist.main[self.history_index(pos, &m)];
        if self.selective {
            for i in self
                .continuation_indices(ply, self.slot_of(pos, m))
                .into_iter()
                .flatten()
            {
                s += i32::from(self.hist.continuation[i]);
            }
        }
        s
    }

    /// Moves the histories of the quiet move `m` at `ply` by `bonus` (positive: it cut off;
    /// negative: it did not).
    #[inline]
    pub(super) fn update_history(&mut self, pos: &R::Position, m: R::Move, ply: usize, bonus: i32) {
        let h = self.history_index(pos, &m);
        self.hist.main[h] = gravity(self.hist.main[h], bonus);
        if self.selective {
            for i in self
                .continuation_indices(ply, self.slot_of(pos, m))
                .into_iter()
                .flatten()
            {
                let old = i32::from(self.hist.continuation[i]);
                self.hist.continuation[i] = gravity(old, bonus) as i16;
            }
        }
    }

    /// The entries of `pos` in the correction histories, one per key (none for a key `0`).
    #[inline]
    fn correction_indices(&self, pos: &R::Position) -> [Option<usize>; CORRECTION_KEYS] {
        let keys = self.eval.correction_keys(self.rules, pos);
        let side = self.rules.side_to_move(pos).index();
        std::array::from_fn(|k| {
            (keys[k] != 0).then(|| {
                (k * 2 + side) * CORRECTION_SIZE + (keys[k] as usize & (CORRECTION_SIZE - 1))
            })
        })
    }

    /// The static evaluation `raw` of `pos` corrected by the correction histories (the first
    /// key's whole, the others' by half).
    #[inline]
    pub(super) fn corrected(&self, pos: &R::Position, raw: i32) -> i32 {
        let mut sum = 0;
        for (k, i) in self.correction_indices(pos).into_iter().enumerate() {
            if let Some(i) = i {
                sum += self.hist.correction[i] >> u32::from(k > 0);
            }
        }
        if sum == 0 {
            return raw;
        }
        (raw + sum / CORRECTION_GRAIN).clamp(-MATE_BOUND + 1, MATE_BOUND - 1)
    }

    /// Records that a search of `depth` found `found` where the corrected static evaluation
    /// was `eval`.
    #[inline]
    pub(super) fn update_correction(
        &mut self,
        pos: &R::Position,
        depth: i32,
        eval: i32,
        found: i32,
    ) {
        // The error of the corrected evaluation, added to each correction with a weight
        // growing with the depth (a running average).
        let error = (found - eval).clamp(-CORRECTION_MAX, CORRECTION_MAX) * CORRECTION_GRAIN;
        let weight = (depth + 1).min(16);
        let limit = CORRECTION_MAX * CORRECTION_GRAIN;
        for i in self.correction_indices(pos).into_iter().flatten() {
            let old = self.hist.correction[i];
            let target = old + error;
            self.hist.correction[i] =
                ((old * (256 - weight) + target * weight) / 256).clamp(-limit, limit);
        }
    }
}
