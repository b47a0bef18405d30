//! The descriptor of Chess against Ōgi (ruling R13): names, both starts (`C/o` and `O/c`),
//! each player's history rules by its own rule system (the Chess player's moves draw on the
//! third occurrence and are refused when illegal; the Ōgi player's are bound by sennichite and
//! forfeit when illegal), the move limit, evaluator, bench positions, GGN table, and the page
//! for players.

use tegoma_notation::ggn::Ggn;
use tegoma_protocol::{MoveError, RuleSystem, Side};
use tegoma_rules::chess::Role as ChessRole;
use tegoma_rules::chess_ogi::{self, Army, Piece};
use tegoma_rules::ogi::Role as OgiRole;
use tegoma_rules::systems::ChessOgi;

use crate::look::{BoardLook, Squares, CHESS_ARMY, OGI_ARMY};
use crate::rules::{BenchPosition, BuiltInGame, MatchRules, RepetitionRule};

impl BuiltInGame for ChessOgi {
    const NAME: &'static str = "chess-ogi";
    const ALIASES: &'static [&'static str] = &["chess-ōgi", "Chess-Ōgi", "chess_ogi", "chessogi"];
    const DISPLAY_NAME: &'static str = "Chess against Ōgi";
    fn ggn() -> Ggn {
        tegoma_ggn::chess_ogi::table()
    }
}

/// The bench's positions: both starts, and a middle game with a hand.
const BENCH: &[BenchPosition] = &[
    BenchPosition {
        position: None,
        depth: 6,
    },
    BenchPosition {
        position: Some(chess_ogi::START_OGI_FIRST),
        depth: 6,
    },
];

impl MatchRules for ChessOgi {
    type Evaluator = tegoma_eval::ChessOgiEval;
    fn evaluator(&self) -> tegoma_eval::ChessOgiEval {
        tegoma_eval::ChessOgiEval::new()
    }
    fn look(&self) -> BoardLook {
        BoardLook::new(Squares::Checkered, &[CHESS_ARMY, OGI_ARMY])
    }
    fn starts(&self) -> Vec<&'static str> {
        vec![chess_ogi::START_CHESS_FIRST, chess_ogi::START_OGI_FIRST]
    }
    fn guide(&self) -> Option<&'static str> {
        Some(include_str!("../../../../docs/chess-ogi.md"))
    }
    fn bench_positions(&self) -> &'static [BenchPosition] {
        BENCH
    }
    /// The Chess player's moves by R3 (a third occurrence draws), the Ōgi player's by R4
    /// (sennichite).
    fn repetition(&self, position: &chess_ogi::Position, mover: Side) -> RepetitionRule {
        match position.army_of(mover) {
            Army::Chess => RepetitionRule::ThirdOccurrenceDraws,
            Army::Ogi => RepetitionRule::Sennichite,
        }
    }
    fn illegal_move_loses(&self, position: &chess_ogi::Position, mover: Side) -> bool {
        position.army_of(mover) == Army::Ogi
    }
    fn reset_is_irreversible(&self) -> bool {
        false
    }
    fn feen(&self, position: &chess_ogi::Position) -> String {
        position.to_feen()
    }
    fn perft_no_bulk(&self, position: &chess_ogi::Position, depth: u32) -> u64 {
        position.perft_with(depth, chess_ogi::PerftOptions { bulk: false })
    }
    #[inline]
    fn key(&self, position: &chess_ogi::Position) -> u64 {
        position.zobrist()
    }
    /// A capture, a chess pawn's move, or an unpromoted Ōgi pawn's move (one that promotes
    /// too); drops do not reset (R13).
    #[inline]
    fn resets_move_limit(&self, _position: &chess_ogi::Position, mv: chess_ogi::Move) -> bool {
        !mv.is_drop()
            && (mv.is_capture()
                || matches!(
                    mv.piece(),
                    Piece::Chess(ChessRole::Pawn) | Piece::Ogi(OgiRole::Pawn)
                ))
    }
    fn read_move(
        &self,
        position: &chess_ogi::Position,
        text: &str,
    ) -> Result<chess_ogi::Move, MoveError> {
        self.parse_move(position, text)
    }
}
