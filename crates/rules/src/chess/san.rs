//! SAN: the one grammar of the workspace ([`San`]), reading a SAN against a position and
//! writing it; and UCI move strings.

use std::fmt;
use std::str::FromStr;

use tegoma_notation::NotationError;

use super::error::{MoveSyntax, MoveTextError};
use super::{Move, MoveError, MoveKind, MoveList, Position, Role, Side};
use crate::kit::Square;

fn uci_err(s: &str, why: &'static str) -> MoveError {
    MoveTextError::Uci(MoveSyntax::new(s, why)).into()
}

/// One SAN move, parsed once and not yet checked against a position: what moves (a piece to a
/// square, castling, or the null move), the check sign and the annotation. A small `Copy` value
/// (4 bytes); [`Position::san_to_move`] turns it into a legal move, [`San::from_move`] writes
/// one, `Display` writes canonical SAN.
///
/// # The accepted spellings
///
/// One lexer ([`San::parse`], [`San::parse_bytes`], `FromStr`) reads SAN as python-chess's
/// `Board.parse_san` does (its regular expression
/// `^([NBKRQ])?([a-h])?([1-8])?[\-x]?([a-h][1-8])(=?[nbrqkNBRQK])?[\+#]?$`, castling and null
/// moves), with the annotation suffixes its PGN reader keeps as NAGs:
///
/// | spelling | read as | |
/// |---|---|---|
/// | `e4`, `Nf3`, `exd5`, `Nbd7`, `R1e2`, `Qh4e1`, `Qh4xe1` | themselves | accepted |
/// | `O-O`, `O-O-O`, `0-0`, `0-0-0` | `O-O`, `O-O-O` | accepted |
/// | `e8=Q`, `e8Q`, `e8=q`, `e8q`, `dxc1N` | `e8=Q`, ..., `dxc1=N` | accepted |
/// | `ed5` (a pawn capture without `x`) | `exd5` | accepted |
/// | `Ng1f3`, `Ng1-f3`, `Nxf3`, `N-f3`, `e2e4`, `e2-e4` (`-` as python-chess allows it) | `Ng1f3`, ..., `e2e4` | accepted |
/// | `Qh5+`, `Qf7#`, and a check sign that is missing, superfluous or wrong | themselves | accepted |
/// | `e4!`, `e4?`, `e4!!`, `e4??`, `e4!?`, `e4?!`, `Qf7#!` (after the check sign) | [`Annotation`]s | accepted |
/// | `--`, `Z0`, `0000`, `@@@@` | the null move `--` ([`SanKind::Null`]; chess refuses to play it) | accepted |
/// | `Pe4`, `Pb8=Q` (a pawn letter) | | refused, as python-chess |
/// | `b8/Q`, `b8(Q)` | | refused, as python-chess |
/// | `exd6e.p.`, `exd6 e.p.` | | refused, as python-chess (`exd6` is the en passant capture) |
/// | `nf3`, `Exd5` (lowercase or unknown piece), `exd5:`, `e:d5` (`:` captures) | | refused, as python-chess |
/// | `e8=K`, `e8=P`, `e8=` | | refused (python-chess reads `=K` and finds no legal move) |
/// | `Nf8=Q` (a piece other than a pawn promoting) | | refused (python-chess: no legal move) |
/// | `xd5` (a pawn capture without its file) | | refused (python-chess: no legal move) |
/// | `e4++`, `e4+#`, `--+`, `e4!!!`, `e4 `, ` e4` | | refused |
///
/// Where python-chess reads more when turning a SAN into a move, [`Position::san_to_move`]
/// does not: a move with no piece letter is a pawn's (`g1f3` is not a knight move), a king
/// move is never castling (`Kg1` is not `O-O`), and an `x` needs a capture.
///
/// ```
/// use tegoma_rules::chess::{Position, San, SanKind};
/// use tegoma_rules::chess::Role;
///
/// let san: San = "0-0-0+".parse().unwrap();
/// assert_eq!(san.kind(), SanKind::CastleLong);
/// assert_eq!(san.to_string(), "O-O-O+");
/// assert_eq!("e8q".parse::<San>().unwrap().to_string(), "e8=Q");
/// assert!("b8(Q)".parse::<San>().is_err());
///
/// let pos = Position::startpos();
/// let nf3: San = "Nf3".parse().unwrap();
/// let mv = pos.san_to_move(&nf3).unwrap();
/// assert_eq!(mv.to_string(), "g1-f3");
/// assert_eq!(San::from_move(&pos, mv), nf3);
/// assert_eq!(pos.to_san(mv), "Nf3");
/// assert!(matches!(nf3.kind(), SanKind::Normal { role: Role::Knight, .. }));
/// ```
///
/// The value is packed in 4 bytes (a PGN reader stores millions of them, and builds each with
/// one store); [`San::new`] builds one from its parts, [`San::kind`], [`San::check`] and
/// [`San::annotation`] give them back.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct San(u32);

// The packing: bits 0-3 the kind (a role index for a normal move, then castling short, long,
// null), 4-7 the origin file + 1 (0: none), 8-11 the origin rank + 1, 12-17 the destination,
// 18-20 the promotion role's index (0: none), 21 the capture flag, 22-23 the check sign
// (1 `+`, 2 `#`), 24-26 the annotation's NAG (0: none).
pub(crate) const TAG_SHORT: u32 = 6;
pub(crate) const TAG_LONG: u32 = 7;
const TAG_NULL: u32 = 8;
pub(crate) const CAPTURE: u32 = 1 << 21;

/// The packed bits of a normal move.
#[inline(always)]
fn pack_normal(
    role: Role,
    file: Option<u8>,
    rank: Option<u8>,
    capture: bool,
    to: Square,
    promotion: Option<Role>,
) -> u32 {
    role as u32
        | file.map_or(0, |f| f as u32 + 1) << 4
        | rank.map_or(0, |r| r as u32 + 1) << 8
        | (to.index() as u32) << 12
        | promotion.map_or(0, |r| r as u32) << 18
        | (capture as u32) << 21
}

fn pack_kind(kind: SanKind) -> u32 {
    match kind {
        SanKind::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => pack_normal(role, file, rank, capture, to, promotion),
        SanKind::CastleShort => TAG_SHORT,
        SanKind::CastleLong => TAG_LONG,
        SanKind::Null => TAG_NULL,
    }
}

fn pack_check(check: Option<CheckSign>) -> u32 {
    match check {
        None => 0,
        Some(CheckSign::Check) => 1 << 22,
        Some(CheckSign::Mate) => 2 << 22,
    }
}

fn pack_annotation(a: Option<Annotation>) -> u32 {
    a.map_or(0, |a| (a.nag() as u32) << 24)
}

fn role_of_index(i: u32) -> Role {
    match i {
        0 => Role::Pawn,
        1 => Role::Knight,
        2 => Role::Bishop,
        3 => Role::Rook,
        4 => Role::Queen,
        _ => Role::King,
    }
}

/// What a [`San`] moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SanKind {
    /// A piece or pawn to a square.
    Normal {
        /// The moving piece ([`Role::Pawn`] when no letter is written).
        role: Role,
        /// The origin's file when written (0 for `a` to 7 for `h`).
        file: Option<u8>,
        /// The origin's rank when written (0 for `1` to 7 for `8`).
        rank: Option<u8>,
        /// Written as a capture (`x`; always for a pawn changing file).
        capture: bool,
        /// The destination.
        to: Square,
        /// The promotion piece: a knight, bishop, rook or queen.
        promotion: Option<Role>,
    },
    /// Castling on the king's side, `O-O`.
    CastleShort,
    /// Castling on the queen's side, `O-O-O`.
    CastleLong,
    /// The null move, `--` (PGN databases use it; no chess position can play it).
    Null,
}

/// The check sign ending a SAN.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CheckSign {
    /// `+`.
    Check,
    /// `#`.
    Mate,
}

/// An annotation suffix of a SAN, with its PGN NAG (python-chess's `NAG_GOOD_MOVE` ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Annotation {
    /// `!` (NAG 1).
    Good,
    /// `?` (NAG 2).
    Mistake,
    /// `!!` (NAG 3).
    Brilliant,
    /// `??` (NAG 4).
    Blunder,
    /// `!?` (NAG 5).
    Speculative,
    /// `?!` (NAG 6).
    Dubious,
}

impl Annotation {
    /// The suffix as written.
    pub const fn as_str(self) -> &'static str {
        match self {
            Annotation::Good => "!",
            Annotation::Mistake => "?",
            Annotation::Brilliant => "!!",
            Annotation::Blunder => "??",
            Annotation::Speculative => "!?",
            Annotation::Dubious => "?!",
        }
    }

    /// The PGN NAG number (1 to 6).
    pub const fn nag(self) -> u8 {
        match self {
            Annotation::Good => 1,
            Annotation::Mistake => 2,
            Annotation::Brilliant => 3,
            Annotation::Blunder => 4,
            Annotation::Speculative => 5,
            Annotation::Dubious => 6,
        }
    }
}

/// Why a SAN is refused: malformed text, or a well-formed SAN that names no single legal move
/// of the position. [`NotationError::kind`] is `InvalidSan`, `AmbiguousSan` or `IllegalMove`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SanError {
    /// The text is not SAN (kind `InvalidSan`).
    Syntax {
        /// The text (at most 32 characters of it, invalid UTF-8 replaced).
        text: String,
        /// What is wrong.
        reason: &'static str,
    },
    /// A pawn reaches the last rank and the SAN names no promotion piece (kind `InvalidSan`).
    MissingPromotion(San),
    /// The SAN names several legal moves (kind `AmbiguousSan`).
    Ambiguous {
        /// The SAN.
        san: San,
        /// The legal moves it names.
        candidates: Vec<Move>,
    },
    /// The SAN names no legal move (kind `IllegalMove`).
    Illegal(San),
}

impl SanError {
    #[cold]
    #[inline(never)]
    fn syntax(text: &[u8], reason: &'static str) -> SanError {
        let text = String::from_utf8_lossy(text).chars().take(32).collect();
        SanError::Syntax { text, reason }
    }
}

impl fmt::Display for SanError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SanError::Syntax { text, reason } => write!(f, "invalid SAN {text:?}: {reason}"),
            SanError::MissingPromotion(san) => {
                write!(f, "invalid SAN \"{san}\": a promotion must name its piece")
            }
            SanError::Ambiguous { san, candidates } => {
                write!(f, "ambiguous SAN \"{san}\": matches ")?;
                for (i, m) in candidates.iter().enumerate() {
                    let sep = if i == 0 { "" } else { ", " };
                    write!(f, "{sep}{m}")?;
                }
                Ok(())
            }
            SanError::Illegal(san) => write!(f, "illegal move {san}"),
        }
    }
}

impl std::error::Error for SanError {}

impl NotationError for SanError {
    fn kind(&self) -> &'static str {
        match self {
            SanError::Syntax { .. } | SanError::MissingPromotion(_) => "InvalidSan",
            SanError::Ambiguous { .. } => "AmbiguousSan",
            SanError::Illegal(_) => "IllegalMove",
        }
    }
}

/// A SAN refusal as the shared move-reading error (the text form of every rule system).
impl From<SanError> for MoveError {
    fn from(e: SanError) -> MoveError {
        match e {
            SanError::Syntax { text, reason } => {
                MoveTextError::San(MoveSyntax::new(&text, reason)).into()
            }
            SanError::MissingPromotion(san) => MoveTextError::San(MoveSyntax::new(
                &san.to_string(),
                "a promotion must name its piece",
            ))
            .into(),
            SanError::Ambiguous { san, candidates } => MoveTextError::AmbiguousSan {
                text: san.to_string(),
                candidates: candidates.iter().map(|m| m.to_string()).collect(),
            }
            .into(),
            SanError::Illegal(san) => MoveError::Illegal(tegoma_protocol::IllegalMove::new(
                san.to_string(),
                tegoma_protocol::IllegalReason::NotLegal,
            )),
        }
    }
}

#[inline(always)]
fn is_file(b: u8) -> bool {
    b.wrapping_sub(b'a') < 8
}

#[inline(always)]
fn is_rank(b: u8) -> bool {
    b.wrapping_sub(b'1') < 8
}

/// The role index of each piece letter (`N B R Q K`), 0 for any other byte: a table, so that
/// reading a letter is not a branch.
const PIECE_LETTERS: [u8; 256] = {
    let mut t = [0u8; 256];
    t[b'N' as usize] = Role::Knight as u8;
    t[b'B' as usize] = Role::Bishop as u8;
    t[b'R' as usize] = Role::Rook as u8;
    t[b'Q' as usize] = Role::Queen as u8;
    t[b'K' as usize] = Role::King as u8;
    t
};

/// The body of a piece or pawn move (no check sign, no annotation): the most frequent shapes
/// (`e4`, `Nf3`, `Nxf3`, `exd5`) at once, the others by [`general`], which reads them too (the
/// unit tests check that both agree).
#[inline(always)]
fn normal(b: &[u8]) -> Result<u32, &'static str> {
    let sq = |f: u8, r: u8| is_file(f) && is_rank(r);
    let kind = |role, file, capture, f: u8, r: u8| {
        pack_normal(
            role,
            file,
            None,
            capture,
            Square::at(f - b'a', r - b'1'),
            None,
        )
    };
    match *b {
        [f, r] if sq(f, r) => Ok(kind(Role::Pawn, None, false, f, r)),
        // A pawn's index is 0: the letter's index, or-ed in, makes the move the piece's.
        [p, f, r] if sq(f, r) && PIECE_LETTERS[p as usize] != 0 => {
            Ok(PIECE_LETTERS[p as usize] as u32 | kind(Role::Pawn, None, false, f, r))
        }
        [p, b'x', f, r] if sq(f, r) && PIECE_LETTERS[p as usize] != 0 => {
            Ok(PIECE_LETTERS[p as usize] as u32 | kind(Role::Pawn, None, true, f, r))
        }
        [p, b'x', f, r] if sq(f, r) && is_file(p) => {
            Ok(kind(Role::Pawn, Some(p - b'a'), true, f, r))
        }
        _ => general(b).map(pack_kind),
    }
}

/// [`normal`] for every shape.
#[inline(never)]
fn general(b: &[u8]) -> Result<SanKind, &'static str> {
    let n = b.len();
    if n < 2 {
        return Err("missing destination square");
    }
    let (role, start) = match b[0] {
        b'N' => (Role::Knight, 1),
        b'B' => (Role::Bishop, 1),
        b'R' => (Role::Rook, 1),
        b'Q' => (Role::Queen, 1),
        b'K' => (Role::King, 1),
        b'P' => return Err("a pawn move has no piece letter (e4, not Pe4)"),
        _ => (Role::Pawn, 0),
    };
    let mut end = n;
    let mut promotion = None;
    let last = b[n - 1];
    if !is_rank(last) {
        promotion = Some(match last | 0x20 {
            b'q' => Role::Queen,
            b'r' => Role::Rook,
            b'b' => Role::Bishop,
            b'n' => Role::Knight,
            _ if last == b'=' => return Err("a promotion names its piece after '='"),
            _ if last.is_ascii_alphabetic() => {
                return Err("a pawn promotes to a queen, rook, bishop or knight")
            }
            _ => return Err("bad destination square"),
        });
        end -= 1;
        if end > start && b[end - 1] == b'=' {
            end -= 1;
        }
    }
    if end < start + 2 {
        return Err("missing destination square");
    }
    let (f, r) = (b[end - 2], b[end - 1]);
    if !is_file(f) || !is_rank(r) {
        return Err("bad destination square");
    }
    let to = Square::at(f - b'a', r - b'1');
    let mut head = end - 2;
    let mut capture = false;
    if head > start {
        match b[head - 1] {
            b'x' => {
                capture = true;
                head -= 1;
            }
            b'-' => head -= 1,
            _ => {}
        }
    }
    let (file, rank) = match head - start {
        0 => (None, None),
        1 => {
            let c = b[start];
            if is_file(c) {
                (Some(c - b'a'), None)
            } else if is_rank(c) {
                (None, Some(c - b'1'))
            } else {
                return Err("malformed origin");
            }
        }
        2 if is_file(b[start]) && is_rank(b[start + 1]) => {
            (Some(b[start] - b'a'), Some(b[start + 1] - b'1'))
        }
        _ => return Err("malformed origin"),
    };
    if role == Role::Pawn {
        match file {
            Some(f) if f != to.file() => capture = true,
            None if capture => return Err("a pawn capture names its file"),
            _ => {}
        }
    } else if promotion.is_some() {
        return Err("only a pawn promotes");
    }
    Ok(SanKind::Normal {
        role,
        file,
        rank,
        capture,
        to,
        promotion,
    })
}

/// The lexer of [`San::parse_bytes`], with the reason of a refusal.
#[inline(always)]
fn lex(s: &[u8]) -> Result<San, &'static str> {
    let (body, annotation) = match s.last() {
        Some(b'!' | b'?') => annotation(s)?,
        _ => (s, None),
    };
    let (body, check) = match body.last() {
        Some(b'+') => (&body[..body.len() - 1], Some(CheckSign::Check)),
        Some(b'#') => (&body[..body.len() - 1], Some(CheckSign::Mate)),
        _ => (body, None),
    };
    let kind = match body.first() {
        Some(b'O' | b'0' | b'-' | b'Z' | b'@') => pack_kind(special(body, check)?),
        _ => normal(body)?,
    };
    Ok(San(kind | pack_check(check) | pack_annotation(annotation)))
}

/// Castling or the null move.
#[cold]
fn special(body: &[u8], check: Option<CheckSign>) -> Result<SanKind, &'static str> {
    Ok(match body {
        b"O-O" | b"0-0" => SanKind::CastleShort,
        b"O-O-O" | b"0-0-0" => SanKind::CastleLong,
        b"--" | b"Z0" | b"0000" | b"@@@@" if check.is_none() => SanKind::Null,
        b"--" | b"Z0" | b"0000" | b"@@@@" => return Err("a null move gives no check"),
        _ => return Err("not castling (O-O, O-O-O) nor a null move (--)"),
    })
}

/// Splits the annotation suffix off `s` (which ends in `!` or `?`).
#[cold]
fn annotation(s: &[u8]) -> Result<(&[u8], Option<Annotation>), &'static str> {
    let (body, a) = match s {
        [b @ .., b'!', b'!'] => (b, Annotation::Brilliant),
        [b @ .., b'?', b'?'] => (b, Annotation::Blunder),
        [b @ .., b'!', b'?'] => (b, Annotation::Speculative),
        [b @ .., b'?', b'!'] => (b, Annotation::Dubious),
        [b @ .., b'!'] => (b, Annotation::Good),
        [b @ .., _] => (b, Annotation::Mistake),
        [] => return Err("empty"),
    };
    match body.last() {
        Some(b'!' | b'?') => Err("at most two annotation marks"),
        _ => Ok((body, Some(a))),
    }
}

impl San {
    /// A SAN from its parts.
    #[inline]
    pub fn new(kind: SanKind, check: Option<CheckSign>, annotation: Option<Annotation>) -> San {
        San(pack_kind(kind) | pack_check(check) | pack_annotation(annotation))
    }

    /// What moves.
    #[inline]
    pub fn kind(self) -> SanKind {
        let v = self.0;
        match v & 15 {
            TAG_SHORT => SanKind::CastleShort,
            TAG_LONG => SanKind::CastleLong,
            TAG_NULL => SanKind::Null,
            role => {
                let field = |shift: u32| match (v >> shift) & 15 {
                    0 => None,
                    x => Some(x as u8 - 1),
                };
                SanKind::Normal {
                    role: role_of_index(role),
                    file: field(4),
                    rank: field(8),
                    capture: v & CAPTURE != 0,
                    to: Square::from_index(((v >> 12) & 63) as u8),
                    promotion: match (v >> 18) & 7 {
                        0 => None,
                        r => Some(role_of_index(r)),
                    },
                }
            }
        }
    }

    /// The packed bits (the layout above `TAG_SHORT`), for the replay's fast path.
    #[inline(always)]
    pub(crate) fn bits(self) -> u32 {
        self.0
    }

    /// The check (`+`) or mate (`#`) sign, if written; not checked against the position.
    #[inline]
    pub fn check(self) -> Option<CheckSign> {
        match (self.0 >> 22) & 3 {
            1 => Some(CheckSign::Check),
            2 => Some(CheckSign::Mate),
            _ => None,
        }
    }

    /// The annotation suffix (`!`, `?`, `!!`, `??`, `!?`, `?!`), if written.
    #[inline]
    pub fn annotation(self) -> Option<Annotation> {
        match (self.0 >> 24) & 7 {
            1 => Some(Annotation::Good),
            2 => Some(Annotation::Mistake),
            3 => Some(Annotation::Brilliant),
            4 => Some(Annotation::Blunder),
            5 => Some(Annotation::Speculative),
            6 => Some(Annotation::Dubious),
            _ => None,
        }
    }

    /// The same SAN with another check sign.
    pub fn with_check(self, check: Option<CheckSign>) -> San {
        San(self.0 & !(3 << 22) | pack_check(check))
    }

    /// The same SAN with another annotation.
    pub fn with_annotation(self, annotation: Option<Annotation>) -> San {
        San(self.0 & !(7 << 24) | pack_annotation(annotation))
    }

    /// Parses one SAN move (see the table of accepted spellings in the [type docs](San)).
    ///
    /// # Errors
    /// [`SanError::Syntax`] when the text is not SAN.
    pub fn parse(text: &str) -> Result<San, SanError> {
        San::parse_bytes(text.as_bytes())
    }

    /// [`San::parse`] on bytes (a PGN token read from a buffer).
    ///
    /// # Errors
    /// [`SanError::Syntax`] when the bytes are not SAN.
    #[inline]
    pub fn parse_bytes(s: &[u8]) -> Result<San, SanError> {
        match lex(s) {
            Ok(san) => Ok(san),
            Err(why) => Err(SanError::syntax(s, why)),
        }
    }

    /// The SAN at the start of `buf` when it has one of the most frequent shapes (`e4`, `Nf3`,
    /// `Nxf3`, `exd5`, each maybe followed by `+` or `#`) and a byte of whitespace (space, tab,
    /// newline, carriage return) follows it: the move, as [`San::parse_bytes`] reads those
    /// bytes, and their number. `None` for anything else, which the caller then reads its
    /// usual way: a PGN reader's shortcut past its token scanner and the full lexer.
    ///
    /// ```
    /// use tegoma_rules::chess::San;
    ///
    /// assert_eq!(San::lex_prefix(b"Nxf3+ e5"), Some(("Nxf3+".parse().unwrap(), 5)));
    /// assert_eq!(San::lex_prefix(b"e8=Q "), None); // not a frequent shape
    /// assert_eq!(San::lex_prefix(b"e4"), None); // nothing says the token ends there
    /// ```
    #[inline(always)]
    pub fn lex_prefix(buf: &[u8]) -> Option<(San, usize)> {
        let at = |i: usize| buf.get(i).copied().unwrap_or(0);
        let sq = |f: u8, r: u8| (Square::at(f - b'a', r - b'1').index() as u32) << 12;
        let (b0, b1, b2) = (at(0), at(1), at(2));
        let (kind, n) = if is_file(b0) {
            if is_rank(b1) {
                (sq(b0, b1), 2)
            } else if b1 == b'x' && is_file(b2) && is_rank(at(3)) {
                ((u32::from(b0 - b'a') + 1) << 4 | sq(b2, at(3)) | CAPTURE, 4)
            } else {
                return None;
            }
        } else {
            let role = u32::from(PIECE_LETTERS[b0 as usize]);
            if role == 0 {
                return None;
            }
            if is_file(b1) && is_rank(b2) {
                (role | sq(b1, b2), 3)
            } else if b1 == b'x' && is_file(b2) && is_rank(at(3)) {
                (role | sq(b2, at(3)) | CAPTURE, 4)
            } else {
                return None;
            }
        };
        let (check, n) = match at(n) {
            b'+' => (pack_check(Some(CheckSign::Check)), n + 1),
            b'#' => (pack_check(Some(CheckSign::Mate)), n + 1),
            _ => (0, n),
        };
        if !matches!(at(n), b' ' | b'\n' | b'\r' | b'\t') {
            return None;
        }
        Some((San(kind | check), n))
    }

    /// The SAN of `mv`, a legal move of `position`: the origin written only as far as needed
    /// to tell it from the other moves of that piece kind to that square, the check or mate
    /// sign of the position after it, no annotation.
    pub fn from_move(position: &Position, mv: Move) -> San {
        let kind = if mv.kind() == MoveKind::Castle {
            if mv.to().file() == 6 {
                SanKind::CastleShort
            } else {
                SanKind::CastleLong
            }
        } else {
            let role = position.role_at(mv.from().index() as u8);
            let (mut file, mut rank) = (None, None);
            if role == Role::Pawn {
                if mv.is_capture() {
                    file = Some(mv.from().file());
                }
            } else {
                let mut list = MoveList::new();
                position.legal_moves_into(&mut list);
                let mut others = list.iter().filter(|m| {
                    m.to() == mv.to()
                        && m.from() != mv.from()
                        && position.role_at(m.from().index() as u8) == role
                });
                if others.clone().next().is_some() {
                    if others.clone().all(|m| m.from().file() != mv.from().file()) {
                        file = Some(mv.from().file());
                    } else if others.all(|m| m.from().rank() != mv.from().rank()) {
                        rank = Some(mv.from().rank());
                    } else {
                        file = Some(mv.from().file());
                        rank = Some(mv.from().rank());
                    }
                }
            }
            SanKind::Normal {
                role,
                file,
                rank,
                capture: mv.is_capture(),
                to: mv.to(),
                promotion: mv.promotion_role(),
            }
        };
        let after = position.after_unchecked(mv);
        let check = after.is_check().then(|| {
            if after.has_legal_move() {
                CheckSign::Check
            } else {
                CheckSign::Mate
            }
        });
        San::new(kind, check, None)
    }

    /// The legal move of `position` this SAN names (same as [`Position::san_to_move`]).
    ///
    /// # Errors
    /// As [`Position::san_to_move`].
    pub fn to_move(&self, position: &Position) -> Result<Move, SanError> {
        position.san_to_move(self)
    }

    /// Whether the SAN is castling.
    pub fn is_castling(&self) -> bool {
        matches!(self.0 & 15, TAG_SHORT | TAG_LONG)
    }

    /// Whether the SAN is the null move `--`.
    #[inline]
    pub fn is_null(&self) -> bool {
        self.0 & 15 == TAG_NULL
    }

    /// Whether the SAN is a pawn move written with both its origin file and rank (`e2e4`,
    /// `g1f3`: how UCI-style movetext reads as SAN).
    #[inline]
    pub fn is_pawn_with_full_origin(&self) -> bool {
        // Kind 0 (pawn), then a file and a rank given.
        self.0 & 15 == 0 && self.0 & 0xF0 != 0 && self.0 & 0xF00 != 0
    }
}

impl fmt::Debug for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "San({:?})", self.to_string())
    }
}

impl FromStr for San {
    type Err = SanError;

    fn from_str(s: &str) -> Result<San, SanError> {
        San::parse(s)
    }
}

impl fmt::Display for San {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // At most 10 bytes: `Qh4xe1`, `exd8=Q`, a sign and a two-byte annotation.
        let mut buf = [0u8; 12];
        let mut n = 0;
        let mut push = |b: u8| {
            buf[n] = b;
            n += 1;
        };
        match self.kind() {
            SanKind::CastleShort => b"O-O".iter().for_each(|&b| push(b)),
            SanKind::CastleLong => b"O-O-O".iter().for_each(|&b| push(b)),
            SanKind::Null => b"--".iter().for_each(|&b| push(b)),
            SanKind::Normal {
                role,
                file,
                rank,
                capture,
                to,
                promotion,
            } => {
                if role != Role::Pawn {
                    push(role.letter());
                }
                if let Some(x) = file {
                    push(b'a' + x);
                }
                if let Some(x) = rank {
                    push(b'1' + x);
                }
                if capture {
                    push(b'x');
                }
                let [a, b] = to.name();
                push(a);
                push(b);
                if let Some(r) = promotion {
                    push(b'=');
                    push(r.letter());
                }
            }
        }
        match self.check() {
            Some(CheckSign::Check) => push(b'+'),
            Some(CheckSign::Mate) => push(b'#'),
            None => {}
        }
        if let Some(a) = self.annotation() {
            a.as_str().bytes().for_each(&mut push);
        }
        // Only ASCII is written.
        f.write_str(std::str::from_utf8(&buf[..n]).unwrap_or(""))
    }
}

/// The move of `list` (the legal moves of `p`) that `san` names: the general reading, which
/// the replay's fast path (`san_fast`) agrees with.
pub(crate) fn san_in_list(p: &Position, san: &San, list: &MoveList) -> Result<Move, SanError> {
    let (role, file, rank, capture, to, promotion) = match san.kind() {
        SanKind::Null => return Err(SanError::Illegal(*san)),
        SanKind::CastleShort | SanKind::CastleLong => {
            let file = if san.kind() == SanKind::CastleShort {
                6
            } else {
                2
            };
            return list
                .iter()
                .find(|m| m.kind() == MoveKind::Castle && m.to().file() == file)
                .copied()
                .ok_or(SanError::Illegal(*san));
        }
        SanKind::Normal {
            role,
            file,
            rank,
            capture,
            to,
            promotion,
        } => (role, file, rank, capture, to, promotion),
    };
    // A pawn move that names no file is a push: it stays on the destination's file.
    let file = match file {
        None if role == Role::Pawn => Some(to.file()),
        f => f,
    };
    let named = |m: &&Move| {
        m.to() == to
            && m.kind() != MoveKind::Castle
            && p.role_at(m.from().index() as u8) == role
            && file.is_none_or(|f| m.from().file() == f)
            && rank.is_none_or(|r| m.from().rank() == r)
    };
    let mut candidates = list
        .iter()
        .filter(named)
        .filter(|m| m.promotion_role() == promotion && (!capture || m.is_capture()));
    let Some(&first) = candidates.next() else {
        let needs_promotion = promotion.is_none()
            && list
                .iter()
                .filter(named)
                .any(|m| m.promotion_role().is_some());
        return Err(if needs_promotion {
            SanError::MissingPromotion(*san)
        } else {
            SanError::Illegal(*san)
        });
    };
    match candidates.next() {
        None => Ok(first),
        Some(&second) => {
            let mut all = vec![first, second];
            all.extend(candidates.copied());
            Err(SanError::Ambiguous {
                san: *san,
                candidates: all,
            })
        }
    }
}

impl Position {
    /// The SAN of `mv` (legal here): `Nf3`, `exd5`, `Rad1`, `N5xe4`, `e8=Q+`, `O-O`, `Qh4#`
    /// ([`San::from_move`], written).
    pub fn to_san(&self, mv: Move) -> String {
        San::from_move(self, mv).to_string()
    }

    /// The legal move that `san` names. The check sign and annotation are not checked; an `x`
    /// needs a capture; a SAN without piece letter is a pawn move; castling is `O-O`/`O-O-O`
    /// only.
    ///
    /// # Errors
    /// [`SanError::Illegal`] when no legal move matches (and for the null move),
    /// [`SanError::Ambiguous`] when several do, [`SanError::MissingPromotion`] for a pawn
    /// reaching the last rank without a promotion piece.
    pub fn san_to_move(&self, san: &San) -> Result<Move, SanError> {
        let mut list = MoveList::new();
        self.legal_moves_into(&mut list);
        san_in_list(self, san, &list)
    }

    /// Reads a SAN move ([`San::parse`]) and returns the legal move it names
    /// ([`Position::san_to_move`]).
    ///
    /// # Errors
    /// As [`San::parse`] and [`Position::san_to_move`].
    pub fn parse_san(&self, text: &str) -> Result<Move, SanError> {
        self.san_to_move(&San::parse(text)?)
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The shortcut of [`normal`] agrees with [`general`] on every string of up to 5 bytes
    /// over SAN's alphabet.
    #[test]
    fn shortcut_agrees_with_the_general_lexer() {
        const ALPHABET: &[u8] = b"aeh18x=-QNKBRqP0O";
        let n = ALPHABET.len();
        for len in 0..=5u32 {
            for mut code in 0..n.pow(len) {
                let mut s = Vec::new();
                for _ in 0..len {
                    s.push(ALPHABET[code % n]);
                    code /= n;
                }
                assert_eq!(normal(&s).ok(), general(&s).ok().map(pack_kind), "{s:?}");
            }
        }
    }

    /// [`San::lex_prefix`] reads what [`San::parse_bytes`] reads, up to the whitespace after
    /// the move, on every string of up to 6 bytes over SAN's alphabet and PGN's delimiters; and
    /// it reads every move of the frequent shapes.
    #[test]
    fn lex_prefix_agrees_with_the_lexer() {
        const ALPHABET: &[u8] = b"ah18xNKP+#=! \n.";
        let n = ALPHABET.len();
        for len in 0..=6u32 {
            for mut code in 0..n.pow(len) {
                let mut s = Vec::new();
                for _ in 0..len {
                    s.push(ALPHABET[code % n]);
                    code /= n;
                }
                if let Some((san, k)) = San::lex_prefix(&s) {
                    assert!(matches!(s[k], b' ' | b'\n'), "{s:?}");
                    assert!(!s[..k].iter().any(u8::is_ascii_whitespace), "{s:?}");
                    assert_eq!(San::parse_bytes(&s[..k]).ok(), Some(san), "{s:?}");
                }
            }
        }
        let mut frequent = 0;
        for f in "abcdefgh".chars() {
            for r in "12345678".chars() {
                let mut tokens = vec![format!("{f}{r}")];
                for p in ["N", "B", "R", "Q", "K"] {
                    tokens.push(format!("{p}{f}{r}"));
                    tokens.push(format!("{p}x{f}{r}"));
                }
                for g in "abcdefgh".chars() {
                    tokens.push(format!("{g}x{f}{r}"));
                }
                for t in tokens {
                    for sign in ["", "+", "#"] {
                        for end in [" ", "\n", "\r", "\t"] {
                            let text = format!("{t}{sign}{end}x");
                            let (san, k) = San::lex_prefix(text.as_bytes()).expect(&text);
                            assert_eq!(k, t.len() + sign.len());
                            assert_eq!(san, San::parse(&text[..k]).unwrap(), "{text}");
                            frequent += 1;
                        }
                    }
                }
            }
        }
        assert_eq!(frequent, 64 * 19 * 12);
    }
}
