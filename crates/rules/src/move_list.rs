//! [`BoxedMoveList`]: the fixed-capacity move list of the rule systems whose positions can have
//! many moves (Ōgi and Chess against Ōgi, with drops).

use std::fmt;
use std::mem::MaybeUninit;

/// A fixed-capacity list of up to `N` moves, allocated once when it is made and never again.
///
/// Its room is allocated, not written: a list made filled with zeros cost about 10,000
/// instructions each time the server made one (to read a move, to list the legal moves), more
/// than finding the moves. It stays a fixed array (not a `Vec` with that room reserved, whose
/// push checks the capacity) for the search's hot loop. A push past `N` is ignored (no position
/// a rule system accepts has that many moves).
#[derive(Clone)]
pub struct BoxedMoveList<M: Copy, const N: usize> {
    /// The first `len` are written.
    moves: Box<[MaybeUninit<M>; N]>,
    len: usize,
}

impl<M: Copy, const N: usize> Default for BoxedMoveList<M, N> {
    fn default() -> Self {
        BoxedMoveList::new()
    }
}

impl<M: Copy + fmt::Debug, const N: usize> fmt::Debug for BoxedMoveList<M, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.iter()).finish()
    }
}

impl<M: Copy, const N: usize> BoxedMoveList<M, N> {
    /// An empty list (one allocation, here only).
    pub fn new() -> Self {
        // SAFETY: an array of `MaybeUninit` is valid whatever its bytes.
        let moves = unsafe { Box::<[MaybeUninit<M>; N]>::new_uninit().assume_init() };
        BoxedMoveList { moves, len: 0 }
    }

    /// Empties the list.
    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Appends a move (ignored when the list is full).
    #[inline]
    pub fn push(&mut self, m: M) {
        if self.len < N {
            self.moves[self.len] = MaybeUninit::new(m);
            self.len += 1;
        }
    }

    /// The number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.len
    }

    /// Whether the list is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The moves.
    #[inline]
    pub fn as_slice(&self) -> &[M] {
        // SAFETY: the first `len` moves were written by `push` (`len` never passes `N`), and
        // `MaybeUninit<M>` has `M`'s layout.
        unsafe { std::slice::from_raw_parts(self.moves.as_ptr().cast::<M>(), self.len) }
    }

    /// Iterates the moves.
    pub fn iter(&self) -> std::slice::Iter<'_, M> {
        self.as_slice().iter()
    }

    /// Whether the list contains `m`.
    pub fn contains(&self, m: M) -> bool
    where
        M: PartialEq,
    {
        self.as_slice().contains(&m)
    }
}

impl<'a, M: Copy, const N: usize> IntoIterator for &'a BoxedMoveList<M, N> {
    type Item = &'a M;
    type IntoIter = std::slice::Iter<'a, M>;
    fn into_iter(self) -> Self::IntoIter {
        self.iter()
    }
}

impl<M: Copy, const N: usize> IntoIterator for BoxedMoveList<M, N> {
    type Item = M;
    type IntoIter = tegoma_protocol::BufferIntoIter<BoxedMoveList<M, N>, M>;
    fn into_iter(self) -> Self::IntoIter {
        tegoma_protocol::BufferIntoIter::new(self)
    }
}

impl<M: Copy, const N: usize> tegoma_protocol::MoveBuffer<M> for BoxedMoveList<M, N> {
    #[inline]
    fn clear(&mut self) {
        BoxedMoveList::clear(self);
    }
    #[inline]
    fn push(&mut self, m: M) {
        BoxedMoveList::push(self, m);
    }
    #[inline]
    fn as_slice(&self) -> &[M] {
        BoxedMoveList::as_slice(self)
    }
}
