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

impl ChessOgiWeights {
    /// How many numbers the weights are (the length of [`ChessOgiWeights::to_array`]).
    pub const COUNT: usize = 6 + 15 + 8 + 2 + 2 + 4;

    /// The weights as one array, in the order of the fields (for tuning).
    pub fn to_array(&self) -> [i32; Self::COUNT] {
        let mut out = [0; Self::COUNT];
        let scalars = [
            self.mobility[0],
            self.mobility[1],
            self.king_attack[0],
            self.king_attack[1],
            self.drop_threat,
            self.pawn_advance,
            self.in_zone,
            self.tempo,
        ];
        for (o, v) in out.iter_mut().zip(
            self.chess
                .iter()
                .chain(&self.ogi)
                .chain(&self.hand)
                .chain(&scalars),
        ) {
            *o = *v;
        }
        out
    }

    /// The weights from an array in the order of [`ChessOgiWeights::to_array`].
    pub fn from_array(a: [i32; Self::COUNT]) -> ChessOgiWeights {
        let mut w = ChessOgiWeights {
            chess: [0; 6],
            ogi: [0; 15],
            hand: [0; 8],
            mobility: [0; 2],
            king_attack: [0; 2],
            drop_threat: 0,
            pawn_advance: 0,
            in_zone: 0,
            tempo: 0,
        };
        w.chess.copy_from_slice(&a[..6]);
        w.ogi.copy_from_slice(&a[6..21]);
        w.hand.copy_from_slice(&a[21..29]);
        w.mobility.copy_from_slice(&a[29..31]);
        w.king_attack.copy_from_slice(&a[31..33]);
        w.drop_threat = a[33];
        w.pawn_advance = a[34];
        w.in_zone = a[35];
        w.tempo = a[36];
        w
    }
}

/// The weights set by reasoning, before any tuning (kept to measure the tuned ones against).
pub const REASONED_CHESS_OGI_WEIGHTS: ChessOgiWeights = ChessOgiWeights {
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

/// The weights the engine plays with: our own, fitted on 2026-12-06 by Texel's method
/// (`crates/engine/examples/texel.rs`, `chess-ogi gtune`, see
/// `docs/measurements/chess-ogi.md`) from [`REASONED_CHESS_OGI_WEIGHTS`] on 60 022 quiet
/// positions of 3 000 self-play games (166 300 positions, 4 000 nodes a move, both army orders
/// in turn, seeds 1 and 2): a logistic fit of every linear weight to the games' results, the
/// sigmoid's scale fixed at chess's (K = 0.84), L2 regularisation 1e-8 towards the reasoned
/// weights (none on the Chess King's value, the constant that carries the armies' balance),
/// 3 000 epochs of Adam, held-out error 0.377 to 0.107. The Ōgi King's value and the hand's
/// King and pawns were not fitted (a constant, never held, and following the chess pawns
/// taken). Captured chess pieces count twice (off the board, into the Ōgi hand), and the two
/// terms move together in the data: only their sum is well fitted (a chess rook taken swings
/// 169 + 573 cp), not each alone.
pub const DEFAULT_CHESS_OGI_WEIGHTS: ChessOgiWeights = ChessOgiWeights {
    chess: [33, 200, 84, 169, 931, 141],
    ogi: [
        0, 733, 511, 315, 206, 122, 119, 47, 871, 621, 522, 418, 181, 163, 163,
    ],
    hand: [0, 762, 573, 450, 330, 208, 240, 5],
    mobility: [1, -2],
    king_attack: [36, 26],
    drop_threat: 7,
    pawn_advance: 14,
    in_zone: 55,
    tempo: -5,
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

    /// The evaluator with other weights (for tuning).
    pub const fn with_weights(weights: ChessOgiWeights) -> ChessOgiEval {
        ChessOgiEval { weights }
    }

    /// Whether `pos` is quiet, as tuning wants its positions: the game goes on, the side to
    /// move is not in check, and it has no capture that wins material at first sight (a piece
    /// worth more than the capturer, with what the capture adds to the Ōgi hand, or any piece
    /// the other army does not attack) nor a chess pawn's promotion to an unattacked square.
    pub fn is_quiet(&self, pos: &Position) -> bool {
        if pos.is_over() || pos.is_check() {
            return false;
        }
        let defended = pos.attacked_by(pos.army_to_move().other()).0;
        let mut quiet = true;
        pos.for_each_move(|mv| {
            if !quiet || !(mv.is_capture() || mv.chess_promotion_role().is_some()) {
                return;
            }
            let Some(g) = self.gain(&ChessOgi, pos, mv) else {
                return;
            };
            let lost = if defended & (1u64 << mv.to().index()) != 0 {
                g.attacker
            } else {
                0
            };
            if g.victim > lost {
                quiet = false;
            }
        });
        quiet
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
    use tegoma_rules::chess_ogi::{START_CHESS_FIRST, START_OGI_FIRST};

    fn pos(feen: &str) -> Position {
        Position::from_feen(feen).unwrap()
    }

    /// The evaluation for the side to move.
    fn eval(e: &ChessOgiEval, p: &Position) -> i32 {
        e.evaluate(&ChessOgi, p)
    }

    #[test]
    fn material_counts_for_each_army() {
        let e = ChessOgiEval::new();
        let w = DEFAULT_CHESS_OGI_WEIGHTS;
        let start = Position::startpos();
        let s0 = e.chess_score(&start);
        // The Chess army without its queen.
        let p = pos("lnsik^snl/1r4b1/pppppppp/8/8/8/+P+P+P+P+P+P+P+P/+RNB1+K^BN+R / C/o");
        assert!(e.chess_score(&p) < s0 - w.chess[4] + 100);
        // The Ōgi army without its rook, which the Ōgi hand does not hold.
        let p = pos("lnsik^snl/6b1/pppppppp/8/8/8/+P+P+P+P+P+P+P+P/+RNBQ+K^BN+R / C/o");
        assert!(e.chess_score(&p) > s0 + w.ogi[2] - 100);
    }

    /// Each army's material and the Ōgi hand, with the right sign for the side to move, in both
    /// army orders: the same change gives the same score for the Chess army whichever player
    /// leads it, and the side to move sees it with its own sign.
    #[test]
    fn material_and_hand_signs_in_both_orders() {
        let e = ChessOgiEval::new();
        let w = DEFAULT_CHESS_OGI_WEIGHTS;
        // (C/o start, O/c start) with the same change: no chess queen (taken: a princess in the
        // Ōgi hand), no Ōgi rook (taken by the Chess player, kept in its hand), both.
        let cases = [
            (
                START_CHESS_FIRST,
                START_OGI_FIRST,
                0, // no change
            ),
            (
                "lnsik^snl/1r4b1/pppppppp/8/8/8/+P+P+P+P+P+P+P+P/+RNB1+K^BN+R /i C/o",
                "+rnb1+k^bn+r/+p+p+p+p+p+p+p+p/8/8/8/PPPPPPPP/1B4R1/LNSIK^SNL I/ O/c",
                -(w.chess[4] + w.hand[1]),
            ),
            (
                "lnsik^snl/6b1/pppppppp/8/8/8/+P+P+P+P+P+P+P+P/+RNBQ+K^BN+R r/ C/o",
                "+rnbq+k^bn+r/+p+p+p+p+p+p+p+p/8/8/8/PPPPPPPP/1B6/LNSIK^SNL /R O/c",
                w.ogi[2],
            ),
        ];
        let base = [
            e.chess_score(&pos(START_CHESS_FIRST)),
            e.chess_score(&pos(START_OGI_FIRST)),
        ];
        for (chess_first, ogi_first, material) in cases {
            for (k, feen) in [chess_first, ogi_first].into_iter().enumerate() {
                let p = pos(feen);
                let d = e.chess_score(&p) - base[k];
                // Mobility and king safety move too, by far less than a piece.
                assert!((d - material).abs() < 120, "{feen}: {d} for {material}");
                // The side to move is the first player; its score has the sign of its army.
                let v = eval(&e, &p) - w.tempo;
                let chess_to_move = p.army_to_move() == Army::Chess;
                assert_eq!(
                    v,
                    if chess_to_move {
                        e.chess_score(&p)
                    } else {
                        -e.chess_score(&p)
                    }
                );
                assert_eq!(chess_to_move, k == 0, "{feen}");
            }
        }
        // An Ōgi pawn in the hand is worth its hand value to the Ōgi player, in both orders.
        let a = pos("lnsik^snl/1r4b1/pppppppp/8/8/8/+P+P+P+P+P+P+P1/+RNBQ+K^BN+R /p C/o");
        let b = pos("+rnbq+k^bn+r/+p+p+p+p+p+p+p1/8/8/8/PPPPPPPP/1B4R1/LNSIK^SNL P/ O/c");
        for (p, k) in [(a, 0), (b, 1)] {
            let d = e.chess_score(&p) - base[k];
            assert!((d + w.chess[0] + w.hand[7]).abs() < 60, "{d}");
        }
    }

    #[test]
    fn weights_round_trip_as_an_array() {
        let w = DEFAULT_CHESS_OGI_WEIGHTS;
        assert_eq!(ChessOgiWeights::from_array(w.to_array()), w);
        let a: [i32; ChessOgiWeights::COUNT] = std::array::from_fn(|i| i as i32);
        assert_eq!(ChessOgiWeights::from_array(a).to_array(), a);
    }

    #[test]
    fn quiet_positions() {
        let e = ChessOgiEval::new();
        assert!(e.is_quiet(&Position::startpos()));
        assert!(e.is_quiet(&pos(START_OGI_FIRST)));
        // The Chess queen can take an undefended Ōgi rook.
        let p = pos("lnsik^snl/6b1/pppppppp/8/8/3r4/+P+P+P+P+P+P+P+P/+RNBQ+K^BN+R / C/o");
        assert!(!e.is_quiet(&p));
    }
}
