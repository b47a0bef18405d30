//! [`Match`]: a rule system's position plus its history, the automatic endings applied after
//! every ply, explicit events (resignation, draw by agreement, time forfeit, Ōgi's illegal move)
//! and an optional [`Clock`].
//!
//! After every ply the match looks for the endings of rulings R3 (chess: `checkmate`,
//! `stalemate`, `insufficient`, the third occurrence of a position `repetition`, 100 plies
//! without capture or pawn move `movelimit`) and R4 (Ōgi: `mareking`, `nomove`, `movelimit`
//! after 100 plies without capture or unpromoted-pawn move, drops not resetting; a sennichite move
//! loses by `repetition`). The [`Outcome`] gives every ending status that holds, the decisive one
//! deciding (checkmate beats the draws).
//!
//! ```
//! use tegoma_game::Match;
//! use tegoma_protocol::{Decision, Side};
//! use tegoma_rules::systems::Chess;
//!
//! let mut m = Match::new(Chess);
//! for mv in ["f2-f3", "e5", "g4", "d8h4"] {  // PMN, SAN or UCI
//!     m.play(mv).unwrap();
//! }
//! let outcome = m.outcome().unwrap();
//! assert_eq!(outcome.decision, Decision::Win(Side::Second));
//! assert_eq!(outcome.statuses.to_string(), "checkmate");
//! assert!(m.play("a2-a3").is_err()); // the match is over
//! ```

mod any;
mod draws;
mod error;
mod line;

use std::collections::HashSet;
use std::hash::{BuildHasher, Hash};

use tegoma_notation::cgsn::{Status, StatusSet};
use tegoma_protocol::{
    Decision, IllegalMove, MoveBuffer, MoveError, Outcome, Position as Generic, Side,
};
use tegoma_rules::ogi::OgiReason;

use crate::clock::{Clock, Tick};
use crate::rules::{MatchRules, MoveFormat, RepetitionRule, SetupError, Unsupported};

pub use any::{AnyMatch, AnyMove};
pub use draws::AutomaticDraws;
pub use error::MatchError;
pub use line::LineReader;

/// The hasher of the sennichite sets (membership only: their order never shows; randomly
/// seeded).
type Fast = foldhash::fast::RandomState;

/// A 64-bit fingerprint of a move, or of a (move, position key) pair, for the sennichite sets
/// (fixed seed: the sets themselves hash with a random one).
fn fingerprint<T: Hash>(x: &T) -> u64 {
    foldhash::quality::FixedState::with_seed(0x5e11_1c41_7e00_0001).hash_one(x)
}

/// A move as a player reads it in a move list, written in the position before it
/// ([`Match::play_written`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    /// Its canonical PMN.
    pub pmn: String,
    /// Its SAN, for rule systems that have SAN (chess).
    pub san: Option<String>,
}

/// One ply of a match.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Ply<M> {
    /// The move.
    pub mv: M,
    /// The time the ply took, in milliseconds, if known.
    pub elapsed_ms: Option<u64>,
}

/// A match of a rule system `R`: see the [module docs](self).
#[derive(Debug, Clone)]
pub struct Match<R: MatchRules> {
    rules: R,
    start: R::Position,
    start_quiet: u32,
    position: R::Position,
    quiet: u32,
    plies: Vec<Ply<R::Move>>,
    /// The key (R5) of every position of the match: the start, then after each ply.
    keys: Vec<u64>,
    /// Sennichite: the [`fingerprint`] of every (move, key of the position it produced) pair
    /// of the plies (8 bytes each, whatever the size of a move; a hit is confirmed on `plies`
    /// and `keys`, so a collision never forbids a move).
    played: HashSet<u64, Fast>,
    /// Sennichite: the [`fingerprint`] of every move of the plies, so that a move never played
    /// before is known to be allowed without being played on a copy of the position (most
    /// moves, at every ply).
    played_moves: HashSet<u64, Fast>,
    draw_offer: Option<Side>,
    draws: AutomaticDraws,
    start_clock: Option<Clock>,
    clock: Option<Clock>,
    outcome: Option<Outcome>,
}

impl<R: MatchRules> Match<R> {
    /// A match from the rule system's initial position.
    pub fn new(rules: R) -> Match<R> {
        let start = rules.initial().expect("the initial position is valid");
        Match::from_position(rules, start)
    }

    /// A match from a position of the rule system.
    pub fn from_position(rules: R, start: R::Position) -> Match<R> {
        let start_quiet = rules.initial_quiet_plies(&start);
        let mut m = Match {
            position: start.clone(),
            start,
            start_quiet,
            quiet: start_quiet,
            plies: Vec::new(),
            keys: Vec::new(),
            played: HashSet::default(),
            played_moves: HashSet::default(),
            draw_offer: None,
            draws: AutomaticDraws::of(&rules),
            start_clock: None,
            clock: None,
            outcome: None,
            rules,
        };
        m.keys.push(m.rules.key(&m.position));
        m.outcome = m.automatic_outcome();
        m
    }

    /// A match from a FEEN start position.
    ///
    /// # Errors
    /// [`MatchError::Setup`] when the FEEN is invalid or not a position of the rule system.
    pub fn from_feen(rules: R, feen: &str) -> Result<Match<R>, MatchError> {
        let generic = crate::rules::generic_from_feen(feen).map_err(SetupError::from)?;
        Match::from_generic(rules, &generic)
    }

    /// A match from a generic position.
    ///
    /// # Errors
    /// [`MatchError::Setup`] when the position is not one of the rule system.
    pub fn from_generic(rules: R, start: &Generic) -> Result<Match<R>, MatchError> {
        let start = rules.import(start).map_err(SetupError::from)?;
        Ok(Match::from_position(rules, start))
    }

    /// Attaches a clock (its side to move set to the position's), replacing any other. The
    /// clock runs from now on: give the time each ply takes to [`Match::play_timed`].
    pub fn with_clock(mut self, clock: Clock) -> Match<R> {
        self.set_clock(clock);
        self
    }

    /// [`Match::with_clock`] in place.
    pub fn set_clock(&mut self, mut clock: Clock) {
        clock.set_to_move(self.rules.side_to_move(&self.position));
        self.start_clock = Some(clock.clone());
        self.clock = Some(clock);
    }

    /// Sets when repetition and the move limit end the match (see [`AutomaticDraws`]); the
    /// endings of the start position are looked at again. Set it before the first ply.
    pub fn with_automatic_draws(mut self, draws: AutomaticDraws) -> Match<R> {
        self.set_automatic_draws(draws);
        self
    }

    /// [`Match::with_automatic_draws`] in place.
    pub fn set_automatic_draws(&mut self, draws: AutomaticDraws) {
        self.draws = draws;
        if self.plies.is_empty() {
            self.outcome = self.automatic_outcome();
        }
    }

    /// When repetition and the move limit end the match.
    pub fn automatic_draws(&self) -> AutomaticDraws {
        self.draws
    }

    /// The rule system.
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// The start position.
    pub fn start(&self) -> &R::Position {
        &self.start
    }

    /// The current position.
    pub fn position(&self) -> &R::Position {
        &self.position
    }

    /// The plies played, in order.
    pub fn plies(&self) -> &[Ply<R::Move>] {
        &self.plies
    }

    /// The outcome once the match is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// Whether the match is over.
    pub fn is_over(&self) -> bool {
        self.outcome.is_some()
    }

    /// The side to move.
    pub fn side_to_move(&self) -> Side {
        self.rules.side_to_move(&self.position)
    }

    /// Plies since the last capture or pawn move (the move-limit count).
    pub fn quiet_plies(&self) -> u32 {
        self.quiet
    }

    /// How many times the current position has occurred in the match (1 the first time).
    pub fn occurrences(&self) -> u32 {
        let key = self.rules.key(&self.position);
        self.same_side_keys().filter(|&&k| k == key).count() as u32
    }

    /// The keys of the positions that can equal the current one, latest first: those with the
    /// same side to move, since the last move-limit reset where that is irreversible.
    fn same_side_keys(&self) -> impl Iterator<Item = &u64> {
        let window = if self.rules.reset_is_irreversible() {
            // No position before the last reset can come back.
            (self.quiet as usize).saturating_add(1).min(self.keys.len())
        } else {
            self.keys.len()
        };
        self.keys[self.keys.len() - window..]
            .iter()
            .rev()
            .step_by(2)
    }

    /// Whether the current position has occurred as often as [`AutomaticDraws::occurrences`]
    /// (counted as [`Match::occurrences`] counts, stopping there).
    pub(crate) fn occurs_enough(&self) -> bool {
        let wanted = self.draws.occurrences;
        // Each repetition takes 4 plies at least (both sides leave and come back).
        if self.rules.reset_is_irreversible() && self.quiet < self.draws.repetition_plies() {
            return false;
        }
        // The key of the current position, the last one kept.
        let key = *self.keys.last().expect("the start's key is kept");
        let seen = self
            .same_side_keys()
            .filter(|&&k| k == key)
            .take(wanted as usize)
            .count();
        seen as u32 >= wanted
    }

    /// The side whose draw offer is pending.
    pub fn draw_offer(&self) -> Option<Side> {
        self.draw_offer
    }

    /// The clock, if one is attached.
    pub fn clock(&self) -> Option<&Clock> {
        self.clock.as_ref()
    }

    /// The legal moves of the match (the position's, minus those sennichite forbids); none once
    /// the match is over.
    pub fn legal_moves(&self, out: &mut R::MoveList) {
        out.clear();
        if self.outcome.is_some() {
            return;
        }
        let mut all = R::MoveList::default();
        self.rules.legal_moves_into(&self.position, &mut all);
        for &m in all.as_slice() {
            if !self.forbidden(m) {
                out.push(m);
            }
        }
    }

    /// The canonical PMN of every ply, in order.
    pub fn pmn_plies(&self) -> Vec<String> {
        self.plies_in(MoveFormat::Pmn)
            .expect("every rule system writes PMN")
    }

    /// Every ply, in order, in a move format (SAN and UCI for chess).
    ///
    /// # Errors
    /// [`Unsupported`] when the rule system has no such notation.
    pub fn plies_in(&self, format: MoveFormat) -> Result<Vec<String>, Unsupported> {
        let mut p = self.start.clone();
        let mut out = Vec::with_capacity(self.plies.len());
        for ply in &self.plies {
            let mut s = String::new();
            self.rules.write_move_as(&p, ply.mv, format, &mut s)?;
            out.push(s);
            self.rules.play_unchecked(&mut p, ply.mv);
        }
        Ok(out)
    }

    /// Plays a move typed by a player (PMN; SAN or UCI too for chess), with no time recorded.
    ///
    /// Returns the outcome if the ply ended the match.
    ///
    /// # Errors
    /// See [`Match::play_timed`].
    pub fn play(&mut self, text: &str) -> Result<Option<Outcome>, MatchError> {
        self.play_timed(text, None)
    }

    /// Plays a move typed by a player, which took `elapsed_ms` (given to the clock, if any: a
    /// ply without time counts as 0 ms there). If the side to move runs out of time during the
    /// ply, the move is not played and the match ends on time (`timelimit`, with the rule
    /// system's exceptions).
    ///
    /// # Errors
    /// [`MatchError::Finished`] once the match is over; [`MatchError::Refused`] for a malformed
    /// move, or an illegal one in chess (not played, the match goes on);
    /// [`MatchError::Forfeit`] for an illegal or sennichite move in Ōgi (the match is over).
    pub fn play_timed(
        &mut self,
        text: &str,
        elapsed_ms: Option<u64>,
    ) -> Result<Option<Outcome>, MatchError> {
        if let Some(o) = self.outcome {
            return Err(MatchError::Finished(o));
        }
        match self.rules.read_move(&self.position, text) {
            Ok(mv) => self.play_legal(mv, text, elapsed_ms),
            Err(error) => Err(self.unreadable(error)),
        }
    }

    /// Plays a move typed by a player, as [`Match::play_timed`] does, reading it once, and
    /// returns it as written in the position before it: its canonical PMN and, where the rule
    /// system has SAN, its SAN (what a move list shows), whether it was played or its clock
    /// fell (the outcome says which).
    ///
    /// ```
    /// use tegoma_game::Match;
    /// use tegoma_rules::systems::Chess;
    ///
    /// let mut m = Match::new(Chess);
    /// let (outcome, written) = m.play_written("g1f3", None).unwrap();
    /// assert_eq!(outcome, None);
    /// assert_eq!(written.pmn, "g1-f3");
    /// assert_eq!(written.san.as_deref(), Some("Nf3"));
    /// ```
    ///
    /// # Errors
    /// As [`Match::play_timed`].
    pub fn play_written(
        &mut self,
        text: &str,
        elapsed_ms: Option<u64>,
    ) -> Result<(Option<Outcome>, Written), MatchError> {
        if let Some(o) = self.outcome {
            return Err(MatchError::Finished(o));
        }
        let mv = self
            .rules
            .read_move(&self.position, text)
            .map_err(|error| self.unreadable(error))?;
        let mut pmn = String::new();
        let _ = self.rules.write_move(&self.position, mv, &mut pmn);
        let mut san = String::new();
        let san = self
            .rules
            .write_move_as(&self.position, mv, MoveFormat::San, &mut san)
            .ok()
            .map(|()| san);
        let outcome = self.play_legal(mv, text, elapsed_ms)?;
        Ok((outcome, Written { pmn, san }))
    }

    /// The error for a typed move that names no legal move: refused, or (Ōgi) the illegal
    /// move loses and the match ends.
    fn unreadable(&mut self, error: MoveError) -> MatchError {
        let mover = self.side_to_move();
        if error.illegal().is_none() || !self.rules.illegal_move_loses(&self.position, mover) {
            return MatchError::Refused {
                ply: self.plies.len() + 1,
                error,
            };
        }
        let outcome = Outcome::win(self.side_to_move().flip(), Status::Illegalmove);
        self.outcome = Some(outcome);
        MatchError::Forfeit {
            ply: self.plies.len() + 1,
            error,
            outcome,
        }
    }

    /// Plays an engine move: it must be legal in the current position (checked).
    ///
    /// # Errors
    /// As [`Match::play_timed`].
    pub fn play_move(
        &mut self,
        mv: R::Move,
        elapsed_ms: Option<u64>,
    ) -> Result<Option<Outcome>, MatchError> {
        if let Some(o) = self.outcome {
            return Err(MatchError::Finished(o));
        }
        if !self.rules.is_legal(&self.position, mv) {
            let error = MoveError::Illegal(self.rules.illegal_move(&self.position, mv));
            if !self
                .rules
                .illegal_move_loses(&self.position, self.side_to_move())
            {
                return Err(MatchError::Refused {
                    ply: self.plies.len() + 1,
                    error,
                });
            }
            let outcome = Outcome::win(self.side_to_move().flip(), Status::Illegalmove);
            self.outcome = Some(outcome);
            return Err(MatchError::Forfeit {
                ply: self.plies.len() + 1,
                error,
                outcome,
            });
        }
        self.play_legal(mv, "", elapsed_ms)
    }

    /// Plays a move the caller has read and checked legal in the current position (a reader
    /// that checks as it reads, such as a record's): the match applies only its own rules
    /// (sennichite, the clock, the automatic endings). `text` is the move as written, for an
    /// error message (empty: the rule system writes it).
    ///
    /// # Errors
    /// [`MatchError::Finished`] when the match is over; [`MatchError::Forfeit`] for a move
    /// sennichite forbids.
    pub fn play_legal(
        &mut self,
        mv: R::Move,
        text: &str,
        elapsed_ms: Option<u64>,
    ) -> Result<Option<Outcome>, MatchError> {
        if let Some(o) = self.outcome {
            return Err(MatchError::Finished(o));
        }
        if self.forbidden(mv) {
            let outcome = Outcome::win(self.side_to_move().flip(), Status::Repetition);
            self.outcome = Some(outcome);
            let text = if text.is_empty() {
                let mut s = String::new();
                let _ = self.rules.write_move(&self.position, mv, &mut s);
                s
            } else {
                text.to_string()
            };
            return Err(MatchError::Forfeit {
                ply: self.plies.len() + 1,
                error: IllegalMove::new(text, OgiReason::Sennichite.into()).into(),
                outcome,
            });
        }
        if let Some(clock) = &mut self.clock {
            if let Ok(Tick::Flagged { side }) = clock.record_ply(elapsed_ms.unwrap_or(0)) {
                let o = self.rules.time_forfeit(&self.position, side);
                self.outcome = Some(o);
                return Ok(Some(o));
            }
        }
        Ok(self.push(mv, elapsed_ms))
    }

    /// Whether sennichite forbids `mv` (a legal move of the position) now.
    fn forbidden(&self, mv: R::Move) -> bool {
        if self.rules.repetition(&self.position, self.side_to_move()) != RepetitionRule::Sennichite
            || !self.played_moves.contains(&fingerprint(&mv))
        {
            return false;
        }
        let mut after = self.position.clone();
        self.rules.play_unchecked(&mut after, mv);
        let key = self.rules.key(&after);
        // The fingerprints filter; the plies and their keys decide.
        self.played.contains(&fingerprint(&(mv, key)))
            && self
                .plies
                .iter()
                .zip(&self.keys[1..])
                .any(|(p, &k)| p.mv == mv && k == key)
    }

    /// Plays a legal, allowed move (clock already charged) and applies the automatic endings.
    fn push(&mut self, mv: R::Move, elapsed_ms: Option<u64>) -> Option<Outcome> {
        self.push_raw(mv, elapsed_ms);
        self.outcome = self.automatic_outcome();
        self.outcome
    }

    /// Plays a legal, allowed move and keeps the history, without looking for endings.
    pub(crate) fn push_raw(&mut self, mv: R::Move, elapsed_ms: Option<u64>) {
        let mover = self.rules.side_to_move(&self.position);
        if self.rules.resets_move_limit(&self.position, mv) {
            self.quiet = 0;
        } else {
            self.quiet = self.quiet.saturating_add(1);
        }
        self.rules.play_unchecked(&mut self.position, mv);
        let key = self.rules.key(&self.position);
        self.keys.push(key);
        if self.rules.repetition(&self.position, mover) == RepetitionRule::Sennichite {
            self.played.insert(fingerprint(&(mv, key)));
            self.played_moves.insert(fingerprint(&mv));
        }
        self.plies.push(Ply { mv, elapsed_ms });
        if self.draw_offer == Some(mover.flip()) {
            self.draw_offer = None;
        }
    }

    /// The automatic endings of the current position and history.
    fn automatic_outcome(&self) -> Option<Outcome> {
        self.outcome_after(self.rules.outcome(&self.position))
    }

    /// The automatic endings, given the position's own ending (the rule system's
    /// [`outcome`](tegoma_protocol::RuleSystem::outcome), however the caller found it): the
    /// match adds its move limit and repetition.
    pub(crate) fn outcome_after(&self, position_outcome: Option<Outcome>) -> Option<Outcome> {
        let (mut decision, mut statuses) = match position_outcome {
            Some(o) => (Some(o.decision), o.statuses),
            None => (None, StatusSet::EMPTY),
        };
        // The match owns the move limit: its count starts from the position's own (a FEN
        // halfmove clock) and its threshold may differ from the rule system's.
        statuses.remove(Status::Movelimit);
        if self.quiet >= self.draws.quiet_plies {
            statuses.insert(Status::Movelimit);
        }
        // The player who made the last move answers for it by its own rule system (a third
        // occurrence draws); the player to move is bound by its own (sennichite may forbid all
        // its moves).
        let to_move = self.side_to_move();
        if self.rules.repetition(&self.position, to_move.flip())
            == RepetitionRule::ThirdOccurrenceDraws
            && self.occurs_enough()
        {
            statuses.insert(Status::Repetition);
        }
        if self.rules.repetition(&self.position, to_move) == RepetitionRule::Sennichite
            && decision.is_none()
            && !self.played.is_empty()
            && self.all_forbidden()
        {
            statuses.insert(Status::Nomove);
            decision = Some(Decision::Win(to_move.flip()));
        }
        if statuses.is_empty() {
            return None;
        }
        Some(Outcome {
            decision: decision.unwrap_or(Decision::Draw),
            statuses,
        })
    }

    /// Whether the position has legal moves and sennichite forbids every one.
    fn all_forbidden(&self) -> bool {
        let mut all = R::MoveList::default();
        self.rules.legal_moves_into(&self.position, &mut all);
        !all.as_slice().is_empty() && all.as_slice().iter().all(|&m| self.forbidden(m))
    }

    /// `side` resigns: the opponent wins (`resignation`).
    ///
    /// # Errors
    /// [`MatchError::Finished`] once the match is over.
    pub fn resign(&mut self, side: Side) -> Result<Outcome, MatchError> {
        self.end(Outcome::win(side.flip(), Status::Resignation))
    }

    /// `side` offers a draw; it stands until the opponent accepts it or plays a move.
    ///
    /// # Errors
    /// [`MatchError::Finished`] once the match is over.
    pub fn offer_draw(&mut self, side: Side) -> Result<(), MatchError> {
        if let Some(o) = self.outcome {
            return Err(MatchError::Finished(o));
        }
        self.draw_offer = Some(side);
        Ok(())
    }

    /// `side` accepts the opponent's pending draw offer: a draw (`agreement`).
    ///
    /// # Errors
    /// [`MatchError::Finished`] once the match is over; [`MatchError::NoDrawOffer`] without an
    /// offer of the opponent.
    pub fn accept_draw(&mut self, side: Side) -> Result<Outcome, MatchError> {
        if let Some(o) = self.outcome {
            return Err(MatchError::Finished(o));
        }
        if self.draw_offer != Some(side.flip()) {
            return Err(MatchError::NoDrawOffer(side));
        }
        self.end(Outcome::draw(Status::Agreement))
    }

    /// `side` runs out of time (`timelimit`): it loses, or draws where the rule system says so
    /// (chess: the opponent has only K, K+B or K+N).
    ///
    /// # Errors
    /// [`MatchError::Finished`] once the match is over.
    pub fn time_forfeit(&mut self, side: Side) -> Result<Outcome, MatchError> {
        let o = self.rules.time_forfeit(&self.position, side);
        self.end(o)
    }

    /// Ends the match with an explicit outcome (for records whose ending is an event).
    ///
    /// # Errors
    /// [`MatchError::Finished`] once the match is over.
    pub fn end(&mut self, outcome: Outcome) -> Result<Outcome, MatchError> {
        if let Some(o) = self.outcome {
            return Err(MatchError::Finished(o));
        }
        self.outcome = Some(outcome);
        Ok(outcome)
    }

    /// Takes the last ply back (and any outcome, draw offer and clock time after it): the match
    /// is as it was before that ply. Replays the match from its start.
    ///
    /// # Errors
    /// [`MatchError::NothingToTakeBack`] when no ply was played.
    pub fn take_back(&mut self) -> Result<Ply<R::Move>, MatchError> {
        let mut plies = std::mem::take(&mut self.plies);
        let last = plies.pop().ok_or(MatchError::NothingToTakeBack)?;
        self.position = self.start.clone();
        self.quiet = self.start_quiet;
        self.keys.clear();
        self.keys.push(self.rules.key(&self.position));
        self.played.clear();
        self.played_moves.clear();
        self.draw_offer = None;
        self.clock.clone_from(&self.start_clock);
        self.outcome = None;
        self.plies.reserve(plies.len());
        for ply in plies {
            if let Some(clock) = &mut self.clock {
                let _ = clock.record_ply(ply.elapsed_ms.unwrap_or(0));
            }
            self.push(ply.mv, ply.elapsed_ms);
        }
        Ok(last)
    }
}
