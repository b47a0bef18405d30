//! Importing a generic position (no FEEN text in between) agrees with reading its FEEN, and
//! exporting one with writing it, for chess and Ōgi: the same position along seeded random
//! games, the same error kind for refused ones.

use tegoma_notation::NotationError;
use tegoma_protocol::Position as Generic;
use tegoma_rules::{chess, ogi};

/// Plays `games` seeded random games of at most `plies` plies of the position type `$P` and
/// checks at every position that reading its generic form gives the same position, key and
/// FEEN. Returns how many positions were checked.
macro_rules! walk {
    ($P:ty, $seed:expr, $games:expr, $plies:expr) => {{
        let mut seed: u64 = $seed;
        let mut checked = 0;
        for _ in 0..$games {
            let mut p = <$P>::startpos();
            for _ in 0..$plies {
                let feen = p.to_feen();
                let imported = <$P>::from_generic(&Generic::from_feen(&feen).unwrap()).unwrap();
                assert_eq!(imported, p, "{feen}");
                assert_eq!(imported.zobrist(), p.zobrist(), "{feen}");
                assert_eq!(imported.to_feen(), feen);
                // Exporting builds the generic position directly: the same FEEN, markers
                // and hands included (compared as text: R5 equality ignores `'`).
                let exported = p.to_generic();
                assert_eq!(exported.to_feen().unwrap(), feen);
                assert_eq!(
                    exported.to_feen().unwrap(),
                    Generic::from_feen(&feen).unwrap().to_feen().unwrap()
                );
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
        checked
    }};
}

/// Both readers accept the same FEENs (as equal positions with equal FEEN) or refuse them with
/// the same kind.
macro_rules! same_refusals {
    ($P:ty, $feens:expr) => {
        for feen in $feens {
            let by_text = <$P>::from_feen(feen);
            let by_value = <$P>::from_generic(&Generic::from_feen(feen).unwrap());
            match (by_text, by_value) {
                (Ok(a), Ok(b)) => {
                    assert_eq!(a, b, "{feen}");
                    assert_eq!(a.to_feen(), b.to_feen(), "{feen}: the markers too");
                }
                (Err(a), Err(b)) => assert_eq!(a.kind(), b.kind(), "{feen}: {a} / {b}"),
                (a, b) => panic!("{feen}: {a:?} / {b:?}"),
            }
        }
    };
}

#[test]
fn generic_import_equals_feen_reading_along_random_games() {
    let checked = walk!(chess::Position, 0x9e37_79b9_7f4a_7c15, 40, 120);
    assert!(checked > 2_000, "{checked}");
}

#[test]
fn generic_import_refuses_what_feen_reading_refuses() {
    same_refusals!(
        chess::Position,
        [
            "8/8 / C/c",                     // BoardShape
            "4k^3/8/8/8/8/8/8/4K^3 / O/o",   // Styles
            "4k^3/8/8/8/8/8/8/4K3 / C/c",    // ForeignPiece (K without ^)
            "4k^3/8/8/8/8/8/8/R3+K^3 / C/c", // ImpossibleMarker
            "4k^3/8/8/8/8/8/8/8 / C/c",      // KingCount
            "P3k^3/8/8/8/8/8/8/4K^3 / C/c",  // PawnOnBackRank
            "4k^3/8/8/8/8/8/8/4K^3 K/ C/c",  // HandPiece
            "4k^3/8/8/8/8/8/8/4K^3 p/ C/c",  // a plain pawn in hand: accepted
        ]
    );
}

#[test]
fn ogi_generic_import_equals_feen_reading() {
    let checked = walk!(ogi::Position, 0x2545_f491_4f6c_dd1d, 20, 150);
    assert!(checked > 1_000, "{checked}");
    same_refusals!(
        ogi::Position,
        [
            "8/8 / O/o",
            "4k^3/8/8/8/8/8/8/4K^3 / C/c",
            "4k^3/8/8/8/8/8/8/4Q3 / O/o",
            "4k^3/8/8/8/8/8/8/4K^3 p/ O/o",
            "lnsik^'snl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIK^SNL 2SP/ o/O",
        ]
    );
}
