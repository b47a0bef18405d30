//! Moves found by the GGN engine, and their PMN spelling.

use tegoma_protocol::{Board, Piece, Square};

/// One move of the GGN engine: a board move or a drop, with everything needed to play it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct GgnMove {
    /// The source square; `None` for a drop from the active hand.
    pub from: Option<Square>,
    /// The destination square.
    pub to: Square,
    /// The actor as it stood (or as held, for a drop).
    pub piece: Piece,
    /// The identity the player chose for the actor (a promotion), written `=X`.
    pub promotion: Option<Piece>,
    /// The captured piece and where it stood (the destination, or elsewhere for en passant).
    pub captured: Option<(Square, Piece)>,
    /// The piece that enters the mover's hand.
    pub to_hand: Option<Piece>,
    /// Whether `to_hand` is the non-default choice (a King's privilege), written `/Y`.
    pub keep: bool,
    /// An own piece that follows the actor (castling): from, to.
    pub partner: Option<(Square, Square)>,
    /// Whether the move is a special move (`~` in PMN).
    pub special: bool,
}

impl GgnMove {
    /// The canonical PMN text of the move on `board` (ruling R1: only the player's choices are
    /// written, bookkeeping markers are implicit).
    pub fn pmn(&self, board: &Board) -> String {
        let mut s = String::with_capacity(12);
        match self.from {
            None => {
                s.push_str(self.piece.epin().pin().encode().as_str());
                s.push('*');
                s.push_str(&board.cell(self.to).to_string());
            }
            Some(from) => {
                s.push_str(&board.cell(from).to_string());
                s.push(if self.special {
                    '~'
                } else if self.captured.is_some() {
                    '+'
                } else {
                    '-'
                });
                s.push_str(&board.cell(self.to).to_string());
            }
        }
        if let Some(p) = self.promotion {
            s.push('=');
            s.push_str(p.epin().pin().encode().as_str());
        }
        if self.keep {
            if let Some(h) = self.to_hand {
                s.push('/');
                s.push_str(h.epin().pin().encode().as_str());
            }
        }
        s
    }
}
