//! The CGSN statuses a chess position implies (ruling R3).

use tegoma_notation::cgsn::{Status, StatusSet};
use tegoma_protocol::{Decision, Outcome};

use super::tables::PAWN_ATTACKS;
use super::{Position, Role, Side};
use crate::kit::{between, bishop_attacks, king_attacks, knight_attacks, rook_attacks, Square};

impl Position {
    /// Whether the side to move is checkmated: in check with no legal move.
    ///
    /// ```
    /// use tegoma_rules::chess::Position;
    /// let p = Position::from_fen("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3")?;
    /// assert!(p.is_checkmate() && p.is_game_over());
    /// # Ok::<(), tegoma_rules::chess::PositionError>(())
    /// ```
    pub fn is_checkmate(&self) -> bool {
        self.is_check() && !self.has_legal_move()
    }

    /// Whether the side to move is stalemated: not in check, with no legal move.
    pub fn is_stalemate(&self) -> bool {
        !self.is_check() && !self.has_legal_move()
    }

    /// Whether the position ends the game by itself: [`outcome`](Position::outcome) is `Some`.
    pub fn is_game_over(&self) -> bool {
        self.outcome().is_some()
    }

    /// The position-only ending (ruling R3): `checkmate` (the side to move loses),
    /// `stalemate`, `insufficient` (the seed's list) and `movelimit` (the halfmove clock at 100
    /// or more) are draws; every ending status that holds is reported, checkmate deciding
    /// first. `None` while the game goes on. Repetition needs the game's history: the match
    /// layer adds it.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome_knowing(self.has_legal_move(), self.is_check())
    }

    /// [`outcome`](Position::outcome) for a caller that already knows whether the side to move
    /// has a legal move and is in check (a replay learns both more cheaply than by listing
    /// moves).
    pub(crate) fn outcome_knowing(&self, has_legal_move: bool, in_check: bool) -> Option<Outcome> {
        let mut statuses = StatusSet::EMPTY;
        let mut decision = Decision::Draw;
        if !has_legal_move {
            if in_check {
                statuses.insert(Status::Checkmate);
                decision = Decision::Win(self.side.flip());
            } else {
                statuses.insert(Status::Stalemate);
            }
        }
        if self.is_insufficient_material() {
            statuses.insert(Status::Insufficient);
        }
        if self.halfmove_clock() >= 100 {
            statuses.insert(Status::Movelimit);
        }
        (!statuses.is_empty()).then_some(Outcome { decision, statuses })
    }

    /// The position-inferable CGSN statuses for the side to move:
    ///
    /// - `check` or `stale` (its king attacked or not);
    /// - `checkmate` (check, some pseudo-legal move exists, none is legal) or `stalemate`
    ///   (stale, likewise);
    /// - `nomove` when not even a pseudo-legal move exists (the seed's movement patterns,
    ///   castling included, before the check constraint);
    /// - `bareking` when a side has only its king on the board;
    /// - `insufficient` for exactly ruling R3's list: K-K, KB-K, KN-K, KB-KB with both bishops
    ///   on squares of the same colour.
    ///
    /// `mareking` never holds: every chess position has both kings.
    pub fn statuses(&self) -> StatusSet {
        let mut set = StatusSet::EMPTY;
        let check = self.is_check();
        set.insert(if check { Status::Check } else { Status::Stale });
        if !self.has_legal_move() {
            if self.has_pseudo_legal_move() {
                set.insert(if check {
                    Status::Checkmate
                } else {
                    Status::Stalemate
                });
            } else {
                set.insert(Status::Nomove);
            }
        }
        for c in [Side::First, Side::Second] {
            if self.occupied_by(c).count() == 1 {
                set.insert(Status::Bareking);
            }
        }
        if self.is_insufficient_material() {
            set.insert(Status::Insufficient);
        }
        set
    }

    /// Whether the material is one of ruling R3's draws: K-K, KB-K, KN-K, or KB-KB with both
    /// bishops on squares of the same colour.
    pub fn is_insufficient_material(&self) -> bool {
        let r = &self.by_role;
        if r[Role::Pawn.index()] | r[Role::Rook.index()] | r[Role::Queen.index()] != 0 {
            return false;
        }
        let minors = |c: Side| {
            (
                self.occupied_by(c).count() - 1,
                self.pieces(c, Role::Bishop),
            )
        };
        let (nw, bw) = minors(Side::First);
        let (nb, bb) = minors(Side::Second);
        match (nw, nb) {
            (0, 0) | (1, 0) | (0, 1) => true,
            (1, 1) => {
                const DARK: u64 = 0xAA55_AA55_AA55_AA55;
                bw.count() == 1 && bb.count() == 1 && ((bw.0 & DARK != 0) == (bb.0 & DARK != 0))
            }
            _ => false,
        }
    }

    /// Whether the side to move has a pseudo-legal move: one the seed's movement patterns allow
    /// (castling needs its empty squares and its `+R`), whether or not it leaves the king
    /// attacked.
    pub fn has_pseudo_legal_move(&self) -> bool {
        let us = self.side;
        let ours = self.by_color[us.index()];
        let theirs = self.by_color[us.flip().index()];
        let occ = ours | theirs;
        for from in self.occupied_by(us) {
            let role = self.role_at(from.index() as u8);
            let to = match role {
                Role::Knight => knight_attacks(from).0 & !ours,
                Role::Bishop => bishop_attacks(from, self.occupied()).0 & !ours,
                Role::Rook => rook_attacks(from, self.occupied()).0 & !ours,
                Role::Queen => {
                    (rook_attacks(from, self.occupied()).0
                        | bishop_attacks(from, self.occupied()).0)
                        & !ours
                }
                Role::King => king_attacks(from).0 & !ours,
                Role::Pawn => {
                    let step = if us == Side::First { 8i8 } else { -8 };
                    let one = from.index() as i8 + step;
                    let mut t = PAWN_ATTACKS[us.index()][from.index()] & theirs;
                    if (0..64).contains(&one) && occ & (1u64 << one) == 0 {
                        t |= 1u64 << one;
                    }
                    if self.ep != 0
                        && PAWN_ATTACKS[us.index()][from.index()] & (1u64 << self.ep) != 0
                    {
                        t |= 1u64 << self.ep;
                    }
                    t
                }
            };
            if to != 0 {
                return true;
            }
        }
        // Castling: the squares between king and rook empty (the rook is there by the rights).
        let k = self.king(us);
        for i in 0..4 {
            let mine = if us == Side::First { i < 2 } else { i >= 2 };
            if mine
                && self.right(i)
                && between(k, Square::from_index(Position::right_corner(i))).0 & occ == 0
            {
                return true;
            }
        }
        false
    }
}
