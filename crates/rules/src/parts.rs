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

/// The generic position of an 8x8 position given as FEEN tokens, built directly (no FEEN text
/// written and read again): `token(i)` is the token of the `i`th square in FEEN order (rank 8
/// first, file a first), written into the buffer it is given (left empty for an empty square);
/// `hands` lists each hand's tokens and counts.
///
/// # Panics
/// When a token is not EPIN: rule systems write only valid tokens.
pub(crate) fn generic_of(
    styles: [Style; 2],
    active: Side,
    mut token: impl FnMut(usize, &mut String),
    hands: [&[(&str, u32)]; 2],
) -> tegoma_protocol::Position {
    use tegoma_protocol::{Board, Piece, Position, Square};
    let piece = |t: &str| Piece::parse(t).expect("rule systems write EPIN tokens");
    let board = Board::new(&[8, 8]).expect("an 8x8 board");
    let mut p = Position::new(board, styles[0], styles[1]).expect("styles of the right case");
    let mut buf = String::with_capacity(4);
    // Each distinct token is read once (a position has a dozen kinds of pieces for 64
    // squares).
    let mut read: [([u8; 8], Piece); 32] = [([0; 8], Piece::parse("K").expect("EPIN")); 32];
    let mut known = 0;
    for i in 0..64 {
        buf.clear();
        token(i, &mut buf);
        if !buf.is_empty() {
            let mut key = [0u8; 8];
            let found = if buf.len() < 8 {
                key[..buf.len()].copy_from_slice(buf.as_bytes());
                key[7] = buf.len() as u8;
                match read[..known].iter().find(|(k, _)| *k == key) {
                    Some(&(_, found)) => found,
                    None => {
                        let found = piece(&buf);
                        if known < read.len() {
                            read[known] = (key, found);
                            known += 1;
                        }
                        found
                    }
                }
            } else {
                piece(&buf)
            };
            p.set(Square::new(i as u32), Some(found))
                .expect("64 squares for at most 64 pieces");
        }
    }
    for (side, items) in [Side::First, Side::Second].into_iter().zip(hands) {
        for &(t, n) in items {
            p.add_to_hand(side, piece(t), n)
                .expect("as many pieces as the position holds");
        }
    }
    p.set_side_to_move(active);
    p
}
