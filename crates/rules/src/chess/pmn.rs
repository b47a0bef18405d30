//! PMN for chess moves: canonical output (ruling R1), lenient input.
//!
//! Output is [`Move`]'s `Display`: `e2-e4`, `d1+f3`, `e1~g1`, `e5~f6`, `e7-e8=Q`, `b7+a8=N`.
//! Input accepts the canonical form plus R1's lenient spellings: `e7-e8/Q` (a `/X` suffix on a
//! non-capturing move means `=X`), and explicit suffixes equal to the implicit result
//! (`e2-e4=-P`, `e1-e2=K^`, `e1~g1=K^`, `d1+f3/n` when f3 holds `n`, `e5~f6/-p`).

use super::{ChessError, Move, MoveKind, MoveList, Position};
use crate::kit::Square;

/// The longest PMN string (ruling R6).
pub const MAX_PMN_LEN: usize = 25;

/// A strictly parsed chess PMN string: squares, operator and optional suffix tokens.
struct Parsed<'a> {
    from: Square,
    op: u8,
    to: Square,
    actor: Option<&'a str>,
    captured: Option<&'a str>,
}

fn err(s: &str, why: &'static str) -> ChessError {
    ChessError::Pmn(s.chars().take(32).collect(), why)
}

/// Reads a CELL coordinate at the start of `b` and requires it on the 8x8 board.
fn square(s: &str, b: &[u8]) -> Result<(Square, usize), ChessError> {
    let letters = b.iter().take_while(|c| c.is_ascii_lowercase()).count();
    let digits = b[letters..]
        .iter()
        .take_while(|c| c.is_ascii_digit())
        .count();
    if letters == 0 || digits == 0 {
        return Err(err(s, "expected a square such as e4"));
    }
    let more_upper = b
        .get(letters + digits)
        .is_some_and(|c| c.is_ascii_uppercase());
    if letters != 1 || digits != 1 || more_upper || !(b'a'..=b'h').contains(&b[0]) {
        return Err(err(s, "square off the 8x8 chess board"));
    }
    if !(b'1'..=b'8').contains(&b[1]) {
        return Err(err(s, "square off the 8x8 chess board"));
    }
    Ok((Square::at(b[0] - b'a', b[1] - b'1'), 2))
}

/// An EPIN token: `[+-]?letter^?'?`.
fn epin_len(b: &[u8]) -> usize {
    let mut i = 0;
    if matches!(b.first(), Some(b'+' | b'-')) {
        i += 1;
    }
    if !b.get(i).is_some_and(u8::is_ascii_alphabetic) {
        return 0;
    }
    i += 1;
    if b.get(i) == Some(&b'^') {
        i += 1;
    }
    if b.get(i) == Some(&b'\'') {
        i += 1;
    }
    i
}

fn parse(s: &str) -> Result<Parsed<'_>, ChessError> {
    if s.len() > MAX_PMN_LEN {
        return Err(err(s, "longer than 25 bytes"));
    }
    if s.is_empty() {
        return Err(err(s, "empty"));
    }
    if !s.is_ascii() {
        return Err(err(s, "not ASCII"));
    }
    let b = s.as_bytes();
    if s == "..." {
        return Err(err(s, "chess has no pass move"));
    }
    if b.contains(&b'*') || b.contains(&b'.') {
        return Err(err(s, "chess has no drops"));
    }
    if b[0] == b'+' {
        return Err(err(s, "chess has no static capture"));
    }
    let (from, n) = square(s, b)?;
    let op = *b
        .get(n)
        .ok_or_else(|| err(s, "missing operator after the origin"))?;
    if op == b'=' {
        return Err(err(s, "chess has no in-place mutation"));
    }
    if !matches!(op, b'-' | b'+' | b'~') {
        return Err(err(s, "expected an operator -, + or ~"));
    }
    let (to, m) = square(s, &b[n + 1..])?;
    let mut i = n + 1 + m;
    let mut actor = None;
    let mut captured = None;
    if b.get(i) == Some(&b'=') {
        let l = epin_len(&b[i + 1..]);
        if l == 0 {
            return Err(err(s, "expected a piece token after ="));
        }
        actor = Some(&s[i + 1..i + 1 + l]);
        i += 1 + l;
    }
    if b.get(i) == Some(&b'/') {
        let l = epin_len(&b[i + 1..]);
        if l == 0 {
            return Err(err(s, "expected a piece token after /"));
        }
        captured = Some(&s[i + 1..i + 1 + l]);
        i += 1 + l;
    }
    if i != b.len() {
        return Err(err(s, "unexpected text after the move"));
    }
    // Ruling R1: on a non-capturing move, `/X` means `=X`.
    if op == b'-' && captured.is_some() {
        if actor.is_some() {
            return Err(err(s, "a move to an empty square captures nothing (/)"));
        }
        actor = captured.take();
    }
    Ok(Parsed {
        from,
        op,
        to,
        actor,
        captured,
    })
}

impl Position {
    /// Reads a chess move in PMN (canonical or one of ruling R1's lenient forms) and returns
    /// the legal move it names.
    pub fn parse_pmn(&self, s: &str) -> Result<Move, ChessError> {
        let p = parse(s)?;
        let mut list = MoveList::new();
        self.legal_moves(&mut list);
        let mut found = false;
        let mut best: Option<Move> = None;
        for &m in list.iter() {
            if m.from() != p.from || m.to() != p.to {
                continue;
            }
            found = true;
            let op = match m.kind() {
                MoveKind::Quiet => b'-',
                MoveKind::Capture => b'+',
                MoveKind::Castle | MoveKind::EnPassant => b'~',
            };
            if op != p.op {
                continue;
            }
            let after = self.after(m);
            let result = after.token_at(m.to());
            match p.actor {
                Some(x) if Some(x) != result => continue,
                None if m.promotion_role().is_some() => continue,
                _ => {}
            }
            if let Some(y) = p.captured {
                let cap_sq = if m.kind() == MoveKind::EnPassant {
                    Square::at(m.to().file(), m.from().rank())
                } else {
                    m.to()
                };
                if !m.is_capture() || self.token_at(cap_sq) != Some(y) {
                    continue;
                }
            }
            best = Some(m);
            break;
        }
        match best {
            Some(m) => Ok(m),
            None if found => {
                let m = list
                    .iter()
                    .find(|m| m.from() == p.from && m.to() == p.to)
                    .copied();
                let why = match m {
                    Some(m) if m.kind() == MoveKind::Castle => "castling is written e1~g1 (~)",
                    Some(m) if m.kind() == MoveKind::EnPassant => {
                        "en passant is written with ~ (e5~f6)"
                    }
                    Some(m) if m.kind() == MoveKind::Capture && p.op != b'+' => {
                        "a capture is written with +"
                    }
                    Some(m) if m.kind() == MoveKind::Quiet && p.op != b'-' => {
                        "a move to an empty square is written with -"
                    }
                    Some(m) if m.promotion_role().is_some() && p.actor.is_none() => {
                        "a promotion must name its piece (=Q, =R, =B or =N)"
                    }
                    _ => "a suffix does not match the move's result",
                };
                Err(err(s, why))
            }
            None => Err(ChessError::IllegalMove(s.to_string())),
        }
    }

    /// The canonical PMN of `mv` (same as `mv.to_string()`).
    pub fn move_to_pmn(&self, mv: Move) -> String {
        mv.to_string()
    }
}
