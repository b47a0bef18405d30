//! Play against the computer: the [`Opponent`] trait the server calls on a blocking thread when
//! an engine seat is to move, and [`FirstLegal`], a trivial opponent for tests.

use tegoma_game::{AnyMatch, MoveFormat};

/// A computer player. The server calls [`Opponent::choose`] on tokio's blocking thread pool
/// (never on a game's task), so a slow search blocks no other game.
pub trait Opponent: Send + Sync + 'static {
    /// The move (PMN) to play in the match's current position at `level` (1-8), or `None` when
    /// there is none (the match is over or has no legal move).
    fn choose(&self, game: &AnyMatch, level: u8) -> Option<String>;
}

/// Plays the first legal move in the rule system's order, whatever the level: a stand-in until
/// an engine is plugged in, and a predictable opponent for tests.
#[derive(Debug, Clone, Copy, Default)]
pub struct FirstLegal;

impl Opponent for FirstLegal {
    fn choose(&self, game: &AnyMatch, _level: u8) -> Option<String> {
        game.legal_moves_as(MoveFormat::Pmn)
            .ok()?
            .into_iter()
            .next()
    }
}
