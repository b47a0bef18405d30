//! King safety: the danger one side's pieces make for the other's king, grown as the square of
//! its units so that several small signs together (attackers on the king's zone, squares there
//! that only the king defends, safe checks, a broken pawn shield, storming pawns, open files)
//! weigh far more than each alone, and much less without a queen to carry the attack.
//!
//! The units and the formula are our own, set by reasoning: a lone piece near the king costs a
//! few centipawns; a queen with two pieces on the zone, a safe check and a missing shield pawn
//! costs about two pawns, which is what such attacks convert to in the games (mate or material).

use tegoma_protocol::Side;
use tegoma_rules::chess::{Position, Role};
use tegoma_rules::kit::{self, Square};

use super::terms::Attacks;
use super::{w, ChessEval, Pair, FILE_A};

/// The pieces of one side that reach the other's king zone.
#[derive(Default, Clone, Copy)]
pub(super) struct KingAttack {
    /// How many pieces (knight to queen) attack a square of the zone.
    pub attackers: i32,
    /// Their weights ([`w::ATTACK_UNITS`] by role), summed.
    pub weight: i32,
    /// Squares of the zone attacked, counted once per attacker.
    pub hits: i32,
}

/// The king's zone: the king, its neighbours and the three squares in front of them (towards
/// the enemy), where an attack on the king is prepared.
#[inline]
pub(super) fn zone(side: Side, king: Square) -> u64 {
    let ring = kit::king_attacks(king).0 | king.bb().0;
    let ahead = if side == Side::First {
        ring << 8
    } else {
        ring >> 8
    };
    ring | ahead
}

/// The danger units' divisor: the penalty is `units² / DIVISOR` centipawns.
const DIVISOR: i32 = 64;
/// The most a king's danger costs (middle game), in centipawns.
const CAP: i32 = 1_200;

/// The danger `side`'s pieces make for the other king (positive: good for `side`), from both
/// sides' attacks (`ours`, `theirs`) and `side`'s pieces on the zone (`attack`).
pub(super) fn danger(
    e: &ChessEval,
    pos: &Position,
    side: Side,
    ours: &Attacks,
    theirs: &Attacks,
    attack: &KingAttack,
) -> Pair {
    let wt = &e.w;
    let them = side.flip();
    let k = pos.king(them);
    let occ = pos.occupied();
    let ring = kit::king_attacks(k).0;
    let mut s = Pair::default();

    // The pawn shield and storm on the king's file and the two next to it (the edge files
    // look at the two files next to the edge).
    let centre = k.file().clamp(1, 6);
    let their_pawns = pos.pieces(them, Role::Pawn).0;
    let our_pawns = pos.pieces(side, Role::Pawn).0;
    let mut gaps = 0;
    let mut open = 0;
    let mut storm = 0;
    for f in centre - 1..=centre + 1 {
        let file = FILE_A << f;
        // Ranks counted from the defender's side: 0 its first rank.
        let rel = |sq: u32| -> i32 {
            let r = (sq / 8) as i32;
            if them == Side::First {
                r
            } else {
                7 - r
            }
        };
        let king_rank = rel(k.index() as u32);
        // The defender's nearest pawn on the file in front of (or beside) its king.
        let shield = Bits(their_pawns & file)
            .map(rel)
            .filter(|&r| r >= king_rank)
            .min();
        gaps += match shield.map(|r| r - king_rank) {
            Some(0 | 1) => 0,
            Some(2) => 1,
            Some(_) => 2,
            None => 3,
        };
        if their_pawns & file == 0 && our_pawns & file == 0 {
            open += 1;
        }
        // The attacker's most advanced pawn on the file, the nearer to the king the worse.
        if let Some(r) = Bits(our_pawns & file)
            .map(rel)
            .filter(|&r| r > king_rank)
            .min()
        {
            let dist = r - king_rank;
            // A pawn blocked by a defending pawn right in front of it storms less.
            let blocked = shield == Some(r - 1);
            let push = match dist {
                1 | 2 => 3,
                3 => 2,
                4 => 1,
                _ => 0,
            };
            storm += if blocked { push / 2 } else { push };
        }
    }
    // Shield gaps and open files count whether or not the attack has begun (statically, mg).
    s.mg += wt[w::KING_GAP] * gaps / 2 + wt[w::KING_OPEN] * open / 2;

    if attack.attackers == 0 {
        return s;
    }
    // Squares next to the king that we attack and that the defender guards with its king or
    // queen only (or not at all).
    let guards = theirs.pawns | theirs.minors | theirs.rooks;
    let weak = ring & ours.all & !guards;
    // Squares our pieces may check from: not occupied by us, not attacked by the defender, or
    // attacked by its king or queen only while we attack them twice.
    let safe = !pos.occupied_by(side).0 & (!theirs.all | (!guards & ours.twice));
    let bishop_lines = kit::bishop_attacks(k, occ).0;
    let rook_lines = kit::rook_attacks(k, occ).0;
    let checks = [
        kit::knight_attacks(k).0 & ours.knights & safe,
        bishop_lines & ours.bishops & safe,
        rook_lines & ours.rooks & safe,
        (bishop_lines | rook_lines) & ours.queens & safe,
    ];
    let mut units = attack.weight * attack.attackers.min(4) / 2
        + wt[w::KING_HIT] * attack.hits
        + wt[w::KING_WEAK] * weak.count_ones() as i32
        + wt[w::KING_GAP] * gaps
        + wt[w::KING_STORM] * storm
        + wt[w::KING_OPEN] * open;
    for (i, c) in checks.into_iter().enumerate() {
        if c != 0 {
            units += wt[w::SAFE_CHECK + i] * (1 + i32::from(c.count_ones() > 1));
        }
    }
    // Knights and bishops next to their king defend it.
    let defenders =
        (pos.pieces(them, Role::Knight).0 | pos.pieces(them, Role::Bishop).0) & (ring | k.bb().0);
    units -= wt[w::KING_DEFENDER] * defenders.count_ones() as i32;
    // Without a queen an attack rarely mates: half the units.
    if pos.pieces(side, Role::Queen).0 == 0 {
        units /= 2;
    }
    if units > 0 {
        s.mg += (units * units / DIVISOR).min(CAP);
        s.eg += units / 8;
    }
    s
}

/// The squares of a bitboard, as indices.
struct Bits(u64);

impl Iterator for Bits {
    type Item = u32;
    #[inline]
    fn next(&mut self) -> Option<u32> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros();
        self.0 &= self.0 - 1;
        Some(i)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::chess::both_sides;

    /// The danger (mg) the first player makes for the second's king in `fen`.
    fn first_danger(fen: &str) -> i32 {
        let (e, pos, [wa, ba], [wk, _]) = both_sides(fen);
        danger(&e, &pos, Side::First, &wa, &ba, &wk).mg
    }

    #[test]
    fn an_attack_with_the_queen_costs_more_than_without() {
        // Queen on h5 and knight on g5 against the castled king with h7 and g7 weak.
        let with_queen = first_danger("r1b2rk1/pppp1ppp/2n5/6NQ/8/8/PPP2PPP/R1B3K1 w - - 0 1");
        let no_queen = first_danger("r1b2rk1/pppp1ppp/2n5/6N1/8/8/PPP2PPP/R1B3K1 w - - 0 1");
        let quiet = first_danger("r1b2rk1/pppp1ppp/2n5/8/8/5N2/PPP2PPP/R1B2QK1 w - - 0 1");
        assert!(with_queen > no_queen, "{with_queen} {no_queen}");
        assert!(with_queen > quiet + 40, "{with_queen} {quiet}");
    }

    #[test]
    fn a_broken_shield_costs_more_than_an_intact_one() {
        let intact = first_danger("6k1/5ppp/8/8/8/8/5PPP/Q5K1 w - - 0 1");
        let broken = first_danger("6k1/5p1p/6p1/8/8/8/5PPP/Q5K1 w - - 0 1");
        let bare = first_danger("6k1/8/8/8/8/8/5PPP/Q5K1 w - - 0 1");
        assert!(broken > intact, "{broken} {intact}");
        assert!(bare > broken, "{bare} {broken}");
    }

    #[test]
    fn the_zone_reaches_one_rank_ahead() {
        let g1 = Square::from_index(6);
        let z = zone(Side::First, g1);
        // f1 g1 h1 f2 g2 h2 f3 g3 h3.
        assert_eq!(z.count_ones(), 9);
        assert!(z & (1 << 22) != 0);
        let g8 = Square::from_index(62);
        assert!(zone(Side::Second, g8) & (1 << 46) != 0);
    }
}
