//! PMN for Ōgi moves: canonical output, lenient input (ruling R1).
//!
//! Output: `e3-e4`, `c3+c4`, `e6-e7=+P`, `e1+e2/+R` (King's privilege), `S*c3`, `+R*e5`; the
//! second player's pieces in lowercase (`e6-e5`, `s*f6`, `d6-d3=+p`).
//! Input also accepts `c3+c4/P` (explicit default demotion), `e7-e8/+P` (a `/X` suffix on a
//! non-capturing move means `=X`), `e7-e8/P` and `e7-e8=P` (a declined promotion spelled out),
//! `*e5` and `*-e5` (a drop whose piece is inferred from the hand).
use super::error::MoveError;
use super::position::{parse_token, Position};
use super::types::{Kind, Move, MoveList};

fn square_name(sq: u8) -> [u8; 2] {
    [b'a' + sq % 8, b'1' + sq / 8]
}

fn push_square(s: &mut String, sq: u8) {
    let n = square_name(sq);
    s.push(n[0] as char);
    s.push(n[1] as char);
}

/// Reads a CELL square of the 8x8 board at the start of `s`: (square, rest).
fn read_square(s: &str) -> Result<(u8, &str), MoveError> {
    let b = s.as_bytes();
    let letters = b.iter().take_while(|c| c.is_ascii_lowercase()).count();
    let digits = b[letters..]
        .iter()
        .take_while(|c| c.is_ascii_digit())
        .count();
    let text = &s[..letters + digits];
    if letters == 0 || digits == 0 {
        return Err(MoveError::Syntax(format!(
            "expected a square (a1-h8) at {s:?}"
        )));
    }
    if letters != 1
        || digits != 1
        || !(b'a'..=b'h').contains(&b[0])
        || !(b'1'..=b'8').contains(&b[1])
    {
        return Err(MoveError::Square(text.into()));
    }
    Ok(((b[1] - b'1') * 8 + (b[0] - b'a'), &s[2..]))
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
        let side = self.stm;
        let mut s = String::with_capacity(12);
        match m.from() {
            None => {
                s.push_str(&m.kind().token(side));
                s.push('*');
                push_square(&mut s, m.to());
            }
            Some(from) => {
                push_square(&mut s, from);
                s.push(if m.captured().is_some() { '+' } else { '-' });
                push_square(&mut s, m.to());
                if m.is_promotion() {
                    s.push('=');
                    s.push_str(&m.final_kind().token(side));
                }
                if m.keeps_promoted() {
                    if let Some(k) = m.captured() {
                        s.push('/');
                        s.push_str(&k.token(side));
                    }
                }
            }
        }
        s
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
        if pmn.len() > 25 {
            return Err(MoveError::TooLong(pmn.len()));
        }
        if !pmn.is_ascii() || pmn.is_empty() {
            return Err(MoveError::Syntax(format!("{pmn:?} is not PMN")));
        }
        if pmn == "..." {
            return Err(MoveError::Syntax("Ōgi has no pass move".into()));
        }
        if pmn.contains('.') {
            return Err(MoveError::Syntax(
                "Ōgi has no drop with capture (drops go to empty squares)".into(),
            ));
        }
        if self.is_over() {
            return Err(MoveError::GameOver);
        }
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        if let Some(star) = pmn.find('*') {
            return self.parse_drop(pmn, &pmn[..star], &pmn[star + 1..], &list);
        }
        if pmn.starts_with('+') {
            return Err(MoveError::Syntax("Ōgi has no static capture (+sq)".into()));
        }
        let (from, rest) = read_square(pmn)?;
        let op = rest.as_bytes().first().copied();
        let capture = match op {
            Some(b'-') => false,
            Some(b'+') => true,
            Some(b'~') => return Err(MoveError::Syntax("Ōgi has no special moves (~)".into())),
            Some(b'=') => {
                return Err(MoveError::Syntax(
                    "Ōgi has no in-place mutation (sq=X)".into(),
                ))
            }
            _ => {
                return Err(MoveError::Syntax(format!(
                    "expected -, + after the origin in {pmn:?}"
                )))
            }
        };
        let (to, rest) = read_square(&rest[1..])?;
        // suffixes
        let (mut promo_tok, mut slash_tok) = (None, None);
        let mut rest = rest;
        if let Some(r) = rest.strip_prefix('=') {
            let end = r.find('/').unwrap_or(r.len());
            promo_tok = Some(&r[..end]);
            rest = &r[end..];
        }
        if let Some(r) = rest.strip_prefix('/') {
            slash_tok = Some(r);
            rest = "";
        }
        if !rest.is_empty() {
            return Err(MoveError::Syntax(format!("unexpected {rest:?} in {pmn:?}")));
        }
        if !capture && slash_tok.is_some() {
            if promo_tok.is_some() {
                return Err(MoveError::Syntax(format!(
                    "{pmn:?}: a move to an empty square captures nothing, so it takes no /"
                )));
            }
            promo_tok = slash_tok.take(); // R1: e7-e8/+P means e7-e8=+P
        }
        let illegal = |reason: String| MoveError::Illegal {
            pmn: pmn.into(),
            reason,
        };
        let Some((side, kind)) = self.piece_at(from).filter(|(s, _)| *s == self.stm) else {
            return Err(MoveError::NoPiece(
                String::from_utf8_lossy(&square_name(from)).into(),
            ));
        };
        let _ = side;
        let target = self.piece_at(to);
        match (capture, target) {
            (false, Some(_)) => {
                return Err(illegal(
                    "the destination is occupied (a capture is written +)".into(),
                ))
            }
            (true, None) => return Err(illegal("nothing to capture on the destination".into())),
            (true, Some((s, _))) if s == self.stm => {
                return Err(illegal("the destination holds an own piece".into()))
            }
            _ => {}
        }
        let promote = match promo_tok {
            None => false,
            Some(t) => {
                let (s, k, j) = parse_token(t).ok_or_else(|| MoveError::Piece(t.into()))?;
                if s != self.stm || j {
                    return Err(MoveError::Piece(t.into()));
                }
                if k == kind {
                    false // a declined promotion spelled out
                } else if kind.can_promote() && k == kind.promoted() {
                    true
                } else {
                    return Err(illegal(format!(
                        "a {} cannot become {t}",
                        kind.token(self.stm)
                    )));
                }
            }
        };
        let keep = match (slash_tok, target) {
            (None, _) | (_, None) => false,
            (Some(t), Some((_, cap))) => {
                let (s, k, j) = parse_token(t).ok_or_else(|| MoveError::Piece(t.into()))?;
                if s != self.stm || j {
                    return Err(MoveError::Piece(t.into()));
                }
                if k == cap.demoted() {
                    false
                } else if k == cap && cap.is_promoted() {
                    if kind != Kind::King {
                        return Err(illegal(
                            "only the King may keep a captured piece promoted".into(),
                        ));
                    }
                    true
                } else {
                    return Err(illegal(format!(
                        "the captured piece enters the hand as {} (or kept promoted by the King)",
                        cap.demoted().token(self.stm)
                    )));
                }
            }
        };
        let candidates: Vec<Move> = list
            .iter()
            .copied()
            .filter(|m| m.from() == Some(from) && m.to() == to)
            .collect();
        if candidates.is_empty() {
            return Err(illegal(format!(
                "the {} cannot move there",
                kind.token(self.stm)
            )));
        }
        if let Some(m) = candidates
            .iter()
            .copied()
            .find(|m| m.is_promotion() == promote && m.keeps_promoted() == keep)
        {
            return Ok(m);
        }
        if !promote && candidates.iter().all(|m| m.is_promotion()) {
            return Err(illegal(format!(
                "promotion is forced here: write ={}",
                kind.promoted().token(self.stm)
            )));
        }
        Err(illegal(if promote {
            "promotion needs a move that starts or ends in the promotion zone".into()
        } else {
            "no such move".into()
        }))
    }

    fn parse_drop(
        &self,
        pmn: &str,
        piece: &str,
        dest: &str,
        list: &MoveList,
    ) -> Result<Move, MoveError> {
        let dest = dest.strip_prefix('-').unwrap_or(dest); // the seed's `*-e5`
        let (to, rest) = read_square(dest)?;
        if !rest.is_empty() {
            return Err(MoveError::Illegal {
                pmn: pmn.into(),
                reason: "a drop never promotes and captures nothing (no suffix)".into(),
            });
        }
        let illegal = |reason: String| MoveError::Illegal {
            pmn: pmn.into(),
            reason,
        };
        let drops = list.iter().copied().filter(|m| m.is_drop() && m.to() == to);
        if piece.is_empty() {
            let c: Vec<Move> = drops.collect();
            return match c.len() {
                1 => Ok(c[0]),
                0 => Err(illegal(if self.piece_at(to).is_some() {
                    "the square is occupied".into()
                } else {
                    "no piece in hand can be dropped there".into()
                })),
                _ => Err(MoveError::AmbiguousDrop {
                    square: String::from_utf8_lossy(&square_name(to)).into(),
                    candidates: c.iter().map(|&m| self.move_to_pmn(m)).collect(),
                }),
            };
        }
        let (s, k, j) = parse_token(piece).ok_or_else(|| MoveError::Piece(piece.into()))?;
        if s != self.stm || j {
            return Err(MoveError::Piece(piece.into()));
        }
        if let Some(m) = drops.clone().find(|m| m.kind() == k) {
            return Ok(m);
        }
        Err(illegal(if self.hand_count(s, k) == 0 {
            format!("no {piece} in hand")
        } else if self.piece_at(to).is_some() {
            "the square is occupied".into()
        } else if k == Kind::Pawn {
            "an unpromoted pawn is never dropped".into()
        } else if k == Kind::Lance {
            "an unpromoted lance cannot be dropped on the last rank".into()
        } else if k == Kind::Knight {
            "an unpromoted knight cannot be dropped on the last two ranks".into()
        } else {
            "drop not allowed".into()
        }))
    }
}
