//! The Chess rule system of the seed (`chess-rule-system.txt`), with the rulings R1, R2, R3 and
//! R5 of the project's `DECISIONS.md`.
//!
//! A [`Position`] is a small `Copy` value: bitboards per role and colour, the side to move, the
//! castling rights, the en-passant target, the halfmove clock and fullmove number, the two hands
//! of captured pieces (as counters) and an incremental Zobrist key. The seed's state markers are
//! *derived* from that state and recomputed after every move exactly as ruling R2 says:
//!
//! - `+K^` while the king's side keeps at least one castling right, else `K^`;
//! - `+R` on a rook standing on its original corner whose castling right is alive, else `R`;
//! - `+P` on a pawn standing on its start rank (it cannot have moved), `-P` on the pawn that has
//!   just made a double step (it lives through the opponent's next turn), else `P`.
//!
//! FEEN states that FEN cannot express are rejected with a typed error
//! ([`PlacementError::ImpossibleMarker`], behind [`PositionError::Specific`]): a plain `P` on its start rank (a pawn never returns
//! there), a `+P` elsewhere, a `+R` off its corner or without a `+K^` king at home, a `+K^` with no
//! `+R`, a `-P` that is not on its double-step rank, belongs to the side to move, or has an
//! occupied path behind it. So FEN and FEEN convert one-to-one, hands aside (a FEN has empty
//! hands; a FEEN's hands hold the captured pieces as they stood: `+r`, `-p`, ...). A hand holds
//! only pieces of the opponent of its owner, none of them a king.
//!
//! Moves are generated legal (check and pin masks) into a fixed-capacity [`MoveList`]; perft
//! counts the last ply from the destination sets (bulk) or plays every leaf (no bulk).
//!
//! ```
//! use tegoma_protocol::Side;
//! use tegoma_rules::chess::{MoveList, Position};
//!
//! let mut pos = Position::startpos();
//! assert_eq!(pos.to_feen(), "+rnbq+k^bn+r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/+RNBQ+K^BN+R / C/c");
//! assert_eq!(pos.legal_moves().len(), 20);
//! let mut moves = MoveList::new(); // the buffer form, for hot paths
//! pos.legal_moves_into(&mut moves);
//! assert_eq!(moves.len(), 20);
//! let mv = pos.parse_pmn("e2-e4").unwrap();
//! pos.play(mv).unwrap();
//! assert!(pos.play(mv).is_err()); // checked: illegal now, the position is unchanged
//! assert_eq!(pos.side_to_move(), Side::Second); // Black
//! assert_eq!(pos.to_fen(), "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 1");
//! assert_eq!(pos.perft(3), 13_160);
//! ```

pub mod error;
mod feen;
mod fen;
mod movegen;
mod moves;
mod perft;
mod pmn;
mod position;
mod san;
mod san_fast;
mod status;
pub(crate) mod tables;

pub use error::{
    FenError, FenField, FenReason, MarkerReason, MoveSyntax, MoveTextError, PlacementError,
};
pub use moves::{Move, MoveKind, MoveList, MoveListIntoIter, MAX_MOVES};
pub use position::Position;
pub use san::{Annotation, CheckSign, San, SanError, SanKind};
pub use san_fast::SanReplay;
pub use tegoma_protocol::{IllegalMove, IllegalReason, MoveError, PositionError};

// White is `Side::First`, Black `Side::Second`: the protocol's one side type.
use tegoma_protocol::Side;

/// A kind of chess piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Role {
    /// Pawn (`P`).
    Pawn = 0,
    /// Knight (`N`).
    Knight = 1,
    /// Bishop (`B`).
    Bishop = 2,
    /// Rook (`R`).
    Rook = 3,
    /// Queen (`Q`).
    Queen = 4,
    /// King (`K^`).
    King = 5,
}

impl Role {
    /// The six roles, pawn first.
    pub const ALL: [Role; 6] = [
        Role::Pawn,
        Role::Knight,
        Role::Bishop,
        Role::Rook,
        Role::Queen,
        Role::King,
    ];

    /// 0 (pawn) to 5 (king).
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The uppercase letter: `P N B R Q K`.
    pub const fn letter(self) -> u8 {
        match self {
            Role::Pawn => b'P',
            Role::Knight => b'N',
            Role::Bishop => b'B',
            Role::Rook => b'R',
            Role::Queen => b'Q',
            Role::King => b'K',
        }
    }

    /// The role of an uppercase or lowercase letter.
    pub const fn from_letter(c: u8) -> Option<Role> {
        match c.to_ascii_uppercase() {
            b'P' => Some(Role::Pawn),
            b'N' => Some(Role::Knight),
            b'B' => Some(Role::Bishop),
            b'R' => Some(Role::Rook),
            b'Q' => Some(Role::Queen),
            b'K' => Some(Role::King),
            _ => None,
        }
    }
}

/// The eight kinds of piece a chess hand can hold, each spelled with its state marker as it
/// stood when captured (ruling R2). Index `i` of [`Position::hand`].
pub const HAND_KINDS: [(Role, HandState); 8] = [
    (Role::Queen, HandState::Plain),
    (Role::Rook, HandState::Enhanced),
    (Role::Rook, HandState::Plain),
    (Role::Bishop, HandState::Plain),
    (Role::Knight, HandState::Plain),
    (Role::Pawn, HandState::Enhanced),
    (Role::Pawn, HandState::Plain),
    (Role::Pawn, HandState::Diminished),
];

/// The state marker of a captured piece: `+` (castling rook, unmoved pawn), none, or `-` (pawn
/// vulnerable to en passant).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HandState {
    /// `+`.
    Enhanced,
    /// No marker.
    Plain,
    /// `-`.
    Diminished,
}

pub(crate) const HAND_QUEEN: usize = 0;
pub(crate) const HAND_ROOK_PLUS: usize = 1;
pub(crate) const HAND_ROOK: usize = 2;
pub(crate) const HAND_BISHOP: usize = 3;
pub(crate) const HAND_KNIGHT: usize = 4;
pub(crate) const HAND_PAWN_PLUS: usize = 5;
pub(crate) const HAND_PAWN: usize = 6;
pub(crate) const HAND_PAWN_MINUS: usize = 7;
