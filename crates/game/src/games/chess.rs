//! Chess's descriptor (seed rules, rulings R2, R3, R5): names, formats (SAN, FEN, PGN,
//! standard UCI), history rules, evaluator, board look, bench positions, GGN table.

use tegoma_notation::cgsn::Status;
use tegoma_notation::ggn::Ggn;
use tegoma_protocol::{MoveError, Outcome, RuleSystem, Side};
use tegoma_rules::chess::{self, Role};
use tegoma_rules::systems::Chess;

use crate::look::{BoardLook, Squares, CHESS_ARMY};
use crate::rules::{
    BenchPosition, BuiltInGame, Formats, MatchRules, MoveFormat, RepetitionRule, SetupError, Uci,
    Unsupported,
};

impl BuiltInGame for Chess {
    const NAME: &'static str = "chess";
    const ALIASES: &'static [&'static str] = &["Chess"];
    const DISPLAY_NAME: &'static str = "Chess";
    fn ggn() -> Ggn {
        tegoma_ggn::chess::table()
    }
}

/// The bench's chess positions: the initial position and four middlegames and endgames.
const BENCH: &[BenchPosition] = &[
    BenchPosition {
        position: None,
        depth: 9,
    },
    BenchPosition {
        position: Some("r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"),
        depth: 7,
    },
    BenchPosition {
        position: Some("8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1"),
        depth: 10,
    },
    BenchPosition {
        position: Some("r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P1b1/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10"),
        depth: 7,
    },
    BenchPosition {
        position: Some("r1bq1rk1/pp2bppp/2n1pn2/3p4/2PP4/2N1PN2/PP1B1PPP/R2QKB1R b KQ - 0 8"),
        depth: 7,
    },
];

/// Whether a text has the shape of a UCI move (`e2e4`, `e7e8q`).
fn looks_like_uci(s: &str) -> bool {
    let b = s.as_bytes();
    (b.len() == 4 || b.len() == 5)
        && (b'a'..=b'h').contains(&b[0])
        && (b'1'..=b'8').contains(&b[1])
        && (b'a'..=b'h').contains(&b[2])
        && (b'1'..=b'8').contains(&b[3])
        && (b.len() == 4 || b"qrbnQRBN".contains(&b[4]))
}

impl MatchRules for Chess {
    type Evaluator = tegoma_eval::ChessEval;
    fn formats(&self) -> Formats {
        Formats {
            san: true,
            fen: true,
            pgn: true,
            uci: Uci::Standard,
        }
    }
    fn evaluator(&self) -> tegoma_eval::ChessEval {
        tegoma_eval::ChessEval::new()
    }
    fn bench_positions(&self) -> &'static [BenchPosition] {
        BENCH
    }
    fn look(&self) -> BoardLook {
        BoardLook::new(Squares::Checkered, &[CHESS_ARMY])
    }
    fn repetition(&self, _position: &Self::Position, _mover: Side) -> RepetitionRule {
        RepetitionRule::ThirdOccurrenceDraws
    }
    fn illegal_move_loses(&self, _position: &Self::Position, _mover: Side) -> bool {
        false
    }
    fn reset_is_irreversible(&self) -> bool {
        true
    }
    fn feen(&self, position: &chess::Position) -> String {
        position.to_feen()
    }
    fn write_move_as(
        &self,
        position: &chess::Position,
        mv: chess::Move,
        format: MoveFormat,
        out: &mut String,
    ) -> Result<(), Unsupported> {
        match format {
            MoveFormat::Pmn => {
                // Writing into a String cannot fail.
                let _ = self.write_move(position, mv, out);
            }
            MoveFormat::San => out.push_str(&position.to_san(mv)),
            MoveFormat::Uci => out.push_str(&mv.to_uci()),
        }
        Ok(())
    }
    fn read_fen(&self, fen: &str) -> Result<chess::Position, SetupError> {
        Ok(chess::Position::from_fen(fen)?)
    }
    fn to_fen(&self, position: &chess::Position) -> Option<String> {
        Some(position.to_fen())
    }
    fn perft_no_bulk(&self, position: &chess::Position, depth: u32) -> u64 {
        position.perft_no_bulk(depth)
    }

    #[inline]
    fn key(&self, position: &chess::Position) -> u64 {
        position.zobrist()
    }
    #[inline]
    fn resets_move_limit(&self, position: &chess::Position, mv: chess::Move) -> bool {
        mv.is_capture() || matches!(position.piece_at(mv.from()), Some((_, Role::Pawn)))
    }
    fn initial_quiet_plies(&self, position: &chess::Position) -> u32 {
        position.halfmove_clock()
    }
    fn read_move(&self, position: &chess::Position, text: &str) -> Result<chess::Move, MoveError> {
        let pmn_err = match position.parse_pmn(text) {
            Ok(m) => return Ok(m),
            Err(e @ MoveError::Illegal(_)) => return Err(e),
            Err(e) => e,
        };
        let other = if looks_like_uci(text) {
            position.parse_uci(text)
        } else {
            position.parse_san(text).map_err(MoveError::from)
        };
        match other {
            Ok(m) => Ok(m),
            // Neither SAN nor UCI: the PMN reading says more.
            Err(e)
                if e.specific::<chess::MoveTextError>().is_some_and(|t| {
                    matches!(
                        t,
                        chess::MoveTextError::San(_) | chess::MoveTextError::Uci(_)
                    )
                }) =>
            {
                Err(pmn_err)
            }
            Err(e) => Err(e),
        }
    }
    fn time_forfeit(&self, position: &chess::Position, flagged: Side) -> Outcome {
        let opponent = match flagged {
            Side::First => Side::Second,
            Side::Second => Side::First,
        };
        let pieces = position.occupied_by(opponent);
        let minors = (position.pieces(opponent, Role::Bishop).0
            | position.pieces(opponent, Role::Knight).0)
            .count_ones();
        let only_k_or_minor = pieces.count() == 1 || (pieces.count() == 2 && minors == 1);
        if only_k_or_minor {
            Outcome::draw(Status::Timelimit)
        } else {
            Outcome::win(flagged.flip(), Status::Timelimit)
        }
    }
}
