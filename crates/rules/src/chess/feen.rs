//! FEEN in and out: the seed's markers (ruling R2) mapped to and from the position's state.

use super::error::{cell, piece, MarkerReason, PlacementError};
use super::tables::{BK, BQ, WK, WQ};
use super::{
    Position, PositionError, Role, Side, HAND_BISHOP, HAND_KNIGHT, HAND_PAWN, HAND_PAWN_MINUS,
    HAND_PAWN_PLUS, HAND_QUEEN, HAND_ROOK, HAND_ROOK_PLUS,
};
use crate::kit::{Bitboard, Square};
use crate::parts::Parts;

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
    PlacementError::ImpossibleMarker {
        piece: piece(token),
        square: cell(sq),
        reason,
    }
    .into()
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
                        return Err(PlacementError::PawnOnBackRank { square: cell(sq) }.into());
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

    /// The position in the Game Protocol's generic model, built directly (what reading
    /// [`Position::to_feen`] gives, without the text).
    pub fn to_generic(&self) -> tegoma_protocol::Position {
        let hand = |holder: Side| -> Vec<(&'static str, u32)> {
            self.hand_tokens(holder)
                .map(|(t, n)| (t, u32::from(n)))
                .collect()
        };
        let hands = [hand(Side::First), hand(Side::Second)];
        // The occupied squares only, each piece found by its token's code in a table read
        // once (writing and reading 64 tokens had cost about 6,000 instructions an export,
        // the server's largest cost after the legal moves; measured with `callgrind`).
        let mut p = crate::parts::empty_generic(crate::systems::CHESS_STYLES);
        let pieces = board_pieces();
        let planes = self.token_planes();
        for sq in self.occupied() {
            let i = sq.index();
            let code = planes.iter().enumerate().fold(0, |code, (bit, plane)| {
                code | ((plane >> i & 1) as usize) << bit
            });
            // FEEN order: rank 8 first, file a first.
            let flat = u32::from(7 - sq.rank()) * 8 + u32::from(sq.file());
            p.set(tegoma_protocol::Square::new(flat), pieces[code])
                .expect("64 squares for at most 64 pieces");
        }
        crate::parts::finish_generic(&mut p, self.side, [&hands[0], &hands[1]]);
        p
    }

    /// The FEEN token of the piece on `sq`, with its marker.
    pub fn token_at(&self, sq: Square) -> Option<&'static str> {
        let (color, role) = self.piece_at(sq)?;
        let bit = sq.bb().0;
        let m = self.markers();
        let code = token_code(
            role.index() + 1,
            color == Side::Second,
            m.plus & bit != 0,
            m.minus & bit != 0,
        );
        std::str::from_utf8(BOARD_TOKENS[code].text()).ok()
    }

    /// The canonical FEEN string (placement with markers, hands, style-turn).
    pub fn to_feen(&self) -> String {
        let mut s = String::with_capacity(96);
        self.write_feen(&mut s);
        s
    }

    /// Appends the canonical FEEN to `s` (no allocation beyond `s` growing).
    pub fn write_feen(&self, s: &mut String) {
        // Written as bytes into a buffer on the stack, well under its 320 bytes (64 board tokens
        // of 3 bytes at most, digits and separators, two hands of 8 kinds of 4 bytes at most,
        // style-turn), without a branch on the data: the pieces of a final position are as hard
        // to predict for a processor as the moves that led there. Each token is stored as four
        // bytes and the length advanced by its own length (0 for an empty square), so every store
        // has room for four bytes.
        let mut buf = [0u8; 320];
        let mut n = 0;
        let planes = self.token_planes();
        for r in (0..8).rev() {
            // The rank's eight token codes, one byte per file.
            let shift = 8 * r;
            let mut codes = 0u64;
            for (bit, plane) in planes.iter().enumerate() {
                codes |= SPREAD[((plane >> shift) & 255) as usize] << bit;
            }
            // Empty squares counted since the last piece.
            let mut run = 0usize;
            for f in 0..8 {
                let token = BOARD_TOKENS[((codes >> (8 * f)) & 63) as usize];
                let piece = usize::from(token.len != 0);
                buf[n] = b'0' + run as u8;
                n += piece & usize::from(run != 0);
                buf[n..n + 4].copy_from_slice(&token.bytes);
                n += usize::from(token.len);
                run = (run + 1) * (1 - piece);
            }
            buf[n] = b'0' + run as u8;
            n += usize::from(run != 0);
            buf[n] = if r > 0 { b'/' } else { b' ' };
            n += 1;
        }
        // First hand: Black's pieces held by White (lowercase); second: White's (uppercase).
        for holder in [Side::First, Side::Second] {
            let hand = &self.hands[holder.index()];
            let tokens = if holder == Side::First {
                &HAND_OUT_LOWER
            } else {
                &HAND_OUT
            };
            // Canonical order: count descending, then letter, then state (- before + before
            // none), as one sort key per kind: the count's complement, then the kind's rank.
            let mut keys = [0u16; 8];
            for (k, key) in keys.iter_mut().enumerate() {
                *key = (255 - u16::from(hand[k])) << 3 | HAND_RANK[k];
            }
            sort8(&mut keys);
            for key in keys {
                let kind = HAND_BY_RANK[usize::from(key & 7)];
                let count = 255 - (key >> 3) as usize;
                debug_assert!(count < 100, "hand counts stay under 100");
                let token = tokens[kind];
                // Tens (10 or more), units (2 or more), then the token (1 or more).
                buf[n] = b'0' + (count / 10) as u8;
                n += usize::from(count >= 10);
                buf[n] = b'0' + (count % 10) as u8;
                n += usize::from(count > 1);
                buf[n..n + 4].copy_from_slice(&token.bytes);
                n += usize::from(token.len) * usize::from(count > 0);
            }
            if holder == Side::First {
                buf[n] = b'/';
                n += 1;
            }
        }
        buf[n..n + 4].copy_from_slice(if self.side == Side::First {
            b" C/c"
        } else {
            b" c/C"
        });
        n += 4;
        s.push_str(std::str::from_utf8(&buf[..n]).expect("FEEN tokens are ASCII"));
    }

    /// The six bit planes of the board's token codes ([`token_code`]): bit `i` of a square's
    /// code is bit `i` of its square in plane `i`.
    fn token_planes(&self) -> [u64; 6] {
        let r = &self.by_role;
        let (pawn, knight, bishop) = (r[0], r[1], r[2]);
        let (rook, queen, king) = (r[3], r[4], r[5]);
        let m = self.markers();
        // Role codes 1 (pawn) to 6 (king), in binary.
        [
            pawn | bishop | queen,
            knight | bishop | king,
            rook | queen | king,
            self.by_color[1],
            m.plus,
            m.minus,
        ]
    }
}

/// A board or hand token as four bytes (zero-padded) and its length.
#[derive(Clone, Copy)]
struct Token {
    bytes: [u8; 4],
    len: u8,
}

impl Token {
    /// The token's text.
    fn text(&self) -> &[u8] {
        &self.bytes[..usize::from(self.len)]
    }

    /// A token from its text (4 bytes at most).
    const fn new(text: &[u8]) -> Token {
        let mut bytes = [0u8; 4];
        let mut i = 0;
        while i < text.len() {
            bytes[i] = text[i];
            i += 1;
        }
        Token {
            bytes,
            len: text.len() as u8,
        }
    }
}

/// A board token's code: the role from 1 (pawn) to 6 (king) in bits 0-2, 8 for Black, 16
/// for `+`, 32 for `-`.
const fn token_code(role: usize, black: bool, plus: bool, minus: bool) -> usize {
    role | (black as usize) << 3 | (plus as usize) << 4 | (minus as usize) << 5
}

/// The generic piece of each board token by [`token_code`] (`None` where [`BOARD_TOKENS`] has
/// no token), read from the tokens once.
fn board_pieces() -> &'static [Option<tegoma_protocol::Piece>; 64] {
    static PIECES: std::sync::OnceLock<[Option<tegoma_protocol::Piece>; 64]> =
        std::sync::OnceLock::new();
    PIECES.get_or_init(|| {
        std::array::from_fn(|code| {
            let text = std::str::from_utf8(BOARD_TOKENS[code].text()).ok()?;
            (!text.is_empty())
                .then(|| tegoma_protocol::Piece::parse(text).expect("the board tokens are EPIN"))
        })
    })
}

/// The board tokens by [`token_code`] (an empty token for an empty square or a code no
/// position gives).
const BOARD_TOKENS: [Token; 64] = {
    let mut t = [Token::new(b""); 64];
    let mut code = 0;
    while code < 64 {
        let role = code & 7;
        if role >= 1 && role <= 6 {
            let mut text = [0u8; 4];
            let mut len = 0;
            if code & 16 != 0 {
                text[0] = b'+';
                len = 1;
            } else if code & 32 != 0 {
                text[0] = b'-';
                len = 1;
            }
            let letter = b"PNBRQK"[role - 1];
            text[len] = if code & 8 != 0 { letter + 32 } else { letter };
            len += 1;
            if role == 6 {
                text[len] = b'^';
                len += 1;
            }
            t[code] = Token {
                bytes: text,
                len: len as u8,
            };
        }
        code += 1;
    }
    t
};

/// `SPREAD[b]`: bit `i` of `b` moved to bit 0 of byte `i`.
const SPREAD: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut b = 0;
    while b < 256 {
        let mut i = 0;
        while i < 8 {
            t[b] |= ((b as u64 >> i) & 1) << (8 * i);
            i += 1;
        }
        b += 1;
    }
    t
};

/// [`HAND_TOKENS`] as [`Token`]s, for the writer.
const HAND_OUT: [Token; 8] = [
    Token::new(b"Q"),
    Token::new(b"+R"),
    Token::new(b"R"),
    Token::new(b"B"),
    Token::new(b"N"),
    Token::new(b"+P"),
    Token::new(b"P"),
    Token::new(b"-P"),
];

/// [`HAND_OUT`] in lowercase (White's hand holds Black's pieces).
const HAND_OUT_LOWER: [Token; 8] = [
    Token::new(b"q"),
    Token::new(b"+r"),
    Token::new(b"r"),
    Token::new(b"b"),
    Token::new(b"n"),
    Token::new(b"+p"),
    Token::new(b"p"),
    Token::new(b"-p"),
];

/// The canonical FEEN order of the hand kinds with the same count and case: letter, then state
/// (`-` before `+` before none).
const HAND_BY_RANK: [usize; 8] = [
    HAND_BISHOP,
    HAND_KNIGHT,
    HAND_PAWN_MINUS,
    HAND_PAWN_PLUS,
    HAND_PAWN,
    HAND_QUEEN,
    HAND_ROOK_PLUS,
    HAND_ROOK,
];

/// Each hand kind's place in [`HAND_BY_RANK`].
const HAND_RANK: [u16; 8] = {
    let mut t = [0u16; 8];
    let mut rank = 0;
    while rank < 8 {
        t[HAND_BY_RANK[rank]] = rank as u16;
        rank += 1;
    }
    t
};

/// Sorts eight keys ascending with a fixed network of compare-exchanges (no branch on the data).
fn sort8(k: &mut [u16; 8]) {
    const NETWORK: [(usize, usize); 19] = [
        (0, 2),
        (1, 3),
        (4, 6),
        (5, 7),
        (0, 4),
        (1, 5),
        (2, 6),
        (3, 7),
        (0, 1),
        (2, 3),
        (4, 5),
        (6, 7),
        (2, 4),
        (3, 5),
        (1, 4),
        (3, 6),
        (1, 2),
        (3, 4),
        (5, 6),
    ];
    for (a, b) in NETWORK {
        let (x, y) = (k[a], k[b]);
        k[a] = x.min(y);
        k[b] = x.max(y);
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
    /// ([`Position::token_at`]) and for the whole board (`token_planes`, which the FEEN writer and
    /// the generic export read).
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
}
