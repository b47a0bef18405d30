//! FEEN in and out: which player leads which army (the style field), each army's pieces and
//! markers checked by its own rule system, and R13's refusals.

use tegoma_protocol::{PositionError, Side, Style};

use super::position::{Position, KING_SIDE, NO_MINUS, QUEEN_SIDE};
use super::types::Army;
use crate::chess::error::{cell, piece};
use crate::chess::{MarkerReason, PlacementError, Role as ChessRole};
use crate::kit::Square;
use crate::ogi::Role as OgiRole;
use crate::parts::Parts;

/// The style pairs of Chess against Ōgi: `C/o` and `O/c`.
pub(crate) const STYLE_PAIRS: [[Style; 2]; 2] = match (
    Style::parse("C"),
    Style::parse("o"),
    Style::parse("O"),
    Style::parse("c"),
) {
    (Ok(c), Ok(o_low), Ok(o), Ok(c_low)) => [[c, o_low], [o, c_low]],
    _ => panic!("C, o, O and c are SIN styles"),
};

/// A chess board token (uppercase): role and state (`+` 1, none 0, `-` -1).
fn chess_token(t: &str) -> Option<(ChessRole, i8)> {
    Some(match t {
        "+K^" => (ChessRole::King, 1),
        "K^" => (ChessRole::King, 0),
        "Q" => (ChessRole::Queen, 0),
        "+R" => (ChessRole::Rook, 1),
        "R" => (ChessRole::Rook, 0),
        "B" => (ChessRole::Bishop, 0),
        "N" => (ChessRole::Knight, 0),
        "+P" => (ChessRole::Pawn, 1),
        "P" => (ChessRole::Pawn, 0),
        "-P" => (ChessRole::Pawn, -1),
        _ => return None,
    })
}

/// An Ōgi token (uppercase, no Jeweled marker).
pub(crate) fn ogi_token(t: &str) -> Option<OgiRole> {
    let (promoted, letter) = match t.as_bytes() {
        [b'+', l] => (true, *l),
        [l] => (false, *l),
        [b'K', b'^'] => return Some(OgiRole::King),
        _ => return None,
    };
    let base = match letter {
        b'I' => OgiRole::Princess,
        b'R' => OgiRole::Rook,
        b'B' => OgiRole::Bishop,
        b'S' => OgiRole::Silver,
        b'N' => OgiRole::Knight,
        b'L' => OgiRole::Lance,
        b'P' => OgiRole::Pawn,
        _ => return None,
    };
    Some(if promoted { base.promoted() } else { base })
}

/// The uppercase token of a chess piece as the board writes it, markers included.
pub(crate) fn chess_board_token(p: &Position, role: ChessRole, sq: u8) -> &'static str {
    let rel = if p.chess_side == Side::First {
        sq / 8
    } else {
        7 - sq / 8
    };
    let home = p.chess_home_rank() * 8;
    match role {
        ChessRole::King if p.castling != 0 => "+K^",
        ChessRole::King => "K^",
        ChessRole::Queen => "Q",
        ChessRole::Rook
            if (sq == home + 7 && p.castling & KING_SIDE != 0)
                || (sq == home && p.castling & QUEEN_SIDE != 0) =>
        {
            "+R"
        }
        ChessRole::Rook => "R",
        ChessRole::Bishop => "B",
        ChessRole::Knight => "N",
        ChessRole::Pawn if p.minus == sq => "-P",
        ChessRole::Pawn if rel == 1 => "+P",
        ChessRole::Pawn => "P",
    }
}

/// The uppercase token of an Ōgi piece.
pub(crate) const OGI_TOKENS: [&str; 15] = [
    "K^", "I", "R", "B", "S", "N", "L", "P", "+I", "+R", "+B", "+S", "+N", "+L", "+P",
];

fn marker_err(token: &str, sq: u8, reason: MarkerReason) -> PositionError {
    PlacementError::ImpossibleMarker {
        piece: piece(token),
        square: cell(Square::from_index(sq)),
        reason,
    }
    .into()
}

fn unsupported_derived(token: &str) -> PositionError {
    PositionError::Specific(tegoma_protocol::error::Specific::new(
        super::error::DerivedPiece {
            piece: piece(token),
        },
    ))
}

impl Position {
    /// Reads a position of Chess against Ōgi from FEEN (styles `C/o` or `O/c`).
    ///
    /// # Errors
    /// Other styles ([`PositionError::Styles`]), a piece of the wrong army for its player
    /// ([`PositionError::ForeignPiece`]), a derived piece (`'`, kind `Unsupported`), chess
    /// markers no game can produce, a Chess army without exactly one King or with a pawn on
    /// its first or last rank, an Ōgi army with several Kings, a hand piece no capture gives
    /// ([`PositionError::HandPiece`]), and the Chess player's King attacked while the Ōgi
    /// player is to move ([`PositionError::OpponentInCheck`]) unless the Ōgi King was taken.
    pub fn from_feen(text: &str) -> Result<Position, PositionError> {
        Position::from_parts(Parts::from_feen(text)?)
    }

    /// Reads a generic position (the Game Protocol's model) as [`Position::from_feen`] reads
    /// its FEEN.
    ///
    /// # Errors
    /// As [`Position::from_feen`]; a board with holes is [`PositionError::BoardShape`].
    pub fn from_generic(position: &tegoma_protocol::Position) -> Result<Position, PositionError> {
        Position::from_parts(Parts::from_generic(position)?)
    }

    fn from_parts(parts: Parts) -> Result<Position, PositionError> {
        if parts.dims != [8, 8] {
            return Err(PositionError::BoardShape {
                expected: vec![8, 8],
                found: parts.dims,
            });
        }
        let chess_side = if parts.styles == STYLE_PAIRS[0] {
            Side::First
        } else if parts.styles == STYLE_PAIRS[1] {
            Side::Second
        } else {
            return Err(PositionError::Styles {
                expected: STYLE_PAIRS[0],
                found: parts.styles,
            });
        };
        let stm = if parts.first_to_move {
            Side::First
        } else {
            Side::Second
        };
        let mut p = Position::empty(chess_side, stm);
        let mut king_plus = false;
        let mut rooks_plus: Vec<u8> = Vec::new();
        for (idx, slot) in parts.squares.iter().enumerate() {
            let Some(id) = *slot else { continue };
            let sq = ((7 - idx / 8) * 8 + idx % 8) as u8;
            let enc = id.encode();
            let tok = enc.as_str();
            if id.is_derived() {
                return Err(unsupported_derived(tok));
            }
            let side = if id.is_first() {
                Side::First
            } else {
                Side::Second
            };
            let upper = tok.to_ascii_uppercase();
            let foreign = || PositionError::ForeignPiece {
                piece: tegoma_protocol::Piece::from_epin(id),
                square: cell(Square::from_index(sq)),
            };
            if side == chess_side {
                let (role, state) = chess_token(&upper).ok_or_else(foreign)?;
                let rel = if chess_side == Side::First {
                    sq / 8
                } else {
                    7 - sq / 8
                };
                match (role, state) {
                    (ChessRole::King, 1) => king_plus = true,
                    (ChessRole::Rook, 1) => rooks_plus.push(sq),
                    (ChessRole::Pawn, s) => {
                        if rel == 0 || rel == 7 {
                            return Err(PlacementError::PawnOnBackRank {
                                square: cell(Square::from_index(sq)),
                            }
                            .into());
                        }
                        match s {
                            1 if rel != 1 => {
                                return Err(marker_err(tok, sq, MarkerReason::PlusPawnOffStartRank))
                            }
                            0 if rel == 1 => {
                                return Err(marker_err(tok, sq, MarkerReason::PawnOnStartRankMoved))
                            }
                            -1 => {
                                if rel != 3 {
                                    return Err(marker_err(
                                        tok,
                                        sq,
                                        MarkerReason::MinusPawnOffDoubleStep,
                                    ));
                                }
                                if side == stm {
                                    return Err(marker_err(
                                        tok,
                                        sq,
                                        MarkerReason::MinusPawnExpired,
                                    ));
                                }
                                if p.minus != NO_MINUS {
                                    return Err(marker_err(
                                        tok,
                                        sq,
                                        MarkerReason::SeveralMinusPawns,
                                    ));
                                }
                                p.minus = sq;
                            }
                            _ => {}
                        }
                    }
                    _ => {}
                }
                p.put_chess(role, sq);
            } else {
                let role = ogi_token(&upper).ok_or_else(foreign)?;
                p.put_ogi(role, sq);
            }
        }
        // The squares a -P pawn passed are empty.
        if p.minus != NO_MINUS {
            let (a, b) = if chess_side == Side::First {
                (p.minus - 8, p.minus - 16)
            } else {
                (p.minus + 8, p.minus + 16)
            };
            if (p.occ[0] | p.occ[1]) & (1 << a | 1 << b) != 0 {
                let tok = if chess_side == Side::First {
                    "-P"
                } else {
                    "-p"
                };
                return Err(marker_err(
                    tok,
                    p.minus,
                    MarkerReason::PassedSquaresOccupied,
                ));
            }
        }
        let kings = p.cb(ChessRole::King as usize).count_ones();
        if kings != 1 {
            return Err(PlacementError::KingCount {
                side: chess_side,
                count: kings,
            }
            .into());
        }
        let ogi_kings = p.ob(OgiRole::King as usize).count_ones();
        if ogi_kings > 1 {
            return Err(PlacementError::KingCount {
                side: chess_side.flip(),
                count: ogi_kings,
            }
            .into());
        }
        // Castling: a +R on its corner with the +K^ at home gives the right.
        let home = p.chess_home_rank() * 8;
        let king_sq = p.cb(ChessRole::King as usize).trailing_zeros() as u8;
        let (rook_tok, king_tok) = if chess_side == Side::First {
            ("+R", "+K^")
        } else {
            ("+r", "+k^")
        };
        let mut rights = 0;
        for sq in rooks_plus {
            let bit = if sq == home + 7 {
                KING_SIDE
            } else if sq == home {
                QUEEN_SIDE
            } else {
                return Err(marker_err(rook_tok, sq, MarkerReason::PlusRookOffCorner));
            };
            if !king_plus || king_sq != home + 4 {
                return Err(marker_err(rook_tok, sq, MarkerReason::PlusRookWithoutKing));
            }
            rights |= bit;
        }
        if king_plus && rights == 0 {
            return Err(marker_err(
                king_tok,
                king_sq,
                MarkerReason::PlusKingWithoutRook,
            ));
        }
        p.set_castling(rights);
        // Hands: the Chess player's holds Ōgi pieces as they stood; the Ōgi player's holds
        // unpromoted Ōgi pieces (a King only once the game is over).
        for (holder, items) in [Side::First, Side::Second].into_iter().zip(&parts.hands) {
            for &(id, count) in items {
                let enc = id.encode();
                let tok = enc.as_str();
                let owner = if id.is_first() {
                    Side::First
                } else {
                    Side::Second
                };
                let bad = || PositionError::HandPiece {
                    piece: tegoma_protocol::Piece::from_epin(id),
                    hand: holder,
                };
                if id.is_derived() {
                    return Err(unsupported_derived(tok));
                }
                let role = ogi_token(&tok.to_ascii_uppercase()).ok_or_else(bad)?;
                let n = count.min(64) as u8;
                if holder == chess_side {
                    // Ōgi pieces, of the Ōgi player's case.
                    if owner == holder {
                        return Err(bad());
                    }
                    p.set_chess_hand(role as usize, n);
                } else {
                    if owner != holder || role.is_promoted() {
                        return Err(bad());
                    }
                    p.set_ogi_hand(role as usize, n);
                }
            }
        }
        // The `-P` square was set directly while reading: the key from scratch.
        p.key = p.compute_key();
        // The Chess player may not have left its King attacked, unless it took the Ōgi King.
        if stm != chess_side && !p.is_over() && p.chess_in_check() {
            return Err(PositionError::OpponentInCheck);
        }
        Ok(p)
    }

    /// The canonical FEEN.
    pub fn to_feen(&self) -> String {
        self.to_generic().to_feen().unwrap_or_default()
    }

    /// The position in the Game Protocol's generic model.
    pub fn to_generic(&self) -> tegoma_protocol::Position {
        let styles = if self.chess_side == Side::First {
            STYLE_PAIRS[0]
        } else {
            STYLE_PAIRS[1]
        };
        let mut g = crate::parts::empty_generic(styles);
        let mut occ = self.occ[0] | self.occ[1];
        while occ != 0 {
            let s = occ.trailing_zeros() as u8;
            occ &= occ - 1;
            let Some(text) = self.token_at(Square::from_index(s)) else {
                continue;
            };
            let piece = tegoma_protocol::Piece::parse(&text).expect("tokens are EPIN");
            // FEEN order: rank 8 first, file a first.
            let flat = (7 - u32::from(s) / 8) * 8 + u32::from(s) % 8;
            g.set(tegoma_protocol::Square::new(flat), Some(piece))
                .expect("64 squares for at most 64 pieces");
        }
        let ogi_case = |t: &str| {
            if self.chess_side == Side::First {
                t.to_ascii_lowercase()
            } else {
                t.to_string()
            }
        };
        let chess_items: Vec<(String, u32)> = self
            .chess_hand
            .iter()
            .enumerate()
            .filter(|(_, &n)| n > 0)
            .map(|(r, &n)| (ogi_case(OGI_TOKENS[r]), u32::from(n)))
            .collect();
        // Both hands hold Ōgi pieces, in the Ōgi player's case.
        let ogi_items: Vec<(String, u32)> = self
            .ogi_hand
            .iter()
            .enumerate()
            .filter(|(_, &n)| n > 0)
            .map(|(r, &n)| (ogi_case(OGI_TOKENS[r]), u32::from(n)))
            .collect();
        let (first, second) = if self.chess_side == Side::First {
            (&chess_items, &ogi_items)
        } else {
            (&ogi_items, &chess_items)
        };
        let first: Vec<(&str, u32)> = first.iter().map(|(t, n)| (t.as_str(), *n)).collect();
        let second: Vec<(&str, u32)> = second.iter().map(|(t, n)| (t.as_str(), *n)).collect();
        crate::parts::finish_generic(&mut g, self.stm, [&first, &second]);
        g
    }

    /// The army of the piece on `sq` and its token as FEEN writes it.
    pub fn token_at(&self, sq: Square) -> Option<String> {
        let s = sq.index() as u8;
        let pc = self.piece_at(sq)?;
        let (upper, side) = match pc {
            super::Piece::Chess(r) => (chess_board_token(self, r, s), self.chess_side),
            super::Piece::Ogi(r) => (OGI_TOKENS[r as usize], self.chess_side.flip()),
        };
        Some(if side == Side::First {
            upper.to_string()
        } else {
            upper.to_ascii_lowercase()
        })
    }

    /// The army a style belongs to (`C`/`c` chess, `O`/`o` Ōgi).
    pub fn army_of_style(style: Style) -> Option<Army> {
        match style.to_char().to_ascii_uppercase() {
            'C' => Some(Army::Chess),
            'O' => Some(Army::Ogi),
            _ => None,
        }
    }
}
