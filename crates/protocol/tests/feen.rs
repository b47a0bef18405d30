//! FEEN reading and writing: round trips on the seed start positions, the vectors of specs.md
//! §11.7, and generated positions of 1, 2 and 3 dimensions.

use proptest::prelude::*;
use tegoma_notation::feen::Feen;
use tegoma_notation::NotationError;
use tegoma_protocol::{Board, FeenError, FeenWriteError, Piece, Position, Side, Square, Style};

const CHESS: &str = "+rnbq+k^bn+r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/+RNBQ+K^BN+R / C/c";
const OGI: &str = "lnsik^snl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIK^SNL / O/o";

fn round_trip(s: &str) -> Position {
    let p = Position::from_feen(s).unwrap_or_else(|e| panic!("{s}: {e}"));
    assert_eq!(p.to_feen().unwrap(), s);
    p.check_invariants().unwrap();
    p
}

#[test]
fn seed_start_positions() {
    let c = round_trip(CHESS);
    assert_eq!(c.board().sizes(), &[8, 8]);
    assert_eq!(c.piece_count(), 32);
    assert_eq!(c.side_to_move(), Side::First);
    let e1 = c.board().parse_square("e1").unwrap();
    assert_eq!(c.piece_at(e1).unwrap().to_string(), "+K^");
    let d8 = c.board().parse_square("d8").unwrap();
    assert_eq!(c.piece_at(d8).unwrap().to_string(), "q");
    assert_eq!(c.style(Side::First).to_string(), "C");
    assert_eq!(c.style(Side::Second).to_string(), "c");

    let o = round_trip(OGI);
    assert_eq!(o.piece_count(), 36);
    let b2 = o.board().parse_square("b2").unwrap();
    assert_eq!(o.piece_at(b2).unwrap().to_string(), "B");
    let g7 = o.board().parse_square("g7").unwrap();
    assert_eq!(o.piece_at(g7).unwrap().to_string(), "b");
}

/// specs.md §11.7, valid vectors: (FEEN, CELL-order sizes, squares, pieces, side to move).
#[test]
fn valid_vectors() {
    let cases: &[(&str, &[u8], usize, usize, Side)] = &[
        (CHESS, &[8, 8], 64, 32, Side::First),
        (OGI, &[8, 8], 64, 36, Side::First),
        (
            "lnsik^'snl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIK^SNL / O/o",
            &[8, 8],
            64,
            36,
            Side::First,
        ),
        (
            "lnsik^snl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIK^'SNL / o/O",
            &[8, 8],
            64,
            36,
            Side::Second,
        ),
        ("8/8/8/8/8/8/8/8 / C/c", &[8, 8], 64, 0, Side::First),
        ("k^+p4+PK^ / C/c", &[8], 8, 4, Side::First),
        ("ab/cd//AB/CD / G/g", &[2, 2, 2], 8, 8, Side::First),
        ("a/b//c/d / G/g", &[1, 2, 2], 4, 4, Side::First),
        ("3/3//3/3 / C/c", &[3, 2, 2], 12, 0, Side::First),
        ("8/8 P/ C/c", &[8, 2], 16, 1, Side::First),
        ("8/8 BP/ C/c", &[8, 2], 16, 2, Side::First),
        ("8/8 2PB/ C/c", &[8, 2], 16, 3, Side::First),
        ("8/8 Pp/ C/c", &[8, 2], 16, 2, Side::First),
        ("8/8 -P+PP/ C/c", &[8, 2], 16, 3, Side::First),
        ("8/8 K^K^'/ C/c", &[8, 2], 16, 2, Side::First),
        ("8/8 3P2B/3p2b C/c", &[8, 2], 16, 10, Side::First),
        ("255 / C/c", &[255], 255, 0, Side::First),
        ("2 K/k C/c", &[2], 2, 2, Side::First),
        ("8/8 / C/s", &[8, 2], 16, 0, Side::First),
    ];
    for &(s, sizes, squares, pieces, side) in cases {
        let p = round_trip(s);
        assert_eq!(p.board().sizes(), sizes, "{s}");
        assert_eq!(p.board().len(), squares, "{s}");
        assert_eq!(p.piece_count(), pieces, "{s}");
        assert_eq!(p.side_to_move(), side, "{s}");
    }
}

/// specs.md §11.7, invalid vectors with their error kinds.
#[test]
fn invalid_vectors() {
    let long = format!("{} / C/c", "8/".repeat(2100) + "8");
    let cases: &[(&str, &str)] = &[
        ("rkr//PPPP / G/g", "DimensionalCoherence"),
        ("a//b/c / G/g", "DimensionalCoherence"),
        ("a/b//c/d/e / G/g", "BoardNotRegular"),
        ("8/8/7 / C/c", "BoardNotRegular"),
        ("a///b / G/g", "TooManyDimensions"),
        ("08/8 / C/c", "InvalidEmptyCount"),
        ("0/8 / C/c", "InvalidEmptyCount"),
        ("/8/8 / C/c", "PlacementStartsWithSeparator"),
        ("8/8/ / C/c", "PlacementEndsWithSeparator"),
        ("K@ / C/c", "InvalidPieceToken"),
        ("+ / C/c", "InvalidPieceToken"),
        ("K'^ / C/c", "InvalidPieceToken"),
        ("256 / C/c", "DimensionTooLarge"),
        ("8/8 P C/c", "InvalidHandsDelimiter"),
        ("8/8 P/p/ C/c", "InvalidHandsDelimiter"),
        ("8/8 PP/ C/c", "HandNotAggregated"),
        ("8/8 3P3Q2P/ C/c", "HandNotAggregated"),
        ("8/8 1P/ C/c", "InvalidHandCount"),
        ("8/8 02P/ C/c", "InvalidHandCount"),
        ("8/8 PB/ C/c", "HandNotCanonical"),
        ("8/8 B2P/ C/c", "HandNotCanonical"),
        ("8/8 pP/ C/c", "HandNotCanonical"),
        ("8/8 P+P/ C/c", "HandNotCanonical"),
        ("8/8 K^'K^/ C/c", "HandNotCanonical"),
        ("8/8 / C/C", "StylesSameCase"),
        ("8/8 / c/c", "StylesSameCase"),
        ("8/8 / C/c/x", "InvalidStyleTurnDelimiter"),
        ("8/8 / Cc", "InvalidStyleTurnDelimiter"),
        ("8/8 / C/c\n", "InvalidStyleToken"),
        ("8/8  / C/c", "FieldCount"),
        (" 8/8 / C/c", "FieldCount"),
        ("8/8 / C/c ", "FieldCount"),
        ("", "FieldCount"),
        ("K^k^ 2K^/2k^ C/c", "TooManyPieces"),
        ("K^ K/ C/c", "TooManyPieces"),
        ("8/8 / C/é", "NonAscii"),
        (&long, "InputTooLong"),
    ];
    for &(s, kind) in cases {
        let e = Position::from_feen(s).expect_err(s);
        assert_eq!(e.kind(), kind, "{s:?}: {e}");
    }
}

#[test]
fn r5_equality_and_hash() {
    use std::collections::hash_map::DefaultHasher;
    use std::hash::{Hash, Hasher};
    let h = |p: &Position| {
        let mut s = DefaultHasher::new();
        p.hash(&mut s);
        s.finish()
    };
    let a = Position::from_feen(OGI).unwrap();
    let b = Position::from_feen("lnsik^'snl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIK^SNL / O/o")
        .unwrap();
    assert_eq!(a, b);
    assert_eq!(h(&a), h(&b));
    assert!(!a.exact_eq(&b));
    assert_eq!(a.r5_key().unwrap(), b.r5_key().unwrap());
    let c = Position::from_feen("8/8 K^K^'/ C/c").unwrap();
    let d = Position::from_feen("8/8 2K^/ C/c").unwrap();
    assert_eq!(c, d);
    assert_eq!(h(&c), h(&d));
    // The turn, the styles and the hands matter.
    let e =
        Position::from_feen("lnsik^snl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIK^SNL / o/O").unwrap();
    assert_ne!(a, e);
    assert_ne!(c, Position::from_feen("8/8 2K^/ C/s").unwrap());
    assert_ne!(c, Position::from_feen("8/8 K^/K^ C/c").unwrap());
}

#[test]
fn holes_and_unrepresentable_shapes() {
    let board = Board::new(&[3, 3])
        .unwrap()
        .with_holes(["a1", "a3", "c1", "c3"].map(|c| c.parse().unwrap()))
        .unwrap();
    let p = Position::from_feen_on(&board, "1k1/K2/3 / C/c").unwrap();
    assert_eq!(p.board().len(), 5);
    assert_eq!(p.to_feen().unwrap(), "1k1/K2/3 / C/c");
    let e = Position::from_feen_on(&board, "k2/K2/3 / C/c").unwrap_err();
    assert_eq!(e.kind(), "PieceOnHole");
    let e = Position::from_feen_on(&board, "4/4/4 / C/c").unwrap_err();
    assert!(matches!(e, FeenError::ShapeMismatch { .. }));

    let thin = Position::new(
        Board::new(&[8, 1]).unwrap(),
        Style::parse("C").unwrap(),
        Style::parse("c").unwrap(),
    )
    .unwrap();
    assert_eq!(thin.to_feen(), Err(FeenWriteError::ShapeNotRepresentable));
}

#[test]
fn too_long_output_is_refused() {
    // 255 × 255 board with many hand pieces: reading is fine, but dropping them all on the
    // board would make the string too long.
    let mut p = Position::from_feen(&format!("{} 4000P/ C/c", ["255"; 255].join("/"))).unwrap();
    let pawn = Piece::parse("P").unwrap();
    for i in 0..4000u32 {
        let sq = Square::new(i * 2);
        p.apply(&[tegoma_protocol::Action::displace(
            tegoma_protocol::Location::Hand(Side::First),
            pawn,
            sq.into(),
        )])
        .unwrap();
    }
    assert_eq!(p.to_feen(), Err(FeenWriteError::TooLong));
}

fn pieces() -> impl Strategy<Value = Piece> {
    (0u8..26, any::<bool>(), 0u8..3, any::<bool>(), any::<bool>()).prop_map(
        |(l, second, st, term, der)| {
            let mut s = String::new();
            s.push(match st {
                0 => '-',
                1 => '+',
                _ => ' ',
            });
            let c = (b'A' + l) as char;
            s.push(if second { c.to_ascii_lowercase() } else { c });
            if term {
                s.push('^');
            }
            if der {
                s.push('\'');
            }
            Piece::parse(s.trim()).unwrap()
        },
    )
}

/// A random FEEN-spellable board of 1, 2 or 3 dimensions (CELL order) with random contents.
fn positions() -> impl Strategy<Value = Position> {
    let shape = prop_oneof![
        (1u8..=40).prop_map(|f| vec![f]),
        (1u8..=12, 2u8..=12).prop_map(|(f, r)| vec![f, r]),
        (1u8..=5, 2u8..=5, 2u8..=5).prop_map(|(f, r, l)| vec![f, r, l]),
    ];
    (
        shape,
        proptest::collection::vec((any::<u16>(), pieces(), 0u8..4), 0..40),
        (b'A'..=b'Z', b'A'..=b'Z', any::<bool>()),
    )
        .prop_map(|(sizes, items, (s1, s2, second))| {
            let board = Board::new(&sizes).unwrap();
            let first = Style::parse(&(s1 as char).to_string()).unwrap();
            let second_style =
                Style::parse(&(s2 as char).to_ascii_lowercase().to_string()).unwrap();
            let mut p = Position::new(board, first, second_style).unwrap();
            let span = p.board().span() as u32;
            for (at, piece, where_) in items {
                let _ = match where_ {
                    0 | 1 => p
                        .set(Square::new(u32::from(at) % span), Some(piece))
                        .map(|_| ()),
                    2 => p.add_to_hand(Side::First, piece, 1 + u32::from(at % 3)),
                    _ => p.add_to_hand(Side::Second, piece, 1),
                };
            }
            if second {
                p.set_side_to_move(Side::Second);
            }
            p
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(400))]

    /// Arbitrary FEEN-like text never panics; whatever is accepted writes back identically.
    #[test]
    fn arbitrary_text(s in "[0-9a-cA-CkK+\\-^'/ ]{0,30}") {
        if let Ok(p) = Position::from_feen(&s) {
            prop_assert_eq!(p.to_feen().unwrap(), s);
        }
    }

    /// Undoing arbitrary (not just applied) actions never panics.
    #[test]
    fn undo_is_total(p in positions(), raw in proptest::collection::vec((0u32..300, pieces(), any::<bool>()), 0..6)) {
        let mut p = p;
        let actions: Vec<tegoma_protocol::Action> = raw
            .into_iter()
            .map(|(i, piece, hand)| {
                let from = if hand {
                    tegoma_protocol::Location::Hand(Side::First)
                } else {
                    tegoma_protocol::Location::Square(Square::new(i))
                };
                tegoma_protocol::Action::displace(from, piece, Square::new(i / 2).into())
            })
            .collect();
        p.undo(&actions);
        let _ = p.check(&actions);
    }

    /// Our writer's output is accepted by sashite_feen (which rejects any non-canonical form),
    /// reads back to the same position, and writes back to the same string.
    #[test]
    fn generated_round_trip(p in positions()) {
        p.check_invariants().unwrap();
        let s = p.to_feen().unwrap();
        let view = Feen::parse(&s).map_err(|e| TestCaseError::fail(format!("{s}: {e}")))?;
        prop_assert_eq!(view.piece_count() as usize, p.piece_count());
        let q = Position::from_feen(&s).unwrap();
        prop_assert!(q.exact_eq(&p), "{} vs {:?}", s, q);
        prop_assert_eq!(q.to_feen().unwrap(), s.clone());
        // sashite_feen's own encoder agrees on the canonical form.
        let theirs = tegoma_notation::feen::encode(&view.to_qi()).unwrap();
        prop_assert_eq!(theirs, s);
    }
}
