//! Chess conveniences of [`Match`]: FEN setups, SAN moves (the fast path of PGN replay).

use tegoma_protocol::Outcome;
use tegoma_rules::chess;
use tegoma_rules::systems::Chess;

use super::{Match, MatchError};

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

    /// A chess match from a PGN game's start: its `FEN` tag, or the initial position.
    ///
    /// # Errors
    /// [`MatchError::Setup`] for an invalid `FEN` tag.
    pub fn from_pgn_setup(game: &crate::pgn::PgnGame) -> Result<Match<Chess>, MatchError> {
        match game.setup_fen() {
            Some(fen) => Match::from_fen(fen),
            None => Ok(Match::new(Chess)),
        }
    }

    /// Plays a move given in SAN only (`Nf3`, `exd5`, `O-O`, `e8=Q+`); check signs and
    /// annotation suffixes are tolerated as the chess module reads them.
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
            Err(error) => Err(MatchError::Refused {
                ply: self.plies.len() + 1,
                error,
            }),
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
    /// one by one: a plain SAN is read from attack sets (no move list) and played in place, and
    /// the endings counted without listing moves. Stops at the first move refused, or at a move
    /// after the end. Without a clock (with one, it plays each move through
    /// [`Match::play_san`]). Moves are given as text or bytes (`&str`, `&[u8]`, a PGN
    /// [`SanToken`](crate::pgn::SanToken)).
    ///
    /// # Errors
    /// As [`Match::play_san`], for the first move that cannot be played.
    pub fn play_san_line<S: AsRef<[u8]>>(
        &mut self,
        moves: impl IntoIterator<Item = S>,
    ) -> Result<Option<Outcome>, MatchError> {
        let moves = moves.into_iter();
        if self.clock.is_some() {
            for san in moves {
                self.play_san(&String::from_utf8_lossy(san.as_ref()), None)?;
            }
            return Ok(self.outcome);
        }
        let n = moves.size_hint().0.min(1 << 16);
        self.plies.reserve(n);
        self.keys.reserve(n);
        let mut check = self.position.is_check();
        // Whether the current position may have no legal move (checkmate or stalemate) and has
        // not been asked yet: a next move read by the fast path answers it for free.
        let mut pending = false;
        for san in moves {
            let san = san.as_ref();
            if let Some(o) = self.outcome {
                return Err(MatchError::Finished(o));
            }
            let mv = match self.position.read_san_fast(san, check) {
                Some(mv) => mv, // a legal move: the position was neither mate nor stalemate
                None => {
                    if std::mem::take(&mut pending) {
                        self.outcome = self.chess_outcome(
                            self.position.has_legal_move_knowing_check(check),
                            check,
                        );
                        if let Some(o) = self.outcome {
                            return Err(MatchError::Finished(o));
                        }
                    }
                    let refused = |error| MatchError::Refused {
                        ply: self.plies.len() + 1,
                        error,
                    };
                    let text = std::str::from_utf8(san).map_err(|_| {
                        refused(chess::MoveError::San(
                            tegoma_protocol::error::MoveSyntax::new(
                                &String::from_utf8_lossy(san),
                                "a SAN move is ASCII text",
                            ),
                        ))
                    })?;
                    self.position.parse_san(text).map_err(refused)?
                }
            };
            self.push_raw(mv, None);
            check = self.position.is_check();
            // The endings that do not depend on the legal moves; when one holds, the decision
            // (checkmate beats the draws) needs the answer now.
            self.outcome = self.chess_outcome(true, check);
            if self.outcome.is_some() {
                self.outcome =
                    self.chess_outcome(self.position.has_legal_move_knowing_check(check), check);
            } else {
                pending = true;
            }
        }
        if pending {
            self.outcome =
                self.chess_outcome(self.position.has_legal_move_knowing_check(check), check);
        }
        Ok(self.outcome)
    }

    /// The automatic endings (R3) of the current position, knowing whether the side to move
    /// has a legal move (the same as the generic rule, without generating the moves again).
    fn chess_outcome(&self, has_legal_move: bool, check: bool) -> Option<Outcome> {
        let own = self
            .rules
            .outcome_knowing(&self.position, has_legal_move, check);
        self.outcome_after(own)
    }
}
