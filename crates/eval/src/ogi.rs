//! The Ōgi evaluation: material on the board and in hand, promotion, drops near the Kings, and
//! the safety of a King that can be captured (there is no check rule).
//!
//! Our own weights, set by reasoning: a piece in hand is worth a little more than on the board
//! (it can be dropped where it is needed), except an unpromoted pawn, which can never be
//! dropped (R4) and so is worth almost nothing in hand; a capture moves a piece from one side to
//! the other, so it counts twice.

use tegoma_protocol::Side;
use tegoma_rules::kit::{self, Bitboard};
use tegoma_rules::ogi::{Move, Position, Role, ROLES};
use tegoma_rules::systems::Ogi;

use super::{Evaluator, Gain};

/// Board values by role index (King, Princess, Rook, Bishop, Silver, Knight, Lance, Pawn, then
/// the promoted roles in the same order).
const BOARD: [i32; ROLES] = [
    0,    // King: not counted (its loss ends the game)
    880,  // Princess: bishop slides plus the knight's eight jumps
    760,  // Rook
    640,  // Bishop
    470,  // Silver
    330,  // Knight
    300,  // Lance
    100,  // Pawn
    1000, // Promoted Princess
    980,  // Dragon
    860,  // Horse
    520,  // Promoted Silver (gold)
    520,  // Promoted Knight (gold)
    520,  // Promoted Lance (gold)
    540,  // Tokin (gold)
];
/// Values in hand: a bit more than on the board (the drop chooses its square); an unpromoted
/// pawn can never be dropped.
const HAND: [i32; ROLES] = [
    0, 940, 820, 690, 510, 330, 290, 5, 1060, 1040, 910, 560, 560, 560, 580,
];
/// The value used to order captures (a King capture wins the game).
const KING_VALUE: i32 = 20_000;
/// Mobility: per attacked square.
const MOBILITY: i32 = 3;
/// Per enemy attack on a square next to our King, and per own piece guarding next to it.
const KING_ZONE_ATTACK: i32 = 18;
const KING_GUARD: i32 = 8;
/// Per droppable piece in hand, per empty square next to the enemy King (drops near the King).
const DROP_THREAT: i32 = 4;
/// A promotable piece standing in the promotion zone (it may promote on its next move).
const IN_ZONE: i32 = 20;
/// Pawn advance per rank.
const PAWN_ADVANCE: i32 = 5;
/// The side to move's bonus.
const TEMPO: i32 = 15;

/// The Ōgi evaluator: material on the board and in hand, promotion, drops near the Kings,
/// King safety.
#[derive(Debug, Clone, Copy, Default)]
pub struct OgiEval;

impl OgiEval {
    /// The evaluator.
    pub fn new() -> OgiEval {
        OgiEval
    }
}

/// The promotion zone of `side` (ranks 6-8 for the first player, 1-3 for the second).
fn zone(side: Side) -> u64 {
    if side == Side::First {
        0xFFFF_FF00_0000_0000
    } else {
        0x0000_0000_00FF_FFFF
    }
}

fn side_terms(pos: &Position, side: Side, attacks: [u64; 2]) -> i32 {
    let them = side.flip();
    let mut v = 0;
    let mut hand_droppers = 0;
    for role in Role::ALL {
        let bb = pos.pieces(side, role).0;
        v += BOARD[role.index()] * bb.count_ones() as i32;
        if role.can_promote() {
            v += IN_ZONE * (bb & zone(side)).count_ones() as i32;
        }
        if role == Role::Pawn {
            for sq in Bitboard(bb) {
                let rel = if side == Side::First {
                    sq.rank()
                } else {
                    7 - sq.rank()
                };
                v += PAWN_ADVANCE * i32::from(rel);
            }
        }
        let held = i32::from(pos.hand_count(side, role));
        v += HAND[role.index()] * held;
        if role != Role::Pawn && role != Role::King {
            hand_droppers += held;
        }
    }
    let mine = attacks[side.index()];
    let theirs = attacks[them.index()];
    v += MOBILITY * mine.count_ones() as i32;
    let occ = pos.occupied().0;
    for k in pos.pieces(side, Role::King) {
        let around = kit::king_attacks(k).0;
        v -= KING_ZONE_ATTACK * (around & theirs).count_ones() as i32;
        v += KING_GUARD * (around & pos.occupied_by(side).0).count_ones().min(4) as i32;
    }
    for k in pos.pieces(them, Role::King) {
        let empty_near = (kit::king_attacks(k).0 & !occ).count_ones() as i32;
        v += DROP_THREAT * hand_droppers.min(4) * empty_near;
    }
    v
}

impl Evaluator<Ogi> for OgiEval {
    fn evaluate(&self, _rules: &Ogi, pos: &Position) -> i32 {
        let attacks = [
            pos.attacked_by(Side::First).0,
            pos.attacked_by(Side::Second).0,
        ];
        let v = side_terms(pos, Side::First, attacks) - side_terms(pos, Side::Second, attacks);
        let v = if pos.side_to_move() == Side::First {
            v
        } else {
            -v
        };
        v + TEMPO
    }

    #[inline]
    fn gain(&self, _rules: &Ogi, _pos: &Position, mv: Move) -> Option<Gain> {
        let promo = if mv.is_promotion() {
            BOARD[mv.final_role().index()] - BOARD[mv.role().index()]
        } else {
            0
        };
        let victim = match mv.captured() {
            Some(Role::King) => KING_VALUE,
            // The piece leaves their side and joins our hand.
            Some(r) => BOARD[r.index()] + HAND[r.demoted().index()],
            None if promo > 0 => 0,
            None => return None,
        };
        let attacker = if mv.is_drop() {
            0
        } else {
            BOARD[mv.role().index()].max(if mv.role() == Role::King { 2_000 } else { 0 })
        };
        Some(Gain {
            victim: victim + promo,
            attacker,
        })
    }

    #[inline]
    fn in_danger(&self, _rules: &Ogi, pos: &Position) -> bool {
        pos.is_check()
    }

    #[inline]
    fn lost(&self, _rules: &Ogi, pos: &Position) -> bool {
        // A King was captured by the move before (the side that moved still has its own).
        pos.is_over()
    }

    fn null_move(&self, _rules: &Ogi, pos: &Position) -> Option<Position> {
        let mut p = *pos;
        p.play_null();
        Some(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_start_is_balanced_and_material_counts() {
        let start = Position::startpos();
        // Nearly balanced (the start is not exactly symmetric: both Kings stand on e).
        assert!((OgiEval.evaluate(&Ogi::default(), &start) - TEMPO).abs() < 30);
        // Sente without its rook.
        let p = Position::from_feen("lnsik^snl/1r4b1/pppppppp/8/8/PPPPPPPP/1B6/LNSIK^SNL / O/o")
            .unwrap();
        assert!(OgiEval.evaluate(&Ogi::default(), &p) < -500);
    }
}
