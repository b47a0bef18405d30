//! Attacks: each piece's movement as attacked squares, the Ōgi pieces attacking a square (in
//! one go, or grouped once per position for many tests), each army's attack map.

use super::position::Position;
use crate::chess::tables::PAWN_ATTACKS;
use crate::chess::Role as ChessRole;
use crate::kit::{self, Bitboard, Square};
use crate::ogi::tables::{DIAG, FORWARD, GOLD, ORTH, PAWN, SILVER, SKNIGHT};
use crate::ogi::Role as OgiRole;

#[inline(always)]
pub(crate) fn rook(sq: u8, occ: u64) -> u64 {
    kit::rook_attacks(Square::from_index(sq), Bitboard(occ)).0
}

#[inline(always)]
pub(crate) fn bishop(sq: u8, occ: u64) -> u64 {
    kit::bishop_attacks(Square::from_index(sq), Bitboard(occ)).0
}

#[inline(always)]
pub(crate) fn knight(sq: u8) -> u64 {
    kit::knight_attacks(Square::from_index(sq)).0
}

#[inline(always)]
pub(crate) fn king(sq: u8) -> u64 {
    kit::king_attacks(Square::from_index(sq)).0
}

#[inline(always)]
pub(crate) fn between(a: u8, b: u8) -> u64 {
    kit::between(Square::from_index(a), Square::from_index(b)).0
}

#[inline(always)]
pub(crate) fn line(a: u8, b: u8) -> u64 {
    kit::line(Square::from_index(a), Square::from_index(b)).0
}

/// The squares an Ōgi piece of `role` (of player `side`) on `sq` attacks.
#[inline(always)]
pub(crate) fn ogi_attack(role: OgiRole, side: usize, sq: u8, occ: u64) -> u64 {
    let q = sq as usize;
    match role {
        OgiRole::King => king(sq),
        OgiRole::Princess => bishop(sq, occ) | knight(sq),
        OgiRole::Rook => rook(sq, occ),
        OgiRole::Bishop => bishop(sq, occ),
        OgiRole::Silver => SILVER[side][q],
        OgiRole::Knight => SKNIGHT[side][q],
        OgiRole::Lance => rook(sq, occ) & FORWARD[side][q],
        OgiRole::Pawn => PAWN[side][q],
        OgiRole::PPrincess => bishop(sq, occ) | knight(sq) | ORTH[q],
        OgiRole::PRook => rook(sq, occ) | DIAG[q],
        OgiRole::PBishop => bishop(sq, occ) | ORTH[q],
        _ => GOLD[side][q],
    }
}

/// The squares a chess piece of `role` (of player `side`) on `sq` attacks (a pawn: its two
/// diagonal squares ahead).
#[inline(always)]
pub(crate) fn chess_attack(role: ChessRole, side: usize, sq: u8, occ: u64) -> u64 {
    match role {
        ChessRole::Pawn => PAWN_ATTACKS[side][sq as usize],
        ChessRole::Knight => knight(sq),
        ChessRole::Bishop => bishop(sq, occ),
        ChessRole::Rook => rook(sq, occ),
        ChessRole::Queen => rook(sq, occ) | bishop(sq, occ),
        ChessRole::King => king(sq),
    }
}

/// The Ōgi army's pieces grouped by how they attack, for many attack tests in one position
/// (the Chess King's squares, castling paths): each test then skips a slider lookup when no
/// slider lies on its lines.
#[derive(Clone, Copy)]
pub(crate) struct OgiAttackers {
    /// The Chess army's player index (the Ōgi step patterns reversed).
    c: usize,
    /// Rooks and promoted rooks.
    orth: u64,
    lance: u64,
    /// Bishops, promoted bishops, princesses, promoted princesses.
    diag: u64,
    /// Princesses and promoted princesses (their knight leaps).
    princess: u64,
    king: u64,
    /// Promoted rooks (their diagonal steps).
    prook: u64,
    /// Promoted bishops and promoted princesses (their orthogonal steps).
    orth_step: u64,
    silver: u64,
    gold: u64,
    knight: u64,
    pawn: u64,
}

impl OgiAttackers {
    /// The Ōgi pieces attacking `sq`, with occupancy `occ`.
    #[inline(always)]
    pub(crate) fn to(&self, sq: u8, occ: u64) -> u64 {
        let (c, q) = (self.c, sq as usize);
        let mut a = (SILVER[c][q] & self.silver)
            | (GOLD[c][q] & self.gold)
            | (SKNIGHT[c][q] & self.knight)
            | (PAWN[c][q] & self.pawn)
            | (king(sq) & self.king)
            | (knight(sq) & self.princess)
            | (DIAG[q] & self.prook)
            | (ORTH[q] & self.orth_step);
        let sq_ = Square::from_index(sq);
        let orth = self.orth | (self.lance & FORWARD[c][q]);
        if kit::rook_rays(sq_).0 & orth != 0 {
            a |= rook(sq, occ) & orth;
        }
        if kit::bishop_rays(sq_).0 & self.diag != 0 {
            a |= bishop(sq, occ) & self.diag;
        }
        a
    }
}

impl Position {
    /// The Ōgi army's pieces grouped for [`OgiAttackers::to`].
    #[inline(always)]
    pub(crate) fn ogi_attackers_grouped(&self) -> OgiAttackers {
        let o = |i: usize| self.ob(i);
        let at = |r: OgiRole| o(r as usize);
        let princess = at(OgiRole::Princess) | at(OgiRole::PPrincess);
        OgiAttackers {
            c: self.chess_side.index(),
            orth: at(OgiRole::Rook) | at(OgiRole::PRook),
            lance: at(OgiRole::Lance),
            diag: at(OgiRole::Bishop) | at(OgiRole::PBishop) | princess,
            princess,
            king: at(OgiRole::King),
            prook: at(OgiRole::PRook),
            orth_step: at(OgiRole::PBishop) | at(OgiRole::PPrincess),
            silver: at(OgiRole::Silver),
            gold: at(OgiRole::PSilver)
                | at(OgiRole::PKnight)
                | at(OgiRole::PLance)
                | at(OgiRole::PPawn),
            knight: at(OgiRole::Knight),
            pawn: at(OgiRole::Pawn),
        }
    }

    /// The Ōgi pieces attacking `sq`, with occupancy `occ`.
    #[inline]
    pub(crate) fn ogi_attackers(&self, sq: u8, occ: u64) -> u64 {
        // Step patterns are left-right symmetric: the Ōgi pieces attacking `sq` stand where
        // the same pattern, of the other player, reaches from `sq`.
        let c = self.chess_side.index();
        let q = sq as usize;
        let o = |i: usize| self.ob(i);
        let r = rook(sq, occ);
        let b = bishop(sq, occ);
        let golds = o(OgiRole::PSilver as usize)
            | o(OgiRole::PKnight as usize)
            | o(OgiRole::PLance as usize)
            | o(OgiRole::PPawn as usize);
        (r & (o(OgiRole::Rook as usize) | o(OgiRole::PRook as usize)))
            | (r & FORWARD[c][q] & o(OgiRole::Lance as usize))
            | (b & (o(OgiRole::Bishop as usize)
                | o(OgiRole::PBishop as usize)
                | o(OgiRole::Princess as usize)
                | o(OgiRole::PPrincess as usize)))
            | (knight(sq) & (o(OgiRole::Princess as usize) | o(OgiRole::PPrincess as usize)))
            | (king(sq) & o(OgiRole::King as usize))
            | (DIAG[q] & o(OgiRole::PRook as usize))
            | (ORTH[q] & (o(OgiRole::PBishop as usize) | o(OgiRole::PPrincess as usize)))
            | (SILVER[c][q] & o(OgiRole::Silver as usize))
            | (GOLD[c][q] & golds)
            | (SKNIGHT[c][q] & o(OgiRole::Knight as usize))
            | (PAWN[c][q] & o(OgiRole::Pawn as usize))
    }

    /// Every square the Ōgi army attacks, with occupancy `occ`.
    #[inline]
    pub(crate) fn ogi_attack_map(&self, occ: u64) -> u64 {
        let s = self.chess_side.flip().index();
        let mut out = 0;
        for role in OgiRole::ALL {
            let mut bb = self.ob(role as usize);
            while bb != 0 {
                let sq = bb.trailing_zeros() as u8;
                bb &= bb - 1;
                out |= ogi_attack(role, s, sq, occ);
            }
        }
        out
    }

    /// Every square the Chess army attacks.
    pub(crate) fn chess_attack_map(&self) -> u64 {
        let s = self.chess_side.index();
        let occ = self.occ[0] | self.occ[1];
        let mut out = 0;
        for role in ChessRole::ALL {
            let mut bb = self.cb(role as usize);
            while bb != 0 {
                let sq = bb.trailing_zeros() as u8;
                bb &= bb - 1;
                out |= chess_attack(role, s, sq, occ);
            }
        }
        out
    }

    /// Whether the Chess King stands where an Ōgi piece could capture it.
    #[inline]
    pub(crate) fn chess_in_check(&self) -> bool {
        let k = self.cb(ChessRole::King as usize);
        k != 0 && self.ogi_attackers(k.trailing_zeros() as u8, self.occ[0] | self.occ[1]) != 0
    }

    /// Whether the Ōgi King stands where a chess piece could capture it.
    #[inline]
    pub(crate) fn ogi_in_check(&self) -> bool {
        let k = self.ob(OgiRole::King as usize);
        k != 0 && self.chess_attack_map() & k != 0
    }
}
