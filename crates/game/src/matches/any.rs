//! [`AnyMatch`]: a match of a rule system chosen at run time ([`Rules`]), with a text interface
//! and a typed one ([`AnyMove`]: a move as a value, no text written or read).

use std::any::Any;
use std::fmt;

use tegoma_notation::cgsn::StatusSet;
use tegoma_protocol::{MoveBuffer, MoveError, Outcome, Position as Generic, Side};

use super::{AutomaticDraws, Match, MatchError, Written};
use crate::clock::Clock;
use crate::position::Source as Start;
use crate::registry::{Rules, Visit};
use crate::rules::{MatchRules, MoveFormat, Unsupported};

/// A match of any rule system, chosen at run time, with a string interface (moves in PMN,
/// plus SAN and UCI for chess; positions in FEEN).
///
/// Every method is written once, for every [`MatchRules`] rule system; the concrete
/// [`Match`] is inside.
///
/// ```
/// use tegoma_game::AnyMatch;
/// let mut m = AnyMatch::from_feen(
///     "lnsik^snl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIK^SNL / O/o").unwrap();
/// m.play("e3-e4", None).unwrap();
/// assert_eq!(m.pmn_plies(), ["e3-e4"]);
/// assert_eq!(m.rules().name(), "ogi");
/// ```
pub struct AnyMatch {
    rules: Rules,
    inner: Box<dyn DynMatch>,
}

/// A move of a match of any rule system, as a value: the rule system's own move (`R::Move`)
/// inside, with the name of the game it belongs to. [`AnyMatch::legal_moves`] lists them,
/// [`AnyMatch::play_move`] plays one, [`AnyMatch::write_move`] writes one in PMN (for logs and
/// output); no text is written or read to play it.
///
/// A move is only a move of its game: played in a match of another game it is refused with
/// [`MatchError::OtherGame`]; played in a position where it is not legal, it is refused as an
/// illegal move is (see [`Match::play_move`]).
///
/// ```
/// use tegoma_game::{AnyMatch, Rules};
/// let mut m = AnyMatch::new(Rules::ogi());
/// let first = m.legal_moves().into_iter().next().unwrap();
/// let pmn = m.write_move(&first).unwrap();
/// let (_, written) = m.play_move(&first, None).unwrap();
/// assert_eq!(written.pmn, pmn);
/// assert!(AnyMatch::new(Rules::chess()).play_move(&first, None).is_err());
/// ```
#[derive(Clone)]
pub struct AnyMove {
    /// The name of the game the move belongs to ([`Rules::name`]).
    game: Rules,
    /// The rule system's move.
    mv: Box<dyn DynMove>,
}

/// The object-safe face of a rule system's move.
trait DynMove: Send + Sync {
    fn clone_box(&self) -> Box<dyn DynMove>;
    fn as_any(&self) -> &dyn Any;
    fn eq_dyn(&self, other: &dyn DynMove) -> bool;
    fn debug(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result;
}

impl<M: Copy + Eq + fmt::Debug + Send + Sync + 'static> DynMove for M {
    fn clone_box(&self) -> Box<dyn DynMove> {
        Box::new(*self)
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn eq_dyn(&self, other: &dyn DynMove) -> bool {
        other.as_any().downcast_ref::<M>() == Some(self)
    }
    fn debug(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self, f)
    }
}

impl Clone for Box<dyn DynMove> {
    fn clone(&self) -> Box<dyn DynMove> {
        self.clone_box()
    }
}

impl AnyMove {
    /// The move `mv` of rule system `R`, a move of the match `game`'s game.
    ///
    /// # Errors
    /// [`MatchError::OtherGame`] when `game` is not a match of rule system `R`.
    pub fn new<R: MatchRules>(game: &AnyMatch, mv: R::Move) -> Result<AnyMove, MatchError> {
        if game.downcast_ref::<R>().is_none() {
            return Err(MatchError::OtherGame {
                game: game.rules().name().to_string(),
                other: std::any::type_name::<R>().to_string(),
            });
        }
        Ok(AnyMove {
            game: game.rules().clone(),
            mv: Box::new(mv),
        })
    }

    /// The name of the game the move belongs to ([`Rules::name`]).
    pub fn game(&self) -> &str {
        self.game.name()
    }

    /// The rule system's move, when the move is one of rule system `R`.
    pub fn get<R: MatchRules>(&self) -> Option<R::Move> {
        self.mv.as_any().downcast_ref::<R::Move>().copied()
    }

    /// The rule system's move, when the move is one of rule system `R` and of the game `game`
    /// (two games defined by files share a rule system type).
    fn of<R: MatchRules>(&self, game: &Rules) -> Result<R::Move, MatchError> {
        match self.get::<R>() {
            Some(mv) if self.game.name() == game.name() => Ok(mv),
            _ => Err(MatchError::OtherGame {
                game: game.name().to_string(),
                other: self.game.name().to_string(),
            }),
        }
    }
}

impl PartialEq for AnyMove {
    fn eq(&self, other: &AnyMove) -> bool {
        self.game.name() == other.game.name() && self.mv.eq_dyn(&*other.mv)
    }
}

impl Eq for AnyMove {}

impl fmt::Debug for AnyMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "AnyMove({}: ", self.game.name())?;
        self.mv.debug(f)?;
        f.write_str(")")
    }
}

/// The object-safe face of a [`Match`], implemented once for every rule system.
trait DynMatch: Send + Sync {
    fn clone_box(&self) -> Box<dyn DynMatch>;
    fn as_any(&self) -> &dyn Any;
    fn play(&mut self, text: &str, elapsed_ms: Option<u64>) -> Result<Option<Outcome>, MatchError>;
    fn play_written(
        &mut self,
        text: &str,
        elapsed_ms: Option<u64>,
    ) -> Result<(Option<Outcome>, Written), MatchError>;
    fn take_back(&mut self) -> Result<Option<u64>, MatchError>;
    fn end(&mut self, outcome: Outcome) -> Result<Outcome, MatchError>;
    fn resign(&mut self, side: Side) -> Result<Outcome, MatchError>;
    fn offer_draw(&mut self, side: Side) -> Result<(), MatchError>;
    fn accept_draw(&mut self, side: Side) -> Result<Outcome, MatchError>;
    fn time_forfeit(&mut self, side: Side) -> Result<Outcome, MatchError>;
    fn set_clock(&mut self, clock: Clock);
    fn set_automatic_draws(&mut self, draws: AutomaticDraws);
    fn clock(&self) -> Option<&Clock>;
    fn draw_offer(&self) -> Option<Side>;
    fn outcome(&self) -> Option<Outcome>;
    fn ply_count(&self) -> usize;
    fn ply_times(&self) -> Vec<Option<u64>>;
    fn side_to_move(&self) -> Side;
    fn plies_as(&self, format: MoveFormat) -> Result<Vec<String>, Unsupported>;
    fn legal_moves_as(&self, format: MoveFormat) -> Result<Vec<String>, Unsupported>;
    fn for_each_legal_move(
        &self,
        format: MoveFormat,
        f: &mut dyn FnMut(&str),
    ) -> Result<(), Unsupported>;
    fn move_as(&self, text: &str, format: MoveFormat) -> Option<Result<String, Unsupported>>;
    fn legal_moves(&self, game: &Rules) -> Vec<AnyMove>;
    fn play_move(
        &mut self,
        game: &Rules,
        mv: &AnyMove,
        elapsed_ms: Option<u64>,
    ) -> Result<(Option<Outcome>, Written), MatchError>;
    fn write_move(&self, game: &Rules, mv: &AnyMove) -> Result<String, MatchError>;
    fn feen(&self) -> String;
    fn start_feen(&self) -> String;
    fn fen(&self) -> Option<String>;
    fn start_fen(&self) -> Option<String>;
    fn position(&self) -> Generic;
    fn statuses(&self) -> StatusSet;
    fn illegal_move_loses(&self, side: Side) -> bool;
}

impl<R: MatchRules> DynMatch for Match<R> {
    fn clone_box(&self) -> Box<dyn DynMatch> {
        Box::new(self.clone())
    }
    fn as_any(&self) -> &dyn Any {
        self
    }
    fn play(&mut self, text: &str, elapsed_ms: Option<u64>) -> Result<Option<Outcome>, MatchError> {
        self.play_timed(text, elapsed_ms)
    }
    fn play_written(
        &mut self,
        text: &str,
        elapsed_ms: Option<u64>,
    ) -> Result<(Option<Outcome>, Written), MatchError> {
        Match::play_written(self, text, elapsed_ms)
    }
    fn take_back(&mut self) -> Result<Option<u64>, MatchError> {
        Match::take_back(self).map(|p| p.elapsed_ms)
    }
    fn end(&mut self, outcome: Outcome) -> Result<Outcome, MatchError> {
        Match::end(self, outcome)
    }
    fn resign(&mut self, side: Side) -> Result<Outcome, MatchError> {
        Match::resign(self, side)
    }
    fn offer_draw(&mut self, side: Side) -> Result<(), MatchError> {
        Match::offer_draw(self, side)
    }
    fn accept_draw(&mut self, side: Side) -> Result<Outcome, MatchError> {
        Match::accept_draw(self, side)
    }
    fn time_forfeit(&mut self, side: Side) -> Result<Outcome, MatchError> {
        Match::time_forfeit(self, side)
    }
    fn set_clock(&mut self, clock: Clock) {
        Match::set_clock(self, clock);
    }
    fn set_automatic_draws(&mut self, draws: AutomaticDraws) {
        Match::set_automatic_draws(self, draws);
    }
    fn clock(&self) -> Option<&Clock> {
        Match::clock(self)
    }
    fn draw_offer(&self) -> Option<Side> {
        Match::draw_offer(self)
    }
    fn outcome(&self) -> Option<Outcome> {
        Match::outcome(self)
    }
    fn ply_count(&self) -> usize {
        self.plies().len()
    }
    fn ply_times(&self) -> Vec<Option<u64>> {
        self.plies().iter().map(|p| p.elapsed_ms).collect()
    }
    fn side_to_move(&self) -> Side {
        Match::side_to_move(self)
    }
    fn plies_as(&self, format: MoveFormat) -> Result<Vec<String>, Unsupported> {
        self.plies_in(format)
    }
    fn legal_moves_as(&self, format: MoveFormat) -> Result<Vec<String>, Unsupported> {
        let mut list = R::MoveList::default();
        self.legal_moves(&mut list);
        list.as_slice()
            .iter()
            .map(|&m| {
                let mut s = String::new();
                self.rules()
                    .write_move_as(self.position(), m, format, &mut s)
                    .map(|()| s)
            })
            .collect()
    }
    fn for_each_legal_move(
        &self,
        format: MoveFormat,
        f: &mut dyn FnMut(&str),
    ) -> Result<(), Unsupported> {
        let mut list = R::MoveList::default();
        self.legal_moves(&mut list);
        let mut s = String::new();
        for &m in list.as_slice() {
            s.clear();
            self.rules()
                .write_move_as(self.position(), m, format, &mut s)?;
            f(&s);
        }
        Ok(())
    }
    fn move_as(&self, text: &str, format: MoveFormat) -> Option<Result<String, Unsupported>> {
        let mv = self.rules().read_move(self.position(), text).ok()?;
        let mut s = String::new();
        Some(
            self.rules()
                .write_move_as(self.position(), mv, format, &mut s)
                .map(|()| s),
        )
    }
    fn legal_moves(&self, game: &Rules) -> Vec<AnyMove> {
        let mut list = R::MoveList::default();
        Match::legal_moves(self, &mut list);
        list.as_slice()
            .iter()
            .map(|&m| AnyMove {
                game: game.clone(),
                mv: Box::new(m),
            })
            .collect()
    }
    fn play_move(
        &mut self,
        game: &Rules,
        mv: &AnyMove,
        elapsed_ms: Option<u64>,
    ) -> Result<(Option<Outcome>, Written), MatchError> {
        let mv = mv.of::<R>(game)?;
        if let Some(o) = Match::outcome(self) {
            return Err(MatchError::Finished(o));
        }
        let position = Match::position(self);
        let mut pmn = String::new();
        let mut san = String::new();
        let mut san_ok = false;
        if self.rules().is_legal(position, mv) {
            let _ = self.rules().write_move(position, mv, &mut pmn);
            san_ok = self
                .rules()
                .write_move_as(position, mv, MoveFormat::San, &mut san)
                .is_ok();
        }
        let outcome = Match::play_move(self, mv, elapsed_ms)?;
        let san = san_ok.then_some(san);
        Ok((outcome, Written { pmn, san }))
    }
    fn write_move(&self, game: &Rules, mv: &AnyMove) -> Result<String, MatchError> {
        let mv = mv.of::<R>(game)?;
        let position = Match::position(self);
        if !self.rules().is_legal(position, mv) {
            return Err(MatchError::Refused {
                ply: self.plies().len() + 1,
                error: MoveError::Illegal(self.rules().illegal_move(position, mv)),
            });
        }
        let mut pmn = String::new();
        let _ = self.rules().write_move(position, mv, &mut pmn);
        Ok(pmn)
    }
    fn feen(&self) -> String {
        self.rules().feen(self.position())
    }
    fn start_feen(&self) -> String {
        self.rules().feen(self.start())
    }
    fn fen(&self) -> Option<String> {
        self.rules().to_fen(self.position())
    }
    fn start_fen(&self) -> Option<String> {
        self.rules().to_fen(self.start())
    }
    fn position(&self) -> Generic {
        self.rules().export(Match::position(self))
    }
    fn statuses(&self) -> StatusSet {
        self.rules().statuses(Match::position(self))
    }
    fn illegal_move_loses(&self, side: Side) -> bool {
        self.rules().illegal_move_loses(Match::position(self), side)
    }
}

/// Builds the boxed match of a rule system.
struct Build<'a>(Start<'a>);

impl Visit for Build<'_> {
    type Output = Result<Box<dyn DynMatch>, MatchError>;
    fn visit<R: MatchRules>(self, rules: &R) -> Self::Output {
        let start = self.0.read(rules).map_err(MatchError::Setup)?;
        Ok(Box::new(Match::from_position(rules.clone(), start)))
    }
}

impl AnyMatch {
    /// A match from the rule system's initial position.
    pub fn new(rules: Rules) -> AnyMatch {
        let inner = rules
            .visit(Build(Start::Initial))
            .expect("the initial position is one of the rule system");
        AnyMatch { rules, inner }
    }

    /// A match from a generic position of the rule system.
    ///
    /// # Errors
    /// [`MatchError::Setup`] when the position is not one of the rule system.
    pub fn from_position(rules: Rules, start: &Generic) -> Result<AnyMatch, MatchError> {
        rules.check_styles(start).map_err(crate::SetupError::from)?;
        let inner = rules.visit(Build(Start::Generic(start)))?;
        Ok(AnyMatch { rules, inner })
    }

    /// A match from a FEN start position, for rule systems that have FEN (chess); its halfmove
    /// clock counts towards the move limit.
    ///
    /// # Errors
    /// [`MatchError::Setup`] for an invalid FEN, or a rule system without FEN.
    pub fn from_fen(rules: Rules, fen: &str) -> Result<AnyMatch, MatchError> {
        let inner = rules.visit(Build(Start::Fen(fen)))?;
        Ok(AnyMatch { rules, inner })
    }

    /// A match from a FEEN start position; the rule system follows its styles (`C/c`: chess,
    /// `O/o`: Ōgi, `K/k`: Kogoma, …, see [`Rules::for_styles`]).
    ///
    /// # Errors
    /// [`MatchError::Setup`] for an invalid FEEN, unknown styles or a position the rule system
    /// refuses.
    pub fn from_feen(feen: &str) -> Result<AnyMatch, MatchError> {
        let start = crate::rules::generic_from_feen(feen).map_err(crate::SetupError::from)?;
        let rules = Rules::for_position(&start).map_err(crate::SetupError::from)?;
        AnyMatch::from_position(rules, &start)
    }

    /// Wraps a typed match.
    pub fn from_match<R: MatchRules>(rules: Rules, m: Match<R>) -> AnyMatch {
        AnyMatch {
            rules,
            inner: Box::new(m),
        }
    }

    /// The typed match inside, when it is of rule system `R`.
    pub fn downcast_ref<R: MatchRules>(&self) -> Option<&Match<R>> {
        self.inner.as_any().downcast_ref()
    }

    /// The rule system.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Sets when repetition and the move limit end the match: see
    /// [`Match::with_automatic_draws`].
    pub fn with_automatic_draws(mut self, draws: AutomaticDraws) -> AnyMatch {
        self.inner.set_automatic_draws(draws);
        self
    }

    /// Attaches a clock (see [`Match::with_clock`]).
    pub fn with_clock(mut self, clock: Clock) -> AnyMatch {
        self.inner.set_clock(clock);
        self
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
        self.inner.play(text, elapsed_ms)
    }

    /// Plays a move, reading it once, and returns it written in PMN (and SAN for chess). See
    /// [`Match::play_written`].
    ///
    /// # Errors
    /// As [`Match::play_timed`].
    pub fn play_written(
        &mut self,
        text: &str,
        elapsed_ms: Option<u64>,
    ) -> Result<(Option<Outcome>, Written), MatchError> {
        self.inner.play_written(text, elapsed_ms)
    }

    /// See [`Match::take_back`]; returns the taken-back ply's time.
    ///
    /// # Errors
    /// As [`Match::take_back`].
    pub fn take_back(&mut self) -> Result<Option<u64>, MatchError> {
        self.inner.take_back()
    }

    /// See [`Match::end`].
    ///
    /// # Errors
    /// As [`Match::end`].
    pub fn end(&mut self, outcome: Outcome) -> Result<Outcome, MatchError> {
        self.inner.end(outcome)
    }

    /// See [`Match::resign`].
    ///
    /// # Errors
    /// As [`Match::resign`].
    pub fn resign(&mut self, side: Side) -> Result<Outcome, MatchError> {
        self.inner.resign(side)
    }

    /// See [`Match::offer_draw`].
    ///
    /// # Errors
    /// As [`Match::offer_draw`].
    pub fn offer_draw(&mut self, side: Side) -> Result<(), MatchError> {
        self.inner.offer_draw(side)
    }

    /// See [`Match::accept_draw`].
    ///
    /// # Errors
    /// As [`Match::accept_draw`].
    pub fn accept_draw(&mut self, side: Side) -> Result<Outcome, MatchError> {
        self.inner.accept_draw(side)
    }

    /// See [`Match::time_forfeit`].
    ///
    /// # Errors
    /// As [`Match::time_forfeit`].
    pub fn time_forfeit(&mut self, side: Side) -> Result<Outcome, MatchError> {
        self.inner.time_forfeit(side)
    }

    /// The clock, if one is attached.
    pub fn clock(&self) -> Option<&Clock> {
        self.inner.clock()
    }

    /// The side whose draw offer is pending.
    pub fn draw_offer(&self) -> Option<Side> {
        self.inner.draw_offer()
    }

    /// The outcome once the match is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.inner.outcome()
    }

    /// The number of plies played.
    pub fn ply_count(&self) -> usize {
        self.inner.ply_count()
    }

    /// The time of every ply, in milliseconds, where known.
    pub fn ply_times(&self) -> Vec<Option<u64>> {
        self.inner.ply_times()
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Side {
        self.inner.side_to_move()
    }

    /// The canonical PMN of every ply.
    pub fn pmn_plies(&self) -> Vec<String> {
        self.inner
            .plies_as(MoveFormat::Pmn)
            .expect("every rule system writes PMN")
    }

    /// Every ply in a move format (SAN and UCI for chess).
    ///
    /// # Errors
    /// [`Unsupported`] when the rule system has no such notation.
    pub fn plies_as(&self, format: MoveFormat) -> Result<Vec<String>, Unsupported> {
        self.inner.plies_as(format)
    }

    /// The legal moves of the match (sennichite applied; none once it is over) in a format.
    ///
    /// # Errors
    /// [`Unsupported`] when the rule system has no such notation.
    pub fn legal_moves_as(&self, format: MoveFormat) -> Result<Vec<String>, Unsupported> {
        self.inner.legal_moves_as(format)
    }

    /// Calls `f` with every legal move of the match (as [`AnyMatch::legal_moves_as`] lists
    /// them, in the same order) written in a format, one buffer reused for all: no string is
    /// allocated per move.
    ///
    /// # Errors
    /// [`Unsupported`] when the rule system has no such notation (and a move is legal: `f` is
    /// never called then).
    pub fn for_each_legal_move(
        &self,
        format: MoveFormat,
        mut f: impl FnMut(&str),
    ) -> Result<(), Unsupported> {
        self.inner.for_each_legal_move(format, &mut f)
    }

    /// A move typed by a player (as [`AnyMatch::play`] reads it), written in a format for the
    /// current position, without playing it: `None` when the text is not a legal move here,
    /// `Some(Err)` when the rule system has no such notation. (One move's SAN costs one move's
    /// checks, where [`AnyMatch::legal_moves_as`] writes every legal move.)
    pub fn move_as(&self, text: &str, format: MoveFormat) -> Option<Result<String, Unsupported>> {
        self.inner.move_as(text, format)
    }

    /// The legal moves of the match as values (sennichite applied; none once it is over), in
    /// the order of [`AnyMatch::legal_moves_as`].
    pub fn legal_moves(&self) -> Vec<AnyMove> {
        self.inner.legal_moves(&self.rules)
    }

    /// Plays a move given as a value (see [`Match::play_move`]): nothing is read, and the move
    /// is returned written in PMN (and SAN for chess), as [`AnyMatch::play_written`] does.
    ///
    /// # Errors
    /// [`MatchError::OtherGame`] for a move of another game (the match is unchanged); otherwise
    /// as [`Match::play_move`] (an illegal move is refused, or loses in Ōgi).
    pub fn play_move(
        &mut self,
        mv: &AnyMove,
        elapsed_ms: Option<u64>,
    ) -> Result<(Option<Outcome>, Written), MatchError> {
        self.inner.play_move(&self.rules, mv, elapsed_ms)
    }

    /// A move written in PMN in the current position, without playing it (for logs and
    /// output).
    ///
    /// # Errors
    /// [`MatchError::OtherGame`] for a move of another game; [`MatchError::Refused`] for a move
    /// that is not legal in the current position.
    pub fn write_move(&self, mv: &AnyMove) -> Result<String, MatchError> {
        self.inner.write_move(&self.rules, mv)
    }

    /// The FEEN of the current position.
    pub fn feen(&self) -> String {
        self.inner.feen()
    }

    /// The FEEN of the start position.
    pub fn start_feen(&self) -> String {
        self.inner.start_feen()
    }

    /// The FEN of the current position, for rule systems that have FEN (chess).
    pub fn fen(&self) -> Option<String> {
        self.inner.fen()
    }

    /// The FEN of the start position, for rule systems that have FEN (chess).
    pub fn start_fen(&self) -> Option<String> {
        self.inner.start_fen()
    }

    /// The current position, generic.
    pub fn position(&self) -> Generic {
        self.inner.position()
    }

    /// The inferable CGSN statuses of the current position.
    pub fn statuses(&self) -> StatusSet {
        self.inner.statuses()
    }

    /// Whether a typed move that is not legal loses the game for `side` in the current
    /// position (Ōgi's forfeit, ruling R4) rather than being refused (chess).
    pub fn illegal_move_loses(&self, side: Side) -> bool {
        self.inner.illegal_move_loses(side)
    }
}

impl Clone for AnyMatch {
    fn clone(&self) -> AnyMatch {
        AnyMatch {
            rules: self.rules.clone(),
            inner: self.inner.clone_box(),
        }
    }
}

impl fmt::Debug for AnyMatch {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("AnyMatch")
            .field("rules", &self.rules.name())
            .field("feen", &self.feen())
            .field("plies", &self.pmn_plies())
            .field("outcome", &self.outcome())
            .finish()
    }
}
