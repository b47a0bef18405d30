//! The seed's state markers (ruling R2), PMN both ways (R1), SAN/UCI leniency, statuses (R3)
//! and typed errors. Expected strings are derived by hand from the seed and the rulings.
use tegoma_notation::NotationError;
use tegoma_protocol::Side;
use tegoma_rules::chess::{MoveKind, Position, SanReplay};

const START_FEEN: &str =
    "+rnbq+k^bn+r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/+RNBQ+K^BN+R / C/c";

fn fen(s: &str) -> Position {
    Position::from_fen(s).unwrap_or_else(|e| panic!("{s}: {e}"))
}

fn play(p: &mut Position, pmn: &str) {
    let m = p.parse_pmn(pmn).unwrap_or_else(|e| panic!("{pmn}: {e}"));
    assert_eq!(m.to_string(), pmn, "canonical form");
    p.play(m).unwrap();
}

fn kind(e: impl NotationError) -> &'static str {
    e.kind()
}

#[test]
fn start_position_is_the_seeds() {
    assert_eq!(Position::startpos().to_feen(), START_FEEN);
    assert_eq!(
        Position::from_feen(START_FEEN).unwrap(),
        Position::startpos()
    );
    assert_eq!(
        Position::startpos().to_fen(),
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    );
}

#[test]
fn pawn_markers_follow_r2() {
    let mut p = Position::startpos();
    play(&mut p, "e2-e4");
    assert_eq!(
        p.to_feen(),
        "+rnbq+k^bn+r/+p+p+p+p+p+p+p+p/8/8/4-P3/8/+P+P+P+P1+P+P+P/+RNBQ+K^BN+R / c/C"
    );
    play(&mut p, "e7-e5");
    // White is to move again: its -P turns back into P; Black's double step is -p.
    assert_eq!(
        p.to_feen(),
        "+rnbq+k^bn+r/+p+p+p+p1+p+p+p/8/4-p3/4P3/8/+P+P+P+P1+P+P+P/+RNBQ+K^BN+R / C/c"
    );
    play(&mut p, "e1-e2");
    // The king moved: K^, and both its rooks lose their castling marker.
    assert_eq!(
        p.to_feen(),
        "+rnbq+k^bn+r/+p+p+p+p1+p+p+p/8/4p3/4P3/8/+P+P+P+PK^+P+P+P/RNBQ1BNR / c/C"
    );
}

#[test]
fn rook_and_king_markers() {
    let mut p = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    assert_eq!(p.to_feen(), "+r3+k^2+r/8/8/8/8/8/8/+R3+K^2+R / C/c");
    play(&mut p, "h1+h8");
    // The captured +r enters White's hand as it stood; both h-file rights are gone.
    assert_eq!(p.to_feen(), "+r3+k^2R/8/8/8/8/8/8/+R3+K^3 +r/ c/C");
    assert_eq!(p.to_fen(), "r3k2R/8/8/8/8/8/8/R3K3 b Qq - 0 1");
    play(&mut p, "e8-d7");
    assert_eq!(p.to_feen(), "r6R/3k^4/8/8/8/8/8/+R3+K^3 +r/ C/c");
}

#[test]
fn castling_in_pmn_and_feen() {
    let base = fen("r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    let mut p = base;
    play(&mut p, "e1~g1");
    // A castled king has no right left: the a1 rook is a plain R too.
    assert_eq!(p.to_feen(), "+r3+k^2+r/8/8/8/8/8/8/R4RK^1 / c/C");
    play(&mut p, "e8~c8");
    assert_eq!(p.to_feen(), "2k^r3r/8/8/8/8/8/8/R4RK^1 / C/c");
    let mut q = base;
    play(&mut q, "e1~c1");
    assert_eq!(q.to_feen(), "+r3+k^2+r/8/8/8/8/8/8/2K^R3R / c/C");
    play(&mut q, "e8~g8");
    assert_eq!(q.to_feen(), "r4rk^1/8/8/8/8/8/8/2K^R3R / C/c");
    // Lenient: a suffix equal to the implicit result; wrong operator refused.
    assert_eq!(base.parse_pmn("e1~g1=K^").unwrap().kind(), MoveKind::Castle);
    assert_eq!(kind(base.parse_pmn("e1-g1").unwrap_err()), "InvalidPmn");
    assert_eq!(base.parse_san("O-O").unwrap().to_string(), "e1~g1");
    assert_eq!(base.parse_san("0-0-0").unwrap().to_string(), "e1~c1");
    assert_eq!(base.parse_uci("e1h1").unwrap().to_string(), "e1~g1");
    assert_eq!(base.parse_uci("e1c1").unwrap().to_string(), "e1~c1");
}

#[test]
fn en_passant_in_pmn_and_hands() {
    let p = fen("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1");
    assert_eq!(p.to_feen(), "4k^3/8/8/3-pP3/8/8/8/4K^3 / C/c");
    let m = p.parse_pmn("e5~d6").unwrap();
    assert_eq!(m.kind(), MoveKind::EnPassant);
    assert_eq!(p.to_san(m), "exd6");
    assert_eq!(p.parse_san("exd6").unwrap(), m);
    // As python-chess: the `e.p.` suffix is not SAN.
    assert_eq!(kind(p.parse_san("exd6 e.p.").unwrap_err()), "InvalidSan");
    assert_eq!(kind(p.parse_san("exd6e.p.").unwrap_err()), "InvalidSan");
    assert_eq!(p.parse_pmn("e5~d6/-p").unwrap(), m);
    assert_eq!(kind(p.parse_pmn("e5+d6").unwrap_err()), "InvalidPmn");
    let q = p.after(m).unwrap();
    assert_eq!(q.to_feen(), "4k^3/8/3P4/8/8/8/8/4K^3 -p/ c/C");
    // Black: e4~f3.
    let b = fen("4k3/8/8/8/4pP2/8/8/4K3 b - f3 0 1");
    assert_eq!(b.parse_pmn("e4~f3").unwrap().kind(), MoveKind::EnPassant);
    assert_eq!(
        b.after(b.parse_pmn("e4~f3").unwrap()).unwrap().to_feen(),
        "4k^3/8/8/8/8/5p2/8/4K^3 /-P C/c"
    );
}

#[test]
fn promotions_in_pmn() {
    let p = fen("r3k3/1P6/8/8/8/8/8/4K3 w q - 0 1");
    let q = p.parse_pmn("b7-b8=Q").unwrap();
    assert_eq!(q.to_string(), "b7-b8=Q");
    assert_eq!(p.parse_pmn("b7-b8/Q").unwrap(), q, "seed spelling e7-e8/Q");
    assert_eq!(kind(p.parse_pmn("b7-b8").unwrap_err()), "InvalidPmn");
    assert_eq!(kind(p.parse_pmn("b7-b8=K^").unwrap_err()), "InvalidPmn");
    let n = p.parse_pmn("b7+a8=N").unwrap();
    assert_eq!(n.to_string(), "b7+a8=N");
    assert_eq!(p.parse_pmn("b7+a8=N/+r").unwrap(), n);
    assert_eq!(p.to_san(n), "bxa8=N");
    assert_eq!(
        p.after(n).unwrap().to_feen(),
        "N3k^3/8/8/8/8/8/8/4K^3 +r/ c/C"
    );
    assert_eq!(p.parse_san("bxa8N").unwrap(), n);
    assert_eq!(p.parse_san("b8Q+").unwrap(), q);
    assert_eq!(p.parse_san("b8=Q").unwrap(), q);
    assert_eq!(p.to_san(q), "b8=Q+");
    assert_eq!(p.parse_uci("b7a8n").unwrap(), n);
    assert_eq!(kind(p.parse_san("b8").unwrap_err()), "InvalidSan");
    let b = fen("4k3/8/8/8/8/8/6p1/4K3 b - - 0 1");
    let m = b.parse_pmn("g2-g1=r").unwrap();
    assert_eq!(m.to_string(), "g2-g1=r");
    assert_eq!(kind(b.parse_pmn("g2-g1=R").unwrap_err()), "InvalidPmn");
}

#[test]
fn pmn_lenient_and_strict() {
    let p = Position::startpos();
    let e4 = p.parse_pmn("e2-e4").unwrap();
    assert_eq!(
        p.parse_pmn("e2-e4=-P").unwrap(),
        e4,
        "explicit implicit result"
    );
    assert_eq!(p.parse_pmn("e2-e4/-P").unwrap(), e4);
    assert_eq!(p.parse_pmn("g1-f3=N").unwrap().to_string(), "g1-f3");
    for bad in ["e2-e4=P", "e2-e4=+P", "e2-e4=-P/-P"] {
        assert_eq!(kind(p.parse_pmn(bad).unwrap_err()), "InvalidPmn", "{bad}");
    }
    for bad in [
        "e2e4", "e2=e4", "-e4", "e2-", "e0-e4", "E2-e4", "i2-i4", "e9-e4", "aa1-a2", "P*e5", "*e5",
        "...", "+d4", "e2-e4=", "e2-e4=QQ", "e2-e4 ", "e4=+P",
    ] {
        assert_eq!(kind(p.parse_pmn(bad).unwrap_err()), "InvalidPmn", "{bad}");
    }
    assert_eq!(
        kind(p.parse_pmn("iv256IV~iv256IV=+K^'/+K^'x").unwrap_err()),
        "InvalidPmn"
    );
    assert_eq!(kind(p.parse_pmn("e2-e5").unwrap_err()), "IllegalMove");
    assert_eq!(kind(p.parse_pmn("e2+e4").unwrap_err()), "InvalidPmn");
    // A capture, with the captured piece's token as an explicit (implicit-equal) suffix.
    let c = fen("4k3/8/8/8/8/5n2/8/3QK3 w - - 0 1");
    let m = c.parse_pmn("d1+f3").unwrap();
    assert_eq!(c.parse_pmn("d1+f3/n").unwrap(), m);
    assert_eq!(kind(c.parse_pmn("d1+f3/N").unwrap_err()), "InvalidPmn");
    assert_eq!(kind(c.parse_pmn("d1-f3").unwrap_err()), "InvalidPmn");
}

#[test]
fn san_disambiguation() {
    // Knights on b1 and f1 both reach d2.
    let p = fen("4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1");
    let m = p.parse_san("Nbd2").unwrap();
    assert_eq!(p.to_san(m), "Nbd2");
    assert_eq!(kind(p.parse_san("Nd2").unwrap_err()), "AmbiguousSan");
    assert_eq!(p.parse_san("Nb1d2").unwrap(), m);
    assert_eq!(p.parse_san("Nbd2+").unwrap(), m, "superfluous +");
    // Rooks on a1 and a5 both reach a3: by rank.
    let r = fen("4k3/8/8/R7/8/8/8/R3K3 w - - 0 1");
    assert_eq!(r.to_san(r.parse_san("R1a3").unwrap()), "R1a3");
    let mate = fen("6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1");
    let m = mate.parse_san("Ra8").unwrap();
    assert_eq!(mate.to_san(m), "Ra8#");
    assert_eq!(mate.parse_san("Ra8#").unwrap(), m);
    assert_eq!(kind(mate.parse_san("Zz9").unwrap_err()), "InvalidSan");
    assert_eq!(kind(mate.parse_san("Ra9").unwrap_err()), "InvalidSan");
    // A pawn move without a file is a push, never a capture (as python-chess reads it): the
    // b-pawn cannot go to b5 where the bishop stands, and `b5` is not `axb5`.
    let ruy = fen("r1bqkbnr/1ppp1ppp/p1n5/1B2p3/4P3/5N2/PPPP1PPP/RNBQK2R b KQkq - 0 3");
    assert_eq!(kind(ruy.parse_san("b5").unwrap_err()), "IllegalMove");
    let mut replay = SanReplay::new(ruy);
    assert_eq!(
        kind(replay.play(&"b5".parse().unwrap()).unwrap_err()),
        "IllegalMove"
    );
    assert_eq!(replay.position(), &ruy, "unchanged");
    assert_eq!(ruy.to_san(ruy.parse_san("axb5").unwrap()), "axb5");
    assert_eq!(ruy.to_san(ruy.parse_san("b6").unwrap()), "b6");
    assert_eq!(ruy.to_san(ruy.parse_san("ab5").unwrap()), "axb5");
}

#[test]
fn statuses_follow_r3() {
    let s = |f: &str| fen(f).statuses().to_string();
    assert_eq!(Position::startpos().statuses().to_string(), "stale");
    assert_eq!(
        s("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3"),
        "check checkmate"
    );
    assert_eq!(
        s("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1"),
        "stale stalemate bareking"
    );
    assert_eq!(
        s("8/8/4k3/8/8/3K4/8/8 w - - 0 1"),
        "stale bareking insufficient"
    );
    assert_eq!(
        s("8/8/4k3/8/8/3K4/8/2B5 w - - 0 1"),
        "stale bareking insufficient"
    );
    assert_eq!(
        s("8/8/4k3/8/8/3K4/8/2N5 b - - 0 1"),
        "stale bareking insufficient"
    );
    // KN-KN and KB-KB on opposite colours are not in R3's list.
    assert_eq!(s("8/8/4k3/8/8/3K4/8/2N2n2 w - - 0 1"), "stale");
    assert_eq!(s("K7/8/4k3/8/8/8/8/2B2b2 w - - 0 1"), "stale");
    // c1 and h6 are both dark squares.
    assert_eq!(s("8/8/4k2b/8/8/3K4/8/2B5 w - - 0 1"), "stale insufficient");
    assert_eq!(s("8/8/4k3/8/8/3K4/8/2BB4 w - - 0 1"), "stale bareking");
    assert_eq!(
        s("4k3/4Q3/4K3/8/8/8/8/8 b - - 0 1"),
        "check checkmate bareking"
    );
    assert_eq!(s("4k3/8/3K4/8/8/8/8/4R3 b - - 0 1"), "check bareking");
    // White is walled in: not even a pseudo-legal move (nomove, not stalemate). Pawns a2, b3,
    // c2 are blocked by black pawns that nothing white attacks; bishop b1 and rook b2 are boxed
    // in by their own pieces.
    assert_eq!(s("7k/8/8/8/1p6/pPp5/PRP5/KB6 w - - 0 1"), "stale nomove");
}

#[test]
fn impossible_markers_are_refused() {
    let cases = [
        // A plain P on its start rank.
        "+rnbq+k^bn+r/+p+p+p+p+p+p+p+p/8/8/8/8/P+P+P+P+P+P+P+P/+RNBQ+K^BN+R / C/c",
        // +P off its start rank.
        "+rnbq+k^bn+r/+p+p+p+p+p+p+p+p/8/8/8/+P7/1+P+P+P+P+P+P+P/+RNBQ+K^BN+R / C/c",
        // +R off its corner.
        "4k^3/8/8/8/8/8/8/1+R2+K^2+R / C/c",
        // +R with a plain K^.
        "4k^3/8/8/8/8/8/8/+R3K^3 / C/c",
        // +K^ with no +R.
        "4k^3/8/8/8/8/8/8/R3+K^3 / C/c",
        // +K^ away from home.
        "4k^3/8/8/8/8/8/8/+R2+K^4 / C/c",
        // -P of the side to move.
        "4k^3/8/8/8/4-P3/8/8/4K^3 / C/c",
        // -P off its double-step rank.
        "4k^3/8/8/4-P3/8/8/8/4K^3 / c/C",
        // -P with its path occupied.
        "4k^3/8/8/8/4-P3/4N3/8/4K^3 / c/C",
        // Two -P.
        "4k^3/8/8/8/3-P-P3/8/8/4K^3 / c/C",
    ];
    for c in cases {
        assert_eq!(
            kind(Position::from_feen(c).unwrap_err()),
            "ImpossibleMarker",
            "{c}"
        );
    }
    let other = [
        ("4k3/8/8/8/8/8/8/4K3 / C/c", "ForeignPiece"),
        ("4k^3/8/8/8/8/8/8/3Q^K^3 / C/c", "ForeignPiece"),
        ("4k^3/8/8/8/8/8/8/3-NK^3 / C/c", "ForeignPiece"),
        ("4k^3/8/8/8/8/8/8/3P'K^3 / C/c", "ForeignPiece"),
        ("4k^3/8/8/8/8/8/8/4K^3 Q/ C/c", "HandPiece"),
        ("4k^3/8/8/8/8/8/8/4K^3 k^/ C/c", "HandPiece"),
        ("4k^3/8/8/8/8/8/8/4K^3 -q/ C/c", "HandPiece"),
        ("4k^3/8/8/8/8/8/8/4K^3 / O/o", "Styles"),
        ("8/8/8 / C/c", "BoardShape"),
        ("4k^3/8/8/8/8/8/8/4K^3 / C/c ", "FieldCount"),
        ("4k^3/8/8/8/8/8/8/8 / C/c", "KingCount"),
        ("4k^3/8/8/8/8/8/8/3K^K^3 / C/c", "KingCount"),
        ("4k^2P/8/8/8/8/8/8/4K^3 / C/c", "PawnOnBackRank"),
        ("4k^3/4Q3/8/8/8/8/8/4K^3 / C/c", "OpponentInCheck"),
        ("4k^3/8/8/8/8/Q7/QQQQQQQQ/QQQQQQQK^ / C/c", "TooManyPieces"),
    ];
    for (c, k) in other {
        assert_eq!(kind(Position::from_feen(c).unwrap_err()), k, "{c}");
    }
    // Hands holding captured pieces as they stood read back unchanged.
    let h = "4k^3/8/8/8/8/8/8/4K^3 2p+r-pq/3P+RN C/c";
    assert_eq!(
        kind(Position::from_feen(h).unwrap_err()),
        "HandNotCanonical",
        "not canonical"
    );
    let h = "4k^3/8/8/8/8/8/8/4K^3 2p-pq+r/3PN+R C/c";
    let hp = Position::from_feen(h).unwrap();
    assert_eq!(hp.to_feen(), h);
    let white: Vec<_> = hp.hand_tokens(Side::First).collect();
    assert_eq!(white, [("q", 1), ("+r", 1), ("p", 2), ("-p", 1)]);
    let black: Vec<_> = hp.hand_tokens(Side::Second).collect();
    assert_eq!(black, [("+R", 1), ("N", 1), ("P", 3)]);
}

#[test]
fn fen_errors() {
    for (f, field) in [
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN w KQkq - 0 1",
            "InvalidFen",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
            "InvalidFen",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqq - 0 1",
            "InvalidFen",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBN1 w KQkq - 0 1",
            "InvalidFen",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq e3 0 1",
            "InvalidFen",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
            "InvalidFen",
        ),
        (
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
            "InvalidFen",
        ),
        ("8/8/8/8/8/8/8/8 w - - 0 1", "KingCount"),
    ] {
        assert_eq!(kind(Position::from_fen(f).unwrap_err()), field, "{f}");
    }
    // Four fields are enough.
    assert_eq!(
        fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq -"),
        Position::startpos()
    );
}

#[test]
fn zobrist_agrees_with_r5() {
    // The same FEEN reached by two move orders: same key.
    let mut a = Position::startpos();
    for m in ["g1-f3", "g8-f6", "b1-c3", "b8-c6"] {
        play(&mut a, m);
    }
    let mut b = Position::startpos();
    for m in ["b1-c3", "b8-c6", "g1-f3", "g8-f6"] {
        play(&mut b, m);
    }
    assert_eq!(a.to_feen(), b.to_feen());
    assert_eq!(a.zobrist(), b.zobrist());
    // Knights out and back: placement as at the start, but the key is that of the start.
    let mut c = Position::startpos();
    for m in ["g1-f3", "g8-f6", "f3-g1", "f6-g8"] {
        play(&mut c, m);
    }
    assert_eq!(c.zobrist(), Position::startpos().zobrist());
    // A -P marker is part of the identity, even with no capture possible.
    let mut d = Position::startpos();
    play(&mut d, "e2-e4");
    let e =
        Position::from_fen("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1").unwrap();
    assert_ne!(d.zobrist(), e.zobrist());
    // Hands are part of the identity.
    let h1 = Position::from_feen("4k^3/8/8/8/8/8/8/4K^3 p/ C/c").unwrap();
    let h2 = Position::from_feen("4k^3/8/8/8/8/8/8/4K^3 -p/ C/c").unwrap();
    let h0 = Position::from_feen("4k^3/8/8/8/8/8/8/4K^3 / C/c").unwrap();
    assert_ne!(h1.zobrist(), h2.zobrist());
    assert_ne!(h1.zobrist(), h0.zobrist());
}

#[test]
fn hands_are_written_in_canonical_order_with_two_digit_counts() {
    // Every hand kind on both sides, counts from 1 to 12 (two digits), ties broken by letter
    // then state (- before + before none), as the seed orders them; the protocol's generic
    // writer must agree.
    let cases = [
        "4k^3/8/8/8/8/8/8/4K^3 12b10-p3+r2qnp/11P10+R2B-P+PQ c/C",
        "+r3+k^2+r/8/8/8/8/8/8/+R3+K^2+R 2n+rr/ C/c",
        "8/8/8/8/8/8/8/k^6K^ /9N c/C",
        "8/8/8/8/8/8/8/k^6K^ 2b2n2-p2+p2p2q2+r2r/ C/c",
    ];
    for feen in cases {
        let p = Position::from_feen(feen).unwrap_or_else(|e| panic!("{feen}: {e}"));
        assert_eq!(p.to_feen(), feen);
        let generic = tegoma_protocol::Position::from_feen(feen).unwrap();
        assert_eq!(generic.to_feen().unwrap(), feen, "the protocol's writer");
    }
}
