//! PGN as real databases write it (issue 12, findings 6 and 7; rulings R10 and R11): variant
//! games refused by name, the lenient spellings python-chess reads, null moves, Windows-1252
//! text. Each expected value is python-chess 1.11's reading of the same text (its PGN reader
//! and `Board.parse_san`), written out by hand.

use tegoma_notation::NotationError;
use tegoma_pgn::replay::replay_pgn_game;
use tegoma_pgn::{PgnErrorKind, PgnGame, PgnReader, PgnWarning};

fn read(text: &[u8]) -> Vec<Result<PgnGame, tegoma_pgn::PgnError>> {
    PgnReader::new(text).collect()
}

fn one(text: &str) -> PgnGame {
    let mut games = read(text.as_bytes());
    assert_eq!(games.len(), 1, "{text}");
    games.remove(0).unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn sans(g: &PgnGame) -> Vec<String> {
    g.moves.iter().map(|m| m.to_string()).collect()
}

/// The moves as the chess rules resolve them, written in canonical SAN (through PCN and back).
fn resolved(g: &PgnGame) -> Vec<String> {
    let pcn = tegoma_pgn::record::pgn_to_pcn(g).unwrap_or_else(|e| panic!("{e}"));
    sans(&tegoma_pgn::record::pcn_to_pgn(&pcn).unwrap())
}

#[test]
fn variant_games_are_refused_by_name() {
    for (variant, movetext) in [
        ("Three-check", "1. e4 e5 2. Bc4 Nc6 3. Bxf7+ Kxf7 *"),
        (
            "King of the Hill",
            "1. e4 e5 2. Ke2 Ke7 3. Ke3 Ke6 4. Ke4 1-0",
        ),
        ("Atomic", "1. Nf3 d5 2. Ng5 e5 3. Nxf7 1-0"),
        ("Antichess", "1. e3 b5 2. Bxb5 c6 3. Bxc6 Nxc6 *"),
        ("Crazyhouse", "1. e4 d5 2. exd5 Qxd5 3. Nc3 Q@e4+ *"),
        ("Chess960", "1. e4 e5 *"),
        ("Fischerandom", "1. e4 e5 *"),
        ("fischerandom", "1. e4 e5 *"),
    ] {
        let text = format!(
            "[Event \"x\"]\n[Variant \"{variant}\"]\n\n{movetext}\n\n[Event \"next\"]\n\n1. e4 *\n"
        );
        let games = read(text.as_bytes());
        assert_eq!(games.len(), 2, "{variant}");
        let e = games[0].as_ref().unwrap_err();
        assert_eq!(
            e.kind,
            PgnErrorKind::UnsupportedVariant(variant.to_string()),
            "{variant}"
        );
        assert_eq!(e.kind(), "UnsupportedVariant");
        assert!(e.to_string().contains(variant), "{e}");
        // The next game is read as usual.
        assert_eq!(games[1].as_ref().unwrap().moves.len(), 1, "{variant}");
    }
    // Standard chess under its names.
    for variant in ["Standard", "Chess", "From Position", "standard", ""] {
        let g = one(&format!("[Variant \"{variant}\"]\n\n1. e4 e5 *\n"));
        assert_eq!(g.moves.len(), 2, "{variant}");
    }
    // A Shredder-FEN castling field is Chess960's.
    let text = "[Event \"x\"]\n[SetUp \"1\"]\n[FEN \"rkrnbbqn/pppppppp/8/8/8/8/PPPPPPPP/RKRNBBQN w CAca - 0 1\"]\n\n1. e4 *\n";
    let e = read(text.as_bytes()).remove(0).unwrap_err();
    assert!(
        matches!(&e.kind, PgnErrorKind::UnsupportedVariant(v) if v.contains("Chess960") && v.contains("CAca")),
        "{e}"
    );
    let text = "[FEN \"r3k2r/8/8/8/8/8/8/R3K2R w HAha - 0 1\"]\n\n1. O-O *\n";
    assert!(matches!(
        read(text.as_bytes()).remove(0).unwrap_err().kind,
        PgnErrorKind::UnsupportedVariant(_)
    ));
}

#[test]
fn the_atomic_game_of_the_issue_is_not_replayed_as_chess() {
    // Replaying goes through the reader: the game is reported with its error, never as chess.
    let text = "[Variant \"Atomic\"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nc3 Qxg2 4. Bxg2 1-0\n";
    let mut reports = Vec::new();
    tegoma_pgn::replay::replay_pgn_stream(text.as_bytes(), |r| reports.push(r));
    assert_eq!(reports.len(), 1);
    let error = reports[0].error.as_ref().expect("refused");
    assert_eq!(error.kind, "UnsupportedVariant");
    assert_eq!(reports[0].plies, 0);
}

#[test]
fn lenient_spellings_read_as_python_chess_reads_them() {
    // Castling with zeros, a promotion without `=`, `e.p.` after an en passant capture,
    // long algebraic with and without piece letters, a pawn letter, annotation glyphs and
    // NAGs, `;` comments, `%` escape lines, nested variations, a missing result.
    let text = "\
% an escape line
[Event \"lenient\"]

1. e2-e4 d7-d5 2. e4-e5 f7-f5 3. exf6 e.p. Ng8xf6 ; a rest-of-line comment
4. Ng1-f3 $1 e7e6 5. Bf1e2!? Bf8-e7 6. 0-0 0-0 (6... Nc6 (6... a6 7. a4) 7. d4) 7. Pd2-d4 c5
8. d4xc5 Qd8-a5 9. c5-c6 b7b6 10. c6-c7 Bc8-b7 11. c7xb8Q Ra8xb8
";
    let g = one(text);
    assert_eq!(
        resolved(&g),
        [
            "e4", "d5", "e5", "f5", "exf6", "Nxf6", "Nf3", "e6", "Be2", "Be7", "O-O", "O-O", "d4",
            "c5", "dxc5", "Qa5", "c6", "b6", "c7", "Bb7", "cxb8=Q", "Raxb8"
        ]
    );
    assert_eq!(g.result, None);
    assert_eq!(g.comments.len(), 1);
    assert_eq!(g.comments[0].text, "a rest-of-line comment");
    assert_eq!(g.comments[0].ply, 6);
    let nags: Vec<(usize, u32)> = g.nags.iter().map(|n| (n.ply, n.nag)).collect();
    assert_eq!(nags, [(7, 1), (9, 5)]);
    assert_eq!(g.variations.len(), 1);
    assert_eq!(g.variations[0].ply, 12);
    assert_eq!(g.variations[0].text, "6... Nc6 (6... a6 7. a4) 7. d4");
    let report = replay_pgn_game(0, &g);
    assert!(report.is_ok(), "{report:?}");
    assert_eq!(report.plies, 22);
    // The same game written back reads the same.
    let again = one(&tegoma_pgn::game_to_string(&g.to_export()).unwrap());
    assert_eq!(again, g.to_export());
}

#[test]
fn exd6_e_p_is_read_as_the_capture() {
    // Issue 12, finding 7: `exd6 e.p.` gave `not a SAN move: "e"`.
    for ep in ["exd6 e.p.", "exd6e.p.", "exd6 e.p"] {
        let g = one(&format!("1. e4 Nf6 2. e5 d5 3. {ep} *"));
        assert_eq!(sans(&g), ["e4", "Nf6", "e5", "d5", "exd6"], "{ep}");
        let r = replay_pgn_game(0, &g);
        assert!(r.is_ok() && r.plies == 5, "{ep}: {r:?}");
    }
}

#[test]
fn uci_movetext_is_read_with_the_board() {
    // python-chess reads a token with its full origin and no piece letter as the move of the
    // piece standing there (its data/pgn/uci-moves.pgn): knights, castling, promotions.
    let g = one(
        "g1f3 g8f6 e2e4 d7d5 f1e2 e7e6 e1g1 f8e7 e4xd5 e8g8 d5xe6 b8c6 e6xf7+ f8f7 d2d4 f7f8 \
         c1h6 g7xh6 *",
    );
    assert_eq!(
        resolved(&g),
        [
            "Nf3", "Nf6", "e4", "d5", "Be2", "e6", "O-O", "Be7", "exd5", "O-O", "dxe6", "Nc6",
            "exf7+", "Rxf7", "d4", "Rf8", "Bh6", "gxh6"
        ]
    );
    let r = replay_pgn_game(0, &g);
    assert!(r.is_ok() && r.plies == 18, "{r:?}");
    // An impossible one stays as read: the replay reports it.
    let g = one("g1f3 g8g6 *");
    let r = replay_pgn_game(0, &g);
    assert_eq!(r.bad_ply.as_ref().map(|b| b.ply), Some(2));
}

#[test]
fn null_moves_end_the_main_line_and_are_kept_in_variations() {
    // Issue 12, finding 7: `--` gave a misleading `bad destination square`.
    for null in ["--", "Z0", "0000", "@@@@"] {
        let text = format!("[Event \"a\"]\n\n1. e4 {null} 2. d4 *\n\n[Event \"b\"]\n\n1. d4 *\n");
        let games = read(text.as_bytes());
        assert_eq!(games.len(), 2, "{null}");
        let e = games[0].as_ref().unwrap_err();
        assert_eq!(e.kind, PgnErrorKind::NullMove { ply: 2 }, "{null}");
        assert_eq!(e.kind(), "NullMove");
        assert!(games[1].is_ok());
    }
    // Inside a variation it is skipped with the variation (kept as its text).
    let g = one("1. e4 e5 (1... -- 2. d4) 2. Nf3 *");
    assert_eq!(sans(&g), ["e4", "e5", "Nf3"]);
    assert_eq!(g.variations[0].text, "1... -- 2. d4");
    assert!(replay_pgn_game(0, &g).is_ok());
}

#[test]
fn text_that_is_not_utf8_is_read_as_windows_1252_with_a_warning() {
    // Issue 12, finding 8: `M\xfcller` became `M\u{FFFD}ller` with no warning.
    let g = PgnReader::new(&b"[White \"M\xfcller\"]\n[Black \"Nu\xf1ez\"]\n\n1. e4 {\x93good\x94} (1. d4 {caf\xe9}) *\n"[..])
        .next()
        .unwrap()
        .unwrap();
    assert_eq!(g.tag("White"), Some("Müller"));
    assert_eq!(g.tag("Black"), Some("Nuñez"));
    assert_eq!(g.comments[0].text, "\u{201c}good\u{201d}");
    assert_eq!(g.variations[0].text, "1. d4 {café}");
    let what: Vec<String> = g
        .warnings
        .iter()
        .map(|w| match w {
            PgnWarning::Windows1252 { what, .. } => what.clone(),
        })
        .collect();
    // The variation's comment is reported as a comment.
    assert_eq!(what, ["tag White", "tag Black", "comment", "comment"]);
    assert!(g.warnings[0].to_string().contains("Windows-1252"));
    // UTF-8 text gives no warning.
    let g = one("[White \"Müller\"]\n\n1. e4 *\n");
    assert!(g.warnings.is_empty());
}

#[test]
fn variations_nags_and_odd_comments_survive_the_writer() {
    // Read, export, write, read back: the export form again (`fuzz_read_write` panics if not).
    for text in [
        "1. e4 (1. d4 ; a line comment with } inside\n 1... d5 {x} (1... Nf6 $3 2. c4!?) 2. c4) 1... e5 *",
        "(;only a comment\n) 1. e4 *",
        "{lead} ({} 1. d4) 1. e4 $1 $2 ?! {a} {b} ( 1. c4 ( 1. Nf3 ) ) e5 *",
        "1. e4 e5 (1... c5 2. Nf3 -- 3. d4) (1... e6) 2. Nf3 *",
    ] {
        tegoma_pgn::fuzz_read_write(text.as_bytes());
        tegoma_pgn::fuzz_read_write(&tegoma_pgn::game_to_string(&one(text).to_export()).unwrap().into_bytes());
    }
    let g = one("1. e4 (1. d4 ; a } comment\n 1... d5) e5 *");
    assert_eq!(g.variations[0].text, "1. d4 ;a } comment\n1... d5");
}
