//! The frozen python-chess oracle data (`tests/data/python_chess_games.*.tsv.gz`, written by
//! `scripts/python_chess_oracle.py`; its docstring gives the format): parsed and checked for
//! internal consistency against facts derived here independently of python-chess (halfmove
//! clock, move numbers, check signs, the seed's insufficient list, the R2/R5 repetition key,
//! material balance), and its SAN moves read back through the PGN writer and reader.
//!
//! Replaying every game against the chess rule system (legal moves, hashes, SAN, statuses) is the
//! match layer's test, not this one.

use std::collections::HashMap;

use tegoma_pgn::{game_to_string, PgnGame, PgnReader, PgnResult};
use tegoma_rules::chess::{Role, San, SanKind};

mod oracle_data;

const START: &str = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

struct Ply<'a> {
    fen: &'a str,
    nlegal: u32,
    hash: u64,
    san: &'a str,
    check: bool,
}

struct Game<'a> {
    index: usize,
    result: &'a str,
    statuses: Vec<&'a str>,
    fen: &'a str,
    nlegal: u32,
    hash: u64,
    check: bool,
    hands: [&'a str; 2],
    plies: Vec<Ply<'a>>,
}

fn bit(s: &str) -> bool {
    match s {
        "0" => false,
        "1" => true,
        _ => panic!("bad flag {s:?}"),
    }
}

fn hex(s: &str) -> u64 {
    assert_eq!(s.len(), 16, "hash {s:?}");
    u64::from_str_radix(s, 16).unwrap()
}

fn parse(data: &str) -> Vec<Game<'_>> {
    let mut games: Vec<Game> = Vec::new();
    let mut expected_plies = 0usize;
    for (n, line) in data.lines().enumerate() {
        if line.starts_with('#') {
            continue;
        }
        let f: Vec<&str> = line.split('\t').collect();
        match f[0] {
            "G" => {
                assert_eq!(f.len(), 12, "line {}", n + 1);
                if let Some(g) = games.last() {
                    assert_eq!(g.plies.len(), expected_plies, "game {}", g.index);
                }
                expected_plies = f[3].parse().unwrap();
                games.push(Game {
                    index: f[1].parse().unwrap(),
                    result: f[4],
                    statuses: if f[5] == "-" {
                        vec![]
                    } else {
                        f[5].split(',').collect()
                    },
                    fen: f[6],
                    nlegal: f[7].parse().unwrap(),
                    hash: hex(f[8]),
                    check: bit(f[9]),
                    hands: [f[10], f[11]],
                    plies: Vec::with_capacity(expected_plies),
                });
            }
            "P" => {
                assert_eq!(f.len(), 6, "line {}", n + 1);
                games.last_mut().expect("P before G").plies.push(Ply {
                    fen: f[1],
                    nlegal: f[2].parse().unwrap(),
                    hash: hex(f[3]),
                    san: f[4],
                    check: bit(f[5]),
                });
            }
            other => panic!("line {}: unknown record {other:?}", n + 1),
        }
    }
    if let Some(g) = games.last() {
        assert_eq!(g.plies.len(), expected_plies, "game {}", g.index);
    }
    games
}

/// 64-bit FNV-1a of the empty string: the hash of an empty legal-move list.
const FNV_EMPTY: u64 = 0xcbf2_9ce4_8422_2325;

struct Fen<'a> {
    board: [[u8; 8]; 8], // [rank 0 = rank 8][file]
    white: bool,
    castling: &'a str,
    ep: &'a str,
    halfmove: u32,
    fullmove: u32,
}

fn fen(s: &str) -> Fen<'_> {
    let f: Vec<&str> = s.split(' ').collect();
    assert_eq!(f.len(), 6, "{s}");
    let mut board = [[b'.'; 8]; 8];
    let ranks: Vec<&str> = f[0].split('/').collect();
    assert_eq!(ranks.len(), 8, "{s}");
    for (r, rank) in ranks.iter().enumerate() {
        let mut file = 0;
        for b in rank.bytes() {
            if b.is_ascii_digit() {
                file += (b - b'0') as usize;
            } else {
                board[r][file] = b;
                file += 1;
            }
        }
        assert_eq!(file, 8, "{s}");
    }
    Fen {
        board,
        white: match f[1] {
            "w" => true,
            "b" => false,
            _ => panic!("{s}"),
        },
        castling: f[2],
        ep: f[3],
        halfmove: f[4].parse().unwrap(),
        fullmove: f[5].parse().unwrap(),
    }
}

fn at(board: &[[u8; 8]; 8], sq: &str) -> u8 {
    let b = sq.as_bytes();
    board[(b'8' - b[1]) as usize][(b[0] - b'a') as usize]
}

/// The seed's insufficient list: K-K, KB-K, KN-K, KB-KB with bishops on same-colour squares.
fn seed_insufficient(board: &[[u8; 8]; 8]) -> bool {
    let mut others = Vec::new();
    for (r, rank) in board.iter().enumerate() {
        for (f, &p) in rank.iter().enumerate() {
            if p != b'.' && p != b'K' && p != b'k' {
                others.push((p, (r + f) % 2));
            }
        }
    }
    match others[..] {
        [] => true,
        [(p, _)] => matches!(p, b'B' | b'b' | b'N' | b'n'),
        [(b'B', c1), (b'b', c2)] | [(b'b', c1), (b'B', c2)] => c1 == c2,
        _ => false,
    }
}

/// The R2/R5 identity of a position read from a python-chess FEN with `en_passant="fen"`:
/// placement, side to move, castling rights (the `+K^`/`+R` markers) and the en passant square
/// written after every double step (the `-P` marker). Hands need no key of their own: a capture
/// lowers the number of pieces on the board for good, so two positions of one game with the same
/// placement have the same captures behind them.
fn identity(fen: &str) -> &str {
    let mut end = 0;
    for (n, (i, _)) in fen.match_indices(' ').enumerate() {
        if n == 3 {
            end = i;
            break;
        }
    }
    &fen[..end]
}

fn is_pawn_move(san: &str) -> bool {
    san.as_bytes()[0].is_ascii_lowercase()
}

#[test]
fn oracle_data_is_consistent() {
    let games = parse(oracle_data::tsv());
    assert!(games.len() >= 1000, "{} games", games.len());
    let mut tally: HashMap<&str, usize> = HashMap::new();
    for (i, g) in games.iter().enumerate() {
        assert_eq!(g.index, i);
        let id = format!("game {i}");
        assert_eq!(g.plies.first().map_or(g.fen, |p| p.fen), START, "{id}");
        let mut fens: Vec<&str> = g.plies.iter().map(|p| p.fen).collect();
        fens.push(g.fen);
        let mut counts: HashMap<&str, u32> = HashMap::new();
        let mut captures = [0usize; 2];
        for (k, p) in g.plies.iter().enumerate() {
            let id = format!("game {i} ply {k} ({})", p.san);
            let before = fen(p.fen);
            let after = fen(fens[k + 1]);
            // Sides alternate, move numbers follow.
            assert_eq!(before.white, k % 2 == 0, "{id}");
            assert_eq!(after.white, !before.white, "{id}");
            let next_number = before.fullmove + u32::from(!before.white);
            assert_eq!(after.fullmove, next_number, "{id}");
            // Halfmove clock: reset by a pawn move or a capture.
            let resets = is_pawn_move(p.san) || p.san.contains('x');
            let clock = if resets { 0 } else { before.halfmove + 1 };
            assert_eq!(after.halfmove, clock, "{id}");
            // Check sign.
            assert_eq!(
                p.check,
                p.san.ends_with('+') || p.san.ends_with('#'),
                "{id}"
            );
            // A move was played: there were legal moves, and the list hash is not the empty one.
            assert!(p.nlegal > 0 && p.hash != FNV_EMPTY, "{id}");
            // No ending held before the last position.
            assert!(
                before.halfmove < 100 && !seed_insufficient(&before.board),
                "{id}"
            );
            let c = counts.entry(identity(p.fen)).or_default();
            *c += 1;
            assert!(*c < 3, "{id}: third occurrence before the end");
            // En passant: a pawn capture onto an empty square, which must be the FEN's ep square.
            if is_pawn_move(p.san) && p.san.contains('x') {
                let to = &p.san[2..4];
                if at(&before.board, to) == b'.' {
                    assert_eq!(before.ep, to, "{id}");
                    *tally.entry("en passant").or_default() += 1;
                }
            }
            if p.san.contains('x') {
                captures[k % 2] += 1;
            }
            // The en passant square is written after every double step and only then (the
            // seed's `-P` marker), whether or not a capture is possible.
            let double = is_pawn_move(p.san) && !p.san.contains('x') && {
                let (file, rank) = (p.san.as_bytes()[0], p.san.as_bytes()[1]);
                let (from, over, pawn) = if before.white {
                    ((rank == b'4').then_some(b'2'), b'3', b'P')
                } else {
                    ((rank == b'5').then_some(b'7'), b'6', b'p')
                };
                from.is_some_and(|from| {
                    let sq = |r: u8| String::from_utf8(vec![file, r]).unwrap();
                    at(&before.board, &sq(from)) == pawn && at(&before.board, &sq(over)) == b'.'
                })
            };
            // The SAN parts agree with the board before the move.
            let token: San = p.san.parse().unwrap();
            assert_eq!(
                token.to_string(),
                p.san,
                "{id}: python-chess SAN is canonical"
            );
            if let SanKind::Normal {
                role,
                file: from_file,
                capture,
                to,
                promotion,
                ..
            } = token.kind()
            {
                let (to_file, to_rank) = (to.file(), to.rank());
                let piece = role.letter() as char;
                let board = &before.board;
                let target = board[7 - to_rank as usize][to_file as usize];
                let mine = |b: u8| b != b'.' && b.is_ascii_uppercase() == before.white;
                assert!(!mine(target), "{id}");
                let en_passant = role == Role::Pawn && capture && target == b'.';
                assert_eq!(capture, target != b'.' || en_passant, "{id}");
                let letter = if before.white {
                    piece as u8
                } else {
                    (piece as u8).to_ascii_lowercase()
                };
                let has_piece = board.iter().any(|rank| {
                    rank.iter()
                        .enumerate()
                        .any(|(f, &b)| b == letter && from_file.is_none_or(|ff| ff as usize == f))
                });
                assert!(has_piece, "{id}");
                let last_rank = if before.white { 7 } else { 0 };
                assert_eq!(
                    promotion.is_some(),
                    role == Role::Pawn && to_rank == last_rank,
                    "{id}"
                );
            }
            // A king move or castling removes the mover's castling rights; rights never return.
            let (k, q) = if before.white { ('K', 'Q') } else { ('k', 'q') };
            if p.san.starts_with('K') || p.san.starts_with('O') {
                assert!(
                    !after.castling.contains(k) && !after.castling.contains(q),
                    "{id}"
                );
            }
            assert!(
                after
                    .castling
                    .chars()
                    .all(|c| c == '-' || before.castling.contains(c)),
                "{id}"
            );
            if double {
                let file = p.san.as_bytes()[0] as char;
                let over = if before.white { '3' } else { '6' };
                assert_eq!(after.ep, format!("{file}{over}"), "{id}");
                *tally.entry("double steps").or_default() += 1;
            } else {
                assert_eq!(after.ep, "-", "{id}");
            }
            if p.san.starts_with("O-O-O") {
                *tally
                    .entry(if before.white {
                        "O-O-O white"
                    } else {
                        "O-O-O black"
                    })
                    .or_default() += 1;
            } else if p.san.starts_with("O-O") {
                *tally
                    .entry(if before.white {
                        "O-O white"
                    } else {
                        "O-O black"
                    })
                    .or_default() += 1;
            }
            if let Some(q) = p.san.find('=') {
                let piece = &p.san[q + 1..q + 2];
                *tally
                    .entry(
                        ["=Q", "=R", "=B", "=N"][["Q", "R", "B", "N"]
                            .iter()
                            .position(|x| *x == piece)
                            .unwrap()],
                    )
                    .or_default() += 1;
            }
        }
        // Final position.
        let last = fen(g.fen);
        let final_reps = counts.get(identity(g.fen)).copied().unwrap_or(0) + 1;
        let expect = |s: &str| g.statuses.contains(&s);
        assert_eq!(expect("checkmate"), g.nlegal == 0 && g.check, "{id}");
        assert_eq!(expect("stalemate"), g.nlegal == 0 && !g.check, "{id}");
        assert_eq!(g.nlegal == 0, g.hash == FNV_EMPTY, "{id}");
        assert_eq!(expect("movelimit"), last.halfmove >= 100, "{id}");
        assert_eq!(
            expect("insufficient"),
            seed_insufficient(&last.board),
            "{id}"
        );
        assert_eq!(expect("repetition"), final_reps == 3, "{id}");
        if let Some(p) = g.plies.last() {
            assert_eq!(p.san.ends_with('#'), expect("checkmate"), "{id}");
            assert_eq!(p.check, g.check, "{id}");
        }
        let result = if expect("checkmate") {
            if last.white {
                "0-1"
            } else {
                "1-0"
            }
        } else if g.statuses.is_empty() {
            "*"
        } else {
            "1/2-1/2"
        };
        assert_eq!(g.result, result, "{id}");
        // Statuses in CGSN canonical order, no duplicates.
        let order = [
            "checkmate",
            "stalemate",
            "insufficient",
            "movelimit",
            "repetition",
        ];
        let pos: Vec<usize> = g
            .statuses
            .iter()
            .map(|s| {
                order
                    .iter()
                    .position(|o| o == s)
                    .unwrap_or_else(|| panic!("{id}: {s}"))
            })
            .collect();
        assert!(
            pos.windows(2).all(|w| w[0] < w[1]),
            "{id}: {:?}",
            g.statuses
        );
        // Hands: one piece per capture, captured from the other side; material is conserved.
        for (side, hand) in g.hands.iter().enumerate() {
            let tokens: Vec<&str> = if *hand == "-" {
                vec![]
            } else {
                hand.split(',').collect()
            };
            assert_eq!(tokens.len(), captures[side], "{id}: hand {side}");
            for t in &tokens {
                let letter = t.trim_start_matches(['+', '-']);
                assert_eq!(letter.len(), 1, "{id}: {t}");
                let lower = letter.as_bytes()[0].is_ascii_lowercase();
                assert_eq!(lower, side == 0, "{id}: {t} in hand {side}");
                assert_ne!(letter.to_ascii_lowercase(), "k", "{id}");
            }
            let own_side_upper = side == 1;
            let on_board = last
                .board
                .iter()
                .flatten()
                .filter(|&&b| b != b'.' && b.is_ascii_uppercase() == own_side_upper)
                .count();
            // Pieces of the colour captured into this hand: on the board + in the hand = 16.
            assert_eq!(on_board + tokens.len(), 16, "{id}: hand {side}");
        }
        assert!(last.castling.chars().all(|c| "KQkq-".contains(c)), "{id}");
        for s in &g.statuses {
            *tally.entry(s).or_default() += 1;
        }
        if g.statuses.is_empty() {
            *tally.entry("unfinished").or_default() += 1;
        }
        *tally.entry("plies").or_default() += g.plies.len();
        *tally.entry("checks").or_default() += g.plies.iter().filter(|p| p.check).count();
    }
    eprintln!("oracle data: {tally:?}");
    // Every rare event occurs.
    for (event, at_least) in [
        ("checkmate", 50),
        ("stalemate", 5),
        ("insufficient", 20),
        ("movelimit", 5),
        ("repetition", 20),
        ("unfinished", 100),
        ("en passant", 20),
        ("O-O white", 10),
        ("O-O black", 10),
        ("O-O-O white", 3),
        ("O-O-O black", 3),
        ("=Q", 20),
        ("=R", 5),
        ("=B", 5),
        ("=N", 5),
        ("checks", 1000),
    ] {
        let n = tally.get(event).copied().unwrap_or(0);
        assert!(n >= at_least, "{event}: {n} < {at_least} ({tally:?})");
    }
    assert!(tally["plies"] >= 50_000);
}

fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut h = FNV_EMPTY;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

#[test]
fn legal_move_hash_of_the_start_position() {
    // The 20 legal moves of the start position, in UCI, sorted by hand.
    let moves = "a2a3 a2a4 b1a3 b1c3 b2b3 b2b4 c2c3 c2c4 d2d3 d2d4 e2e3 e2e4 f2f3 f2f4 g1f3 g1h3 \
                 g2g3 g2g4 h2h3 h2h4";
    let games = parse(oracle_data::tsv());
    let first = &games.iter().find(|g| !g.plies.is_empty()).unwrap().plies[0];
    assert_eq!(first.nlegal, 20);
    assert_eq!(first.hash, fnv1a64(moves.as_bytes()));
    // Published FNV-1a 64 test vector: "a" -> af63dc4c8601ec8c.
    assert_eq!(fnv1a64(b"a"), 0xaf63_dc4c_8601_ec8c);
}

#[test]
fn oracle_san_reads_back_through_pgn() {
    let games = parse(oracle_data::tsv());
    let mut text = String::new();
    for g in &games {
        let mut pgn = PgnGame::default();
        pgn.set_tag("Event", &format!("oracle {}", g.index));
        for p in &g.plies {
            let san: San = p
                .san
                .parse()
                .unwrap_or_else(|e| panic!("game {}: {e}", g.index));
            assert_eq!(san.to_string(), p.san, "python-chess SAN is already normal");
            pgn.moves.push(san);
        }
        pgn.result = PgnResult::parse(g.result);
        text.push_str(&game_to_string(&pgn).unwrap());
    }
    let back: Vec<PgnGame> = PgnReader::new(text.as_bytes())
        .map(Result::unwrap)
        .collect();
    assert_eq!(back.len(), games.len());
    for (g, b) in games.iter().zip(&back) {
        let sans: Vec<String> = b.moves.iter().map(|m| m.to_string()).collect();
        let expected: Vec<&str> = g.plies.iter().map(|p| p.san).collect();
        assert_eq!(sans, expected, "game {}", g.index);
        assert_eq!(b.result.map(|r| r.as_str()), Some(g.result));
        assert_eq!(b.tag("Result"), Some(g.result));
    }
}
