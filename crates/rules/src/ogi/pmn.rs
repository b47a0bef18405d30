//! PMN for Ōgi moves: canonical output, lenient input (ruling R1).
//!
//! Output: `e3-e4`, `c3+c4`, `e6-e7=+P`, `e1+e2/+R` (King's privilege), `S*c3`, `+R*e5`; the
//! second player's pieces in lowercase (`e6-e5`, `s*f6`, `d6-d3=+p`).
//! Input also accepts `c3+c4/P` (explicit default demotion), `e7-e8/+P` (a `/X` suffix on a
//! non-capturing move means `=X`), `e7-e8/P` and `e7-e8=P` (a declined promotion spelled out),
//! `*e5` and `*-e5` (a drop whose piece is inferred from the hand).
use std::fmt;

use super::error::{cell, illegal, piece, OgiReason};
use super::position::{parse_token, Position};
use super::types::{Move, MoveList, Role};
use tegoma_notation::cell::Cell;
use tegoma_notation::pmn::{Piece, Pmn};
use tegoma_protocol::error::PmnReason;
use tegoma_protocol::{IllegalReason as Why, MoveError};

fn square_name(sq: u8) -> [u8; 2] {
    [b'a' + sq % 8, b'1' + sq / 8]
}

fn write_square<W: fmt::Write + ?Sized>(out: &mut W, sq: u8) -> fmt::Result {
    let n = square_name(sq);
    out.write_char(n[0] as char)?;
    out.write_char(n[1] as char)
}

/// The 8x8 square of a CELL coordinate.
fn square(pmn: &str, c: Cell) -> Result<u8, MoveError> {
    match c.indices() {
        &[f, r] if f < 8 && r < 8 => Ok(r * 8 + f),
        _ => Err(MoveError::pmn(pmn, PmnReason::OffBoard(c))),
    }
}

impl Position {
    /// The canonical PMN of `m`, one of this position's moves.
    ///
    /// ```
    /// use tegoma_rules::ogi::Position;
    /// let p = Position::startpos();
    /// let m = p.parse_pmn("e3-e4")?;
    /// assert_eq!(p.move_to_pmn(m), "e3-e4");
    /// # Ok::<(), tegoma_rules::ogi::MoveError>(())
    /// ```
    pub fn move_to_pmn(&self, m: Move) -> String {
        let mut s = String::with_capacity(12);
        let _ = self.write_pmn(m, &mut s);
        s
    }

    /// Writes [`Position::move_to_pmn`] without allocating.
    ///
    /// # Errors
    /// Those of the writer.
    pub fn write_pmn<W: fmt::Write + ?Sized>(&self, m: Move, out: &mut W) -> fmt::Result {
        let side = self.stm;
        match m.origin() {
            None => {
                m.role().write_token(side, out)?;
                out.write_char('*')?;
                write_square(out, m.dest())?;
            }
            Some(from) => {
                write_square(out, from)?;
                out.write_char(if m.captured().is_some() { '+' } else { '-' })?;
                write_square(out, m.dest())?;
                if m.is_promotion() {
                    out.write_char('=')?;
                    m.final_role().write_token(side, out)?;
                }
                if m.keeps_promoted() {
                    if let Some(k) = m.captured() {
                        out.write_char('/')?;
                        k.write_token(side, out)?;
                    }
                }
            }
        }
        Ok(())
    }

    /// Reads a PMN move and returns the legal move it names (history ignored), or a typed
    /// reason. Lenient forms of R1 are accepted (see the module documentation).
    ///
    /// ```
    /// use tegoma_rules::ogi::{MoveError, Position};
    /// let p = Position::from_feen("4k^3/8/8/8/8/8/8/4K^3 +RS/ O/o")?;
    /// assert!(matches!(p.parse_pmn("*e5"), Err(MoveError::AmbiguousDrop { .. })));
    /// assert_eq!(p.move_to_pmn(p.parse_pmn("+R*e5")?), "+R*e5");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn parse_pmn(&self, pmn: &str) -> Result<Move, MoveError> {
        let (parsed, _how) = Pmn::parse_lenient(pmn).map_err(|e| MoveError::pmn_syntax(pmn, e))?;
        let tok = |p: Option<Piece>| p.map(|p| p.encode());
        let (from, to, capture, mutation, capture_mutation) = match parsed {
            Pmn::Quiet { from, to, mutation } => (from, to, false, tok(mutation), None),
            Pmn::Capture {
                from,
                to,
                mutation,
                capture_mutation,
            } => (from, to, true, tok(mutation), tok(capture_mutation)),
            Pmn::Drop {
                piece,
                to,
                mutation,
            } => {
                if self.is_over() {
                    return Err(illegal(pmn, Why::GameOver));
                }
                let to = square(pmn, to)?;
                if mutation.is_some() {
                    return Err(illegal(pmn, Why::DropPromotes));
                }
                let piece = tok(piece);
                let mut list = MoveList::new();
                self.legal_moves_into(&mut list);
                return self.parse_drop(pmn, piece.as_ref().map_or("", |p| p.as_str()), to, &list);
            }
            other => {
                return Err(MoveError::pmn(
                    pmn,
                    PmnReason::NoSuchForm(other.form().name()),
                ))
            }
        };
        if self.is_over() {
            return Err(illegal(pmn, Why::GameOver));
        }
        let (from, to) = (square(pmn, from)?, square(pmn, to)?);
        let promo_tok = mutation.as_ref().map(|t| t.as_str());
        let slash_tok = capture_mutation.as_ref().map(|t| t.as_str());
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        let illegal = |reason: Why| illegal(pmn, reason);
        let foreign = |t: &str| illegal(Why::ForeignPiece(piece(t)));
        let Some((_, kind)) = self.piece_on(from).filter(|(s, _)| *s == self.stm) else {
            return Err(illegal(Why::NoPiece(cell(from))));
        };
        let target = self.piece_on(to);
        match (capture, target) {
            (false, Some(_)) => return Err(illegal(Why::Occupied)),
            (true, None) => return Err(illegal(Why::NothingToCapture)),
            (true, Some((s, _))) if s == self.stm => return Err(illegal(Why::OwnPiece)),
            _ => {}
        }
        let promote = match promo_tok {
            None => false,
            Some(t) => {
                let (s, k, j) = parse_token(t).ok_or_else(|| foreign(t))?;
                if s != self.stm || j {
                    return Err(foreign(t));
                }
                if k == kind {
                    false // a declined promotion spelled out
                } else if kind.can_promote() && k == kind.promoted() {
                    true
                } else {
                    return Err(illegal(Why::CannotBecome {
                        piece: piece(&kind.token(self.stm)),
                        into: piece(t),
                    }));
                }
            }
        };
        let keep = match (slash_tok, target) {
            (None, _) | (_, None) => false,
            (Some(t), Some((_, cap))) => {
                let (s, k, j) = parse_token(t).ok_or_else(|| foreign(t))?;
                if s != self.stm || j {
                    return Err(foreign(t));
                }
                if k == cap.demoted() {
                    false
                } else if k == cap && cap.is_promoted() {
                    if kind != Role::King {
                        return Err(illegal(OgiReason::OnlyKingKeepsPromoted.into()));
                    }
                    true
                } else {
                    return Err(illegal(
                        OgiReason::CapturedEntersAs(piece(&cap.demoted().token(self.stm))).into(),
                    ));
                }
            }
        };
        let candidates: Vec<Move> = list
            .iter()
            .copied()
            .filter(|m| m.origin() == Some(from) && m.dest() == to)
            .collect();
        if candidates.is_empty() {
            return Err(illegal(Why::CannotMoveThere(piece(&kind.token(self.stm)))));
        }
        if let Some(m) = candidates
            .iter()
            .copied()
            .find(|m| m.is_promotion() == promote && m.keeps_promoted() == keep)
        {
            return Ok(m);
        }
        if !promote && candidates.iter().all(|m| m.is_promotion()) {
            return Err(illegal(Why::PromotionForced(piece(
                &kind.promoted().token(self.stm),
            ))));
        }
        Err(illegal(if promote {
            Why::PromotionOutsideZone
        } else {
            Why::NotLegal
        }))
    }

    fn parse_drop(
        &self,
        pmn: &str,
        token: &str,
        to: u8,
        list: &MoveList,
    ) -> Result<Move, MoveError> {
        let illegal = |reason: Why| illegal(pmn, reason);
        let drops = list
            .iter()
            .copied()
            .filter(|m| m.is_drop() && m.dest() == to);
        if token.is_empty() {
            let c: Vec<Move> = drops.collect();
            return match c.len() {
                1 => Ok(c[0]),
                0 => Err(illegal(if self.piece_on(to).is_some() {
                    Why::DropOccupied
                } else {
                    Why::NoDrop
                })),
                _ => Err(MoveError::AmbiguousDrop {
                    text: pmn.into(),
                    candidates: c.iter().map(|&m| self.move_to_pmn(m)).collect(),
                }),
            };
        }
        let (s, k, j) =
            parse_token(token).ok_or_else(|| illegal(Why::ForeignPiece(piece(token))))?;
        if s != self.stm || j {
            return Err(illegal(Why::ForeignPiece(piece(token))));
        }
        if let Some(m) = drops.clone().find(|m| m.role() == k) {
            return Ok(m);
        }
        Err(illegal(if self.hand_count(s, k) == 0 {
            Why::NotInHand(piece(token))
        } else if self.piece_on(to).is_some() {
            Why::DropOccupied
        } else if matches!(k, Role::Pawn | Role::Lance | Role::Knight) {
            Why::DropForbidden(piece(token))
        } else {
            Why::NotLegal
        }))
    }
}
