//! The GGN engine on hand-built positions: each Chess mutation and filter of the description,
//! each Ōgi rule, and typed errors for bad descriptions and tables.

use tegoma_ggn::{export, Description, Engine, EngineError, GgnMove};
use tegoma_notation::ggn::Ggn;
use tegoma_notation::NotationError;
use tegoma_protocol::Position;

const CHESS: &str = include_str!("../../../games/chess/description.json");
const OGI: &str = include_str!("../../../games/ogi/description.json");

fn chess() -> Engine {
    Engine::new(
        &export("chess").unwrap(),
        Description::from_json(CHESS).unwrap(),
    )
    .unwrap()
}

fn ogi() -> Engine {
    Engine::new(
        &export("ogi").unwrap(),
        Description::from_json(OGI).unwrap(),
    )
    .unwrap()
}

fn find(e: &Engine, p: &Position, pmn: &str) -> GgnMove {
    let mut v = Vec::new();
    e.append_legal_moves(p, &mut v);
    *v.iter()
        .find(|m| m.pmn(e.board()) == pmn)
        .unwrap_or_else(|| panic!("{pmn} is not legal"))
}

fn after(e: &Engine, feen: &str, pmn: &str) -> String {
    let p = e.position(feen).unwrap();
    e.after_unchecked(&p, &find(e, &p, pmn)).to_feen().unwrap()
}

#[test]
fn chess_start_and_markers() {
    let e = chess();
    assert_eq!(e.legal_pmn(e.initial()).len(), 20);
    assert_eq!(e.perft(e.initial(), 3), 8_902); // published perft(3)
    let start = e.initial().to_feen().unwrap();
    // A double step marks the pawn -P; the mark expires after the opponent's reply.
    let a = after(&e, &start, "e2-e4");
    assert_eq!(
        a,
        "+rnbq+k^bn+r/+p+p+p+p+p+p+p+p/8/8/4-P3/8/+P+P+P+P1+P+P+P/+RNBQ+K^BN+R / c/C"
    );
    let b = after(&e, &a, "g8-f6");
    assert_eq!(
        b,
        "+rnbq+k^b1+r/+p+p+p+p+p+p+p+p/5n2/8/4P3/8/+P+P+P+P1+P+P+P/+RNBQ+K^BN+R / C/c"
    );
    // A king move drops both rights: the king and both rooks lose their marks.
    let c = after(&e, "+r3+k^2+r/8/8/8/8/8/8/+R3+K^2+R / C/c", "e1-e2");
    assert_eq!(c, "+r3+k^2+r/8/8/8/8/8/4K^3/R6R / c/C");
    // A rook move drops one right; the king keeps the other.
    let d = after(&e, "+r3+k^2+r/8/8/8/8/8/8/+R3+K^2+R / C/c", "h1-h2");
    assert_eq!(d, "+r3+k^2+r/8/8/8/8/8/7R/+R3+K^3 / c/C");
    // Capturing a rook on its corner removes the victim's right; the captured rook enters the
    // captor's hand as it stood.
    let f = after(&e, "+r3+k^3/8/8/8/8/8/8/4+K^2+R / C/c", "h1-h8");
    assert_eq!(f, "+r3+k^2R/8/8/8/8/8/8/4K^3 / c/C");
}

#[test]
fn chess_castling_filters() {
    let e = chess();
    // The rook on f5 attacks f1: no kingside castling; queenside allowed.
    let p = e
        .position("+r3+k^2+r/8/8/5r2/8/8/8/+R3+K^2+R / C/c")
        .unwrap();
    let m = e.legal_pmn(&p);
    assert!(!m.contains(&"e1~g1".to_string()));
    assert!(m.contains(&"e1~c1".to_string()));
    let mut pseudo = Vec::new();
    e.pseudo_legal_moves(&p, &mut pseudo);
    assert!(pseudo.iter().any(|x| x.pmn(e.board()) == "e1~g1"));
    // b1 attacked does not forbid the queenside castling.
    let p = e
        .position("+r3+k^2+r/8/8/1r6/8/8/8/+R3+K^2+R / C/c")
        .unwrap();
    let m = e.legal_pmn(&p);
    assert!(m.contains(&"e1~c1".to_string()) && m.contains(&"e1~g1".to_string()));
    // In check: no castling at all.
    let p = e
        .position("+r3+k^2+r/8/8/4r3/8/8/8/+R3+K^2+R / C/c")
        .unwrap();
    assert!(!e.legal_pmn(&p).iter().any(|m| m.contains('~')));
    // The castling itself: the rook follows onto f1, both lose their marks.
    assert_eq!(
        after(&e, "+r3+k^2+r/8/8/8/8/8/8/+R3+K^2+R / C/c", "e1~g1"),
        "+r3+k^2+r/8/8/8/8/8/8/R4RK^1 / c/C"
    );
}

#[test]
fn chess_en_passant_and_promotion() {
    let e = chess();
    let feen = "4k^3/8/8/3-pP3/8/8/8/4K^3 / C/c";
    let p = e.position(feen).unwrap();
    assert!(e.legal_pmn(&p).contains(&"e5~d6".to_string()));
    assert_eq!(after(&e, feen, "e5~d6"), "4k^3/8/3P4/8/8/8/8/4K^3 -p/ c/C");
    // A plain p beside the pawn cannot be taken en passant.
    let p = e.position("4k^3/8/8/3pP3/8/8/8/4K^3 / C/c").unwrap();
    assert!(!e.legal_pmn(&p).iter().any(|m| m.contains('~')));
    // Promotion is forced, to Q, R, B or N: 4 promotions and 5 king moves.
    let p = e.position("4k^3/P7/8/8/8/8/8/4K^3 / C/c").unwrap();
    let m = e.legal_pmn(&p);
    assert_eq!(m.len(), 9, "{m:?}");
    for x in ["a7-a8=Q", "a7-a8=R", "a7-a8=B", "a7-a8=N"] {
        assert!(m.contains(&x.to_string()));
    }
    let p = e.position("4k^3/8/8/8/8/8/p7/4K^3 / c/C").unwrap();
    assert!(e.legal_pmn(&p).contains(&"a2-a1=q".to_string()));
    // Checkmate and stalemate.
    let mate = e.position("k^7/1Q6/1K^6/8/8/8/8/8 / c/C").unwrap();
    // Black has only its King: bareking too (CGSN), as the chess rule system reports.
    assert_eq!(e.statuses(&mate).to_string(), "check checkmate bareking");
    let stale = e.position("k^7/8/1Q6/8/8/8/8/2K^5 / c/C").unwrap();
    assert_eq!(e.statuses(&stale).to_string(), "stale stalemate bareking");
}

#[test]
fn ogi_rules() {
    let e = ogi();
    assert_eq!(e.legal_pmn(e.initial()).len(), 25);
    assert_eq!(e.perft(e.initial(), 3), 14_850); // the Ōgi oracle's count
                                                 // The Jeweled King (`'`) moves like the King and keeps its mark.
    let jewel = "lnsik^'snl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIK^SNL / o/O";
    let p = e.position(jewel).unwrap();
    assert_eq!(e.legal_pmn(&p).len(), 25);
    assert_eq!(
        after(&e, jewel, "e8-e7"),
        "lnsi1snl/1r2k^'1b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIK^SNL / O/o"
    );
    // King's privilege: two moves when the King captures a promoted piece.
    let p = e.position("4k^3/8/8/8/8/8/4+r3/4K^3 / O/o").unwrap();
    let m = e.legal_pmn(&p);
    assert!(m.contains(&"e1+e2".to_string()) && m.contains(&"e1+e2/+R".to_string()));
    assert_eq!(
        after(&e, "4k^3/8/8/8/8/8/4+r3/4K^3 / O/o", "e1+e2/+R"),
        "4k^3/8/8/8/8/8/4K^3/8 +R/ o/O"
    );
    assert_eq!(
        after(&e, "4k^3/8/8/8/8/8/4+r3/4K^3 / O/o", "e1+e2"),
        "4k^3/8/8/8/8/8/4K^3/8 R/ o/O"
    );
    // Drops: no pawn, no lance on the last rank, no knight on the last two.
    let p = e.position("4k^3/8/8/8/8/8/8/4K^3 LNP/ O/o").unwrap();
    let m = e.legal_pmn(&p);
    assert!(!m.iter().any(|x| x.starts_with("P*")));
    assert_eq!(m.iter().filter(|x| x.starts_with("L*")).count(), 62 - 7);
    assert_eq!(m.iter().filter(|x| x.starts_with("N*")).count(), 62 - 15);
    // Forced and optional promotion.
    let p = e.position("4k^3/P7/6N1/8/8/8/8/4K^3 / O/o").unwrap();
    let m = e.legal_pmn(&p);
    assert!(m.contains(&"a7-a8=+P".to_string()) && !m.contains(&"a7-a8".to_string()));
    assert!(m.contains(&"g6-f8=+N".to_string()) && !m.contains(&"g6-f8".to_string()));
    // No check constraint; a captured king ends the game.
    let p = e.position("4k^3/8/8/8/8/8/8/r3K^3 / O/o").unwrap();
    assert!(e.legal_pmn(&p).contains(&"e1-d1".to_string()));
    let over = e.position("8/8/8/8/8/8/8/4K^3 K^/ o/O").unwrap();
    assert!(e.legal_pmn(&over).is_empty());
    // The second side has no piece: nomove and mareking; the first only its King: bareking.
    assert_eq!(e.statuses(&over).to_string(), "nomove bareking mareking");
}

#[test]
fn bad_descriptions_and_tables_are_typed_errors() {
    let table = export("chess").unwrap();
    let err = |text: &str| -> EngineError {
        match Description::from_json(text) {
            Err(e) => e.into(),
            Ok(d) => Engine::new(&table, d).unwrap_err(),
        }
    };
    assert_eq!(err("{").kind(), "MalformedDescription");
    assert_eq!(err(r#"{"name":"x"}"#).kind(), "MalformedDescription");
    let base: serde_json::Value = serde_json::from_str(CHESS).unwrap();
    let with = |k: &str, v: serde_json::Value| {
        let mut d = base.clone();
        d[k] = v;
        d.to_string()
    };
    assert_eq!(
        err(&with("moved", serde_json::json!({"+K^": "K^^"}))).kind(),
        "InvalidPiece"
    );
    assert_eq!(err(&with("sin", "CC".into())).kind(), "InvalidStyle");
    assert_eq!(
        err(&with("board", serde_json::json!([8]))).kind(),
        "InvalidBoard"
    );
    // The 8x8 table does not fit a 5x5 board.
    assert_eq!(
        err(&with("board", serde_json::json!([5, 5]))).kind(),
        "InvalidTable"
    );
    assert_eq!(
        err(&with("initial", "8/8 / C/c".into())).kind(),
        "InvalidInitial"
    );
    assert_eq!(
        err(&with("unknown", 1.into())).kind(),
        "MalformedDescription"
    );
    // Moves to the hand are not supported.
    let to_hand = Ggn::from_json(r#"{"C:K^":{"e1":{"*":[{}]}}}"#).unwrap();
    let e = Engine::new(&to_hand, Description::from_json(CHESS).unwrap()).unwrap_err();
    assert_eq!(e.kind(), "InvalidTable");
    // Positions of another game are refused.
    let c = chess();
    let e = c.position(e_ogi_start()).unwrap_err();
    assert_eq!(e.kind(), "Styles");
    assert_eq!(e.to_string(), "the styles are O/o, not C/c");
    let e = c.position("nonsense").unwrap_err();
    assert_eq!(e.kind(), "FieldCount");
    let e = c.position("8/8/8/8/8/8/8/4X3 / C/c").unwrap_err();
    assert_eq!(e.to_string(), "X on e1 is not a piece of this game");
}

fn e_ogi_start() -> &'static str {
    "lnsik^snl/1r4b1/pppppppp/8/8/PPPPPPPP/1B4R1/LNSIK^SNL / O/o"
}
