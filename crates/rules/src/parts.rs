//! [`Parts`]: an 8x8 position to read, from FEEN text or from a generic position (the Game
//! Protocol's model), so that chess and Ōgi read both through one checked path and no FEEN text
//! is written only to be read again.

use tegoma_notation::epin;
use tegoma_notation::feen::{Feen, HandIter};
use tegoma_protocol::{PositionError, Side, Style};

/// An 8x8 position before a rule system checks it: shape, styles, side to move, the 64 squares
/// in FEEN order (rank 8 first, file a first) and both hands.
pub(crate) struct Parts {
    /// The board's dimensions (a rule system refuses anything but `[8, 8]`).
    pub dims: Vec<u8>,
    /// The first and the second player's styles.
    pub styles: [Style; 2],
    /// Whether the first player is to move.
    pub first_to_move: bool,
    /// The squares (all empty unless `dims` is `[8, 8]`).
    pub squares: [Option<epin::Identifier>; 64],
    /// The first and the second hand: each piece and its count.
    pub hands: [Vec<(epin::Identifier, u32)>; 2],
}

impl Parts {
    /// The parts of a FEEN text.
    pub fn from_feen(text: &str) -> Result<Parts, PositionError> {
        let feen = Feen::parse(text).map_err(PositionError::Feen)?;
        let mut squares = [None; 64];
        let dims = feen.shape().dimensions().to_vec();
        if dims == [8, 8] {
            for (slot, piece) in squares.iter_mut().zip(feen.squares()) {
                *slot = piece;
            }
        }
        let hand = |items: HandIter<'_>| items.map(|i| (i.piece(), i.count())).collect();
        Ok(Parts {
            dims,
            styles: [feen.first_style(), feen.second_style()],
            first_to_move: feen.active_style() == feen.first_style(),
            squares,
            hands: [hand(feen.first_hand()), hand(feen.second_hand())],
        })
    }

    /// The parts of a generic position; a board with holes is refused
    /// ([`PositionError::BoardShape`]).
    pub fn from_generic(position: &tegoma_protocol::Position) -> Result<Parts, PositionError> {
        let board = position.board();
        let dims = board.sizes().to_vec();
        let mut squares = [None; 64];
        if dims == [8, 8] {
            if board.len() != 64 {
                return Err(PositionError::BoardShape {
                    expected: vec![8, 8],
                    found: dims,
                });
            }
            for sq in board.squares() {
                squares[sq.index()] = position.piece_at(sq).map(|p| p.epin());
            }
        }
        let hand = |side: Side| {
            position
                .hand(side)
                .iter()
                .map(|(p, n)| (p.epin(), n))
                .collect()
        };
        Ok(Parts {
            dims,
            styles: position.styles(),
            first_to_move: position.side_to_move() == Side::First,
            squares,
            hands: [hand(Side::First), hand(Side::Second)],
        })
    }
}

/// An empty 8x8 generic position with these styles: a rule system's export (`to_generic`)
/// puts its pieces in, each from a table of generic pieces read once from its tokens (no FEEN
/// text written and read again), then [`finish_generic`].
pub(crate) fn empty_generic(styles: [Style; 2]) -> tegoma_protocol::Position {
    use tegoma_protocol::{Board, Position};
    let board = Board::new(&[8, 8]).expect("an 8x8 board");
    Position::new(board, styles[0], styles[1]).expect("styles of the right case")
}

/// Fills `p`'s hands (each hand's tokens and counts) and sets the side to move.
///
/// # Panics
/// When a token is not EPIN: rule systems write only valid tokens.
pub(crate) fn finish_generic(
    p: &mut tegoma_protocol::Position,
    active: Side,
    hands: [&[(&str, u32)]; 2],
) {
    use tegoma_protocol::Piece;
    for (side, items) in [Side::First, Side::Second].into_iter().zip(hands) {
        for &(t, n) in items {
            let piece = Piece::parse(t).expect("rule systems write EPIN tokens");
            p.add_to_hand(side, piece, n)
                .expect("as many pieces as the position holds");
        }
    }
    p.set_side_to_move(active);
}

/// `bytes` as text when they are ASCII (what the move writers produce): the check is a few
/// instructions where `std::str::from_utf8` cost about 60 a move, a tenth of the server's work
/// listing a position's legal moves (measured with `callgrind`).
#[inline]
pub(crate) fn ascii_str(bytes: &[u8]) -> Option<&str> {
    // SAFETY: ASCII bytes are valid UTF-8.
    bytes
        .is_ascii()
        .then(|| unsafe { std::str::from_utf8_unchecked(bytes) })
}

/// Text of at most `N` bytes on the stack: a move written piece by piece here, then handed on
/// with one `write_str` (through a `dyn fmt::Write`, each character had cost a call and a
/// capacity check of the `String` behind it). Writing past `N` bytes fails (`fmt::Error`).
pub(crate) struct StackStr<const N: usize> {
    bytes: [u8; N],
    len: usize,
}

impl<const N: usize> StackStr<N> {
    /// Empty text.
    #[inline]
    pub(crate) fn new() -> Self {
        StackStr {
            bytes: [0; N],
            len: 0,
        }
    }

    /// The text written.
    #[inline]
    pub(crate) fn as_str(&self) -> &str {
        // Only whole `&str`s are appended (`write_char` goes through `write_str`), so the
        // bytes are UTF-8: ASCII (every move's text) read at once, the rest checked.
        let bytes = &self.bytes[..self.len];
        ascii_str(bytes)
            .or_else(|| std::str::from_utf8(bytes).ok())
            .unwrap_or("?")
    }
}

impl<const N: usize> std::fmt::Write for StackStr<N> {
    #[inline]
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        let end = self.len + s.len();
        if end > N {
            return Err(std::fmt::Error);
        }
        self.bytes[self.len..end].copy_from_slice(s.as_bytes());
        self.len = end;
        Ok(())
    }
}
