//! SAN and UCI move strings.

use super::{Move, MoveError, MoveKind, MoveList, Position, Role, Side};
use crate::kit::Square;

fn san_err(s: &str, why: &'static str) -> MoveError {
    MoveError::San(tegoma_protocol::error::MoveSyntax::new(s, why))
}

fn uci_err(s: &str, why: &'static str) -> MoveError {
    MoveError::Uci(tegoma_protocol::error::MoveSyntax::new(s, why))
}

impl Position {
    /// The SAN of `mv` (legal here): `Nf3`, `exd5`, `Rad1`, `N5xe4`, `e8=Q+`, `O-O`, `Qh4#`.
    pub fn to_san(&self, mv: Move) -> String {
        let mut s = String::with_capacity(8);
        if mv.kind() == MoveKind::Castle {
            s.push_str(if mv.to().file() == 6 { "O-O" } else { "O-O-O" });
        } else {
            let role = self.role_at(mv.from().index() as u8);
            if role == Role::Pawn {
                if mv.is_capture() {
                    s.push((b'a' + mv.from().file()) as char);
                    s.push('x');
                }
            } else {
                s.push(role.letter() as char);
                let mut list = MoveList::new();
                self.legal_moves_into(&mut list);
                let others: Vec<Move> = list
                    .iter()
                    .filter(|m| {
                        m.to() == mv.to()
                            && m.from() != mv.from()
                            && self.role_at(m.from().index() as u8) == role
                    })
                    .copied()
                    .collect();
                if !others.is_empty() {
                    let file_unique = others.iter().all(|m| m.from().file() != mv.from().file());
                    let rank_unique = others.iter().all(|m| m.from().rank() != mv.from().rank());
                    if file_unique {
                        s.push((b'a' + mv.from().file()) as char);
                    } else if rank_unique {
                        s.push((b'1' + mv.from().rank()) as char);
                    } else {
                        s.push_str(&mv.from().to_string());
                    }
                }
                if mv.is_capture() {
                    s.push('x');
                }
            }
            s.push_str(&mv.to().to_string());
            if let Some(r) = mv.promotion_role() {
                s.push('=');
                s.push(r.letter() as char);
            }
        }
        let after = self.after_unchecked(mv);
        if after.is_check() {
            s.push(if after.has_legal_move() { '+' } else { '#' });
        }
        s
    }

    /// Reads a SAN move and returns the legal move it names. Lenient: `0-0`/`0-0-0`, a missing
    /// or superfluous `+`/`#`, annotations (`!`, `?`), a missing `x`, `e.p.`, promotions written
    /// `e8Q`, `e8=Q`, `e8/Q` or `e8(Q)`, and over-specified origins (`Ng1f3`).
    pub fn parse_san(&self, text: &str) -> Result<Move, MoveError> {
        if text.len() > 32 {
            return Err(san_err(text, "too long"));
        }
        let mut s = text.trim();
        s = s.trim_end_matches(['+', '#', '!', '?']);
        s = s.strip_suffix("e.p.").unwrap_or(s).trim_end();
        if s.is_empty() || !s.is_ascii() {
            return Err(san_err(text, "empty or not ASCII"));
        }
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        if matches!(s, "O-O" | "0-0" | "O-O-O" | "0-0-0") {
            let file = if s.len() == 3 { 6 } else { 2 };
            return list
                .iter()
                .find(|m| m.kind() == MoveKind::Castle && m.to().file() == file)
                .copied()
                .ok_or_else(|| super::error::illegal(text));
        }
        let b = s.as_bytes();
        let (role, mut rest) = match b[0] {
            b'K' | b'Q' | b'R' | b'B' | b'N' => (Role::from_letter(b[0]), &b[1..]),
            b'P' => (Some(Role::Pawn), &b[1..]),
            _ => (Some(Role::Pawn), b),
        };
        let role = role.ok_or_else(|| san_err(text, "unknown piece"))?;
        // Promotion suffix.
        let mut promo = None;
        if let Some(&last) = rest.last() {
            if let Some(r @ (Role::Queen | Role::Rook | Role::Bishop | Role::Knight)) =
                Role::from_letter(last).filter(|_| last.is_ascii_uppercase())
            {
                if rest.len() >= 3 {
                    promo = Some(r);
                    rest = &rest[..rest.len() - 1];
                    if matches!(rest.last(), Some(b'=' | b'/')) {
                        rest = &rest[..rest.len() - 1];
                    }
                }
            } else if last == b')' && rest.len() >= 5 && rest[rest.len() - 3] == b'(' {
                promo = Role::from_letter(rest[rest.len() - 2]);
                rest = &rest[..rest.len() - 3];
            }
        }
        if rest.len() < 2 {
            return Err(san_err(text, "missing destination square"));
        }
        let dest = std::str::from_utf8(&rest[rest.len() - 2..]).unwrap_or("");
        let to = Square::parse(dest).ok_or_else(|| san_err(text, "bad destination square"))?;
        let mut head = &rest[..rest.len() - 2];
        let mut capture = false;
        if let Some((&c, h)) = head.split_last() {
            if c == b'x' || c == b':' || c == b'-' {
                capture = c != b'-';
                head = h;
            }
        }
        let (mut ff, mut fr) = (None, None);
        for &c in head {
            match c {
                b'a'..=b'h' if ff.is_none() && fr.is_none() => ff = Some(c - b'a'),
                b'1'..=b'8' if fr.is_none() => fr = Some(c - b'1'),
                _ => return Err(san_err(text, "malformed origin")),
            }
        }
        if role == Role::Pawn && capture && ff.is_none() {
            return Err(san_err(text, "a pawn capture names its file"));
        }
        // A pawn move that names no file is a push: it stays on the destination's file.
        if role == Role::Pawn && ff.is_none() {
            ff = Some(to.file());
        }
        let candidates: Vec<Move> = list
            .iter()
            .filter(|m| {
                m.to() == to
                    && m.kind() != MoveKind::Castle
                    && self.role_at(m.from().index() as u8) == role
                    && ff.is_none_or(|f| m.from().file() == f)
                    && fr.is_none_or(|r| m.from().rank() == r)
                    && m.promotion_role() == promo
                    && (!capture || m.is_capture())
            })
            .copied()
            .collect();
        match candidates.len() {
            1 => Ok(candidates[0]),
            0 => {
                let needs_promo = promo.is_none()
                    && list.iter().any(|m| {
                        m.to() == to
                            && m.promotion_role().is_some()
                            && self.role_at(m.from().index() as u8) == role
                    });
                if needs_promo {
                    Err(san_err(text, "a promotion must name its piece"))
                } else {
                    Err(super::error::illegal(text))
                }
            }
            _ => {
                let names: Vec<String> = candidates.iter().map(|m| m.to_string()).collect();
                Err(MoveError::AmbiguousSan {
                    text: text.to_string(),
                    candidates: names,
                })
            }
        }
    }

    /// Reads a UCI move (`e2e4`, `e7e8q`; castling as `e1g1`, or leniently as the king taking
    /// its own rook, `e1h1`) and returns the legal move it names.
    pub fn parse_uci(&self, s: &str) -> Result<Move, MoveError> {
        let b = s.as_bytes();
        if !(4..=5).contains(&b.len()) || !s.is_ascii() {
            return Err(uci_err(
                s,
                "expected 4 or 5 characters such as e2e4 or e7e8q",
            ));
        }
        let from = Square::parse(&s[0..2]).ok_or_else(|| uci_err(s, "bad origin square"))?;
        let mut to = Square::parse(&s[2..4]).ok_or_else(|| uci_err(s, "bad destination square"))?;
        let promo = match b.get(4) {
            None => None,
            Some(&c) => match Role::from_letter(c) {
                Some(r @ (Role::Queen | Role::Rook | Role::Bishop | Role::Knight)) => Some(r),
                _ => return Err(uci_err(s, "bad promotion letter")),
            },
        };
        // King takes own rook: castling in Chess960 notation.
        if let (Some((c, Role::King)), Some((c2, Role::Rook))) =
            (self.piece_at(from), self.piece_at(to))
        {
            if c == c2 && c == self.side_to_move() && from.rank() == to.rank() {
                to = Square::at(if to.file() > from.file() { 6 } else { 2 }, from.rank());
            }
        }
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        list.iter()
            .find(|m| m.from() == from && m.to() == to && m.promotion_role() == promo)
            .copied()
            .ok_or_else(|| super::error::illegal(s))
    }

    /// The UCI string of `mv` (same as [`Move::to_uci`]).
    pub fn to_uci(&self, mv: Move) -> String {
        mv.to_uci()
    }

    /// The colour of the piece on `sq`, if any.
    pub fn color_at(&self, sq: Square) -> Option<Side> {
        self.piece_at(sq).map(|(c, _)| c)
    }
}
