//! The evaluation of Chess against Ōgi (ruling R13): each army's material on the board by its
//! own pieces' worth, the Ōgi player's hand (droppable pieces worth more than on the board,
//! its pawns worth almost nothing), mobility, the danger around each King, chess pawns' and
//! Ōgi pieces' advance towards promotion.
//!
//! Both armies are valued on one scale, a chess pawn 100: a piece that moves like another is
//! worth about the same whatever its army (the chess rook and the Ōgi rook). The Chess player's
//! hand is worth nothing (it never drops): a capture by it is worth the piece taken off the
//! board; a capture by the Ōgi player is worth the piece taken plus what it adds to the hand.

use tegoma_protocol::Side;
use tegoma_rules::chess::Role as ChessRole;
use tegoma_rules::chess_ogi::{Army, Move, Piece, Position};
use tegoma_rules::kit::{self, Bitboard};
use tegoma_rules::ogi::Role as OgiRole;
use tegoma_rules::systems::ChessOgi;

use super::{Evaluator, Gain};

/// The weights of the evaluation, in centipawns.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChessOgiWeights {
    /// Chess pieces on the board, by chess role (pawn, knight, bishop, rook, queen, king).
    pub chess: [i32; 6],
    /// Ōgi pieces on the board, by Ōgi role (King, Princess, Rook, Bishop, Silver, Knight,
    /// Lance, Pawn, then the promoted roles).
    pub ogi: [i32; 15],
    /// Ōgi pieces in the Ōgi player's hand, by unpromoted Ōgi role (King first).
    pub hand: [i32; 8],
    /// Per square attacked, the Chess army and the Ōgi army.
    pub mobility: [i32; 2],
    /// Per enemy attack on a square next to the King, the Chess King and the Ōgi King.
    pub king_attack: [i32; 2],
    /// Per droppable piece in the Ōgi hand (at most 4) per empty square next to the Chess King.
    pub drop_threat: i32,
    /// Per rank a chess pawn has advanced past its start.
    pub pawn_advance: i32,
    /// A promotable Ōgi piece in its promotion zone.
    pub in_zone: i32,
    /// The side to move's bonus.
    pub tempo: i32,
}

/// The weights the engine plays with.
pub const DEFAULT_CHESS_OGI_WEIGHTS: ChessOgiWeights = ChessOgiWeights {
    chess: [100, 320, 340, 520, 960, 0],
    ogi: [
        0, 700, 520, 360, 300, 220, 220, 80, 860, 700, 520, 340, 340, 340, 350,
    ],
    hand: [0, 760, 580, 400, 330, 240, 240, 5],
    mobility: [3, 3],
    king_attack: [16, 16],
    drop_threat: 4,
    pawn_advance: 6,
    in_zone: 15,
    tempo: 15,
};

/// The value used to order a capture of a King (it ends the game).
const KING_VALUE: i32 = 20_000;

/// The evaluator of Chess against Ōgi.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChessOgiEval {
    /// Its weights.
    pub weights: ChessOgiWeights,
}

impl Default for ChessOgiEval {
    fn default() -> Self {
        ChessOgiEval::new()
    }
}

impl ChessOgiEval {
    /// The evaluator with [`DEFAULT_CHESS_OGI_WEIGHTS`].
    pub const fn new() -> ChessOgiEval {
        ChessOgiEval {
            weights: DEFAULT_CHESS_OGI_WEIGHTS,
        }
    }

    /// The score for the Chess army (positive: the Chess army is better), without tempo.
    pub fn chess_score(&self, pos: &Position) -> i32 {
        let w = &self.weights;
        let chess_side = pos.chess_side();
        let ogi_side = chess_side.flip();
        let mut v = 0;
        for role in ChessRole::ALL {
            let bb = pos.chess_pieces(role).0;
            v += w.chess[role.index()] * bb.count_ones() as i32;
            if role == ChessRole::Pawn {
                for sq in Bitboard(bb) {
                    let rel = if chess_side == Side::First {
                        sq.rank()
                    } else {
                        7 - sq.rank()
                    };
                    v += w.pawn_advance * (i32::from(rel) - 1);
                }
            }
        }
        let zone = if ogi_side == Side::First {
            0xFFFF_FF00_0000_0000u64
        } else {
            0x0000_0000_00FF_FFFF
        };
        let mut droppers = 0;
        for role in OgiRole::ALL {
            let bb = pos.ogi_pieces(role).0;
            v -= w.ogi[role.index()] * bb.count_ones() as i32;
            if role.can_promote() {
                v -= w.in_zone * (bb & zone).count_ones() as i32;
            }
            if !role.is_promoted() {
                let held = i32::from(pos.ogi_hand(role));
                v -= w.hand[role.index()] * held;
                if role != OgiRole::Pawn && role != OgiRole::King {
                    droppers += held;
                }
            }
        }
        let chess_att = pos.attacked_by(Army::Chess).0;
        let ogi_att = pos.attacked_by(Army::Ogi).0;
        v += w.mobility[0] * chess_att.count_ones() as i32;
        v -= w.mobility[1] * ogi_att.count_ones() as i32;
        let occ = pos.army(Army::Chess).0 | pos.army(Army::Ogi).0;
        for k in pos.chess_pieces(ChessRole::King) {
            let around = kit::king_attacks(k).0;
            v -= w.king_attack[0] * (around & ogi_att).count_ones() as i32;
            v -= w.drop_threat * droppers.min(4) * (around & !occ).count_ones() as i32;
        }
        for k in pos.ogi_pieces(OgiRole::King) {
            let around = kit::king_attacks(k).0;
            v += w.king_attack[1] * (around & chess_att).count_ones() as i32;
        }
        v
    }

    fn piece_value(&self, p: Piece) -> i32 {
        match p {
            Piece::Chess(r) => self.weights.chess[r.index()],
            Piece::Ogi(r) => self.weights.ogi[r.index()],
        }
    }
}

impl Evaluator<ChessOgi> for ChessOgiEval {
    fn evaluate(&self, _rules: &ChessOgi, pos: &Position) -> i32 {
        let v = self.chess_score(pos);
        let v = if pos.army_to_move() == Army::Chess {
            v
        } else {
            -v
        };
        v + self.weights.tempo
    }

    #[inline]
    fn gain(&self, _rules: &ChessOgi, pos: &Position, mv: Move) -> Option<Gain> {
        let promo = if mv.is_promotion() {
            self.piece_value(mv.final_piece()) - self.piece_value(mv.piece())
        } else {
            0
        };
        let victim = match mv.captured() {
            _ if mv.captures_king() => KING_VALUE,
            Some(p) => {
                let hand = match pos.hand_gain(mv) {
                    Some(Piece::Ogi(r)) if mv.army() == Army::Ogi => self.weights.hand[r.index()],
                    _ => 0,
                };
                self.piece_value(p) + hand
            }
            None if promo > 0 => 0,
            None => return None,
        };
        let attacker = if mv.is_drop() {
            0
        } else {
            match mv.piece() {
                Piece::Chess(ChessRole::King) | Piece::Ogi(OgiRole::King) => 2_000,
                p => self.piece_value(p),
            }
        };
        Some(Gain {
            victim: victim + promo,
            attacker,
        })
    }

    #[inline]
    fn in_danger(&self, _rules: &ChessOgi, pos: &Position) -> bool {
        pos.is_check()
    }

    #[inline]
    fn lost(&self, _rules: &ChessOgi, pos: &Position) -> bool {
        pos.is_over()
    }

    fn null_move(&self, _rules: &ChessOgi, pos: &Position) -> Option<Position> {
        let mut p = *pos;
        p.play_null();
        Some(p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn material_counts_for_each_army() {
        let e = ChessOgiEval::new();
        let start = Position::startpos();
        let s0 = e.chess_score(&start);
        // The Chess army without its queen.
        let p = Position::from_feen(
            "lnsik^snl/1r4b1/pppppppp/8/8/8/+P+P+P+P+P+P+P+P/+RNB1+K^BN+R / C/o",
        )
        .unwrap();
        assert!(e.chess_score(&p) < s0 - 800);
        // The Ōgi army without its rook, which the Ōgi hand does not hold.
        let p =
            Position::from_feen("lnsik^snl/6b1/pppppppp/8/8/8/+P+P+P+P+P+P+P+P/+RNBQ+K^BN+R / C/o")
                .unwrap();
        assert!(e.chess_score(&p) > s0 + 400);
    }
}
