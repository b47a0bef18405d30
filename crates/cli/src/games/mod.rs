//! Game selection for the position commands (`moves`, `perft`, `status`), and one module per
//! rule system that carries out those commands.
pub mod chess;
pub mod ggn;
pub mod ogi;

/// The rule systems the command line knows.
#[derive(Clone, Copy, Debug)]
pub enum Game {
    /// Chess (`C/c`).
    Chess,
    /// Ōgi (`O/o`).
    Ogi,
    /// A game described by files (`games/`), played by the generic GGN engine.
    File(&'static ggn::FileGame),
}

/// Where the position comes from.
#[derive(Clone, Debug)]
pub enum PositionInput {
    /// The game's initial position.
    Initial,
    /// A FEEN string.
    Feen(String),
    /// A FEN string (chess only).
    #[allow(dead_code)] // read by the chess commands
    Fen(String),
}

/// Chooses the game: from the FEEN's style-turn field, from `--fen` (chess), from the game name,
/// else chess. A name that contradicts the position is an error.
pub fn select(name: Option<&str>, input: &PositionInput) -> Result<Game, (String, String)> {
    // Games described by files (`games/`) run through the GGN engine.
    if let Some(g) = ggn::lookup(name, input) {
        return Ok(Game::File(g));
    }
    let named = match name {
        None => None,
        Some("chess") | Some("Chess") => Some(Game::Chess),
        Some("ogi") | Some("Ogi") | Some("ōgi") => Some(Game::Ogi),
        Some(other) => {
            return Err((
                "UnknownGame".into(),
                format!("unknown game {other:?} (expected chess or ogi)"),
            ))
        }
    };
    let from_input = match input {
        PositionInput::Initial => None,
        PositionInput::Fen(_) => Some(Game::Chess),
        PositionInput::Feen(f) => {
            let style = f.rsplit(' ').next().unwrap_or("");
            match style.as_bytes().first().map(u8::to_ascii_lowercase) {
                Some(b'c') => Some(Game::Chess),
                Some(b'o') => Some(Game::Ogi),
                _ => None,
            }
        }
    };
    match (named, from_input) {
        (Some(a), Some(b)) if std::mem::discriminant(&a) != std::mem::discriminant(&b) => Err((
            "GameMismatch".into(),
            format!("the position's styles are not those of {a:?}"),
        )),
        (Some(g), _) | (None, Some(g)) => Ok(g),
        (None, None) => match input {
            PositionInput::Feen(_) => Err((
                "UnknownGame".into(),
                "no rule system for this FEEN's style field (expected C/c or O/o)".into(),
            )),
            _ => Ok(Game::Chess),
        },
    }
}
