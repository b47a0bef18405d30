//! Sennichite (R4): the repetition rule, which needs the game's history.
use std::collections::HashSet;

use super::position::Position;
use super::types::{Move, MoveList};

/// The history a match keeps for sennichite: every (move, position it produced) of the game.
///
/// A move is forbidden when the same move (same piece kind, same origin or hand, same
/// destination, same promotion and capture choice) was played earlier in the match and produced
/// the same position (R5 identity: placement, hands, side to move, `'` ignored) as it would now.
///
/// ```
/// use tegoma_rules::ogi::{MoveList, Position, Sennichite};
/// let mut p = Position::startpos();
/// let mut s = Sennichite::new();
/// for pmn in ["g2-h2", "b7-a7", "h2-g2", "a7-b7"] {
///     let m = p.parse_pmn(pmn)?;
///     s.record(&p, m);
///     p.play(m)?;
/// }
/// let again = p.parse_pmn("g2-h2")?; // the position after it occurred after the first g2-h2
/// assert!(s.forbids(&p, again));
/// let mut list = MoveList::new();
/// s.legal_moves_into(&p, &mut list);
/// assert_eq!(list.len(), 24);
/// # Ok::<(), tegoma_rules::ogi::MoveError>(())
/// ```
#[derive(Clone, Debug, Default)]
pub struct Sennichite {
    seen: HashSet<(Move, Position)>,
}

impl Sennichite {
    /// An empty history (the start of a match).
    pub fn new() -> Sennichite {
        Sennichite::default()
    }

    /// Records that `m` was played from `before`.
    pub fn record(&mut self, before: &Position, m: Move) {
        self.seen.insert((m, before.after_unchecked(m)));
    }

    /// Whether sennichite forbids playing `m` (a legal move of `pos`) now.
    pub fn forbids(&self, pos: &Position, m: Move) -> bool {
        !self.seen.is_empty() && self.seen.contains(&(m, pos.after_unchecked(m)))
    }

    /// The legal moves of `pos` in this match: the position's legal moves minus those sennichite
    /// forbids. `list` is cleared first.
    pub fn legal_moves_into(&self, pos: &Position, list: &mut MoveList) {
        list.clear();
        pos.for_each_move(true, |m| {
            if !self.forbids(pos, m) {
                list.push(m);
            }
        });
    }

    /// The number of recorded moves.
    pub fn len(&self) -> usize {
        self.seen.len()
    }

    /// Whether nothing was recorded.
    pub fn is_empty(&self) -> bool {
        self.seen.is_empty()
    }
}
