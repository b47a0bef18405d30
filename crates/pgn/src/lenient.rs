//! What the reader does to read PGN as real databases write it (ruling R10) and to refuse what
//! is not standard chess (R11), apart from its tokenizer: token spellings the SAN lexer does not
//! read, and the checks of a whole game once read.

use tegoma_rules::chess::{Position, Role, San, SanKind};

use super::error::PgnErrorKind;
use super::PgnGame;

/// A movetext token as the SAN lexer should read it: a pawn letter before a square (`Pe4`,
/// `Pe2-e4`), which python-chess's PGN tokenizer passes over, is dropped.
pub(crate) fn token(t: &[u8]) -> &[u8] {
    match t {
        [b'P', f, ..] if t.len() >= 3 && (b'a'..=b'h').contains(f) => &t[1..],
        _ => t,
    }
}

/// A token written with its full origin and no piece letter (`g1f3`, `e1g1`, `e2-e4`): SAN
/// reads it as a pawn's move, python-chess as the move of whatever piece stands there.
fn full_origin(san: &San) -> Option<(u8, u8)> {
    match san.kind() {
        SanKind::Normal {
            role: Role::Pawn,
            file: Some(f),
            rank: Some(r),
            ..
        } => Some((f, r)),
        _ => None,
    }
}

/// The checks of a game once read: a variant other than standard chess is refused
/// (`UnsupportedVariant`), a null move in the main line too (`NullMove`: chess has no pass);
/// tokens written with their full origin and no piece letter (UCI movetext, `e1g1`) are
/// rewritten as the SAN of the move they name, found by playing the main line up to them.
/// `odd`: whether a move is a null move or written with its full origin, as the reader noted
/// them while reading (a game has neither, nearly always).
pub(crate) fn finish(mut game: PgnGame, odd: bool) -> Result<PgnGame, PgnErrorKind> {
    if !game.tags.is_empty() {
        game.variant().map_err(PgnErrorKind::UnsupportedVariant)?;
    }
    debug_assert_eq!(
        odd,
        game.moves
            .iter()
            .any(|m| m.is_null() | m.is_pawn_with_full_origin())
    );
    if !odd {
        return Ok(game);
    }
    if let Some(i) = game.moves.iter().position(San::is_null) {
        return Err(PgnErrorKind::NullMove { ply: i + 1 });
    }
    resolve_full_origins(&mut game);
    Ok(game)
}

/// Plays the main line, rewriting each full-origin token that is not a pawn's move as the SAN
/// of the legal move from that square to that destination (UCI's reading); stops at the first
/// move that names no legal move (the replay reports it).
fn resolve_full_origins(game: &mut PgnGame) {
    let mut pos = match game.setup_fen() {
        Some(fen) => match Position::from_fen(fen) {
            Ok(p) => p,
            Err(_) => return,
        },
        None => Position::startpos(),
    };
    for san in game.moves.iter_mut() {
        let mv = match pos.san_to_move(san) {
            Ok(mv) => mv,
            Err(_) => {
                let Some((f, r)) = full_origin(san) else {
                    return;
                };
                let SanKind::Normal { to, promotion, .. } = san.kind() else {
                    return;
                };
                let mut uci = format!("{}{}{to}", (b'a' + f) as char, (b'1' + r) as char);
                if let Some(p) = promotion {
                    uci.push(p.letter().to_ascii_lowercase() as char);
                }
                match pos.parse_uci(&uci) {
                    Ok(mv) => {
                        *san = San::from_move(&pos, mv).with_annotation(san.annotation());
                        mv
                    }
                    Err(_) => return,
                }
            }
        };
        pos.play_unchecked(mv);
    }
}
