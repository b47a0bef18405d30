//! [`MatchRules`]: what a match needs from a rule system beyond [`RuleSystem`] (history rules,
//! move limit, time forfeit, the move notations a player may type), implemented for
//! [`Chess`] (ruling R3) and [`Ogi`] (ruling R4).

use std::hash::{Hash, Hasher};

use tegoma_ggn::{Engine, GgnMove, Repetition};
use tegoma_notation::cgsn::Status;
use tegoma_notation::pin;
use tegoma_notation::NotationError;
use tegoma_protocol::{
    FeenError, MoveBuffer, MoveError, Outcome, Position as Generic, PositionError, RuleSystem, Side,
};
use tegoma_rules::chess::{self, Role};
use tegoma_rules::ogi;
use tegoma_rules::systems::{Chess, Ogi};

use crate::look::{BoardLook, PieceName, Promotion, Shape, SideNames, Squares};
use crate::registry::RulesError;

/// How a rule system treats a position that comes back.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RepetitionRule {
    /// The third occurrence of a position is an immediate draw (`repetition`, chess R3).
    ThirdOccurrenceDraws,
    /// Sennichite (Ōgi R4): a move is illegal when the same move already produced the same
    /// position in the match; submitted to the match, it ends the game and the mover loses.
    Sennichite,
    /// Repeated positions have no effect.
    Ignored,
}

/// Why a position cannot be set up for a rule system chosen at run time (an
/// [`AnyPosition`](crate::AnyPosition), a match's start): the position is not one of the rule
/// system, no rule system has its styles, or the rule system has no such notation (FEN).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The position is not one of the rule system.
    #[error(transparent)]
    Position(#[from] PositionError),
    /// No rule system fits (unknown styles, or those of another game).
    #[error(transparent)]
    Rules(#[from] RulesError),
    /// The rule system has no such notation (FEN for Ōgi).
    #[error(transparent)]
    Unsupported(#[from] Unsupported),
}

impl NotationError for SetupError {
    fn kind(&self) -> &'static str {
        match self {
            SetupError::Position(e) => e.kind(),
            SetupError::Rules(e) => e.kind(),
            SetupError::Unsupported(e) => e.kind(),
        }
    }
}

/// A generic position from FEEN text, its failure as a [`PositionError`].
///
/// # Errors
/// [`PositionError::Feen`] (the FEEN parser's error).
pub fn generic_from_feen(feen: &str) -> Result<Generic, PositionError> {
    Generic::from_feen(feen).map_err(|e| match e {
        FeenError::Parse(e) => PositionError::Feen(e),
        // A board read from FEEN is always regular and fits: cannot happen.
        other => unreachable!("a FEEN board is regular: {other}"),
    })
}

/// A text format for moves besides PMN.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MoveFormat {
    /// PMN, the Sashité move notation (every rule system).
    Pmn,
    /// Standard Algebraic Notation (chess).
    San,
    /// The UCI protocol's coordinate notation (chess).
    Uci,
}

impl MoveFormat {
    /// The format's name (`PMN`, `SAN`, `UCI`).
    pub const fn name(self) -> &'static str {
        match self {
            MoveFormat::Pmn => "PMN",
            MoveFormat::San => "SAN",
            MoveFormat::Uci => "UCI",
        }
    }
}

/// How UCI engines play a game (its descriptor's [`Formats::uci`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Uci {
    /// Not at all.
    None,
    /// Standard UCI (chess).
    Standard,
    /// As a variant of Fairy-Stockfish's, by its `UCI_Variant` name.
    Variant(&'static str),
}

/// The notations, record formats and engine protocols a game has besides FEEN, PMN, PCN and
/// SEI (which every game has): its descriptor's capabilities.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Formats {
    /// Standard Algebraic Notation for moves.
    pub san: bool,
    /// FEN for positions.
    pub fen: bool,
    /// PGN for records.
    pub pgn: bool,
    /// How UCI engines play it.
    pub uci: Uci,
}

impl Formats {
    /// None besides the Protocol's own.
    pub const NONE: Formats = Formats {
        san: false,
        fen: false,
        pgn: false,
        uci: Uci::None,
    };
}

/// What every layer above the rules needs from a rule system beyond [`RuleSystem`]: history
/// rules (repetition, move limit), time forfeit, the move notations a player may type, and the
/// notations a rule system may have besides FEEN and PMN (FEN, SAN, UCI for chess).
///
/// Implemented for [`Chess`] (ruling R3), [`Ogi`] (ruling R4) and the GGN engine (games
/// defined by files, their description's history rules). A value of
/// [`Rules`](crate::Rules) hands the concrete type to generic code through
/// [`Rules::visit`](crate::Rules::visit).
pub trait MatchRules:
    RuleSystem<Move: Hash + Send + Sync, Position: PartialEq + Send + Sync>
    + Clone
    + Send
    + Sync
    + 'static
{
    /// The evaluation a search uses for this game (the engine's knowledge of it).
    type Evaluator: tegoma_eval::Evaluator<Self>;
    /// A fresh evaluator for a search.
    fn evaluator(&self) -> Self::Evaluator;
    /// The notations, records and engine protocols the game has besides the Protocol's
    /// (default: [`Formats::NONE`]).
    fn formats(&self) -> Formats {
        Formats::NONE
    }
    /// What a board needs to draw the game (default: [`BoardLook::GENERIC`]).
    fn look(&self) -> BoardLook {
        BoardLook::GENERIC
    }
    /// How repeated positions are treated.
    fn repetition(&self) -> RepetitionRule;
    /// Whether a well-formed illegal move submitted to a match ends it (the offender loses,
    /// `illegalmove`, Ōgi) instead of being refused (chess).
    fn illegal_move_loses(&self) -> bool;
    /// Whether no position before the last move-limit reset (capture, pawn move) can occur
    /// again, so that repetitions are only looked for since it (chess: yes; Ōgi: no, captured
    /// pieces come back as drops).
    fn reset_is_irreversible(&self) -> bool;
    /// Plies without progress after which the game is drawn (`movelimit`).
    fn move_limit(&self) -> u32 {
        100
    }

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
    /// A malformed move, or [`MoveError::Illegal`] for a well-formed move that is not legal
    /// (which forfeits the game where [`illegal_move_loses`](MatchRules::illegal_move_loses)).
    fn read_move(&self, position: &Self::Position, text: &str) -> Result<Self::Move, MoveError>;
    /// The outcome when `flagged` runs out of time in `position`.
    fn time_forfeit(&self, position: &Self::Position, flagged: Side) -> Outcome {
        let _ = position;
        Outcome::win(flagged.flip(), Status::Timelimit)
    }

    /// The canonical FEEN of a position (by default through the generic position).
    fn feen(&self, position: &Self::Position) -> String {
        self.export(position).to_feen().unwrap_or_default()
    }
    /// Writes a legal move of `position` in `format` (PMN for every rule system).
    ///
    /// # Errors
    /// [`Unsupported`] when the rule system has no such notation.
    fn write_move_as(
        &self,
        position: &Self::Position,
        mv: Self::Move,
        format: MoveFormat,
        out: &mut String,
    ) -> Result<(), Unsupported> {
        match format {
            MoveFormat::Pmn => {
                // Writing into a String cannot fail.
                let _ = self.write_move(position, mv, out);
                Ok(())
            }
            other => Err(Unsupported::new(other.name(), self.snn()[0])),
        }
    }
    /// A position from a FEN string (chess only).
    ///
    /// # Errors
    /// [`SetupError::Unsupported`] for rule systems without FEN, or the FEN's error.
    fn read_fen(&self, fen: &str) -> Result<Self::Position, SetupError> {
        let _ = fen;
        Err(Unsupported::new("FEN", self.snn()[0]).into())
    }
    /// The FEN of a position, for rule systems that have FEN.
    fn to_fen(&self, position: &Self::Position) -> Option<String> {
        let _ = position;
        None
    }
    /// Perft playing every leaf move (no bulk counting at the last ply).
    fn perft_no_bulk(&self, position: &Self::Position, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        self.legal_moves(position)
            .as_slice()
            .iter()
            .map(|&mv| {
                let mut next = position.clone();
                self.play_unchecked(&mut next, mv);
                self.perft_no_bulk(&next, depth - 1)
            })
            .sum()
    }
}

/// A notation, option or feature a rule system does not have (`--san` for Ōgi, FEN for
/// Kogoma, ...).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{what} is not available for {game}")]
pub struct Unsupported {
    /// What was asked for.
    pub what: &'static str,
    /// The rule system's name.
    pub game: String,
}

impl Unsupported {
    /// `what` is not available for `game`.
    pub fn new(what: &'static str, game: impl Into<String>) -> Unsupported {
        Unsupported {
            what,
            game: game.into(),
        }
    }
}

impl NotationError for Unsupported {
    fn kind(&self) -> &'static str {
        "Unsupported"
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
    fn look(&self) -> BoardLook {
        const PIECES: &[PieceName] = &[
            PieceName::new("K", "King"),
            PieceName::new("Q", "Queen"),
            PieceName::new("R", "Rook"),
            PieceName::new("B", "Bishop"),
            PieceName::new("N", "Knight"),
            PieceName::new("P", "Pawn"),
        ];
        BoardLook {
            sides: SideNames {
                first: "White",
                second: "Black",
            },
            shape: Shape::Disc,
            turn_second: false,
            enhanced_mark: false,
            terminal_mark: true,
            squares: Squares::Checkered,
            pieces: PIECES,
            promotion: Promotion::Piece,
        }
    }
    fn repetition(&self) -> RepetitionRule {
        RepetitionRule::ThirdOccurrenceDraws
    }
    fn illegal_move_loses(&self) -> bool {
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
    fn look(&self) -> BoardLook {
        const PIECES: &[PieceName] = &[
            PieceName::new("K", "King"),
            PieceName::new("I", "Princess"),
            PieceName::new("R", "Rook"),
            PieceName::new("B", "Bishop"),
            PieceName::new("S", "Silver"),
            PieceName::new("N", "Knight"),
            PieceName::new("L", "Lance"),
            PieceName::new("P", "Pawn"),
        ];
        BoardLook {
            sides: SideNames {
                first: "First (Sente)",
                second: "Second (Gote)",
            },
            pieces: PIECES,
            ..BoardLook::GENERIC
        }
    }
    fn repetition(&self) -> RepetitionRule {
        RepetitionRule::Sennichite
    }
    fn illegal_move_loses(&self) -> bool {
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

/// Games defined by files: the history rules come from the description's `history`.
impl MatchRules for Engine {
    type Evaluator = tegoma_eval::FileEval;
    fn evaluator(&self) -> tegoma_eval::FileEval {
        tegoma_eval::FileEval::new(self)
    }
    fn repetition(&self) -> RepetitionRule {
        match self.description().history.repetition {
            Repetition::None => RepetitionRule::Ignored,
            Repetition::ThirdOccurrence => RepetitionRule::ThirdOccurrenceDraws,
            Repetition::Sennichite => RepetitionRule::Sennichite,
        }
    }
    fn illegal_move_loses(&self) -> bool {
        self.description().history.illegal_move_loses
    }
    fn reset_is_irreversible(&self) -> bool {
        // Captured pieces may come back as drops where drops exist.
        !self.description().drops.enabled
    }
    fn move_limit(&self) -> u32 {
        self.description().history.move_limit.unwrap_or(u32::MAX)
    }
    fn key(&self, position: &Generic) -> u64 {
        // `Position`'s hash follows ruling R5; SipHash with fixed keys is deterministic.
        let mut h = std::hash::DefaultHasher::new();
        position.hash(&mut h);
        h.finish()
    }
    fn resets_move_limit(&self, _position: &Generic, mv: GgnMove) -> bool {
        if mv.captured.is_some() {
            return true;
        }
        if mv.from.is_none() {
            return false;
        }
        let pin = mv.piece.epin().pin().with_side(pin::Side::First).encode();
        self.description()
            .history
            .resets
            .iter()
            .any(|r| r == pin.as_str())
    }
    fn read_move(&self, position: &Generic, text: &str) -> Result<GgnMove, MoveError> {
        self.parse_move(position, text)
    }
}
