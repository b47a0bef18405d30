//! Reading and checking the positions of a game: board shape, style pair, pieces, and the
//! positions a game refuses (a derived piece where styles differ, the opponent in check).

use tegoma_notation::cell::Cell;
use tegoma_protocol::{FeenError, Piece, Position, PositionError, Side};

use super::Engine;

/// A piece a game of several styles cannot have: a derived piece (`'`), which would change
/// army (kind `Unsupported`; carried by [`PositionError::Specific`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("{piece}: a derived piece is not supported in a game of several styles")]
pub struct UnsupportedPiece {
    /// The piece token.
    pub piece: Piece,
    /// Its square; `None` in a hand.
    pub square: Option<Cell>,
}

impl tegoma_notation::NotationError for UnsupportedPiece {
    fn kind(&self) -> &'static str {
        "Unsupported"
    }
}

impl tegoma_protocol::RuleSystemError for UnsupportedPiece {}

impl From<UnsupportedPiece> for PositionError {
    fn from(e: UnsupportedPiece) -> PositionError {
        PositionError::Specific(e.into())
    }
}

impl Engine {
    /// Reads a FEEN position of this game.
    ///
    /// # Errors
    /// [`PositionError::Feen`] for unreadable FEEN, or as [`Engine::check_game`].
    pub fn position(&self, feen: &str) -> Result<Position, PositionError> {
        let p = Position::from_feen(feen).map_err(|e| match e {
            FeenError::Parse(e) => PositionError::Feen(e),
            // Cannot happen for a regular board read from FEEN; reported as its shape.
            _ => PositionError::BoardShape {
                expected: self.s.board.sizes().to_vec(),
                found: Vec::new(),
            },
        })?;
        self.check_game(&p)?;
        Ok(p)
    }

    /// Checks that a position has this game's board shape, styles and pieces (every piece on the
    /// board has moves in the game's table), and that the player not to move is not in check
    /// when its army has the `check` filter (unless a terminal piece was already captured).
    ///
    /// # Errors
    /// [`PositionError::BoardShape`], [`PositionError::Styles`],
    /// [`PositionError::ForeignPiece`], [`PositionError::OpponentInCheck`], or, in a game of
    /// several style letters, [`UnsupportedPiece`] (kind `Unsupported`) for a derived piece.
    pub fn check_game(&self, p: &Position) -> Result<(), PositionError> {
        if p.board().sizes() != self.s.board.sizes() {
            return Err(PositionError::BoardShape {
                expected: self.s.board.sizes().to_vec(),
                found: p.board().sizes().to_vec(),
            });
        }
        if !self.s.armies.pairs.contains(&p.styles()) {
            return Err(PositionError::Styles {
                expected: self.s.styles,
                found: p.styles(),
            });
        }
        for (sq, piece) in p.pieces() {
            if self.s.armies.hybrid && piece.is_derived() {
                return Err(UnsupportedPiece {
                    piece,
                    square: Some(p.board().cell(sq)),
                }
                .into());
            }
            let known = self
                .qpi(p, piece)
                .is_some_and(|q| self.s.index.contains_key(&q));
            if !known {
                return Err(PositionError::ForeignPiece {
                    piece,
                    square: p.board().cell(sq),
                });
            }
        }
        if self.s.armies.hybrid {
            for side in Side::BOTH {
                for (piece, _) in p.hand(side).iter() {
                    if piece.is_derived() {
                        return Err(UnsupportedPiece {
                            piece,
                            square: None,
                        }
                        .into());
                    }
                }
            }
        }
        let them = p.side_to_move().flip();
        if self.army(p, them).legality.check && !self.terminal_captured(p) && self.in_check(p, them)
        {
            return Err(PositionError::OpponentInCheck);
        }
        Ok(())
    }
}
