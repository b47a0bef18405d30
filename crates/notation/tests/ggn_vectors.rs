//! GGN: the vectors of specs.md §14.4, the seeds' samples, typed errors with paths, canonical
//! writing and evaluation.

use std::collections::HashMap;

use tegoma_notation::cell::Cell;
use tegoma_notation::ggn::{
    describe, Field, Ggn, GgnError, Location, Path, Possibility, Reach, WriteOptions,
};
use tegoma_notation::lcn::{Lcn, LcnError};
use tegoma_notation::pin::Side;
use tegoma_notation::qpi::{Qpi, QpiMode};
use tegoma_notation::NotationError;

fn cell(s: &str) -> Cell {
    s.parse().unwrap()
}
fn sq(s: &str) -> Location {
    s.parse().unwrap()
}
fn qpi(s: &str) -> Qpi {
    s.parse().unwrap()
}
fn board(pieces: &[(&str, &str)]) -> HashMap<Cell, Qpi> {
    pieces.iter().map(|(c, q)| (cell(c), qpi(q))).collect()
}

const SPEC_VALID: [&str; 4] = [
    r#"{"C:+P":{"e2":{"e3":[{"must":{"e3":"empty"}}],"e4":[{"must":{"e3":"empty","e4":"empty"}}]}}}"#,
    r#"{"C:+K^":{"e1":{"g1":[{"must":{"f1":"empty","g1":"empty","h1":"C:+R"}}]}}}"#,
    r#"{"C:P":{"e5":{"d6":[{"must":{"d5":"c:-p","d6":"empty"}}]}}}"#,
    r#"{"O:P":{"*":{"e5":[{"must":{"e5":"empty"}}]}}}"#,
];

/// The seed samples (chess-rule-system.txt §5.6, 5.8, 5.9, 5.10; ogi-rule-system.txt §5.1),
/// as the seeds print them.
const SEED_PAWN: &str = r#"{
"C:+P": {
"e2": {
"e3": [{ "must": { "e3": "empty" } }],
"e4": [{ "must": { "e3": "empty", "e4": "empty" } }],
"d3": [{ "must": { "d3": "enemy" } }],
"f3": [{ "must": { "f3": "enemy" } }]
}
},
"C:P": {
"e3": {
"e4": [{ "must": { "e4": "empty" } }],
"d4": [{ "must": { "d4": "enemy" } }],
"f4": [{ "must": { "f4": "enemy" } }]
}
}
}"#;

const SEED_CASTLING_WHITE: &str = r#"{
"C:+K^": {
"e1": {
"g1": [{ "must": { "f1": "empty", "g1": "empty", "h1": "C:+R" } }],
"c1": [{ "must": { "d1": "empty", "c1": "empty", "b1": "empty", "a1": "C:+R" } }]
}
}
}"#;

const SEED_CASTLING_BLACK: &str = r#"{
"c:+k^": {
"e8": {
"g8": [{ "must": { "f8": "empty", "g8": "empty", "h8": "c:+r" } }],
"c8": [{ "must": { "d8": "empty", "c8": "empty", "b8": "empty", "a8": "c:+r" } }]
}
}
}"#;

const SEED_EN_PASSANT: &str = r#"{
"C:P": {
"e5": {
"d6": [{ "must": { "d5": "c:-p", "d6": "empty" } }],
"f6": [{ "must": { "f5": "c:-p", "f6": "empty" } }]
}
},
"c:p": {
"e4": {
"d3": [{ "must": { "d4": "C:-P", "d3": "empty" } }],
"f3": [{ "must": { "f4": "C:-P", "f3": "empty" } }]
}
}
}"#;

const SEED_OGI_KING: &str = r#"{
  "O:K^": {
    "e4": {
      "d3": [{ "must": { "d3": "empty" } }, { "must": { "d3": "enemy" } }],
      "d4": [{ "must": { "d4": "empty" } }, { "must": { "d4": "enemy" } }],
      "d5": [{ "must": { "d5": "empty" } }, { "must": { "d5": "enemy" } }],
      "e3": [{ "must": { "e3": "empty" } }, { "must": { "e3": "enemy" } }],
      "e5": [{ "must": { "e5": "empty" } }, { "must": { "e5": "enemy" } }],
      "f3": [{ "must": { "f3": "empty" } }, { "must": { "f3": "enemy" } }],
      "f4": [{ "must": { "f4": "empty" } }, { "must": { "f4": "enemy" } }],
      "f5": [{ "must": { "f5": "empty" } }, { "must": { "f5": "enemy" } }]
    }
  }
}"#;

#[test]
fn spec_valid_vectors_decode_and_round_trip() {
    for text in SPEC_VALID {
        let g = Ggn::from_json(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        // These four are already canonical.
        assert_eq!(g.to_json(), text);
    }
    let g = Ggn::from_json(SPEC_VALID[0]).unwrap();
    let p = g.possibilities(&qpi("C:+P"), &sq("e2"), &sq("e4"));
    assert_eq!(p.len(), 1);
    assert_eq!(p[0].must.to_json(), r#"{"e3":"empty","e4":"empty"}"#);
    assert!(p[0].deny.is_empty());
    let g = Ggn::from_json(SPEC_VALID[3]).unwrap();
    assert_eq!(g.counts(), (1, 1, 1, 1));
    assert!(g.destinations(&qpi("O:P"), &Location::Hand).is_some());
}

#[test]
fn seed_samples_parse_and_keep_their_content() {
    for text in [
        SEED_PAWN,
        SEED_CASTLING_WHITE,
        SEED_CASTLING_BLACK,
        SEED_EN_PASSANT,
        SEED_OGI_KING,
    ] {
        let g = Ggn::from_json(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        // The canonical text is the same JSON value as the seed's text (key order aside).
        let seed: serde_json::Value = serde_json::from_str(text).unwrap();
        let ours: serde_json::Value = serde_json::from_str(&g.to_json()).unwrap();
        assert_eq!(seed, ours);
        assert_eq!(Ggn::from_json(&g.to_json()).unwrap(), g);
    }
    let g = Ggn::from_json(SEED_CASTLING_WHITE).unwrap();
    let g1 = &g.possibilities(&qpi("C:+K^"), &sq("e1"), &sq("g1"))[0];
    assert_eq!(
        g1.must.to_json(),
        r#"{"f1":"empty","g1":"empty","h1":"C:+R"}"#
    );
    let c1 = &g.possibilities(&qpi("C:+K^"), &sq("e1"), &sq("c1"))[0];
    // A standalone LCN is in CELL index order...
    assert_eq!(
        c1.must.to_json(),
        r#"{"a1":"C:+R","b1":"empty","c1":"empty","d1":"empty"}"#
    );
    // ... inside GGN, in distance order from the source, as the seeds write it.
    assert_eq!(
        g.to_json(),
        r#"{"C:+K^":{"e1":{"c1":[{"must":{"d1":"empty","c1":"empty","b1":"empty","a1":"C:+R"}}],"g1":[{"must":{"f1":"empty","g1":"empty","h1":"C:+R"}}]}}}"#
    );
}

/// Every possibility of the seeds, compacted, appears literally in our canonical text.
#[test]
fn seed_possibilities_appear_verbatim() {
    let queen = r#"{"C:Q":{"d1":{"d4":[
        { "must": { "d2": "empty", "d3": "empty", "d4": "empty" } },
        { "must": { "d2": "empty", "d3": "empty", "d4": "enemy" } }],
        "a4": [{ "must": { "c2": "empty", "b3": "empty", "a4": "empty" } },
        { "must": { "c2": "empty", "b3": "empty", "a4": "enemy" } }]}},
        "C:B":{"c1":{"f4":[{ "must": { "d2": "empty", "e3": "empty", "f4": "empty" } },
        { "must": { "d2": "empty", "e3": "empty", "f4": "enemy" } }]}}}"#;
    let mut count = 0;
    for text in [
        SEED_PAWN,
        SEED_CASTLING_WHITE,
        SEED_CASTLING_BLACK,
        SEED_EN_PASSANT,
        SEED_OGI_KING,
        queen,
    ] {
        let ours = Ggn::from_json(text).unwrap().to_json();
        let seed: serde_json::Value = serde_json::from_str(text).unwrap();
        for sources in seed.as_object().unwrap().values() {
            for dests in sources.as_object().unwrap().values() {
                for (dest, poss) in dests.as_object().unwrap() {
                    let literal = format!("\"{dest}\":{}", serde_json::to_string(poss).unwrap());
                    assert!(ours.contains(&literal), "{literal} not in {ours}");
                    count += 1;
                }
            }
        }
        // serde output has the same order.
        let g = Ggn::from_json(text).unwrap();
        assert_eq!(serde_json::to_string(&g).unwrap(), ours);
    }
    assert_eq!(count, 7 + 2 + 2 + 4 + 8 + 3);
}

#[test]
fn spec_invalid_vectors() {
    let cases: &[(&str, &str)] = &[
        (r#"{"invalid":{}}"#, "InvalidPiece"),
        (r#"{"S:P":{"*":{"*":[{"must":{}}]}}}"#, "HandToHand"),
        (r#"{"C:P":{"z0":{"e4":[]}}}"#, "InvalidLocation"),
        (r#"{"C:P":{"e2":{"e4":["must"]}}}"#, "NotAnObject"),
        (r#"{"C:P":{"e2":{"e4":{"must":{}}}}}"#, "NotAnArray"),
        (
            r#"{"C:P":{"e2":{"e4":[{"must":{"e4":"full"}}]}}}"#,
            "UnknownState",
        ),
    ];
    for (text, kind) in cases {
        let e = Ggn::from_json(text).unwrap_err();
        assert_eq!(e.kind(), *kind, "{text}: {e}");
    }
}

#[test]
fn more_invalid_documents() {
    let cases: &[(&str, &str)] = &[
        ("", "MalformedJson"),
        ("{", "MalformedJson"),
        ("{} {}", "MalformedJson"),
        ("[]", "NotAnObject"),
        ("null", "NotAnObject"),
        (r#"{"C:P":[]}"#, "NotAnObject"),
        (r#"{"C:P":{"e2":"e4"}}"#, "NotAnObject"),
        (r#"{"C:P":{"e2":{"e4":null}}}"#, "NotAnArray"),
        (r#"{"C:P":{"e2":{"e4":[[]]}}}"#, "NotAnObject"),
        (r#"{"C:p":{}}"#, "InvalidPiece"),
        (r#"{"C:K'":{}}"#, "InvalidPiece"),
        (r#"{"C:P":{"**":{}}}"#, "InvalidLocation"),
        (r#"{"C:P":{"e2":{"A1":[]}}}"#, "InvalidLocation"),
        (r#"{"C:P":{"e2":{"a1a":[]}}}"#, "InvalidLocation"),
        (r#"{"C:P":{},"C:P":{}}"#, "DuplicateKey"),
        (r#"{"C:P":{"e2":{},"e2":{}}}"#, "DuplicateKey"),
        (r#"{"C:P":{"e2":{"e3":[],"e3":[]}}}"#, "DuplicateKey"),
        (
            r#"{"C:P":{"e2":{"e3":[{"must":{},"must":{}}]}}}"#,
            "DuplicateKey",
        ),
        (
            r#"{"C:P":{"e2":{"e3":[{"must":{"e3":"empty","e3":"empty"}}]}}}"#,
            "DuplicateKey",
        ),
        (r#"{"C:P":{"e2":{"e3":[{"diff":{}}]}}}"#, "UnknownField"),
        (r#"{"C:P":{"e2":{"e3":[{"require":{}}]}}}"#, "UnknownField"),
        (r#"{"C:P":{"e2":{"e3":[{"must":[]}]}}}"#, "NotAnObject"),
        (
            r#"{"C:P":{"e2":{"e3":[{"deny":{"*":"empty"}}]}}}"#,
            "HandKey",
        ),
        (
            r#"{"C:P":{"e2":{"e3":[{"deny":{"e3":"C:k"}}]}}}"#,
            "InvalidQpi",
        ),
        (
            r#"{"C:P":{"e2":{"e3":[{"deny":{"e3":true}}]}}}"#,
            "NotAString",
        ),
    ];
    for (text, kind) in cases {
        let e = Ggn::from_json(text).unwrap_err();
        assert_eq!(e.kind(), *kind, "{text}: {e}");
    }
}

#[test]
fn errors_name_their_path() {
    let e = Ggn::from_json(
        r#"{"C:+P":{"e2":{"e3":[{"must":{"e3":"empty"}}],"e4":[{"must":{"e3":"empty","e4":"full"}}]}}}"#,
    )
    .unwrap_err();
    assert_eq!(
        e,
        GgnError::Condition {
            path: Path::piece(qpi("C:+P"))
                .with_source(sq("e2"))
                .with_destination(sq("e4"))
                .with_possibility(0)
                .with_field(Field::Must),
            error: LcnError::UnknownState {
                cell: cell("e4"),
                value: "full".into()
            }
        }
    );
    assert_eq!(
        e.to_string(),
        "piece C:+P, source e2, destination e4, possibility 0, must: cell e4: unknown state \"full\" (expected \"empty\", \"enemy\" or a QPI)"
    );
    let e = Ggn::from_json(r#"{"S:P":{"*":{"e1":[],"*":[{"must":{}}]}}}"#).unwrap_err();
    assert_eq!(
        e.to_string(),
        "piece S:P, source *, destination *: hand to hand (\"*\" to \"*\") is forbidden"
    );
    let e = Ggn::from_json(r#"{"C:P":{"e2":{"e3":[{},{"x":1}]}}}"#).unwrap_err();
    assert_eq!(
        e.to_string(),
        "piece C:P, source e2, destination e3, possibility 1: unknown key \"x\" (a possibility has only \"must\" and \"deny\")"
    );
    let e = Ggn::from_json(r#"{"invalid":{}}"#).unwrap_err();
    assert!(
        e.to_string().starts_with("document: piece key \"invalid\""),
        "{e}"
    );
    assert_eq!(e.path(), Some(&Path::ROOT));
    let e = Ggn::from_json("{\n\"C:P\": 3").unwrap_err();
    assert_eq!(
        e.to_string(),
        "piece C:P: expected an object, found a number"
    );
    let e = Ggn::from_json("{\n  \"C:P\" ").unwrap_err();
    match e {
        GgnError::Json { line, .. } => assert_eq!(line, 2),
        other => panic!("{other}"),
    }
}

#[test]
fn must_and_deny_are_optional() {
    let g = Ggn::from_json(r#"{"C:N":{"b1":{"c3":[{}],"a3":[{"deny":{"a3":"empty"}}]}}}"#).unwrap();
    let p = g.possibilities(&qpi("C:N"), &sq("b1"), &sq("c3"));
    assert_eq!(p, &[Possibility::default()]);
    assert_eq!(
        g.to_json(),
        r#"{"C:N":{"b1":{"a3":[{"deny":{"a3":"empty"}}],"c3":[{}]}}}"#
    );
    assert_eq!(
        g.to_json_with(WriteOptions {
            explicit_empty: true
        }),
        r#"{"C:N":{"b1":{"a3":[{"must":{},"deny":{"a3":"empty"}}],"c3":[{"must":{},"deny":{}}]}}}"#
    );
    // Explicit empty conditions read back to the same value.
    let g2 = Ggn::from_json(&g.to_json_with(WriteOptions {
        explicit_empty: true,
    }))
    .unwrap();
    assert_eq!(g2, g);
}

#[test]
fn canonical_order() {
    let g = Ggn::from_json(
        r#"{"c:p":{"e7":{"e6":[]}},"C:K^":{"e1":{"e2":[]}},"C:+P":{"e2":{"e4":[],"e3":[],"*":[]},"*":{"e3":[]},"a":{"b":[]}},"C:-P":{}}"#,
    )
    .unwrap();
    assert_eq!(
        g.to_json(),
        r#"{"C:+P":{"a":{"b":[]},"e2":{"e3":[],"e4":[],"*":[]},"*":{"e3":[]}},"C:-P":{},"C:K^":{"e1":{"e2":[]}},"c:p":{"e7":{"e6":[]}}}"#
    );
    // Possibilities keep document order.
    let g = Ggn::from_json(
        r#"{"C:P":{"e2":{"e3":[{"must":{"e3":"enemy"}},{"must":{"e3":"empty"}}]}}}"#,
    )
    .unwrap();
    assert_eq!(
        g.to_json(),
        r#"{"C:P":{"e2":{"e3":[{"must":{"e3":"enemy"}},{"must":{"e3":"empty"}}]}}}"#
    );
    // Pretty output through serde has the same content.
    let pretty = serde_json::to_string_pretty(&g).unwrap();
    assert_eq!(Ggn::from_json(&pretty).unwrap(), g);
    assert_eq!(serde_json::to_string(&g).unwrap(), g.to_json());
}

#[test]
fn spec_evaluation_vectors() {
    let g = Ggn::from_json(SPEC_VALID[0]).unwrap();
    let pawn = qpi("C:+P");
    let b = board(&[("e2", "C:+P")]);
    assert!(g.is_possible(&pawn, &sq("e2"), &sq("e4"), &b, Side::First));
    let b = board(&[("e2", "C:+P"), ("e3", "c:p")]);
    assert!(!g.is_possible(&pawn, &sq("e2"), &sq("e4"), &b, Side::First));
    assert!(!g.is_possible(&pawn, &sq("e2"), &sq("e3"), &b, Side::First));

    let cap = Ggn::from_json(r#"{"C:P":{"e4":{"d5":[{"must":{"d5":"enemy"}}]}}}"#).unwrap();
    let p = qpi("C:P");
    let b = board(&[("e4", "C:P"), ("d5", "c:p")]);
    assert!(cap.is_possible(&p, &sq("e4"), &sq("d5"), &b, Side::First));
    let b = board(&[("e4", "C:P"), ("d5", "C:N")]);
    assert!(!cap.is_possible(&p, &sq("e4"), &sq("d5"), &b, Side::First));
}

#[test]
fn seed_evaluation() {
    // Pawn two-step and captures.
    let g = Ggn::from_json(SEED_PAWN).unwrap();
    let pawn = qpi("C:+P");
    let b = board(&[("e2", "C:+P"), ("d3", "c:n"), ("f3", "C:B")]);
    let d: Vec<Location> = g
        .possible_destinations(&pawn, &sq("e2"), &b, Side::First)
        .collect();
    assert_eq!(d, [sq("d3"), sq("e3"), sq("e4")]);
    let b = board(&[("e2", "C:+P"), ("e4", "c:p")]);
    let d: Vec<Location> = g
        .possible_destinations(&pawn, &sq("e2"), &b, Side::First)
        .collect();
    assert_eq!(d, [sq("e3")]);

    // Castling needs the exact +R identity on h1.
    let g = Ggn::from_json(SEED_CASTLING_WHITE).unwrap();
    let king = qpi("C:+K^");
    let b = board(&[
        ("e1", "C:+K^"),
        ("h1", "C:+R"),
        ("a1", "C:+R"),
        ("b1", "C:N"),
    ]);
    let d: Vec<Location> = g
        .possible_destinations(&king, &sq("e1"), &b, Side::First)
        .collect();
    assert_eq!(d, [sq("g1")]);
    let b = board(&[("e1", "C:+K^"), ("h1", "C:R"), ("a1", "C:+R")]);
    let d: Vec<Location> = g
        .possible_destinations(&king, &sq("e1"), &b, Side::First)
        .collect();
    assert_eq!(d, [sq("c1")]);
    // A king without the + state has no entry here.
    assert_eq!(
        g.possible_destinations(&qpi("C:K^"), &sq("e1"), &b, Side::First)
            .count(),
        0
    );

    // En passant needs c:-p on d5, a plain c:p does not do.
    let g = Ggn::from_json(SEED_EN_PASSANT).unwrap();
    let b = board(&[("e5", "C:P"), ("d5", "c:-p"), ("f5", "c:p")]);
    let r = g.evaluate(&qpi("C:P"), &sq("e5"), &b, Side::First);
    assert_eq!(
        r,
        [Reach {
            destination: sq("d6"),
            possibilities: vec![0]
        }]
    );
    // Black's side.
    let b = board(&[("e4", "c:p"), ("f4", "C:-P"), ("d4", "C:P")]);
    let d: Vec<Location> = g
        .possible_destinations(&qpi("c:p"), &sq("e4"), &b, Side::Second)
        .collect();
    assert_eq!(d, [sq("f3")]);

    // King: empty or enemy, each a possibility of its own.
    let g = Ggn::from_json(SEED_OGI_KING).unwrap();
    let b = board(&[("e4", "O:K^"), ("d5", "o:p"), ("f5", "O:G"), ("e5", "O:P")]);
    let r = g.evaluate(&qpi("O:K^"), &sq("e4"), &b, Side::First);
    let reached: Vec<(String, Vec<usize>)> = r
        .iter()
        .map(|x| (x.destination.to_string(), x.possibilities.clone()))
        .collect();
    let want: Vec<(String, Vec<usize>)> = [
        ("d3", 0),
        ("d4", 0),
        ("d5", 1),
        ("e3", 0),
        ("f3", 0),
        ("f4", 0),
    ]
    .iter()
    .map(|(c, i)| (c.to_string(), vec![*i]))
    .collect();
    assert_eq!(reached, want);
    let held: Vec<usize> = g
        .holding_possibilities(&qpi("O:K^"), &sq("e4"), &sq("d5"), &b, Side::First)
        .collect();
    assert_eq!(held, [1]);
}

#[test]
fn deny_rejects_when_any_entry_holds() {
    let g = Ggn::from_json(
        r#"{"C:R":{"a1":{"a2":[{"must":{"a2":"empty"},"deny":{"b1":"enemy","c1":"C:Q"}}]}}}"#,
    )
    .unwrap();
    let r = qpi("C:R");
    let ok = board(&[("a1", "C:R")]);
    assert!(g.is_possible(&r, &sq("a1"), &sq("a2"), &ok, Side::First));
    let b = board(&[("a1", "C:R"), ("b1", "c:n")]);
    assert!(!g.is_possible(&r, &sq("a1"), &sq("a2"), &b, Side::First));
    let b = board(&[("a1", "C:R"), ("c1", "C:Q")]);
    assert!(!g.is_possible(&r, &sq("a1"), &sq("a2"), &b, Side::First));
    let b = board(&[("a1", "C:R"), ("c1", "C:+Q")]);
    assert!(g.is_possible(&r, &sq("a1"), &sq("a2"), &b, Side::First));
}

#[test]
fn drops_and_moves_to_hand() {
    let g = Ggn::from_json(SPEC_VALID[3]).unwrap();
    let p = qpi("O:P");
    // A drop needs nothing beyond its conditions: the board view says e5 is empty.
    assert!(g.is_possible(&p, &Location::Hand, &sq("e5"), &board(&[]), Side::First));
    assert!(!g.is_possible(
        &p,
        &Location::Hand,
        &sq("e5"),
        &board(&[("e5", "o:p")]),
        Side::First
    ));
    // Unknown piece, source or destination: nothing possible.
    assert!(!g.is_possible(
        &qpi("O:R"),
        &Location::Hand,
        &sq("e5"),
        &board(&[]),
        Side::First
    ));
    assert!(!g.is_possible(&p, &sq("e4"), &sq("e5"), &board(&[]), Side::First));
    assert!(g.possibilities(&p, &Location::Hand, &sq("e6")).is_empty());
    // A move to the hand is a location like any other.
    let g = Ggn::from_json(r#"{"X:K":{"e1":{"*":[{"must":{"e2":"enemy"}}]}}}"#).unwrap();
    let b = board(&[("e2", "x:p")]);
    assert!(g.is_possible(&qpi("X:K"), &sq("e1"), &Location::Hand, &b, Side::First));
}

#[test]
fn building_a_table() {
    let mut g = Ggn::new();
    let must = Lcn::from_json(r#"{"e3":"empty"}"#).unwrap();
    g.add(
        qpi("C:+P"),
        sq("e2"),
        sq("e3"),
        Possibility {
            must,
            deny: Lcn::new(),
        },
    )
    .unwrap();
    assert!(matches!(
        g.add(
            qpi("S:P"),
            Location::Hand,
            Location::Hand,
            Possibility::default()
        ),
        Err(GgnError::HandToHand { .. })
    ));
    assert_eq!(
        g,
        Ggn::from_json(r#"{"C:+P":{"e2":{"e3":[{"must":{"e3":"empty"}}]}}}"#).unwrap()
    );
}

#[test]
fn derived_keys_behind_the_option() {
    let text = r#"{"C:k":{"e1":{"e2":[{"must":{"e2":"c:K"}}]}}}"#;
    assert_eq!(Ggn::from_json(text).unwrap_err().kind(), "InvalidPiece");
    let g = Ggn::from_json_with(text, QpiMode::AllowDerived).unwrap();
    assert_eq!(g.to_json(), text);
}

#[test]
fn from_value_and_describe() {
    let v: serde_json::Value = serde_json::from_str(SEED_PAWN).unwrap();
    assert_eq!(
        Ggn::from_value(&v).unwrap(),
        Ggn::from_json(SEED_PAWN).unwrap()
    );
    assert_eq!(
        describe(SEED_PAWN).unwrap(),
        "GGN: 2 pieces, 2 sources, 7 destinations, 7 possibilities"
    );
    assert_eq!(
        describe(r#"{"invalid":{}}"#).unwrap_err().kind,
        "InvalidPiece"
    );
}

#[test]
fn hostile_inputs_give_errors() {
    let deep = "[".repeat(100_000);
    assert_eq!(Ggn::from_json(&deep).unwrap_err().kind(), "NotAnObject");
    let deep = format!(
        "{{\"C:P\":{{\"e2\":{{\"e3\":[{{\"must\":{{\"e3\":{}}}}}]}}}}}}",
        "[".repeat(100_000)
    );
    assert!(Ggn::from_json(&deep).is_err());
    let deep = format!(
        "{{\"C:P\":{{\"e2\":{{\"e3\":[{{\"must\":{}",
        "{\"a\":".repeat(100_000)
    );
    assert!(Ggn::from_json(&deep).is_err());
    let long_key = format!("{{\"{}\":{{}}}}", "x".repeat(1_000_000));
    let e = Ggn::from_json(&long_key).unwrap_err();
    assert_eq!(e.kind(), "InvalidPiece");
    assert!(e.to_string().len() < 200);
    let big = " ".repeat(tegoma_notation::ggn::MAX_DOCUMENT_BYTES + 1);
    assert_eq!(Ggn::from_json(&big).unwrap_err().kind(), "DocumentTooLarge");
}

/// Worst-case memory: a document at the size cap made of empty possibilities. Ignored (heavy);
/// run with `/usr/bin/time -v cargo test -p tegoma-notation --test ggn_vectors -- --ignored
/// worst_case_memory` and read the maximum resident size (about 16 bytes per text byte).
#[test]
#[ignore]
fn worst_case_memory() {
    let head = r#"{"C:P":{"a1":{"a2":["#;
    let n = (tegoma_notation::ggn::MAX_DOCUMENT_BYTES - head.len() - 8) / 3;
    let mut text = String::with_capacity(tegoma_notation::ggn::MAX_DOCUMENT_BYTES);
    text.push_str(head);
    for i in 0..n {
        text.push_str(if i == 0 { "{}" } else { ",{}" });
    }
    text.push_str("]}}}");
    let g = Ggn::from_json(&text).unwrap();
    assert_eq!(g.counts().3, n);
}
