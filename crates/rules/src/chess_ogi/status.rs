//! Statuses (CGSN) and position-only endings of Chess against Ōgi (ruling R13).

use tegoma_notation::cgsn::{Status, StatusSet};
use tegoma_protocol::{Outcome, Side};

use super::attacks::chess_attack;
use super::position::Position;
use crate::chess::tables::PAWN_ATTACKS;
use crate::chess::Role as ChessRole;
use crate::ogi::Role as OgiRole;

impl Position {
    /// Whether the King of the player to move stands where an enemy piece could capture it
    /// (never once the game is over).
    pub fn is_check(&self) -> bool {
        if self.is_over() {
            return false;
        }
        if self.chess_to_move() {
            self.chess_in_check()
        } else {
            self.ogi_in_check()
        }
    }

    /// Whether the Chess player is to move, in check, with no legal move (it loses).
    pub fn is_checkmate(&self) -> bool {
        self.chess_to_move() && self.is_check() && self.count_moves() == 0
    }

    /// Whether the Chess player is to move, not in check, with no legal move (a draw).
    pub fn is_stalemate(&self) -> bool {
        self.chess_to_move() && !self.is_over() && !self.is_check() && self.count_moves() == 0
    }

    /// The position-only ending (ruling R13), `None` while the game goes on:
    ///
    /// - `mareking`: a King was captured, its capturer wins;
    /// - the Chess player to move with no legal move: `checkmate` (it loses) when its King is
    ///   attacked, else `stalemate` (a draw);
    /// - the Ōgi player to move with no legal move: `nomove` (it loses).
    ///
    /// Repetition and the move limit need the history: the match layer adds them.
    pub fn outcome(&self) -> Option<Outcome> {
        if let Some(loser) = self.kingless() {
            return Some(Outcome::win(loser.flip(), Status::Mareking));
        }
        if self.count_moves() != 0 {
            return None;
        }
        Some(if !self.chess_to_move() {
            Outcome::win(self.stm.flip(), Status::Nomove)
        } else if self.chess_in_check() {
            Outcome::win(self.stm.flip(), Status::Checkmate)
        } else {
            Outcome::draw(Status::Stalemate)
        })
    }

    /// Whether the Chess army has a move by its movement alone (before the check constraint).
    fn chess_has_pseudo_move(&self) -> bool {
        let c = self.chess_side.index();
        let own = self.occ[0];
        let them = self.occ[1];
        let all = own | them;
        for role in ChessRole::ALL {
            let mut bb = self.cb(role as usize);
            while bb != 0 {
                let sq = bb.trailing_zeros() as u8;
                bb &= bb - 1;
                let d = if role == ChessRole::Pawn {
                    let push = if c == 0 {
                        1u64 << sq << 8
                    } else {
                        1u64 << sq >> 8
                    };
                    (PAWN_ATTACKS[c][sq as usize] & them) | (push & !all)
                } else {
                    chess_attack(role, c, sq, all) & !own
                };
                if d != 0 {
                    return true;
                }
            }
        }
        false
    }

    /// The CGSN statuses that hold, each player's by its own rule system (history ignored):
    ///
    /// - `check` or `stale`: the King of the player to move is attacked or not;
    /// - the Chess player to move: `checkmate` or `stalemate` when it has moves by movement but
    ///   none legal; the Ōgi player to move: `checkmate` or `stalemate` when every move leaves
    ///   its King (where it went) attacked (Ōgi's reading: no ending by itself);
    /// - `nomove`: the player to move has no move by movement at all;
    /// - `bareking`: a player has only its King on the board; `mareking`: a King was captured.
    pub fn statuses(&self) -> StatusSet {
        let mut set = StatusSet::EMPTY;
        let chess = self.chess_to_move();
        let king = if chess {
            self.cb(ChessRole::King as usize)
        } else {
            self.ob(OgiRole::King as usize)
        };
        let attacked = |p: &Position, side_king: u64| -> bool {
            if chess {
                side_king != 0
                    && p.ogi_attackers(side_king.trailing_zeros() as u8, p.occ[0] | p.occ[1]) != 0
            } else {
                side_king & p.chess_attack_map() != 0
            }
        };
        if chess {
            if !self.chess_has_pseudo_move() {
                set.insert(Status::Nomove);
            }
        } else {
            let mut any = false;
            self.for_each_ogi_move(|_| any = true);
            if !any {
                set.insert(Status::Nomove);
            }
        }
        if king != 0 {
            let check = attacked(self, king);
            let all_threatened = if set.contains(Status::Nomove) {
                false
            } else if chess {
                !self.is_over() && self.count_moves() == 0
            } else {
                let mut all = true;
                self.for_each_ogi_move(|m| {
                    if all {
                        let p = self.after_unchecked(m);
                        let k = p.ob(OgiRole::King as usize);
                        all = !p.is_over() && attacked(&p, k);
                    }
                });
                all
            };
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
            let (own, kings) = if side == self.chess_side {
                (self.occ[0], self.cb(ChessRole::King as usize))
            } else {
                (self.occ[1], self.ob(OgiRole::King as usize))
            };
            if kings == 0 {
                set.insert(Status::Mareking);
            } else if own.count_ones() == 1 {
                set.insert(Status::Bareking);
            }
        }
        set
    }
}
