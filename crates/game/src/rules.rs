//! A game's descriptor: [`MatchRules`], what every layer above the rules needs from a rule
//! system beyond [`RuleSystem`] (history rules, move limit, time forfeit, the move notations a
//! player may type, formats, evaluator, board look, bench positions), and [`BuiltInGame`], a
//! hand-written game's names and GGN table. Each game implements them in its own module of
//! [`crate::games`]; games defined by files share one implementation (the GGN engine's, with
//! their description's data).

use std::hash::Hash;

use tegoma_notation::cgsn::Status;
use tegoma_notation::ggn::Ggn;
use tegoma_notation::NotationError;
use tegoma_protocol::{
    FeenError, MoveBuffer, MoveError, Outcome, Position as Generic, PositionError, RuleSystem, Side,
};

use crate::look::BoardLook;
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
/// Implemented, each in its module of [`crate::games`], for chess (ruling R3), Ōgi (ruling R4)
/// and the GGN engine (games defined by files, their description's history rules). A value of
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
    /// What a board needs to draw the game: its squares and the look of each army its players
    /// lead, by style letter (default: [`BoardLook::GENERIC`]; chess
    /// [`CHESS_ARMY`](crate::look::CHESS_ARMY), Ōgi [`OGI_ARMY`](crate::look::OGI_ARMY), a game
    /// of both armies both).
    fn look(&self) -> BoardLook {
        BoardLook::GENERIC
    }
    /// A page for players explaining the game (Markdown, from `docs/`), when the game has one:
    /// a board links to it from its lobby.
    fn guide(&self) -> Option<&'static str> {
        None
    }
    /// How repeated positions are treated for the moves of `mover` (a player bound by its own
    /// rule system: in Chess against Ōgi, the Chess player's moves draw on the third occurrence,
    /// the Ōgi player's are bound by sennichite).
    /// `position` is any position of the game (which player leads which army does not change
    /// during a game).
    fn repetition(&self, position: &Self::Position, mover: Side) -> RepetitionRule;
    /// Whether a well-formed illegal move of `mover` submitted to a match ends it (the offender
    /// loses, `illegalmove`, Ōgi) instead of being refused (chess); `position` is any position
    /// of the game.
    fn illegal_move_loses(&self, position: &Self::Position, mover: Side) -> bool;
    /// Whether either player's moves are bound by sennichite in the game of `position`.
    fn any_sennichite(&self, position: &Self::Position) -> bool {
        [Side::First, Side::Second]
            .into_iter()
            .any(|s| self.repetition(position, s) == RepetitionRule::Sennichite)
    }
    /// Whether no position before the last move-limit reset (capture, pawn move) can occur
    /// again, so that repetitions are only looked for since it (chess: yes; Ōgi: no, captured
    /// pieces come back as drops).
    fn reset_is_irreversible(&self) -> bool;
    /// The game's initial positions, one per way its players' styles are paired (its FEEN's
    /// style field), the default first: one for a game whose players share a style, two for
    /// Chess against Ōgi (`C/o`, `O/c`). A position is of the game when its styles are those of
    /// one of these.
    fn starts(&self) -> Vec<&'static str> {
        vec![self.initial_feen()]
    }
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
    /// The positions `tegoma-engine`'s `bench` searches for this game, in order (default: the
    /// initial position at depth 6).
    fn bench_positions(&self) -> &'static [BenchPosition] {
        &[BenchPosition {
            position: None,
            depth: 6,
        }]
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

/// One position of the engine's `bench` (a game's [`MatchRules::bench_positions`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BenchPosition {
    /// The position in the game's own notation: FEN for a game that has FEN
    /// ([`Formats::fen`]), else FEEN; `None` for the initial position.
    pub position: Option<&'static str>,
    /// The depth searched.
    pub depth: u32,
}

/// A hand-written game's descriptor besides [`MatchRules`]: its names, its GGN table, its rule
/// switch. A game is its rule system's module (in `tegoma-rules`), its descriptor's module in
/// [`crate::games`], and one line in the registry's list ([`crate::Rules`]).
pub trait BuiltInGame: MatchRules + Default + std::fmt::Debug {
    /// The game's name, lower case (`chess`): command lines, engine protocols (`tegoma.chess/1`)
    /// and the HTTP API name it so.
    const NAME: &'static str;
    /// Other spellings a name lookup accepts (exact case).
    const ALIASES: &'static [&'static str] = &[];
    /// The name shown to players (`Ōgi`).
    const DISPLAY_NAME: &'static str;
    /// The complete GGN table of the game's movement.
    fn ggn() -> Ggn;
    /// The game without its optional rule (Ōgi's King's privilege, as engines without it
    /// count), or `None` when it has none.
    fn without_privilege(&self) -> Option<Self> {
        None
    }
}
