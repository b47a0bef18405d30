//! Ruling R13 point by point, on positions written by hand: each expected value is worked out
//! from the rules (DECISIONS.md R13, R2, R4), not taken from the generator.

use tegoma_notation::cgsn::Status;
use tegoma_protocol::{Decision, MoveError, Side};
use tegoma_rules::chess_ogi::{Army, Position, START_CHESS_FIRST, START_OGI_FIRST};
use tegoma_rules::ogi::Role as OgiRole;

fn pos(feen: &str) -> Position {
    Position::from_feen(feen).unwrap_or_else(|e| panic!("{feen}: {e}"))
}

fn pmn_moves(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().iter().map(|&m| p.move_to_pmn(m)).collect();
    v.sort();
    v
}

fn play(p: &Position, pmn: &str) -> Position {
    let m = p
        .parse_pmn(pmn)
        .unwrap_or_else(|e| panic!("{pmn} in {p:?}: {e}"));
    p.after_unchecked(m)
}

#[test]
fn both_starts_read_and_write_and_give_each_army_its_moves() {
    let c = pos(START_CHESS_FIRST);
    assert_eq!(c.to_feen(), START_CHESS_FIRST);
    assert_eq!(c.army_to_move(), Army::Chess);
    // 16 pawn moves and 4 knight moves, as in chess.
    assert_eq!(c.legal_moves().len(), 20);
    let o = pos(START_OGI_FIRST);
    assert_eq!(o.to_feen(), START_OGI_FIRST);
    assert_eq!(o.army_to_move(), Army::Ogi);
    // The Ōgi start's 25 moves (8 pawns, silvers 2+2? no: as in Ōgi's own start).
    assert_eq!(o.legal_moves().len(), 25);
    // Chess pawns of the second player move down: e7-e6 and e7-e5, and the double step
    // marks the pawn `-p`.
    let o = play(&o, "e3-e4");
    assert!(pmn_moves(&o).contains(&"e7-e5".to_string()));
    let o = play(&o, "e7-e5");
    assert!(o.to_feen().contains("-p"), "{}", o.to_feen());
}

#[test]
fn other_styles_and_derived_pieces_are_refused() {
    let e = Position::from_feen("4k^3/8/8/8/8/8/8/4K^3 / C/c").unwrap_err();
    assert_eq!(tegoma_notation::NotationError::kind(&e), "Styles");
    let e = Position::from_feen("4k^'3/8/8/8/8/8/8/4K^3 / C/o").unwrap_err();
    assert_eq!(tegoma_notation::NotationError::kind(&e), "Unsupported");
    // An Ōgi silver in the Chess army, a chess queen in the Ōgi army.
    let e = Position::from_feen("4k^3/8/8/8/8/8/8/3SK^3 / C/o").unwrap_err();
    assert_eq!(tegoma_notation::NotationError::kind(&e), "ForeignPiece");
    let e = Position::from_feen("3qk^3/8/8/8/8/8/8/4K^3 / C/o").unwrap_err();
    assert_eq!(tegoma_notation::NotationError::kind(&e), "ForeignPiece");
    // The Chess player, not to move, with its King attacked (an Ōgi rook on the e-file).
    let e = Position::from_feen("4r3/8/8/k^7/8/8/8/4K^3 / o/C").unwrap_err();
    assert_eq!(tegoma_notation::NotationError::kind(&e), "OpponentInCheck");
    // A promoted piece in the Ōgi hand, a chess piece in the Chess hand.
    assert!(Position::from_feen("4k^3/8/8/8/8/8/8/4K^3 /+r C/o").is_err());
    assert!(Position::from_feen("4k^3/8/8/8/8/8/8/4K^3 Q/ C/o").is_err());
}

#[test]
fn castling_is_refused_through_a_square_an_ogi_piece_attacks() {
    // An Ōgi rook on f5 sees f4, f3, f2, f1.
    let p = pos("4k^3/8/8/5r2/8/8/8/4+K^2+R / C/o");
    let moves = pmn_moves(&p);
    assert!(!moves.contains(&"e1~g1".to_string()));
    assert!(!moves.contains(&"e1-f1".to_string()));
    assert!(!moves.contains(&"e1-f2".to_string()));
    assert!(matches!(p.parse_pmn("e1~g1"), Err(MoveError::Illegal(_))));
    // Without the rook, castling is there.
    let p = pos("4k^3/8/8/8/8/8/8/4+K^2+R / C/o");
    assert!(pmn_moves(&p).contains(&"e1~g1".to_string()));
    let after = play(&p, "e1~g1");
    assert_eq!(after.to_feen(), "4k^3/8/8/8/8/8/8/5RK^1 / o/C");
    // An Ōgi silver (second player, moving down) on d2 attacks c1, d1 and e1 diagonally?
    // It attacks c1, e1 (its back diagonals) and c3, d3... no: forward is down, so it
    // attacks c1, d1, e1 and the two squares behind it, c3 and e3; the King on e1 is in
    // check and cannot castle.
    let p = pos("4k^3/8/8/8/8/8/3s4/+R3+K^3 / C/o");
    assert!(p.is_check());
    assert!(!pmn_moves(&p).contains(&"e1~c1".to_string()));
    // Queen side: d1 attacked (an Ōgi lance on d5 looks down the file) refuses e1~c1; b1
    // attacked does not.
    let p = pos("4k^3/8/8/3l4/8/8/8/+R3+K^3 / C/o");
    assert!(!pmn_moves(&p).contains(&"e1~c1".to_string()));
    let p = pos("4k^3/8/8/1l6/8/8/8/+R3+K^3 / C/o");
    assert!(pmn_moves(&p).contains(&"e1~c1".to_string()));
}

#[test]
fn a_drop_gives_check_and_the_chess_king_must_answer_it() {
    // The Ōgi player (second, lowercase) holds a rook.
    let p = pos("4k^3/8/8/8/8/8/8/4K^3 /r o/C");
    let p = play(&p, "r*e5");
    assert!(p.is_check());
    assert!(p.statuses().contains(Status::Check));
    // The King leaves the e-file: d1, d2, f1, f2 (e2 stays on it).
    assert_eq!(pmn_moves(&p), ["e1-d1", "e1-d2", "e1-f1", "e1-f2"]);
}

#[test]
fn ogi_pieces_checkmate_the_chess_king() {
    // An Ōgi rook on a1 along the first rank; the King's pawns take g2 and h2.
    let p = pos("4k^3/8/8/8/8/8/6+P+P/r6K^ / C/o");
    assert!(p.legal_moves().is_empty());
    assert!(p.is_checkmate());
    let o = p.outcome().unwrap();
    assert_eq!(o.decision, Decision::Win(Side::Second));
    assert!(o.statuses.contains(Status::Checkmate));
    assert!(p.statuses().contains(Status::Checkmate));
}

#[test]
fn a_chess_king_with_no_safe_square_and_no_check_is_stalemate() {
    // Ōgi rooks on b8 (the b-file) and h2 (the second rank): a2, b1, b2 attacked, a1 not.
    let p = pos("1r2k^3/8/8/8/8/8/7r/K^7 / C/o");
    assert!(!p.is_check());
    assert!(p.legal_moves().is_empty());
    let o = p.outcome().unwrap();
    assert_eq!(o.decision, Decision::Draw);
    assert!(o.statuses.contains(Status::Stalemate));
}

#[test]
fn the_ogi_player_without_a_move_loses() {
    // The Ōgi (second) King on a8 walled in by its own pieces, none of which can move: a
    // lance on b8 and pawns down the a- and b-files, each blocked by the next, the last ones
    // on the first rank (where an Ōgi pawn of the second player has no move).
    let p = pos("k^l6/pp6/pp6/pp6/pp6/pp6/pp6/pp5K^ / o/C");
    assert!(p.legal_moves().is_empty());
    let o = p.outcome().unwrap();
    assert_eq!(o.decision, Decision::Win(Side::First));
    assert!(o.statuses.contains(Status::Nomove));
    assert!(p.statuses().contains(Status::Nomove));
}

#[test]
fn a_chess_pawn_promotes_to_four_pieces() {
    let p = pos("k^7/4P3/8/8/8/8/8/4K^3 / C/o");
    let from_e7: Vec<String> = pmn_moves(&p)
        .into_iter()
        .filter(|m| m.starts_with("e7"))
        .collect();
    assert_eq!(from_e7, ["e7-e8=B", "e7-e8=N", "e7-e8=Q", "e7-e8=R"]);
    let after = play(&p, "e7-e8=Q");
    assert_eq!(after.to_feen(), "k^3Q3/8/8/8/8/8/8/4K^3 / o/C");
    assert!(p.parse_pmn("e7-e8").is_err());
    // The Chess army second (O/c): its pawn on e2 promotes on e1, in lowercase.
    let p = pos("4k^3/8/8/8/8/8/4p3/K^7 / c/O");
    assert!(pmn_moves(&p).contains(&"e2-e1=q".to_string()));
}

#[test]
fn the_ogi_player_takes_each_chess_piece_as_its_own_unpromoted_piece() {
    for (chess, held, role) in [
        ("Q", "i", OgiRole::Princess),
        ("R", "r", OgiRole::Rook),
        ("B", "b", OgiRole::Bishop),
        ("N", "n", OgiRole::Knight),
        ("P", "p", OgiRole::Pawn),
    ] {
        let feen = format!("3rk^3/8/8/8/3{chess}4/8/8/4K^3 / o/C");
        let p = play(&pos(&feen), "d8+d4");
        assert_eq!(p.ogi_hand(role), 1, "{chess}");
        assert_eq!(
            p.to_feen(),
            format!("4k^3/8/8/8/3r4/8/8/4K^3 /{held} C/o"),
            "{chess}"
        );
    }
    // A castling rook (+R) enters as a plain rook, and the right is gone: the King loses its
    // `+` (its other rook has moved).
    let p = play(&pos("4k^2r/8/8/8/8/8/8/4+K^2+R / o/C"), "h8+h1");
    assert_eq!(p.to_feen(), "4k^3/8/8/8/8/8/8/4K^2r /r C/o");
    // A pawn that has just made its double step (-P) enters as a plain pawn: the Ōgi pawn
    // captures straight ahead.
    let p = pos("4k^3/8/4p3/8/8/8/4+P3/K^7 / C/o");
    let p = play(&p, "e2-e4");
    assert!(
        p.to_feen().starts_with("4k^3/8/4p3/8/4-P3/"),
        "{}",
        p.to_feen()
    );
    let p = play(&play(&p, "e6-e5"), "a1-a2");
    let p = play(&p, "e5+e4");
    assert_eq!(p.ogi_hand(OgiRole::Pawn), 1);
    // Its pawns stay undroppable.
    assert!(p.parse_pmn("p*e5").is_err());
    assert!(p.legal_moves().iter().all(|m| !m.is_drop()));
}

#[test]
fn the_chess_player_keeps_what_it_takes_as_it_stood() {
    // A chess queen takes a promoted Ōgi rook (dragon): the Chess hand holds +r.
    let p = play(&pos("4k^3/8/8/8/3+r4/8/8/3QK^3 / C/o"), "d1+d4");
    assert_eq!(p.chess_hand(OgiRole::PRook), 1);
    assert_eq!(p.to_feen(), "4k^3/8/8/8/3Q4/8/8/4K^3 +r/ o/C");
}

#[test]
fn ogi_promotions_are_forced_where_a_piece_could_not_move_again() {
    // Second player moving down: a pawn to the first rank, a knight to the first two, a
    // lance to the first.
    let p = pos("4k^3/8/8/K^7/8/n7/4p2l/8 / o/C");
    let moves = pmn_moves(&p);
    assert!(moves.contains(&"e2-e1=+p".to_string()));
    assert!(!moves.contains(&"e2-e1".to_string()));
    assert!(matches!(p.parse_pmn("e2-e1"), Err(MoveError::Illegal(_))));
    // The knight jumps two down and one across: b1 (forced).
    assert!(moves.contains(&"a3-b1=+n".to_string()));
    assert!(!moves.contains(&"a3-b1".to_string()));
    assert!(moves.contains(&"h2-h1=+l".to_string()));
    assert!(!moves.contains(&"h2-h1".to_string()));
    // In the zone but not on the last ranks, promotion is a choice: the pawn e2 was already
    // in it; a pawn reaching e3 from e4 may promote or not.
    let p = pos("4k^3/8/8/K^7/4p3/8/8/8 / o/C");
    let moves = pmn_moves(&p);
    assert!(moves.contains(&"e4-e3".to_string()) && moves.contains(&"e4-e3=+p".to_string()));
}

#[test]
fn the_capture_of_the_ogi_king_is_legal_even_when_it_leaves_the_chess_king_attacked() {
    // The chess rook on e4 is pinned by the Ōgi rook e8 against the King e1; the Ōgi King
    // stands on a4.
    let p = pos("4r3/8/8/8/k^3R3/8/8/4K^3 / C/o");
    let moves = pmn_moves(&p);
    assert!(moves.contains(&"e4+a4".to_string()));
    assert!(!moves.contains(&"e4-d4".to_string()));
    assert!(moves.contains(&"e4-e5".to_string()));
    assert!(matches!(p.parse_pmn("e4-d4"), Err(MoveError::Illegal(_))));
    let after = play(&p, "e4+a4");
    assert!(after.is_over());
    assert!(after.legal_moves().is_empty());
    let o = after.outcome().unwrap();
    assert_eq!(o.decision, Decision::Win(Side::First));
    assert!(o.statuses.contains(Status::Mareking));
    assert_eq!(after.chess_hand(OgiRole::King), 1);
    // The position after it is readable, although the Chess King is attacked.
    assert_eq!(pos(&after.to_feen()), after);
}

#[test]
fn the_ogi_king_may_stay_attacked() {
    // The Ōgi King on e8 attacked by a chess rook on e1? The chess King is on a1; the Ōgi
    // player to move may move a pawn and leave its King attacked.
    let p = pos("4k^3/p7/8/8/8/8/8/K^3R3 / o/C");
    assert!(p.is_check());
    assert!(pmn_moves(&p).contains(&"a7-a6".to_string()));
}
