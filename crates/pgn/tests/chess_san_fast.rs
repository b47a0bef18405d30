//! The SAN replay of the chess module ([`SanReplay`]): its fast path (a [`San`] read from attack
//! sets, whether a legal move exists found with an early exit) against the general reading
//! ([`Position::san_to_move`]) and the move generator, over the positions of the python-chess
//! oracle games.
use tegoma_notation::NotationError;
use tegoma_rules::chess::{MoveKind, MoveList, Position, Role, San, SanKind, SanReplay};
use tegoma_rules::kit::Square;

mod oracle_data;

/// `replay.play(san)` and `position.san_to_move(san)` agree: the same move, or errors of the
/// same kind (and the replay's position is then unchanged).
fn agree(p: &Position, san: &San) -> bool {
    let mut replay = SanReplay::new(*p);
    let fast = replay.fast_read(san);
    let played = replay.play(san);
    let general = p.san_to_move(san);
    match (&played, &general) {
        (Ok(a), Ok(b)) => assert_eq!(a, b, "{p:?} {san}"),
        (Err(a), Err(b)) => {
            assert_eq!(a.kind(), b.kind(), "{p:?} {san}");
            assert_eq!(replay.position(), p, "{san}: refused, unchanged");
        }
        _ => panic!("{p:?} {san}: replay {played:?}, general {general:?}"),
    }
    if let Some(mv) = fast {
        assert_eq!(
            Ok(mv),
            general,
            "{p:?} {san}: the fast path's move is the general one"
        );
    }
    fast.is_some()
}

/// Every position of the python-chess oracle games: the replay agrees with the chess module
/// (SAN read, whether a legal move exists, the ending), for every legal move's SAN and for
/// castling; the fast path reads most of them.
#[test]
fn replay_agrees_with_the_chess_module() {
    let data = oracle_data::tsv();
    let mut list = MoveList::new();
    let mut fast = 0;
    let mut castles = 0;
    for line in data.lines().filter(|l| l.starts_with("P\t")).step_by(3) {
        let f: Vec<&str> = line.split('\t').collect();
        let p = Position::from_fen(f[1]).unwrap();
        let mut replay = SanReplay::new(p);
        assert_eq!(replay.is_check(), p.is_check(), "{}", f[1]);
        assert_eq!(replay.has_legal_move(), p.has_legal_move(), "{}", f[1]);
        assert_eq!(replay.outcome(), p.outcome(), "{}", f[1]);
        p.legal_moves_into(&mut list);
        // Castling: read exactly when legal.
        for (text, file) in [("O-O", 6), ("O-O-O", 2)] {
            let legal = list
                .iter()
                .find(|m| m.kind() == MoveKind::Castle && m.to().file() == file)
                .copied();
            let san: San = text.parse().unwrap();
            assert_eq!(replay.fast_read(&san), legal, "{} {text}", f[1]);
            agree(&p, &san);
            castles += legal.is_some() as usize;
        }
        for &m in list.iter() {
            let san = San::from_move(&p, m);
            assert_eq!(p.san_to_move(&san), Ok(m), "{} {san}", f[1]);
            fast += agree(&p, &san) as usize;
            // Respelled: no check sign, an annotation, the full origin.
            let bare = san
                .with_check(None)
                .with_annotation("e4?!".parse::<San>().unwrap().annotation());
            agree(&p, &bare);
            if let SanKind::Normal {
                role,
                capture,
                to,
                promotion,
                ..
            } = san.kind()
            {
                let full = San::new(
                    SanKind::Normal {
                        role,
                        file: Some(m.from().file()),
                        rank: Some(m.from().rank()),
                        capture,
                        to,
                        promotion,
                    },
                    san.check(),
                    None,
                );
                agree(&p, &full);
            }
            let after = p.after(m).unwrap();
            let mut next = SanReplay::new(after);
            assert_eq!(
                next.has_legal_move(),
                after.has_legal_move(),
                "{} {san}",
                f[1]
            );
            assert_eq!(next.outcome(), after.outcome(), "{} {san}", f[1]);
            let mut played = SanReplay::new(p);
            assert_eq!(played.play(&san), Ok(m));
            assert_eq!(played.position(), &after);
            assert_eq!(played.is_check(), after.is_check());
            assert_eq!(played.outcome(), after.outcome(), "{} {san}", f[1]);
        }
    }
    assert!(fast > 100_000, "{fast}");
    assert!(castles > 50, "{castles}");
}

/// Every move of a piece or pawn of the side to move to every square, spelled with its full
/// origin (`Ng1f3`, `e2e4`), with and without `x`, with a queen promotion for a pawn reaching
/// the last rank: the replay and the general reading agree, and the fast path never reads a
/// move the generator does not list (pins, checks, own pieces).
#[test]
fn replay_never_accepts_an_illegal_move() {
    let data = oracle_data::tsv();
    let mut list = MoveList::new();
    let mut accepted = 0;
    for line in data.lines().filter(|l| l.starts_with("P\t")).step_by(7) {
        let fen = line.split('\t').nth(1).unwrap();
        let p = Position::from_fen(fen).unwrap();
        p.legal_moves_into(&mut list);
        let replay = SanReplay::new(p);
        for from in 0..64u8 {
            let from = Square::from_index(from);
            let Some((c, role)) = p.piece_at(from) else {
                continue;
            };
            if c != p.side_to_move() {
                continue;
            }
            for to in 0..64u8 {
                let to = Square::from_index(to);
                let last = to.rank() == 0 || to.rank() == 7;
                let promotion = (role == Role::Pawn && last).then_some(Role::Queen);
                for capture in [false, true] {
                    let san = San::new(
                        SanKind::Normal {
                            role,
                            file: Some(from.file()),
                            rank: Some(from.rank()),
                            capture,
                            to,
                            promotion,
                        },
                        None,
                        None,
                    );
                    if let Some(mv) = replay.fast_read(&san) {
                        assert!(list.contains(mv), "{fen}: {san}");
                        accepted += 1;
                    }
                    agree(&p, &san);
                }
            }
        }
    }
    assert!(accepted > 10_000, "{accepted}");
}
