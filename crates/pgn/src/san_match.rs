//! Chess conveniences of [`Match`]: FEN setups, SAN moves (the replay of a PGN movetext), as
//! the extension trait [`ChessMatch`].

use std::borrow::Borrow;
use std::sync::OnceLock;

use tegoma_game::{LineReader, Match, MatchError, SetupError};
use tegoma_protocol::{MoveError, Outcome};
use tegoma_rules::chess::{self, San, SanReplay};
use tegoma_rules::systems::Chess;

use crate::PgnGame;

/// Chess conveniences of a [`Match<Chess>`]: FEN setups, SAN moves, and the fast replay of a
/// line of SAN moves (a PGN movetext).
///
/// ```
/// use tegoma_game::Match;
/// use tegoma_pgn::ChessMatch;
///
/// let mut m = Match::from_fen("k7/8/8/8/8/8/8/KQ6 w - - 0 1").unwrap();
/// m.play_san("Qb7+", None).unwrap();
/// assert_eq!(m.san_plies(), ["Qb7+"]);
/// assert_eq!(m.fen(), "k7/1Q6/8/8/8/8/8/K7 b - - 1 1");
/// ```
pub trait ChessMatch: Sized {
    /// A chess match from a FEN start position (its halfmove clock counts towards the move
    /// limit).
    ///
    /// # Errors
    /// [`MatchError::Setup`] for an invalid FEN.
    fn from_fen(fen: &str) -> Result<Self, MatchError>;

    /// A chess match from a PGN game's start: its `FEN` tag, or the initial position.
    ///
    /// # Errors
    /// [`MatchError::Setup`] for an invalid `FEN` tag.
    fn from_pgn_setup(game: &PgnGame) -> Result<Self, MatchError>;

    /// Plays a move given in SAN (`Nf3`, `exd5`, `O-O`, `e8=Q+`), read as
    /// [`chess::Position::parse_san`] reads it (the spellings of [`San`]).
    ///
    /// # Errors
    /// As [`Match::play_timed`]: a malformed, ambiguous or illegal SAN is refused.
    fn play_san(
        &mut self,
        san: &str,
        elapsed_ms: Option<u64>,
    ) -> Result<Option<Outcome>, MatchError>;

    /// Plays SAN moves in a row (the replay of a PGN movetext), faster than
    /// [`ChessMatch::play_san`] one by one: the moves go through a [`SanReplay`] (most read
    /// from attack sets, without a move list, and played in place; see [`Match::play_line`]).
    /// Stops at the first move refused, or at a move after the end.
    ///
    /// # Errors
    /// As [`ChessMatch::play_san`], for the first move that cannot be played.
    fn play_san_line<S: Borrow<San>>(
        &mut self,
        moves: impl IntoIterator<Item = S>,
    ) -> Result<Option<Outcome>, MatchError>;

    /// The SAN of every ply, in order.
    fn san_plies(&self) -> Vec<String>;

    /// The FEN of the current position.
    fn fen(&self) -> String;
}

/// `Match::new(Chess)`, cloned from one made once (a replay starts thousands of them).
fn chess_start() -> Match<Chess> {
    static START: OnceLock<Match<Chess>> = OnceLock::new();
    START.get_or_init(|| Match::new(Chess)).clone()
}

impl ChessMatch for Match<Chess> {
    fn from_fen(fen: &str) -> Result<Match<Chess>, MatchError> {
        let p = chess::Position::from_fen(fen).map_err(SetupError::from)?;
        Ok(Match::from_position(Chess, p))
    }

    fn from_pgn_setup(game: &PgnGame) -> Result<Match<Chess>, MatchError> {
        match game.setup_fen() {
            Some(fen) => <Match<Chess> as ChessMatch>::from_fen(fen),
            None => Ok(chess_start()),
        }
    }

    fn play_san(
        &mut self,
        san: &str,
        elapsed_ms: Option<u64>,
    ) -> Result<Option<Outcome>, MatchError> {
        if let Some(o) = self.outcome() {
            return Err(MatchError::Finished(o));
        }
        match self.position().parse_san(san) {
            Ok(mv) => self.play_legal(mv, san, elapsed_ms),
            Err(e) => Err(self.refusal(e.into())),
        }
    }

    fn play_san_line<S: Borrow<San>>(
        &mut self,
        moves: impl IntoIterator<Item = S>,
    ) -> Result<Option<Outcome>, MatchError> {
        self.play_line::<SanLine, S>(moves)
    }

    fn san_plies(&self) -> Vec<String> {
        let mut p = *self.start();
        self.plies()
            .iter()
            .map(|ply| {
                let s = p.to_san(ply.mv);
                p.play_unchecked(ply.mv);
                s
            })
            .collect()
    }

    fn fen(&self) -> String {
        self.position().to_fen()
    }
}

/// A line of SAN moves read through a [`SanReplay`], for [`Match::play_line`].
struct SanLine(SanReplay);

impl LineReader<Chess> for SanLine {
    type Item = San;

    #[inline]
    fn start(_: &Chess, position: &chess::Position) -> SanLine {
        SanLine(SanReplay::new(*position))
    }

    #[inline(always)]
    fn play(&mut self, san: &San) -> Result<chess::Move, MoveError> {
        self.0.play(san).map_err(MoveError::from)
    }

    #[inline(always)]
    fn position(&self) -> &chess::Position {
        self.0.position()
    }

    #[inline(always)]
    fn resets_move_limit(&self) -> bool {
        // A capture or pawn move resets the position's halfmove clock.
        self.0.position().halfmove_clock() == 0
    }

    #[inline]
    fn outcome(&mut self) -> Option<Outcome> {
        self.0.outcome()
    }

    #[inline(always)]
    fn may_end_without_moves(&self) -> bool {
        self.0.position().is_insufficient_material()
    }
}
