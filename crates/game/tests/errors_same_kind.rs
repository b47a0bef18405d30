//! The same failure has the same kind in every game (chess, Ōgi, and Kogoma, a game defined by
//! files), and messages say what and where once. The messages below are written by hand.

use tegoma_game::{AnyMatch, AnyPosition, Rules};
use tegoma_notation::NotationError;

const GAMES: [&str; 3] = ["chess", "ogi", "kogoma"];

/// The kind of the error of setting up `feen` with the game its styles name.
fn setup_kind(feen: &str) -> &'static str {
    AnyPosition::from_feen(None, feen)
        .map(|_| ())
        .unwrap_err()
        .kind()
}

/// The kind of the error of playing `text` from the game's initial position.
fn play_kind(game: &str, text: &str) -> &'static str {
    let mut m = AnyMatch::new(Rules::by_name(game).unwrap());
    m.play(text, None).unwrap_err().kind()
}

/// The kind and message of the error of importing `feen` into `game` (a generic position, as a
/// tool that picks the game at run time has it).
fn import_kind(game: &str, feen: &str) -> (&'static str, String) {
    let rules = Rules::by_name(game).unwrap();
    let generic = tegoma_game::generic_from_feen(feen).unwrap();
    struct Import<'a>(&'a tegoma_protocol::Position);
    impl tegoma_game::Visit for Import<'_> {
        type Output = tegoma_protocol::PositionError;
        fn visit<R: tegoma_game::MatchRules>(self, rules: &R) -> Self::Output {
            rules.import(self.0).map(|_| ()).unwrap_err()
        }
    }
    let e = rules.visit(Import(&generic));
    (e.kind(), e.to_string())
}

#[test]
fn a_foreign_piece_is_a_foreign_piece_everywhere() {
    for (feen, square) in [
        ("4k^3/8/8/8/8/8/8/4K^2X / C/c", "h1"),
        ("4k^3/8/8/8/8/8/8/4K^2X / O/o", "h1"),
        ("k^4/5/5/5/K^3X / K/k", "e1"),
    ] {
        assert_eq!(setup_kind(feen), "ForeignPiece", "{feen}");
        let e = AnyPosition::from_feen(None, feen).map(|_| ()).unwrap_err();
        assert_eq!(
            e.to_string(),
            format!("X on {square} is not a piece of this game")
        );
    }
}

#[test]
fn wrong_styles_are_styles_everywhere() {
    for (game, feen, message) in [
        (
            "chess",
            "4k^3/8/8/8/8/8/8/4K^3 / X/x",
            "the styles are X/x, not C/c",
        ),
        (
            "ogi",
            "4k^3/8/8/8/8/8/8/4K^3 / X/x",
            "the styles are X/x, not O/o",
        ),
        (
            "kogoma",
            "k^4/5/5/5/K^4 / X/x",
            "the styles are X/x, not K/k",
        ),
    ] {
        assert_eq!(
            import_kind(game, feen),
            ("Styles", message.to_string()),
            "{game}"
        );
        // Named explicitly, the game refuses the position's styles the same way everywhere.
        let e = AnyPosition::from_feen(Some(Rules::by_name(game).unwrap()), feen)
            .map(|_| ())
            .unwrap_err();
        assert_eq!(e.kind(), "GameMismatch", "{game}");
    }
}

#[test]
fn a_wrong_board_size_is_a_board_shape_everywhere() {
    for (feen, message) in [
        ("k^4/5/5/5/K^4 / C/c", "the board is 5x5, not 8x8"),
        ("k^4/5/5/5/K^4 / O/o", "the board is 5x5, not 8x8"),
        ("4k^3/8/8/8/8/8/8/4K^3 / K/k", "the board is 8x8, not 5x5"),
    ] {
        let e = AnyPosition::from_feen(None, feen).map(|_| ()).unwrap_err();
        assert_eq!((e.kind(), e.to_string().as_str()), ("BoardShape", message));
    }
}

#[test]
fn malformed_pmn_and_illegal_moves_have_one_kind() {
    for game in GAMES {
        assert_eq!(play_kind(game, "zz"), "InvalidPmn", "{game}");
        assert_eq!(play_kind(game, "a1-a4"), "IllegalMove", "{game}");
    }
}

#[test]
fn messages_say_what_and_where_once() {
    let mut chess = AnyMatch::new(Rules::chess());
    assert_eq!(
        chess.play("e2-e5", None).unwrap_err().to_string(),
        "ply 1 (e2-e5): illegal move: not a legal move of this position"
    );
    assert_eq!(
        chess.play("e2-e4=Z", None).unwrap_err().to_string(),
        "ply 1 (e2-e4=Z): invalid PMN: a suffix does not match the move's result"
    );
    let mut ogi = AnyMatch::new(Rules::ogi());
    assert_eq!(
        ogi.play("e4-e5", None).unwrap_err().to_string(),
        "ply 1 (e4-e5): illegal move: no piece of the side to move on e4; \
         the game is forfeited: second wins (illegalmove)"
    );
    let mut kogoma = AnyMatch::new(Rules::by_name("kogoma").unwrap());
    assert_eq!(
        kogoma.play("a1-a4", None).unwrap_err().to_string(),
        "ply 1 (a1-a4): illegal move: not a legal move of this position; \
         the game is forfeited: second wins (illegalmove)"
    );
    let e = AnyPosition::from_feen(None, "8/8/8/8/8/8/8/K^7 / C/c")
        .map(|_| ())
        .unwrap_err();
    assert_eq!(
        (e.kind(), e.to_string().as_str()),
        ("KingCount", "the second side has 0 kings, not one")
    );
    let e = AnyPosition::from_fen(Rules::chess(), "8/8/8/8/8/8/8/K1k5 x - - 0 1")
        .map(|_| ())
        .unwrap_err();
    assert_eq!(
        (e.kind(), e.to_string().as_str()),
        ("InvalidFen", "invalid FEN side: expected w or b")
    );
}
