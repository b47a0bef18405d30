//! Hands: unordered multisets of pieces (Game Protocol §3.3).

use crate::piece::Piece;

/// A hand: a multiset of pieces. Order carries no meaning (Protocol §3.3); iteration follows the
/// FEEN hand-order keys without multiplicity ([`Piece::hand_key`]), and
/// [`Hand::canonical_items`] gives the full FEEN order.
#[derive(Debug, Clone, Default, PartialEq, Eq, Hash)]
pub struct Hand {
    /// Distinct pieces with their counts (each ≥ 1), sorted by `hand_key`.
    items: Vec<(Piece, u32)>,
    total: u32,
}

impl Hand {
    /// An empty hand.
    #[must_use]
    pub const fn new() -> Hand {
        Hand {
            items: Vec::new(),
            total: 0,
        }
    }

    /// The number of pieces held.
    #[must_use]
    pub fn len(&self) -> usize {
        self.total as usize
    }

    /// Whether the hand holds no piece.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.total == 0
    }

    /// How many copies of `piece` (exact identity, derivation marker included) the hand holds.
    #[must_use]
    pub fn count(&self, piece: Piece) -> u32 {
        match self.find(piece) {
            Ok(i) => self.items[i].1,
            Err(_) => 0,
        }
    }

    /// Whether the hand holds at least one `piece`.
    #[must_use]
    pub fn contains(&self, piece: Piece) -> bool {
        self.find(piece).is_ok()
    }

    fn find(&self, piece: Piece) -> Result<usize, usize> {
        let key = piece.hand_key();
        self.items.binary_search_by_key(&key, |(p, _)| p.hand_key())
    }

    /// Adds `n` copies of `piece`.
    pub fn add(&mut self, piece: Piece, n: u32) {
        if n == 0 {
            return;
        }
        match self.find(piece) {
            Ok(i) => self.items[i].1 += n,
            Err(i) => self.items.insert(i, (piece, n)),
        }
        self.total += n;
    }

    /// Removes one `piece`; returns false (and changes nothing) if the hand holds none.
    pub fn remove(&mut self, piece: Piece) -> bool {
        match self.find(piece) {
            Ok(i) => {
                if self.items[i].1 == 1 {
                    self.items.remove(i);
                } else {
                    self.items[i].1 -= 1;
                }
                self.total -= 1;
                true
            }
            Err(_) => false,
        }
    }

    /// Removes every piece.
    pub fn clear(&mut self) {
        self.items.clear();
        self.total = 0;
    }

    /// The distinct pieces and their counts, in hand-key order (not FEEN order).
    pub fn iter(&self) -> impl Iterator<Item = (Piece, u32)> + '_ {
        self.items.iter().copied()
    }

    /// The items in canonical FEEN order (specs.md §11.3): multiplicity descending, then the
    /// token keys.
    #[must_use]
    pub fn canonical_items(&self) -> Vec<(Piece, u32)> {
        let mut v = self.items.clone();
        // Stable: equal multiplicities keep the hand-key order.
        v.sort_by_key(|it| std::cmp::Reverse(it.1));
        v
    }

    /// The distinct pieces with their counts once every derivation marker is removed (ruling
    /// R5), in hand-key order. Allocation-free.
    pub fn r5_items(&self) -> impl Iterator<Item = (Piece, u32)> + '_ {
        let mut i = 0;
        std::iter::from_fn(move || {
            let (p, mut n) = *self.items.get(i)?;
            let p = p.r5();
            i += 1;
            // The derivation marker is the last key, so the derived twin, if any, is next.
            if let Some(&(q, m)) = self.items.get(i) {
                if q.r5() == p {
                    n += m;
                    i += 1;
                }
            }
            Some((p, n))
        })
    }

    /// Equality under ruling R5 (derivation markers ignored).
    #[must_use]
    pub fn r5_eq(&self, other: &Hand) -> bool {
        self.total == other.total && self.r5_items().eq(other.r5_items())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn p(s: &str) -> Piece {
        s.parse().unwrap()
    }

    #[test]
    fn multiset() {
        let mut h = Hand::new();
        h.add(p("P"), 3);
        h.add(p("B"), 2);
        h.add(p("p"), 1);
        assert_eq!(h.len(), 6);
        assert_eq!(h.count(p("P")), 3);
        assert!(h.remove(p("P")));
        assert!(!h.remove(p("Q")));
        assert_eq!(h.len(), 5);
        let canon: Vec<String> = h
            .canonical_items()
            .iter()
            .map(|(p, n)| format!("{n}{p}"))
            .collect();
        assert_eq!(canon, ["2B", "2P", "1p"]);
    }

    #[test]
    fn r5() {
        let mut a = Hand::new();
        a.add(p("K^"), 1);
        a.add(p("K^'"), 1);
        let mut b = Hand::new();
        b.add(p("K^"), 2);
        assert_ne!(a, b);
        assert!(a.r5_eq(&b));
        let items: Vec<_> = a.r5_items().collect();
        assert_eq!(items, [(p("K^"), 2)]);
    }
}
