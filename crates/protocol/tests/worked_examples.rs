//! The worked examples of Game Protocol §12 (and the ordering example of §9.7), each checked
//! against facts derived by hand from the text.

use tegoma_notation::NotationError;
use tegoma_protocol::{
    Action, Board, Location, Piece, Position, Rule, Side, Square, Style, ViolationKind,
};

fn p(s: &str) -> Piece {
    s.parse().unwrap()
}

fn feen(s: &str) -> Position {
    Position::from_feen(s).unwrap()
}

fn sq(pos: &Position, cell: &str) -> Square {
    pos.board().parse_square(cell).unwrap()
}

fn at(pos: &Position, cell: &str) -> Location {
    Location::Square(sq(pos, cell))
}

/// §12.1: the captured piece goes to the active player's hand; the capture comes first.
#[test]
fn capture_routing() {
    // 3×3 board: first's rook on a1, second's knight on b1 (the s2 of the example).
    let start = feen("k^2/3/RnK^ / C/c");
    let captured = p("n");
    let rook = p("R");
    let b = Action::displace(at(&start, "b1"), captured, Location::Hand(Side::First));
    let a = Action::displace(at(&start, "a1"), rook, at(&start, "b1"));
    let mut pos = start.clone();
    pos.apply(&[b, a]).unwrap();
    assert_eq!(pos.to_feen().unwrap(), "k^2/3/1RK^ n/ c/C");
    assert_eq!(pos.hand(Side::First).count(captured), 1);
    assert!(pos.hand(Side::Second).is_empty());
    assert_eq!(pos.side_to_move(), Side::Second);

    // Actor first: the square is still occupied when the attacker arrives.
    let mut pos = start.clone();
    let err = pos.apply(&[a, b]).unwrap_err();
    assert_eq!(err.action, 0);
    assert_eq!(err.rule(), Rule::SquareOccupancy);
    assert!(pos.exact_eq(&start));

    // Routing is not configurable: the inactive player's hand is refused.
    let wrong = Action::displace(at(&start, "b1"), captured, Location::Hand(Side::Second));
    let err = pos.apply(&[wrong, a]).unwrap_err();
    assert_eq!(err.action, 0);
    assert_eq!(
        err.kind,
        ViolationKind::CaptureToInactiveHand { hand: Side::Second }
    );
    assert!(pos.exact_eq(&start));

    // The same through PMN: `a1+b1` decodes to [capture, actor].
    let mut pos = start.clone();
    let actions = pos.decode_str("a1+b1").unwrap();
    assert_eq!(actions, [b, a]);
    pos.apply_pmn("a1+b1").unwrap();
    assert_eq!(pos.to_feen().unwrap(), "k^2/3/1RK^ n/ c/C");
}

/// §12.2: capture with a side mutation (shogi-like).
#[test]
fn capture_with_side_mutation() {
    let start = feen("k^2/3/RnK^ / O/o");
    let mut pos = start.clone();
    let capture =
        Action::displace(at(&pos, "b1"), p("n"), Location::Hand(Side::First)).mutating(p("N"));
    let actor = Action::displace(at(&pos, "a1"), p("R"), at(&pos, "b1"));
    pos.apply(&[capture, actor]).unwrap();
    assert_eq!(pos.hand(Side::First).count(p("N")), 1);
    assert_eq!(pos.hand(Side::First).count(p("n")), 0);
    assert_eq!(pos.to_feen().unwrap(), "k^2/3/1RK^ N/ o/O");
    // PMN writes the capture mutation as `/N`.
    assert_eq!(
        start.encode(&[capture, actor]).unwrap().to_string(),
        "a1+b1/N"
    );
    let mut again = start.clone();
    again.apply_pmn("a1+b1/N").unwrap();
    assert!(again.exact_eq(&pos));
}

/// §12.3: capture without mutation (chess-like): the piece keeps its side in the captor's hand.
#[test]
fn capture_without_side_mutation() {
    let mut pos = feen("k^2/3/RnK^ / C/c");
    pos.apply_pmn("a1+b1").unwrap();
    assert_eq!(pos.hand(Side::First).count(p("n")), 1);
    assert_eq!(p("n").side(), Side::Second);
    // And the second player captures into the second hand, whatever the side of the piece.
    let mut pos = feen("k^R1/3/2K^ / c/C");
    pos.apply_pmn("a3+b3").unwrap();
    assert_eq!(pos.to_feen().unwrap(), "1k^1/3/2K^ /R C/c");
}

/// §12.4: promotion as a mutation joined to a displacement.
#[test]
fn promotion_as_mutation() {
    let start = feen("3/P2/3 / C/c");
    let mut pos = start.clone();
    let a = Action::displace(at(&pos, "a2"), p("P"), at(&pos, "a3")).mutating(p("+P"));
    pos.apply(&[a]).unwrap();
    assert_eq!(pos.piece_at(sq(&pos, "a3")), Some(p("+P")));
    assert_eq!(start.encode(&[a]).unwrap().to_string(), "a2-a3=+P");
    let mut again = start.clone();
    again.apply_pmn("a2-a3=+P").unwrap();
    assert!(again.exact_eq(&pos));
    // A no-op suffix is not canonical PMN and is refused...
    let e = start.decode_str("a2-a3=P").unwrap_err();
    assert_eq!(e.kind(), "NoOpMutation");
    // ...but the seed spelling `/P` (a declined promotion, ruling R1) is dropped.
    let mut seed = start.clone();
    seed.apply_pmn("a2-a3/P").unwrap();
    assert_eq!(seed.to_feen().unwrap(), "P2/3/3 / c/C");
}

/// §12.5: a hybrid match records both Player Styles; derived pieces take the other style.
#[test]
fn hybrid_match_styles() {
    let pos = feen("k^'2/3/K^2 / C/s");
    assert_eq!(pos.style(Side::First).to_string(), "C");
    assert_eq!(pos.style(Side::Second).to_string(), "s");
    let king = pos.piece_at(sq(&pos, "a3")).unwrap();
    assert!(king.is_derived());
    // A second-side piece of derived style plays in the first player's style (letter C).
    assert_eq!(pos.piece_style(king).to_string(), "c");
    assert_eq!(pos.piece_style(p("k^")).to_string(), "s");
    assert_eq!(pos.piece_style(p("K^")).to_string(), "C");
    assert_eq!(pos.to_feen().unwrap(), "k^'2/3/K^2 / C/s");
}

/// §12.6: a cross-shaped board of 5 squares; the holes are not locations.
#[test]
fn board_with_holes() {
    let holes = ["a1", "a3", "c1", "c3"].map(|c| c.parse().unwrap());
    let board = Board::new(&[3, 3]).unwrap().with_holes(holes).unwrap();
    assert_eq!(board.len(), 5);
    let mut names: Vec<String> = board.cells().map(|c| c.to_string()).collect();
    names.sort();
    assert_eq!(names, ["a2", "b1", "b2", "b3", "c2"]);
    for h in holes {
        assert!(board.square(h).is_none());
    }
    let mut pos = Position::new(
        board.clone(),
        Style::parse("C").unwrap(),
        Style::parse("c").unwrap(),
    )
    .unwrap();
    pos.set(board.parse_square("b2").unwrap(), Some(p("K^")))
        .unwrap();
    // Moving onto a hole refers to a location that does not exist.
    let hole = Square::new(0); // a3 in flat order
    assert!(!board.contains(hole));
    let start = pos.clone();
    let err = pos
        .apply(&[Action::displace(
            at(&pos, "b2"),
            p("K^"),
            Location::Square(hole),
        )])
        .unwrap_err();
    assert_eq!(err.kind, ViolationKind::NoSuchSquare { square: hole });
    assert_eq!(err.rule(), Rule::ValidLocation);
    assert!(pos.exact_eq(&start));
    let e = pos.decode_str("b2-a3").unwrap_err();
    assert_eq!(e.kind(), "NoSuchSquare");
    pos.apply_pmn("b2-b3").unwrap();
    assert_eq!(pos.to_feen().unwrap(), "1K^1/3/3 / c/C");
    // Cardinality: at most 5 pieces.
    pos.add_to_hand(Side::First, p("P"), 4).unwrap();
    assert!(pos.add_to_hand(Side::First, p("P"), 1).is_err());
}

/// §12.7: the minimal board, one square, zero or one piece.
#[test]
fn minimal_board() {
    let empty = feen("1 / C/c");
    assert_eq!(empty.board().len(), 1);
    assert_eq!(empty.board().dimensions(), 1);
    assert_eq!(empty.board().sizes(), &[1]);
    assert_eq!(empty.piece_count(), 0);
    let mut one = feen("K / C/c");
    assert_eq!(one.piece_count(), 1);
    assert_eq!(
        Position::from_feen("K K/ C/c").unwrap_err().kind(),
        "TooManyPieces"
    );
    // The lone piece can go to the hand and come back.
    one.apply_pmn("+a").unwrap();
    assert_eq!(one.to_feen().unwrap(), "1 K/ c/C");
    one.apply_pmn("...").unwrap();
    one.apply_pmn("K*a").unwrap();
    assert_eq!(one.to_feen().unwrap(), "K / c/C");
}

/// §12.8: an empty 3×3 board; a pass toggles the turn and nothing else.
#[test]
fn empty_board() {
    let start = feen("3/3/3 / C/c");
    assert_eq!(start.board().len(), 9);
    assert_eq!(start.piece_count(), 0);
    let mut pos = start.clone();
    pos.apply(&[]).unwrap();
    assert_eq!(pos.side_to_move(), Side::Second);
    assert_eq!(pos.to_feen().unwrap(), "3/3/3 / c/C");
    pos.apply_pmn("...").unwrap();
    assert!(pos.exact_eq(&start));
}

/// §12.9: six pieces start in the hands of a 3×3 board.
#[test]
fn pieces_starting_in_hands() {
    let mut pos = feen("3/3/3 3P/3p C/c");
    assert_eq!(pos.piece_count(), 6);
    assert_eq!(pos.board_piece_count(), 0);
    pos.apply_pmn("*b2").unwrap(); // the only kind in hand: inferred
    pos.apply_pmn("p*a1").unwrap();
    assert_eq!(pos.to_feen().unwrap(), "3/1P1/p2 2P/2p C/c");
    // Dropping onto an occupied square is refused.
    let before = pos.clone();
    let e = pos.apply_pmn("P*b2").unwrap_err();
    assert_eq!(e.kind(), "SquareOccupied");
    assert!(pos.exact_eq(&before));
    // Hand → Hand is forbidden.
    let hh = Action::displace(
        Location::Hand(Side::First),
        p("P"),
        Location::Hand(Side::Second),
    );
    let e = pos.apply(&[hh]).unwrap_err();
    assert_eq!(e.rule(), Rule::AllowedDisplacement);
    // A piece the hand does not hold cannot be dropped (it would be created).
    let e = pos.apply_pmn("Q*c3").unwrap_err();
    assert_eq!(e.kind(), "PieceNotFound");
    assert!(pos.exact_eq(&before));
}

/// §12.10: a 5×5×5 board.
#[test]
fn three_d_board() {
    let layer = "5/5/5/5/5";
    let text = format!(
        "{}//{}//{}//{}//{} / R/r",
        "K^4/5/5/5/5", layer, layer, layer, layer
    );
    let mut pos = feen(&text);
    assert_eq!(pos.board().len(), 125);
    assert_eq!(pos.board().dimensions(), 3);
    assert_eq!(pos.board().sizes(), &[5, 5, 5]);
    // The first square written is a5E (highest layer, highest rank).
    assert_eq!(pos.piece_at_cell("a5E".parse().unwrap()), Some(p("K^")));
    pos.apply_pmn("a5E-c3C").unwrap();
    let c3c = pos.to_feen().unwrap();
    assert_eq!(
        c3c,
        format!(
            "{}//{}//{}//{}//{} / r/R",
            layer, layer, "5/5/2K^2/5/5", layer, layer
        )
    );
}

/// §9.7: the same actions in two orders give different validity outcomes.
#[test]
fn action_order_matters() {
    // X on a1 (s1), Y on b1 (s2), c1 (s3) empty.
    let start = feen("3/3/XY1 / C/c");
    let a = Action::displace(at(&start, "a1"), p("X"), at(&start, "b1"));
    let b = Action::displace(at(&start, "b1"), p("Y"), at(&start, "c1"));
    let mut pos = start.clone();
    let err = pos.apply(&[a, b]).unwrap_err();
    assert_eq!(err.action, 0);
    assert!(pos.exact_eq(&start));
    pos.apply(&[b, a]).unwrap();
    assert_eq!(pos.to_feen().unwrap(), "3/3/1XY / c/C");
    // A failure in the second action undoes the first.
    let mut pos = start.clone();
    let bad = Action::displace(at(&start, "c1"), p("X"), at(&start, "a2"));
    let err = pos.apply(&[b, bad]).unwrap_err();
    assert_eq!(err.action, 1);
    assert_eq!(err.rule(), Rule::Conservation);
    assert!(pos.exact_eq(&start));
}
