//! The exported GGN tables: the seeds' samples appear in them, they are valid under the
//! notation crate's GGN reader, canonical and deterministic, and hand-counted destination sets
//! match.

use tegoma_ggn::export;
use tegoma_notation::ggn::{Ggn, Location};
use tegoma_notation::qpi::Qpi;

/// The GGN samples of `chess-rule-system.txt` (§5), copied verbatim from the seed.
const CHESS_SAMPLES: &[&str] = &[
    r#"{"C:K^":{"e4":{"d3":[{ "must": { "d3": "empty" } }, { "must": { "d3": "enemy" } }],"d4":[{ "must": { "d4": "empty" } }, { "must": { "d4": "enemy" } }],"d5":[{ "must": { "d5": "empty" } }, { "must": { "d5": "enemy" } }],"e3":[{ "must": { "e3": "empty" } }, { "must": { "e3": "enemy" } }],"e5":[{ "must": { "e5": "empty" } }, { "must": { "e5": "enemy" } }],"f3":[{ "must": { "f3": "empty" } }, { "must": { "f3": "enemy" } }],"f4":[{ "must": { "f4": "empty" } }, { "must": { "f4": "enemy" } }],"f5":[{ "must": { "f5": "empty" } }, { "must": { "f5": "enemy" } }]}}}"#,
    r#"{"C:Q":{"d1":{"d4":[{ "must": { "d2": "empty", "d3": "empty", "d4": "empty" } },{ "must": { "d2": "empty", "d3": "empty", "d4": "enemy" } }],"a4":[{ "must": { "c2": "empty", "b3": "empty", "a4": "empty" } },{ "must": { "c2": "empty", "b3": "empty", "a4": "enemy" } }]}}}"#,
    r#"{"C:+R":{"a1":{"a4":[{ "must": { "a2": "empty", "a3": "empty", "a4": "empty" } },{ "must": { "a2": "empty", "a3": "empty", "a4": "enemy" } }]}}}"#,
    r#"{"C:B":{"c1":{"f4":[{ "must": { "d2": "empty", "e3": "empty", "f4": "empty" } },{ "must": { "d2": "empty", "e3": "empty", "f4": "enemy" } }]}}}"#,
    r#"{"C:N":{"b1":{"a3":[{ "must": { "a3": "empty" } }, { "must": { "a3": "enemy" } }],"c3":[{ "must": { "c3": "empty" } }, { "must": { "c3": "enemy" } }]}}}"#,
    r#"{"C:+P":{"e2":{"e3":[{ "must": { "e3": "empty" } }],"e4":[{ "must": { "e3": "empty", "e4": "empty" } }],"d3":[{ "must": { "d3": "enemy" } }],"f3":[{ "must": { "f3": "enemy" } }]}},"C:P":{"e3":{"e4":[{ "must": { "e4": "empty" } }],"d4":[{ "must": { "d4": "enemy" } }],"f4":[{ "must": { "f4": "enemy" } }]}}}"#,
    r#"{"C:+K^":{"e1":{"g1":[{ "must": { "f1": "empty", "g1": "empty", "h1": "C:+R" } }],"c1":[{ "must": { "d1": "empty", "c1": "empty", "b1": "empty", "a1": "C:+R" } }]}}}"#,
    r#"{"c:+k^":{"e8":{"g8":[{ "must": { "f8": "empty", "g8": "empty", "h8": "c:+r" } }],"c8":[{ "must": { "d8": "empty", "c8": "empty", "b8": "empty", "a8": "c:+r" } }]}}}"#,
];

/// The en passant sample (§5.10): its destinations also hold the ordinary pawn capture, so the
/// sample's possibility is one of the export's.
const CHESS_EN_PASSANT: &str = r#"{"C:P":{"e5":{"d6":[{ "must": { "d5": "c:-p", "d6": "empty" } }],"f6":[{ "must": { "f5": "c:-p", "f6": "empty" } }]}},"c:p":{"e4":{"d3":[{ "must": { "d4": "C:-P", "d3": "empty" } }],"f3":[{ "must": { "f4": "C:-P", "f3": "empty" } }]}}}"#;

/// The GGN samples of `ogi-rule-system.txt` (§5), copied verbatim from the seed.
const OGI_SAMPLES: &[&str] = &[
    r#"{"O:K^":{"e4":{"d3":[{ "must": { "d3": "empty" } }, { "must": { "d3": "enemy" } }],"d4":[{ "must": { "d4": "empty" } }, { "must": { "d4": "enemy" } }],"d5":[{ "must": { "d5": "empty" } }, { "must": { "d5": "enemy" } }],"e3":[{ "must": { "e3": "empty" } }, { "must": { "e3": "enemy" } }],"e5":[{ "must": { "e5": "empty" } }, { "must": { "e5": "enemy" } }],"f3":[{ "must": { "f3": "empty" } }, { "must": { "f3": "enemy" } }],"f4":[{ "must": { "f4": "empty" } }, { "must": { "f4": "enemy" } }],"f5":[{ "must": { "f5": "empty" } }, { "must": { "f5": "enemy" } }]}}}"#,
    r#"{"O:I":{"d4":{"b2":[{ "must": { "c3": "empty", "b2": "empty" } }, { "must": { "c3": "empty", "b2": "enemy" } }],"c2":[{ "must": { "c2": "empty" } }, { "must": { "c2": "enemy" } }],"e2":[{ "must": { "e2": "empty" } }, { "must": { "e2": "enemy" } }],"b3":[{ "must": { "b3": "empty" } }, { "must": { "b3": "enemy" } }],"f3":[{ "must": { "f3": "empty" } }, { "must": { "f3": "enemy" } }],"b5":[{ "must": { "b5": "empty" } }, { "must": { "b5": "enemy" } }],"f5":[{ "must": { "f5": "empty" } }, { "must": { "f5": "enemy" } }],"c6":[{ "must": { "c6": "empty" } }, { "must": { "c6": "enemy" } }],"e6":[{ "must": { "e6": "empty" } }, { "must": { "e6": "enemy" } }]}}}"#,
    r#"{"O:+I":{"d4":{"d3":[{ "must": { "d3": "empty" } }, { "must": { "d3": "enemy" } }],"d5":[{ "must": { "d5": "empty" } }, { "must": { "d5": "enemy" } }],"c4":[{ "must": { "c4": "empty" } }, { "must": { "c4": "enemy" } }],"e4":[{ "must": { "e4": "empty" } }, { "must": { "e4": "enemy" } }]}}}"#,
    r#"{"O:R":{"a1":{"a4":[{ "must": { "a2": "empty", "a3": "empty", "a4": "empty" } },{ "must": { "a2": "empty", "a3": "empty", "a4": "enemy" } }]}}}"#,
    r#"{"O:+R":{"d4":{"c3":[{ "must": { "c3": "empty" } }, { "must": { "c3": "enemy" } }],"c5":[{ "must": { "c5": "empty" } }, { "must": { "c5": "enemy" } }],"e3":[{ "must": { "e3": "empty" } }, { "must": { "e3": "enemy" } }],"e5":[{ "must": { "e5": "empty" } }, { "must": { "e5": "enemy" } }]}}}"#,
    r#"{"O:B":{"c1":{"f4":[{ "must": { "d2": "empty", "e3": "empty", "f4": "empty" } },{ "must": { "d2": "empty", "e3": "empty", "f4": "enemy" } }]}}}"#,
    r#"{"O:+B":{"d4":{"d3":[{ "must": { "d3": "empty" } }, { "must": { "d3": "enemy" } }],"d5":[{ "must": { "d5": "empty" } }, { "must": { "d5": "enemy" } }],"c4":[{ "must": { "c4": "empty" } }, { "must": { "c4": "enemy" } }],"e4":[{ "must": { "e4": "empty" } }, { "must": { "e4": "enemy" } }]}}}"#,
    r#"{"O:S":{"d4":{"c3":[{ "must": { "c3": "empty" } }, { "must": { "c3": "enemy" } }],"e3":[{ "must": { "e3": "empty" } }, { "must": { "e3": "enemy" } }],"c5":[{ "must": { "c5": "empty" } }, { "must": { "c5": "enemy" } }],"d5":[{ "must": { "d5": "empty" } }, { "must": { "d5": "enemy" } }],"e5":[{ "must": { "e5": "empty" } }, { "must": { "e5": "enemy" } }]}}}"#,
    r#"{"O:+S":{"d4":{"c4":[{ "must": { "c4": "empty" } }, { "must": { "c4": "enemy" } }],"e4":[{ "must": { "e4": "empty" } }, { "must": { "e4": "enemy" } }],"d3":[{ "must": { "d3": "empty" } }, { "must": { "d3": "enemy" } }],"d5":[{ "must": { "d5": "empty" } }, { "must": { "d5": "enemy" } }],"c5":[{ "must": { "c5": "empty" } }, { "must": { "c5": "enemy" } }],"e5":[{ "must": { "e5": "empty" } }, { "must": { "e5": "enemy" } }]}}}"#,
    r#"{"O:N":{"b1":{"a3":[{ "must": { "a3": "empty" } }, { "must": { "a3": "enemy" } }],"c3":[{ "must": { "c3": "empty" } }, { "must": { "c3": "enemy" } }]}}}"#,
    r#"{"O:L":{"a1":{"a4":[{ "must": { "a2": "empty", "a3": "empty", "a4": "empty" } }, { "must": { "a2": "empty", "a3": "empty", "a4": "enemy" } }]}}}"#,
    r#"{"O:P":{"e4":{"e5":[{ "must": { "e5": "empty" } }, { "must": { "e5": "enemy" } }]}}}"#,
    r#"{"O:P":{"*":{"e5":[{ "must": { "e5": "empty" } }]}},"O:+P":{"*":{"e5":[{ "must": { "e5": "empty" } }]}}}"#,
];

/// Every destination of `sample` is in `table` with exactly the same possibility list, or (for
/// `contained`) with every sample possibility among the table's.
fn check_sample(table: &Ggn, sample: &str, contained: bool) {
    let sample = Ggn::from_json(sample).expect("the seed sample is valid GGN");
    let mut n = 0;
    for (piece, sources) in sample.pieces() {
        for (source, dests) in sources {
            for (dest, poss) in dests {
                let got = table.possibilities(piece, source, dest);
                if contained {
                    for p in poss {
                        assert!(
                            got.contains(p),
                            "{piece} {source}->{dest}: {p:?} missing from {got:?}"
                        );
                    }
                } else {
                    assert_eq!(got, poss.as_slice(), "{piece} {source}->{dest}");
                }
                n += 1;
            }
        }
    }
    assert!(n > 0);
}

#[test]
fn chess_contains_the_seed_samples_verbatim() {
    let t = export("chess").unwrap();
    for s in CHESS_SAMPLES {
        check_sample(&t, s, false);
    }
    check_sample(&t, CHESS_EN_PASSANT, true);
    // The en passant destinations also hold the ordinary capture: two possibilities exactly.
    let p: Qpi = "C:P".parse().unwrap();
    let e5: Location = "e5".parse().unwrap();
    let d6: Location = "d6".parse().unwrap();
    assert_eq!(t.possibilities(&p, &e5, &d6).len(), 2);
}

#[test]
fn ogi_contains_the_seed_samples_verbatim() {
    let t = export("ogi").unwrap();
    for s in OGI_SAMPLES {
        check_sample(&t, s, false);
    }
}

#[test]
fn exports_are_valid_canonical_and_deterministic() {
    for game in ["chess", "ogi"] {
        let a = export(game).unwrap().to_json();
        let b = export(game).unwrap().to_json();
        assert_eq!(a, b, "{game}: two runs differ");
        let parsed = Ggn::from_json(&a).expect("valid under the GGN reader");
        assert_eq!(parsed.to_json(), a, "{game}: not canonical");
        assert!(a.len() > 500_000, "{game}: {} bytes", a.len());
    }
    assert!(export("xiangqi").is_none());
}

fn dests(t: &Ggn, piece: &str, source: &str) -> Vec<String> {
    let q: Qpi = piece.parse().unwrap();
    let s: Location = source.parse().unwrap();
    t.destinations(&q, &s)
        .map(|d| d.keys().map(ToString::to_string).collect())
        .unwrap_or_default()
}

/// Destination sets counted by hand on an empty board.
#[test]
fn hand_counted_destinations() {
    let c = export("chess").unwrap();
    assert_eq!(dests(&c, "C:Q", "d1").len(), 21);
    assert_eq!(dests(&c, "C:N", "a1"), ["b3", "c2"]);
    assert_eq!(dests(&c, "c:n", "h8"), ["f7", "g6"]);
    assert_eq!(dests(&c, "C:+K^", "e1").len(), 7); // 5 steps + 2 castlings
    assert_eq!(dests(&c, "C:+K^", "e2").len(), 0); // never off its square
    assert_eq!(dests(&c, "c:+p", "e7"), ["d6", "e5", "e6", "f6"]);
    assert_eq!(dests(&c, "c:p", "e4"), ["d3", "e3", "f3"]);
    assert_eq!(dests(&c, "C:P", "a7"), ["a8", "b8"]);
    assert_eq!(dests(&c, "C:-P", "a4"), ["a5", "b5"]);
    assert!(dests(&c, "C:P", "a8").is_empty());
    let (pieces, _, _, _) = c.counts();
    assert_eq!(pieces, 20);

    let o = export("ogi").unwrap();
    assert_eq!(dests(&o, "O:+R", "d4").len(), 18);
    assert_eq!(dests(&o, "O:I", "a1").len(), 9); // 7 diagonal + 2 jumps
    assert_eq!(dests(&o, "o:n", "b8"), ["a6", "c6"]);
    assert_eq!(dests(&o, "o:l", "a8").len(), 7);
    assert_eq!(dests(&o, "O:N", "a7").len(), 0);
    assert_eq!(dests(&o, "o:s", "d4"), ["c3", "c5", "d3", "e3", "e5"]);
    assert_eq!(dests(&o, "O:+P", "*").len(), 64);
    assert!(dests(&o, "O:K^", "*").is_empty());
    let (pieces, _, _, _) = o.counts();
    assert_eq!(pieces, 30);
}
