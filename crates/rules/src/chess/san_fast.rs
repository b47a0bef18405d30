//! Reading a plain SAN move without generating every legal move: the candidates are the pieces
//! of the named role that reach the destination (empty-board rays from the destination, then the
//! squares between checked empty), each kept if its own king is not attacked once it has moved.
//! Castling is read from the rights and attacks; en passant and anything unusual are left to the
//! chess module (`None`).
//!
//! Attacks here are found from the ray and between tables (a few kilobytes) rather than the magic
//! slider tables, which a replay touches too sparsely to keep in cache.

use super::tables::PAWN_ATTACKS;
use super::{Move, Position, Role, Side};
use crate::kit::{between, bishop_rays, king_attacks, knight_attacks, rook_rays, Square};

/// Whether `sq` is attacked by the opponents of `color`, with occupancy `occ`, ignoring the
/// opponent pieces on `removed`.
#[inline(always)]
fn attacked(p: &Position, sq: Square, side: Side, occ: u64, removed: u64) -> bool {
    let them = p.by_color[side.flip().index()] & !removed;
    let r = &p.by_role;
    if (knight_attacks(sq).0 & r[Role::Knight.index()]
        | king_attacks(sq).0 & r[Role::King.index()]
        | PAWN_ATTACKS[side.index()][sq.index()] & r[Role::Pawn.index()])
        & them
        != 0
    {
        return true;
    }
    let queens = r[Role::Queen.index()];
    let mut sliders = (bishop_rays(sq).0 & (r[Role::Bishop.index()] | queens)
        | rook_rays(sq).0 & (r[Role::Rook.index()] | queens))
        & them;
    while sliders != 0 {
        let s = Square::from_index(sliders.trailing_zeros() as u8);
        sliders &= sliders - 1;
        if between(sq, s).0 & occ == 0 {
            return true;
        }
    }
    false
}

/// Whether `mv`'s piece, a non-king piece of the side to move going from `from` to `to` (not en
/// passant), leaves its king safe.
#[inline(always)]
fn keeps_king_safe(p: &Position, from: Square, to: Square, in_check: bool) -> bool {
    let us = p.side_to_move();
    let k = p.king(us);
    // Not in check, a piece off every line through its king cannot uncover it.
    if !in_check && (bishop_rays(k).0 | rook_rays(k).0) & from.bb().0 == 0 {
        return true;
    }
    let t = to.bb().0;
    !attacked(p, k, us, (p.occupied().0 & !from.bb().0) | t, t)
}

/// Whether the side to move is in check ([`Position::is_check`]).
#[inline]
pub(crate) fn in_check(p: &Position) -> bool {
    let us = p.side_to_move();
    attacked(p, p.king(us), us, p.occupied().0, 0)
}

/// The move a plain SAN names, or `None` (see the module docs).
///
/// `in_check` says whether the side to move is in check ([`Position::is_check`]): when it is not, a
/// move of a piece other than the king that does not stand on a line through its king cannot
/// uncover it, and is not verified.
pub(crate) fn fast_san(p: &Position, text: &[u8], in_check: bool) -> Option<Move> {
    let mut end = text.len();
    while end > 0 && matches!(text[end - 1], b'+' | b'#' | b'!' | b'?') {
        end -= 1;
    }
    let s = &text[..end];
    let short = match s {
        b"O-O" | b"0-0" => Some(true),
        b"O-O-O" | b"0-0-0" => Some(false),
        _ => None,
    };
    if let Some(short) = short {
        return castle(p, short, in_check);
    }
    let (role, mut rest) = match s.first()? {
        b'Q' => (Role::Queen, &s[1..]),
        b'R' => (Role::Rook, &s[1..]),
        b'B' => (Role::Bishop, &s[1..]),
        b'N' => (Role::Knight, &s[1..]),
        b'K' => (Role::King, &s[1..]),
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
    let mut capture_sign = false;
    if let Some((&b'x', h)) = head.split_last() {
        capture_sign = true;
        head = h;
    }
    let (mut from_file, mut from_rank) = (None, None);
    for &c in head {
        match c {
            b'a'..=b'h' if from_file.is_none() && from_rank.is_none() => from_file = Some(c - b'a'),
            b'1'..=b'8' if from_rank.is_none() => from_rank = Some(c - b'1'),
            _ => return None,
        }
    }
    let us = p.side_to_move();
    let occ = p.occupied();
    let ours = p.occupied_by(us).0;
    let theirs = p.occupied_by(us.flip()).0;
    let target = to.bb().0;
    if ours & target != 0 {
        return None;
    }
    let capture = theirs & target != 0;
    // A capture sign needs a piece to take (en passant aside, left to the module).
    if capture_sign && !capture {
        return None;
    }
    let last_rank = if us == Side::First { 7 } else { 0 };
    let mut from_set = match role {
        Role::Pawn => {
            let back = if us == Side::First { -1 } else { 1 };
            if capture_sign {
                // A capture names its file; en passant (empty target) is left to the module.
                if !capture {
                    return None;
                }
                let ff = from_file? as i8 - to.file() as i8;
                if ff.abs() != 1 {
                    return None;
                }
                to.offset(ff, back).map_or(0, |s| s.bb().0)
            } else {
                if capture || from_file.is_some_and(|x| x != to.file()) {
                    return None;
                }
                let one = to.offset(0, back)?;
                if occ.0 & one.bb().0 != 0 {
                    one.bb().0
                } else {
                    let start_rank = if us == Side::First { 3 } else { 4 };
                    match to.offset(0, 2 * back) {
                        Some(two) if to.rank() == start_rank => two.bb().0,
                        _ => 0,
                    }
                }
            }
        }
        Role::Knight => knight_attacks(to).0,
        Role::Bishop => bishop_rays(to).0,
        Role::Rook => rook_rays(to).0,
        Role::Queen => bishop_rays(to).0 | rook_rays(to).0,
        Role::King => king_attacks(to).0,
    } & p.pieces(us, role).0;
    if (role == Role::Pawn && to.rank() == last_rank) != promo.is_some() {
        return None;
    }
    let slider = matches!(role, Role::Bishop | Role::Rook | Role::Queen);
    let mut found = None;
    while from_set != 0 {
        let from = Square::from_index(from_set.trailing_zeros() as u8);
        from_set &= from_set - 1;
        if from_file.is_some_and(|x| from.file() != x)
            || from_rank.is_some_and(|x| from.rank() != x)
            || slider && between(from, to).0 & occ.0 != 0
        {
            continue;
        }
        let legal = if role == Role::King {
            !attacked(p, to, us, (occ.0 & !from.bb().0) | target, target)
        } else {
            keeps_king_safe(p, from, to, in_check)
        };
        if !legal {
            continue;
        }
        if found.is_some() {
            return None; // ambiguous: the module says so
        }
        found = Some(match promo {
            Some(r) => Move::promotion(from, to, r, capture),
            None if capture => Move::capture(from, to),
            None => Move::quiet(from, to),
        });
    }
    found
}

/// Castling on the king's side (`short`) or the queen's, if legal (the generator's rule).
fn castle(p: &Position, short: bool, in_check: bool) -> Option<Move> {
    if in_check {
        return None;
    }
    let right = match p.side_to_move() {
        Side::First => 0,
        Side::Second => 2,
    } + usize::from(!short);
    let (from, to) = p.castling_squares(right, p.occupied().0)?;
    Some(Move::castle(
        Square::from_index(from),
        Square::from_index(to),
    ))
}

/// Whether the side to move has a legal move, knowing whether the side to move is in check.
pub(crate) fn has_legal_move_in(p: &Position, in_check: bool) -> bool {
    let us = p.side_to_move();
    let ours = p.occupied_by(us).0;
    let k = p.king(us);
    let occ_all = p.occupied().0;
    if !in_check {
        // Not in check, a piece off every line through its king cannot be pinned: any move it
        // has is legal. A first step is enough to know it has one.
        let free = ours & !(bishop_rays(k).0 | rook_rays(k).0);
        let r = &p.by_role;
        let mut knights = r[Role::Knight.index()] & free;
        while knights != 0 {
            let from = Square::from_index(knights.trailing_zeros() as u8);
            knights &= knights - 1;
            if knight_attacks(from).0 & !ours != 0 {
                return true;
            }
        }
        let pawns = r[Role::Pawn.index()] & free;
        let pushes = if us == Side::First {
            pawns << 8
        } else {
            pawns >> 8
        };
        if pushes & !occ_all != 0 {
            return true;
        }
        let queens = r[Role::Queen.index()];
        for (mut sliders, rays) in [
            (
                (r[Role::Bishop.index()] | queens) & free,
                bishop_rays as fn(Square) -> crate::kit::Bitboard,
            ),
            ((r[Role::Rook.index()] | queens) & free, rook_rays),
        ] {
            while sliders != 0 {
                let from = Square::from_index(sliders.trailing_zeros() as u8);
                sliders &= sliders - 1;
                if king_attacks(from).0 & rays(from).0 & !ours != 0 {
                    return true;
                }
            }
        }
    }
    // King steps: the destination must not be attacked once the king has left its square.
    let occ = occ_all & !k.bb().0;
    let mut steps = king_attacks(k).0 & !ours;
    while steps != 0 {
        let to = Square::from_index(steps.trailing_zeros() as u8);
        steps &= steps - 1;
        if !attacked(p, to, us, occ | to.bb().0, to.bb().0) {
            return true;
        }
    }
    let mut knights = p.pieces(us, Role::Knight).0;
    while knights != 0 {
        let from = Square::from_index(knights.trailing_zeros() as u8);
        knights &= knights - 1;
        let mut targets = knight_attacks(from).0 & !ours;
        while targets != 0 {
            let to = Square::from_index(targets.trailing_zeros() as u8);
            targets &= targets - 1;
            if keeps_king_safe(p, from, to, in_check) {
                return true;
            }
        }
    }
    p.has_legal_move()
}

impl Position {
    /// Reads a plain SAN move (piece moves, pawn pushes and captures, promotions, castling)
    /// without generating every legal move; `None` when the text is not such a move or names no
    /// legal move here (en passant, ambiguities and unusual spellings are left to
    /// [`Position::parse_san`], which callers fall back to for the move or the error). The move returned is legal: play it
    /// with [`Position::play_unchecked`].
    ///
    /// `in_check` must be [`Position::is_check`]; passing it lets a replay compute it once per
    /// position.
    ///
    /// ```
    /// use tegoma_rules::chess::Position;
    ///
    /// let p = Position::startpos();
    /// let mv = p.read_san_fast(b"Nf3", false).unwrap();
    /// assert_eq!(mv.to_string(), "g1-f3");
    /// assert_eq!(p.read_san_fast(b"Nd2", false), None); // own pawn on d2
    /// assert_eq!(p.read_san_fast(b"O-O", false), None); // pieces in the way
    /// ```
    pub fn read_san_fast(&self, san: &[u8], in_check: bool) -> Option<Move> {
        fast_san(self, san, in_check)
    }

    /// [`Position::has_legal_move`] with an early exit (a knight jump, a pawn push or a king step
    /// found legal), given whether the side to move is in check ([`Position::is_check`]).
    pub fn has_legal_move_knowing_check(&self, in_check: bool) -> bool {
        has_legal_move_in(self, in_check)
    }
}
