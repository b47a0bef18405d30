//! Chess conveniences of [`Match`]: FEN setups, SAN moves (the fast path of PGN replay).

use tegoma_notation::Invalid;
use tegoma_protocol::Outcome;
use tegoma_rules::chess::{self, ChessError};
use tegoma_rules::systems::Chess;

use super::{Match, MatchError};

impl Match<Chess> {
    /// A chess match from a FEN start position (its halfmove clock counts towards the move
    /// limit).
    ///
    /// # Errors
    /// [`MatchError::Setup`] for an invalid FEN.
    pub fn from_fen(fen: &str) -> Result<Match<Chess>, MatchError> {
        let p = chess::Position::from_fen(fen).map_err(|e| MatchError::Setup(Invalid::from(e)))?;
        Ok(Match::from_position(Chess, p))
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
            Err(e) => Err(MatchError::Refused {
                ply: self.plies.len() + 1,
                text: san.to_string(),
                error: Invalid::from(e),
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

/// Whether a chess error means the text is not a move at all.
#[allow(dead_code)]
pub(crate) fn is_malformed(e: &ChessError) -> bool {
    !matches!(e, ChessError::IllegalMove(_) | ChessError::AmbiguousSan(..))
}
