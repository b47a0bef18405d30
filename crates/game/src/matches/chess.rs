//! Chess conveniences of [`Match`]: FEN setups, SAN moves (the replay of a PGN movetext).

use std::borrow::Borrow;
use tegoma_protocol::Outcome;

use tegoma_rules::chess::{self, San, SanError, SanReplay};
use tegoma_rules::systems::Chess;

use super::{Match, MatchError, Ply};

impl Match<Chess> {
    /// A chess match from a FEN start position (its halfmove clock counts towards the move
    /// limit).
    ///
    /// # Errors
    /// [`MatchError::Setup`] for an invalid FEN.
    pub fn from_fen(fen: &str) -> Result<Match<Chess>, MatchError> {
        let p = chess::Position::from_fen(fen).map_err(crate::SetupError::from)?;
        Ok(Match::from_position(Chess, p))
    }

    /// `Match::new(Chess)`, cloned from one made once (a replay starts thousands of them).
    fn chess_start() -> Match<Chess> {
        static START: std::sync::OnceLock<Match<Chess>> = std::sync::OnceLock::new();
        START.get_or_init(|| Match::new(Chess)).clone()
    }

    /// A chess match from a PGN game's start: its `FEN` tag, or the initial position.
    ///
    /// # Errors
    /// [`MatchError::Setup`] for an invalid `FEN` tag.
    pub fn from_pgn_setup(game: &crate::pgn::PgnGame) -> Result<Match<Chess>, MatchError> {
        match game.setup_fen() {
            Some(fen) => Match::from_fen(fen),
            None => Ok(Match::chess_start()),
        }
    }

    /// Plays a move given in SAN (`Nf3`, `exd5`, `O-O`, `e8=Q+`), read as
    /// [`chess::Position::parse_san`] reads it (the spellings of [`San`]).
    ///
    /// # Errors
    /// As [`Match::play_timed`]: a malformed, ambiguous or illegal SAN is refused.
    pub fn play_san(
        &mut self,
        san: &str,
        elapsed_ms: Option<u64>,
    ) -> Result<Option<Outcome>, MatchError> {
        if let Some(o) = self.outcome {
            return Err(MatchError::Finished(o));
        }
        match self.position.parse_san(san) {
            Ok(mv) => self.play_checked(mv, san, elapsed_ms),
            Err(e) => Err(self.refused(e)),
        }
    }

    /// The SAN of every ply, in order.
    pub fn san_plies(&self) -> Vec<String> {
        let mut p = self.start;
        self.plies
            .iter()
            .map(|ply| {
                let s = p.to_san(ply.mv);
                p.play_unchecked(ply.mv);
                s
            })
            .collect()
    }

    /// The FEN of the current position.
    pub fn fen(&self) -> String {
        self.position.to_fen()
    }
}

impl Match<Chess> {
    /// Plays SAN moves in a row (the replay of a PGN movetext), faster than [`Match::play_san`]
    /// one by one: the moves go through a [`SanReplay`] (most read from attack sets, without a
    /// move list, and played in place), and whether the side to move has a legal move is asked
    /// only when an ending may hold. Stops at the first move refused, or at a move after the
    /// end. With a clock, each move is played as [`Match::play_san`] plays it.
    ///
    /// # Errors
    /// As [`Match::play_san`], for the first move that cannot be played.
    pub fn play_san_line<S: Borrow<San>>(
        &mut self,
        moves: impl IntoIterator<Item = S>,
    ) -> Result<Option<Outcome>, MatchError> {
        let moves = moves.into_iter();
        if self.clock.is_some() {
            for san in moves {
                let san = san.borrow();
                if let Some(o) = self.outcome {
                    return Err(MatchError::Finished(o));
                }
                let text = san.to_string();
                match self.position.san_to_move(san) {
                    Ok(mv) => self.play_checked(mv, &text, None)?,
                    Err(e) => return Err(self.refused(e)),
                };
            }
            return Ok(self.outcome);
        }
        let n = moves.size_hint().0.min(1 << 16);
        self.plies.reserve(n);
        self.keys.reserve(n);
        let mut replay = SanReplay::new(self.position);
        // Whether the current position may have no legal move (checkmate or stalemate) and
        // has not been asked yet: the next move, once read, answers it.
        let mut pending = false;
        // `self.position` is brought up to date from `replay` when the loop ends; meanwhile the
        // endings read the current key from `self.keys`.
        let result = self.san_loop(&mut replay, moves, &mut pending);
        self.position = *replay.position();
        if pending && result.is_ok() {
            self.outcome = self.outcome_after(replay.outcome());
        }
        result.map(|()| self.outcome)
    }

    /// The loop of [`Match::play_san_line`] without a clock: plays into `replay`, keeps the
    /// history and the endings that do not need the legal moves.
    #[inline(always)]
    fn san_loop<S: Borrow<San>>(
        &mut self,
        replay: &mut SanReplay,
        moves: impl Iterator<Item = S>,
        pending: &mut bool,
    ) -> Result<(), MatchError> {
        // Below this count of quiet plies neither the move limit nor a repetition can hold
        // (`outcome_after(None)` is `None`): a capture or pawn move cannot be undone.
        let quiet_floor = if crate::rules::MatchRules::reset_is_irreversible(&self.rules) {
            self.draws.quiet_plies.min(self.draws.repetition_plies())
        } else {
            0
        };
        for san in moves {
            let san = san.borrow();
            if let Some(o) = self.outcome {
                return Err(MatchError::Finished(o));
            }
            let mv = match replay.play(san) {
                Ok(mv) => mv, // the position had a legal move: neither mate nor stalemate
                Err(e) => {
                    if std::mem::take(pending) {
                        self.outcome = self.outcome_after(replay.outcome());
                        if let Some(o) = self.outcome {
                            return Err(MatchError::Finished(o));
                        }
                    }
                    return Err(self.refused(e));
                }
            };
            let after = replay.position();
            // A capture or pawn move resets the position's halfmove clock, as it resets the
            // match's move-limit count (`resets_move_limit`).
            // (Without a branch: whether a ply resets the count is hard to predict.)
            let resets = after.halfmove_clock() == 0;
            self.quiet = self.quiet.saturating_add(1) & u32::from(resets).wrapping_sub(1);
            self.keys.push(after.zobrist());
            self.plies.push(Ply {
                mv,
                elapsed_ms: None,
            });
            if self.draw_offer == Some(after.side_to_move()) {
                self.draw_offer = None;
            }
            // The endings that do not depend on the legal moves (the match's and insufficient
            // material); when one holds, the decision (checkmate beats the draws) needs the
            // position's whole ending now.
            debug_assert!(self.quiet >= quiet_floor || self.outcome_after(None).is_none());
            if after.is_insufficient_material()
                || self.quiet >= quiet_floor && self.outcome_after(None).is_some()
            {
                self.outcome = self.outcome_after(replay.outcome());
                *pending = false;
            } else {
                *pending = true;
            }
        }
        Ok(())
    }

    /// The error of a SAN refused at the next ply.
    fn refused(&self, e: SanError) -> MatchError {
        MatchError::Refused {
            ply: self.plies.len() + 1,
            error: e.into(),
        }
    }
}
