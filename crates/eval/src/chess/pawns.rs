//! Pawn structure: the terms that depend on the pawns alone (defended and side-by-side pawns,
//! isolated, backward and doubled pawns, passed pawns by rank), kept per thread by pawn
//! structure, since the positions of a search share their pawns with many others. What a passed
//! pawn gains from the other pieces (a free path, the kings' distances) is added by the caller
//! from the passed pawns found here.
//!
//! A kept entry is found by the evaluator that wrote it and both sides' pawns in full (no hash
//! is trusted), so the terms are those computed afresh: the evaluation, and the search with it,
//! do not depend on what was evaluated before on the thread.

use std::cell::RefCell;

use tegoma_protocol::Side;
use tegoma_rules::kit::Bitboard;

use super::weights::w;
use super::{front_span, pawn_attacks, relative_rank, stop_square, ChessEval, Pair, FILE_A};

/// The pawn-only terms of one side, and its passed pawns (those on ranks 2 to 7 of their
/// advance, which get the passed-pawn terms).
#[derive(Clone, Copy, Default)]
pub(super) struct PawnTerms {
    pub(super) terms: Pair,
    pub(super) passed: u64,
}

/// One kept entry: which evaluator and side (`0`: empty), both sides' pawns, the terms.
#[derive(Clone, Copy, Default)]
struct Entry {
    owner: u64,
    mine: u64,
    theirs: u64,
    terms: PawnTerms,
}

/// Kept entries per thread (a power of two; 40 bytes each: 320 KiB on a thread that evaluates
/// chess).
const SLOTS: usize = 1 << 13;

thread_local! {
    static KEPT: RefCell<Vec<Entry>> = const { RefCell::new(Vec::new()) };
}

/// The pawn-only terms of `side`, from the kept entry when there is one.
pub(super) fn pawn_terms(e: &ChessEval, side: Side, mine: u64, theirs: u64) -> PawnTerms {
    let owner = e.id * 2 + side.index() as u64;
    let mixed = (mine ^ theirs.rotate_left(29) ^ owner.wrapping_mul(0x9E37_79B9_7F4A_7C15))
        .wrapping_mul(0xD6E8_FEB8_6659_FD93);
    let slot = (mixed >> (64 - SLOTS.trailing_zeros())) as usize;
    KEPT.with(|kept| {
        let mut kept = kept.borrow_mut();
        if kept.is_empty() {
            kept.resize(SLOTS, Entry::default());
        }
        let entry = &mut kept[slot];
        if entry.owner == owner && entry.mine == mine && entry.theirs == theirs {
            return entry.terms;
        }
        let terms = compute(e, side, mine, theirs);
        *entry = Entry {
            owner,
            mine,
            theirs,
            terms,
        };
        terms
    })
}

/// The pawn-only terms of `side`, computed.
fn compute(e: &ChessEval, side: Side, my_pawns: u64, their_pawns: u64) -> PawnTerms {
    let wt = &e.w;
    let mut s = Pair::default();
    let their_pawn_att = pawn_attacks(side.flip(), their_pawns);
    let supported = (my_pawns & pawn_attacks(side, my_pawns)).count_ones() as i32;
    let beside = ((my_pawns << 1) & !FILE_A) | ((my_pawns >> 1) & !(FILE_A << 7));
    let phalanx = (my_pawns & beside).count_ones() as i32;
    s.add_times(e.pair(w::SUPPORTED), supported);
    s.add_times(e.pair(w::PHALANX), phalanx);
    let mut passed = 0;
    for sq in Bitboard(my_pawns) {
        let f = sq.file();
        let file = FILE_A << f;
        let neighbours = (if f > 0 { FILE_A << (f - 1) } else { 0 })
            | (if f < 7 { FILE_A << (f + 1) } else { 0 });
        if my_pawns & neighbours == 0 {
            s.add(e.pair(w::ISOLATED));
        } else {
            // Backward: the pawns on the neighbouring files all ahead of it, its stop square
            // attacked by one of theirs.
            let stop = stop_square(side, sq);
            if my_pawns & neighbours & front_span(side, sq) == my_pawns & neighbours
                && stop.is_some_and(|stop| their_pawn_att & stop.bb().0 != 0)
            {
                s.add(e.pair(w::BACKWARD));
            }
        }
        let ahead = front_span(side, sq) & file;
        if my_pawns & ahead != 0 {
            s.add(e.pair(w::DOUBLED));
        }
        if front_span(side, sq) & their_pawns == 0 && my_pawns & ahead == 0 {
            let rel = relative_rank(side, sq) as usize;
            if (1..=6).contains(&rel) {
                s.add((wt[w::PASSED_MG + rel - 1], wt[w::PASSED_EG + rel - 1]));
                passed |= sq.bb().0;
            }
        }
    }
    PawnTerms { terms: s, passed }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tegoma_rules::chess::{Position, Role};

    /// A kept entry gives the terms computed afresh, for either side and for evaluators with
    /// other weights (each has its own entries).
    #[test]
    fn kept_terms_are_the_computed_ones() {
        let fens = [
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "8/p4k2/1p6/2P5/5P2/6P1/5K2/8 w - - 0 1",
            "4k3/2p5/8/1P1P4/8/3p4/P7/4K3 b - - 0 1",
        ];
        let mut other = super::super::DEFAULT_WEIGHTS;
        other[w::ISOLATED] -= 37;
        other[w::PASSED_EG + 3] += 11;
        let evals = [ChessEval::new(), ChessEval::with_weights(other)];
        for _ in 0..2 {
            for fen in fens {
                let pos = Position::from_fen(fen).unwrap();
                for e in &evals {
                    for side in [Side::First, Side::Second] {
                        let mine = pos.pieces(side, Role::Pawn).0;
                        let theirs = pos.pieces(side.flip(), Role::Pawn).0;
                        let kept = pawn_terms(e, side, mine, theirs);
                        let fresh = compute(e, side, mine, theirs);
                        assert_eq!(
                            (kept.terms.mg, kept.terms.eg, kept.passed),
                            (fresh.terms.mg, fresh.terms.eg, fresh.passed),
                            "{fen} {side:?}"
                        );
                    }
                }
            }
        }
        // The two evaluators differ on these pawns, so a shared entry would have shown.
        let pos = Position::from_fen(fens[2]).unwrap();
        let (mine, theirs) = (
            pos.pieces(Side::First, Role::Pawn).0,
            pos.pieces(Side::Second, Role::Pawn).0,
        );
        assert_ne!(
            pawn_terms(&evals[0], Side::First, mine, theirs).terms.mg,
            pawn_terms(&evals[1], Side::First, mine, theirs).terms.mg
        );
    }
}
