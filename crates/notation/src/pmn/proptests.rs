//! Property tests: round trips over generated moves, canonicity and no panics on any input.
use super::*;
use crate::NotationError;
use proptest::prelude::*;

fn cell() -> impl Strategy<Value = Cell> {
    proptest::collection::vec(any::<u8>(), 1..=3).prop_map(|v| Cell::new(&v).unwrap())
}

fn piece() -> impl Strategy<Value = Piece> {
    "[-+]?[A-Za-z]\\^?'?".prop_map(|s| Piece::parse(&s).unwrap())
}

fn opt_piece() -> impl Strategy<Value = Option<Piece>> {
    proptest::option::of(piece())
}

/// Every form, 1-3-D cells, every EPIN shape.
pub(crate) fn pmn() -> impl Strategy<Value = Pmn> {
    prop_oneof![
        Just(Pmn::Pass),
        (cell(), cell(), opt_piece()).prop_map(|(from, to, mutation)| Pmn::Quiet {
            from,
            to,
            mutation
        }),
        (cell(), cell(), opt_piece(), opt_piece()).prop_map(
            |(from, to, mutation, capture_mutation)| Pmn::Capture {
                from,
                to,
                mutation,
                capture_mutation
            }
        ),
        (cell(), opt_piece()).prop_map(|(square, capture_mutation)| {
            Pmn::StaticCapture {
                square,
                capture_mutation,
            }
        }),
        (cell(), cell(), opt_piece(), opt_piece()).prop_map(
            |(from, to, mutation, capture_mutation)| Pmn::Special {
                from,
                to,
                mutation,
                capture_mutation
            }
        ),
        (opt_piece(), cell(), opt_piece()).prop_map(|(piece, to, mutation)| Pmn::Drop {
            piece,
            to,
            mutation
        }),
        (opt_piece(), cell(), opt_piece(), opt_piece()).prop_map(
            |(piece, to, mutation, capture_mutation)| Pmn::DropCapture {
                piece,
                to,
                mutation,
                capture_mutation
            }
        ),
        (cell(), piece()).prop_map(|(square, into)| Pmn::Mutation { square, into }),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn roundtrip(m in pmn()) {
        let s = m.to_string();
        prop_assert!(s.len() <= MAX_LENGTH, "{s}");
        prop_assert_eq!(Pmn::parse(&s), Ok(m));
        prop_assert_eq!(Pmn::parse_lenient(&s), Ok((m, Normalisation::NONE)));
    }

    /// What the strict parser accepts is canonical; the lenient parser agrees with it, and
    /// its output formats to strict PMN.
    #[test]
    fn strict_is_canonical(s in "[a-cA-C0-2+\\-~*.=/^']{0,12}") {
        match Pmn::parse(&s) {
            Ok(m) => {
                prop_assert_eq!(m.to_string(), s.clone());
                prop_assert_eq!(Pmn::parse_lenient(&s), Ok((m, Normalisation::NONE)));
            }
            Err(e) => {
                prop_assert!(!e.kind().is_empty());
                if let Ok((m, n)) = Pmn::parse_lenient(&s) {
                    prop_assert!(!n.is_empty(), "{s}");
                    prop_assert_eq!(Pmn::parse(&m.to_string()), Ok(m));
                }
            }
        }
    }

    #[test]
    fn never_panics(s in "\\PC{0,30}") {
        let _ = Pmn::parse(&s);
        let _ = Pmn::parse_lenient(&s);
    }

    #[test]
    fn never_panics_bytes(b in proptest::collection::vec(any::<u8>(), 0..40)) {
        let _ = Pmn::parse_bytes(&b);
    }
}
