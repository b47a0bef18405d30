//! The replay of SAN moves ([`SanReplay`]). Its fast path reads a [`San`] without generating
//! every legal move: the candidates are the pieces of the named role that reach the destination
//! (empty-board rays from the destination, then the squares between checked empty), each kept if
//! its own king is not attacked once it has moved. Castling is read from the rights and attacks;
//! en passant and anything unusual are left to the general reading (`None`).
//!
//! Attacks here are found from the ray and between tables (a few kilobytes) rather than the magic
//! slider tables, which a replay touches too sparsely to keep in cache.

use tegoma_protocol::Outcome;

use super::san::{san_in_list, CAPTURE, TAG_LONG, TAG_SHORT};
use super::tables::PAWN_ATTACKS;
use super::{Move, MoveList, Position, Role, San, SanError, Side};
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

/// Whether the side to move is in check ([`Position::is_check`]) once a normal move (no
/// castling, en passant or promotion) from `from` to `to` has been played: the piece now on
/// `to` attacks its king, or a slider of the mover stands behind `from` on a line through it.
#[inline(always)]
fn check_after_normal(p: &Position, from: Square, to: Square) -> bool {
    let us = p.side_to_move();
    let k = p.king(us);
    let mover = p.by_color[us.flip().index()];
    let occ = p.occupied().0;
    let r = &p.by_role;
    let t = to.bb().0;
    let diag = (r[Role::Bishop.index()] | r[Role::Queen.index()]) & mover;
    let orth = (r[Role::Rook.index()] | r[Role::Queen.index()]) & mover;
    // The moved piece on `to` gives check directly, found without a branch on its role: `t`
    // holds one piece of the mover, so at most one of these sets can hold it.
    let line_clear = 0u64.wrapping_sub(u64::from(between(k, to).0 & occ == 0));
    let direct = (knight_attacks(k).0 & r[Role::Knight.index()]
        | PAWN_ATTACKS[us.index()][k.index()] & r[Role::Pawn.index()]
        | (bishop_rays(k).0 & diag | rook_rays(k).0 & orth) & line_clear)
        & t
        != 0;
    if direct {
        return true;
    }
    if (bishop_rays(k).0 | rook_rays(k).0) & from.bb().0 == 0 {
        return false;
    }
    let mut sliders = (bishop_rays(k).0 & diag | rook_rays(k).0 & orth) & !t;
    while sliders != 0 {
        let s = Square::from_index(sliders.trailing_zeros() as u8);
        sliders &= sliders - 1;
        if between(k, s).0 & occ == 0 {
            return true;
        }
    }
    false
}

/// Whether the side to move is in check ([`Position::is_check`]).
#[inline]
pub(crate) fn in_check(p: &Position) -> bool {
    let us = p.side_to_move();
    attacked(p, p.king(us), us, p.occupied().0, 0)
}

/// The move a [`San`] names, read without generating every legal move, or `None`: en passant,
/// ambiguities, illegal moves and the null move are left to the general reading
/// ([`san_in_list`](super::san::san_in_list)), which the tests tie this one to. A move returned
/// is legal.
///
/// `in_check` is [`Position::is_check`] (a [`SanReplay`] keeps it): when the side to move is not
/// in check, a move of a piece other than the king that does not stand on a line through its
/// king cannot uncover it, and is not verified.
#[inline]
pub(crate) fn fast_san(p: &Position, san: &San, in_check: bool) -> Option<Move> {
    // Read from the packed bits (see `San::bits`), not through `San::kind`.
    let v = san.bits();
    let tag = v & 15;
    if tag > 5 {
        return match tag {
            TAG_SHORT => castle(p, true, in_check),
            TAG_LONG => castle(p, false, in_check),
            _ => None,
        };
    }
    let role = Role::ALL[tag as usize];
    let from_file = match (v >> 4) & 15 {
        0 => None,
        f => Some(f as u8 - 1),
    };
    let from_rank = match (v >> 8) & 15 {
        0 => None,
        r => Some(r as u8 - 1),
    };
    let to = Square::from_index(((v >> 12) & 63) as u8);
    let promo = match (v >> 18) & 7 {
        0 => None,
        r => Some(Role::ALL[r as usize]),
    };
    let capture_sign = v & CAPTURE != 0;
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
    if capture_sign & !capture {
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
        // The pieces' squares from a table rather than a jump on the role, which the moves
        // of a game make hard to predict.
        _ => {
            let (b, r) = (bishop_rays(to).0, rook_rays(to).0);
            [0, knight_attacks(to).0, b, r, b | r, king_attacks(to).0][role.index()]
        }
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
            None => Move::normal(from, to, capture),
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

/// A replay of SAN moves from a position: each [`San`] is turned into its legal move and
/// played, most of them without generating the legal moves (the move is found from attack sets,
/// the position's check state kept from one move to the next); en passant, ambiguities and
/// errors take the general path ([`Position::san_to_move`]), with the same answers. Whether the
/// side to move has a legal move (the ending) is asked only when wanted, and then found with an
/// early exit.
///
/// ```
/// use tegoma_rules::chess::{Position, San, SanReplay};
/// use tegoma_notation::cgsn::Status;
///
/// let mut replay = SanReplay::new(Position::startpos());
/// for san in ["f3", "e5", "g4", "Qh4#"] {
///     replay.play(&san.parse::<San>().unwrap()).unwrap();
/// }
/// assert!(replay.is_check());
/// let outcome = replay.outcome().unwrap();
/// assert!(outcome.statuses.contains(Status::Checkmate));
/// let refused = replay.play(&"e4".parse().unwrap()).unwrap_err();
/// assert_eq!(refused.to_string(), "illegal move e4");
/// ```
#[derive(Clone, Copy, Debug)]
pub struct SanReplay {
    position: Position,
    check: bool,
    /// Whether the side to move has a legal move, once known.
    has_move: Option<bool>,
}

impl SanReplay {
    /// A replay starting from `position`.
    pub fn new(position: Position) -> SanReplay {
        SanReplay {
            check: in_check(&position),
            position,
            has_move: None,
        }
    }

    /// The current position.
    #[inline]
    pub fn position(&self) -> &Position {
        &self.position
    }

    /// The current position, ending the replay.
    pub fn into_position(self) -> Position {
        self.position
    }

    /// Whether the side to move is in check ([`Position::is_check`], kept).
    #[inline]
    pub fn is_check(&self) -> bool {
        self.check
    }

    /// Plays the legal move that `san` names and returns it (the move of
    /// [`Position::san_to_move`]).
    ///
    /// # Errors
    /// As [`Position::san_to_move`]; the position is then unchanged.
    #[inline]
    pub fn play(&mut self, san: &San) -> Result<Move, SanError> {
        let mv = match fast_san(&self.position, san, self.check) {
            Some(mv) => {
                // The fast path read a move of the role the SAN names (or a castling).
                match san.bits() & 15 {
                    tag @ 0..=5 => self.position.play_role_inline(mv, Role::ALL[tag as usize]),
                    _ => self.position.play_inline(mv),
                }
                mv
            }
            None => {
                let mut list = MoveList::new();
                self.position.legal_moves_into(&mut list);
                self.has_move = Some(!list.is_empty());
                let mv = san_in_list(&self.position, san, &list)?;
                self.position.play_inline(mv);
                mv
            }
        };
        self.check = if mv.flags() <= 1 {
            check_after_normal(&self.position, mv.from(), mv.to())
        } else {
            in_check(&self.position)
        };
        debug_assert_eq!(self.check, in_check(&self.position), "check after {mv}");
        self.has_move = None;
        Ok(mv)
    }

    /// The fast path alone: the move `san` names when it finds it without generating the
    /// legal moves, else `None` (the general path then answers). For the tests that tie the two
    /// paths together; not part of the API.
    #[doc(hidden)]
    pub fn fast_read(&self, san: &San) -> Option<Move> {
        fast_san(&self.position, san, self.check)
    }

    /// Whether the side to move has a legal move ([`Position::has_legal_move`]).
    pub fn has_legal_move(&mut self) -> bool {
        let (p, check) = (&self.position, self.check);
        *self
            .has_move
            .get_or_insert_with(|| has_legal_move_in(p, check))
    }

    /// The position's own ending ([`Position::outcome`]).
    pub fn outcome(&mut self) -> Option<Outcome> {
        let has_move = self.has_legal_move();
        self.position.outcome_knowing(has_move, self.check)
    }
}
