//! The GGN engine behind the protocol's `RuleSystem` trait: PMN reading
//! with the lenient forms of ruling R1, outcomes, perft.

use tegoma_ggn::{export, Description, Engine};
use tegoma_notation::NotationError;
use tegoma_protocol::{Decision, Position, RuleSystem, Side};

fn engine(game: &str, d: &str) -> Engine {
    Engine::new(&export(game).unwrap(), Description::from_json(d).unwrap()).unwrap()
}

fn chess() -> Engine {
    engine(
        "chess",
        include_str!("../../../games/chess/description.json"),
    )
}

fn ogi() -> Engine {
    engine("ogi", include_str!("../../../games/ogi/description.json"))
}

fn pos(feen: &str) -> Position {
    Position::from_feen(feen).unwrap()
}

#[test]
fn names_and_initial_position() {
    let c = chess();
    assert_eq!(RuleSystem::snn(&c), ["Chess", "Chess"]);
    assert_eq!(
        c.initial_feen(),
        "+rnbq+k^bn+r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/+RNBQ+K^BN+R / C/c"
    );
    let start = RuleSystem::initial(&c).unwrap();
    assert_eq!(RuleSystem::perft(&c, &start, 2), 400);
    assert_eq!(RuleSystem::legal_moves(&c, &start).len(), 20);
    let e4 = c.parse_move(&start, "e2-e4").unwrap();
    let after = c.export(&c.after(&start, e4).unwrap());
    assert_eq!(
        after.to_feen().unwrap(),
        "+rnbq+k^bn+r/+p+p+p+p+p+p+p+p/8/8/4-P3/8/+P+P+P+P1+P+P+P/+RNBQ+K^BN+R / c/C"
    );
    // A foreign position is refused.
    assert!(c.import(&pos("8/8/8/8/8/8/8/4K^3 / O/o")).is_err());
}

#[test]
fn lenient_pmn() {
    let c = chess();
    let start = RuleSystem::initial(&c).unwrap();
    // The implicit marker written explicitly (R1) is accepted and formats short.
    let m = c.parse_move(&start, "e2-e4=-P").unwrap();
    let mut s = String::new();
    c.write_move(&start, m, &mut s).unwrap();
    assert_eq!(s, "e2-e4");
    assert_eq!(
        c.parse_move(&start, "e2-e5").unwrap_err().kind(),
        "IllegalMove"
    );
    assert_eq!(
        c.parse_move(&start, "e2e4").unwrap_err().kind(),
        "InvalidPmn"
    );
    let p = pos("4k^3/P7/8/8/8/8/8/4K^3 / C/c");
    let q = c.parse_move(&p, "a7-a8/Q").unwrap(); // the seed's spelling
    assert_eq!(q.pmn(c.board()), "a7-a8=Q");

    let o = ogi();
    let p = pos("4k^3/8/4P3/8/8/8/4+r3/4K^3 LN/ O/o");
    // The default capture treatment written explicitly.
    assert_eq!(o.parse_move(&p, "e1+e2/R").unwrap().pmn(o.board()), "e1+e2");
    assert_eq!(
        o.parse_move(&p, "e1+e2/+R").unwrap().pmn(o.board()),
        "e1+e2/+R"
    );
    // The seed's "decline promotion" spelling.
    assert_eq!(o.parse_move(&p, "e6-e7/P").unwrap().pmn(o.board()), "e6-e7");
    // A drop without its piece: ambiguous on e5 (lance or knight), illegal on a8 (the last
    // rank bans both) ...
    assert_eq!(o.parse_move(&p, "*e5").unwrap_err().kind(), "AmbiguousDrop");
    assert_eq!(o.parse_move(&p, "*a8").unwrap_err().kind(), "IllegalMove");
    // ... and on a7 only the lance may go.
    assert_eq!(o.parse_move(&p, "*-a7").unwrap().pmn(o.board()), "L*a7");
}

#[test]
fn outcomes() {
    let c = chess();
    let mate = pos("k^7/1Q6/1K^6/8/8/8/8/8 / c/C");
    let out = RuleSystem::outcome(&c, &mate).unwrap();
    assert_eq!(out.decision, Decision::Win(Side::First));
    assert_eq!(out.statuses.to_string(), "checkmate");
    let stale = pos("k^7/8/1Q6/8/8/8/8/2K^5 / c/C");
    assert_eq!(
        RuleSystem::outcome(&c, &stale).unwrap().decision,
        Decision::Draw
    );
    assert!(RuleSystem::outcome(&c, &RuleSystem::initial(&c).unwrap()).is_none());
    let o = ogi();
    let over = pos("8/8/8/8/8/8/8/4K^3 K^/ o/O");
    let out = RuleSystem::outcome(&o, &over).unwrap();
    assert_eq!(out.decision, Decision::Win(Side::First));
    assert_eq!(out.statuses.to_string(), "mareking");
}

mod robustness {
    use super::*;
    use proptest::prelude::*;
    use std::sync::OnceLock;

    fn shared() -> &'static Engine {
        static E: OnceLock<Engine> = OnceLock::new();
        E.get_or_init(ogi)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// No text makes the engine panic: positions, moves and descriptions are typed errors.
        #[test]
        fn arbitrary_text_never_panics(text in "\\PC{0,40}", pmn in "[a-z0-9*+~=/^'.-]{0,12}") {
            let o = shared();
            let _ = o.position(&text);
            let start = RuleSystem::initial(o).unwrap();
            let _ = o.parse_move(&start, &pmn);
            let _ = o.parse_move(&start, &text);
            let _ = Description::from_json(&text);
        }

        /// Every legal move of a random-play position parses back to itself.
        #[test]
        fn moves_round_trip_through_pmn(seed in 0u64..1000) {
            let o = shared();
            let mut p = RuleSystem::initial(o).unwrap();
            let mut list = Vec::new();
            let mut x = seed;
            for _ in 0..(seed % 40) {
                RuleSystem::legal_moves_into(o, &p, &mut list);
                if list.is_empty() {
                    break;
                }
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let m = list[(x >> 33) as usize % list.len()];
                RuleSystem::play(o, &mut p, m).unwrap();
            }
            RuleSystem::legal_moves_into(o, &p, &mut list);
            for m in &list {
                let s = m.pmn(o.board());
                prop_assert_eq!(o.parse_move(&p, &s).unwrap(), *m);
            }
        }
    }
}
