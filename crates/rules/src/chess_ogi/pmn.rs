//! PMN of Chess against Ōgi: each player writes its moves as its own rule system does
//! (ruling R13): castling `e1~g1`, `e7-e8=Q`, `d1+f3` for the Chess player; `e6-e7=+P`,
//! `c3+c4`, `R*e5` for the Ōgi player, tokens in the mover's case. Reading accepts the
//! canonical form and ruling R1's lenient spellings (an explicit result `=X` equal to the
//! implicit one, `/Y` naming what enters the hand, `*e5` when one piece can be dropped there).

use std::fmt::{self, Write};

use tegoma_notation::cell::Cell;
use tegoma_notation::pmn::{Piece as PmnPiece, Pmn};
use tegoma_protocol::error::PmnReason;
use tegoma_protocol::{IllegalMove, IllegalReason as Why, MoveError, Side};

use super::feen::OGI_TOKENS;
use super::position::Position;
use super::types::{Move, MoveList, Piece};
use crate::chess::error::{cell, piece};
use crate::kit::Square;

fn write_square<W: Write + ?Sized>(out: &mut W, sq: Square) -> fmt::Result {
    let n = sq.name();
    out.write_char(n[0] as char)?;
    out.write_char(n[1] as char)
}

fn write_token<W: Write + ?Sized>(out: &mut W, token: &str, side: Side) -> fmt::Result {
    for c in token.chars() {
        out.write_char(if side == Side::First {
            c
        } else {
            c.to_ascii_lowercase()
        })?;
    }
    Ok(())
}

/// Writes the canonical PMN of `m`, a move of the player `mover`.
pub(crate) fn write_move<W: Write + ?Sized>(m: Move, mover: Side, out: &mut W) -> fmt::Result {
    let Some(from) = m.from() else {
        if let Piece::Ogi(r) = m.piece() {
            write_token(out, OGI_TOKENS[r as usize], mover)?;
        }
        out.write_char('*')?;
        return write_square(out, m.to());
    };
    write_square(out, from)?;
    out.write_char(if m.is_castle() {
        '~'
    } else if m.is_capture() {
        '+'
    } else {
        '-'
    })?;
    write_square(out, m.to())?;
    if m.is_promotion() {
        out.write_char('=')?;
        match m.final_piece() {
            Piece::Chess(r) => {
                let l = r.letter() as char;
                out.write_char(if mover == Side::First {
                    l
                } else {
                    l.to_ascii_lowercase()
                })?;
            }
            Piece::Ogi(r) => write_token(out, OGI_TOKENS[r as usize], mover)?,
        }
    }
    Ok(())
}

fn illegal(text: &str, why: Why) -> MoveError {
    MoveError::Illegal(IllegalMove::new(text, why))
}

fn square_of(text: &str, c: Cell) -> Result<Square, MoveError> {
    match c.indices() {
        &[f, r] if f < 8 && r < 8 => Ok(Square::at(f, r)),
        _ => Err(MoveError::pmn(text, PmnReason::OffBoard(c))),
    }
}

impl Position {
    /// The canonical PMN of `m`, one of this position's moves.
    pub fn move_to_pmn(&self, m: Move) -> String {
        let mut s = String::with_capacity(10);
        let _ = write_move(m, self.stm, &mut s);
        s
    }

    /// Writes [`Position::move_to_pmn`] into any writer.
    ///
    /// # Errors
    /// Those of the writer.
    pub fn write_pmn<W: Write + ?Sized>(&self, m: Move, out: &mut W) -> fmt::Result {
        write_move(m, self.stm, out)
    }

    /// The token that enters the mover's hand when `m` captures (the Ōgi player's case).
    fn hand_token(&self, m: Move) -> Option<String> {
        let Piece::Ogi(r) = self.hand_gain(m)? else {
            return None;
        };
        let ogi_side = self.chess_side.flip();
        let t = OGI_TOKENS[r as usize];
        Some(if ogi_side == Side::First {
            t.to_string()
        } else {
            t.to_ascii_lowercase()
        })
    }

    /// Reads a move in PMN and returns the legal move it names (history ignored).
    ///
    /// # Errors
    /// Malformed PMN ([`MoveError::Pmn`]), a drop whose piece is not given and several fit
    /// ([`MoveError::AmbiguousDrop`]), or a well-formed move that is not legal
    /// ([`MoveError::Illegal`] with its reason).
    pub fn parse_pmn(&self, text: &str) -> Result<Move, MoveError> {
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        let mut buf = String::with_capacity(10);
        for &m in list.iter() {
            buf.clear();
            let _ = self.write_pmn(m, &mut buf);
            if buf == text {
                return Ok(m);
            }
        }
        let (pmn, _) = Pmn::parse_lenient(text).map_err(|e| MoveError::pmn_syntax(text, e))?;
        if self.is_over() {
            return Err(illegal(text, Why::GameOver));
        }
        let tok = |p: Option<PmnPiece>| p.map(|p| p.encode().as_str().to_string());
        let (from, op, to, mutation, capture_mutation) = match pmn {
            Pmn::Quiet { from, to, mutation } => (from, b'-', to, tok(mutation), None),
            Pmn::Capture {
                from,
                to,
                mutation,
                capture_mutation,
            } => (from, b'+', to, tok(mutation), tok(capture_mutation)),
            Pmn::Special {
                from,
                to,
                mutation,
                capture_mutation,
            } => (from, b'~', to, tok(mutation), tok(capture_mutation)),
            Pmn::Drop {
                piece: p,
                to,
                mutation,
            } => {
                if mutation.is_some() {
                    return Err(illegal(text, Why::DropPromotes));
                }
                let to = square_of(text, to)?;
                return self.parse_drop(text, tok(p), to, &list);
            }
            other => {
                return Err(MoveError::pmn(
                    text,
                    PmnReason::NoSuchForm(other.form().name()),
                ))
            }
        };
        let (from, to) = (square_of(text, from)?, square_of(text, to)?);
        let own = self.occ[self.army_to_move() as usize];
        if own >> from.index() & 1 == 0 {
            return Err(illegal(text, Why::NoPiece(cell(from))));
        }
        let candidates: Vec<Move> = list
            .iter()
            .copied()
            .filter(|m| m.from() == Some(from) && m.to() == to)
            .collect();
        let moving = self.token_at(from).unwrap_or_default();
        if candidates.is_empty() {
            return Err(illegal(text, Why::CannotMoveThere(piece(&moving))));
        }
        for &m in &candidates {
            let m_op = if m.is_castle() {
                b'~'
            } else if m.is_capture() {
                b'+'
            } else {
                b'-'
            };
            if m_op != op {
                continue;
            }
            let result = self.after_unchecked(m).token_at(to).unwrap_or_default();
            match &mutation {
                Some(t) if *t != result => continue,
                None if m.is_promotion() => continue,
                _ => {}
            }
            if let Some(y) = &capture_mutation {
                if self.hand_token(m).as_deref() != Some(y.as_str()) {
                    continue;
                }
            }
            return Ok(m);
        }
        let first = candidates[0];
        let why = if candidates.iter().all(|m| m.is_promotion()) && mutation.is_none() {
            match first.final_piece() {
                Piece::Chess(_) => {
                    return Err(MoveError::pmn(
                        text,
                        PmnReason::Spelling("a promotion must name its piece (=Q, =R, =B or =N)"),
                    ))
                }
                Piece::Ogi(_) => {
                    let promoted = self.after_unchecked(first).token_at(to).unwrap_or_default();
                    Why::PromotionForced(piece(&promoted))
                }
            }
        } else if first.is_castle() && op != b'~' {
            return Err(MoveError::pmn(
                text,
                PmnReason::Spelling("castling is written e1~g1 (~)"),
            ));
        } else if first.is_capture() && op != b'+' {
            return Err(MoveError::pmn(
                text,
                PmnReason::Spelling("a capture is written with +"),
            ));
        } else if !first.is_capture() && op == b'+' {
            Why::NothingToCapture
        } else if mutation.is_some() && first.army() == super::Army::Ogi {
            Why::PromotionOutsideZone
        } else {
            Why::NotLegal
        };
        Err(illegal(text, why))
    }

    fn parse_drop(
        &self,
        text: &str,
        token: Option<String>,
        to: Square,
        list: &MoveList,
    ) -> Result<Move, MoveError> {
        let drops: Vec<Move> = list
            .iter()
            .copied()
            .filter(|m| m.is_drop() && m.to() == to)
            .collect();
        let Some(token) = token else {
            return match drops.len() {
                1 => Ok(drops[0]),
                0 => Err(illegal(
                    text,
                    if self.piece_at(to).is_some() {
                        Why::DropOccupied
                    } else {
                        Why::NoDrop
                    },
                )),
                _ => Err(MoveError::AmbiguousDrop {
                    text: text.into(),
                    candidates: drops.iter().map(|&m| self.move_to_pmn(m)).collect(),
                }),
            };
        };
        let mut buf = String::new();
        for &m in &drops {
            buf.clear();
            let _ = self.write_pmn(m, &mut buf);
            if buf.split('*').next() == Some(token.as_str()) {
                return Ok(m);
            }
        }
        let role = super::feen::ogi_token(&token.to_ascii_uppercase());
        let own_case = token
            .chars()
            .find(|c| c.is_ascii_alphabetic())
            .is_some_and(|c| c.is_ascii_uppercase() == (self.stm == Side::First));
        let why = match role {
            _ if !self.chess_to_move() && !own_case => Why::ForeignPiece(piece(&token)),
            None => Why::ForeignPiece(piece(&token)),
            Some(_) if self.chess_to_move() => Why::NotInHand(piece(&token)),
            Some(r) if self.ogi_hand(r) == 0 => Why::NotInHand(piece(&token)),
            Some(_) if self.piece_at(to).is_some() => Why::DropOccupied,
            Some(_) => Why::DropForbidden(piece(&token)),
        };
        Err(illegal(text, why))
    }
}
