//! The complete GGN table of the Ōgi rule system (seed `ogi-rule-system.txt`, ruling R4).
//!
//! Every piece identity on every square from which it has a destination (drops put pieces on
//! any square, so no square is excluded a priori), for both players, and drops from the hand
//! `*` of every piece that can be held (`I R B S N L P` and, through the King's privilege,
//! their promoted forms) onto every empty square. The drop restrictions (no unpromoted pawn,
//! lance and knight not on their last ranks) are legality rules of the game description, not
//! of GGN: the seed's own sample keys the `O:P` drop.

use tegoma_notation::ggn::Ggn;

use super::build::{
    slides, steps, Pattern, TableBuilder, DIAGONAL, GOLD_STEPS, KING_STEPS, KNIGHT_JUMPS,
    ORTHOGONAL, SILVER_STEPS,
};

/// The movement patterns of each Ōgi piece token (first player's orientation).
pub fn patterns(token: &str) -> Vec<Pattern> {
    let with = |mut a: Vec<Pattern>, b: Vec<Pattern>| {
        a.extend(b);
        a
    };
    let princess = with(slides(&DIAGONAL), steps(&KNIGHT_JUMPS));
    match token {
        "K^" => steps(&KING_STEPS),
        "I" => princess,
        "+I" => with(princess, steps(&ORTHOGONAL)),
        "R" => slides(&ORTHOGONAL),
        "+R" => with(slides(&ORTHOGONAL), steps(&DIAGONAL)),
        "B" => slides(&DIAGONAL),
        "+B" => with(slides(&DIAGONAL), steps(&ORTHOGONAL)),
        "S" => steps(&SILVER_STEPS),
        "N" => steps(&[(-1, 2), (1, 2)]),
        "L" => slides(&[(0, 1)]),
        "P" => steps(&[(0, 1)]),
        "+S" | "+N" | "+L" | "+P" => steps(&GOLD_STEPS),
        _ => Vec::new(),
    }
}

/// The piece tokens of Ōgi.
pub const TOKENS: [&str; 15] = [
    "K^", "I", "+I", "R", "+R", "B", "+B", "S", "+S", "N", "+N", "L", "+L", "P", "+P",
];

/// The complete Ōgi table.
pub fn table() -> Ggn {
    let mut b = TableBuilder::new(8, 8, b'O');
    for side in 0..2 {
        for token in TOKENS {
            // Skip the squares from which the piece could not move at all (a pawn or lance on
            // the last rank, a knight on the last two): they have no destination to list.
            let last = |r: u8| match token {
                "P" | "L" => r < 7,
                "N" => r < 6,
                _ => true,
            };
            b.piece(side, token, &patterns(token), |_, r| last(r));
            if token != "K^" {
                b.drops(side, token);
            }
        }
    }
    b.finish()
}
