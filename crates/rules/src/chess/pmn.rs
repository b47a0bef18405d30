//! PMN for chess moves: canonical output (ruling R1), lenient input.
//!
//! Output is [`Move`]'s `Display`: `e2-e4`, `d1+f3`, `e1~g1`, `e5~f6`, `e7-e8=Q`, `b7+a8=N`.
//! Input accepts the canonical form plus R1's lenient spellings: `e7-e8/Q` (a `/X` suffix on a
//! non-capturing move means `=X`), and explicit suffixes equal to the implicit result
//! (`e2-e4=-P`, `e1-e2=K^`, `e1~g1=K^`, `d1+f3/n` when f3 holds `n`, `e5~f6/-p`).
//! The syntax is read by the generic parser, [`tegoma_notation::pmn::Pmn::parse_lenient`].

use super::error::illegal;
use super::{Move, MoveError, MoveKind, MoveList, Position};
use crate::kit::Square;
use tegoma_protocol::error::PmnReason;

use tegoma_notation::pmn::Pmn;

/// A chess PMN move read by the generic parser: squares, operator and suffix tokens.
struct Parsed {
    from: Square,
    op: u8,
    to: Square,
    actor: Option<String>,
    captured: Option<String>,
}

fn err(s: &str, reason: PmnReason) -> MoveError {
    MoveError::pmn(s, reason)
}

fn square(s: &str, c: tegoma_notation::cell::Cell) -> Result<Square, MoveError> {
    match c.indices() {
        &[f, r] if f < 8 && r < 8 => Ok(Square::at(f, r)),
        _ => Err(err(s, PmnReason::OffBoard(c))),
    }
}

/// Reads `s` with the generic PMN parser of `tegoma-notation` (lenient, ruling R1: `e7-e8/Q`
/// is read as `e7-e8=Q`) and keeps the forms chess uses.
fn parse(s: &str) -> Result<Parsed, MoveError> {
    let (pmn, _) = Pmn::parse_lenient(s).map_err(|error| MoveError::pmn_syntax(s, error))?;
    let token = |p: Option<tegoma_notation::pmn::Piece>| p.map(|p| p.encode().as_str().to_string());
    let (from, op, to, actor, captured) = match pmn {
        Pmn::Quiet { from, to, mutation } => (from, b'-', to, mutation, None),
        Pmn::Capture {
            from,
            to,
            mutation,
            capture_mutation,
        } => (from, b'+', to, mutation, capture_mutation),
        Pmn::Special {
            from,
            to,
            mutation,
            capture_mutation,
        } => (from, b'~', to, mutation, capture_mutation),
        other => return Err(err(s, PmnReason::NoSuchForm(other.form().name()))),
    };
    Ok(Parsed {
        from: square(s, from)?,
        op,
        to: square(s, to)?,
        actor: token(actor),
        captured: token(captured),
    })
}

impl Position {
    /// Reads a chess move in PMN (canonical or one of ruling R1's lenient forms) and returns
    /// the legal move it names.
    pub fn parse_pmn(&self, s: &str) -> Result<Move, MoveError> {
        let p = parse(s)?;
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
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
            let after = self.after_unchecked(m);
            let result = after.token_at(m.to());
            match p.actor {
                Some(ref x) if Some(x.as_str()) != result => continue,
                None if m.promotion_role().is_some() => continue,
                _ => {}
            }
            if let Some(y) = p.captured.as_deref() {
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
                Err(err(s, PmnReason::Spelling(why)))
            }
            None => Err(illegal(s)),
        }
    }

    /// The canonical PMN of `mv` (same as `mv.to_string()`).
    pub fn move_to_pmn(&self, mv: Move) -> String {
        mv.to_string()
    }
}
