//! Static exchange evaluation for chess: what a capture (or a quiet move onto an attacked
//! square) wins once both sides have captured on its destination as long as it pays.

use tegoma_protocol::Side;
use tegoma_rules::chess::{Move, MoveKind, Position, Role};
use tegoma_rules::kit::{self, Square};

use super::{pawn_attacks, ORDER_VALUE};

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
    let knights =
        pos.pieces(Side::First, Role::Knight).0 | pos.pieces(Side::Second, Role::Knight).0;
    let kings = pos.pieces(Side::First, Role::King).0 | pos.pieces(Side::Second, Role::King).0;
    ((pawn_attacks(Side::Second, b) & pos.pieces(Side::First, Role::Pawn).0)
        | (pawn_attacks(Side::First, b) & pos.pieces(Side::Second, Role::Pawn).0)
        | (kit::knight_attacks(sq).0 & knights)
        | (kit::king_attacks(sq).0 & kings)
        | (kit::bishop_attacks(sq, kit::Bitboard(occ)).0 & diag)
        | (kit::rook_attacks(sq, kit::Bitboard(occ)).0 & straight))
        & occ
}

/// What `mv` takes (with a promotion's gain) and the value of the piece it leaves on its
/// destination; `None` when no piece stands on its origin.
#[inline(always)]
fn first_capture(pos: &Position, mv: Move) -> Option<(i32, i32)> {
    let (_, mover) = pos.piece_at(mv.from())?;
    let mut taken = match mv.kind() {
        MoveKind::EnPassant => ORDER_VALUE[0],
        _ => pos
            .piece_at(mv.to())
            .map_or(0, |(_, r)| ORDER_VALUE[r.index()]),
    };
    let mut on_square = ORDER_VALUE[mover.index()];
    if let Some(r) = mv.promotion_role() {
        taken += ORDER_VALUE[r.index()] - ORDER_VALUE[0];
        on_square = ORDER_VALUE[r.index()];
    }
    Some((taken, on_square))
}

/// Whether [`see`] of `mv` is below `threshold`, found without the exchange when its bounds
/// decide: the exchange never wins more than the first capture takes (the opponent may stop),
/// and never loses more than the piece then left on the square (the mover may stop after a
/// recapture).
pub(super) fn see_below(pos: &Position, mv: Move, threshold: i32) -> bool {
    let Some((taken, on_square)) = first_capture(pos, mv) else {
        return 0 < threshold;
    };
    if taken < threshold {
        return true;
    }
    if taken - on_square >= threshold {
        return false;
    }
    exchange(pos, mv, taken, on_square) < threshold
}

/// Static exchange evaluation: what the side to move wins by `mv` when both sides then capture
/// on its destination with their least valuable piece, each free to stop (swap algorithm).
pub(super) fn see(pos: &Position, mv: Move) -> i32 {
    match first_capture(pos, mv) {
        Some((taken, on_square)) => exchange(pos, mv, taken, on_square),
        None => 0,
    }
}

/// [`see`] once the first capture is known: `taken`, and `on_square` left on the square.
fn exchange(pos: &Position, mv: Move, taken: i32, mut on_square: i32) -> i32 {
    let from = mv.from();
    let to = mv.to();
    let us = pos.side_to_move();
    let mut occ = pos.occupied().0 & !from.bb().0;
    if mv.kind() == MoveKind::EnPassant {
        if let Some(p) = pos.ep_pawn() {
            occ &= !p.bb().0;
        }
    }
    let mut gain = [0i32; 34];
    gain[0] = taken;
    let mut side = us.flip();
    let mut d = 0;
    loop {
        let attackers = attackers_to(pos, to, occ) & pos.occupied_by(side).0;
        if attackers == 0 {
            break;
        }
        let Some((role, bb)) = Role::ALL
            .iter()
            .map(|&r| (r, attackers & pos.pieces(side, r).0))
            .find(|(_, bb)| *bb != 0)
        else {
            break;
        };
        // A king may not capture into a square still attacked.
        if role == Role::King && attackers_to(pos, to, occ) & pos.occupied_by(side.flip()).0 != 0 {
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

#[cfg(test)]
mod tests {
    use super::*;

    fn see_of(fen: &str, uci: &str) -> i32 {
        let p = Position::from_fen(fen).unwrap();
        let mut list = tegoma_rules::chess::MoveList::new();
        p.legal_moves_into(&mut list);
        let m = list.iter().copied().find(|m| m.to_uci() == uci).unwrap();
        see(&p, m)
    }

    /// `see_below` answers as `see` does, for every legal move of varied positions and
    /// thresholds around the values that occur.
    #[test]
    fn see_below_agrees_with_see() {
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R w KQ - 0 8",
            "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
            "4k3/8/4p3/3n4/8/8/3R4/3RK3 w - - 0 1",
            "2r1k3/1P6/8/3pP3/8/8/8/4K3 w - d6 0 1",
            "4k3/8/3p4/8/2N5/8/8/4K3 w - - 0 1",
        ];
        let mut checked = 0;
        for fen in fens {
            let p = Position::from_fen(fen).unwrap();
            let mut list = tegoma_rules::chess::MoveList::new();
            p.legal_moves_into(&mut list);
            for &m in list.iter() {
                let value = see(&p, m);
                for t in [
                    -2000, -1000, -400, -360, -160, -90, -40, 0, 1, 100, 200, 870, 2000,
                ] {
                    assert_eq!(see_below(&p, m, t), value < t, "{fen} {} {t}", m.to_uci());
                    checked += 1;
                }
            }
        }
        assert!(checked > 1000);
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
        assert_eq!(see_of("4k3/8/3p4/8/8/8/8/2B1K3 w - - 0 1", "c1e3"), 0);
        assert_eq!(see_of("4k3/8/3p4/8/8/8/8/4KN2 w - - 0 1", "f1e3"), 0);
        assert_eq!(
            see_of("4k3/8/8/8/3p4/8/8/4KN2 w - - 0 1", "f1e3"),
            -ORDER_VALUE[1]
        );
        assert_eq!(
            see_of("4k3/8/3p4/8/2N5/8/8/4K3 w - - 0 1", "c4e5"),
            -ORDER_VALUE[1]
        );
    }
}
