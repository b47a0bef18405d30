//! Reading and writing positions in FEEN.
//!
//! Reading validates through `sashite_feen` (which rejects every non-canonical string), then
//! fills a [`Position`]. Writing produces the canonical form directly: maximal empty-square runs,
//! `/`, `//` separators by dimension, hands aggregated and ordered by the keys of specs.md §11.3,
//! and the style-turn field (active player's style first).
//!
//! # Boards with holes
//!
//! FEEN has no way to say that a square does not exist: every cell of its regular shape is a
//! square. This crate therefore keeps holes out of FEEN: [`Position::to_feen`] writes the
//! bounding regular board, holes shown as empty squares, and [`Position::from_feen`] always
//! builds a regular board. To read a FEEN string onto a board with holes, use
//! [`Position::from_feen_on`], which requires the same bounding shape and refuses a piece on a
//! hole. The FEEN text alone therefore does not carry the holes; the board does.
//!
//! # Unrepresentable shapes
//!
//! FEEN spells a dimension only through separators, so every dimension except the files must
//! hold at least two elements (an 8 × 1 board has no FEEN form): writing one gives
//! [`FeenWriteError::ShapeNotRepresentable`].

use tegoma_notation::cell::Cell;
use tegoma_notation::feen::{Feen, ParseError, MAX_STRING_LENGTH};
use tegoma_notation::pin::{Letter, Side as PinSide, State};

use crate::board::{Board, BoardError, Square};
use crate::hand::Hand;
use crate::piece::Piece;
use crate::position::Position;
use crate::side::Side;

/// Why a FEEN string cannot be read as a position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FeenError {
    /// The string is not valid canonical FEEN (the `sashite_feen` error).
    #[error("{0}")]
    Parse(ParseError),
    /// The board of the string is not a valid board (cannot happen for strings `sashite_feen`
    /// accepts; kept so that no input can panic).
    #[error("{0}")]
    Board(#[from] BoardError),
    /// The string's board shape differs from the board it is read onto.
    #[error("the FEEN board has shape {found:?}, the board has {expected:?} (CELL order)")]
    ShapeMismatch {
        /// The board's sizes.
        expected: Vec<u8>,
        /// The string's sizes.
        found: Vec<u8>,
    },
    /// A piece stands on a hole of the board it is read onto.
    #[error("a piece stands on {cell}, which is a hole of the board")]
    PieceOnHole {
        /// The hole.
        cell: Cell,
    },
}

impl From<ParseError> for FeenError {
    fn from(e: ParseError) -> FeenError {
        FeenError::Parse(e)
    }
}

/// The stable name of a `sashite_feen` parse error variant.
#[must_use]
pub fn parse_error_kind(e: &ParseError) -> &'static str {
    tegoma_notation::NotationError::kind(e)
}

impl tegoma_notation::NotationError for FeenError {
    fn kind(&self) -> &'static str {
        match self {
            FeenError::Parse(e) => parse_error_kind(e),
            FeenError::Board(e) => tegoma_notation::NotationError::kind(e),
            FeenError::ShapeMismatch { .. } => "ShapeMismatch",
            FeenError::PieceOnHole { .. } => "PieceOnHole",
        }
    }
}

/// Why a position cannot be written in FEEN.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum FeenWriteError {
    /// The board's shape has no FEEN spelling (a dimension other than the files has size 1).
    #[error(
        "the board shape has no FEEN spelling (every dimension but the files needs 2 or more)"
    )]
    ShapeNotRepresentable,
    /// The canonical string would exceed 4096 bytes (ruling R6).
    #[error("the FEEN string would exceed {MAX_STRING_LENGTH} bytes")]
    TooLong,
}

impl tegoma_notation::NotationError for FeenWriteError {
    fn kind(&self) -> &'static str {
        match self {
            FeenWriteError::ShapeNotRepresentable => "ShapeNotRepresentable",
            FeenWriteError::TooLong => "TooLong",
        }
    }
}

impl std::str::FromStr for Position {
    type Err = FeenError;
    fn from_str(s: &str) -> Result<Position, FeenError> {
        Position::from_feen(s)
    }
}

impl Position {
    /// Reads a canonical FEEN string; the board is the regular board of its shape.
    ///
    /// # Errors
    /// [`FeenError::Parse`] for any string `sashite_feen` rejects.
    pub fn from_feen(text: &str) -> Result<Position, FeenError> {
        let feen = Feen::parse(text)?;
        let mut sizes = [0u8; 3];
        let shape = feen.shape();
        let dims = shape.dimensions();
        for (d, &n) in dims.iter().rev().enumerate() {
            sizes[d] = n;
        }
        let board = Board::new(&sizes[..dims.len()])?;
        Self::fill(board, text, &feen)
    }

    /// Reads a canonical FEEN string onto a given board, which may have holes (see the module
    /// docs): the string must have the board's bounding shape and no piece on a hole.
    ///
    /// # Errors
    /// [`FeenError::Parse`], [`FeenError::ShapeMismatch`], [`FeenError::PieceOnHole`].
    pub fn from_feen_on(board: &Board, text: &str) -> Result<Position, FeenError> {
        let feen = Feen::parse(text)?;
        let found: Vec<u8> = feen.shape().dimensions().iter().rev().copied().collect();
        if found != board.sizes() {
            return Err(FeenError::ShapeMismatch {
                expected: board.sizes().to_vec(),
                found,
            });
        }
        if let Some(i) = feen
            .squares()
            .enumerate()
            .find(|(i, p)| p.is_some() && !board.contains(Square::new(*i as u32)))
            .map(|(i, _)| i)
        {
            return Err(FeenError::PieceOnHole {
                cell: board.cell(Square::new(i as u32)),
            });
        }
        Self::fill(board.clone(), text, &feen)
    }

    fn fill(board: Board, text: &str, feen: &Feen<'_>) -> Result<Position, FeenError> {
        let placement = text.as_bytes().split(|&b| b == b' ').next().unwrap_or(b"");
        let squares = scan_placement(placement, board.span());
        let mut hands = [Hand::new(), Hand::new()];
        for item in feen.first_hand() {
            hands[0].add(Piece::from_epin(item.piece()), item.count());
        }
        for item in feen.second_hand() {
            hands[1].add(Piece::from_epin(item.piece()), item.count());
        }
        Ok(Position {
            squares,
            board,
            hands,
            styles: [feen.first_style(), feen.second_style()],
            active: feen.active_side().into(),
            board_pieces: feen.board_piece_count(),
        })
    }

    /// The canonical FEEN string of the position (holes written as empty squares).
    ///
    /// # Errors
    /// [`FeenWriteError::ShapeNotRepresentable`], [`FeenWriteError::TooLong`].
    pub fn to_feen(&self) -> Result<String, FeenWriteError> {
        let mut s = String::with_capacity(96);
        self.write_feen(&mut s)?;
        Ok(s)
    }

    /// The identity key of ruling R5: the canonical FEEN with every `'` removed.
    ///
    /// # Errors
    /// As [`Position::to_feen`].
    pub fn r5_key(&self) -> Result<String, FeenWriteError> {
        let mut s = self.to_feen()?;
        s.retain(|c| c != '\'');
        Ok(s)
    }

    /// Appends the canonical FEEN string to `out`. On error `out` is left as it was.
    ///
    /// # Errors
    /// As [`Position::to_feen`].
    pub fn write_feen(&self, out: &mut String) -> Result<(), FeenWriteError> {
        if !self.board.is_feen_representable() {
            return Err(FeenWriteError::ShapeNotRepresentable);
        }
        let start = out.len();
        // Only ASCII is pushed, so the byte view stays valid UTF-8.
        let mut buf = std::mem::take(out).into_bytes();
        self.write_placement(&mut buf);
        buf.push(b' ');
        for side in Side::BOTH {
            if side == Side::Second {
                buf.push(b'/');
            }
            write_hand(&mut buf, &self.hands[side.index()]);
        }
        buf.push(b' ');
        buf.push(self.styles[self.active.index()].to_char() as u8);
        buf.push(b'/');
        buf.push(self.styles[self.active.flip().index()].to_char() as u8);
        let too_long = buf.len() - start > MAX_STRING_LENGTH;
        if too_long {
            buf.truncate(start);
        }
        *out = String::from_utf8(buf).expect("FEEN output is ASCII");
        if too_long {
            Err(FeenWriteError::TooLong)
        } else {
            Ok(())
        }
    }

    fn write_placement(&self, buf: &mut Vec<u8>) {
        let sizes = self.board.sizes();
        let files = usize::from(sizes[0]);
        let layer = files * sizes.get(1).map_or(1, |&r| usize::from(r));
        let mut empty = 0u32;
        let n = self.squares.len();
        for (i, p) in self.squares.iter().enumerate() {
            match p {
                None => empty += 1,
                Some(p) => {
                    if empty > 0 {
                        write_count(buf, empty);
                        empty = 0;
                    }
                    write_piece(buf, *p);
                }
            }
            let next = i + 1;
            if next % files == 0 && next < n {
                if empty > 0 {
                    write_count(buf, empty);
                    empty = 0;
                }
                buf.push(b'/');
                if next % layer == 0 {
                    buf.push(b'/');
                }
            }
        }
        if empty > 0 {
            write_count(buf, empty);
        }
    }
}

/// Reads the squares of a placement field that `sashite_feen` has already validated (so every
/// token is well formed and the count is right): a faster second pass than re-tokenising EPIN.
fn scan_placement(field: &[u8], span: usize) -> Vec<Option<Piece>> {
    let mut squares = Vec::with_capacity(span);
    let mut i = 0;
    while i < field.len() {
        let b = field[i];
        if b == b'/' {
            i += 1;
        } else if b.is_ascii_digit() {
            let mut n = 0usize;
            while i < field.len() && field[i].is_ascii_digit() {
                n = n * 10 + usize::from(field[i] - b'0');
                i += 1;
            }
            squares.resize(squares.len() + n, None);
        } else {
            let state = match b {
                b'+' => {
                    i += 1;
                    State::Enhanced
                }
                b'-' => {
                    i += 1;
                    State::Diminished
                }
                _ => State::Normal,
            };
            let Some((letter, side)) = field.get(i).and_then(|&c| Letter::from_ascii(c)) else {
                break; // unreachable for validated input
            };
            i += 1;
            let terminal = field.get(i) == Some(&b'^');
            i += usize::from(terminal);
            let derived = field.get(i) == Some(&b'\'');
            i += usize::from(derived);
            let pin = tegoma_notation::pin::Identifier::new(letter, side, state, terminal);
            squares.push(Some(Piece::from_epin(
                tegoma_notation::epin::Identifier::new(pin, derived),
            )));
        }
    }
    // Validated input always gives exactly `span` squares; never trust it blindly.
    squares.resize(span, None);
    squares
}

fn write_count(buf: &mut Vec<u8>, n: u32) {
    let mut digits = [0u8; 10];
    let mut i = digits.len();
    let mut n = n;
    loop {
        i -= 1;
        digits[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    buf.extend_from_slice(&digits[i..]);
}

/// Writes a piece as its EPIN token.
pub(crate) fn write_piece(buf: &mut Vec<u8>, p: Piece) {
    let id = p.epin();
    match id.state() {
        State::Enhanced => buf.push(b'+'),
        State::Diminished => buf.push(b'-'),
        State::Normal => {}
    }
    let letter = id.letter().as_ascii();
    buf.push(match id.side() {
        PinSide::First => letter,
        PinSide::Second => letter.to_ascii_lowercase(),
    });
    if id.is_terminal() {
        buf.push(b'^');
    }
    if id.is_derived() {
        buf.push(b'\'');
    }
}

fn write_hand(buf: &mut Vec<u8>, hand: &Hand) {
    if hand.is_empty() {
        return;
    }
    let mut items: [(Piece, u32); 16] = [(Piece::parse("K").expect("valid EPIN"), 0); 16];
    let n = hand.iter().count();
    if n <= items.len() {
        for (slot, it) in items.iter_mut().zip(hand.iter()) {
            *slot = it;
        }
        let items = &mut items[..n];
        // Stable sort by multiplicity, descending; equal counts keep the hand-key order.
        items.sort_by_key(|it| std::cmp::Reverse(it.1));
        write_items(buf, items);
    } else {
        write_items(buf, &hand.canonical_items());
    }
}

fn write_items(buf: &mut Vec<u8>, items: &[(Piece, u32)]) {
    for &(p, n) in items {
        if n > 1 {
            write_count(buf, n);
        }
        write_piece(buf, p);
    }
}
