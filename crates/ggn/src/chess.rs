//! The complete GGN table of the Chess rule system (seed `chess-rule-system.txt`, ruling R2).
//!
//! Piece identities and where they can stand (ranks relative to the owner):
//! - `K^`, `Q`, `R`, `B`, `N` on every square; `+K^` only on its original square (e1/e8), with
//!   the two castlings (`"h1":"C:+R"`, the king's path empty); `+R` only on its corners;
//! - `+P` on the second rank (one or two steps, both squares empty), `P` on ranks 2 to 7,
//!   `-P` on the fourth rank (a pawn that has just made its double step);
//! - pawn captures need `enemy`; en passant from the fifth rank needs the adjacent `-p` and an
//!   empty destination.
//!
//! Chess has no drops.

use tegoma_notation::ggn::{Ggn, Location};
use tegoma_notation::lcn::Condition;

use super::build::{slides, steps, TableBuilder, DIAGONAL, KING_STEPS, KNIGHT_JUMPS, ORTHOGONAL};

/// The complete Chess table.
pub fn table() -> Ggn {
    let mut b = TableBuilder::new(8, 8, b'C');
    let mut queen = slides(&ORTHOGONAL);
    queen.extend(slides(&DIAGONAL));
    for side in 0..2 {
        b.piece(side, "K^", &steps(&KING_STEPS), |_, _| true);
        b.piece(side, "+K^", &steps(&KING_STEPS), |f, r| f == 4 && r == 0);
        castling(&mut b, side);
        b.piece(side, "Q", &queen, |_, _| true);
        b.piece(side, "R", &slides(&ORTHOGONAL), |_, _| true);
        b.piece(side, "+R", &slides(&ORTHOGONAL), |f, r| {
            r == 0 && (f == 0 || f == 7)
        });
        b.piece(side, "B", &slides(&DIAGONAL), |_, _| true);
        b.piece(side, "N", &steps(&KNIGHT_JUMPS), |_, _| true);
        pawns(&mut b, side);
    }
    b.finish()
}

fn castling(b: &mut TableBuilder, side: usize) {
    let king = b.qpi(side, "+K^");
    let rook = b.qpi(side, "+R");
    let r = i16::from(b.relative_rank(side, 0));
    let sqs: Vec<_> = (0..8)
        .map(|f| b.square(f, r).expect("on the board"))
        .collect();
    let sq = |f: usize| sqs[f];
    let from = Location::Square(sq(4));
    // Kingside: f, g empty, the rook on h.
    b.add(
        king,
        from,
        sq(6),
        &[
            (sq(5), Condition::Empty),
            (sq(6), Condition::Empty),
            (sq(7), Condition::Piece(rook)),
        ],
    );
    // Queenside: d, c, b empty, the rook on a.
    b.add(
        king,
        from,
        sq(2),
        &[
            (sq(3), Condition::Empty),
            (sq(2), Condition::Empty),
            (sq(1), Condition::Empty),
            (sq(0), Condition::Piece(rook)),
        ],
    );
}

fn pawns(b: &mut TableBuilder, side: usize) {
    let enemy_dash = b.qpi(1 - side, "-P");
    let fwd: i16 = if side == 0 { 1 } else { -1 };
    for (token, lo, hi) in [("+P", 1u8, 1u8), ("P", 1, 6), ("-P", 3, 3)] {
        let q = b.qpi(side, token);
        for f in 0..8u8 {
            for rel in lo..=hi {
                let r = b.relative_rank(side, rel);
                let from = Location::Square(tegoma_notation::cell::Cell::xy(f, r));
                let (fi, ri) = (i16::from(f), i16::from(r));
                let one = b
                    .square(fi, ri + fwd)
                    .expect("pawns never stand on the last rank");
                b.add(q, from, one, &[(one, Condition::Empty)]);
                if token == "+P" {
                    let two = b
                        .square(fi, ri + 2 * fwd)
                        .expect("double step on the board");
                    b.add(
                        q,
                        from,
                        two,
                        &[(one, Condition::Empty), (two, Condition::Empty)],
                    );
                }
                for df in [-1i16, 1] {
                    let Some(to) = b.square(fi + df, ri + fwd) else {
                        continue;
                    };
                    b.add(q, from, to, &[(to, Condition::Enemy)]);
                    if token == "P" && rel == 4 {
                        let beside = b.square(fi + df, ri).expect("beside the destination");
                        b.add(
                            q,
                            from,
                            to,
                            &[
                                (beside, Condition::Piece(enemy_dash)),
                                (to, Condition::Empty),
                            ],
                        );
                    }
                }
            }
        }
    }
}
