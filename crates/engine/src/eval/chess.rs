//! The chess evaluation: material and piece-square terms blended by game phase, mobility,
//! pawn structure and king safety.
//!
//! Every weight here is our own, set by reasoning about the game (see each constant); none is
//! taken from another engine. The piece-square terms are formulas (advance, centralisation,
//! the king's shelter), not tables.

use tegoma_protocol::Side;
use tegoma_rules::chess::{Move, MoveKind, Position, Role};
use tegoma_rules::kit::{self, Square};
use tegoma_rules::systems::Chess;

use super::{Evaluator, Gain};

/// Middle-game and end-game piece values, pawn to queen (the king has none).
const VALUE_MG: [i32; 6] = [100, 320, 335, 480, 950, 0];
const VALUE_EG: [i32; 6] = [120, 300, 320, 540, 1000, 0];
/// The values used to order captures (a blend).
const ORDER_VALUE: [i32; 6] = [100, 310, 330, 500, 970, 2000];
/// Phase weights: knight and bishop 1, rook 2, queen 4; 24 at the start.
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];
const PHASE_TOTAL: i32 = 24;

/// Bishop pair bonus (mg, eg): two bishops cover both colours.
const BISHOP_PAIR: (i32, i32) = (30, 50);
/// Mobility per reachable square (mg, eg) for knight, bishop, rook, queen, and the number of
/// squares counted as normal (mobility is scored around it).
const MOBILITY: [(i32, i32, i32); 4] = [(4, 4, 4), (5, 5, 6), (2, 4, 6), (1, 2, 12)];
/// Pawn structure (mg, eg).
const DOUBLED: (i32, i32) = (-10, -20);
const ISOLATED: (i32, i32) = (-12, -16);
/// Passed pawn by relative rank (0 = first rank).
const PASSED_MG: [i32; 8] = [0, 5, 8, 14, 25, 45, 70, 0];
const PASSED_EG: [i32; 8] = [0, 10, 18, 32, 55, 90, 140, 0];
/// Rook on an open file, on a half-open file (mg, eg).
const ROOK_OPEN: (i32, i32) = (22, 10);
const ROOK_HALF_OPEN: (i32, i32) = (10, 6);
/// King safety: shelter pawn, and attack units by attacker (knight, bishop, rook, queen).
const SHELTER: i32 = 12;
const ATTACK_UNITS: [i32; 4] = [2, 2, 3, 5];
/// The side to move's bonus.
const TEMPO: i32 = 10;

/// The chess evaluator: material and piece-square terms by phase, mobility, pawn structure,
/// king safety.
#[derive(Debug, Clone, Copy, Default)]
pub struct ChessEval;

impl ChessEval {
    /// The evaluator.
    pub fn new() -> ChessEval {
        ChessEval
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
fn placement(role: Role, side: Side, sq: Square) -> (i32, i32) {
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
                    15
                } else {
                    5
                }
            } else {
                0
            };
            (rank * 3 + centre, rank * 6)
        }
        Role::Knight => (-25 + 12 * c, -20 + 8 * c),
        Role::Bishop => (-8 + 5 * c, -6 + 4 * c),
        Role::Rook => (
            if rank == 6 { 20 } else { 0 },
            if rank == 6 { 25 } else { 0 },
        ),
        Role::Queen => (-4 + 2 * c, -8 + 6 * c),
        Role::King => {
            // Middle game: stay home, on a wing; end game: come to the centre.
            let home = if rank == 0 { 15 } else { -15 * rank.min(3) };
            let wing = match file {
                0..=2 | 6 | 7 => 15,
                _ => -10,
            };
            (home + wing, -30 + 15 * c)
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

fn bits(mut b: u64) -> impl Iterator<Item = Square> {
    std::iter::from_fn(move || {
        if b == 0 {
            None
        } else {
            let i = b.trailing_zeros() as u8;
            b &= b - 1;
            Some(Square::from_index(i))
        }
    })
}

/// The terms of one side (positive: good for `side`).
fn side_terms(pos: &Position, side: Side, phase_acc: &mut i32) -> Pair {
    let them = side.flip();
    let mut s = Pair::default();
    let occ = pos.occupied();
    let ours = pos.occupied_by(side).0;
    let my_pawns = pos.pieces(side, Role::Pawn).0;
    let their_pawns = pos.pieces(them, Role::Pawn).0;
    let their_pawn_att = pawn_attacks(them, their_pawns);
    let their_king = pos.king(them);
    let king_zone = kit::king_attacks(their_king).0 | their_king.bb().0;
    let mut attack_units = 0;
    let mut attackers = 0;

    for (i, role) in [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ]
    .into_iter()
    .enumerate()
    {
        let bb = pos.pieces(side, role).0;
        let n = bb.count_ones() as i32;
        s.add((VALUE_MG[i] * n, VALUE_EG[i] * n));
        *phase_acc += PHASE[i] * n;
        for sq in bits(bb) {
            s.add(placement(role, side, sq));
            let att = match role {
                Role::Knight => kit::knight_attacks(sq).0,
                Role::Bishop => kit::bishop_attacks(sq, occ).0,
                Role::Rook => kit::rook_attacks(sq, occ).0,
                Role::Queen => kit::queen_attacks(sq, occ).0,
                _ => 0,
            };
            if (1..=4).contains(&i) {
                let mob = (att & !ours & !their_pawn_att).count_ones() as i32;
                let (wm, we, normal) = MOBILITY[i - 1];
                s.add(((mob - normal) * wm, (mob - normal) * we));
                let near = (att & king_zone).count_ones() as i32;
                if near > 0 {
                    attackers += 1;
                    attack_units += ATTACK_UNITS[i - 1] * near;
                }
            }
            if role == Role::Rook {
                let file = FILE_A << sq.file();
                if file & my_pawns == 0 {
                    s.add(if file & their_pawns == 0 {
                        ROOK_OPEN
                    } else {
                        ROOK_HALF_OPEN
                    });
                }
            }
        }
    }
    if pos.pieces(side, Role::Bishop).0.count_ones() >= 2 {
        s.add(BISHOP_PAIR);
    }

    // Pawn structure.
    for sq in bits(my_pawns) {
        let f = sq.file();
        let file = FILE_A << f;
        let neighbours = (if f > 0 { FILE_A << (f - 1) } else { 0 })
            | (if f < 7 { FILE_A << (f + 1) } else { 0 });
        if my_pawns & neighbours == 0 {
            s.add(ISOLATED);
        }
        let ahead = front_span(side, sq) & file;
        if my_pawns & ahead != 0 {
            s.add(DOUBLED);
        }
        if front_span(side, sq) & their_pawns == 0 && my_pawns & ahead == 0 {
            let rel = if side == Side::First {
                sq.rank()
            } else {
                7 - sq.rank()
            } as usize;
            s.add((PASSED_MG[rel], PASSED_EG[rel]));
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
    s.mg += SHELTER * (shelter & near_ranks).count_ones().min(3) as i32;
    s
}

const ROLES: [Role; 6] = [
    Role::Pawn,
    Role::Knight,
    Role::Bishop,
    Role::Rook,
    Role::Queen,
    Role::King,
];

/// The pieces of either side that attack `sq` when the board holds `occ` (sliders see through
/// the squares taken out of `occ`).
#[inline]
fn attackers_to(pos: &Position, sq: Square, occ: u64) -> u64 {
    let b = sq.bb().0;
    let diag = pos.pieces(Side::First, Role::Bishop).0
        | pos.pieces(Side::Second, Role::Bishop).0
        | pos.pieces(Side::First, Role::Queen).0
        | pos.pieces(Side::Second, Role::Queen).0;
    let straight = pos.pieces(Side::First, Role::Rook).0
        | pos.pieces(Side::Second, Role::Rook).0
        | pos.pieces(Side::First, Role::Queen).0
        | pos.pieces(Side::Second, Role::Queen).0;
    let knights = pos.pieces(Side::First, Role::Knight).0 | pos.pieces(Side::Second, Role::Knight).0;
    let kings = pos.pieces(Side::First, Role::King).0 | pos.pieces(Side::Second, Role::King).0;
    ((pawn_attacks(Side::Second, b) & pos.pieces(Side::First, Role::Pawn).0)
        | (pawn_attacks(Side::First, b) & pos.pieces(Side::Second, Role::Pawn).0)
        | (kit::knight_attacks(sq).0 & knights)
        | (kit::king_attacks(sq).0 & kings)
        | (kit::bishop_attacks(sq, kit::Bitboard(occ)).0 & diag)
        | (kit::rook_attacks(sq, kit::Bitboard(occ)).0 & straight))
        & occ
}

/// Static exchange evaluation: what the side to move wins by `mv` when both sides then capture
/// on its destination with their least valuable piece, each free to stop (swap algorithm).
fn see(pos: &Position, mv: Move) -> i32 {
    let from = mv.from();
    let to = mv.to();
    let us = pos.side_to_move();
    let Some((_, mover)) = pos.piece_at(from) else {
        return 0;
    };
    let mut occ = pos.occupied().0 & !from.bb().0;
    let mut gain = [0i32; 34];
    gain[0] = match mv.kind() {
        MoveKind::EnPassant => {
            if let Some(p) = pos.ep_pawn() {
                occ &= !p.bb().0;
            }
            ORDER_VALUE[0]
        }
        _ => pos.piece_at(to).map_or(0, |(_, r)| ORDER_VALUE[r.index()]),
    };
    let mut on_square = ORDER_VALUE[mover.index()];
    if let Some(r) = mv.promotion_role() {
        gain[0] += ORDER_VALUE[r.index()] - ORDER_VALUE[0];
        on_square = ORDER_VALUE[r.index()];
    }
    let mut side = us.flip();
    let mut d = 0;
    loop {
        let attackers = attackers_to(pos, to, occ) & pos.occupied_by(side).0;
        if attackers == 0 {
            break;
        }
        let Some((role, bb)) = ROLES
            .iter()
            .map(|&r| (r, attackers & pos.pieces(side, r).0))
            .find(|(_, bb)| *bb != 0)
        else {
            break;
        };
        // A king may not capture into a square still attacked.
        if role == Role::King
            && attackers_to(pos, to, occ) & pos.occupied_by(side.flip()).0 != 0
        {
            break;
        }
        d += 1;
        gain[d] = on_square - gain[d - 1];
        if (-gain[d - 1]).max(gain[d]) < 0 || d == gain.len() - 1 {
            break;
        }
        occ &= !(bb & bb.wrapping_neg());
        on_square = ORDER_VALUE[role.index()];
        side = side.flip();
    }
    while d > 0 {
        gain[d - 1] = -(-gain[d - 1]).max(gain[d]);
        d -= 1;
    }
    gain[0]
}

impl Evaluator<Chess> for ChessEval {
    #[inline]
    fn see(&self, _rules: &Chess, pos: &Position, mv: Move) -> Option<i32> {
        Some(see(pos, mv))
    }

    fn evaluate(&self, _rules: &Chess, pos: &Position) -> i32 {
        let mut phase = 0;
        let w = side_terms(pos, Side::First, &mut phase);
        let b = side_terms(pos, Side::Second, &mut phase);
        let phase = phase.min(PHASE_TOTAL);
        let mg = w.mg - b.mg;
        let eg = w.eg - b.eg;
        let v = (mg * phase + eg * (PHASE_TOTAL - phase)) / PHASE_TOTAL;
        let v = if pos.side_to_move() == Side::First {
            v
        } else {
            -v
        };
        v + TEMPO
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
        ChessEval.evaluate(&Chess, &p)
    }

    #[test]
    fn symmetric_positions_score_the_tempo() {
        assert_eq!(
            eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"),
            TEMPO
        );
        assert_eq!(
            eval("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1"),
            TEMPO
        );
    }

    #[test]
    fn a_mirrored_position_scores_the_same_for_the_other_side() {
        let a = eval("r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3");
        let b = eval("rnbqkb1r/pppp1ppp/5n2/4p3/4P3/2N5/PPPP1PPP/R1BQKBNR b KQkq - 2 3");
        assert_eq!(a, b);
    }

    fn see_of(fen: &str, uci: &str) -> i32 {
        let p = Position::from_fen(fen).unwrap();
        let mut list = tegoma_rules::chess::MoveList::new();
        p.legal_moves_into(&mut list);
        let m = list.iter().copied().find(|m| m.to_uci() == uci).unwrap();
        see(&p, m)
    }

    #[test]
    fn static_exchanges() {
        // A pawn defended by a pawn: the bishop is lost for it.
        assert_eq!(
            see_of("4k3/8/3p4/4p3/8/2B5/8/4K3 w - - 0 1", "c3e5"),
            ORDER_VALUE[0] - ORDER_VALUE[2]
        );
        // An undefended knight.
        assert_eq!(
            see_of("4k3/8/8/4n3/8/8/8/4R1K1 w - - 0 1", "e1e5"),
            ORDER_VALUE[1]
        );
        // Rook takes a defended knight, the defender is taken back by the second rook.
        assert_eq!(
            see_of("4k3/8/4p3/3n4/8/8/3R4/3RK3 w - - 0 1", "d2d5"),
            ORDER_VALUE[1] - ORDER_VALUE[3] + ORDER_VALUE[0]
        );
        // A quiet move to a square attacked by a pawn loses the piece.
        assert_eq!(
            see_of("4k3/8/3p4/8/8/8/8/2B1K3 w - - 0 1", "c1e3"),
            0
        );
        assert_eq!(
            see_of("4k3/8/3p4/8/8/8/8/4KN2 w - - 0 1", "f1e3"),
            0
        );
        assert_eq!(
            see_of("4k3/8/8/8/3p4/8/8/4KN2 w - - 0 1", "f1e3"),
            -ORDER_VALUE[1]
        );
        assert_eq!(
            see_of("4k3/8/3p4/8/2N5/8/8/4K3 w - - 0 1", "c4e5"),
            -ORDER_VALUE[1]
        );
    }

    #[test]
    fn material_counts() {
        // White is a queen up.
        assert!(eval("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1") > 700);
        assert!(eval("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1") < -700);
    }
}
