//! Positions: a board, the pieces on it and in the two hands, the two Player Styles and the
//! Active Player (Game Protocol §6).

use std::hash::{Hash, Hasher};

use tegoma_notation::cell::Cell;
use tegoma_notation::sin;

use crate::board::{Board, Square};
use crate::hand::Hand;
use crate::piece::{Location, Piece};
use crate::side::Side;

/// A Player Style: a SIN identifier whose letter names the style and whose case gives the side
/// (`C` for a first player of style Chess, `o` for a second player of style Ōgi).
pub type Style = sin::Identifier;

/// Why a position cannot be built as asked (setup methods; moves report a
/// [`Violation`](crate::Violation) instead).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SetupError {
    /// The square is not on the board (outside it or a hole).
    #[error("square {0:?} is not on the board")]
    NoSuchSquare(Square),
    /// The position would hold more pieces than the board has squares (Protocol §5.5).
    #[error("more pieces than the {squares} squares of the board")]
    TooManyPieces {
        /// The number of squares.
        squares: usize,
    },
    /// A style of the wrong case: the first player's style must be uppercase, the second's
    /// lowercase.
    #[error("style {0} has the wrong case for its side")]
    StyleCase(Style),
}

impl tegoma_notation::NotationError for SetupError {
    fn kind(&self) -> &'static str {
        match self {
            SetupError::NoSuchSquare(_) => "NoSuchSquare",
            SetupError::TooManyPieces { .. } => "TooManyPieces",
            SetupError::StyleCase(_) => "StyleCase",
        }
    }
}

/// A position of the Game Protocol.
///
/// Equality and hashing follow ruling R5: two positions are equal when their canonical FEEN
/// strings, with every derivation marker `'` removed, are equal — same board, same pieces (marker
/// ignored) on the same squares, same hands as multisets, same styles, same Active Player.
#[derive(Clone)]
pub struct Position {
    pub(crate) board: Board,
    /// One slot per flat index of the board's bounding shape; holes stay `None`.
    pub(crate) squares: Vec<Option<Piece>>,
    pub(crate) hands: [Hand; 2],
    pub(crate) styles: [Style; 2],
    pub(crate) active: Side,
    pub(crate) board_pieces: u32,
}

impl Position {
    /// An empty position on `board`: no piece, the given Player Styles (`first` uppercase,
    /// `second` lowercase), the first player to move.
    ///
    /// # Errors
    /// [`SetupError::StyleCase`] if a style has the wrong case.
    pub fn new(board: Board, first: Style, second: Style) -> Result<Position, SetupError> {
        if !first.is_first() {
            return Err(SetupError::StyleCase(first));
        }
        if !second.is_second() {
            return Err(SetupError::StyleCase(second));
        }
        Ok(Position {
            squares: vec![None; board.span()],
            board,
            hands: [Hand::new(), Hand::new()],
            styles: [first, second],
            active: Side::First,
            board_pieces: 0,
        })
    }

    /// The board.
    #[must_use]
    pub fn board(&self) -> &Board {
        &self.board
    }

    /// The Active Player (the side to move); the Inactive Player is `side_to_move().flip()`.
    #[inline]
    #[must_use]
    pub fn side_to_move(&self) -> Side {
        self.active
    }

    /// Sets the Active Player (setup only; moves toggle it themselves).
    pub fn set_side_to_move(&mut self, side: Side) {
        self.active = side;
    }

    /// The Player Style of a side.
    #[must_use]
    pub fn style(&self, side: Side) -> Style {
        self.styles[side.index()]
    }

    /// Both Player Styles, `[first, second]`.
    #[must_use]
    pub fn styles(&self) -> [Style; 2] {
        self.styles
    }

    /// The resolved style of a piece in this position (see [`Piece::style`]).
    #[must_use]
    pub fn piece_style(&self, piece: Piece) -> Style {
        piece.style(self.styles)
    }

    /// The piece on a square (`None` when empty, outside the board or a hole).
    #[inline]
    #[must_use]
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        self.squares.get(sq.index()).copied().flatten()
    }

    /// The piece on the square named by a CELL coordinate.
    #[must_use]
    pub fn piece_at_cell(&self, cell: Cell) -> Option<Piece> {
        self.piece_at(self.board.square(cell)?)
    }

    /// The hand of a side.
    #[must_use]
    pub fn hand(&self, side: Side) -> &Hand {
        &self.hands[side.index()]
    }

    /// The number of pieces on the board.
    #[must_use]
    pub fn board_piece_count(&self) -> usize {
        self.board_pieces as usize
    }

    /// The number of pieces in the match: on the board and in both hands.
    #[must_use]
    pub fn piece_count(&self) -> usize {
        self.board_pieces as usize + self.hands[0].len() + self.hands[1].len()
    }

    /// The occupied squares with their pieces, in flat order.
    pub fn pieces(&self) -> impl Iterator<Item = (Square, Piece)> + '_ {
        self.squares
            .iter()
            .enumerate()
            .filter_map(|(i, p)| p.map(|p| (Square::new(i as u32), p)))
    }

    /// Whether a location exists in this position: a square of the board, or a hand.
    #[must_use]
    pub fn has_location(&self, loc: Location) -> bool {
        match loc {
            Location::Square(s) => self.board.contains(s),
            Location::Hand(_) => true,
        }
    }

    /// Puts `piece` on a square (or empties it with `None`) and returns what was there.
    ///
    /// # Errors
    /// [`SetupError::NoSuchSquare`], or [`SetupError::TooManyPieces`] if the piece count would
    /// exceed the number of squares.
    pub fn set(&mut self, sq: Square, piece: Option<Piece>) -> Result<Option<Piece>, SetupError> {
        if !self.board.contains(sq) {
            return Err(SetupError::NoSuchSquare(sq));
        }
        let old = self.squares[sq.index()];
        if old.is_none() && piece.is_some() && self.piece_count() >= self.board.len() {
            return Err(SetupError::TooManyPieces {
                squares: self.board.len(),
            });
        }
        self.squares[sq.index()] = piece;
        self.board_pieces =
            self.board_pieces + u32::from(piece.is_some()) - u32::from(old.is_some());
        Ok(old)
    }

    /// Adds `n` copies of `piece` to a side's hand.
    ///
    /// # Errors
    /// [`SetupError::TooManyPieces`] if the piece count would exceed the number of squares.
    pub fn add_to_hand(&mut self, side: Side, piece: Piece, n: u32) -> Result<(), SetupError> {
        if self.piece_count() + n as usize > self.board.len() {
            return Err(SetupError::TooManyPieces {
                squares: self.board.len(),
            });
        }
        self.hands[side.index()].add(piece, n);
        Ok(())
    }

    /// Removes one `piece` from a side's hand; false if it holds none.
    pub fn remove_from_hand(&mut self, side: Side, piece: Piece) -> bool {
        self.hands[side.index()].remove(piece)
    }

    /// Checks every Protocol invariant that the representation does not guarantee by itself:
    /// holes are empty, the cached board count is right, and `0 ≤ pieces ≤ squares`.
    /// Returns a description of the first broken invariant. Meant for tests and debugging.
    ///
    /// # Errors
    /// The first broken invariant.
    pub fn check_invariants(&self) -> Result<(), String> {
        if self.squares.len() != self.board.span() {
            return Err("storage does not match the board".into());
        }
        let mut n = 0u32;
        for (i, p) in self.squares.iter().enumerate() {
            if p.is_some() {
                if !self.board.contains(Square::new(i as u32)) {
                    return Err(format!("a piece stands on hole {i}"));
                }
                n += 1;
            }
        }
        if n != self.board_pieces {
            return Err("board piece count out of date".into());
        }
        if self.piece_count() > self.board.len() {
            return Err("more pieces than squares".into());
        }
        if !self.styles[0].is_first() || !self.styles[1].is_second() {
            return Err("styles of the wrong case".into());
        }
        Ok(())
    }
}

impl PartialEq for Position {
    fn eq(&self, other: &Position) -> bool {
        self.active == other.active
            && self.styles == other.styles
            && self.board_pieces == other.board_pieces
            && self.board == other.board
            && self
                .squares
                .iter()
                .zip(&other.squares)
                .all(|(a, b)| a.map(Piece::r5) == b.map(Piece::r5))
            && self.hands[0].r5_eq(&other.hands[0])
            && self.hands[1].r5_eq(&other.hands[1])
    }
}

impl Eq for Position {}

impl Hash for Position {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.board.hash(state);
        self.active.hash(state);
        self.styles.hash(state);
        for p in &self.squares {
            p.map(Piece::r5).hash(state);
        }
        for h in &self.hands {
            h.len().hash(state);
            for item in h.r5_items() {
                item.hash(state);
            }
        }
    }
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.to_feen() {
            Ok(s) if self.board.is_regular() => write!(f, "Position({s})"),
            Ok(s) => write!(f, "Position({s}, {:?})", self.board),
            Err(_) => f
                .debug_struct("Position")
                .field("board", &self.board)
                .field("squares", &self.squares)
                .field("hands", &self.hands)
                .field("styles", &self.styles)
                .field("active", &self.active)
                .finish(),
        }
    }
}

/// A board diagram: the second player's hand, the board (ranks from the highest, each with its
/// number; files `a`… below; `.` for an empty square, a blank for a hole; pieces as their EPIN
/// tokens padded to a common width), the first player's hand, and the side to move. A 1-D board
/// is one row without rank number; a 3-D board is one block per layer, from the highest, each
/// headed `layer <letter>`.
///
/// ```
/// use tegoma_protocol::Position;
/// let p = Position::from_feen("K^3k^ 2p/ K/k").unwrap();
/// assert_eq!(
///     p.to_string(),
///     "second hand: -\nK^ .  .  .  k^\na  b  c  d  e\nfirst hand: p x2\nfirst to move"
/// );
/// ```
impl std::fmt::Display for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        use tegoma_notation::cell::Cell;

        let sizes = self.board.sizes();
        let files = usize::from(sizes[0]);
        let ranks = sizes.get(1).map_or(1, |&r| usize::from(r));
        let layers = sizes.get(2).map_or(1, |&l| usize::from(l));
        let tokens: Vec<String> = self
            .squares
            .iter()
            .enumerate()
            .map(|(i, p)| match p {
                Some(p) => p.to_string(),
                None if self.board.contains(Square::new(i as u32)) => ".".to_string(),
                None => " ".to_string(),
            })
            .collect();
        let width = tokens.iter().map(|t| t.chars().count()).max().unwrap_or(1);
        let label = if sizes.len() >= 2 {
            ranks.to_string().len()
        } else {
            0
        };
        let row = |f: &mut std::fmt::Formatter<'_>,
                   head: &str,
                   cells: &mut dyn Iterator<Item = String>| {
            let mut line = String::new();
            if label > 0 {
                line.push_str(&format!("{head:>label$} "));
            }
            for c in cells {
                line.push_str(&format!("{c:<width$} "));
            }
            writeln!(f, "{}", line.trim_end())
        };
        write_hand(f, Side::Second, &self.hands[1])?;
        for layer in 0..layers {
            if layers > 1 {
                let top = (layers - 1 - layer) as u8;
                let cell = Cell::new(&[0, 0, top])
                    .map(|c| c.to_string())
                    .unwrap_or_default();
                writeln!(
                    f,
                    "layer {}",
                    cell.trim_start_matches(|c: char| !c.is_ascii_uppercase())
                )?;
            }
            for r in 0..ranks {
                let start = (layer * ranks + r) * files;
                let head = (ranks - r).to_string();
                row(f, &head, &mut tokens[start..start + files].iter().cloned())?;
            }
        }
        let mut names =
            (0..sizes[0]).map(|i| Cell::new(&[i]).map(|c| c.to_string()).unwrap_or_default());
        row(f, "", &mut names)?;
        write_hand(f, Side::First, &self.hands[0])?;
        write!(f, "{} to move", self.active)
    }
}

/// One line of [`Position`]'s diagram: `first hand: p x2, r`, or `first hand: -` when empty.
fn write_hand(f: &mut std::fmt::Formatter<'_>, side: Side, hand: &Hand) -> std::fmt::Result {
    write!(f, "{side} hand: ")?;
    if hand.is_empty() {
        return writeln!(f, "-");
    }
    let mut sep = "";
    for (piece, n) in hand.canonical_items() {
        write!(f, "{sep}{piece}")?;
        if n > 1 {
            write!(f, " x{n}")?;
        }
        sep = ", ";
    }
    writeln!(f)
}
