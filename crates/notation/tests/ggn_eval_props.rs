//! Evaluation against an independent, string-based evaluator written from specs.md §13-14:
//! `empty` = no piece, `enemy` = a piece whose PIN letter case is not the active side's, a QPI =
//! the same text; a possibility holds when every `must` entry holds and no `deny` entry does.

use std::collections::{BTreeMap, HashMap};

use proptest::prelude::*;
use serde_json::Value;

use tegoma_notation::cell::Cell;
use tegoma_notation::ggn::{Ggn, Location};
use tegoma_notation::pin::Side;
use tegoma_notation::qpi::Qpi;

const PIECES: [&str; 5] = ["C:P", "c:p", "C:+R", "c:-p", "C:K^"];
const SQUARES: [&str; 9] = ["a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3"];

fn state() -> impl Strategy<Value = String> {
    prop_oneof![
        Just("empty".to_string()),
        Just("enemy".to_string()),
        prop::sample::select(PIECES.to_vec()).prop_map(str::to_string),
    ]
}

fn lcn() -> impl Strategy<Value = Value> {
    prop::collection::btree_map(prop::sample::select(SQUARES.to_vec()), state(), 0..4).prop_map(
        |m| {
            Value::Object(
                m.into_iter()
                    .map(|(k, v)| (k.to_string(), Value::String(v)))
                    .collect(),
            )
        },
    )
}

fn possibility() -> impl Strategy<Value = Value> {
    (prop::option::of(lcn()), prop::option::of(lcn())).prop_map(|(must, deny)| {
        let mut m = serde_json::Map::new();
        if let Some(x) = must {
            m.insert("must".into(), x);
        }
        if let Some(x) = deny {
            m.insert("deny".into(), x);
        }
        Value::Object(m)
    })
}

fn document() -> impl Strategy<Value = Value> {
    let loc = prop_oneof![
        1 => Just("*"),
        6 => prop::sample::select(SQUARES.to_vec()),
    ];
    prop::collection::btree_map(
        prop::sample::select(PIECES.to_vec()),
        prop::collection::btree_map(
            loc.clone(),
            prop::collection::btree_map(loc, prop::collection::vec(possibility(), 0..3), 0..4),
            0..3,
        ),
        1..3,
    )
    .prop_map(|pieces| {
        let mut doc = serde_json::Map::new();
        for (p, sources) in pieces {
            let mut s = serde_json::Map::new();
            for (src, dests) in sources {
                let mut d = serde_json::Map::new();
                for (dst, poss) in dests {
                    if !(src == "*" && dst == "*") {
                        d.insert(dst.to_string(), Value::Array(poss));
                    }
                }
                s.insert(src.to_string(), Value::Object(d));
            }
            doc.insert(p.to_string(), Value::Object(s));
        }
        Value::Object(doc)
    })
}

fn board() -> impl Strategy<Value = BTreeMap<&'static str, &'static str>> {
    prop::collection::btree_map(
        prop::sample::select(SQUARES.to_vec()),
        prop::sample::select(PIECES.to_vec()),
        0..9,
    )
}

fn naive_entry(square: &str, want: &str, board: &BTreeMap<&str, &str>, first: bool) -> bool {
    let occ = board.get(square).copied();
    match want {
        "empty" => occ.is_none(),
        "enemy" => match occ {
            None => false,
            Some(q) => {
                let letter = q.chars().rev().find(|c| c.is_ascii_alphabetic()).unwrap();
                letter.is_ascii_uppercase() != first
            }
        },
        q => occ == Some(q),
    }
}

fn naive(poss: &Value, board: &BTreeMap<&str, &str>, first: bool) -> bool {
    let entries = |k: &str| -> Vec<(String, String)> {
        poss.get(k)
            .and_then(Value::as_object)
            .map(|m| {
                m.iter()
                    .map(|(c, v)| (c.clone(), v.as_str().unwrap().to_string()))
                    .collect()
            })
            .unwrap_or_default()
    };
    entries("must")
        .iter()
        .all(|(c, v)| naive_entry(c, v, board, first))
        && !entries("deny")
            .iter()
            .any(|(c, v)| naive_entry(c, v, board, first))
}

proptest! {
    #[test]
    fn agrees_with_naive_evaluation(doc in document(), b in board(), first in any::<bool>()) {
        let ggn = Ggn::from_value(&doc).unwrap();
        let view: HashMap<Cell, Qpi> = b
            .iter()
            .map(|(c, q)| (c.parse().unwrap(), q.parse().unwrap()))
            .collect();
        let active = if first { Side::First } else { Side::Second };
        for (p, sources) in doc.as_object().unwrap() {
            let piece: Qpi = p.parse().unwrap();
            for (s, dests) in sources.as_object().unwrap() {
                let source: Location = s.parse().unwrap();
                let mut expected_dests = Vec::new();
                for (d, poss) in dests.as_object().unwrap() {
                    let dest: Location = d.parse().unwrap();
                    let expected: Vec<usize> = poss
                        .as_array()
                        .unwrap()
                        .iter()
                        .enumerate()
                        .filter(|(_, x)| naive(x, &b, first))
                        .map(|(i, _)| i)
                        .collect();
                    let got: Vec<usize> = ggn
                        .holding_possibilities(&piece, &source, &dest, &view, active)
                        .collect();
                    prop_assert_eq!(&got, &expected, "{} {} {}", p, s, d);
                    prop_assert_eq!(
                        ggn.is_possible(&piece, &source, &dest, &view, active),
                        !expected.is_empty()
                    );
                    if !expected.is_empty() {
                        expected_dests.push(dest);
                    }
                }
                expected_dests.sort();
                let got: Vec<Location> = ggn
                    .possible_destinations(&piece, &source, &view, active)
                    .collect();
                prop_assert_eq!(got, expected_dests);
            }
        }
    }
}
