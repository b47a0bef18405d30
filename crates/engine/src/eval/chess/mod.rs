//! The chess evaluation: material and piece-square terms blended by game phase, mobility,
//! pawn structure (passed pawns by rank and with a free path), rooks on open files, the
//! bishop pair, king safety (shelter, attack units on the king's zone), and threats between
//! the pieces of both sides ([`terms`]); static exchanges ([`see`]) for the search.
//!
//! Every weight here is our own, set by reasoning about the game (see each constant); none is
//! taken from another engine. The piece-square terms are formulas (advance, centralisation,
//! the king's shelter), not tables.

use tegoma_protocol::Side;
use tegoma_rules::chess::{Move, MoveList, Position, Role};
use tegoma_rules::kit::{self, Bitboard, Square};
use tegoma_rules::systems::Chess;

use super::{Evaluator, Gain, Noisy};

mod see;
mod terms;

use self::see::see;
use self::terms::Attacks;

/// The values used to order captures (a blend).
const ORDER_VALUE: [i32; 6] = [100, 310, 330, 500, 970, 2000];
/// Phase weights: knight and bishop 1, rook 2, queen 4; 24 at the start.
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];
const PHASE_TOTAL: i32 = 24;

/// The squares counted as normal mobility for knight, bishop, rook, queen (mobility is scored
/// around it).
const MOBILITY_NORMAL: [i32; 4] = [4, 6, 6, 12];

/// Where each weight lives in [`Weights`]: `(mg, eg)` pairs are two weights in a row.
mod w {
    /// Piece values, pawn to queen: five middle-game values, then five end-game values.
    pub const VALUE_MG: usize = 0;
    pub const VALUE_EG: usize = 5;
    /// Bishop pair (mg, eg).
    pub const BISHOP_PAIR: usize = 10;
    /// Mobility per square (mg, eg) for knight, bishop, rook, queen.
    pub const MOBILITY: usize = 12;
    /// Doubled and isolated pawns (mg, eg each).
    pub const DOUBLED: usize = 20;
    pub const ISOLATED: usize = 22;
    /// Passed pawns by relative rank 1 to 6 (second to seventh rank): six mg, six eg.
    pub const PASSED_MG: usize = 24;
    pub const PASSED_EG: usize = 30;
    /// Rook on an open file, on a half-open file (mg, eg each).
    pub const ROOK_OPEN: usize = 36;
    pub const ROOK_HALF_OPEN: usize = 38;
    /// Own pawn sheltering the king (mg).
    pub const SHELTER: usize = 40;
    /// King attack units by attacker: knight, bishop, rook, queen.
    pub const ATTACK_UNITS: usize = 41;
    /// The side to move's bonus.
    pub const TEMPO: usize = 45;
    /// Centralisation per step (mg, eg): knight, bishop, queen; then the king's (eg).
    pub const KNIGHT_CENTRE: usize = 46;
    pub const BISHOP_CENTRE: usize = 48;
    pub const QUEEN_CENTRE: usize = 50;
    pub const KING_CENTRE_EG: usize = 52;
    /// Pawn advance per rank (mg, eg), and a pawn in the centre (mg).
    pub const PAWN_ADVANCE: usize = 53;
    pub const PAWN_CENTRE: usize = 55;
    /// Rook on the seventh rank (mg, eg).
    pub const ROOK_SEVENTH: usize = 56;
    /// King at home, and on a wing (mg).
    pub const KING_HOME: usize = 58;
    pub const KING_WING: usize = 59;
    /// A passed pawn's empty path to promotion, per relative rank (mg, eg).
    pub const PASSED_FREE: usize = 60;
    /// Per piece attacked by a pawn, per rook or queen attacked by a minor piece, per piece
    /// attacked and not defended (mg, eg each).
    pub const THREAT_BY_PAWN: usize = 62;
    pub const THREAT_MINOR_ON_MAJOR: usize = 64;
    pub const HANGING: usize = 66;
    /// How many weights.
    pub const COUNT: usize = 68;
}

/// The number of chess evaluation weights (see [`ChessEval::with_weights`]).
pub const WEIGHT_COUNT: usize = w::COUNT;

/// The chess evaluation's weights, in centipawns, first set by reasoning, then tuned by Texel's
/// method (`crates/engine/examples/texel.rs`) on positions of the engine's own self-play games
/// labelled by the games' results. A first unregularised run (234 141 quiet positions of
/// 2 800 games at 1 500-2 000 nodes a move) measured no gain (-14 Elo, 95% interval [-55,
/// +27]); these come from the second (287 105 quiet positions of 3 500 games at 2 500 nodes
/// a move, L2 regularisation 1e-7 towards the hand-set weights), which measured +63 Elo
/// [+32, +95] against the hand-set ones (200 games at 20 000 nodes a move). Session 9's king
/// danger terms (attackers by type on a wider zone, weak squares, safe checks, shield gaps,
/// storms and open files, squared) measured +35 Elo [-1, +71] at 20 000 nodes a move but
/// -27.9 [-67.1, +10.6] at 2 s + 0.05 s (session 10, 200 games: they cost a fifth of the node
/// rate), and no gain against Stockfish; they were taken out again.
pub const DEFAULT_WEIGHTS: [i32; WEIGHT_COUNT] = [
    85, 328, 345, 475, 955, // value mg
    105, 307, 325, 535, 1005, // value eg
    39, 51, // bishop pair
    8, 0, 5, 6, 7, 3, 4, 4, // mobility
    -6, -19, -11, -10, // doubled, isolated
    5, 4, 10, 19, 50, 71, // passed mg
    8, 16, 32, 49, 95, 140, // passed eg
    25, 10, 18, 8,  // rook open, half-open
    17, // shelter
    1, 3, 2, 3, // attack units
    5, // tempo
    15, 11, 5, 5, 1, 8, 7, // centralisation
    -2, -5, 15, // pawn advance, centre
    19, 20, // rook seventh
    9, 27, // king home, wing
    0, 16, // passed pawn's free path
    44, 31, 27, 20, 20, 18, // threats
];

/// The chess evaluator: material and piece-square terms by phase, mobility, pawn structure,
/// king safety.
#[derive(Debug, Clone, Copy)]
pub struct ChessEval {
    w: [i32; WEIGHT_COUNT],
    /// The piece-square terms of [`placement`] for every piece (side, role) and square,
    /// computed once from the weights.
    pst: [[(i32, i32); 64]; 12],
}

impl Default for ChessEval {
    fn default() -> ChessEval {
        ChessEval::new()
    }
}

impl ChessEval {
    /// The evaluator with its tuned weights.
    pub fn new() -> ChessEval {
        ChessEval::with_weights(DEFAULT_WEIGHTS)
    }

    /// The evaluator with other weights (for tuning; the order is that of [`DEFAULT_WEIGHTS`]).
    pub fn with_weights(w: [i32; WEIGHT_COUNT]) -> ChessEval {
        let mut pst = [[(0, 0); 64]; 12];
        for side in [Side::First, Side::Second] {
            for role in Role::ALL {
                for (i, entry) in pst[side.index() * 6 + role.index()].iter_mut().enumerate() {
                    *entry = placement(&w, role, side, Square::from_index(i as u8));
                }
            }
        }
        ChessEval { w, pst }
    }

    /// The weights.
    pub fn weights(&self) -> [i32; WEIGHT_COUNT] {
        self.w
    }

    #[inline]
    fn pair(&self, at: usize) -> (i32, i32) {
        (self.w[at], self.w[at + 1])
    }
}

#[derive(Default, Clone, Copy)]
struct Pair {
    mg: i32,
    eg: i32,
}

impl Pair {
    #[inline]
    fn add(&mut self, (mg, eg): (i32, i32)) {
        self.mg += mg;
        self.eg += eg;
    }
}

/// Centralisation: 0 on the rim to 3 in the four centre squares.
#[inline]
fn centrality(sq: Square) -> i32 {
    let f = i32::from(sq.file());
    let r = i32::from(sq.rank());
    let df = (2 * f - 7).abs(); // 1, 3, 5, 7
    let dr = (2 * r - 7).abs();
    3 - (df.max(dr) - 1) / 2
}

/// Piece-square terms (mg, eg) for a piece of `side` on `sq`.
#[inline]
fn placement(wt: &[i32; WEIGHT_COUNT], role: Role, side: Side, sq: Square) -> (i32, i32) {
    let rel = if side == Side::First {
        sq
    } else {
        sq.flip_rank()
    };
    let c = centrality(sq);
    let rank = i32::from(rel.rank());
    let file = i32::from(rel.file());
    match role {
        Role::Pawn => {
            // Advance, and the centre files in the middle game.
            let centre = if (2..=5).contains(&file) && (3..=4).contains(&rank) {
                if file == 3 || file == 4 {
                    wt[w::PAWN_CENTRE]
                } else {
                    wt[w::PAWN_CENTRE] / 3
                }
            } else {
                0
            };
            (
                rank * wt[w::PAWN_ADVANCE] + centre,
                rank * wt[w::PAWN_ADVANCE + 1],
            )
        }
        // Centralisation around the average square (c = 1.5).
        Role::Knight => (
            wt[w::KNIGHT_CENTRE] * (2 * c - 3) / 2,
            wt[w::KNIGHT_CENTRE + 1] * (2 * c - 3) / 2,
        ),
        Role::Bishop => (
            wt[w::BISHOP_CENTRE] * (2 * c - 3) / 2,
            wt[w::BISHOP_CENTRE + 1] * (2 * c - 3) / 2,
        ),
        Role::Rook => {
            if rank == 6 {
                (wt[w::ROOK_SEVENTH], wt[w::ROOK_SEVENTH + 1])
            } else {
                (0, 0)
            }
        }
        Role::Queen => (
            wt[w::QUEEN_CENTRE] * (2 * c - 3) / 2,
            wt[w::QUEEN_CENTRE + 1] * (2 * c - 3) / 2,
        ),
        Role::King => {
            // Middle game: stay home, on a wing; end game: come to the centre.
            let home = if rank == 0 {
                wt[w::KING_HOME]
            } else {
                -wt[w::KING_HOME] * rank.min(3)
            };
            let wing = match file {
                0..=2 | 6 | 7 => wt[w::KING_WING],
                _ => -wt[w::KING_WING] * 2 / 3,
            };
            (home + wing, wt[w::KING_CENTRE_EG] * (2 * c - 3) / 2)
        }
    }
}

#[inline]
fn pawn_attacks(side: Side, pawns: u64) -> u64 {
    const NOT_A: u64 = !0x0101_0101_0101_0101;
    const NOT_H: u64 = !0x8080_8080_8080_8080;
    if side == Side::First {
        ((pawns & NOT_A) << 7) | ((pawns & NOT_H) << 9)
    } else {
        ((pawns & NOT_A) >> 9) | ((pawns & NOT_H) >> 7)
    }
}

const FILE_A: u64 = 0x0101_0101_0101_0101;

/// The squares in front of `sq` for `side` on its file and the two next to it.
#[inline]
fn front_span(side: Side, sq: Square) -> u64 {
    let f = sq.file();
    let mut files = FILE_A << f;
    if f > 0 {
        files |= FILE_A << (f - 1);
    }
    if f < 7 {
        files |= FILE_A << (f + 1);
    }
    let r = u32::from(sq.rank());
    let ahead = if side == Side::First {
        if r >= 7 {
            0
        } else {
            !0u64 << (8 * (r + 1))
        }
    } else if r == 0 {
        0
    } else {
        !0u64 >> (8 * (8 - r))
    };
    files & ahead
}

/// The terms of one side (positive: good for `side`).
fn side_terms(
    e: &ChessEval,
    pos: &Position,
    side: Side,
    phase_acc: &mut i32,
    attacks: &mut Attacks,
) -> Pair {
    let wt = &e.w;
    let them = side.flip();
    let mut s = Pair::default();
    let occ = pos.occupied();
    let ours = pos.occupied_by(side).0;
    let my_pawns = pos.pieces(side, Role::Pawn).0;
    let their_pawns = pos.pieces(them, Role::Pawn).0;
    let their_pawn_att = pawn_attacks(them, their_pawns);
    attacks.pawns = pawn_attacks(side, my_pawns);
    attacks.all |= attacks.pawns;
    let their_king = pos.king(them);
    let king_zone = kit::king_attacks(their_king).0 | their_king.bb().0;
    let mut attack_units = 0;
    let mut attackers = 0;

    for (i, role) in Role::ALL.into_iter().enumerate() {
        let bb = pos.pieces(side, role).0;
        let n = bb.count_ones() as i32;
        if i < 5 {
            s.add((wt[w::VALUE_MG + i] * n, wt[w::VALUE_EG + i] * n));
        }
        *phase_acc += PHASE[i] * n;
        for sq in Bitboard(bb) {
            s.add(e.pst[side.index() * 6 + i][sq.index()]);
            let att = match role {
                Role::Knight => kit::knight_attacks(sq).0,
                Role::Bishop => kit::bishop_attacks(sq, occ).0,
                Role::Rook => kit::rook_attacks(sq, occ).0,
                Role::Queen => kit::queen_attacks(sq, occ).0,
                Role::King => kit::king_attacks(sq).0,
                Role::Pawn => 0,
            };
            attacks.all |= att;
            if matches!(role, Role::Knight | Role::Bishop) {
                attacks.minors |= att;
            }
            if (1..=4).contains(&i) {
                let mob = (att & !ours & !their_pawn_att).count_ones() as i32;
                let (wm, we) = e.pair(w::MOBILITY + 2 * (i - 1));
                let normal = MOBILITY_NORMAL[i - 1];
                s.add(((mob - normal) * wm, (mob - normal) * we));
                let near = (att & king_zone).count_ones() as i32;
                if near > 0 {
                    attackers += 1;
                    attack_units += wt[w::ATTACK_UNITS + i - 1] * near;
                }
            }
            if role == Role::Rook {
                let file = FILE_A << sq.file();
                if file & my_pawns == 0 {
                    s.add(if file & their_pawns == 0 {
                        e.pair(w::ROOK_OPEN)
                    } else {
                        e.pair(w::ROOK_HALF_OPEN)
                    });
                }
            }
        }
    }
    if pos.pieces(side, Role::Bishop).0.count_ones() >= 2 {
        s.add(e.pair(w::BISHOP_PAIR));
    }

    // Pawn structure.
    for sq in Bitboard(my_pawns) {
        let f = sq.file();
        let file = FILE_A << f;
        let neighbours = (if f > 0 { FILE_A << (f - 1) } else { 0 })
            | (if f < 7 { FILE_A << (f + 1) } else { 0 });
        if my_pawns & neighbours == 0 {
            s.add(e.pair(w::ISOLATED));
        }
        let ahead = front_span(side, sq) & file;
        if my_pawns & ahead != 0 {
            s.add(e.pair(w::DOUBLED));
        }
        if front_span(side, sq) & their_pawns == 0 && my_pawns & ahead == 0 {
            let rel = if side == Side::First {
                sq.rank()
            } else {
                7 - sq.rank()
            } as usize;
            if (1..=6).contains(&rel) {
                s.add((wt[w::PASSED_MG + rel - 1], wt[w::PASSED_EG + rel - 1]));
                let free = terms::free_path(e, pos, side, sq, rel as i32);
                s.add((free.mg, free.eg));
            }
        }
    }

    // Our attack on their king (middle game only): grows with the square of the units, once
    // two pieces take part.
    if attackers >= 2 {
        s.mg += (attack_units * attack_units).min(400);
    }
    // Our king's shelter: own pawns on the three files around the king, one or two ranks ahead.
    let k = pos.king(side);
    let shelter = front_span(side, k) & my_pawns;
    let near_ranks = if side == Side::First {
        0xFFFFu64 << (8 * (u32::from(k.rank()) + 1).min(6))
    } else {
        0xFFFF_0000_0000_0000u64 >> (8 * (8 - u32::from(k.rank())).min(6))
    };
    s.mg += wt[w::SHELTER] * (shelter & near_ranks).count_ones().min(3) as i32;
    s
}

impl Evaluator<Chess> for ChessEval {
    #[inline]
    fn see(&self, _rules: &Chess, pos: &Position, mv: Move) -> Option<i32> {
        Some(see(pos, mv))
    }

    fn evaluate(&self, _rules: &Chess, pos: &Position) -> i32 {
        let mut phase = 0;
        let (mut wa, mut ba) = (Attacks::default(), Attacks::default());
        let mut w = side_terms(self, pos, Side::First, &mut phase, &mut wa);
        let mut b = side_terms(self, pos, Side::Second, &mut phase, &mut ba);
        let (wt, bt) = (
            terms::threats(self, pos, Side::First, &wa, &ba),
            terms::threats(self, pos, Side::Second, &ba, &wa),
        );
        w.add((wt.mg, wt.eg));
        b.add((bt.mg, bt.eg));
        let phase = phase.min(PHASE_TOTAL);
        let mg = w.mg - b.mg;
        let eg = w.eg - b.eg;
        let v = (mg * phase + eg * (PHASE_TOTAL - phase)) / PHASE_TOTAL;
        let v = if pos.side_to_move() == Side::First {
            v
        } else {
            -v
        };
        v + self.w[w::TEMPO]
    }

    #[inline]
    fn gain(&self, _rules: &Chess, pos: &Position, mv: Move) -> Option<Gain> {
        let promo = mv
            .promotion_role()
            .map_or(0, |r| ORDER_VALUE[r.index()] - ORDER_VALUE[0]);
        if !mv.is_capture() && promo == 0 {
            return None;
        }
        let victim = if mv.is_capture() {
            pos.piece_at(mv.to())
                .map_or(ORDER_VALUE[0], |(_, r)| ORDER_VALUE[r.index()])
        } else {
            0
        };
        let attacker = pos
            .piece_at(mv.from())
            .map_or(0, |(_, r)| ORDER_VALUE[r.index()]);
        Some(Gain {
            victim: victim + promo,
            attacker,
        })
    }

    #[inline]
    fn move_slot(&self, _rules: &Chess, pos: &Position, mv: Move) -> usize {
        // The moving piece (side and role) and its destination: 12 x 64 slots.
        let piece = pos
            .piece_at(mv.from())
            .map_or(0, |(side, role)| side.index() * 6 + role.index());
        piece * 64 + mv.to().index()
    }

    #[inline]
    fn correction_key(&self, _rules: &Chess, pos: &Position) -> u64 {
        // The pawn structure (never 0: a board without pawns has its own key).
        let w = pos.pieces(Side::First, Role::Pawn).0;
        let b = pos.pieces(Side::Second, Role::Pawn).0;
        let mut x = w.wrapping_mul(0x9E37_79B9_7F4A_7C15)
            ^ b.rotate_left(29).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        x ^= x >> 31;
        x | 1
    }

    fn evasions_in_quiescence(&self) -> bool {
        true
    }

    #[inline]
    fn noisy_moves_into(&self, _rules: &Chess, pos: &Position, out: &mut MoveList) -> Noisy {
        pos.noisy_moves_into(out);
        if out.is_empty() && !pos.has_legal_move() {
            Noisy::NoMove
        } else {
            Noisy::Moves
        }
    }

    fn selective_search(&self) -> bool {
        true
    }

    #[inline]
    fn in_danger(&self, _rules: &Chess, pos: &Position) -> bool {
        pos.is_check()
    }

    fn null_move(&self, _rules: &Chess, pos: &Position) -> Option<Position> {
        let us = pos.side_to_move();
        let pieces = pos.pieces(us, Role::Knight).0
            | pos.pieces(us, Role::Bishop).0
            | pos.pieces(us, Role::Rook).0
            | pos.pieces(us, Role::Queen).0;
        // Zugzwang is common with kings and pawns only: no null move there.
        if pieces == 0 {
            return None;
        }
        let mut p = *pos;
        p.play_null();
        Some(p)
    }

    #[inline]
    fn is_dead_draw(&self, _rules: &Chess, pos: &Position) -> bool {
        pos.is_insufficient_material()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn eval(fen: &str) -> i32 {
        let p = Position::from_fen(fen).unwrap();
        ChessEval::new().evaluate(&Chess, &p)
    }

    #[test]
    fn symmetric_positions_score_the_tempo() {
        assert_eq!(
            eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            DEFAULT_WEIGHTS[w::TEMPO]
        );
        assert_eq!(
            eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"),
            DEFAULT_WEIGHTS[w::TEMPO]
        );
    }

    #[test]
    fn a_mirrored_position_scores_the_same_for_the_other_side() {
        let a = eval("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
        let b = eval("rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3");
        assert_eq!(a, b);
    }

    #[test]
    fn material_counts() {
        // White is a queen up.
        assert!(eval("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") > 700);
        assert!(eval("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1") < -700);
    }
}
