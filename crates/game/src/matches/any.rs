//! [`AnyMatch`]: a match of a rule system chosen at run time (from the start position's styles).

use tegoma_notation::Invalid;
use tegoma_protocol::{Outcome, RuleSystem, Side};
use tegoma_rules::systems::{Chess, Ogi};

use super::{Match, MatchError};

/// A match of chess or Ōgi, chosen from the FEEN of the start position (styles `C/c` or
/// `O/o`), with a string interface.
///
/// ```
/// use tegoma_game::AnyMatch;
/// let mut m = AnyMatch::from_feen(
///     "lnsik^snl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIK^SNL / O/o").unwrap();
/// m.play("e3-e4", None).unwrap();
/// assert_eq!(m.pmn_plies(), ["e3-e4"]);
/// ```
#[derive(Debug, Clone)]
pub enum AnyMatch {
    /// A chess match.
    Chess(Match<Chess>),
    /// An Ōgi match.
    Ogi(Match<Ogi>),
}

macro_rules! each {
    ($self:expr, $m:ident => $e:expr) => {
        match $self {
            AnyMatch::Chess($m) => $e,
            AnyMatch::Ogi($m) => $e,
        }
    };
}

impl AnyMatch {
    /// A match from a FEEN start position; the rule system follows its styles (`C/c`, `c/C`:
    /// chess; `O/o`, `o/O`: Ōgi).
    ///
    /// # Errors
    /// [`MatchError::Setup`] for an invalid FEEN, unknown styles or a position the rule system
    /// refuses.
    pub fn from_feen(feen: &str) -> Result<AnyMatch, MatchError> {
        let styles = feen.trim().rsplit(' ').next().unwrap_or("");
        match styles {
            "C/c" | "c/C" => Ok(AnyMatch::Chess(Match::from_feen(Chess, feen)?)),
            "O/o" | "o/O" => Ok(AnyMatch::Ogi(Match::from_feen(Ogi::default(), feen)?)),
            other => Err(MatchError::Setup(Invalid {
                kind: "UnknownRuleSystem",
                message: format!("no rule system for the styles {other:?} (C/c chess, O/o Ōgi)"),
            })),
        }
    }

    /// Sets when repetition and the move limit end the match: see
    /// [`Match::with_automatic_draws`].
    pub fn with_automatic_draws(self, draws: super::AutomaticDraws) -> AnyMatch {
        match self {
            AnyMatch::Chess(m) => AnyMatch::Chess(m.with_automatic_draws(draws)),
            AnyMatch::Ogi(m) => AnyMatch::Ogi(m.with_automatic_draws(draws)),
        }
    }

    /// Plays a move (PMN; SAN or UCI too for chess). See [`Match::play_timed`].
    ///
    /// # Errors
    /// As [`Match::play_timed`].
    pub fn play(
        &mut self,
        text: &str,
        elapsed_ms: Option<u64>,
    ) -> Result<Option<Outcome>, MatchError> {
        each!(self, m => m.play_timed(text, elapsed_ms))
    }

    /// See [`Match::take_back`]; returns the taken-back ply's time.
    ///
    /// # Errors
    /// As [`Match::take_back`].
    pub fn take_back(&mut self) -> Result<Option<u64>, MatchError> {
        each!(self, m => m.take_back().map(|p| p.elapsed_ms))
    }

    /// See [`Match::end`].
    ///
    /// # Errors
    /// As [`Match::end`].
    pub fn end(&mut self, outcome: Outcome) -> Result<Outcome, MatchError> {
        each!(self, m => m.end(outcome))
    }

    /// See [`Match::resign`].
    ///
    /// # Errors
    /// As [`Match::resign`].
    pub fn resign(&mut self, side: Side) -> Result<Outcome, MatchError> {
        each!(self, m => m.resign(side))
    }

    /// See [`Match::time_forfeit`].
    ///
    /// # Errors
    /// As [`Match::time_forfeit`].
    pub fn time_forfeit(&mut self, side: Side) -> Result<Outcome, MatchError> {
        each!(self, m => m.time_forfeit(side))
    }

    /// Attaches a clock (see [`Match::with_clock`]).
    pub fn with_clock(self, clock: crate::clock::Clock) -> AnyMatch {
        match self {
            AnyMatch::Chess(m) => AnyMatch::Chess(m.with_clock(clock)),
            AnyMatch::Ogi(m) => AnyMatch::Ogi(m.with_clock(clock)),
        }
    }

    /// The outcome once the match is over.
    pub fn outcome(&self) -> Option<Outcome> {
        each!(self, m => m.outcome())
    }

    /// The number of plies played.
    pub fn ply_count(&self) -> usize {
        each!(self, m => m.plies().len())
    }

    /// The time of every ply, in milliseconds, where known.
    pub fn ply_times(&self) -> Vec<Option<u64>> {
        each!(self, m => m.plies().iter().map(|p| p.elapsed_ms).collect())
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Side {
        each!(self, m => m.side_to_move())
    }

    /// The canonical PMN of every ply.
    pub fn pmn_plies(&self) -> Vec<String> {
        each!(self, m => m.pmn_plies())
    }

    /// The FEEN of the current position.
    pub fn feen(&self) -> String {
        each!(self, m => feen_of(m.rules(), m.position()))
    }

    /// The FEEN of the start position.
    pub fn start_feen(&self) -> String {
        each!(self, m => feen_of(m.rules(), m.start()))
    }
}

/// The canonical FEEN of an engine position.
pub(crate) fn feen_of<R: RuleSystem>(rules: &R, p: &R::Position) -> String {
    rules.export(p).to_feen().unwrap_or_default()
}
