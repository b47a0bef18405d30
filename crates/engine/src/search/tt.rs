//! The transposition table: one entry per slot, indexed and verified by the position's R5 key.

use crate::score::{from_tt, to_tt};

/// What a stored score bounds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The exact score.
    Exact,
    /// At least this (a beta cut-off).
    Lower,
    /// At most this (no move raised alpha).
    Upper,
}

#[derive(Clone, Copy)]
struct Entry<M> {
    key: u64,
    mv: Option<M>,
    score: i32,
    depth: i16,
    bound: Bound,
    generation: u8,
}

/// A probe's answer.
pub(crate) struct Hit<M> {
    pub mv: Option<M>,
    pub score: i32,
    pub depth: i32,
    pub bound: Bound,
}

/// A fixed-size table of search results keyed by position (R5 key).
pub(crate) struct Table<M> {
    slots: Vec<Option<Entry<M>>>,
    generation: u8,
}

impl<M: Copy> Table<M> {
    /// A table of about `mb` megabytes (at least one slot).
    pub fn new(mb: usize) -> Table<M> {
        let size = std::mem::size_of::<Option<Entry<M>>>().max(1);
        let n = (mb.max(1) << 20) / size;
        Table {
            slots: vec![None; n.max(1)],
            generation: 0,
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.slots.iter_mut().for_each(|s| *s = None);
        self.generation = 0;
    }

    /// A new search begins: older entries are replaced first.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        ((u128::from(key) * self.slots.len() as u128) >> 64) as usize
    }

    /// The entry for `key`, scores made relative to the root at `ply`.
    #[inline]
    pub fn probe(&self, key: u64, ply: usize) -> Option<Hit<M>> {
        match self.slots[self.index(key)] {
            Some(e) if e.key == key => Some(Hit {
                mv: e.mv,
                score: from_tt(e.score, ply),
                depth: i32::from(e.depth),
                bound: e.bound,
            }),
            _ => None,
        }
    }

    /// Stores a result (replacing a shallower or older entry, or another position's).
    #[inline]
    #[allow(clippy::too_many_arguments)]
    pub fn store(
        &mut self,
        key: u64,
        mv: Option<M>,
        score: i32,
        depth: i32,
        bound: Bound,
        ply: usize,
    ) {
        let i = self.index(key);
        let generation = self.generation;
        let slot = &mut self.slots[i];
        let keep_move = match slot {
            Some(e) if e.key == key => {
                if e.generation == generation
                    && i32::from(e.depth) > depth + 2
                    && bound != Bound::Exact
                {
                    return;
                }
                e.mv
            }
            _ => None,
        };
        *slot = Some(Entry {
            key,
            mv: mv.or(keep_move),
            score: to_tt(score, ply),
            depth: depth.clamp(-1, i32::from(i16::MAX)) as i16,
            bound,
            generation,
        });
    }
}

/// Static evaluations by position key (R5): a node met again (a re-search, a transposition
/// below the table's depth) reads its evaluation instead of computing it again. The
/// evaluation is a function of the position, so the search's result does not change.
pub(crate) struct EvalCache {
    /// `(key, evaluation)`; [`EvalCache::EMPTY`] as the evaluation marks an empty slot.
    slots: Vec<(u64, i32)>,
}

impl EvalCache {
    /// No evaluation is this (scores stay far inside `i32`).
    const EMPTY: i32 = i32::MIN;
    /// Slots (a power of two): 1 MB.
    const SIZE: usize = 1 << 16;

    /// An empty cache.
    pub fn new() -> EvalCache {
        EvalCache {
            slots: vec![(0, Self::EMPTY); Self::SIZE],
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.slots.fill((0, Self::EMPTY));
    }

    /// The evaluation of the position `key`, computed by `eval` when not known.
    #[inline]
    pub fn get_or(&mut self, key: u64, eval: impl FnOnce() -> i32) -> i32 {
        let slot = &mut self.slots[key as usize & (Self::SIZE - 1)];
        if slot.0 == key && slot.1 != Self::EMPTY {
            return slot.1;
        }
        let v = eval();
        *slot = (key, v);
        v
    }
}
