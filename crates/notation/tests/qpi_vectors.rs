//! QPI: every vector of specs.md §8, the case rule, the error taxonomy, ordering and round trips.

use tegoma_notation::pin;
use tegoma_notation::qpi::{describe, Qpi, QpiError, QpiMode};
use tegoma_notation::NotationError;

#[test]
fn spec_valid_vectors() {
    // (text, piece side first?, state, terminal)
    let cases: &[(&str, bool, pin::State, bool)] = &[
        ("C:K^", true, pin::State::Normal, true),
        ("C:+K^", true, pin::State::Enhanced, true),
        ("c:-p", false, pin::State::Diminished, false),
        ("O:+P", true, pin::State::Enhanced, false),
        ("o:k^", false, pin::State::Normal, true),
    ];
    for &(s, first, state, terminal) in cases {
        let q: Qpi = s.parse().unwrap_or_else(|e| panic!("{s}: {e}"));
        assert_eq!(q.pin().is_first(), first, "{s}");
        assert_eq!(q.pin().state(), state, "{s}");
        assert_eq!(q.pin().is_terminal(), terminal, "{s}");
        assert!(!q.is_derived());
        assert_eq!(q.to_string(), s);
        assert_eq!(s.as_bytes()[0] as char, q.sin().to_char());
    }
}

#[test]
fn spec_invalid_vectors() {
    let cases: &[(&str, &str)] = &[
        ("CK", "MissingColon"),
        ("C:", "InvalidPiece"),
        (":K", "InvalidStyle"),
        ("CC:K", "InvalidStyle"),
        ("C:KK", "InvalidPiece"),
        ("C::K", "InvalidPiece"),
        ("C:K'", "InvalidPiece"),
        ("", "Empty"),
        ("C:+K^x", "TooLong"),
        ("1:K", "InvalidStyle"),
        ("C:1", "InvalidPiece"),
        ("C:k", "CaseMismatch"),
        ("c:K", "CaseMismatch"),
        ("C:K\n", "InvalidPiece"),
        ("é:K", "InvalidStyle"),
    ];
    for &(s, kind) in cases {
        let e = s.parse::<Qpi>().unwrap_err();
        assert_eq!(e.kind(), kind, "{s:?}: {e}");
    }
    assert_eq!(
        "C:".parse::<Qpi>(),
        Err(QpiError::Pin(pin::ParseError::Empty))
    );
    assert_eq!(
        "CC:K".parse::<Qpi>(),
        Err(QpiError::Sin(tegoma_notation::sin::ParseError::TooLong))
    );
    assert_eq!(
        ":K".parse::<Qpi>(),
        Err(QpiError::Sin(tegoma_notation::sin::ParseError::Empty))
    );
}

#[test]
fn derived_pairs_only_behind_the_option() {
    for s in ["C:k", "c:K", "o:+R^", "S:-p"] {
        assert_eq!(s.parse::<Qpi>(), Err(QpiError::CaseMismatch), "{s}");
        let q = Qpi::parse_with(s, QpiMode::AllowDerived).unwrap();
        assert!(q.is_derived(), "{s}");
        assert_eq!(q.to_string(), s);
    }
    let k = Qpi::parse_with("C:k", QpiMode::AllowDerived).unwrap();
    assert_eq!(k.side(), pin::Side::Second);
    // Same-case tokens are identical under both modes.
    assert_eq!(
        Qpi::parse_with("C:K", QpiMode::AllowDerived),
        Qpi::parse("C:K")
    );
    assert!(Qpi::new(k.sin(), k.pin(), QpiMode::Strict).is_none());
}

#[test]
fn exhaustive_domain() {
    // 52 style letters x 312 PIN tokens; half of them are same-case.
    let mut strict = 0;
    let mut derived = 0;
    for s in (b'A'..=b'Z').chain(b'a'..=b'z') {
        for l in (b'A'..=b'Z').chain(b'a'..=b'z') {
            for pre in ["", "+", "-"] {
                for post in ["", "^"] {
                    let text = format!("{}:{pre}{}{post}", s as char, l as char);
                    let same = s.is_ascii_uppercase() == l.is_ascii_uppercase();
                    match Qpi::parse(&text) {
                        Ok(q) => {
                            assert!(same);
                            assert_eq!(q.to_string(), text);
                            strict += 1;
                        }
                        Err(e) => {
                            assert!(!same, "{text}: {e}");
                            assert_eq!(e, QpiError::CaseMismatch);
                        }
                    }
                    if Qpi::parse_with(&text, QpiMode::AllowDerived).is_ok() {
                        derived += 1;
                    }
                }
            }
        }
    }
    assert_eq!(strict, 52 * 26 * 6);
    assert_eq!(derived, 52 * 52 * 6);
}

#[test]
fn order_is_canonical_byte_order() {
    let mut v: Vec<Qpi> = ["c:p", "C:K^", "C:-P", "C:+P", "O:K^", "C:B"]
        .iter()
        .map(|s| s.parse().unwrap())
        .collect();
    v.sort();
    let s: Vec<String> = v.iter().map(|q| q.to_string()).collect();
    assert_eq!(s, ["C:+P", "C:-P", "C:B", "C:K^", "O:K^", "c:p"]);
}

#[cfg(feature = "serde")]
#[test]
fn serde_as_string() {
    let q: Qpi = serde_json::from_str("\"C:+R\"").unwrap();
    assert_eq!(serde_json::to_string(&q).unwrap(), "\"C:+R\"");
    assert!(serde_json::from_str::<Qpi>("\"C:r\"").is_err());
}

#[test]
fn describe_qpi() {
    assert_eq!(
        describe("c:-p").unwrap(),
        "QPI: style C, piece P, side second, state diminished"
    );
    assert_eq!(describe("CK").unwrap_err().kind, "MissingColon");
}
