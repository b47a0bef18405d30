//! Differential tests against independent implementations, over positions reached by seeded
//! random play: cozy-chess (legal move sets), shakmaty (SAN, check, mate), plus round trips of
//! our own notations (PMN, UCI, SAN, FEN -> FEEN -> FEN) and the incremental Zobrist key.
use std::collections::BTreeSet;

use shakmaty::{CastlingMode, Chess, Position as _};
use tegoma_notation::cgsn::Status;
use tegoma_rules::chess::{MoveKind, MoveList, Position, Role};

const SUITE: &str = include_str!("chess_data/perftsuite.epd");

struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// cozy-chess legal moves as standard UCI strings (its castling is king-takes-rook).
fn cozy_moves(fen: &str) -> BTreeSet<String> {
    let b: cozy_chess::Board = fen.parse().unwrap_or_else(|e| panic!("cozy {fen}: {e:?}"));
    let mut out = BTreeSet::new();
    b.generate_moves(|ms| {
        for m in ms {
            out.insert(cozy_chess::util::display_uci_move(&b, m).to_string());
        }
        false
    });
    out
}

fn shak(fen: &str) -> Chess {
    shakmaty::fen::Fen::from_ascii(fen.as_bytes())
        .unwrap()
        .into_position(CastlingMode::Standard)
        .or_else(shakmaty::PositionError::ignore_impossible_check)
        .unwrap_or_else(|e| panic!("shakmaty {fen}: {e:?}"))
}

#[derive(Default)]
struct Seen {
    positions: usize,
    castles: usize,
    en_passant: usize,
    promotions: usize,
    checks: usize,
    mates: usize,
    captures: usize,
}

fn check_position(pos: &Position, seen: &mut Seen) {
    let fen = pos.to_fen();
    let mut list = MoveList::new();
    pos.legal_moves_into(&mut list);
    // Legal move sets agree with cozy-chess.
    let ours: BTreeSet<String> = list.iter().map(|m| m.to_uci()).collect();
    assert_eq!(ours.len(), list.len(), "duplicate moves in {fen}");
    assert_eq!(ours, cozy_moves(&fen), "move sets differ in {fen}");
    assert_eq!(pos.count_legal(), list.len() as u64);
    // Zobrist: incremental equals from-scratch (through FEEN and FEN).
    let feen = pos.to_feen();
    let back = Position::from_feen(&feen).unwrap_or_else(|e| panic!("{feen}: {e}"));
    assert_eq!(back, *pos, "FEEN round trip of {feen}");
    assert_eq!(
        back.zobrist(),
        pos.zobrist(),
        "zobrist after FEEN round trip {feen}"
    );
    assert_eq!(back.to_feen(), feen);
    // The chess writer's FEEN is canonical: the generic protocol model writes it back unchanged
    // (hands included: counts descending, then letter, then state).
    let generic = tegoma_protocol::Position::from_feen(&feen).unwrap();
    assert_eq!(generic.to_feen().unwrap(), feen);
    // FEN -> FEEN -> FEN on the board part (a FEEN has no clocks; hands are dropped by FEN).
    let via = Position::from_fen(&fen).unwrap();
    let fen_back = Position::from_feen(&via.to_feen()).unwrap().to_fen();
    let strip = |s: &str| s.split(' ').take(4).collect::<Vec<_>>().join(" ");
    assert_eq!(strip(&fen_back), strip(&fen));
    // SAN agrees with shakmaty; PMN, UCI and SAN read back.
    let sp = shak(&fen);
    assert_eq!(pos.is_check(), sp.is_check(), "check in {fen}");
    let st = pos.statuses();
    assert_eq!(st.contains(Status::Checkmate), sp.is_checkmate(), "{fen}");
    assert_eq!(st.contains(Status::Stalemate), sp.is_stalemate(), "{fen}");
    for &m in list.iter() {
        let uci = m.to_uci();
        let sm = shakmaty::uci::UciMove::from_ascii(uci.as_bytes())
            .unwrap()
            .to_move(&sp)
            .unwrap_or_else(|e| panic!("shakmaty rejects {uci} in {fen}: {e:?}"));
        let san = pos.to_san(m);
        assert_eq!(
            san,
            shakmaty::san::SanPlus::from_move(sp.clone(), sm).to_string(),
            "SAN of {uci} in {fen}"
        );
        assert_eq!(pos.parse_san(&san).unwrap(), m, "{san} in {fen}");
        assert_eq!(pos.parse_uci(&uci).unwrap(), m, "{uci} in {fen}");
        let pmn = m.to_string();
        assert_eq!(pos.parse_pmn(&pmn).unwrap(), m, "{pmn} in {fen}");
        let after = pos.after_unchecked(m);
        assert_eq!(
            after.zobrist(),
            Position::from_feen(&after.to_feen()).unwrap().zobrist()
        );
        match m.kind() {
            MoveKind::Castle => seen.castles += 1,
            MoveKind::EnPassant => seen.en_passant += 1,
            MoveKind::Capture => seen.captures += 1,
            MoveKind::Quiet => {}
        }
        if m.promotion_role().is_some() {
            seen.promotions += 1;
        }
    }
    if pos.is_check() {
        seen.checks += 1;
    }
    if st.contains(Status::Checkmate) {
        seen.mates += 1;
    }
    seen.positions += 1;
}

/// Plays random games (captures, promotions and castling preferred now and then) from the
/// start position and from the perft suite, checking every position on the way.
#[test]
fn random_play_against_cozy_chess_and_shakmaty() {
    let mut rng = Rng(0x5EED_C0DE_2026_1122);
    let mut seen = Seen::default();
    let starts: Vec<String> =
        std::iter::once("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1".to_string())
            .chain(
                SUITE
                    .lines()
                    .map(|l| l.split(';').next().unwrap().trim().to_string()),
            )
            .collect();
    let mut game = 0;
    while seen.positions < 12_000 {
        // Every other game from the start position (pawn-rich: en passant arises there).
        let start = if game % 2 == 0 {
            &starts[0]
        } else {
            &starts[game / 2 % starts.len()]
        };
        game += 1;
        let mut pos = Position::from_fen(start).unwrap();
        // cozy-chess follows the same game on its own board, so that our state after a move
        // (the en-passant marker above all) is checked too, not only our FEN writer.
        let mut cozy: cozy_chess::Board = start.parse().unwrap();
        for _ply in 0..160 {
            check_position(&pos, &mut seen);
            let mut theirs = BTreeSet::new();
            cozy.generate_moves(|ms| {
                for m in ms {
                    theirs.insert(cozy_chess::util::display_uci_move(&cozy, m).to_string());
                }
                false
            });
            let mut list = MoveList::new();
            pos.legal_moves_into(&mut list);
            let ours: BTreeSet<String> = list.iter().map(|m| m.to_uci()).collect();
            assert_eq!(
                ours,
                theirs,
                "move sets differ after play in {}",
                pos.to_fen()
            );
            // Ruling R3: 100 plies without capture or pawn move end the game.
            if pos.halfmove_clock() >= 100 || pos.is_insufficient_material() {
                break;
            }
            if list.is_empty() {
                break;
            }
            let special: Vec<_> = list
                .iter()
                .filter(|m| {
                    m.kind() != MoveKind::Quiet
                        || m.promotion_role().is_some()
                        || m.from().index().abs_diff(m.to().index()) == 16
                            && pos.piece_at(m.from()).unwrap().1 == Role::Pawn
                })
                .copied()
                .collect();
            let pawn_moves: Vec<_> = list
                .iter()
                .filter(|m| pos.piece_at(m.from()).unwrap().1 == Role::Pawn)
                .copied()
                .collect();
            let m = match rng.below(3) {
                0 if !special.is_empty() => special[rng.below(special.len())],
                1 if !pawn_moves.is_empty() => pawn_moves[rng.below(pawn_moves.len())],
                _ => list[rng.below(list.len())],
            };
            let cm = cozy_chess::util::parse_uci_move(&cozy, &m.to_uci()).unwrap();
            cozy.play(cm);
            pos.play(m).unwrap();
        }
    }
    eprintln!(
        "positions {} castles {} en passant {} promotions {} checks {} mates {} captures {}",
        seen.positions,
        seen.castles,
        seen.en_passant,
        seen.promotions,
        seen.checks,
        seen.mates,
        seen.captures
    );
    assert!(seen.castles > 100, "castling seen {} times", seen.castles);
    assert!(
        seen.en_passant > 20,
        "en passant seen {} times",
        seen.en_passant
    );
    assert!(
        seen.promotions > 100,
        "promotions seen {} times",
        seen.promotions
    );
    assert!(seen.checks > 300, "checks seen {} times", seen.checks);
    assert!(seen.mates > 5, "mates seen {} times", seen.mates);
    assert!(seen.captures > 1000);
}

/// FEN -> FEEN -> FEN is the identity on the 126 suite positions.
#[test]
fn fen_feen_fen_identity_on_the_suite() {
    for l in SUITE.lines() {
        let fen = l.split(';').next().unwrap().trim();
        let feen = Position::from_fen(fen).unwrap().to_feen();
        assert_eq!(Position::from_feen(&feen).unwrap().to_fen(), fen, "{feen}");
    }
}

/// Perft of the oracle's position 6 FEN agrees with cozy-chess at depth 5 (the README's counts
/// belong to another position).
#[test]
fn position_6_depth_5_agrees_with_cozy_chess() {
    fn cozy_perft(b: &cozy_chess::Board, depth: u32) -> u64 {
        let mut n = 0;
        if depth == 1 {
            b.generate_moves(|ms| {
                n += ms.len() as u64;
                false
            });
            return n;
        }
        b.generate_moves(|ms| {
            for m in ms {
                let mut c = b.clone();
                c.play_unchecked(m);
                n += cozy_perft(&c, depth - 1);
            }
            false
        });
        n
    }
    let fen = "r4rk1/1pp1qppp/p1np1n2/2b1p1B1/2B1P3/P1NP1N2/1PP1QPPP/R4RK1 w - - 0 10";
    let b: cozy_chess::Board = fen.parse().unwrap();
    assert_eq!(Position::from_fen(fen).unwrap().perft(5), cozy_perft(&b, 5));
}
