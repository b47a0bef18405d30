//! The CGSN statuses inferable from an Ōgi position.
use tegoma_notation::cgsn::{Status, StatusSet};
use tegoma_protocol::Outcome;

use super::movegen::attack_mask;
use super::position::Position;
use super::types::{MoveList, Role};
use crate::kit::Bitboard;
use tegoma_protocol::Side;

impl Position {
    /// The squares `side` attacks (its pieces' moves onto any square, ignoring the turn).
    pub fn attacked_by(&self, side: Side) -> Bitboard {
        Bitboard(self.attack_mask(side))
    }

    /// [`attacked_by`](Position::attacked_by) as a bare mask.
    fn attack_mask(&self, side: Side) -> u64 {
        let occ = self.sides[0] | self.sides[1];
        let mut out = 0;
        let mut bb = self.sides[side.index()];
        while bb != 0 {
            let sq = bb.trailing_zeros() as u8;
            bb &= bb - 1;
            if let Some(kind) = self.role_on(sq) {
                out |= attack_mask(kind, side, sq, occ);
            }
        }
        out
    }

    /// Whether a King of the side to move stands where a move of the opponent could capture
    /// it (CGSN `check`; never once the game is over).
    pub fn is_check(&self) -> bool {
        !self.is_over()
            && self.pieces(self.stm, Role::King).0 & self.attack_mask(self.stm.flip()) != 0
    }

    /// Whether [`statuses`](Position::statuses) holds `checkmate`: a King of the side to move
    /// is threatened and every legal move leaves it threatened. In Ōgi this does not end the
    /// game by itself (a King must be captured, `mareking`).
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && self.statuses().contains(Status::Checkmate)
    }

    /// Whether [`statuses`](Position::statuses) holds `stalemate`: a King of the side to move
    /// is not threatened but every legal move leaves it threatened.
    pub fn is_stalemate(&self) -> bool {
        !self.is_over() && self.statuses().contains(Status::Stalemate)
    }

    /// Whether the position ends the game by itself: [`outcome`](Position::outcome) is `Some`.
    pub fn is_game_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// The position-only ending (ruling R4): `mareking` (a King was captured: the side that
    /// still has its King wins) and `nomove` (the side to move has no legal move and loses).
    /// `None` while the game goes on. Sennichite and the move limit need the history: the
    /// match layer adds them.
    ///
    /// ```
    /// use tegoma_protocol::Side;
    /// use tegoma_rules::ogi::Position;
    /// assert_eq!(Position::startpos().outcome(), None);
    /// let p = Position::from_feen("8/8/8/8/8/8/8/4K^3 K^/ o/O")?; // the second King was taken
    /// assert_eq!(p.outcome().unwrap().winner(), Some(Side::First));
    /// # Ok::<(), tegoma_rules::ogi::PositionError>(())
    /// ```
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome_with(true)
    }

    /// [`outcome`](Position::outcome) with the King's privilege on or off.
    pub(crate) fn outcome_with(&self, privilege: bool) -> Option<Outcome> {
        let stm = self.stm;
        if self.is_over() {
            let winner = if self.pieces(stm, Role::King).is_empty() {
                stm.flip()
            } else {
                stm
            };
            return Some(Outcome::win(winner, Status::Mareking));
        }
        if self.count_moves(privilege) == 0 {
            return Some(Outcome::win(stm.flip(), Status::Nomove));
        }
        None
    }

    /// Whether a pseudo-legal move of the side not to move would capture the piece on `sq`
    /// (the game over or not: statuses are about movement, R12).
    fn threatened(&self, sq: u8) -> bool {
        self.attack_mask(self.stm.flip()) >> sq & 1 != 0
    }

    /// The CGSN statuses that hold (CGSN §15 over Ōgi's pseudo-legal moves, which are its legal
    /// moves while the game goes on since Ōgi has no check constraint; history ignored):
    /// `check`, `stale`, `checkmate`, `stalemate` for each King of the side to move, `nomove`,
    /// `bareking`, `mareking`. After a King is captured (`mareking`) no move is legal, but the
    /// statuses are about movement (ruling R12): `nomove` holds only when the side to move has
    /// no pseudo-legal move (movement patterns and drops), and `check`/`stale` as they hold.
    ///
    /// ```
    /// use tegoma_notation::cgsn::Status;
    /// use tegoma_rules::ogi::Position;
    /// let s = Position::startpos().statuses();
    /// assert!(s.contains(Status::Stale) && s.len() == 1);
    /// ```
    pub fn statuses(&self) -> StatusSet {
        let mut set = StatusSet::EMPTY;
        let us = self.stm;
        // A list with room for every move (no growing `Vec`: about 90 moves a middle game).
        let mut moves = MoveList::new();
        self.for_each_pseudo_move(true, |m| moves.push(m));
        if moves.is_empty() {
            set.insert(Status::Nomove);
        }
        let mut kings = self.pieces(us, Role::King).0;
        while kings != 0 {
            let k = kings.trailing_zeros() as u8;
            kings &= kings - 1;
            let check = self.threatened(k);
            // after each move, is this King (where it went) threatened by the opponent?
            let all_threatened = !moves.is_empty()
                && moves.iter().all(|&m| {
                    let sq = if m.origin() == Some(k) { m.dest() } else { k };
                    let p = self.after_unchecked(m);
                    !p.is_over() && p.attack_mask(us.flip()) >> sq & 1 != 0
                });
            if check {
                set.insert(Status::Check);
                if all_threatened {
                    set.insert(Status::Checkmate);
                }
            } else {
                set.insert(Status::Stale);
                if all_threatened {
                    set.insert(Status::Stalemate);
                }
            }
        }
        for side in [Side::First, Side::Second] {
            let own = self.sides[side.index()];
            let kings = self.pieces(side, Role::King).0;
            if kings == 0 {
                set.insert(Status::Mareking);
            } else if own.count_ones() == 1 {
                set.insert(Status::Bareking);
            }
        }
        set
    }
}
