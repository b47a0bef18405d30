//! One test per Ōgi rule (seed `ogi-rule-system.txt`, ruling R4), with hand-derived expectations.
use tegoma_notation::cgsn::Status;
use tegoma_protocol::error::PmnReason;
use tegoma_protocol::Side;
use tegoma_rules::kit::Square;
use tegoma_rules::ogi::{
    IllegalMove, IllegalReason, MoveError, MoveList, Position, Role, Sennichite,
};

fn pos(feen: &str) -> Position {
    Position::from_feen(feen).unwrap_or_else(|e| panic!("{feen}: {e}"))
}

fn pmns(p: &Position) -> Vec<String> {
    let mut l = MoveList::new();
    p.legal_moves_into(&mut l);
    let mut v: Vec<String> = l.iter().map(|&m| p.move_to_pmn(m)).collect();
    v.sort();
    v
}

fn play(p: &Position, pmn: &str) -> Position {
    let m = p.parse_pmn(pmn).unwrap_or_else(|e| panic!("{pmn}: {e}"));
    p.after(m).unwrap()
}

fn is_illegal(p: &Position, pmn: &str) -> bool {
    matches!(p.parse_pmn(pmn), Err(MoveError::Illegal { .. }))
}

#[test]
fn drop_restrictions_first_player() {
    // Two kings (e1, e8) and L, N, P, +P in hand: 62 empty squares.
    let p = pos("4k^3/8/8/8/8/8/8/4K^3 LN+PP/ O/o");
    let moves = pmns(&p);
    let count = |prefix: &str| moves.iter().filter(|m| m.starts_with(prefix)).count();
    assert_eq!(count("P*"), 0, "an unpromoted pawn is never dropped");
    assert_eq!(
        count("L*"),
        62 - 7,
        "no lance drop on rank 8 (7 empty squares there)"
    );
    assert_eq!(count("N*"), 62 - 7 - 8, "no knight drop on ranks 7-8");
    assert_eq!(count("+P*"), 62, "a promoted pawn drops anywhere");
    assert_eq!(moves.len(), 55 + 47 + 62 + 5);
    assert!(moves.contains(&"+P*a8".to_string()));
    assert!(moves.contains(&"L*a7".to_string()) && !moves.contains(&"L*a8".to_string()));
    assert!(moves.contains(&"N*a6".to_string()) && !moves.contains(&"N*a7".to_string()));
    assert!(is_illegal(&p, "P*e5"));
    assert!(is_illegal(&p, "L*a8"));
    assert!(is_illegal(&p, "N*h7"));
    assert!(is_illegal(&p, "L*e1"), "occupied");
}

#[test]
fn drop_restrictions_second_player_are_mirrored() {
    let p = pos("4k^3/8/8/8/8/8/8/4K^3 /+ll+nnp o/O");
    let moves = pmns(&p);
    let count = |prefix: &str| moves.iter().filter(|m| m.starts_with(prefix)).count();
    assert_eq!(count("p*"), 0);
    assert_eq!(count("l*"), 62 - 7, "no lance drop on rank 1");
    assert_eq!(count("n*"), 62 - 7 - 8, "no knight drop on ranks 1-2");
    assert_eq!(
        count("+l*"),
        62,
        "promoted pieces drop as held, with no rank restriction"
    );
    assert_eq!(count("+n*"), 62);
    assert!(moves.contains(&"+n*a1".to_string()));
    assert!(!moves.contains(&"n*a2".to_string()) && moves.contains(&"n*a3".to_string()));
}

#[test]
fn forced_promotion_pawn_lance_knight() {
    let p = pos("k^7/4P3/8/8/8/8/8/4K^3 / O/o");
    let m = pmns(&p);
    assert!(m.contains(&"e7-e8=+P".to_string()) && !m.contains(&"e7-e8".to_string()));
    assert!(is_illegal(&p, "e7-e8"));
    assert!(is_illegal(&p, "e7-e8/P"));
    assert_eq!(play(&p, "e7-e8/+P"), play(&p, "e7-e8=+P"));

    // lance a1 on an open file: a2-a5 plain, a6-a7 either, a8 promoted only
    let p = pos("7k^/8/8/8/8/8/8/L3K^3 / O/o");
    let lance: Vec<String> = pmns(&p)
        .into_iter()
        .filter(|m| m.starts_with("a1"))
        .collect();
    assert_eq!(lance.len(), 4 + 2 * 2 + 1, "{lance:?}");
    assert!(lance.contains(&"a1-a8=+L".to_string()) && !lance.contains(&"a1-a8".to_string()));

    // knight b5: a7 and c7 on the last two ranks, promotion forced
    let p = pos("7k^/8/8/1N6/8/8/8/4K^3 / O/o");
    let n: Vec<String> = pmns(&p)
        .into_iter()
        .filter(|m| m.starts_with("b5"))
        .collect();
    assert_eq!(n, ["b5-a7=+N", "b5-c7=+N"]);
    // second player's knight on d4 reaches c2 and e2: forced as well
    let p = pos("7k^/8/8/8/3n4/8/8/K^7 / o/O");
    let n: Vec<String> = pmns(&p)
        .into_iter()
        .filter(|m| m.starts_with("d4"))
        .collect();
    assert_eq!(n, ["d4-c2=+n", "d4-e2=+n"]);
}

#[test]
fn optional_promotion_and_its_spellings() {
    let p = pos("k^7/8/4P3/8/8/8/8/4K^3 / O/o");
    let m = pmns(&p);
    assert!(m.contains(&"e6-e7".to_string()) && m.contains(&"e6-e7=+P".to_string()));
    assert_eq!(play(&p, "e6-e7/P"), play(&p, "e6-e7"));
    assert_eq!(play(&p, "e6-e7=P"), play(&p, "e6-e7"));
    assert_eq!(play(&p, "e6-e7/+P"), play(&p, "e6-e7=+P"));
    assert!(play(&p, "e6-e7=+P").to_feen().starts_with("k^7/4+P3/"));
    // a knight reaching rank 6 may promote or not
    let p = pos("7k^/8/8/8/1N6/8/8/4K^3 / O/o");
    let n: Vec<String> = pmns(&p)
        .into_iter()
        .filter(|m| m.starts_with("b4"))
        .collect();
    assert_eq!(n, ["b4-a6", "b4-a6=+N", "b4-c6", "b4-c6=+N"]);
    // outside the zone, no promotion
    let p = pos("7k^/8/8/8/4P3/8/8/4K^3 / O/o");
    assert!(is_illegal(&p, "e4-e5=+P"));
    // King and promoted pieces never promote
    let p = pos("7k^/8/4K^3/8/4+P3/8/8/8 / O/o");
    assert!(p.parse_pmn("e6-e7=+K^").is_err());
    assert!(p.parse_pmn("e4-e5=++P").is_err());
}

#[test]
fn promotion_when_leaving_the_zone() {
    // silver d6 (in the zone) to c5 (outside): may promote
    let p = pos("7k^/8/3S4/8/8/8/8/4K^3 / O/o");
    let s: Vec<String> = pmns(&p)
        .into_iter()
        .filter(|m| m.starts_with("d6"))
        .collect();
    assert!(
        s.contains(&"d6-c5".to_string()) && s.contains(&"d6-c5=+S".to_string()),
        "{s:?}"
    );
    assert_eq!(
        s.len(),
        10,
        "5 destinations, each with or without promotion: {s:?}"
    );
    // silver d5 to c4: neither end in the zone
    let p = pos("7k^/8/8/3S4/8/8/8/4K^3 / O/o");
    assert!(is_illegal(&p, "d5-c4=+S"));
    assert!(p.parse_pmn("d5-c6=+S").is_ok(), "entering the zone");
    // second player: zone is ranks 1-3
    let p = pos("7k^/8/8/8/8/3s4/8/K^7 / o/O");
    assert!(p.parse_pmn("d3-c4=+s").is_ok());
}

#[test]
fn capture_demotes_into_the_captors_hand() {
    let p = pos("4k^3/8/8/4+s3/4P3/8/8/4K^3 / O/o");
    let after = play(&p, "e4+e5");
    assert_eq!(after.to_feen(), "4k^3/8/8/4P3/8/8/8/4K^3 S/ o/O");
    assert_eq!(after.hand_count(Side::First, Role::Silver), 1);
    assert_eq!(play(&p, "e4+e5/S"), after, "explicit default demotion");
    assert!(
        is_illegal(&p, "e4+e5/+S"),
        "only the King keeps a piece promoted"
    );
    assert!(pmns(&p).iter().filter(|m| m.starts_with("e4")).count() == 1);
    // second player captures: the piece turns lowercase
    let p = pos("4k^3/8/8/4p3/4+B3/8/8/4K^3 / o/O");
    assert_eq!(
        play(&p, "e5+e4").to_feen(),
        "4k^3/8/8/8/4p3/8/8/4K^3 /b O/o"
    );
}

#[test]
fn kings_privilege_gives_two_distinct_moves() {
    let p = pos("4k^3/8/8/8/8/8/4+r3/4K^3 / O/o");
    assert_eq!(
        pmns(&p),
        ["e1+e2", "e1+e2/+R", "e1-d1", "e1-d2", "e1-f1", "e1-f2"]
    );
    let demoted = play(&p, "e1+e2");
    let kept = play(&p, "e1+e2/+R");
    assert_eq!(demoted.to_feen(), "4k^3/8/8/8/8/8/4K^3/8 R/ o/O");
    assert_eq!(kept.to_feen(), "4k^3/8/8/8/8/8/4K^3/8 +R/ o/O");
    assert_eq!(play(&p, "e1+e2/R"), demoted);
    assert_ne!(demoted.zobrist(), kept.zobrist());
    // the kept piece drops promoted
    let q = play(&play(&kept, "e8-d8"), "+R*e5");
    assert_eq!(q.to_feen(), "3k^4/8/8/4+R3/8/8/4K^3/8 / o/O");
    // perft without the privilege: one move fewer
    use tegoma_rules::ogi::PerftOptions;
    let no = PerftOptions {
        privilege: false,
        bulk: true,
    };
    assert_eq!(p.perft(1), 6);
    assert_eq!(p.perft_with(1, no), 5);
    // the King capturing an unpromoted piece: one move only
    let p = pos("4k^3/8/8/8/8/8/4r3/4K^3 / O/o");
    assert_eq!(pmns(&p).iter().filter(|m| m.contains("e2")).count(), 1);
}

#[test]
fn capturing_a_king_ends_the_game() {
    let p = pos("4k^3/4R3/8/8/8/8/8/4K^3 / O/o");
    let after = play(&p, "e7+e8");
    assert_eq!(after.to_feen(), "4R3/8/8/8/8/8/8/4K^3 K^/ o/O");
    assert!(after.is_over());
    assert!(pmns(&after).is_empty());
    assert_eq!(after.perft(1), 0);
    assert_eq!(after.perft(3), 0);
    // perft 2: the King capture is a leaf with no child
    let mut l = MoveList::new();
    p.legal_moves_into(&mut l);
    let below: u64 = l.iter().map(|&m| p.after(m).unwrap().perft(1)).sum();
    assert_eq!(p.perft(2), below);
    assert_eq!(
        l.iter()
            .filter(|m| m.captured() == Some(Role::King))
            .count(),
        2
    ); // e7+e8, e7+e8=+R
    let s = after.statuses();
    assert!(s.contains(Status::Mareking) && s.contains(Status::Nomove));
    assert!(matches!(
        after.parse_pmn("e8-e7"),
        Err(MoveError::Illegal(IllegalMove {
            reason: IllegalReason::GameOver,
            ..
        }))
    ));
}

/// Ruling R12: after a King capture the game is over (`mareking`) and no move is legal, but
/// `nomove` is about movement: it holds only when the side to move has no pseudo-legal move.
#[test]
fn after_a_king_capture_nomove_needs_no_pseudo_legal_move() {
    use tegoma_notation::cgsn::StatusSet;
    // The White Rook takes the black King; Black keeps a Rook on a8, which can still slide
    // along the 8th rank (b8, c8, d8, and take on e8) and down the a-file (a7 to a1): eleven
    // pseudo-legal moves. Black has no King left: `mareking`, no `check`/`stale` (they are about
    // the side to move's Kings), no `bareking` (White has a King and a Rook, Black no King).
    let p = pos("r3k^3/4R3/8/8/8/8/8/4K^3 / O/o");
    let after = play(&p, "e7+e8");
    assert!(after.is_over());
    assert!(
        pmns(&after).is_empty(),
        "no legal move once a King is taken"
    );
    let mut want = StatusSet::EMPTY;
    want.insert(Status::Mareking);
    assert_eq!(after.statuses(), want, "{}", after.to_feen());
    // Black holds a Silver in hand instead (Ōgi drops no Pawn): its drops on the empty squares
    // are pseudo-legal moves.
    let p = pos("4k^3/4R3/8/8/8/8/8/4K^3 /s O/o");
    let after = play(&p, "e7+e8");
    assert_eq!(after.statuses(), want, "{}", after.to_feen());
    // The game's ending is still White's win by `mareking`.
    let o = after.outcome().unwrap();
    assert_eq!(o.winner(), Some(Side::First));
    assert_eq!(o.statuses, want);
}

#[test]
fn sennichite_makes_a_repeating_move_illegal() {
    let mut p = Position::startpos();
    let mut s = Sennichite::new();
    for pmn in ["g2-h2", "b7-a7", "h2-g2", "a7-b7"] {
        let m = p.parse_pmn(pmn).unwrap();
        assert!(!s.forbids(&p, m));
        s.record(&p, m);
        p.play(m).unwrap();
    }
    assert_eq!(p, Position::startpos());
    let again = p.parse_pmn("g2-h2").unwrap();
    assert!(s.forbids(&p, again), "same move, same resulting position");
    let other = p.parse_pmn("g2-f2").unwrap();
    assert!(!s.forbids(&p, other));
    let mut l = MoveList::new();
    s.legal_moves_into(&p, &mut l);
    assert_eq!(l.len(), 24);
    assert!(!l.contains(again));
    // the position-only generator ignores history
    p.legal_moves_into(&mut l);
    assert_eq!(l.len(), 25);
}

#[test]
fn sennichite_needs_the_same_move_not_only_the_same_position() {
    // the rook reaches h2 again by another route: different origin, allowed
    let mut p = Position::startpos();
    let mut s = Sennichite::new();
    for pmn in [
        "g2-h2", "b7-a7", "h2-g2", "a7-b7", "g2-f2", "b7-a7", "f2-g2", "a7-b7",
    ] {
        let m = p.parse_pmn(pmn).unwrap();
        s.record(&p, m);
        p.play(m).unwrap();
    }
    assert!(s.forbids(&p, p.parse_pmn("g2-h2").unwrap()));
    assert!(s.forbids(&p, p.parse_pmn("g2-f2").unwrap()));
    assert!(!s.forbids(&p, p.parse_pmn("g2-e2").unwrap()));
}

#[test]
fn jeweled_king_round_trip() {
    let gote = "lnsik^'snl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIK^SNL / O/o";
    let sente = "lnsik^snl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIK^'SNL / O/o";
    for f in [gote, sente] {
        let p = pos(f);
        assert_eq!(p.to_feen(), f);
        assert_eq!(p, Position::startpos(), "identity ignores the marker (R5)");
        assert_eq!(p.zobrist(), Position::startpos().zobrist());
        assert_eq!(p.perft(2), 625);
    }
    let p = play(&play(&pos(gote), "e3-e4"), "e8-e7");
    assert_eq!(
        p.to_feen(),
        "lnsi1snl/1r2k^'1b1/pppppppp/8/4P3/PPPP1PPP/1B4R1/LNSIK^SNL / O/o"
    );
    assert!(p.is_jeweled(Square::parse("e7").unwrap()));
}

#[test]
fn pmn_canonical_output_and_lenient_input() {
    let p = Position::startpos();
    let m = p.parse_pmn("e3-e4").unwrap();
    assert_eq!(p.move_to_pmn(m), "e3-e4");
    // c3+c4 with the explicit default suffix
    let p = pos("lnsik^snl/1r4b1/pp1ppppp/8/2p5/PPPPPPPP/1B4R1/LNSIK^SNL / O/o");
    assert_eq!(p.move_to_pmn(p.parse_pmn("c3+c4/P").unwrap()), "c3+c4");
    assert_eq!(p.move_to_pmn(p.parse_pmn("c3+c4").unwrap()), "c3+c4");
    assert!(p.parse_pmn("c3-c4").is_err(), "a capture is written +");
    // drops: S*c3, *c3 and *-c3 when unambiguous
    let p = pos("4k^3/8/8/8/8/8/8/4K^3 S/ O/o");
    for s in ["S*c3", "*c3", "*-c3"] {
        assert_eq!(p.move_to_pmn(p.parse_pmn(s).unwrap()), "S*c3");
    }
    assert!(matches!(
        p.parse_pmn("s*c3"),
        Err(MoveError::Illegal(IllegalMove {
            reason: IllegalReason::ForeignPiece(_),
            ..
        }))
    ));
    // ambiguous inferred drop names the candidates; unambiguous on the last rank
    let p = pos("4k^3/8/8/8/8/8/8/4K^3 LS/ O/o");
    match p.parse_pmn("*e5") {
        Err(MoveError::AmbiguousDrop { candidates, .. }) => {
            assert_eq!(candidates, ["S*e5", "L*e5"])
        }
        other => panic!("{other:?}"),
    }
    assert_eq!(p.move_to_pmn(p.parse_pmn("*a8").unwrap()), "S*a8");
    // bad input: typed errors
    let p = Position::startpos();
    for bad in [
        "", "e3e4", "e9-e4", "i3-i4", "...", "+e3", "e3~e4", "e3=+P", "e3-e4-", "e3-e4=", "e3-e4=Q",
    ] {
        assert!(p.parse_pmn(bad).is_err(), "{bad}");
    }
    assert!(matches!(
        p.parse_pmn("a1-a2=+L/+L/+L/+L/+L/+L/+L"),
        Err(MoveError::Pmn {
            reason: PmnReason::Syntax(tegoma_notation::pmn::PmnError::TooLong { .. }),
            ..
        })
    ));
    for (pmn, square) in [("e4-e5", "e4"), ("e6-e5", "e6")] {
        assert_eq!(
            p.parse_pmn(pmn).unwrap_err().to_string(),
            format!("illegal move {pmn}: no piece of the side to move on {square}")
        );
    }
    assert!(matches!(
        p.parse_pmn("e3-e5"),
        Err(MoveError::Illegal { .. })
    ));
}

#[test]
fn bad_feen_gives_typed_errors() {
    use tegoma_notation::NotationError;
    for (f, kind) in [
        (
            "rnbqk^bnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQK^BNR / C/c",
            "Styles",
        ),
        ("4k^3/8/8/8/8/8/8/4Q3 / O/o", "ForeignPiece"),
        ("4k3/8/8/8/8/8/8/4K^3 / O/o", "ForeignPiece"),
        ("4k^3/8/8/8/8/8/8/4+K^3 / O/o", "ForeignPiece"),
        ("4k^3/8/8/8/8/8/8/3P'K^3 / O/o", "ForeignPiece"),
        ("4k^3/8/8/8/8/8/8/3-PK^3 / O/o", "ForeignPiece"),
        ("4k^3/8/8/8/8/8/8/4K^3 p/ O/o", "HandPiece"),
        ("4k^3/8/8/8/8/8/8/4K^3 /Q o/O", "HandPiece"),
        ("4k^3/8/8/8/8/8/4K^3 / O/o", "BoardShape"),
        ("4k^3/8/8/8/8/8/8/4K^3 / O/c", "Styles"),
        ("nonsense", "FieldCount"),
    ] {
        let e = Position::from_feen(f).expect_err(f);
        assert_eq!(e.kind(), kind, "{f}: {e}");
    }
}

#[test]
fn statuses_check_checkmate_stalemate_bareking() {
    // the second player's lone King on a8: Dragon b6 covers a7 b7 b8; rook h8 checks along rank 8
    let p = pos("k^6R/8/1+R6/8/8/8/8/4K^3 / o/O");
    let s = p.statuses();
    assert!(
        s.contains(Status::Check) && s.contains(Status::Checkmate),
        "{s:?}"
    );
    assert!(s.contains(Status::Bareking) && !s.contains(Status::Stale));
    // without the rook: stale and every move into check
    let p = pos("k^7/8/1+R6/8/8/8/8/4K^3 / o/O");
    let s = p.statuses();
    assert!(
        s.contains(Status::Stale) && s.contains(Status::Stalemate),
        "{s:?}"
    );
    assert!(!s.contains(Status::Check) && !s.contains(Status::Nomove));
    // a check that can be escaped
    let p = pos("4k^3/8/8/8/8/8/8/4R2K^ / o/O");
    let s = p.statuses();
    assert!(s.contains(Status::Check) && !s.contains(Status::Checkmate));
    assert_eq!(Position::startpos().statuses().len(), 1);
}

#[test]
fn incremental_zobrist_agrees_along_random_games() {
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut l = MoveList::new();
    for _ in 0..30 {
        let mut p = Position::startpos();
        for _ in 0..150 {
            p.legal_moves_into(&mut l);
            if l.is_empty() {
                break;
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            let m = l.as_slice()[(seed % l.len() as u64) as usize];
            let pmn = p.move_to_pmn(m);
            assert_eq!(p.parse_pmn(&pmn), Ok(m), "{pmn} in {}", p.to_feen());
            p.play(m).unwrap();
            assert_eq!(p.zobrist(), p.zobrist_from_scratch());
            let back = pos(&p.to_feen());
            assert_eq!(back, p);
            assert_eq!(back.zobrist(), p.zobrist());
        }
    }
}

#[test]
fn move_limit_resetting_moves() {
    let p = pos("4k^3/8/8/4r3/4P3/8/8/4K^3 P/ O/o");
    assert!(
        p.parse_pmn("e4+e5").unwrap().resets_move_limit(),
        "a capture"
    );
    assert!(!p.parse_pmn("e1-e2").unwrap().resets_move_limit());
    let p = pos("4k^3/8/8/8/4P3/8/8/4K^3 +P/ O/o");
    assert!(
        p.parse_pmn("e4-e5").unwrap().resets_move_limit(),
        "an unpromoted pawn move"
    );
    assert!(
        !p.parse_pmn("+P*a5").unwrap().resets_move_limit(),
        "drops do not reset"
    );
}
