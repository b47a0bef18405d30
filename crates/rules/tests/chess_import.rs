//! Importing a generic position (no FEEN text in between) agrees with reading its FEEN: the same
//! position for every position of seeded random games, the same error kind for refused ones.

use tegoma_notation::NotationError;
use tegoma_protocol::Position as Generic;
use tegoma_rules::chess::Position;

#[test]
fn generic_import_equals_feen_reading_along_random_games() {
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    let mut checked = 0;
    for _ in 0..40 {
        let mut p = Position::startpos();
        for _ in 0..120 {
            let feen = p.to_feen();
            let generic = Generic::from_feen(&feen).unwrap();
            let imported = Position::from_generic(&generic).unwrap();
            assert_eq!(imported, p, "{feen}");
            assert_eq!(imported.zobrist(), p.zobrist(), "{feen}");
            assert_eq!(imported.to_feen(), feen);
            checked += 1;
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let mv = moves.as_slice()[(seed % moves.len() as u64) as usize];
            p.play(mv).unwrap();
        }
    }
    assert!(checked > 2_000, "{checked}");
}

#[test]
fn generic_import_refuses_what_feen_reading_refuses() {
    for feen in [
        "8/8 / C/c",                     // BoardShape
        "4k^3/8/8/8/8/8/8/4K^3 / O/o",   // Styles
        "4k^3/8/8/8/8/8/8/4K3 / C/c",    // ForeignPiece (K without ^)
        "4k^3/8/8/8/8/8/8/R3+K^3 / C/c", // ImpossibleMarker
        "4k^3/8/8/8/8/8/8/8 / C/c",      // KingCount
        "P3k^3/8/8/8/8/8/8/4K^3 / C/c",  // PawnOnBackRank
        "4k^3/8/8/8/8/8/8/4K^3 K/ C/c",  // HandPiece
        "4k^3/8/8/8/8/8/8/4K^3 p/ C/c",  // a plain pawn in hand: accepted
    ] {
        let by_text = Position::from_feen(feen);
        let by_value = Position::from_generic(&Generic::from_feen(feen).unwrap());
        match (by_text, by_value) {
            (Ok(a), Ok(b)) => assert_eq!(a, b, "{feen}"),
            (Err(a), Err(b)) => assert_eq!(a.kind(), b.kind(), "{feen}: {a} / {b}"),
            (a, b) => panic!("{feen}: {a:?} / {b:?}"),
        }
    }
}
