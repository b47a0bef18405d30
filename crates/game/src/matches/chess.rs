//! Chess conveniences of [`Match`]: FEN setups, SAN moves (the fast path of PGN replay).

use tegoma_notation::cgsn::{Status, StatusSet};
use tegoma_notation::Invalid;
use tegoma_protocol::{Decision, Outcome, Side};
use tegoma_rules::chess::{self, Color, Move, MoveKind, MoveList, Role};
use tegoma_rules::kit::Square;
use tegoma_rules::systems::Chess;

use super::{Match, MatchError};

impl Match<Chess> {
    /// A chess match from a FEN start position (its halfmove clock counts towards the move
    /// limit).
    ///
    /// # Errors
    /// [`MatchError::Setup`] for an invalid FEN.
    pub fn from_fen(fen: &str) -> Result<Match<Chess>, MatchError> {
        let p = chess::Position::from_fen(fen).map_err(|e| MatchError::Setup(Invalid::from(e)))?;
        Ok(Match::from_position(Chess, p))
    }

    /// Plays a move given in SAN only (`Nf3`, `exd5`, `O-O`, `e8=Q+`); check signs and
    /// annotation suffixes are tolerated as the chess module reads them.
    ///
    /// # Errors
    /// As [`Match::play_timed`]: a malformed, ambiguous or illegal SAN is refused.
    pub fn play_san(
        &mut self,
        san: &str,
        elapsed_ms: Option<u64>,
    ) -> Result<Option<Outcome>, MatchError> {
        if let Some(o) = self.outcome {
            return Err(MatchError::Finished(o));
        }
        match self.position.parse_san(san) {
            Ok(mv) => self.play_checked(mv, san, elapsed_ms),
            Err(e) => Err(MatchError::Refused {
                ply: self.plies.len() + 1,
                text: san.to_string(),
                error: Invalid::from(e),
            }),
        }
    }

    /// The SAN of every ply, in order.
    pub fn san_plies(&self) -> Vec<String> {
        let mut p = self.start;
        self.plies
            .iter()
            .map(|ply| {
                let s = p.to_san(ply.mv);
                p.play_unchecked(ply.mv);
                s
            })
            .collect()
    }

    /// The FEN of the current position.
    pub fn fen(&self) -> String {
        self.position.to_fen()
    }
}

impl Match<Chess> {
    /// Plays SAN moves in a row (the replay of a PGN movetext), faster than [`Match::play_san`]
    /// one by one: each position's legal moves are generated once, both to read the next SAN
    /// and to find the endings. Stops at the first move refused, or at a move after the end.
    /// Without a clock (with one, it plays each move through [`Match::play_san`]).
    ///
    /// # Errors
    /// As [`Match::play_san`], for the first move that cannot be played.
    pub fn play_san_line<'a>(
        &mut self,
        moves: impl IntoIterator<Item = &'a str>,
    ) -> Result<Option<Outcome>, MatchError> {
        if self.clock.is_some() {
            for san in moves {
                self.play_san(san, None)?;
            }
            return Ok(self.outcome);
        }
        let mut list = MoveList::new();
        self.position.legal_moves(&mut list);
        for san in moves {
            if let Some(o) = self.outcome {
                return Err(MatchError::Finished(o));
            }
            let mv = match resolve_san(&self.position, &list, san.as_bytes()) {
                Some(mv) => mv,
                None => self
                    .position
                    .parse_san(san)
                    .map_err(|e| MatchError::Refused {
                        ply: self.plies.len() + 1,
                        text: san.to_string(),
                        error: Invalid::from(e),
                    })?,
            };
            self.push_raw(mv, None);
            self.position.legal_moves(&mut list);
            self.outcome = self.chess_outcome(list.is_empty());
        }
        Ok(self.outcome)
    }

    /// The automatic endings (R3) of the current position, its legal moves known to be none or
    /// some (the same as the generic rule, without generating them again).
    fn chess_outcome(&self, no_move: bool) -> Option<Outcome> {
        let p = &self.position;
        let mut statuses = StatusSet::EMPTY;
        let mut decision = Decision::Draw;
        if no_move {
            if p.is_check() {
                statuses.insert(Status::Checkmate);
                decision = Decision::Win(match p.turn() {
                    Color::White => Side::Second,
                    Color::Black => Side::First,
                });
            } else {
                statuses.insert(Status::Stalemate);
            }
        }
        if p.is_insufficient_material() {
            statuses.insert(Status::Insufficient);
        }
        if self.quiet >= 100 {
            statuses.insert(Status::Movelimit);
        }
        if self.quiet >= 4 && self.occurrences() >= 3 {
            statuses.insert(Status::Repetition);
        }
        (!statuses.is_empty()).then_some(Outcome { decision, statuses })
    }
}

/// The legal move a plain SAN names (`Nf3`, `exd5`, `R1e2`, `e8=Q`, `O-O`, check and
/// annotation signs ignored), found in the position's legal moves; `None` when the text is not in
/// that plain form or names no single move (the chess module then reads it, leniently, or says
/// why not).
fn resolve_san(p: &chess::Position, list: &MoveList, text: &[u8]) -> Option<Move> {
    let mut end = text.len();
    while end > 0 && matches!(text[end - 1], b'+' | b'#' | b'!' | b'?') {
        end -= 1;
    }
    let s = &text[..end];
    if s == b"O-O" || s == b"O-O-O" {
        let file = if s.len() == 3 { 6 } else { 2 };
        let mut found = list
            .iter()
            .filter(|m| m.kind() == MoveKind::Castle && m.to().file() == file);
        let m = *found.next()?;
        return found.next().is_none().then_some(m);
    }
    let (role, mut rest) = match s.first()? {
        b'K' => (Role::King, &s[1..]),
        b'Q' => (Role::Queen, &s[1..]),
        b'R' => (Role::Rook, &s[1..]),
        b'B' => (Role::Bishop, &s[1..]),
        b'N' => (Role::Knight, &s[1..]),
        b'a'..=b'h' => (Role::Pawn, s),
        _ => return None,
    };
    let mut promo = None;
    if rest.len() >= 4 && rest[rest.len() - 2] == b'=' {
        promo = Some(match rest[rest.len() - 1] {
            b'Q' => Role::Queen,
            b'R' => Role::Rook,
            b'B' => Role::Bishop,
            b'N' => Role::Knight,
            _ => return None,
        });
        rest = &rest[..rest.len() - 2];
    }
    if rest.len() < 2 {
        return None;
    }
    let (f, r) = (rest[rest.len() - 2], rest[rest.len() - 1]);
    if !(b'a'..=b'h').contains(&f) || !(b'1'..=b'8').contains(&r) {
        return None;
    }
    let to = Square::at(f - b'a', r - b'1');
    let mut head = &rest[..rest.len() - 2];
    let mut capture = false;
    if let Some((&b'x', h)) = head.split_last() {
        capture = true;
        head = h;
    }
    let (mut from_file, mut from_rank) = (None, None);
    for &c in head {
        match c {
            b'a'..=b'h' => from_file = Some(c - b'a'),
            b'1'..=b'8' => from_rank = Some(c - b'1'),
            _ => return None,
        }
    }
    if role == Role::Pawn && (capture != from_file.is_some() || from_rank.is_some()) {
        return None;
    }
    let mut found = None;
    for &m in list.iter() {
        if m.to() == to
            && m.kind() != MoveKind::Castle
            && m.promotion_role() == promo
            && from_file.is_none_or(|x| m.from().file() == x)
            && from_rank.is_none_or(|x| m.from().rank() == x)
            && matches!(p.piece_at(m.from()), Some((_, r)) if r == role)
        {
            if found.is_some() {
                return None;
            }
            found = Some(m);
        }
    }
    found
}
