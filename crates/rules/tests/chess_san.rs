//! The one SAN grammar ([`San`]): every spelling decided in its docs, accepted or refused, in one
//! table; its canonical writing read back to the same value.
use tegoma_notation::NotationError;
use tegoma_rules::chess::{Annotation, CheckSign, Position, Role, San, SanKind};
use tegoma_rules::kit::Square;

/// `(spelling, Some(canonical SAN))` when accepted, `(spelling, None)` when refused.
const TABLE: &[(&str, Option<&str>)] = &[
    // Plain moves.
    ("e4", Some("e4")),
    ("Nf3", Some("Nf3")),
    ("exd5", Some("exd5")),
    ("Nbd7", Some("Nbd7")),
    ("R1e2", Some("R1e2")),
    ("Qh4e1", Some("Qh4e1")),
    ("Qh4xe1", Some("Qh4xe1")),
    ("Kxe2", Some("Kxe2")),
    // Castling, with letters or zeros.
    ("O-O", Some("O-O")),
    ("O-O-O", Some("O-O-O")),
    ("0-0", Some("O-O")),
    ("0-0-0", Some("O-O-O")),
    ("O-O+", Some("O-O+")),
    ("0-0-0#", Some("O-O-O#")),
    // Promotions: with or without `=`, either case.
    ("e8=Q", Some("e8=Q")),
    ("e8Q", Some("e8=Q")),
    ("e8=q", Some("e8=Q")),
    ("e8q", Some("e8=Q")),
    ("dxc1N", Some("dxc1=N")),
    ("exd8=N+", Some("exd8=N+")),
    ("a1=R", Some("a1=R")),
    ("b8=B", Some("b8=B")),
    ("a8b", Some("a8=B")),
    // A pawn capture without `x`; over-specified origins; `-` as python-chess allows it.
    ("ed5", Some("exd5")),
    ("Ng1f3", Some("Ng1f3")),
    ("Ng1-f3", Some("Ng1f3")),
    ("Nxf3", Some("Nxf3")),
    ("N-f3", Some("Nf3")),
    ("e2e4", Some("e2e4")),
    ("e2-e4", Some("e2e4")),
    // Check signs and annotations (kept, not checked).
    ("Qh5+", Some("Qh5+")),
    ("Qf7#", Some("Qf7#")),
    ("e4!", Some("e4!")),
    ("e4?", Some("e4?")),
    ("e4!!", Some("e4!!")),
    ("e4??", Some("e4??")),
    ("e4!?", Some("e4!?")),
    ("e4?!", Some("e4?!")),
    ("Qf7#!", Some("Qf7#!")),
    ("O-O?!", Some("O-O?!")),
    // Null moves, as python-chess spells them.
    ("--", Some("--")),
    ("Z0", Some("--")),
    ("0000", Some("--")),
    ("@@@@", Some("--")),
    // Refused, as python-chess refuses them.
    ("Pe4", None),
    ("Pb8=Q", None),
    ("b8/Q", None),
    ("b8(Q)", None),
    ("exd6e.p.", None),
    ("exd6 e.p.", None),
    ("nf3", None),
    ("Exd5", None),
    ("exd5:", None),
    ("e:d5", None),
    ("Xe4", None),
    // Refused where python-chess reads a move it then cannot find.
    ("e8=K", None),
    ("e8=P", None),
    ("e8=", None),
    ("Nf8=Q", None),
    ("xd5", None),
    // Malformed.
    ("", None),
    ("e", None),
    ("e9", None),
    ("i4", None),
    ("Nxx4", None),
    ("Nf", None),
    ("exd", None),
    ("O-O-O-O", None),
    ("Qa1b2c3", None),
    ("N1ae4", None),
    ("Nfxd7x", None),
    ("+", None),
    ("#", None),
    ("e4++", None),
    ("e4+#", None),
    ("--+", None),
    ("e4!!!", None),
    ("e4 ", None),
    (" e4", None),
    ("1-0", None),
    ("hello", None),
    ("é4", None),
];

#[test]
fn every_decided_spelling() {
    for &(text, expected) in TABLE {
        let got = San::parse(text);
        match expected {
            Some(canonical) => {
                let san = got.unwrap_or_else(|e| panic!("{text:?} refused: {e}"));
                assert_eq!(san.to_string(), canonical, "{text:?}");
                assert_eq!(San::parse_bytes(text.as_bytes()), Ok(san), "{text:?}");
                assert_eq!(canonical.parse::<San>(), Ok(san), "{text:?} canonical");
            }
            None => {
                let e = got.expect_err(text);
                assert_eq!(e.kind(), "InvalidSan", "{text:?}");
            }
        }
    }
}

#[test]
fn parts() {
    let sq = |s: &str| Square::parse(s).unwrap();
    let san: San = "Qh4xe1+!?".parse().unwrap();
    assert_eq!(
        san,
        San::new(
            SanKind::Normal {
                role: Role::Queen,
                file: Some(7),
                rank: Some(3),
                capture: true,
                to: sq("e1"),
                promotion: None,
            },
            Some(CheckSign::Check),
            Some(Annotation::Speculative),
        )
    );
    assert_eq!(san.check(), Some(CheckSign::Check));
    assert_eq!(san.annotation(), Some(Annotation::Speculative));
    assert_eq!(
        san.with_check(None).with_annotation(None).to_string(),
        "Qh4xe1"
    );
    assert_eq!(format!("{san:?}"), "San(\"Qh4xe1+!?\")");
    assert_eq!(Annotation::Speculative.nag(), 5);
    let p: San = "ed8N#".parse().unwrap();
    assert_eq!(
        p.kind(),
        SanKind::Normal {
            role: Role::Pawn,
            file: Some(4),
            rank: None,
            capture: true,
            to: sq("d8"),
            promotion: Some(Role::Knight),
        }
    );
    assert_eq!(p.check(), Some(CheckSign::Mate));
    assert!("0-0".parse::<San>().unwrap().is_castling());
    assert!("--".parse::<San>().unwrap().is_null());
    assert_eq!(std::mem::size_of::<San>(), 4);
    // Every value built from parts gives its parts back.
    for kind in [SanKind::CastleShort, SanKind::CastleLong, SanKind::Null] {
        assert_eq!(San::new(kind, None, None).kind(), kind);
    }
    for to in 0..64 {
        for role in Role::ALL {
            let promotion = [None, Some(Role::Knight), Some(Role::Queen)][to as usize % 3];
            let kind = SanKind::Normal {
                role,
                file: [None, Some(0), Some(7)][to as usize % 3],
                rank: [None, Some(7), Some(0)][to as usize / 3 % 3],
                capture: to % 2 == 0,
                to: Square::from_index(to),
                promotion,
            };
            let san = San::new(kind, Some(CheckSign::Mate), Some(Annotation::Dubious));
            assert_eq!(san.kind(), kind);
            assert_eq!(san.check(), Some(CheckSign::Mate));
            assert_eq!(san.annotation(), Some(Annotation::Dubious));
        }
    }
}

/// Every string of up to 5 bytes over SAN's alphabet: whatever is accepted is written in a
/// canonical form that reads back to the same value.
#[test]
fn canonical_form_reads_back() {
    const ALPHABET: &[u8] = b"aeh18x=QNKqP+#O-0B!?";
    let n = ALPHABET.len();
    let mut accepted = 0;
    for len in 0..=5u32 {
        for mut code in 0..n.pow(len) {
            let mut s = Vec::new();
            for _ in 0..len {
                s.push(ALPHABET[code % n]);
                code /= n;
            }
            if let Ok(san) = San::parse_bytes(&s) {
                accepted += 1;
                let w = san.to_string();
                assert_eq!(
                    w.parse::<San>(),
                    Ok(san),
                    "{:?}",
                    String::from_utf8_lossy(&s)
                );
            }
        }
    }
    assert!(accepted > 1000, "{accepted}");
}

/// Errors against a position: kinds and messages.
#[test]
fn errors_against_a_position() {
    let p = Position::from_fen("4k3/1P6/8/8/8/8/8/1N2KN2 w - - 0 1").unwrap();
    let e = p.parse_san("Nd2").unwrap_err();
    assert_eq!(e.kind(), "AmbiguousSan");
    assert_eq!(e.to_string(), "ambiguous SAN \"Nd2\": matches b1-d2, f1-d2");
    let e = p.parse_san("b8").unwrap_err();
    assert_eq!(e.kind(), "InvalidSan");
    assert_eq!(
        e.to_string(),
        "invalid SAN \"b8\": a promotion must name its piece"
    );
    let e = p.parse_san("Ke3").unwrap_err();
    assert_eq!(e.kind(), "IllegalMove");
    assert_eq!(e.to_string(), "illegal move Ke3");
    assert_eq!(p.parse_san("--").unwrap_err().kind(), "IllegalMove");
    assert_eq!(p.parse_san("Nxd2").unwrap_err().kind(), "IllegalMove");
    let e = p.parse_san("b8(Q)").unwrap_err();
    assert_eq!(
        e.to_string(),
        "invalid SAN \"b8(Q)\": bad destination square"
    );
}
