//! [`MatchRules`]: what a match needs from a rule system beyond [`RuleSystem`] (history rules,
//! move limit, time forfeit, the move notations a player may type), implemented for
//! [`Chess`] (ruling R3) and [`Ogi`] (ruling R4).

use std::hash::Hash;

use tegoma_notation::cgsn::Status;
use tegoma_notation::{Invalid, NotationError};
use tegoma_protocol::{Outcome, RuleSystem, Side};
use tegoma_rules::chess::{self, ChessError, Role};
use tegoma_rules::ogi::{self, MoveError};
use tegoma_rules::systems::{Chess, Ogi, OgiError};

/// How a rule system treats a position that comes back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RepetitionRule {
    /// The third occurrence of a position is an immediate draw (`repetition`, chess R3).
    ThirdOccurrenceDraws,
    /// Sennichite (Ōgi R4): a move is illegal when the same move already produced the same
    /// position in the match; submitted to the match, it ends the game and the mover loses.
    Sennichite,
}

/// A move a match refused to read.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Refusal {
    /// `true` when the text is not a well-formed move at all (never a forfeit), `false` when it
    /// is a well-formed move that is not legal here.
    pub malformed: bool,
    /// The typed reason.
    pub error: Invalid,
}

/// A rule system a [`Match`](crate::Match) can drive.
pub trait MatchRules: RuleSystem
where
    Self::Move: Hash,
{
    /// How repeated positions are treated.
    const REPETITION: RepetitionRule;
    /// Whether a well-formed illegal move submitted to a match ends it (the offender loses,
    /// `illegalmove`, Ōgi) instead of being refused (chess).
    const ILLEGAL_MOVE_LOSES: bool;
    /// Whether no position before the last move-limit reset (capture, pawn move) can occur
    /// again, so that repetitions are only looked for since it (chess: yes; Ōgi: no, captured
    /// pieces come back as drops).
    const RESET_IS_IRREVERSIBLE: bool;
    /// Plies without progress after which the game is drawn (`movelimit`).
    const MOVE_LIMIT: u32 = 100;

    /// The R5 identity key of a position (equal keys for equal canonical FEEN without `'`).
    fn key(&self, position: &Self::Position) -> u64;
    /// Whether `mv`, played from `position`, resets the move-limit count.
    fn resets_move_limit(&self, position: &Self::Position, mv: Self::Move) -> bool;
    /// The move-limit count a position starts a match with (a FEN halfmove clock).
    fn initial_quiet_plies(&self, _position: &Self::Position) -> u32 {
        0
    }
    /// Reads a move typed by a player (PMN, plus SAN and UCI for chess).
    ///
    /// # Errors
    /// A malformed or illegal move.
    fn read_move(&self, position: &Self::Position, text: &str) -> Result<Self::Move, Refusal>;
    /// The outcome when `flagged` runs out of time in `position`.
    fn time_forfeit(&self, position: &Self::Position, flagged: Side) -> Outcome {
        let _ = position;
        Outcome::win(flagged.flip(), Status::Timelimit)
    }
}

fn refusal<E: NotationError>(malformed: bool, e: E) -> Refusal {
    Refusal {
        malformed,
        error: Invalid::from(e),
    }
}

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
    const REPETITION: RepetitionRule = RepetitionRule::ThirdOccurrenceDraws;
    const ILLEGAL_MOVE_LOSES: bool = false;
    const RESET_IS_IRREVERSIBLE: bool = true;

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
    fn read_move(&self, position: &chess::Position, text: &str) -> Result<chess::Move, Refusal> {
        let pmn_err = match position.parse_pmn(text) {
            Ok(m) => return Ok(m),
            Err(e @ ChessError::IllegalMove(_)) => return Err(refusal(false, e)),
            Err(e) => e,
        };
        let other = if looks_like_uci(text) {
            position.parse_uci(text)
        } else {
            position.parse_san(text)
        };
        match other {
            Ok(m) => Ok(m),
            Err(e @ (ChessError::IllegalMove(_) | ChessError::AmbiguousSan(..))) => {
                Err(refusal(false, e))
            }
            Err(ChessError::San(..) | ChessError::Uci(..)) => Err(refusal(true, pmn_err)),
            Err(e) => Err(refusal(true, e)),
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

impl MatchRules for Ogi {
    const REPETITION: RepetitionRule = RepetitionRule::Sennichite;
    const ILLEGAL_MOVE_LOSES: bool = true;
    const RESET_IS_IRREVERSIBLE: bool = false;

    #[inline]
    fn key(&self, position: &ogi::Position) -> u64 {
        position.zobrist()
    }
    #[inline]
    fn resets_move_limit(&self, _position: &ogi::Position, mv: ogi::Move) -> bool {
        !mv.is_drop() && (mv.captured().is_some() || mv.role() == ogi::Role::Pawn)
    }
    fn read_move(&self, position: &ogi::Position, text: &str) -> Result<ogi::Move, Refusal> {
        self.parse_move(position, text).map_err(|e| {
            let malformed = matches!(
                e,
                OgiError::Move(
                    MoveError::TooLong(_)
                        | MoveError::Pmn(_)
                        | MoveError::Syntax(_)
                        | MoveError::Square(_)
                        | MoveError::AmbiguousDrop { .. }
                )
            );
            refusal(malformed, e)
        })
    }
}
