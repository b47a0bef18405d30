//! Tegoma's evaluations: what a search knows about a game beyond its rules.
//!
//! [`Evaluator`] is the one interface a search uses: a static score, the value of what a
//! move captures (move ordering, quiescence), whether the side to move is in danger (a check in
//! chess, an attacked King in Ōgi: no stand-pat, no null move, no reduction), and a null move
//! where the game allows one. Each rule system names its evaluator in its descriptor (the
//! `MatchRules` implementation of `tegoma-game`): [`ChessEval`] for chess, [`OgiEval`] for
//! Ōgi, [`ChessOgiEval`] for Chess against Ōgi, [`FileEval`] for the games defined by files (played by the GGN engine), which guesses
//! piece values from their mobility, and [`MobilityEval`] for any other rule system.
//!
//! The crate sits below `tegoma-game`, so that a game's descriptor can name its evaluator and
//! the engine's search, generic over the rule system, takes it from there without knowing the
//! game.

#![warn(missing_docs)]

mod chess;
mod chess_ogi;
mod generic;
mod ogi;

use std::hash::{Hash, Hasher};

use tegoma_protocol::RuleSystem;

pub use self::chess::{
    ChessEval, Network, DEFAULT_WEIGHTS as DEFAULT_CHESS_WEIGHTS, NET_BUCKETS, NET_HIDDEN,
    WEIGHT_COUNT as CHESS_WEIGHT_COUNT,
};
pub use self::chess_ogi::{
    ChessOgiEval, ChessOgiWeights, DEFAULT_CHESS_OGI_WEIGHTS, REASONED_CHESS_OGI_WEIGHTS,
};
pub use self::generic::{FileEval, MobilityEval};
pub use self::ogi::OgiEval;

/// How many keys [`Evaluator::correction_keys`] gives.
pub const CORRECTION_KEYS: usize = 3;

/// What a move takes: the value of the captured piece plus any promotion gain, and the value
/// of the piece that moves (for "most valuable victim, least valuable attacker" ordering).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Gain {
    /// Value of the captured piece plus the promotion's gain (centipawns).
    pub victim: i32,
    /// Value of the moving piece (centipawns).
    pub attacker: i32,
}

/// What [`Evaluator::noisy_moves_into`] wrote.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Noisy {
    /// No generator of captures and promotions: nothing written.
    Unsupported,
    /// The captures and promotions (perhaps none), and the position has a legal move.
    Moves,
    /// No legal move at all (the list is empty): the game is over.
    NoMove,
}

/// A game's evaluation knowledge, for a rule system `R`. Scores are centipawns from the point
/// of view of the side to move.
pub trait Evaluator<R: RuleSystem<Move: Hash>>: Send + Sync {
    /// The static score of a position where the game goes on.
    fn evaluate(&self, rules: &R, pos: &R::Position) -> i32;
    /// What `mv` captures or gains by promotion; `None` for a quiet move.
    fn gain(&self, rules: &R, pos: &R::Position, mv: R::Move) -> Option<Gain>;
    /// Whether the side to move is in danger of losing on the spot (in check in chess; a King
    /// that the opponent could capture in Ōgi). Such nodes get no stand-pat, no null move and
    /// no reduction, and the search looks one ply deeper.
    fn in_danger(&self, rules: &R, pos: &R::Position) -> bool;
    /// Whether the game ended on the board before the side to move's turn, lost for it (Ōgi:
    /// its King was captured). The search asks before anything else at every node, so that a
    /// position without a move is never scored by a pruning's static evaluation (which once
    /// let a search miss a King capture one ply ahead). Default: no such ending (a game over is
    /// then a position without legal moves, which every node finds).
    fn lost(&self, _rules: &R, _pos: &R::Position) -> bool {
        false
    }
    /// The position after passing the turn, where the game allows the null-move heuristic
    /// there (`None`: not here).
    fn null_move(&self, rules: &R, pos: &R::Position) -> Option<R::Position>;
    /// A static exchange estimate of `mv`: what the side to move wins (centipawns) when both
    /// sides then capture on its destination with their least valuable piece, each free to
    /// stop; `None` when this evaluator has none (the search then neither prunes nor orders by
    /// it).
    fn see(&self, _rules: &R, _pos: &R::Position, _mv: R::Move) -> Option<i32> {
        None
    }
    /// Whether [`Evaluator::see`] of `mv` is below `threshold` (`None` when this evaluator has
    /// no static exchange): what the search asks, which an evaluator may answer without the
    /// whole exchange. Default: from [`Evaluator::see`].
    fn see_below(&self, rules: &R, pos: &R::Position, mv: R::Move, threshold: i32) -> Option<bool> {
        self.see(rules, pos, mv).map(|see| see < threshold)
    }
    /// The slot of `mv` in the continuation histories, below [`MOVE_SLOTS`]: what the move
    /// is as an answer to another (chess: the piece and its destination). By default a hash
    /// of the move.
    fn move_slot(&self, _rules: &R, _pos: &R::Position, mv: R::Move) -> usize {
        move_hash(&mv) as usize % MOVE_SLOTS
    }
    /// Keys of what the static evaluation tends to misjudge alike (chess: the pawn structure,
    /// and each side's other pieces); the search corrects the evaluation by what it found at
    /// earlier positions with the same keys, the first key's correction counted whole and the
    /// others' by half. `0` (the default for each): no correction by that key.
    fn correction_keys(&self, _rules: &R, _pos: &R::Position) -> [u64; CORRECTION_KEYS] {
        [0; CORRECTION_KEYS]
    }
    /// Whether the search may be selective near the leaves: late-move and futility pruning,
    /// razoring, deeper reverse futility, larger null-move and logarithmic late-move
    /// reductions, internal iterative reduction, history maluses and hash cut-offs in
    /// quiescence. Right where a quiet move seldom changes the score by more than its margin
    /// (chess: measured +200 Elo at 20 000 nodes a move); in Ōgi a quiet drop next to a King
    /// decides, and the same search measured 80 Elo weaker, so it keeps the plain search.
    fn selective_search(&self) -> bool {
        false
    }
    /// Whether quiescence answers danger (a check) at every ply with all moves rather than
    /// standing pat past its first ply: right where the replies to danger are few (chess), too
    /// costly where drops multiply them (Ōgi).
    fn evasions_in_quiescence(&self) -> bool {
        false
    }
    /// Writes into `out` the legal moves that capture or promote, without the quiet ones, in
    /// the order in which `legal_moves_into` gives them, for quiescence; with an empty list,
    /// says whether any legal move remains. [`Noisy::Unsupported`] (the default): no such
    /// generator, and quiescence generates every legal move and keeps those with a
    /// [`Evaluator::gain`].
    fn noisy_moves_into(&self, _rules: &R, _pos: &R::Position, _out: &mut R::MoveList) -> Noisy {
        Noisy::Unsupported
    }
    /// Whether the position is drawn by itself although moves remain (chess: insufficient
    /// material).
    fn is_dead_draw(&self, _rules: &R, _pos: &R::Position) -> bool {
        false
    }
}

/// The number of move slots (see [`Evaluator::move_slot`]).
pub const MOVE_SLOTS: usize = 1024;

/// A 64-bit identity of a move, deterministic across runs and builds: what the default
/// [`Evaluator::move_slot`] hashes, and what a search may key its move tables with.
#[inline]
pub fn move_hash<M: Hash>(m: &M) -> u64 {
    let mut h = MoveHasher::default();
    m.hash(&mut h);
    h.finish()
}

/// A small multiplicative hasher for moves (their fields are a few integers).
#[derive(Default)]
struct MoveHasher(u64);

impl Hasher for MoveHasher {
    fn finish(&self) -> u64 {
        let mut x = self.0;
        x ^= x >> 33;
        x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
        x ^= x >> 33;
        x
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ u64::from(b)).wrapping_mul(0x517c_c1b7_2722_0a95);
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.write_u64(u64::from(i));
    }
    fn write_u16(&mut self, i: u16) {
        self.write_u64(u64::from(i));
    }
    fn write_u32(&mut self, i: u32) {
        self.write_u64(u64::from(i));
    }
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
}
