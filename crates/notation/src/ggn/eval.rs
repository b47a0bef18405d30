//! Evaluating a GGN table against a board.

use super::{Ggn, Location, Possibility};
use crate::lcn::BoardView;
use crate::pin::Side;
use crate::qpi::Qpi;

impl Possibility {
    /// Whether this possibility holds: every `must` condition holds and no `deny` condition
    /// holds, seen from `active`.
    #[inline]
    pub fn holds<B: BoardView + ?Sized>(&self, board: &B, active: Side) -> bool {
        self.must.all_hold(board, active) && !self.deny.any_holds(board, active)
    }
}

/// One destination that some possibility reaches, with the indices of the possibilities that
/// hold (in document order, never empty).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reach {
    /// The destination.
    pub destination: Location,
    /// 0-based indices into the destination's possibility list.
    pub possibilities: Vec<usize>,
}

impl Ggn {
    /// The indices of the possibilities of `piece` from `source` to `destination` that hold on
    /// `board` with `active` to move, in document order (none if the table has no such entry).
    ///
    /// The caller vouches that `piece` stands on `source` (or is in the active hand for `*`);
    /// GGN only checks the conditions.
    pub fn holding_possibilities<'a, B: BoardView + ?Sized>(
        &'a self,
        piece: &Qpi,
        source: &Location,
        destination: &Location,
        board: &'a B,
        active: Side,
    ) -> impl Iterator<Item = usize> + 'a {
        self.possibilities(piece, source, destination)
            .iter()
            .enumerate()
            .filter(move |(_, p)| p.holds(board, active))
            .map(|(i, _)| i)
    }

    /// Whether at least one possibility of `piece` from `source` to `destination` holds.
    pub fn is_possible<B: BoardView + ?Sized>(
        &self,
        piece: &Qpi,
        source: &Location,
        destination: &Location,
        board: &B,
        active: Side,
    ) -> bool {
        self.possibilities(piece, source, destination)
            .iter()
            .any(|p| p.holds(board, active))
    }

    /// The destinations of `piece` from `source` that at least one possibility reaches, in
    /// canonical order (CELL index order, then the hand).
    pub fn possible_destinations<'a, B: BoardView + ?Sized>(
        &'a self,
        piece: &Qpi,
        source: &Location,
        board: &'a B,
        active: Side,
    ) -> impl Iterator<Item = Location> + 'a {
        self.destinations(piece, source)
            .into_iter()
            .flatten()
            .filter(move |(_, poss)| poss.iter().any(|p| p.holds(board, active)))
            .map(|(d, _)| *d)
    }

    /// The full report for `piece` from `source`: each reachable destination with the indices
    /// of its holding possibilities.
    pub fn evaluate<B: BoardView + ?Sized>(
        &self,
        piece: &Qpi,
        source: &Location,
        board: &B,
        active: Side,
    ) -> Vec<Reach> {
        self.destinations(piece, source)
            .into_iter()
            .flatten()
            .filter_map(|(d, poss)| {
                let held: Vec<usize> = poss
                    .iter()
                    .enumerate()
                    .filter(|(_, p)| p.holds(board, active))
                    .map(|(i, _)| i)
                    .collect();
                (!held.is_empty()).then_some(Reach {
                    destination: *d,
                    possibilities: held,
                })
            })
            .collect()
    }
}
