//! Ōgi's descriptor (ruling R4): names, formats (UCI as Fairy-Stockfish's `ogi` variant),
//! sennichite and the illegal-move forfeit, evaluator, board look, bench positions, GGN table,
//! and the King's privilege switch.

use tegoma_notation::ggn::Ggn;
use tegoma_protocol::{MoveError, RuleSystem, Side};
use tegoma_rules::ogi;
use tegoma_rules::systems::Ogi;

use crate::look::{BoardLook, Squares, OGI_ARMY};
use crate::rules::{BenchPosition, BuiltInGame, Formats, MatchRules, RepetitionRule, Uci};

impl BuiltInGame for Ogi {
    const NAME: &'static str = "ogi";
    const ALIASES: &'static [&'static str] = &["Ogi", "ōgi", "Ōgi"];
    const DISPLAY_NAME: &'static str = "Ōgi";
    fn ggn() -> Ggn {
        tegoma_ggn::ogi::table()
    }
    fn without_privilege(&self) -> Option<Ogi> {
        Some(Ogi { privilege: false })
    }
}

/// The bench's Ōgi positions: the initial position and two openings.
const BENCH: &[BenchPosition] = &[
    BenchPosition {
        position: None,
        depth: 5,
    },
    BenchPosition {
        position: Some("lnsik^snl/1r4b1/pppp1ppp/4p3/4P3/PPPP1PPP/1B4R1/LNSIK^SNL / O/o"),
        depth: 5,
    },
    BenchPosition {
        position: Some("ln1ik^snl/1r2s1b1/pppp1ppp/4p3/3P4/PPP1PPPP/1BS3R1/LN1IK^SNL / O/o"),
        depth: 5,
    },
];

impl MatchRules for Ogi {
    type Evaluator = tegoma_eval::OgiEval;
    fn formats(&self) -> Formats {
        Formats {
            uci: Uci::Variant("ogi"),
            ..Formats::NONE
        }
    }
    fn evaluator(&self) -> tegoma_eval::OgiEval {
        tegoma_eval::OgiEval::new()
    }
    fn bench_positions(&self) -> &'static [BenchPosition] {
        BENCH
    }
    fn look(&self) -> BoardLook {
        BoardLook::new(Squares::Plain, &[OGI_ARMY])
    }
    fn repetition(&self, _position: &Self::Position, _mover: Side) -> RepetitionRule {
        RepetitionRule::Sennichite
    }
    fn illegal_move_loses(&self, _position: &Self::Position, _mover: Side) -> bool {
        true
    }
    fn reset_is_irreversible(&self) -> bool {
        false
    }
    fn feen(&self, position: &ogi::Position) -> String {
        position.to_feen()
    }
    fn perft_no_bulk(&self, position: &ogi::Position, depth: u32) -> u64 {
        position.perft_with(
            depth,
            ogi::PerftOptions {
                privilege: self.privilege,
                bulk: false,
            },
        )
    }

    #[inline]
    fn key(&self, position: &ogi::Position) -> u64 {
        position.zobrist()
    }
    #[inline]
    fn resets_move_limit(&self, _position: &ogi::Position, mv: ogi::Move) -> bool {
        !mv.is_drop() && (mv.captured().is_some() || mv.role() == ogi::Role::Pawn)
    }
    fn read_move(&self, position: &ogi::Position, text: &str) -> Result<ogi::Move, MoveError> {
        self.parse_move(position, text)
    }
}
