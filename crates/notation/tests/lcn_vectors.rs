//! LCN: the vectors of specs.md §13, canonical writing, typed errors and evaluation.

use std::collections::HashMap;

use tegoma_notation::cell::Cell;
use tegoma_notation::lcn::{describe, BoardView, Condition, Lcn, LcnError};
use tegoma_notation::pin::Side;
use tegoma_notation::qpi::{Qpi, QpiMode};
use tegoma_notation::NotationError;

fn cell(s: &str) -> Cell {
    s.parse().unwrap()
}

fn qpi(s: &str) -> Qpi {
    s.parse().unwrap()
}

fn board(pieces: &[(&str, &str)]) -> HashMap<Cell, Qpi> {
    pieces.iter().map(|(c, q)| (cell(c), qpi(q))).collect()
}

#[test]
fn spec_valid_vectors() {
    let l = Lcn::from_json(r#"{"e3":"empty","e4":"empty"}"#).unwrap();
    assert_eq!(l.len(), 2);
    assert_eq!(l.get(&cell("e3")), Some(Condition::Empty));
    assert_eq!(l.get(&cell("e4")), Some(Condition::Empty));

    let l = Lcn::from_json(r#"{"h1":"C:+R","f1":"empty"}"#).unwrap();
    assert_eq!(l.get(&cell("h1")), Some(Condition::Piece(qpi("C:+R"))));
    assert_eq!(l.get(&cell("f1")), Some(Condition::Empty));
    assert_eq!(l.get(&cell("g1")), None);

    let l = Lcn::from_json("{}").unwrap();
    assert!(l.is_empty());
    assert_eq!(l.to_json(), "{}");

    let l = Lcn::from_json(r#" {"d5" : "enemy"} "#).unwrap();
    assert_eq!(l.get(&cell("d5")), Some(Condition::Enemy));
}

#[test]
fn spec_invalid_vectors() {
    let cases: &[(&str, &str)] = &[
        (r#"{"*":"empty"}"#, "HandKey"),
        (r#"{"e4":"occupied"}"#, "UnknownState"),
        (r#"{"e4":"CK"}"#, "UnknownState"),
        (r#"{"e0":"empty"}"#, "InvalidCell"),
        // Beyond the spec's list.
        (r#"{"e4":"C:KK"}"#, "InvalidQpi"),
        (r#"{"e4":"C:k"}"#, "InvalidQpi"),
        (r#"{"e4":"Empty"}"#, "UnknownState"),
        (r#"{"e4":""}"#, "UnknownState"),
        (
            r#"{"e4":"C: this value is far too long for anything"}"#,
            "InvalidQpi",
        ),
        (
            r#"{"e4":"this value is far too long for anything"}"#,
            "UnknownState",
        ),
        (r#"{"e4":1}"#, "NotAString"),
        (r#"{"e4":null}"#, "NotAString"),
        (r#"{"e4":["empty"]}"#, "NotAString"),
        (r#"{"e4":{"a":[1,2]}}"#, "NotAString"),
        (r#"{"e4":"empty","e4":"enemy"}"#, "DuplicateKey"),
        (r#"{"A1":"empty"}"#, "InvalidCell"),
        (
            r#"{"averyveryverylongkeyname1234567":"empty"}"#,
            "InvalidCell",
        ),
        (r#"["e4"]"#, "NotAnObject"),
        (r#""e4""#, "NotAnObject"),
        ("null", "NotAnObject"),
        (r#"{"e4":"empty""#, "MalformedJson"),
        (r#"{"e4":"empty"} x"#, "MalformedJson"),
        ("", "MalformedJson"),
    ];
    for (text, kind) in cases {
        let e = Lcn::from_json(text).unwrap_err();
        assert_eq!(e.kind(), *kind, "{text}: {e}");
    }
    assert_eq!(
        Lcn::from_json(r#"{"e4":"empty","e4":"enemy"}"#),
        Err(LcnError::DuplicateKey { cell: cell("e4") })
    );
    assert_eq!(
        Lcn::from_json(r#"{"e4":7}"#),
        Err(LcnError::NotAString {
            cell: cell("e4"),
            found: "a number"
        })
    );
    // Derived QPI values only behind the option.
    let l = Lcn::from_json_with(r#"{"e4":"C:k"}"#, QpiMode::AllowDerived).unwrap();
    assert_eq!(l.to_json(), r#"{"e4":"C:k"}"#);
}

#[test]
fn canonical_order_is_cell_index_order() {
    let l = Lcn::from_json(
        r#"{"d1":"empty","c1":"empty","b1":"empty","a1":"C:+R","a":"enemy","a1A":"empty","a2":"enemy"}"#,
    )
    .unwrap();
    assert_eq!(
        l.to_json(),
        r#"{"a":"enemy","a1":"C:+R","a2":"enemy","b1":"empty","c1":"empty","d1":"empty","a1A":"empty"}"#
    );
    // Writing is a fixed point and independent of input order.
    let again = Lcn::from_json(&l.to_json()).unwrap();
    assert_eq!(again, l);
    assert_eq!(again.to_json(), l.to_json());
    // serde output agrees with the canonical writer.
    assert_eq!(serde_json::to_string(&l).unwrap(), l.to_json());
}

#[test]
fn from_value_matches_from_text() {
    let text = r#"{"f1":"empty","g1":"empty","h1":"C:+R"}"#;
    let v: serde_json::Value = serde_json::from_str(text).unwrap();
    assert_eq!(Lcn::from_value(&v).unwrap(), Lcn::from_json(text).unwrap());
    let bad: serde_json::Value = serde_json::json!({"*": "empty"});
    assert_eq!(Lcn::from_value(&bad).unwrap_err(), LcnError::HandKey);
}

#[test]
fn evaluation() {
    let b = board(&[
        ("e2", "C:+P"),
        ("d5", "c:-p"),
        ("h1", "C:+R"),
        ("c6", "C:N"),
    ]);
    let first = Side::First;
    let second = Side::Second;
    // empty
    assert!(Condition::Empty.holds(b.occupant(&cell("e3")), first));
    assert!(!Condition::Empty.holds(b.occupant(&cell("e2")), first));
    // enemy: a piece of the other side than the active one.
    assert!(Condition::Enemy.holds(b.occupant(&cell("d5")), first));
    assert!(!Condition::Enemy.holds(b.occupant(&cell("d5")), second));
    assert!(!Condition::Enemy.holds(b.occupant(&cell("c6")), first));
    assert!(Condition::Enemy.holds(b.occupant(&cell("c6")), second));
    assert!(!Condition::Enemy.holds(b.occupant(&cell("e3")), first));
    // exact identity
    let ep = Lcn::from_json(r#"{"d5":"c:-p","d6":"empty"}"#).unwrap();
    assert!(ep.all_hold(&b, first));
    let b2 = board(&[("d5", "c:p")]);
    assert!(!ep.all_hold(&b2, first), "c:p is not c:-p");
    let castle = Lcn::from_json(r#"{"f1":"empty","g1":"empty","h1":"C:+R"}"#).unwrap();
    assert!(castle.all_hold(&b, first));
    assert!(!castle.all_hold(&board(&[("h1", "C:R")]), first));
    // all_hold / any_holds on the empty LCN
    assert!(Lcn::new().all_hold(&b, first));
    assert!(!Lcn::new().any_holds(&b, first));
    let mixed = Lcn::from_json(r#"{"e2":"empty","e3":"empty"}"#).unwrap();
    assert!(!mixed.all_hold(&b, first));
    assert!(mixed.any_holds(&b, first));
}

#[test]
fn building_and_describe() {
    let l = Lcn::from_entries([
        (cell("e4"), Condition::Enemy),
        (cell("e3"), Condition::Empty),
    ])
    .unwrap();
    assert_eq!(l.to_json(), r#"{"e3":"empty","e4":"enemy"}"#);
    assert!(Lcn::from_entries([
        (cell("e4"), Condition::Enemy),
        (cell("e4"), Condition::Empty)
    ])
    .is_err());
    assert_eq!(
        describe(r#"{"f1":"empty","g1":"empty","h1":"C:+R","d5":"enemy"}"#).unwrap(),
        "LCN: 4 conditions (2 empty, 1 enemy, 1 piece)"
    );
    assert_eq!(describe(r#"{"*":"empty"}"#).unwrap_err().kind, "HandKey");
    assert!("full".parse::<Condition>().is_err());
    assert_eq!("enemy".parse::<Condition>(), Ok(Condition::Enemy));
}

#[test]
fn size_cap() {
    let big = format!(
        "{{\"a1\":\"{}\"}}",
        "x".repeat(tegoma_notation::lcn::MAX_DOCUMENT_BYTES)
    );
    assert_eq!(Lcn::from_json(&big).unwrap_err().kind(), "DocumentTooLarge");
}

#[test]
fn long_conditions() {
    // More than 16 squares (the reader's stack buffer), written back in CELL index order.
    let cells: Vec<String> = (0..40)
        .rev()
        .map(|i| format!("{}{}", (b'a' + i % 8) as char, i / 8 + 1))
        .collect();
    let body: Vec<String> = cells.iter().map(|c| format!("\"{c}\":\"empty\"")).collect();
    let l = Lcn::from_json(&format!("{{{}}}", body.join(","))).unwrap();
    assert_eq!(l.len(), 40);
    let got: Vec<Cell> = l.iter().map(|(c, _)| c).collect();
    let mut want = got.clone();
    want.sort();
    assert_eq!(got, want);
    assert_eq!(got[0], cell("a1"));
    assert_eq!(got[1], cell("a2"));
    // A duplicate past the buffer is still found.
    let dup = format!("{{{},\"c3\":\"enemy\"}}", body.join(","));
    assert_eq!(
        Lcn::from_json(&dup),
        Err(LcnError::DuplicateKey { cell: cell("c3") })
    );
}
