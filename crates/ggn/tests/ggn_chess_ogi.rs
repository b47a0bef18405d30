//! Chess against Ōgi (ruling R13) on the GGN engine: hand-built positions for each point of the
//! ruling. The expected values are derived by hand from R13 (and R2, R4), not from the engine.

use tegoma_ggn::{chess_ogi, Engine, GgnMove};
use tegoma_notation::cgsn::Status;
use tegoma_notation::NotationError;
use tegoma_protocol::{Outcome, Position, RuleSystem, Side};

fn engine() -> Engine {
    chess_ogi::engine()
}

fn pos(e: &Engine, feen: &str) -> Position {
    e.position(feen)
        .unwrap_or_else(|err| panic!("{feen}: {err}"))
}

fn find(e: &Engine, p: &Position, pmn: &str) -> GgnMove {
    let mut v = Vec::new();
    e.append_legal_moves(p, &mut v);
    *v.iter()
        .find(|m| m.pmn(e.board()) == pmn)
        .unwrap_or_else(|| panic!("{pmn} is not legal in {:?}", p.to_feen()))
}

fn after(e: &Engine, feen: &str, pmn: &str) -> String {
    let p = pos(e, feen);
    e.after_unchecked(&p, &find(e, &p, pmn)).to_feen().unwrap()
}

fn legal(e: &Engine, feen: &str) -> Vec<String> {
    e.legal_pmn(&pos(e, feen))
}

fn sorted(v: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = v.iter().map(ToString::to_string).collect();
    v.sort();
    v
}

#[test]
fn start_positions_in_both_orders() {
    let e = engine();
    assert_eq!(e.initial().to_feen().unwrap(), chess_ogi::START_CHESS_FIRST);
    // C/o: the chess side has its 20 usual moves.
    let c = pos(&e, chess_ogi::START_CHESS_FIRST);
    assert_eq!(e.legal_pmn(&c).len(), 20);
    // O/c: the Ōgi side has the 25 moves of Ōgi's start.
    let o = pos(&e, chess_ogi::START_OGI_FIRST);
    let moves = e.legal_pmn(&o);
    assert_eq!(moves.len(), 25);
    assert!(moves.contains(&"e3-e4".to_string()));
    // Depth 2: no move of either army reaches the other's, so every first move leaves the
    // other side its 25 (Ōgi) or 20 (Chess) replies.
    assert_eq!(e.perft(&c, 2), 20 * 25);
    assert_eq!(e.perft(&o, 2), 25 * 20);
    assert_eq!(RuleSystem::snn(&e), ["Chess", "Ogi"]);
    assert_eq!(e.style_pairs().len(), 2);
}

#[test]
fn positions_refused() {
    let e = engine();
    let kind = |feen: &str| e.position(feen).unwrap_err().kind();
    // Other style pairs.
    assert_eq!(kind("4k^3/8/8/8/8/8/8/4K^3 / C/c"), "Styles");
    assert_eq!(kind("4k^3/8/8/8/8/8/8/4K^3 / O/o"), "Styles");
    // A derived piece, on the board or in hand.
    assert_eq!(kind("4k^'3/8/8/8/8/8/8/4K^3 / C/o"), "Unsupported");
    assert_eq!(kind("4k^3/8/8/8/8/8/8/4K^3 /r' C/o"), "Unsupported");
    // A piece of the other army's kind is foreign: the first player leads Chess, which has no
    // lance.
    assert_eq!(kind("4k^3/8/8/8/8/8/8/L3K^3 / C/o"), "ForeignPiece");
    // The Chess player not to move, its King attacked by the Ōgi rook.
    assert_eq!(kind("4r3/8/8/8/8/8/k^7/4K^3 / o/C"), "OpponentInCheck");
    // The Ōgi player not to move may stand attacked.
    pos(&e, "4k^3/8/8/8/8/8/8/4R2K^ / C/o");
    // In O/c the Chess player is the second: its King attacked while Ōgi moves is refused.
    assert_eq!(kind("4k^3/8/8/8/8/8/8/4R2K^ / O/c"), "OpponentInCheck");
}

#[test]
fn castling_is_refused_through_a_square_an_ogi_piece_attacks() {
    let e = engine();
    // Without an attacker, the chess king castles.
    let free = "k^7/r7/8/8/8/8/8/4+K^2+R / C/o";
    assert!(legal(&e, free).contains(&"e1~g1".to_string()));
    // An Ōgi rook on f8 attacks f1: no castling, no king move onto the f-file.
    let rook = legal(&e, "k^4r2/8/8/8/8/8/8/4+K^2+R / C/o");
    assert!(!rook.contains(&"e1~g1".to_string()));
    assert!(!rook.contains(&"e1-f1".to_string()) && !rook.contains(&"e1-f2".to_string()));
    assert!(rook.contains(&"e1-d1".to_string()));
    // An Ōgi pawn on f2 attacks the square straight ahead of it (f1, toward rank 1) only.
    let pawn = legal(&e, "k^7/8/8/8/8/8/5p2/4+K^2+R / C/o");
    assert!(!pawn.contains(&"e1~g1".to_string()));
    assert!(!pawn.contains(&"e1-f1".to_string()));
    assert!(pawn.contains(&"e1+f2".to_string()));
    assert!(pawn.contains(&"e1-e2".to_string()) && pawn.contains(&"e1-d2".to_string()));
    // Castling out of check is refused too (an Ōgi lance on e8 checks e1).
    let lance = legal(&e, "k^3l3/8/8/8/8/8/8/4+K^2+R / C/o");
    assert!(!lance.contains(&"e1~g1".to_string()));
}

#[test]
fn a_drop_gives_check() {
    let e = engine();
    let p = pos(&e, "k^7/8/8/8/8/8/8/4K^3 /r o/C");
    // A held piece attacks nothing: the chess king is not in check before the drop.
    assert!(!e.in_check(&p, Side::First));
    let a = after(&e, "k^7/8/8/8/8/8/8/4K^3 /r o/C", "r*e5");
    assert_eq!(a, "k^7/8/8/4r3/8/8/8/4K^3 / C/o");
    let q = pos(&e, &a);
    assert!(e.in_check(&q, Side::First));
    assert!(e.statuses(&q).contains(Status::Check));
    // Only the king's steps off the e-file remain.
    assert_eq!(
        e.legal_pmn(&q),
        sorted(&["e1-d1", "e1-d2", "e1-f1", "e1-f2"])
    );
}

#[test]
fn checkmate_and_stalemate_of_the_chess_king() {
    let e = engine();
    // The rook on a1 checks h1; the rook on b2 holds the second rank.
    let mate = pos(&e, "4k^3/8/8/8/8/8/1r6/r6K^ / C/o");
    assert!(e.legal_pmn(&mate).is_empty());
    assert_eq!(
        RuleSystem::outcome(&e, &mate),
        Some(Outcome::win(Side::Second, Status::Checkmate))
    );
    assert!(e.statuses(&mate).contains(Status::Checkmate));
    // Not attacked, and every king step is: a draw.
    let stale = pos(&e, "3k^2r1/8/8/8/8/8/r7/7K^ / C/o");
    assert!(e.legal_pmn(&stale).is_empty());
    assert_eq!(
        RuleSystem::outcome(&e, &stale),
        Some(Outcome::draw(Status::Stalemate))
    );
    assert!(e.statuses(&stale).contains(Status::Stalemate));
}

#[test]
fn the_ogi_player_without_a_move_loses() {
    let e = engine();
    // O/c: the Ōgi king in the corner of a rank of tokins (gold steps: sideways, back, and
    // forward off the board), over a rank of own pawns blocked by them.
    let p = pos(&e, "+P+P+P+P+P+P+PK^/PPPPPPPP/8/8/8/8/8/k^7 / O/c");
    assert!(e.legal_pmn(&p).is_empty());
    assert_eq!(
        RuleSystem::outcome(&e, &p),
        Some(Outcome::win(Side::Second, Status::Nomove))
    );
}

#[test]
fn chess_promotion_offers_four_pieces() {
    let e = engine();
    let feen = "l3k^3/1P6/8/8/8/8/8/4K^3 / C/o";
    let moves = legal(&e, feen);
    let mut expected: Vec<String> = ["Q", "R", "B", "N"]
        .iter()
        .flat_map(|x| [format!("b7-b8={x}"), format!("b7+a8={x}")])
        .collect();
    expected.extend(["e1-d1", "e1-d2", "e1-e2", "e1-f1", "e1-f2"].map(String::from));
    expected.sort();
    assert_eq!(moves, expected);
    assert!(!moves.contains(&"b7-b8".to_string()));
    // The Chess player keeps the lance as it stood (lowercase, in its hand).
    assert_eq!(after(&e, feen, "b7+a8=Q"), "Q3k^3/8/8/8/8/8/8/4K^3 l/ o/C");
    // The seed's spelling is read.
    let p = pos(&e, feen);
    assert_eq!(
        e.parse_move(&p, "b7-b8/Q").unwrap().pmn(e.board()),
        "b7-b8=Q"
    );
}

/// Ōgi to move in C/o, with a chess queen, rook, bishop, knight, unmoved pawn and castling
/// rook within reach.
const OGI_TAKES: &str = "8/3Q4/8/8/R2r3B/2p5/2+P4k^/3N+K^2+R / o/C";

#[test]
fn ogi_captures_of_chess_pieces_become_ogi_pieces() {
    let e = engine();
    let cases = [
        ("d4+d7", "8/3r4/8/8/R6B/2p5/2+P4k^/3N+K^2+R /i C/o"),
        ("d4+a4", "8/3Q4/8/8/r6B/2p5/2+P4k^/3N+K^2+R /r C/o"),
        ("d4+h4", "8/3Q4/8/8/R6r/2p5/2+P4k^/3N+K^2+R /b C/o"),
        ("d4+d1", "8/3Q4/8/8/R6B/2p5/2+P4k^/3r+K^2+R /n C/o"),
        ("c3+c2", "8/3Q4/8/8/R2r3B/8/2p4k^/3N+K^2+R /p C/o"),
        // The castling rook is taken plain, and the chess king loses its right.
        ("h2+h1", "8/3Q4/8/8/R2r3B/2p5/2+P5/3NK^2k^ /r C/o"),
    ];
    for (mv, feen) in cases {
        assert_eq!(after(&e, OGI_TAKES, mv), feen, "{mv}");
    }
    let moves = legal(&e, OGI_TAKES);
    // The King's privilege never arises: the `+R` is a marker, not a promotion.
    assert!(moves.iter().filter(|m| m.starts_with("h2+h1")).count() == 1);
    // Into the zone (ranks 1-3 for the second player) a promotion may be chosen.
    assert!(moves.contains(&"d4+d1=+r".to_string()) && moves.contains(&"c3+c2=+p".to_string()));
    // The default treatment written explicitly is read and written short (R1).
    let p = pos(&e, OGI_TAKES);
    assert_eq!(e.parse_move(&p, "d4+d7/i").unwrap().pmn(e.board()), "d4+d7");
    // The pawn it took stays undroppable; the rook drops.
    let held = pos(&e, "k^7/8/8/8/8/8/8/4K^3 /pr o/C");
    let drops: Vec<String> = e
        .legal_pmn(&held)
        .into_iter()
        .filter(|m| m.contains('*'))
        .collect();
    assert_eq!(drops.len(), 62);
    assert!(drops.iter().all(|m| m.starts_with("r*")));
    // A drop written without its piece is the rook's: the pawn cannot go there (R1).
    assert_eq!(e.parse_move(&held, "*-e5").unwrap().pmn(e.board()), "r*e5");
}

#[test]
fn ogi_forced_promotions() {
    let e = engine();
    let moves = legal(&e, "7k^/4P3/L7/2N5/8/8/8/4K^3 / O/c");
    assert_eq!(
        moves,
        sorted(&[
            "e7-e8=+P", "a6-a7", "a6-a7=+L", "a6-a8=+L", "c5-b7=+N", "c5-d7=+N", "e1-d1", "e1-d2",
            "e1-e2", "e1-f1", "e1-f2",
        ])
    );
}

#[test]
fn capturing_the_ogi_king_is_always_legal_and_ends_the_game() {
    let e = engine();
    // The chess rook on e2 is pinned by the Ōgi rook on e8, and can take the Ōgi king on a2.
    let feen = "4r3/8/8/8/8/8/k^3R3/4K^3 / C/o";
    let moves = legal(&e, feen);
    assert_eq!(
        moves,
        sorted(&[
            "e2+a2", "e2-e3", "e2-e4", "e2-e5", "e2-e6", "e2-e7", "e2+e8", "e1-d1", "e1-d2",
            "e1-f1", "e1-f2",
        ])
    );
    // A move leaving the chess king attacked is refused (the rook leaves the file).
    assert!(!moves.contains(&"e2-d2".to_string()));
    let a = after(&e, feen, "e2+a2");
    assert_eq!(a, "4r3/8/8/8/8/8/R7/4K^3 k^/ o/C");
    // The position after it is read back (the game is over), has no move, and the Chess
    // player has won.
    let p = pos(&e, &a);
    assert!(e.legal_pmn(&p).is_empty());
    assert_eq!(
        RuleSystem::outcome(&e, &p),
        Some(Outcome::win(Side::First, Status::Mareking))
    );
    assert!(e.statuses(&p).contains(Status::Mareking));
}

#[test]
fn ogi_first_with_chess_pawns_moving_down() {
    let e = engine();
    let a = after(&e, chess_ogi::START_OGI_FIRST, "e3-e4");
    assert_eq!(
        a,
        "+rnbq+k^bn+r/+p+p+p+p+p+p+p+p/8/8/4P3/PPPP1PPP/1B4R1/LNSIK^SNL / c/O"
    );
    assert_eq!(legal(&e, &a).len(), 20);
    let b = after(&e, &a, "e7-e5");
    assert_eq!(
        b,
        "+rnbq+k^bn+r/+p+p+p+p1+p+p+p/8/4-p3/4P3/PPPP1PPP/1B4R1/LNSIK^SNL / O/c"
    );
    // The Ōgi pawn takes the chess pawn: the Ōgi hand (uppercase here) gains a pawn.
    assert_eq!(
        after(&e, &b, "e4+e5"),
        "+rnbq+k^bn+r/+p+p+p+p1+p+p+p/8/4P3/8/PPPP1PPP/1B4R1/LNSIK^SNL P/ c/O"
    );
    // Another move: the -p marker expires when the Chess player is to move again.
    assert_eq!(
        after(&e, &b, "a3-a4"),
        "+rnbq+k^bn+r/+p+p+p+p1+p+p+p/8/4p3/P3P3/1PPP1PPP/1B4R1/LNSIK^SNL / c/O"
    );
    // A chess pawn promotes on rank 1, in lowercase.
    let promo = legal(&e, "4k^3/8/8/7K^/8/8/1p6/8 / c/O");
    for x in ["q", "r", "b", "n"] {
        assert!(promo.contains(&format!("b2-b1={x}")), "{x}");
    }
    assert!(!promo.contains(&"b2-b1".to_string()));
}

#[test]
fn the_chess_player_keeps_what_it_takes_as_it_stood() {
    let e = engine();
    // A dragon (`+r`) taken by the chess rook stays a lowercase `+r` in the Chess hand.
    assert_eq!(
        after(&e, "+r6k^/8/8/8/8/8/8/R3K^3 / C/o", "a1+a8"),
        "R6k^/8/8/8/8/8/8/4K^3 +r/ o/C"
    );
    // It never drops it: the Chess player's moves are the king's and the rook's only.
    let moves = legal(&e, "4k^3/8/8/8/8/8/8/R3K^3 p+r/ C/o");
    assert!(moves.iter().all(|m| !m.contains('*')));
}

#[test]
fn chess_castles_as_the_second_player() {
    let e = engine();
    // O/c, the Chess player to move (lowercase): both castlings.
    let moves = legal(&e, "+r3+k^2+r/8/8/8/8/8/8/4K^3 / c/O");
    assert!(moves.contains(&"e8~g8".to_string()) && moves.contains(&"e8~c8".to_string()));
    // An Ōgi pawn on d7 attacks d8 (straight ahead, toward rank 8): no queenside castling.
    let moves = legal(&e, "+r3+k^2+r/3P4/8/8/8/8/8/4K^3 / c/O");
    assert!(moves.contains(&"e8~g8".to_string()) && !moves.contains(&"e8~c8".to_string()));
    assert_eq!(
        after(&e, "+r3+k^2+r/8/8/8/8/8/8/4K^3 / c/O", "e8~g8"),
        // The king castled: it and its a8 rook lose their marks (R2).
        "r4rk^1/8/8/8/8/8/8/4K^3 / O/c"
    );
}
