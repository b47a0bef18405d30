//! The SAN fast path of the chess module (`Position::read_san_fast`,
//! `Position::has_legal_move_knowing_check`) against its full reader and move generator, over the
//! positions of the python-chess oracle games.
use tegoma_rules::chess::{MoveKind, MoveList, Position, Role};
use tegoma_rules::kit::Square;

mod oracle_data;

/// Every position of the python-chess oracle games: the shortcuts agree with the chess
/// module (SAN read, and whether a legal move exists), and so do all other SANs of each
/// position's legal moves.
#[test]
fn shortcuts_agree_with_the_chess_module() {
    let data = oracle_data::tsv();
    let mut list = MoveList::new();
    let mut n = 0;
    let mut castles = 0;
    for line in data.lines().filter(|l| l.starts_with("P\t")).step_by(3) {
        let f: Vec<&str> = line.split('\t').collect();
        let p = Position::from_fen(f[1]).unwrap();
        assert_eq!(
            p.has_legal_move_knowing_check(p.is_check()),
            p.has_legal_move(),
            "{}",
            f[1]
        );
        p.legal_moves_into(&mut list);
        // Castling: read exactly when legal.
        for (text, file) in [("O-O", 6), ("O-O-O", 2)] {
            let legal = list
                .iter()
                .find(|m| m.kind() == MoveKind::Castle && m.to().file() == file)
                .copied();
            assert_eq!(
                p.read_san_fast(text.as_bytes(), p.is_check()),
                legal,
                "{} {text}",
                f[1]
            );
            castles += legal.is_some() as usize;
        }
        for &m in list.iter() {
            let san = p.to_san(m);
            if let Some(mv) = p.read_san_fast(san.as_bytes(), p.is_check()) {
                assert_eq!(mv, m, "{} {san}", f[1]);
                n += 1;
            }
            let after = p.after(m).unwrap();
            assert_eq!(
                after.has_legal_move_knowing_check(after.is_check()),
                after.has_legal_move(),
                "{} {san}",
                f[1]
            );
        }
    }
    assert!(n > 100_000, "{n}");
    assert!(castles > 50, "{castles}");
}

/// Every piece move to every square, spelled with its full origin (`Ng1f3`): read by the
/// shortcut only when the chess module lists it as legal (pins, checks, own pieces).
#[test]
fn shortcut_never_accepts_an_illegal_move() {
    let data = oracle_data::tsv();
    let mut list = MoveList::new();
    let mut accepted = 0;
    for line in data.lines().filter(|l| l.starts_with("P\t")).step_by(7) {
        let fen = line.split('\t').nth(1).unwrap();
        let p = Position::from_fen(fen).unwrap();
        p.legal_moves_into(&mut list);
        let check = p.is_check();
        for from in 0..64u8 {
            let from = Square::from_index(from);
            let Some((c, role)) = p.piece_at(from) else {
                continue;
            };
            if c != p.side_to_move() || role == Role::Pawn {
                continue;
            }
            for to in 0..64u8 {
                let to = Square::from_index(to);
                let mut san = vec![role.letter()];
                san.extend_from_slice(&from.name());
                san.extend_from_slice(&to.name());
                if let Some(mv) = p.read_san_fast(&san, check) {
                    assert!(
                        list.contains(mv),
                        "{fen}: {}",
                        String::from_utf8_lossy(&san)
                    );
                    accepted += 1;
                }
            }
        }
    }
    assert!(accepted > 10_000, "{accepted}");
}
