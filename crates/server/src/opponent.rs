//! Play against the computer: the [`Opponent`] trait the server calls on a blocking thread when
//! an engine seat is to move; [`EngineOpponent`], Tegoma's engine at its levels 1-8 (what
//! `tegoma serve` plays), and [`FirstLegal`], a trivial opponent for tests.

use tegoma_engine::{Engine, EngineOptions, Level, Limits};
use tegoma_game::{AnyMatch, AnyMove};

/// A computer player. The server calls [`Opponent::choose`] on tokio's blocking thread pool
/// (never on a game's task), so a slow search blocks no other game.
pub trait Opponent: Send + Sync + 'static {
    /// The move to play in the match's current position at `level` (1-8), as a value (the
    /// server plays it with [`AnyMatch::play_move`]: no text written or read), or `None` when
    /// there is none (the match is over or has no legal move).
    fn choose(&self, game: &AnyMatch, level: u8) -> Option<AnyMove>;
}

/// Plays the first legal move in the rule system's order, whatever the level: a predictable
/// opponent for tests (`tegoma serve` plays [`EngineOpponent`]).
#[derive(Debug, Clone, Copy, Default)]
pub struct FirstLegal;

impl Opponent for FirstLegal {
    fn choose(&self, game: &AnyMatch, _level: u8) -> Option<AnyMove> {
        game.legal_moves().into_iter().next()
    }
}

/// Tegoma's engine ([`tegoma_engine`]) at the seat's level: levels 1-7 bound the search by depth
/// and nodes with seeded randomness (see [`Level`]), level 8 is full strength. Every search is
/// also bounded in time: at most [`EngineOpponent::max_move_ms`], and at most a thirtieth of
/// the engine's remaining time when the game has a clock, so the computer never loses on time
/// by thinking. Each call searches with a fresh engine ([`Engine::search_match`]: the match
/// itself, so repetitions and sennichite count the whole game), on the blocking thread the
/// server gives it.
#[derive(Debug, Clone, Copy)]
pub struct EngineOpponent {
    /// The longest a move may take, in milliseconds (default 1,500).
    pub max_move_ms: u64,
}

impl Default for EngineOpponent {
    fn default() -> EngineOpponent {
        EngineOpponent { max_move_ms: 1_500 }
    }
}

impl Opponent for EngineOpponent {
    fn choose(&self, game: &AnyMatch, level: u8) -> Option<AnyMove> {
        if game.outcome().is_some() {
            return None;
        }
        let mut budget = self.max_move_ms;
        if let Some(clock) = game.clock() {
            budget = budget
                .min(clock.remaining_ms(game.side_to_move()) / 30)
                .max(10);
        }
        let mut engine = Engine::new(game.rules().clone());
        engine.set_options(EngineOptions {
            level: Level::new(level.clamp(1, 8)).unwrap_or(Level::FULL),
            seed: game.ply_count() as u64,
            ..EngineOptions::default()
        });
        match engine.search_match(game, Limits::movetime(budget), &mut |_| {}) {
            Ok(result) => result.best,
            // The engine refused the position (a rule system it cannot search): any legal move.
            Err(_) => FirstLegal.choose(game, level),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use tegoma_game::{MoveFormat, Rules};

    #[test]
    fn the_engine_opponent_plays_a_legal_move_in_every_game() {
        for name in ["chess", "ogi", "kogoma"] {
            let rules = Rules::by_name(name).expect("a registered game");
            let game = AnyMatch::new(rules);
            let legal = game.legal_moves();
            for level in [1, 8] {
                let opponent = EngineOpponent { max_move_ms: 200 };
                let m = opponent.choose(&game, level).expect("a move");
                assert!(
                    legal.contains(&m),
                    "{name} level {level}: {m:?} is not legal"
                );
                let mut after = game.clone();
                after.play_move(&m, None).expect("legal");
                assert_eq!(after.ply_count(), 1);
            }
        }
    }

    #[test]
    fn the_engine_opponent_at_full_strength_mates_in_one() {
        // Scholar's mate pending: Qh5xf7 is the only mate (by hand: the queen on h5 and the
        // bishop on c4 both reach f7; e8's king has no flight square once f7 is taken).
        let game = AnyMatch::from_fen(
            Rules::chess(),
            "r1bqkb1r/pppp1ppp/2n2n2/4p2Q/2B1P3/8/PPPP1PPP/RNB1K1NR w KQkq - 4 4",
        )
        .expect("a position");
        let m = EngineOpponent { max_move_ms: 1_000 }
            .choose(&game, 8)
            .expect("a move");
        assert_eq!(game.write_move(&m).expect("legal"), "h5+f7");
        let mut after = game.clone();
        after.play_move(&m, None).expect("legal");
        assert!(
            after.outcome().is_some(),
            "{m:?} does not end the game by checkmate"
        );
    }

    #[test]
    fn first_legal_plays_the_first_legal_move() {
        for name in ["chess", "ogi", "kogoma"] {
            let game = AnyMatch::new(Rules::by_name(name).expect("a registered game"));
            let m = FirstLegal.choose(&game, 1).expect("a move");
            let first = game.legal_moves_as(MoveFormat::Pmn).expect("PMN");
            assert_eq!(game.write_move(&m).expect("legal"), first[0], "{name}");
        }
    }

    #[test]
    fn a_move_of_another_game_is_refused() {
        let ogi = AnyMatch::new(Rules::ogi());
        let m = FirstLegal.choose(&ogi, 1).expect("a move");
        let mut chess = AnyMatch::new(Rules::chess());
        let e = chess.play_move(&m, None).expect_err("another game's move");
        assert!(
            matches!(e, tegoma_game::MatchError::OtherGame { .. }),
            "{e}"
        );
        assert_eq!(chess.ply_count(), 0);
        assert!(chess.outcome().is_none());
    }
}
