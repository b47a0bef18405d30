//! The transposition table: one entry per slot, indexed and verified by the position's R5 key.
//! One search thread uses it through `&mut` (no locking); the threads of a Lazy SMP search
//! share it through `&` ([`TtRef::Shared`]), each slot behind its own lock.

use std::sync::Mutex;

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
    slots: Vec<Mutex<Option<Entry<M>>>>,
    generation: u8,
}

/// How a search reaches the table: alone (`&mut`, no locking) or shared between threads.
pub(crate) enum TtRef<'a, M> {
    /// One thread's table.
    Own(&'a mut Table<M>),
    /// A table shared by the threads of one search (its generation set before they start).
    Shared(&'a Table<M>),
}

impl<M: Copy> TtRef<'_, M> {
    /// See [`Table::probe`].
    #[inline]
    pub fn probe(&mut self, key: u64, ply: usize) -> Option<Hit<M>> {
        match self {
            TtRef::Own(t) => {
                let i = t.index(key);
                read(
                    t.slots[i].get_mut().unwrap_or_else(|p| p.into_inner()),
                    key,
                    ply,
                )
            }
            TtRef::Shared(t) => {
                let slot = t.slots[t.index(key)]
                    .lock()
                    .unwrap_or_else(|p| p.into_inner());
                read(&slot, key, ply)
            }
        }
    }

    /// See [`Table::store`].
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
        match self {
            TtRef::Own(t) => {
                let (i, generation) = (t.index(key), t.generation);
                let slot = t.slots[i].get_mut().unwrap_or_else(|p| p.into_inner());
                write(slot, generation, key, mv, score, depth, bound, ply);
            }
            TtRef::Shared(t) => {
                let generation = t.generation;
                let mut slot = t.slots[t.index(key)]
                    .lock()
                    .unwrap_or_else(|p| p.into_inner());
                write(&mut slot, generation, key, mv, score, depth, bound, ply);
            }
        }
    }

    /// A new search begins (a shared table's generation is set before the threads start).
    pub fn new_search(&mut self) {
        if let TtRef::Own(t) = self {
            t.new_search();
        }
    }
}

#[inline]
fn read<M: Copy>(slot: &Option<Entry<M>>, key: u64, ply: usize) -> Option<Hit<M>> {
    match *slot {
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
fn write<M: Copy>(
    slot: &mut Option<Entry<M>>,
    generation: u8,
    key: u64,
    mv: Option<M>,
    score: i32,
    depth: i32,
    bound: Bound,
    ply: usize,
) {
    let keep_move = match slot {
        Some(e) if e.key == key => {
            if e.generation == generation && i32::from(e.depth) > depth + 2 && bound != Bound::Exact
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

impl<M: Copy> Table<M> {
    /// A table of about `mb` megabytes (at least one slot).
    pub fn new(mb: usize) -> Table<M> {
        let size = std::mem::size_of::<Mutex<Option<Entry<M>>>>().max(1);
        let n = ((mb.max(1) << 20) / size).max(1);
        Table {
            slots: (0..n).map(|_| Mutex::new(None)).collect(),
            generation: 0,
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        for s in &mut self.slots {
            *s.get_mut().unwrap_or_else(|p| p.into_inner()) = None;
        }
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
