//! PMN ↔ actions on concrete positions: every form of specs.md §12.1, each decoded into the
//! action list the table prescribes (captures first), and encoded back.

use tegoma_notation::pmn::Pmn;
use tegoma_notation::NotationError;
use tegoma_protocol::{Action, Location, Piece, Position, Side};

fn p(s: &str) -> Piece {
    s.parse().unwrap()
}

fn sq(pos: &Position, c: &str) -> Location {
    Location::Square(pos.board().parse_square(c).unwrap())
}

/// Decodes, checks the actions, applies, checks the FEEN, and re-encodes to the same text.
fn check(start: &str, pmn: &str, expected: &[Action], after: &str) {
    let pos = Position::from_feen(start).unwrap();
    let actions = pos.decode_str(pmn).unwrap_or_else(|e| panic!("{pmn}: {e}"));
    assert_eq!(actions, expected, "{pmn}");
    let mut next = pos.clone();
    next.apply(&actions).unwrap();
    assert_eq!(next.to_feen().unwrap(), after, "{pmn}");
    assert_eq!(pos.encode(&actions).unwrap().to_string(), pmn);
}

#[test]
fn every_form() {
    let s = "4/1+p2/Pq2/R1nK^ 2rL/ C/c";
    let pos = Position::from_feen(s).unwrap();
    let h1 = Location::Hand(Side::First);
    check(s, "...", &[], "4/1+p2/Pq2/R1nK^ 2rL/ c/C");
    check(
        s,
        "a2-a3=+P",
        &[Action::displace(sq(&pos, "a2"), p("P"), sq(&pos, "a3")).mutating(p("+P"))],
        "4/+P+p2/1q2/R1nK^ 2rL/ c/C",
    );
    check(
        s,
        "a2+b2",
        &[
            Action::displace(sq(&pos, "b2"), p("q"), h1),
            Action::displace(sq(&pos, "a2"), p("P"), sq(&pos, "b2")),
        ],
        "4/1+p2/1P2/R1nK^ 2rLq/ c/C",
    );
    check(
        s,
        "d1+c1=+K^/N",
        &[
            Action::displace(sq(&pos, "c1"), p("n"), h1).mutating(p("N")),
            Action::displace(sq(&pos, "d1"), p("K^"), sq(&pos, "c1")).mutating(p("+K^")),
        ],
        "4/1+p2/Pq2/R1+K^1 2rLN/ c/C",
    );
    check(
        s,
        "+b3",
        &[Action::displace(sq(&pos, "b3"), p("+p"), h1)],
        "4/4/Pq2/R1nK^ 2rL+p/ c/C",
    );
    check(
        s,
        "L*d4",
        &[Action::displace(h1, p("L"), sq(&pos, "d4"))],
        "3L/1+p2/Pq2/R1nK^ 2r/ c/C",
    );
    check(
        s,
        "L*d4=+L",
        &[Action::displace(h1, p("L"), sq(&pos, "d4")).mutating(p("+L"))],
        "3+L/1+p2/Pq2/R1nK^ 2r/ c/C",
    );
    check(
        s,
        "L.b2/Q",
        &[
            Action::displace(sq(&pos, "b2"), p("q"), h1).mutating(p("Q")),
            Action::displace(h1, p("L"), sq(&pos, "b2")),
        ],
        "4/1+p2/PL2/R1nK^ 2rQ/ c/C",
    );
    check(
        s,
        "c1=n'",
        &[Action::mutate(sq(&pos, "c1"), p("n"), p("n'"))],
        "4/1+p2/Pq2/R1n'K^ 2rL/ c/C",
    );
}

#[test]
fn inferred_drops() {
    // One kind in hand: `*e5` and `.b2` take it; the canonical form writes it.
    let pos = Position::from_feen("4/1+p2/Pq2/R1nK^ L/ C/c").unwrap();
    let a = pos.decode_str("*d4").unwrap();
    assert_eq!(pos.encode(&a).unwrap().to_string(), "L*d4");
    let a = pos.decode_str(".b2").unwrap();
    assert_eq!(pos.encode(&a).unwrap().to_string(), "L.b2");
    // The seed spelling `*-d4` (ruling R1).
    assert_eq!(
        pos.decode_str("*-d4").unwrap(),
        pos.decode_str("L*d4").unwrap()
    );
    // The active player's hand is the one used: second to move has an empty hand.
    let pos = Position::from_feen("4/1+p2/Pq2/R1nK^ L/ c/C").unwrap();
    assert_eq!(pos.decode_str("*d4").unwrap_err().kind(), "EmptyHand");
    let pos = Position::from_feen("4/4/4/4 LP/ C/c").unwrap();
    let e = pos.decode_str("*d4").unwrap_err();
    assert_eq!(e.kind(), "AmbiguousDrop");
    assert_eq!(e.to_string(), "ambiguous drop: the hand holds L, P");
}

#[test]
fn refusals() {
    let pos = Position::from_feen("4/1+p2/Pq2/R1nK^ L/ C/c").unwrap();
    for (text, kind) in [
        ("d1~b1", "SpecialMove"),
        ("e1-e2", "NoSuchSquare"),
        ("a1A-b1", "NoSuchSquare"),
        ("b1-b4", "EmptySquare"),
        ("a2+a3", "EmptySquare"),
        ("+a4", "EmptySquare"),
        ("a2-a3=P", "NoOpMutation"),
        ("a2+b2/q", "NoOpMutation"),
        ("c1=n", "NoOpMutation"),
        ("e2e4", "InvalidCell"),
        ("pass", "InvalidCell"),
    ] {
        let e = pos.decode_str(text).unwrap_err();
        assert_eq!(e.kind(), kind, "{text}: {e}");
    }
    // Valid PMN, invalid under the Protocol: the violation comes from apply.
    let mut q = pos.clone();
    assert_eq!(q.apply_pmn("a2-b2").unwrap_err().kind(), "SquareOccupied");
    assert_eq!(q.apply_pmn("Q*d4").unwrap_err().kind(), "PieceNotFound");
    assert!(q.exact_eq(&pos));
}

#[test]
fn encode_refuses_shapes_pmn_cannot_spell() {
    let pos = Position::from_feen("4/1+p2/Pq2/R1nK^ L/p C/c").unwrap();
    let h1 = Location::Hand(Side::First);
    let h2 = Location::Hand(Side::Second);
    let three = [
        Action::displace(sq(&pos, "a2"), p("P"), sq(&pos, "a3")),
        Action::displace(sq(&pos, "a1"), p("R"), sq(&pos, "b1")),
        Action::displace(sq(&pos, "b2"), p("q"), sq(&pos, "c2")),
    ];
    for actions in [
        &three[..],
        &[Action::mutate(h1, p("L"), p("+L"))],
        &[Action::displace(sq(&pos, "a2"), p("P"), h2)],
        &[Action::displace(h2, p("p"), sq(&pos, "d4"))],
        &[Action::mutate(sq(&pos, "a2"), p("P"), p("P"))],
    ] {
        assert_eq!(pos.encode(actions).unwrap_err().kind(), "NotExpressible");
    }
    let pmn: Pmn = pos.encode(&[]).unwrap();
    assert_eq!(pmn, Pmn::Pass);
}
