//! FEEN in and out: the seed's markers (ruling R2) mapped to and from the position's state.

use super::error::{cell, piece};
use super::tables::{BK, BQ, WK, WQ};
use super::{
    Position, PositionError, Role, Side, HAND_BISHOP, HAND_KNIGHT, HAND_PAWN, HAND_PAWN_MINUS,
    HAND_PAWN_PLUS, HAND_QUEEN, HAND_ROOK, HAND_ROOK_PLUS,
};
use crate::kit::{Bitboard, Square};
use crate::parts::Parts;
use tegoma_protocol::error::MarkerReason;

/// The uppercase token of each hand kind, in [`super::HAND_KINDS`] order.
const HAND_TOKENS: [&str; 8] = ["Q", "+R", "R", "B", "N", "+P", "P", "-P"];
/// [`HAND_TOKENS`] in lowercase (White's hand holds Black's pieces).
const HAND_TOKENS_LOWER: [&str; 8] = ["q", "+r", "r", "b", "n", "+p", "p", "-p"];

/// A board token: role plus state (`+` 1, none 0, `-` -1).
fn board_token(t: &str) -> Option<(Role, i8)> {
    Some(match t {
        "+K^" => (Role::King, 1),
        "K^" => (Role::King, 0),
        "Q" => (Role::Queen, 0),
        "+R" => (Role::Rook, 1),
        "R" => (Role::Rook, 0),
        "B" => (Role::Bishop, 0),
        "N" => (Role::Knight, 0),
        "+P" => (Role::Pawn, 1),
        "P" => (Role::Pawn, 0),
        "-P" => (Role::Pawn, -1),
        _ => return None,
    })
}

fn marker_err(token: &str, sq: Square, reason: MarkerReason) -> PositionError {
    PositionError::ImpossibleMarker {
        piece: piece(token),
        square: cell(sq),
        reason,
    }
}

impl Position {
    /// Reads a chess FEEN (styles `C/c`, an 8x8 board, rank 8 first) with the seed's markers.
    ///
    /// Markers must be those a game can produce (see the module documentation); hands hold only
    /// pieces of the opponent of their owner (no king). The halfmove clock starts at 0 and the
    /// fullmove number at 1 (FEEN carries neither).
    pub fn from_feen(text: &str) -> Result<Position, PositionError> {
        Position::from_parts(Parts::from_feen(text)?)
    }

    /// Reads a generic position (the Game Protocol's model) with the seed's markers, as
    /// [`Position::from_feen`] reads its FEEN, without writing FEEN text in between.
    ///
    /// # Errors
    /// As [`Position::from_feen`]; a board with holes is refused with
    /// [`PositionError::BoardShape`].
    pub fn from_generic(position: &tegoma_protocol::Position) -> Result<Position, PositionError> {
        Position::from_parts(Parts::from_generic(position)?)
    }

    /// The position a [`Parts`] describes, its markers checked (ruling R2).
    fn from_parts(parts: Parts) -> Result<Position, PositionError> {
        let dims = parts.dims;
        if dims != [8, 8] {
            return Err(PositionError::BoardShape {
                expected: vec![8, 8],
                found: dims,
            });
        }
        let found = parts.styles;
        if found[0].to_char() != 'C' || found[1].to_char() != 'c' {
            return Err(PositionError::Styles {
                expected: crate::systems::CHESS_STYLES,
                found,
            });
        }
        let mut p = Position::empty();
        p.side = if parts.first_to_move {
            Side::First
        } else {
            Side::Second
        };
        let mut kings_plus = [false; 2];
        let mut rooks_plus: Vec<(Side, Square)> = Vec::new();
        let mut ep_pawns = 0;
        for (i, slot) in parts.squares.iter().enumerate() {
            let Some(piece) = *slot else { continue };
            let sq = Square::at((i % 8) as u8, 7 - (i / 8) as u8);
            let enc = piece.encode();
            let tok: &str = enc.as_str();
            let color = if piece.is_first() {
                Side::First
            } else {
                Side::Second
            };
            let upper = tok.to_ascii_uppercase();
            let (role, state) = board_token(&upper).ok_or_else(|| PositionError::ForeignPiece {
                piece: tegoma_protocol::Piece::from_epin(piece),
                square: cell(sq),
            })?;
            // Ranks seen from the piece's side: 0 = its first rank.
            let rel_rank = if color == Side::First {
                sq.rank()
            } else {
                7 - sq.rank()
            };
            match (role, state) {
                (Role::King, 1) => kings_plus[color.index()] = true,
                (Role::Rook, 1) => rooks_plus.push((color, sq)),
                (Role::Pawn, s) => {
                    if rel_rank == 0 || rel_rank == 7 {
                        return Err(PositionError::PawnOnBackRank { square: cell(sq) });
                    }
                    match s {
                        1 if rel_rank != 1 => {
                            return Err(marker_err(tok, sq, MarkerReason::PlusPawnOffStartRank))
                        }
                        0 if rel_rank == 1 => {
                            return Err(marker_err(tok, sq, MarkerReason::PawnOnStartRankMoved))
                        }
                        -1 => {
                            if rel_rank != 3 {
                                return Err(marker_err(
                                    tok,
                                    sq,
                                    MarkerReason::MinusPawnOffDoubleStep,
                                ));
                            }
                            if color == p.side {
                                return Err(marker_err(tok, sq, MarkerReason::MinusPawnExpired));
                            }
                            ep_pawns += 1;
                            if ep_pawns > 1 {
                                return Err(marker_err(tok, sq, MarkerReason::SeveralMinusPawns));
                            }
                            let t = if color == Side::First {
                                sq.index() - 8
                            } else {
                                sq.index() + 8
                            };
                            p.ep = t as u8;
                        }
                        _ => {}
                    }
                }
                _ => {}
            }
            p.put(color, role, sq.index() as u8);
        }
        // Castling markers: a +R on its corner with a +K^ at home gives the right.
        for (color, sq) in rooks_plus {
            let (home, corners) = match color {
                Side::First => (4, [(7, WK), (0, WQ)]),
                Side::Second => (60, [(63, BK), (56, BQ)]),
            };
            let tok = if color == Side::First { "+R" } else { "+r" };
            let Some(&(_, bit)) = corners.iter().find(|(c, _)| *c == sq.index()) else {
                return Err(marker_err(tok, sq, MarkerReason::PlusRookOffCorner));
            };
            if !kings_plus[color.index()] || p.king(color).index() != home {
                return Err(marker_err(tok, sq, MarkerReason::PlusRookWithoutKing));
            }
            p.castling |= bit;
        }
        for color in [Side::First, Side::Second] {
            let any = if color == Side::First {
                p.castling & (WK | WQ)
            } else {
                p.castling & (BK | BQ)
            };
            if kings_plus[color.index()] && any == 0 {
                let tok = if color == Side::First { "+K^" } else { "+k^" };
                return Err(marker_err(
                    tok,
                    p.king(color),
                    MarkerReason::PlusKingWithoutRook,
                ));
            }
        }
        p.validate()?;
        p.check_ep().map_err(|reason| {
            let sq = p.ep_pawn().unwrap_or(Square::from_index(0));
            let tok = if p.side == Side::First { "-p" } else { "-P" };
            marker_err(tok, sq, reason)
        })?;
        // Hands: the first hand holds Black's pieces, the second White's.
        for (holder, items) in [Side::First, Side::Second].into_iter().zip(&parts.hands) {
            for &(piece, count) in items {
                let enc = piece.encode();
                let tok: &str = enc.as_str();
                let own = piece.is_first() == (holder == Side::First);
                let upper = tok.to_ascii_uppercase();
                let kind = HAND_TOKENS.iter().position(|t| *t == upper);
                match kind {
                    Some(k) if !own => {
                        p.hands[holder.index()][k] =
                            p.hands[holder.index()][k].saturating_add(count.min(64) as u8);
                    }
                    _ => {
                        return Err(PositionError::HandPiece {
                            piece: tegoma_protocol::Piece::from_epin(piece),
                            hand: holder,
                        })
                    }
                }
            }
        }
        p.key = p.compute_key();
        Ok(p)
    }

    /// Reads a position in FEEN or FEN, recognised by the last field (a FEEN ends with its
    /// style-turn field, e.g. `C/c`; a FEN with a number or the castling/en-passant field).
    pub fn from_text(text: &str) -> Result<Position, PositionError> {
        if text.rsplit(' ').next().is_some_and(|f| f.contains('/')) {
            Position::from_feen(text)
        } else {
            Position::from_fen(text)
        }
    }

    /// The hand of `holder` as FEEN tokens with their counts (`("+r", 1)`, `("p", 2)`), in
    /// [`super::HAND_KINDS`] order; kinds not held are left out.
    pub fn hand_tokens(&self, holder: Side) -> impl Iterator<Item = (&'static str, u8)> + '_ {
        (0..8).filter_map(move |k| {
            let n = self.hands[holder.index()][k];
            let t = if holder == Side::First {
                HAND_TOKENS_LOWER[k]
            } else {
                HAND_TOKENS[k]
            };
            (n > 0).then_some((t, n))
        })
    }

    /// The FEEN token of the piece on `sq`, with its marker.
    pub fn token_at(&self, sq: Square) -> Option<&'static str> {
        let (color, role) = self.piece_at(sq)?;
        let bit = sq.bb().0;
        let m = self.markers();
        let code =
            base_code(color, role) + u8::from(m.plus & bit != 0) + 2 * u8::from(m.minus & bit != 0);
        Some(BOARD_TOKENS[code as usize])
    }

    /// The canonical FEEN string (placement with markers, hands, style-turn).
    pub fn to_feen(&self) -> String {
        let mut s = String::with_capacity(96);
        self.write_feen(&mut s);
        s
    }

    /// Appends the canonical FEEN to `s` (no allocation beyond `s` growing).
    pub fn write_feen(&self, s: &mut String) {
        // Written as bytes into a buffer on the stack, well under its 320 bytes: 64 board tokens
        // of 2 bytes (3 for a king), 7 slashes, two hands of 8 kinds of 4 bytes at most, the
        // separators and style-turn.
        let mut buf = [0u8; 320];
        let mut n = 0;
        // Byte by byte: tokens are 1 to 3 bytes, too short for a copy call.
        let mut put = |bytes: &[u8]| {
            for &b in bytes {
                buf[n] = b;
                n += 1;
            }
        };
        let codes = self.board_codes();
        let occupied = self.by_color[0] | self.by_color[1];
        for r in (0..8u8).rev() {
            // From one occupied square of the rank to the next (no branch per empty square).
            let mut row = (occupied >> (8 * r)) as u8;
            let mut file = 0u8;
            while row != 0 {
                let f = row.trailing_zeros() as u8;
                if f > file {
                    put(&[b'0' + (f - file)]);
                }
                put(BOARD_TOKENS[codes[Square::at(f, r).index()] as usize].as_bytes());
                file = f + 1;
                row &= row - 1;
            }
            if file < 8 {
                put(&[b'0' + (8 - file)]);
            }
            if r > 0 {
                put(b"/");
            }
        }
        put(b" ");
        // First hand: Black's pieces held by White (lowercase); second: White's (uppercase).
        for holder in [Side::First, Side::Second] {
            let hand = &self.hands[holder.index()];
            let mut items = [(0u8, 0usize); 8];
            let mut len = 0;
            for (k, &count) in hand.iter().enumerate() {
                if count > 0 {
                    items[len] = (count, k);
                    len += 1;
                }
            }
            // Canonical order: count descending, then letter, then state (- before + before
            // none). Every token of one hand has the same case.
            if len > 1 {
                items[..len].sort_unstable_by_key(|&(c, k)| (std::cmp::Reverse(c), hand_order(k)));
            }
            for &(count, k) in &items[..len] {
                if count > 1 {
                    if count >= 10 {
                        put(&[b'0' + count / 10]);
                    }
                    put(&[b'0' + count % 10]);
                }
                put(if holder == Side::First {
                    HAND_TOKENS_LOWER[k].as_bytes()
                } else {
                    HAND_TOKENS[k].as_bytes()
                });
            }
            if holder == Side::First {
                put(b"/");
            }
        }
        put(if self.side == Side::First {
            b" C/c"
        } else {
            b" c/C"
        });
        s.push_str(std::str::from_utf8(&buf[..n]).expect("FEEN tokens are ASCII"));
    }
}

/// Board tokens by code (see [`Position::board_codes`]): White's from 1, Black's from 11; a
/// piece's base code plus 1 for `+`, plus 2 for `-`.
const BOARD_TOKENS: [&str; 21] = [
    "", "P", "+P", "-P", "N", "B", "R", "+R", "Q", "K^", "+K^", "p", "+p", "-p", "n", "b", "r",
    "+r", "q", "k^", "+k^",
];

/// The unmarked token code of a piece (see [`BOARD_TOKENS`]).
fn base_code(side: Side, role: Role) -> u8 {
    let code = match role {
        Role::Pawn => 1,
        Role::Knight => 4,
        Role::Bishop => 5,
        Role::Rook => 6,
        Role::Queen => 8,
        Role::King => 9,
    };
    if side == Side::First {
        code
    } else {
        code + 10
    }
}

/// The squares whose pieces carry a state marker (ruling R2).
struct Markers {
    /// `+`: pawns on their start rank, rooks on the corner of a live castling right, kings with a
    /// live right.
    plus: u64,
    /// `-`: the pawn that has just double-stepped.
    minus: u64,
}

impl Position {
    /// Where the markers stand: the one statement of R2's markers, for one square
    /// ([`Position::token_at`]) and for the whole board ([`Position::board_codes`]).
    fn markers(&self) -> Markers {
        let pawns = self.by_role[Role::Pawn.index()];
        let rooks = self.by_role[Role::Rook.index()];
        let kings = self.by_role[Role::King.index()];
        let [white, black] = self.by_color;
        let mut plus = pawns & (white & Bitboard::rank(1).0 | black & Bitboard::rank(6).0);
        for i in 0..4 {
            if self.right(i) {
                plus |= rooks & 1u64 << Position::right_corner(i);
            }
        }
        if self.castling & (WK | WQ) != 0 {
            plus |= kings & white;
        }
        if self.castling & (BK | BQ) != 0 {
            plus |= kings & black;
        }
        let minus = self.ep_pawn().map_or(0, |sq| sq.bb().0 & pawns);
        Markers { plus, minus }
    }

    /// The board as codes into [`BOARD_TOKENS`] (0 for an empty square), markers included: the
    /// tokens of [`Position::token_at`], found a piece set at a time.
    fn board_codes(&self) -> [u8; 64] {
        let mut codes = [0u8; 64];
        for color in [Side::First, Side::Second] {
            for role in Role::ALL {
                let code = base_code(color, role);
                for sq in self.pieces(color, role) {
                    codes[sq.index()] = code;
                }
            }
        }
        let m = self.markers();
        for sq in Bitboard(m.plus) {
            codes[sq.index()] += 1;
        }
        for sq in Bitboard(m.minus) {
            codes[sq.index()] += 2;
        }
        codes
    }
}

/// The canonical FEEN hand order of a kind with the same count and case: letter, then state
/// (`-` before `+` before none).
fn hand_order(kind: usize) -> (u8, u8) {
    match kind {
        HAND_BISHOP => (b'B', 2),
        HAND_KNIGHT => (b'N', 2),
        HAND_PAWN_MINUS => (b'P', 0),
        HAND_PAWN_PLUS => (b'P', 1),
        HAND_PAWN => (b'P', 2),
        HAND_QUEEN => (b'Q', 2),
        HAND_ROOK_PLUS => (b'R', 1),
        HAND_ROOK => (b'R', 2),
        _ => (b'Z', 3),
    }
}
