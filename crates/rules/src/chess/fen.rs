//! FEN in and out, and the checks every imported position passes.

use super::error::{cell, fen_err, FenField as F, FenReason as R, MarkerReason, PlacementError};
use super::tables::{BK, BQ, WK, WQ};
use super::{Position, PositionError, Role, Side};
use crate::kit::Square;

impl Position {
    /// Reads a FEN string (`placement side castling en-passant [halfmove fullmove]`; the two
    /// counters default to `0 1`). Castling rights need their king and rook at home; the
    /// en-passant square, when given, must lie behind a pawn that has just double-stepped. The
    /// position has empty hands.
    pub fn from_fen(fen: &str) -> Result<Position, PositionError> {
        if fen.len() > 128 {
            return Err(fen_err(F::Fields, R::TooLong));
        }
        let fields: Vec<&str> = fen.split_ascii_whitespace().collect();
        if !(4..=6).contains(&fields.len()) {
            return Err(fen_err(F::Fields, R::FieldCount(fields.len())));
        }
        let mut p = Position::empty();
        let ranks: Vec<&str> = fields[0].split('/').collect();
        if ranks.len() != 8 {
            return Err(fen_err(F::Placement, R::RankCount));
        }
        for (i, rank) in ranks.iter().enumerate() {
            let r = 7 - i as u8;
            let mut file = 0u8;
            for c in rank.bytes() {
                match c {
                    b'1'..=b'8' => file += c - b'0',
                    _ => {
                        let role = Role::from_letter(c)
                            .ok_or_else(|| fen_err(F::Placement, R::UnknownPiece(c as char)))?;
                        if file >= 8 {
                            return Err(fen_err(F::Placement, R::RankTooLong(r + 1)));
                        }
                        let color = if c.is_ascii_uppercase() {
                            Side::First
                        } else {
                            Side::Second
                        };
                        p.put(color, role, r * 8 + file);
                        file += 1;
                    }
                }
                if file > 8 {
                    return Err(fen_err(F::Placement, R::RankTooLong(r + 1)));
                }
            }
            if file != 8 {
                return Err(fen_err(F::Placement, R::RankTooShort(r + 1)));
            }
        }
        p.side = match fields[1] {
            "w" => Side::First,
            "b" => Side::Second,
            _ => return Err(fen_err(F::Side, R::Expected("w or b"))),
        };
        if fields[2] != "-" {
            for c in fields[2].bytes() {
                let bit = match c {
                    b'K' => WK,
                    b'Q' => WQ,
                    b'k' => BK,
                    b'q' => BQ,
                    _ => return Err(fen_err(F::Castling, R::Expected("KQkq or -"))),
                };
                if p.castling & bit != 0 {
                    return Err(fen_err(F::Castling, R::RepeatedRight));
                }
                p.castling |= bit;
            }
        }
        if fields[3] != "-" {
            let t = Square::parse(fields[3])
                .ok_or_else(|| fen_err(F::EnPassant, R::Expected("a square or -")))?;
            let want = if p.side == Side::First { 5 } else { 2 };
            if t.rank() != want {
                return Err(fen_err(
                    F::EnPassant,
                    R::Expected("a square on the 6th rank (White to move) or the 3rd (Black)"),
                ));
            }
            p.ep = t.index() as u8;
        }
        if let Some(h) = fields.get(4) {
            p.halfmove = h
                .parse()
                .map_err(|_| fen_err(F::Halfmove, R::Expected("a number below 65536")))?;
        }
        if let Some(f) = fields.get(5) {
            p.fullmove = f
                .parse()
                .map_err(|_| fen_err(F::Fullmove, R::Expected("a number below 65536")))?;
            if p.fullmove == 0 {
                return Err(fen_err(F::Fullmove, R::FullmoveZero));
            }
        }
        p.check_castling()
            .map_err(|r| fen_err(F::Castling, R::Impossible(r)))?;
        p.check_ep()
            .map_err(|r| fen_err(F::EnPassant, R::Impossible(r)))?;
        p.validate()?;
        p.key = p.compute_key();
        Ok(p)
    }

    /// Each castling right needs its king and rook at home.
    pub(crate) fn check_castling(&self) -> Result<(), MarkerReason> {
        for i in 0..4 {
            if !self.right(i) {
                continue;
            }
            let color = if i < 2 { Side::First } else { Side::Second };
            let home = if i < 2 { 4 } else { 60 };
            if self.king(color).index() != home || self.pieces(color, Role::King).count() != 1 {
                return Err(MarkerReason::CastlingKingMoved);
            }
            let corner = Position::right_corner(i);
            if !self
                .pieces(color, Role::Rook)
                .has(Square::from_index(corner))
            {
                return Err(MarkerReason::CastlingRookMoved);
            }
        }
        Ok(())
    }

    /// The en-passant target must lie behind an enemy pawn that has just double-stepped.
    pub(crate) fn check_ep(&self) -> Result<(), MarkerReason> {
        if self.ep == 0 {
            return Ok(());
        }
        let t = self.ep;
        let them = self.side.flip();
        let pawn = t ^ 8;
        let origin = if self.side == Side::First {
            t + 8
        } else {
            t - 8
        };
        if !self.pieces(them, Role::Pawn).has(Square::from_index(pawn)) {
            return Err(MarkerReason::NoDoubleStep);
        }
        if self.occupied().has(Square::from_index(t))
            || self.occupied().has(Square::from_index(origin))
        {
            return Err(MarkerReason::PassedSquaresOccupied);
        }
        Ok(())
    }

    /// Checks shared by every import: one king a side, at most 16 pieces a side, no pawn on a
    /// back rank, the side not to move not in check.
    pub(crate) fn validate(&self) -> Result<(), PositionError> {
        for side in Side::BOTH {
            let count = self.pieces(side, Role::King).count();
            if count != 1 {
                return Err(PlacementError::KingCount { side, count }.into());
            }
        }
        for side in Side::BOTH {
            if self.by_color[side.index()].count_ones() > 16 {
                return Err(PlacementError::TooManyPieces { side }.into());
            }
        }
        let back = self.by_role[0] & 0xff00_0000_0000_00ff;
        if back != 0 {
            let sq = Square::from_index(back.trailing_zeros() as u8);
            return Err(PlacementError::PawnOnBackRank { square: cell(sq) }.into());
        }
        let them = self.side.flip();
        if self.attacked_by(self.king(them).index() as u8, self.side, self.occupied().0) {
            return Err(PositionError::OpponentInCheck);
        }
        Ok(())
    }

    /// The FEN string (`-` for no castling right; the en-passant square whenever a pawn has
    /// just double-stepped, as the `-P` marker says).
    pub fn to_fen(&self) -> String {
        let mut s = String::with_capacity(90);
        for r in (0..8u8).rev() {
            let mut empty = 0;
            for f in 0..8u8 {
                match self.piece_at(Square::at(f, r)) {
                    None => empty += 1,
                    Some((c, role)) => {
                        if empty > 0 {
                            s.push((b'0' + empty) as char);
                            empty = 0;
                        }
                        let l = role.letter();
                        s.push(if c == Side::First {
                            l as char
                        } else {
                            l.to_ascii_lowercase() as char
                        });
                    }
                }
            }
            if empty > 0 {
                s.push((b'0' + empty) as char);
            }
            if r > 0 {
                s.push('/');
            }
        }
        s.push_str(if self.side == Side::First {
            " w "
        } else {
            " b "
        });
        if self.castling == 0 {
            s.push('-');
        }
        for (bit, c) in [(WK, 'K'), (WQ, 'Q'), (BK, 'k'), (BQ, 'q')] {
            if self.castling & bit != 0 {
                s.push(c);
            }
        }
        s.push(' ');
        match self.ep_square() {
            Some(t) => s.push_str(&t.to_string()),
            None => s.push('-'),
        }
        s.push_str(&format!(" {} {}", self.halfmove, self.fullmove));
        s
    }
}
