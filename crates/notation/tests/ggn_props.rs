//! Property tests: `parse(write(x)) == x` for generated QPI, LCN and GGN values, and no panic on
//! arbitrary or mutated input.

use proptest::prelude::*;

use tegoma_notation::cell::Cell;
use tegoma_notation::ggn::{Ggn, Location, Possibility, WriteOptions};
use tegoma_notation::lcn::{Condition, Lcn};
use tegoma_notation::qpi::{Qpi, QpiMode};

fn qpi_text(derived: bool) -> impl Strategy<Value = String> {
    (
        any::<bool>(),
        any::<bool>(),
        0u8..26,
        0u8..26,
        prop::sample::select(vec!["", "+", "-"]),
        any::<bool>(),
    )
        .prop_map(move |(up_s, up_p, s, p, state, term)| {
            let up_p = if derived { up_p } else { up_s };
            let s = if up_s { b'A' + s } else { b'a' + s } as char;
            let p = if up_p { b'A' + p } else { b'a' + p } as char;
            format!("{s}:{state}{p}{}", if term { "^" } else { "" })
        })
}

fn qpi() -> impl Strategy<Value = Qpi> {
    qpi_text(false).prop_map(|s| s.parse().unwrap())
}

fn cell() -> impl Strategy<Value = Cell> {
    prop_oneof![
        1 => prop::collection::vec(any::<u8>(), 1..=3),
        4 => prop::collection::vec(0u8..8, 2..=2),
    ]
    .prop_map(|v| Cell::new(&v).unwrap())
}

fn condition() -> impl Strategy<Value = Condition> {
    prop_oneof![
        Just(Condition::Empty),
        Just(Condition::Enemy),
        qpi().prop_map(Condition::Piece),
    ]
}

fn lcn() -> impl Strategy<Value = Lcn> {
    prop::collection::btree_map(cell(), condition(), 0..5)
        .prop_map(|m| Lcn::from_entries(m).unwrap())
}

fn location() -> impl Strategy<Value = Location> {
    prop_oneof![1 => Just(Location::Hand), 6 => cell().prop_map(Location::Square)]
}

fn possibility() -> impl Strategy<Value = Possibility> {
    (lcn(), lcn()).prop_map(|(must, deny)| Possibility { must, deny })
}

fn ggn() -> impl Strategy<Value = Ggn> {
    prop::collection::vec(
        (
            qpi(),
            location(),
            location(),
            prop::collection::vec(possibility(), 0..3),
        ),
        0..12,
    )
    .prop_map(|entries| {
        let mut g = Ggn::new();
        for (q, s, d, ps) in entries {
            if let Ok(list) = g.destination_entry(q, s, d) {
                list.extend(ps);
            }
        }
        g
    })
}

proptest! {
    #[test]
    fn qpi_round_trip(s in qpi_text(false)) {
        let q: Qpi = s.parse().unwrap();
        prop_assert_eq!(q.to_string(), s.clone());
        prop_assert_eq!(s.parse::<Qpi>(), Ok(q));
    }

    #[test]
    fn derived_qpi_round_trip(s in qpi_text(true)) {
        let q = Qpi::parse_with(&s, QpiMode::AllowDerived).unwrap();
        prop_assert_eq!(q.to_string(), s.clone());
        prop_assert_eq!(s.parse::<Qpi>().is_ok(), !q.is_derived());
    }

    #[test]
    fn lcn_round_trip(l in lcn()) {
        let text = l.to_json();
        prop_assert_eq!(Lcn::from_json(&text), Ok(l.clone()));
        let v: serde_json::Value = serde_json::from_str(&text).unwrap();
        prop_assert_eq!(Lcn::from_value(&v), Ok(l));
    }

    #[test]
    fn ggn_round_trip(g in ggn()) {
        let text = g.to_json();
        let back = Ggn::from_json(&text).unwrap();
        prop_assert_eq!(&back, &g);
        prop_assert_eq!(back.to_json(), text);
        let explicit = g.to_json_with(WriteOptions { explicit_empty: true });
        prop_assert_eq!(Ggn::from_json(&explicit).unwrap(), g.clone());
        let pretty = serde_json::to_string_pretty(&g).unwrap();
        prop_assert_eq!(Ggn::from_json(&pretty).unwrap(), g);
    }

    #[test]
    fn ggn_write_is_independent_of_input_order(g in ggn()) {
        // Reversing every object's key order gives the same canonical text.
        let v: serde_json::Value = serde_json::from_str(&g.to_json()).unwrap();
        fn reverse(v: serde_json::Value) -> serde_json::Value {
            match v {
                serde_json::Value::Object(m) => {
                    let mut items: Vec<_> = m.into_iter().collect();
                    items.reverse();
                    serde_json::Value::Object(items.into_iter().map(|(k, v)| (k, reverse(v))).collect())
                }
                serde_json::Value::Array(a) => serde_json::Value::Array(a.into_iter().map(reverse).collect()),
                other => other,
            }
        }
        let text = serde_json::to_string(&reverse(v)).unwrap();
        prop_assert_eq!(Ggn::from_json(&text).unwrap().to_json(), g.to_json());
    }

    #[test]
    fn qpi_never_panics(s in "\\PC{0,8}") {
        let _ = Qpi::parse(&s);
        let _ = Qpi::parse_with(&s, QpiMode::AllowDerived);
    }

    #[test]
    fn lcn_never_panics(s in "[{}\\[\\]\":, a-z0-9*+^:CcP-]{0,40}") {
        let _ = Lcn::from_json(&s);
    }

    #[test]
    fn ggn_never_panics(s in "[{}\\[\\]\":, a-z0-9*+^:CcP-]{0,80}") {
        let _ = Ggn::from_json(&s);
    }

    #[test]
    fn ggn_never_panics_on_unicode(s in "\\PC{0,80}") {
        let _ = Ggn::from_json(&s);
    }

    #[test]
    fn ggn_never_panics_on_mutations(g in ggn(), at in any::<prop::sample::Index>(), byte in any::<u8>()) {
        let mut bytes = g.to_json().into_bytes();
        let i = at.index(bytes.len());
        bytes[i] = byte;
        if let Ok(text) = String::from_utf8(bytes) {
            if let Ok(back) = Ggn::from_json(&text) {
                // Whatever is accepted writes back to a text that reads the same.
                prop_assert_eq!(Ggn::from_json(&back.to_json()).unwrap(), back);
            }
        }
    }
}
