//! The chess evaluation: material and piece-square terms blended by game phase, mobility
//! (linear, plus a table by the number of squares reached), pawn structure (doubled,
//! isolated, backward, defended and side-by-side pawns; passed pawns by rank, with a free
//! path, and the kings' distances to their stop square), minor pieces on outposts, a bishop's
//! own pawns on its colour, rooks on open files, the bishop pair, king safety (shelter, attacks
//! on the king's zone), and threats and safe checks between both sides ([`terms`]); static
//! exchanges ([`see`](mod@see)) for the search. The weights are in [`weights`]. A small
//! network ([`Network`], in `net.rs`) adds what these terms miss, learnt from the search
//! scores of the engine's own games.
//!
//! Every weight here is our own: set by reasoning about the game, then tuned on the engine's
//! own games (`crates/engine/examples/texel.rs`, and `net.rs` for the network); none is
//! taken from another engine. The piece-square terms are formulas (advance, centralisation,
//! the king's shelter) plus a tuned correction per square, folded onto four files.

use tegoma_protocol::Side;
use tegoma_rules::chess::{Move, MoveList, Position, Role};
use tegoma_rules::kit::{self, Bitboard, Square};
use tegoma_rules::systems::Chess;

use super::{Evaluator, Gain, Noisy, CORRECTION_KEYS};

mod net;
mod pawns;
mod see;
mod terms;
mod weights;

pub use self::net::{Network, BUCKETS as NET_BUCKETS, HIDDEN as NET_HIDDEN};
use self::see::{see, see_below};
use self::terms::Attacks;
use self::weights::{pst_index, w, MOBILITY_MAX, MOBILITY_START};
pub use self::weights::{DEFAULT_WEIGHTS, WEIGHT_COUNT};

/// The values used to order captures (a blend).
const ORDER_VALUE: [i32; 6] = [100, 310, 330, 500, 970, 2000];
/// Phase weights: knight and bishop 1, rook 2, queen 4; 24 at the start.
const PHASE: [i32; 6] = [0, 1, 1, 2, 4, 0];
const PHASE_TOTAL: i32 = 24;

/// The squares counted as normal mobility for knight, bishop, rook, queen (mobility is scored
/// around it).
const MOBILITY_NORMAL: [i32; 4] = [4, 6, 6, 12];

/// The chess evaluator: material and piece-square terms by phase, mobility, pawn structure,
/// king safety.
#[derive(Debug, Clone, Copy)]
pub struct ChessEval {
    w: [i32; WEIGHT_COUNT],
    /// The piece-square terms of [`placement`] for every piece (side, role) and square,
    /// computed once from the weights.
    pst: [[(i32, i32); 64]; 12],
    /// The network whose output is added to the hand-written terms, if any.
    net: Option<&'static Network>,
    /// Which weights these are, for the pawn terms kept per thread ([`pawns`]): 1 for
    /// [`DEFAULT_WEIGHTS`], a number of its own for every evaluator made with others.
    id: u64,
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
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(2);
        let id = if w == DEFAULT_WEIGHTS {
            1
        } else {
            NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
        };
        ChessEval {
            w,
            pst,
            net: Network::shipped(),
            id,
        }
    }

    /// Whether `pos` is quiet, as tuning wants its positions: not in check, and no capture
    /// that wins material by exchange (`list` is a buffer for the legal moves).
    pub fn is_quiet(&self, pos: &Position, list: &mut MoveList) -> bool {
        if pos.is_check() {
            return false;
        }
        pos.legal_moves_into(list);
        !list
            .iter()
            .any(|&mv| mv.is_capture() && self.see(&Chess, pos, mv).is_some_and(|s| s > 0))
    }

    /// The same evaluator without the network: the hand-written terms alone.
    pub fn without_network(self) -> ChessEval {
        ChessEval { net: None, ..self }
    }

    /// The hand-written terms alone, for the side to move (what [`Evaluator::evaluate`] adds
    /// the network's correction to).
    pub fn hand_written(&self, pos: &Position) -> i32 {
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

    /// Adds a weight pair `n` times.
    #[inline]
    fn add_times(&mut self, (mg, eg): (i32, i32), n: i32) {
        self.mg += mg * n;
        self.eg += eg * n;
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
    let at = w::PST + pst_index(role.index(), 0, rel.rank() as usize, rel.file() as usize);
    let (mg, eg) = formula(wt, role, c, rank, file);
    (mg + wt[at], eg + wt[at + 32])
}

/// The formula part of [`placement`]: `c` is the square's centrality, `rank` and `file` are
/// seen from the piece's side.
#[inline]
fn formula(wt: &[i32; WEIGHT_COUNT], role: Role, c: i32, rank: i32, file: i32) -> (i32, i32) {
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
/// The light squares (b1, a2, ...).
const LIGHT: u64 = 0x55AA_55AA_55AA_55AA;

/// The rank of `sq` seen from `side` (0 its first rank).
#[inline]
fn relative_rank(side: Side, sq: Square) -> u8 {
    if side == Side::First {
        sq.rank()
    } else {
        7 - sq.rank()
    }
}

/// The square in front of a pawn of `side` on `sq`, if any.
#[inline]
fn stop_square(side: Side, sq: Square) -> Option<Square> {
    match side {
        Side::First if sq.rank() < 7 => Some(Square::from_index(sq.index() as u8 + 8)),
        Side::Second if sq.rank() > 0 => Some(Square::from_index(sq.index() as u8 - 8)),
        _ => None,
    }
}

/// The king's distance between two squares.
#[inline]
fn distance(a: Square, b: Square) -> i32 {
    let df = (i32::from(a.file()) - i32::from(b.file())).abs();
    let dr = (i32::from(a.rank()) - i32::from(b.rank())).abs();
    df.max(dr)
}

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
                attacks.by_role[i - 1] |= att;
                let mob = (att & !ours & !their_pawn_att).count_ones() as i32;
                let (wm, we) = e.pair(w::MOBILITY + 2 * (i - 1));
                let normal = MOBILITY_NORMAL[i - 1];
                s.add(((mob - normal) * wm, (mob - normal) * we));
                let at = w::MOBILITY_TABLE
                    + MOBILITY_START[i - 1]
                    + (mob as u32).min(MOBILITY_MAX[i - 1]) as usize;
                s.add((wt[at], wt[at + 66]));
                let near = (att & king_zone).count_ones() as i32;
                s.mg += wt[w::ZONE_ATTACKS + i - 1] * near;
                if near > 0 {
                    attackers += 1;
                    attack_units += wt[w::ATTACK_UNITS + i - 1] * near;
                }
            }
            if matches!(role, Role::Knight | Role::Bishop) {
                let rel = relative_rank(side, sq);
                let file = FILE_A << sq.file();
                if (3..=5).contains(&rel)
                    && attacks.pawns & sq.bb().0 != 0
                    && front_span(side, sq) & !file & their_pawns == 0
                {
                    s.add(e.pair(if role == Role::Knight {
                        w::OUTPOST_KNIGHT
                    } else {
                        w::OUTPOST_BISHOP
                    }));
                }
                if role == Role::Bishop {
                    let colour = if sq.bb().0 & LIGHT != 0 {
                        LIGHT
                    } else {
                        !LIGHT
                    };
                    let n = (my_pawns & colour).count_ones() as i32;
                    s.add_times(e.pair(w::BISHOP_PAWNS), n);
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

    // Pawn structure: the pawn-only terms (kept per thread), then what a passed pawn gains
    // from the other pieces.
    let pawn = pawns::pawn_terms(e, side, my_pawns, their_pawns);
    s.add((pawn.terms.mg, pawn.terms.eg));
    let our_king = pos.king(side);
    for sq in Bitboard(pawn.passed) {
        let rel = relative_rank(side, sq) as i32;
        let free = terms::free_path(e, pos, side, sq, rel);
        s.add((free.mg, free.eg));
        if let Some(stop) = stop_square(side, sq) {
            let scale = rel - 1;
            for (king, at) in [
                (their_king, w::PASSED_THEIR_KING),
                (our_king, w::PASSED_OUR_KING),
            ] {
                s.add_times(e.pair(at), distance(king, stop) * scale);
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

    #[inline]
    fn see_below(&self, _rules: &Chess, pos: &Position, mv: Move, threshold: i32) -> Option<bool> {
        Some(see_below(pos, mv, threshold))
    }

    fn evaluate(&self, _rules: &Chess, pos: &Position) -> i32 {
        let v = self.hand_written(pos);
        match self.net {
            Some(net) => v + net.evaluate(pos),
            None => v,
        }
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
    fn correction_keys(&self, _rules: &Chess, pos: &Position) -> [u64; CORRECTION_KEYS] {
        // Never 0: a board without pawns has its own key, and a side always has its King.
        let mix = |x: u64, y: u64| {
            let x = (x ^ y.rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
            x ^ (x >> 31)
        };
        let pawns = mix(
            pos.pieces(Side::First, Role::Pawn).0,
            pos.pieces(Side::Second, Role::Pawn)
                .0
                .wrapping_mul(0xC2B2_AE3D_27D4_EB4F),
        );
        // Each side's pieces other than pawns, by role.
        let others = |side: Side| {
            let minors =
                pos.pieces(side, Role::Knight).0 ^ pos.pieces(side, Role::Bishop).0.wrapping_mul(3);
            let majors =
                pos.pieces(side, Role::Rook).0 ^ pos.pieces(side, Role::Queen).0.wrapping_mul(5);
            mix(mix(minors, majors), pos.pieces(side, Role::King).0)
        };
        [pawns | 1, others(Side::First) | 1, others(Side::Second) | 1]
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
        // The hand-written terms give the tempo alone; the network adds the same to both.
        let (white, black) = (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR b KQkq - 0 1",
        );
        for fen in [white, black] {
            let p = Position::from_fen(fen).unwrap();
            assert_eq!(ChessEval::new().hand_written(&p), DEFAULT_WEIGHTS[w::TEMPO]);
        }
        assert_eq!(eval(white), eval(black));
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

#[cfg(test)]
mod term_tests {
    use super::*;

    /// What the term at `at` adds to the first player's evaluation of `fen` (White to move)
    /// when its two weights are 100: 100 times how often it applies.
    fn term(fen: &str, at: usize) -> i32 {
        let p = Position::from_fen(fen).unwrap();
        let mut w = DEFAULT_WEIGHTS;
        w[at] = 0;
        w[at + 1] = 0;
        let base = ChessEval::with_weights(w).evaluate(&Chess, &p);
        w[at] = 100;
        w[at + 1] = 100;
        ChessEval::with_weights(w).evaluate(&Chess, &p) - base
    }

    #[test]
    fn a_knight_defended_by_a_pawn_out_of_their_pawns_reach_is_on_an_outpost() {
        assert_eq!(
            term("4k3/8/8/3N4/4P3/8/8/4K3 w - - 0 1", w::OUTPOST_KNIGHT),
            100
        );
        // A pawn on c7 can chase it; without the e4 pawn nothing defends it.
        assert_eq!(
            term("4k3/2p5/8/3N4/4P3/8/8/4K3 w - - 0 1", w::OUTPOST_KNIGHT),
            0
        );
        assert_eq!(
            term("4k3/8/8/3N4/8/8/4P3/4K3 w - - 0 1", w::OUTPOST_KNIGHT),
            0
        );
        // The second player's knight on d4, defended from e5: the first player's loss.
        assert_eq!(
            term("4k3/8/8/4p3/3n4/8/8/4K3 w - - 0 1", w::OUTPOST_KNIGHT),
            -100
        );
    }

    #[test]
    fn a_pawn_behind_its_neighbours_with_its_stop_square_attacked_is_backward() {
        // d3: the c-pawn ahead on c4, d4 attacked by e5.
        assert_eq!(
            term("4k3/8/8/4p3/2P5/3P4/8/4K3 w - - 0 1", w::BACKWARD),
            100
        );
        // With the c-pawn level on c3 it is not.
        assert_eq!(term("4k3/8/8/4p3/8/2PP4/8/4K3 w - - 0 1", w::BACKWARD), 0);
    }

    #[test]
    fn supported_and_side_by_side_pawns_count() {
        let fen = "4k3/8/8/8/3PP3/2P5/8/4K3 w - - 0 1";
        assert_eq!(term(fen, w::SUPPORTED), 100); // d4 by c3
        assert_eq!(term(fen, w::PHALANX), 200); // d4 and e4
    }

    #[test]
    fn a_passed_pawn_counts_the_kings_distances_to_its_stop_square() {
        // e6 (relative rank 5, scale 4), stop square e7: their king on h8 at 3, ours on e1 at 6.
        let fen = "7k/8/4P3/8/8/8/8/4K3 w - - 0 1";
        assert_eq!(term(fen, w::PASSED_THEIR_KING), 1200);
        assert_eq!(term(fen, w::PASSED_OUR_KING), 2400);
    }

    #[test]
    fn mobility_tables_are_read_at_the_count_of_reached_squares() {
        // The a1 knight reaches b3 and c2: entry 2 of the knight's tables.
        let p = Position::from_fen("4k3/8/8/8/8/8/8/N3K3 w - - 0 1").unwrap();
        let mut w = DEFAULT_WEIGHTS;
        let base = ChessEval::with_weights(w).evaluate(&Chess, &p);
        w[w::MOBILITY_TABLE + 2] += 100;
        w[w::MOBILITY_TABLE + 66 + 2] += 100;
        assert_eq!(ChessEval::with_weights(w).evaluate(&Chess, &p) - base, 100);
    }

    #[test]
    fn pieces_attacking_the_king_zone_count() {
        // The d6 knight attacks e8 and f7 of the f8 king's zone; on d3 it attacks none.
        assert!(term("5k2/8/3N4/8/8/8/8/4K3 w - - 0 1", w::ZONE_ATTACKS) > 0);
        assert_eq!(term("5k2/8/8/8/8/3N4/8/4K3 w - - 0 1", w::ZONE_ATTACKS), 0);
    }

    #[test]
    fn a_bishop_counts_its_pawns_on_its_colour() {
        // The c1 bishop is on the dark squares with d2 and f2; e2 is light.
        assert_eq!(
            term("4k3/8/8/8/8/8/3PPP2/2B1K3 w - - 0 1", w::BISHOP_PAWNS),
            200
        );
    }
}
