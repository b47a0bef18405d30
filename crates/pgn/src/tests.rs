//! Unit tests of the PGN reader and writer. Expected values are read off the PGN texts by hand.

use super::*;

fn read_all(text: &str) -> Vec<Result<PgnGame, PgnError>> {
    PgnReader::new(text.as_bytes()).collect()
}

fn one(text: &str) -> PgnGame {
    let mut games = read_all(text);
    assert_eq!(games.len(), 1, "{games:?}");
    games.remove(0).unwrap()
}

fn sans(g: &PgnGame) -> Vec<String> {
    g.moves.iter().map(|m| m.to_string()).collect()
}

#[test]
fn reads_the_reference_example() {
    let text = "[Event \"Casual Game\"]\n[Site \"Online\"]\n[Date \"2025.01.22\"]\n[Round \"1\"]\n\
        [White \"Player 1\"]\n[Black \"Player 2\"]\n[Result \"1-0\"]\n\n\
        1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7\n\
        6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 1-0\n";
    let g = one(text);
    assert_eq!(g.tags.len(), 7);
    assert_eq!(g.tag("Black"), Some("Player 2"));
    assert_eq!(g.moves.len(), 18);
    assert_eq!(sans(&g)[8], "O-O");
    assert_eq!(sans(&g)[17], "Nb8");
    assert_eq!(g.result, Some(PgnResult::WhiteWins));
}

#[test]
fn skips_variations_nags_suffixes_and_escapes() {
    let text = "%escape line ignored\n[Event \"x\"]\n\n1. e4 $1 e5!? (1... c5 2. Nf3 (2. c3 {x)y} d5) d6) \
        2. Nf3?! $14 Nc6 ; rest of line )(\n3. Bb5 a6 1/2-1/2";
    let g = one(text);
    assert_eq!(sans(&g), ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]);
    assert_eq!(g.result, Some(PgnResult::Draw));
    assert_eq!(g.comments.len(), 1);
    assert_eq!(g.comments[0].ply, 4);
    assert_eq!(g.comments[0].text, "rest of line )(");
}

#[test]
fn escaped_tag_strings() {
    let g = one(r#"[Event "a \"quoted\" \\ word"] [Site "back\slash"] *"#);
    assert_eq!(g.tag("Event"), Some(r#"a "quoted" \ word"#));
    assert_eq!(g.tag("Site"), Some(r"back\slash"));
    assert_eq!(g.result, Some(PgnResult::Unknown));
}

#[test]
fn move_numbers_in_all_spellings() {
    let g = one("1.e4 1...e5 2 Nf3 2. ... Nc6 3.Bb5 0-1");
    assert_eq!(sans(&g), ["e4", "e5", "Nf3", "Nc6", "Bb5"]);
    assert_eq!(g.result, Some(PgnResult::BlackWins));
}

#[test]
fn several_games_and_results() {
    let text = "[Event \"a\"]\n1. e4 1-0\n\n[Event \"b\"]\n1. d4 0-1\n[Event \"c\"]\n*\n[Event \"d\"]\n1. c4";
    let games: Vec<PgnGame> = read_all(text).into_iter().map(Result::unwrap).collect();
    assert_eq!(games.len(), 4);
    assert_eq!(games[1].tag("Event"), Some("b"));
    assert_eq!(games[1].result, Some(PgnResult::BlackWins));
    assert_eq!(games[2].moves.len(), 0);
    assert_eq!(games[3].result, None);
    assert_eq!(sans(&games[3]), ["c4"]);
}

#[test]
fn game_without_result_before_next_tags() {
    let text = "[Event \"a\"]\n1. e4 e5\n[Event \"b\"]\n1. d4 *";
    let games: Vec<PgnGame> = read_all(text).into_iter().map(Result::unwrap).collect();
    assert_eq!(games.len(), 2);
    assert_eq!(games[0].result, None);
    assert_eq!(sans(&games[1]), ["d4"]);
}

#[test]
fn errors_carry_line_and_column_and_recover() {
    let text = "[Event \"a\"]\n1. e4 Xz9 2. d4 1-0\n[Event \"b\"]\n1. c4 *\n";
    let games = read_all(text);
    assert_eq!(games.len(), 2);
    let e = games[0].as_ref().unwrap_err();
    assert_eq!((e.line, e.column), (2, 7));
    assert_eq!(e.kind, PgnErrorKind::InvalidSan("Xz9".into()));
    assert_eq!(tegoma_notation::NotationError::kind(e), "InvalidSan");
    let g = games[1].as_ref().unwrap();
    assert_eq!(g.tag("Event"), Some("b"));
    assert_eq!(sans(g), ["c4"]);
}

#[test]
fn error_kinds() {
    let cases: &[(&str, PgnErrorKind, u64, u64)] = &[
        ("[Event \"x]\n", PgnErrorKind::UnterminatedString, 1, 8),
        (
            "[Event x]",
            PgnErrorKind::BadTag("missing tag value string"),
            1,
            8,
        ),
        ("[ \"x\"]", PgnErrorKind::BadTag("missing tag name"), 1, 3),
        ("[Event \"x\" *", PgnErrorKind::BadTag("missing ']'"), 1, 12),
        (
            "1. e4 {never closed",
            PgnErrorKind::UnterminatedComment,
            1,
            7,
        ),
        (
            "1. e4 (1. d4 (1. c4)",
            PgnErrorKind::UnterminatedVariation,
            1,
            7,
        ),
        ("1. e4 ) *", PgnErrorKind::UnexpectedVariationEnd, 1, 7),
        ("1. e4 $x *", PgnErrorKind::InvalidNag, 1, 8),
        ("1. e4 & *", PgnErrorKind::UnexpectedChar('&'), 1, 7),
        // A tag inside a variation: the game was cut short, the next one begins.
        (
            "1. e4 (1. d4 [Event \"x\"]) *",
            PgnErrorKind::UnterminatedVariation,
            1,
            7,
        ),
    ];
    for (text, kind, line, column) in cases {
        let games = read_all(text);
        let e = games[0].as_ref().expect_err(text);
        assert_eq!(
            (&e.kind, e.line, e.column),
            (kind, *line, *column),
            "{text}"
        );
    }
}

#[test]
fn limits_are_enforced() {
    let small = Limits {
        max_tag_name: 5,
        max_tag_value: 4,
        max_tags: 2,
        max_token: 8,
        max_comment: 3,
        max_variation_depth: 2,
        max_plies: 3,
        max_game_bytes: 1000,
    };
    let read = |t: &str| -> PgnErrorKind {
        PgnReader::with_limits(t.as_bytes(), small)
            .next()
            .unwrap()
            .unwrap_err()
            .kind
    };
    assert_eq!(read("[Eventt \"x\"]"), PgnErrorKind::TagTooLong(5));
    assert_eq!(read("[Event \"xxxxx\"]"), PgnErrorKind::TagTooLong(4));
    assert_eq!(
        read("[A \"\"][B \"\"][C \"\"]"),
        PgnErrorKind::TooManyTags(2)
    );
    assert_eq!(read("123456789. e4"), PgnErrorKind::TokenTooLong(8));
    assert_eq!(read("{abcd}"), PgnErrorKind::CommentTooLong(3));
    assert_eq!(read("e4 (((e5)))"), PgnErrorKind::VariationTooDeep(2));
    assert_eq!(read("e4 e5 d4 d5"), PgnErrorKind::TooManyPlies(3));
    let long = "e4 e5 ".repeat(300);
    let text = format!("[A \"\"]\n{{ {long} }}");
    assert!(matches!(
        PgnReader::with_limits(
            text.as_bytes(),
            Limits {
                max_comment: 10_000,
                ..small
            }
        )
        .next()
        .unwrap()
        .unwrap_err()
        .kind,
        PgnErrorKind::GameTooLarge(1000)
    ));
}

#[test]
fn writer_export_form() {
    let mut g = one("[Opening \"Ruy\"]\n[White \"A\"]\n{start} 1. e4 e5 {a long comment} 2. Nf3 *");
    g.set_tag("Event", "Test \"quoted\"");
    let text = game_to_string(&g).unwrap();
    let expected = "[Event \"Test \\\"quoted\\\"\"]\n[Site \"?\"]\n[Date \"????.??.??\"]\n\
        [Round \"?\"]\n[White \"A\"]\n[Black \"?\"]\n[Result \"*\"]\n[Opening \"Ruy\"]\n\n\
        {start} 1. e4 e5 {a long comment} 2. Nf3 *\n\n";
    assert_eq!(text, expected);
    assert_eq!(one(&text), g.to_export());
}

#[test]
fn writer_black_first_and_comment_numbers() {
    let mut g = one("12... e5 {c} 13. Nf3 Nc6 1-0");
    g.set_tag(
        "FEN",
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq e3 0 12",
    );
    g.set_tag("SetUp", "1");
    let text = game_to_string(&g).unwrap();
    assert!(
        text.ends_with("\n\n12... e5 {c} 13. Nf3 Nc6 1-0\n\n"),
        "{text}"
    );
    let g2 = one("1. e4 {c} e5 1-0");
    let text = game_to_string(&g2).unwrap();
    assert!(text.ends_with("\n\n1. e4 {c} 1... e5 1-0\n\n"), "{text}");
}

#[test]
fn writer_wraps_at_79_and_uses_line_comments_for_braces() {
    let moves = "Nf3 Nf6 Ng1 Ng8 ".repeat(40);
    let mut g = one(&format!("{moves} *"));
    g.comments.push(Comment {
        ply: 3,
        text: "a } brace".into(),
    });
    let text = game_to_string(&g).unwrap();
    assert!(text.lines().all(|l| l.len() <= 79), "{text}");
    assert!(text.contains(";a } brace\n"), "{text}");
    assert_eq!(one(&text), g.to_export());
    assert_eq!(one(&text).moves.len(), 160);
}

#[test]
fn writer_refuses_bad_tag_names() {
    let mut g = PgnGame::default();
    g.tags.push(("bad name".into(), "x".into()));
    assert_eq!(
        game_to_string(&g).unwrap_err().kind(),
        std::io::ErrorKind::InvalidInput
    );
}

#[test]
fn fuzz_entry_accepts_garbage() {
    for data in [
        &b""[..],
        b"[",
        b"[Event \"",
        b"1. e4 {",
        b"\xff\xfe[Event \"\xff\"] 1. e4 {\xff} *",
        b"((((((((((",
        b"[Event \"a\"]\n1. e4 e5 {x} (1... d5) 1-0\n[Event \"b\"] 1. d4 ; c\n *",
    ] {
        fuzz_read_write(data);
    }
}

/// Found by the `pgn` fuzz target (2026-11-28): in a variation, two runs of annotation glyphs
/// with a lone `.` between them were glued into one run longer than the token limit, which the
/// writer then wrote and the reader refused (`TokenTooLong`).
#[test]
fn glyph_runs_in_a_variation_stay_apart() {
    let mut text = b"(*".to_vec();
    text.extend([b'?'; 71]);
    text.push(b'.');
    text.extend([b'?'; 185]);
    text.extend(b")*!");
    fuzz_read_write(&text);
    let game = PgnReader::new(&text[..]).next().unwrap().unwrap();
    let mut expected = String::from("*");
    expected.push_str(&"?".repeat(71));
    expected.push(' ');
    expected.push_str(&"?".repeat(185));
    assert_eq!(game.variations[0].text, expected);
    // Glyphs after a move stay on it.
    let game = PgnReader::new(&b"1. e4 (1. d4!? ?? d5) *"[..])
        .next()
        .unwrap()
        .unwrap();
    assert_eq!(game.variations[0].text, "1. d4!? ?? d5");
}

/// Found by the `pgn` fuzz target (2026-11-28): a no-break space (a Windows-1252 byte) at the
/// end of a line comment in a variation was trimmed by the writer as white space, so the game
/// read back differed.
#[test]
fn a_no_break_space_ending_a_line_comment_in_a_variation_is_kept() {
    fuzz_read_write(b"(;}\xa0\n)*");
    let game = PgnReader::new(&b"(;}\xa0\n)*"[..]).next().unwrap().unwrap();
    assert_eq!(game.variations[0].text, ";}\u{a0}\n");
}

#[test]
fn game_start_lines() {
    let text = "% header\n\n[Event \"a\"]\n1. e4 *\n\n\n[Event \"b\"]\n1. Xx *\n[Event \"c\"]\n*";
    let mut r = PgnReader::new(text.as_bytes());
    assert_eq!(r.game_line(), 0);
    let mut lines = Vec::new();
    while let Some(g) = r.next() {
        lines.push((g.is_ok(), r.game_line()));
    }
    assert_eq!(lines, [(true, 3), (false, 7), (true, 9)]);
}

#[test]
fn nag_after_a_long_token_is_measured_alone() {
    let limits = Limits {
        max_token: 4,
        ..Limits::default()
    };
    let g = PgnReader::with_limits(&b"Qh4xe1 $123 *"[..], limits)
        .next()
        .unwrap();
    // "Qh4xe1" is 6 bytes: over the limit of 4.
    assert_eq!(g.unwrap_err().kind, PgnErrorKind::TokenTooLong(4));
    let limits = Limits {
        max_token: 6,
        ..Limits::default()
    };
    let g = PgnReader::with_limits(&b"Qh4xe1 $123 *"[..], limits)
        .next()
        .unwrap()
        .unwrap();
    assert_eq!(g.moves.len(), 1);
}

/// Comments after a game's termination marker stay with that game, after its last move (as
/// python-chess reads them), whether the file ends or the next game follows.
#[test]
fn comments_after_the_result_stay_with_the_game() {
    let g = one("1. e4 e5 {after e5} 1-0 {final note} ; and a line\n");
    let texts: Vec<(usize, &str)> = g
        .comments
        .iter()
        .map(|c| (c.ply, c.text.as_str()))
        .collect();
    assert_eq!(
        texts,
        [(2, "after e5"), (2, "final note"), (2, "and a line")]
    );
    assert_eq!(g.result, Some(PgnResult::WhiteWins));
    let games = read_all("[Event \"a\"]\n\n1. e4 * {one}\n\n{two}\n[Event \"b\"]\n\n1. d4 0-1\n");
    let games: Vec<PgnGame> = games.into_iter().map(Result::unwrap).collect();
    assert_eq!(games.len(), 2);
    let texts: Vec<&str> = games[0].comments.iter().map(|c| c.text.as_str()).collect();
    assert_eq!(texts, ["one", "two"]);
    assert!(games[1].comments.is_empty(), "{:?}", games[1].comments);
    assert_eq!(sans(&games[1]), ["d4"]);
}
