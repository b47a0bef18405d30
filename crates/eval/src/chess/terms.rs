//! Chess evaluation terms between the pieces of both sides: threats (pieces attacked by
//! pawns, majors attacked by minor pieces, pieces attacked and not defended, safe checks) and
//! the free path of a passed pawn.

use tegoma_protocol::Side;
use tegoma_rules::chess::{Position, Role};
use tegoma_rules::kit::{self, Square};

use super::{w, ChessEval, Pair, FILE_A};

/// The squares one side attacks, by kind of attacker.
#[derive(Default, Clone, Copy)]
pub(super) struct Attacks {
    /// Attacked by a pawn.
    pub pawns: u64,
    /// Attacked by a knight or a bishop.
    pub minors: u64,
    /// Attacked by any piece (the king included).
    pub all: u64,
    /// Attacked by a knight, a bishop, a rook, a queen.
    pub by_role: [u64; 4],
}

/// Our threats on their pieces and their king (positive: good for `side`, whose attacks are
/// `ours`): pieces attacked by a pawn, rooks and queens attacked by a minor piece, pieces
/// attacked and not defended; and the safe checks: for a knight, bishop, rook and queen of
/// ours, the squares from which that piece would check their king, which it reaches, which
/// hold none of ours and which they do not attack.
pub(super) fn threats(
    e: &ChessEval,
    pos: &Position,
    side: Side,
    ours: &Attacks,
    theirs: &Attacks,
) -> Pair {
    let them = side.flip();
    let majors = pos.pieces(them, Role::Rook).0 | pos.pieces(them, Role::Queen).0;
    let pieces = majors | pos.pieces(them, Role::Knight).0 | pos.pieces(them, Role::Bishop).0;
    let by_pawn = (ours.pawns & pieces).count_ones() as i32;
    let minor_on_major = (ours.minors & majors).count_ones() as i32;
    let hanging = (ours.all & pieces & !theirs.all).count_ones() as i32;
    let mut s = Pair::default();
    for (n, at) in [
        (by_pawn, w::THREAT_BY_PAWN),
        (minor_on_major, w::THREAT_MINOR_ON_MAJOR),
        (hanging, w::HANGING),
    ] {
        s.add_times(e.pair(at), n);
    }
    let king = pos.king(them);
    let occ = pos.occupied();
    let safe = !theirs.all & !pos.occupied_by(side).0;
    let diagonal = kit::bishop_attacks(king, occ).0;
    let straight = kit::rook_attacks(king, occ).0;
    let from = [
        kit::knight_attacks(king).0,
        diagonal,
        straight,
        diagonal | straight,
    ];
    for (i, squares) in from.into_iter().enumerate() {
        let n = (squares & ours.by_role[i] & safe).count_ones() as i32;
        s.add_times(e.pair(w::SAFE_CHECK + 2 * i), n);
    }
    s
}

/// The bonus of a passed pawn of `side` on `sq` (relative rank `rel`, 1 to 6) whose path to
/// promotion is empty.
#[inline]
pub(super) fn free_path(e: &ChessEval, pos: &Position, side: Side, sq: Square, rel: i32) -> Pair {
    let file = FILE_A << sq.file();
    let r = u32::from(sq.rank());
    let ahead = if side == Side::First {
        file & (!0u64 << (8 * (r + 1)).min(63))
    } else {
        file & !(!0u64 << (8 * r))
    };
    let mut s = Pair::default();
    if ahead & pos.occupied().0 == 0 {
        s.add_times(e.pair(w::PASSED_FREE), rel);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chess::side_terms;

    /// Threats of the first player (mg) in `fen`.
    fn first_threats(fen: &str) -> i32 {
        let pos = Position::from_fen(fen).unwrap();
        let e = ChessEval::new();
        let (mut wa, mut ba, mut phase) = (Attacks::default(), Attacks::default(), 0);
        side_terms(&e, &pos, Side::First, &mut phase, &mut wa);
        side_terms(&e, &pos, Side::Second, &mut phase, &mut ba);
        threats(&e, &pos, Side::First, &wa, &ba).mg
    }

    #[test]
    fn a_pawn_attacking_a_piece_is_a_threat() {
        // The e3 pawn attacks the defended d4 knight; on e2 it does not.
        let attacked = first_threats("7k/8/8/2p5/3n4/4P3/8/K7 w - - 0 1");
        let quiet = first_threats("7k/8/8/2p5/3n4/8/4P3/K7 w - - 0 1");
        assert!(attacked > 0);
        assert_eq!(quiet, 0);
    }

    #[test]
    fn a_rook_attacked_by_a_minor_or_undefended_is_a_threat() {
        // The c3 bishop attacks the e5 rook, defended by the f6 pawn: a minor on a major only.
        let defended = first_threats("7k/8/5p2/4r3/8/2B5/8/K7 w - - 0 1");
        // Without the pawn the rook also hangs.
        let hanging = first_threats("7k/8/8/4r3/8/2B5/8/K7 w - - 0 1");
        assert!(defended > 0);
        assert!(hanging > defended);
        // The bishop elsewhere: no threat.
        assert_eq!(first_threats("7k/8/5p2/4r3/8/8/2B5/K7 w - - 0 1"), 0);
    }

    #[test]
    fn a_passed_pawn_with_a_free_path_gets_more() {
        let e = ChessEval::new();
        let free = Position::from_fen("7k/8/4P3/8/8/8/8/K7 w - - 0 1").unwrap();
        let blocked = Position::from_fen("7k/4n3/4P3/8/8/8/8/K7 w - - 0 1").unwrap();
        let e6 = Square::from_index(44);
        let f = free_path(&e, &free, Side::First, e6, 5);
        // (The tuned middle-game weight may be 0: a free path counts in the end game.)
        assert!(f.mg >= 0 && f.eg > 0);
        let b = free_path(&e, &blocked, Side::First, e6, 5);
        assert_eq!((b.mg, b.eg), (0, 0));
        // The second player's pawn on e3 runs down the board.
        let black = Position::from_fen("7k/8/8/8/8/4p3/8/K7 w - - 0 1").unwrap();
        let e3 = Square::from_index(20);
        assert!(free_path(&e, &black, Side::Second, e3, 5).eg > 0);
        let black_blocked = Position::from_fen("7k/8/8/8/8/4p3/8/K3N3 w - - 0 1").unwrap();
        assert_eq!(free_path(&e, &black_blocked, Side::Second, e3, 5).eg, 0);
    }
}
