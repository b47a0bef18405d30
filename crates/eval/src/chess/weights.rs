//! The chess evaluation's weights: where each lives in the array (`w`), and their values.

/// Where each weight lives in [`DEFAULT_WEIGHTS`]: `(mg, eg)` pairs are two weights in a row.
pub(super) mod w {
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
    /// Pawns defended by a pawn, pawns with a pawn beside them on the same rank, backward
    /// pawns (their stop square attacked by a pawn, no pawn on a neighbouring file level or
    /// behind to defend them) (mg, eg each).
    pub const SUPPORTED: usize = 68;
    pub const PHALANX: usize = 70;
    pub const BACKWARD: usize = 72;
    /// A knight, a bishop on an outpost: fourth to sixth rank, defended by a pawn, out of
    /// reach of the other side's pawns (mg, eg each).
    pub const OUTPOST_KNIGHT: usize = 74;
    pub const OUTPOST_BISHOP: usize = 76;
    /// Per own pawn on the squares of a bishop's colour (mg, eg).
    pub const BISHOP_PAWNS: usize = 78;
    /// A passed pawn's stop square: the distance of their king, of ours, times the pawn's
    /// relative rank less one (mg, eg each).
    pub const PASSED_THEIR_KING: usize = 80;
    pub const PASSED_OUR_KING: usize = 82;
    /// Per square of their king's zone (the king's square and its neighbours) that a knight,
    /// bishop, rook, queen of ours attacks, counted linearly (mg), beside the squared attack
    /// units.
    pub const ZONE_ATTACKS: usize = 84;
    /// Per safe check (a square from which a piece of ours would check their king, which
    /// that piece reaches, holding none of ours, not attacked by them) by a knight, bishop,
    /// rook, queen (mg, eg each).
    pub const SAFE_CHECK: usize = 88;
    /// How many scalar weights (the terms above).
    pub const SCALARS: usize = 96;
    /// Piece-square corrections, added to the formulas of [`super::super::placement`]: for each role
    /// (pawn to king) the middle-game table then the end-game table, each of 32 squares seen
    /// from the piece's own side (relative rank times 4 plus the file folded onto a to d: a
    /// piece on the h-file reads the a-file's entry).
    pub const PST: usize = SCALARS;
    /// Mobility corrections by the number of squares a piece reaches (the squares counted by
    /// the linear `MOBILITY` term): the middle-game table then the end-game table, each of
    /// 9 (knight: 0 to 8), 14 (bishop), 15 (rook) and 28 (queen) entries in a row.
    pub const MOBILITY_TABLE: usize = PST + 6 * 2 * 32;
    /// How many weights.
    pub const COUNT: usize = MOBILITY_TABLE + 2 * 66;
}

/// The index in [`PIECE_SQUARE`]'s layout of `role`'s table for phase `eg` (0 middle game,
/// 1 end game) at `rel` (a square seen from the piece's side).
#[inline]
pub(super) const fn pst_index(role: usize, eg: usize, rel_rank: usize, file: usize) -> usize {
    let folded = if file < 4 { file } else { 7 - file };
    (role * 2 + eg) * 32 + rel_rank * 4 + folded
}

/// Where the knight's, bishop's, rook's and queen's entries start in each mobility table.
pub(super) const MOBILITY_START: [usize; 4] = [0, 9, 23, 38];
/// The largest count in each mobility table.
pub(super) const MOBILITY_MAX: [u32; 4] = [8, 13, 14, 27];

/// The scalar weights, the piece-square and the mobility corrections in one array.
const fn concat(
    scalars: [i32; w::SCALARS],
    pst: [i32; w::MOBILITY_TABLE - w::PST],
    mobility: [i32; w::COUNT - w::MOBILITY_TABLE],
) -> [i32; w::COUNT] {
    let mut out = [0; w::COUNT];
    let mut i = 0;
    while i < w::COUNT {
        out[i] = if i < w::PST {
            scalars[i]
        } else if i < w::MOBILITY_TABLE {
            pst[i - w::PST]
        } else {
            mobility[i - w::MOBILITY_TABLE]
        };
        i += 1;
    }
    out
}

/// The number of chess evaluation weights (see [`super::ChessEval::with_weights`]).
pub const WEIGHT_COUNT: usize = w::COUNT;

/// The chess evaluation's weights, in centipawns, first set by reasoning, then tuned by Texel's
/// method (`crates/engine/examples/texel.rs`) on positions of the engine's own self-play games
/// labelled by the games' results. A first unregularised run (234 141 quiet positions of 2 800
/// games at 1 500-2 000 nodes a move) measured no gain (-14 Elo, 95% interval [-55, +27]);
/// these come from the second (287 105 quiet positions of 3 500 games at 2 500 nodes a move, L2
/// regularisation 1e-7 towards the hand-set weights), which measured +63 Elo [+32, +95] against
/// the hand-set ones (200 games at 20 000 nodes a move). The king danger terms of 2026-11-26
/// (attackers by type on a wider zone, weak squares, safe checks, shield gaps, storms and open
/// files, squared) measured +35 Elo [-1, +71] at 20 000 nodes a move but -27.9 [-67.1, +10.6]
/// at 2 s + 0.05 s (200 games: they cost a fifth of the node rate), and no gain against
/// Stockfish; they were taken out again.
///
/// On 2026-11-27 a first run added the piece-square and mobility tables and the pawn, outpost,
/// bishop, passed-pawn and king-zone terms, and tuned every weight the evaluation uses
/// linearly at once by gradient (`texel gtune`): 945 039 quiet positions of 10 250 self-play
/// games at 4 000 nodes a move, L2 regularisation 1e-8, the epoch of the lowest error on
/// held-out games (50). Against the weights before it: +68.6 Elo [+34.9, +103.7] (200 games at
/// 20 000 nodes a move).
///
/// A second run the same day tuned the same weights on a different label: the score of the
/// engine's own search of each position (2 000 self-play games at 12 000 nodes a move, 176 090
/// quiet positions, `TEXEL_BLEND=1`: the score alone, the game's result only for positions
/// whose search found a mate), starting from the first run's weights, L2 1e-8, held-out error
/// 0.008276 to 0.007549 at epoch 75. Against the first run's weights, both with the singular
/// extension: +19.1 Elo [-14.2, +52.8] and +55.2 [+30.3, +80.6] (200 and 400 games at 20 000
/// nodes a move, seeds 13 and 14).
///
/// A third run the same day added the safe checks (`w::SAFE_CHECK`, linear: two slider
/// lookups from each king, about 2% of the node rate) and tuned every weight again on
/// the second run's data (`TEXEL_BLEND=1`, L2 1e-8): held-out error 0.007490 with guessed
/// safe-check weights to 0.007368 at epoch 100 (the second run's tuning, without the term, had
/// ended at 0.007549 on the same held-out games). Against the same build without them:
/// +30.5 Elo [+2.7, +58.7] (400 games at 20 000 nodes a move, seed 17).
pub const DEFAULT_WEIGHTS: [i32; WEIGHT_COUNT] = concat(SCALAR_WEIGHTS, PIECE_SQUARE, MOBILITY);

/// The scalar weights of [`DEFAULT_WEIGHTS`] (the terms of `w`, in their order).
const SCALAR_WEIGHTS: [i32; w::SCALARS] = [
    69, 343, 366, 471, 979, // value mg
    98, 314, 319, 557, 1002, // value eg
    39, 64, // bishop pair
    6, 2, 2, 1, 3, 4, 0, 2, // mobility
    -7, 0, -9, -14, // doubled, isolated
    5, 4, 3, 15, 59, 74, // passed mg
    14, 4, 7, 35, 78, 156, // passed eg
    36, -6, 16, 13, // rook open, half-open
    17, // shelter
    1, 3, 2, 3,  // attack units
    11, // tempo
    15, 5, 5, 5, 1, 10, 7, // centralisation
    1, 2, 19, // pawn advance, centre
    32, 7, // rook seventh
    -1, 18, // king home, wing
    0, 8, // passed pawn's free path
    45, 28, 34, 22, 15, 21, // threats
    14, 18, 5, 8, -3, -11, // supported, phalanx, backward
    20, 7, 31, 16, // outposts
    -5, -3, // bishop's pawns
    -3, 11, 1, -6, // passed pawn and the kings
    -2, -6, -8, 0, // king zone attacks
    36, 0, 13, 15, 33, 11, 19, 22, // safe checks
];

/// The piece-square corrections of [`DEFAULT_WEIGHTS`] (layout: [`pst_index`]).
#[rustfmt::skip]
const PIECE_SQUARE: [i32; w::MOBILITY_TABLE - w::PST] = [
    // pawn mg
       0,   0,   0,   0,
       3,   8,   -1,  -10,
       0,  -5, -14,  -9,
      -6, -14,   2,   1,
      13,   1,   0,   5,
      11,  13,   5,   7,
       0,   -6,   3,   5,
       0,   0,   0,   0,
    // pawn eg
       0,   0,   0,   0,
       6,   3,   12,   10,
     -11,  -13,  -8,  -4,
      -7,    0,  -8,  -11,
       -2,   5,   4,  -10,
      -3,   9,  14,  -6,
       5,   6,   -3,   7,
       0,   0,   0,   0,
    // knight mg
       -5,   5,   4,   7,
       4,   2,  -5,   7,
      -5,   3,  -11,  -6,
       9,   2,   -1,  -23,
       23,   7,   3,   -6,
       5,   9,   13,   11,
      -7,   2,   12,   5,
      -15,  -2,  -4,   3,
    // knight eg
       2,  -18,   2,   9,
       9,   3,  -6,   0,
      -3,  -8,   -3,   5,
       7,   4,   5,   3,
       8,   1,   8,  -1,
       0,   -1,   9,   7,
      -5,  -5,   -10,   2,
      -11,  -2,   -5,   0,
    // bishop mg
      -3,  -4, -13,   0,
       4,  13,   7,   6,
      -2,  12,   7,  -7,
       5,  -3,  -2,   -2,
       4,   4,   5,   9,
       7,   0,   3,   6,
      -8,  -4,   -2,   0,
       3,   0,  -2,   2,
    // bishop eg
       2,  -5,  -5,  -3,
       -9,  -11, -18,  -5,
       2,  -7,   5,   7,
       1,   -1,   9,  -7,
       6,   4,  -3,   7,
       5,   1,   0,   -2,
      -6,   6,   6,   -4,
       1,   5,  -1,   8,
    // rook mg
     -10,  -3,   6,   9,
     -25,   -3,  -9,  -8,
      -14,   -7,  -2,  -8,
      -5,   -1,  -7,  -3,
       3,  -2,   1,   6,
       11,   7,   5,  15,
      -4,   3,   6,   8,
       6,   6,   5,   4,
    // rook eg
       -14,  -16,  -13, -17,
      -8,   2,  -3,   -14,
      -4,   1,  -6,  -5,
       0,   -1,   8,   3,
       7,   9,   5,   3,
       9,   7,   11,   5,
       -1,  -3,   -10,   1,
       13,   17,   14,   15,
    // queen mg
       0,   -2,  -6,   -1,
      -4,  -3,   4,   4,
       3,   0,  -4,   -3,
      -1,   -1, -10,  -12,
       10,   3,   2,   -1,
      -8,   6,   3,  12,
       1,   3,   2,   1,
       1,   6,   5,   7,
    // queen eg
      -3,  -1,  -3,  -13,
      -5,  -7,  -13,  -9,
       0,   -5,  -2,  -4,
       2,   1,   2, -13,
      -1,   6,  -2, -10,
       -2,   3,   0,   -1,
       2,   2,   8,  -3,
      -2,   1,   5,   4,
    // king mg
      -4,   11, -10,   8,
      -10,   1,   -3,   -6,
      -6,   -11,   -2,   1,
       2,   1,   6,  -8,
       1,   4,   1,  -5,
       3,   3,  -2,  -2,
       3,   2,   3,   3,
       3,   1,   2,   1,
    // king eg
      -6,  -11,   -6,  -12,
       0,   -12,   -4,  -8,
       4,   -6,   -16,   -16,
       2,   -1,   -9,  -13,
       -2,   12,   1,  -7,
       11,   20,   3,   4,
       8,   14,   10,   13,
       4,   7,   8,   5,
];

/// The mobility corrections of [`DEFAULT_WEIGHTS`] (layout: `w::MOBILITY_TABLE`).
#[rustfmt::skip]
const MOBILITY: [i32; w::COUNT - w::MOBILITY_TABLE] = [
    // mg
    -2, 7, 7, 8, 6, 4, 0, 2, 8, // knight
    -7, -1, 4, 7, 9, 9, 8, 3, 3, 7, 2, 2, -2, -6, // bishop
    -16, -2, 2, 6, 3, 7, 5, 5, 0, 5, 2, -7, 0, -5, -7, // rook
    -5, -4, 1, -1, -1, 0, 2, 1, 5, 4, 5, 2, 2, 4, 1, 1, 8, 3, 10, 5, 4, 3, -1, -2, -2, -6, -2, -6, // queen
    // eg
    -16, -5, 2, 9, 8, 10, 10, 5, -13, // knight
    -16, -6, -4, 0, 8, 9, 10, 13, 11, 0, 9, -2, -3, -16, // bishop
    -18, -1, 1, 0, 9, 6, 11, 9, 12, 6, 7, 7, 2, -7, 0, // rook
    -2, -2, -4, -2, 0, -3, -7, -6, -4, 2, 2, 7, 5, 4, 4, 7, 8, 3, 10, 3, 0, -9, -8, -15, -9, -21, -5, -20, // queen
];
