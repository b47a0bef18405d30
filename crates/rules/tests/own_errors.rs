//! The errors only one game has come back typed from the shared errors (by downcasting), with
//! the kinds and messages of the contract. Expected values are written by hand.

use tegoma_notation::NotationError;
use tegoma_protocol::{MoveError, RuleSystem, Side};
use tegoma_rules::chess::{self, FenError, FenField, FenReason, MoveTextError, PlacementError};
use tegoma_rules::ogi::{self, OgiReason};
use tegoma_rules::systems::Ogi;

#[test]
fn fen_errors_downcast_to_the_field_and_the_reason() {
    let e = chess::Position::from_fen("8/8/8/8/8/8/8/K1k5 w - - 0 0").unwrap_err();
    assert_eq!(e.kind(), "InvalidFen");
    assert_eq!(e.to_string(), "invalid FEN fullmove: must be at least 1");
    assert_eq!(
        e.specific::<FenError>(),
        Some(&FenError {
            field: FenField::Fullmove,
            reason: FenReason::FullmoveZero
        })
    );
    assert_eq!(e.specific::<PlacementError>(), None);
}

#[test]
fn placement_errors_downcast_with_their_payload() {
    let e = chess::Position::from_fen("8/8/8/8/8/8/8/8 w - - 0 1").unwrap_err();
    assert_eq!(e.kind(), "KingCount");
    assert_eq!(e.to_string(), "the first side has 0 kings, not one");
    assert_eq!(
        e.specific::<PlacementError>(),
        Some(&PlacementError::KingCount {
            side: Side::First,
            count: 0
        })
    );
}

#[test]
fn uci_and_san_texts_keep_their_kinds_texts_and_details() {
    let p = chess::Position::startpos();
    let e = p.parse_uci("e2").unwrap_err();
    assert_eq!(e.kind(), "InvalidUci");
    assert_eq!(
        e.to_string(),
        "invalid UCI move \"e2\": expected 4 or 5 characters such as e2e4 or e7e8q"
    );
    assert_eq!(e.text(), "e2");
    assert_eq!(
        e.detail().to_string(),
        "invalid UCI move: expected 4 or 5 characters such as e2e4 or e7e8q"
    );
    assert!(matches!(
        e.specific::<MoveTextError>(),
        Some(MoveTextError::Uci(s)) if s.text == "e2"
    ));

    // Knights on b1 and f1 both reach d2.
    let p = chess::Position::from_fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1").unwrap();
    let e = MoveError::from(p.parse_san("Nd2").unwrap_err());
    assert_eq!(e.kind(), "AmbiguousSan");
    assert_eq!(e.text(), "Nd2");
    match e.specific::<MoveTextError>() {
        Some(MoveTextError::AmbiguousSan { text, candidates }) => {
            assert_eq!(text, "Nd2");
            let mut c = candidates.clone();
            c.sort();
            // The candidates are written as moves (origin-destination), not in SAN.
            assert_eq!(c, ["b1-d2", "f1-d2"]);
        }
        other => panic!("{other:?}"),
    }
    let e = MoveError::from(p.parse_san("N").unwrap_err());
    assert_eq!(e.kind(), "InvalidSan");
    assert!(e.to_string().starts_with("invalid SAN \"N\": "), "{e}");
}

#[test]
fn ogi_reasons_downcast_from_the_illegal_move() {
    // The second player's promoted rook on e2; the first player's King takes it.
    let p = ogi::Position::from_feen("4k^3/8/8/8/8/8/4+r3/4K^3 / O/o").unwrap();
    let e = Ogi { privilege: false }
        .parse_move(&p, "e1+e2/+R")
        .unwrap_err();
    assert_eq!(e.kind(), "IllegalMove");
    assert_eq!(
        e.to_string(),
        "illegal move e1+e2/+R: the King's privilege is disabled"
    );
    assert_eq!(
        e.illegal().and_then(|i| i.reason.specific::<OgiReason>()),
        Some(&OgiReason::PrivilegeDisabled)
    );
    assert!(Ogi::default().parse_move(&p, "e1+e2/+R").is_ok());
}
