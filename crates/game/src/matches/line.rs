//! Many moves in a row, read and checked by a reader of their own: [`Match::play_line`].

use std::borrow::Borrow;

use tegoma_protocol::{MoveError, Outcome};

use super::{Match, MatchError, Ply};
use crate::rules::MatchRules;

/// A reader of a line of moves (the move text of a record, in a rule system's own notation)
/// that keeps its own copy of the position, reads and checks each move as it plays it, and
/// knows the endings of the position it holds: [`Match::play_line`] plays a line through it
/// faster than move by move (no move list per ply; the legal moves are asked only when an
/// ending may hold).
pub trait LineReader<R: MatchRules>: Sized {
    /// A move as the line gives it.
    type Item;

    /// A reader at `position` (the match's current one).
    fn start(rules: &R, position: &R::Position) -> Self;

    /// Reads `item` in the reader's position, checks that it is legal and plays it there: the
    /// move played. On an error the reader's position is unchanged.
    ///
    /// # Errors
    /// A malformed, ambiguous or illegal move (the rule system's [`MoveError`]).
    fn play(&mut self, item: &Self::Item) -> Result<R::Move, MoveError>;

    /// The reader's position, after the moves played.
    fn position(&self) -> &R::Position;

    /// Whether the last move played resets the move-limit count (as
    /// [`MatchRules::resets_move_limit`] says of it).
    fn resets_move_limit(&self) -> bool;

    /// The position's own ending (the rule system's
    /// [`outcome`](tegoma_protocol::RuleSystem::outcome)), legal moves included.
    fn outcome(&mut self) -> Option<Outcome>;

    /// Whether the position may have an ending that its legal moves do not decide (a draw for
    /// lack of material): then [`outcome`](LineReader::outcome) is asked at once.
    fn may_end_without_moves(&self) -> bool;
}

impl<R: MatchRules> Match<R> {
    /// Plays moves in a row through a [`LineReader`], faster than [`Match::play_timed`] one by
    /// one: each move is read, checked and played by the reader, and whether the side to move
    /// has a legal move is asked only when an ending may hold. Stops at the first move refused,
    /// or at a move after the end. With a clock, or under sennichite, each move is played as
    /// [`Match::play_legal`] plays it.
    ///
    /// # Errors
    /// As [`Match::play_timed`], for the first move that cannot be played.
    pub fn play_line<L: LineReader<R>, S: Borrow<L::Item>>(
        &mut self,
        moves: impl IntoIterator<Item = S>,
    ) -> Result<Option<Outcome>, MatchError> {
        let moves = moves.into_iter();
        let mut reader = L::start(&self.rules, &self.position);
        if self.clock.is_some() || self.rules.any_sennichite(&self.position) {
            for item in moves {
                if let Some(o) = self.outcome {
                    return Err(MatchError::Finished(o));
                }
                match reader.play(item.borrow()) {
                    Ok(mv) => self.play_legal(mv, "", None)?,
                    Err(error) => return Err(self.refusal(error)),
                };
            }
            return Ok(self.outcome);
        }
        let n = moves.size_hint().0.min(1 << 16);
        self.plies.reserve(n);
        self.keys.reserve(n);
        // Whether the current position may have no legal move (checkmate or stalemate) and
        // has not been asked yet: the next move, once read, answers it.
        let mut pending = false;
        // `self.position` is brought up to date from `reader` when the loop ends; meanwhile the
        // endings read the current key from `self.keys`.
        let result = self.line_loop(&mut reader, moves, &mut pending);
        self.position = reader.position().clone();
        if pending && result.is_ok() {
            self.outcome = self.outcome_after(reader.outcome());
        }
        result.map(|()| self.outcome)
    }

    /// The loop of [`Match::play_line`] without a clock: plays into `reader`, keeps the history
    /// and the endings that do not need the legal moves.
    #[inline(always)]
    fn line_loop<L: LineReader<R>, S: Borrow<L::Item>>(
        &mut self,
        reader: &mut L,
        moves: impl Iterator<Item = S>,
        pending: &mut bool,
    ) -> Result<(), MatchError> {
        // Below this count of quiet plies neither the move limit nor a repetition can hold
        // (`outcome_after(None)` is `None`): a reset cannot be undone.
        let quiet_floor = if self.rules.reset_is_irreversible() {
            self.draws.quiet_plies.min(self.draws.repetition_plies())
        } else {
            0
        };
        for item in moves {
            if let Some(o) = self.outcome {
                return Err(MatchError::Finished(o));
            }
            let mv = match reader.play(item.borrow()) {
                Ok(mv) => mv, // the position had a legal move: no ending by lack of moves
                Err(e) => {
                    if std::mem::take(pending) {
                        self.outcome = self.outcome_after(reader.outcome());
                        if let Some(o) = self.outcome {
                            return Err(MatchError::Finished(o));
                        }
                    }
                    return Err(self.refusal(e));
                }
            };
            let after = reader.position();
            // (Without a branch: whether a ply resets the count is hard to predict.)
            let resets = reader.resets_move_limit();
            self.quiet = self.quiet.saturating_add(1) & u32::from(resets).wrapping_sub(1);
            self.keys.push(self.rules.key(after));
            self.plies.push(Ply {
                mv,
                elapsed_ms: None,
            });
            if self.draw_offer == Some(self.rules.side_to_move(after)) {
                self.draw_offer = None;
            }
            // The endings that do not depend on the legal moves (the match's, and the
            // position's own when the reader says one may hold); when one holds, the decision
            // (a loss by lack of moves beats the draws) needs the position's whole ending now.
            debug_assert!(self.quiet >= quiet_floor || self.outcome_after(None).is_none());
            if reader.may_end_without_moves()
                || self.quiet >= quiet_floor && self.outcome_after(None).is_some()
            {
                self.outcome = self.outcome_after(reader.outcome());
                *pending = false;
            } else {
                *pending = true;
            }
        }
        Ok(())
    }

    /// The error of a move refused at the next ply (not played; the match goes on).
    pub fn refusal(&self, error: MoveError) -> MatchError {
        MatchError::Refused {
            ply: self.plies.len() + 1,
            error,
        }
    }
}
