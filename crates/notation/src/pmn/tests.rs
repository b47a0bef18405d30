//! Unit tests: every vector of specs.md §12.5, the seed spellings of ruling R1, and the
//! grammar's corners. Expected values are written out by hand from the spec's table.

use super::*;
use crate::cell::CellError;
use crate::NotationError;

fn c(s: &str) -> Cell {
    s.parse().unwrap()
}

fn p(s: &str) -> Piece {
    Piece::parse(s).unwrap()
}

fn ok(s: &str) -> Pmn {
    Pmn::parse(s).unwrap_or_else(|e| panic!("{s:?} should parse: {e}"))
}

fn err(s: &str) -> PmnError {
    match Pmn::parse(s) {
        Ok(m) => panic!("{s:?} should fail, got {m:?}"),
        Err(e) => e,
    }
}

/// Every valid vector of specs.md §12.5, with the value it must decode to.
#[test]
fn spec_valid_vectors() {
    let quiet = |f: &str, t: &str, x: Option<&str>| Pmn::Quiet {
        from: c(f),
        to: c(t),
        mutation: x.map(p),
    };
    let capture = |f: &str, t: &str, x: Option<&str>, y: Option<&str>| Pmn::Capture {
        from: c(f),
        to: c(t),
        mutation: x.map(p),
        capture_mutation: y.map(p),
    };
    let special = |f: &str, t: &str, x: Option<&str>, y: Option<&str>| Pmn::Special {
        from: c(f),
        to: c(t),
        mutation: x.map(p),
        capture_mutation: y.map(p),
    };
    let drop = |pc: Option<&str>, t: &str, x: Option<&str>| Pmn::Drop {
        piece: pc.map(p),
        to: c(t),
        mutation: x.map(p),
    };
    let cases: Vec<(&str, Pmn)> = vec![
        ("...", Pmn::Pass),
        ("e2-e4", quiet("e2", "e4", None)),
        ("a1-h8", quiet("a1", "h8", None)),
        ("e7-e8=Q", quiet("e7", "e8", Some("Q"))),
        ("a7-a8=+R", quiet("a7", "a8", Some("+R"))),
        ("h2-h1=-P", quiet("h2", "h1", Some("-P"))),
        ("d1+f3", capture("d1", "f3", None, None)),
        ("b7+a8=R", capture("b7", "a8", Some("R"), None)),
        ("e5+d6=+P", capture("e5", "d6", Some("+P"), None)),
        ("d1+f3/n", capture("d1", "f3", None, Some("n"))),
        ("d4+e5/P", capture("d4", "e5", None, Some("P"))),
        (
            "+d4",
            Pmn::StaticCapture {
                square: c("d4"),
                capture_mutation: None,
            },
        ),
        (
            "+h8",
            Pmn::StaticCapture {
                square: c("h8"),
                capture_mutation: None,
            },
        ),
        ("e1~g1", special("e1", "g1", None, None)),
        ("e5~f6", special("e5", "f6", None, None)),
        ("e7~e8=Q", special("e7", "e8", Some("Q"), None)),
        ("P*e5", drop(Some("P"), "e5", None)),
        ("*d4", drop(None, "d4", None)),
        ("S*c3=+S", drop(Some("S"), "c3", Some("+S"))),
        ("R*h8", drop(Some("R"), "h8", None)),
        ("L*a1=-L", drop(Some("L"), "a1", Some("-L"))),
        (
            "L.b4",
            Pmn::DropCapture {
                piece: Some(p("L")),
                to: c("b4"),
                mutation: None,
                capture_mutation: None,
            },
        ),
        (
            ".b4",
            Pmn::DropCapture {
                piece: None,
                to: c("b4"),
                mutation: None,
                capture_mutation: None,
            },
        ),
        (
            "e4=+P",
            Pmn::Mutation {
                square: c("e4"),
                into: p("+P"),
            },
        ),
        (
            "c3=k'",
            Pmn::Mutation {
                square: c("c3"),
                into: p("k'"),
            },
        ),
        ("a1A-b2B", quiet("a1A", "b2B", None)),
        (
            "iv256IV~iv256IV=+K^'/+K^'",
            special("iv256IV", "iv256IV", Some("+K^'"), Some("+K^'")),
        ),
    ];
    for (s, want) in cases {
        let got = ok(s);
        assert_eq!(got, want, "{s}");
        assert_eq!(got.to_string(), s, "canonical text of {s}");
        assert_eq!(got.encode().as_str(), s);
        assert_eq!(
            Pmn::parse_lenient(s),
            Ok((want, Normalisation::NONE)),
            "{s}"
        );
    }
    assert_eq!("iv256IV~iv256IV=+K^'/+K^'".len(), MAX_LENGTH);
}

/// Every invalid vector of specs.md §12.5, with the error it must give.
#[test]
fn spec_invalid_vectors() {
    use Part::*;
    use PmnError::*;
    let cases: Vec<(&str, PmnError)> = vec![
        // Pass spellings.
        (".", MalformedPass),
        ("..", MalformedPass),
        ("....", MalformedPass),
        (".. .", InvalidCharacter { at: 2, byte: b' ' }),
        (" ...", InvalidCharacter { at: 0, byte: b' ' }),
        (
            "pass",
            InvalidCell {
                part: Source,
                at: 0,
                source: CellError::IndexTooLarge { dimension: 1 },
            },
        ),
        (
            "PASS",
            InvalidCell {
                part: Source,
                at: 0,
                source: CellError::MustStartLowercase,
            },
        ),
        // Missing operator or operand.
        ("e2e4", MissingOperator { at: 2 }),
        (
            "e2=e4",
            InvalidPiece {
                part: Mutation,
                at: 3,
                source: sashite_epin::ParseError::Pin(
                    sashite_epin::sashite_pin::ParseError::InvalidTerminalMarker,
                ),
            },
        ),
        (
            "-e4",
            MissingOperand {
                part: Source,
                at: 0,
            },
        ),
        (
            "e2-",
            MissingOperand {
                part: Destination,
                at: 3,
            },
        ),
        (
            "d1+",
            MissingOperand {
                part: Destination,
                at: 3,
            },
        ),
        (
            "~g1",
            MissingOperand {
                part: Source,
                at: 0,
            },
        ),
        (
            "e1~",
            MissingOperand {
                part: Destination,
                at: 3,
            },
        ),
        (
            "+",
            MissingOperand {
                part: Square,
                at: 1,
            },
        ),
        ("d4", MissingOperator { at: 2 }),
        // Bad CELL.
        (
            "e0-e4",
            InvalidCell {
                part: Source,
                at: 0,
                source: CellError::LeadingZero { at: 1 },
            },
        ),
        (
            "d0+f3",
            InvalidCell {
                part: Source,
                at: 0,
                source: CellError::LeadingZero { at: 1 },
            },
        ),
        (
            "+d0",
            InvalidCell {
                part: Square,
                at: 1,
                source: CellError::LeadingZero { at: 1 },
            },
        ),
        (
            "E2-e4",
            InvalidCell {
                part: Source,
                at: 0,
                source: CellError::MustStartLowercase,
            },
        ),
        // Bad suffix.
        (
            "e2-e8=",
            MissingOperand {
                part: Mutation,
                at: 6,
            },
        ),
        (
            "e2-e8=QQ",
            InvalidPiece {
                part: Mutation,
                at: 6,
                source: sashite_epin::ParseError::Pin(
                    sashite_epin::sashite_pin::ParseError::InvalidTerminalMarker,
                ),
            },
        ),
        ("++d4", UnexpectedCharacter { at: 1, byte: b'+' }),
        // `/` on a non-capturing form.
        ("e7-e8/Q", CaptureSuffixNotAllowed { at: 5 }),
        ("*e5/P", CaptureSuffixNotAllowed { at: 3 }),
        // Length.
        ("iv256IV~iv256IV=+K^'/+K^'x", TooLong { len: 26 }),
        ("a-b-c-d-e-f-g-h-i-j-k-l-m-n", TooLong { len: 27 }),
        ("", Empty),
    ];
    for (s, want) in cases {
        assert_eq!(err(s), want, "{s:?}");
    }
}

#[test]
fn error_kinds_and_offsets() {
    let e = err("e2-e8=QQ");
    assert_eq!(e.kind(), "InvalidPiece");
    assert_eq!(e.offset(), Some(6));
    assert_eq!(e.part(), Some(Part::Mutation));
    assert!(e.to_string().contains("mutation"), "{e}");
    assert!(e.to_string().contains("byte 6"), "{e}");
    assert_eq!(err("").kind(), "Empty");
    assert_eq!(err("").offset(), None);
    assert_eq!(err("a1-b1/Q").kind(), "CaptureSuffixNotAllowed");
    let inv: crate::Invalid = err("e0-e4").into();
    assert_eq!(inv.kind, "InvalidCell");
    assert!(inv.message.contains("source square"), "{}", inv.message);
}

#[test]
fn suffix_grammar() {
    use PmnError::*;
    // `=` before `/`, each at most once.
    assert!(Pmn::parse("b7+a8=R/n").is_ok());
    assert_eq!(err("b7+a8/n=R"), SuffixOrder { at: 7 });
    assert_eq!(
        err("b7+a8=R=Q"),
        DuplicateSuffix {
            at: 7,
            suffix: b'='
        }
    );
    assert_eq!(
        err("b7+a8/n/n"),
        DuplicateSuffix {
            at: 7,
            suffix: b'/'
        }
    );
    assert_eq!(
        err("d1+f3/"),
        MissingOperand {
            part: Part::CaptureMutation,
            at: 6
        }
    );
    // Static capture: `/Y` allowed, `=X` not (no actor).
    assert_eq!(
        ok("+d4/P"),
        Pmn::StaticCapture {
            square: c("d4"),
            capture_mutation: Some(p("P"))
        }
    );
    assert_eq!(err("+d4=Q"), MutationSuffixNotAllowed { at: 3 });
    // Drop with capture takes both suffixes; a plain drop only `=`.
    assert_eq!(ok("+B.c3=B/p").to_string(), "+B.c3=B/p");
    assert_eq!(err("P*e5=+P/p"), CaptureSuffixNotAllowed { at: 7 });
    // In-place mutation: exactly one token, no `/`.
    assert_eq!(
        err("e4=+P=Q"),
        DuplicateSuffix {
            at: 5,
            suffix: b'='
        }
    );
    assert_eq!(err("e4=+P/Q"), CaptureSuffixNotAllowed { at: 5 });
    assert_eq!(
        err("e4="),
        MissingOperand {
            part: Part::Mutation,
            at: 3
        }
    );
    // Derived tokens everywhere a token goes.
    assert_eq!(ok("k^'*e5=k^").to_string(), "k^'*e5=k^");
    assert_eq!(ok("e1+e2/+R'").capture_mutation(), Some(p("+R'")));
    // Stray bytes after the last square.
    assert_eq!(err("e2-e4-"), UnexpectedCharacter { at: 5, byte: b'-' });
    assert_eq!(err("e2-e4^"), UnexpectedCharacter { at: 5, byte: b'^' });
    assert_eq!(err("e2-+e4"), UnexpectedCharacter { at: 3, byte: b'+' });
    assert_eq!(err("e2/e4"), UnexpectedCharacter { at: 2, byte: b'/' });
}

#[test]
fn drops_and_operators_inside_tokens() {
    use PmnError::*;
    // `+`/`-` inside tokens are not operators.
    assert_eq!(
        ok("+P*e5"),
        Pmn::Drop {
            piece: Some(p("+P")),
            to: c("e5"),
            mutation: None
        }
    );
    assert_eq!(ok("-p.e5").drop_piece(), Some(p("-p")));
    assert_eq!(
        err("PP*e5"),
        InvalidPiece {
            part: Part::DropPiece,
            at: 0,
            source: sashite_epin::ParseError::Pin(
                sashite_epin::sashite_pin::ParseError::InvalidTerminalMarker
            )
        }
    );
    assert_eq!(
        err("P*"),
        MissingOperand {
            part: Part::Destination,
            at: 2
        }
    );
    assert_eq!(err("P**e5"), UnexpectedCharacter { at: 2, byte: b'*' });
    assert_eq!(err("P*e5*"), UnexpectedCharacter { at: 4, byte: b'*' });
    assert_eq!(err("*-e5"), UnexpectedCharacter { at: 1, byte: b'-' });
    assert!(matches!(
        err("e2-e4*"),
        InvalidPiece {
            part: Part::DropPiece,
            ..
        }
    ));
    // Obsolete capture spellings: `x` is no operator.
    assert_eq!(err("e4xd5"), MissingOperator { at: 2 });
    // A square run on by letters or digits that cannot continue it.
    assert_eq!(err("e2-e4e5"), UnexpectedCharacter { at: 5, byte: b'e' });
    assert_eq!(err("+d4d"), UnexpectedCharacter { at: 3, byte: b'd' });
    assert_eq!(err("P*e5f"), UnexpectedCharacter { at: 4, byte: b'f' });
    assert_eq!(err("e4:d5"), InvalidCharacter { at: 2, byte: b':' });
    assert_eq!(err("e4#"), InvalidCharacter { at: 2, byte: b'#' });
    assert_eq!(err("é"), InvalidCharacter { at: 0, byte: 0xc3 });
    assert_eq!(err("e2-e4\n"), InvalidCharacter { at: 5, byte: b'\n' });
}

#[test]
fn dimensions() {
    assert_eq!(ok("a-b").source(), Some(c("a")));
    assert_eq!(ok("a1A+b").to_string(), "a1A+b");
    assert_eq!(ok("iv256IV-a").destination(), Some(c("a")));
    assert!(matches!(
        err("a1A1-b1"),
        PmnError::InvalidCell {
            source: CellError::TooManyDimensions,
            ..
        }
    ));
    assert!(matches!(
        err("a1-a257"),
        PmnError::InvalidCell {
            part: Part::Destination,
            at: 3,
            source: CellError::IndexTooLarge { dimension: 2 }
        }
    ));
}

#[test]
fn accessors() {
    let m = ok("b7+a8=R/n");
    assert_eq!(m.form(), Form::Capture);
    assert_eq!(m.source(), Some(c("b7")));
    assert_eq!(m.destination(), Some(c("a8")));
    assert_eq!(m.capture_square(), Some(c("a8")));
    assert_eq!(m.mutation(), Some(p("R")));
    assert_eq!(m.capture_mutation(), Some(p("n")));
    assert!(m.may_capture() && !m.is_drop());

    let pass = ok("...");
    assert_eq!(pass.form(), Form::Pass);
    assert_eq!((pass.source(), pass.destination()), (None, None));

    let st = ok("+d4");
    assert_eq!((st.source(), st.destination()), (None, None));
    assert_eq!(st.capture_square(), Some(c("d4")));

    let sp = ok("e5~f6");
    assert_eq!(sp.capture_square(), None);
    assert!(sp.may_capture());

    let d = ok("*e5");
    assert!(d.is_drop() && !d.may_capture());
    assert_eq!((d.source(), d.destination()), (None, Some(c("e5"))));
    assert_eq!(d.drop_piece(), None);
    assert_eq!(d.with_drop_piece(Some(p("P"))).to_string(), "P*e5");
    assert_eq!(ok(".b4").with_drop_piece(Some(p("L"))).to_string(), "L.b4");

    let mu = ok("c3=k'");
    assert_eq!(mu.form(), Form::Mutation);
    assert_eq!(
        (mu.source(), mu.destination()),
        (Some(c("c3")), Some(c("c3")))
    );
    assert_eq!(mu.mutation(), Some(p("k'")));
    assert_eq!(mu.with_mutation(None), mu);
    assert_eq!(mu.with_mutation(Some(p("K"))).to_string(), "c3=K");

    // A rule system strips a no-op suffix and formats the short form.
    assert_eq!(ok("e7-e8=P").with_mutation(None).to_string(), "e7-e8");
    assert_eq!(
        ok("c3+c4/P").with_capture_mutation(None).to_string(),
        "c3+c4"
    );
    assert_eq!(ok("e2-e4").with_capture_mutation(Some(p("P"))), ok("e2-e4"));
    assert_eq!(ok("...").with_mutation(Some(p("P"))), Pmn::Pass);

    let names: Vec<&str> = ["...", "a-b", "a+b", "+a", "a~b", "*a", ".a", "a=P"]
        .iter()
        .map(|s| ok(s).form().name())
        .collect();
    assert_eq!(
        names,
        [
            "pass",
            "quiet move",
            "capture",
            "static capture",
            "special move",
            "drop",
            "drop with capture",
            "in-place mutation"
        ]
    );
}

/// The seed spellings of ruling R1.
#[test]
fn lenient_seed_spellings() {
    let (m, n) = Pmn::parse_lenient("e7-e8/Q").unwrap();
    assert_eq!(m, ok("e7-e8=Q"));
    assert_eq!(n, Normalisation::SLASH_AS_MUTATION);

    let (m, n) = Pmn::parse_lenient("e7-e8/+P").unwrap();
    assert_eq!(m.to_string(), "e7-e8=+P");
    assert_eq!(n, Normalisation::SLASH_AS_MUTATION);

    // The declined promotion keeps its (possibly no-op) token for the rule system to check.
    let (m, n) = Pmn::parse_lenient("e7-e8/P").unwrap();
    assert_eq!(m.mutation(), Some(p("P")));
    assert!(n.contains(Normalisation::SLASH_AS_MUTATION));

    let (m, n) = Pmn::parse_lenient("*-e5").unwrap();
    assert_eq!(
        m,
        Pmn::Drop {
            piece: None,
            to: c("e5"),
            mutation: None
        }
    );
    assert_eq!(n, Normalisation::DASH_AFTER_DROP);
    assert_eq!(m.to_string(), "*e5");

    let (m, n) = Pmn::parse_lenient("P*-e5").unwrap();
    assert_eq!(m.to_string(), "P*e5");
    assert_eq!(n, Normalisation::DASH_AFTER_DROP);

    let (m, n) = Pmn::parse_lenient("*-e5/+P").unwrap();
    assert_eq!(m.to_string(), "*e5=+P");
    assert!(n.contains(Normalisation::DASH_AFTER_DROP));
    assert!(n.contains(Normalisation::SLASH_AS_MUTATION));
    assert_eq!(
        n.to_string(),
        "'/' suffix read as '=', '-' after drop operator removed"
    );
    assert_eq!(Normalisation::NONE.to_string(), "none");

    // Still rejected when lenient: two actor mutations, `/` on a mutation, a dashed
    // drop-with-capture, `=` after a normalised `/`.
    use PmnError::*;
    let bad = |s: &str| Pmn::parse_lenient(s).unwrap_err();
    assert_eq!(bad("e7-e8=Q/R"), CaptureSuffixNotAllowed { at: 7 });
    assert_eq!(bad("e4=+P/Q"), CaptureSuffixNotAllowed { at: 5 });
    assert_eq!(bad(".-b4"), UnexpectedCharacter { at: 1, byte: b'-' });
    assert_eq!(bad("e7-e8/Q=R"), SuffixOrder { at: 7 });
    assert_eq!(
        bad("e7-e8/"),
        MissingOperand {
            part: Part::Mutation,
            at: 6
        }
    );
    assert_eq!(bad("*--e5"), UnexpectedCharacter { at: 2, byte: b'-' });
}

#[test]
fn normalisation_set() {
    let both = Normalisation::SLASH_AS_MUTATION.union(Normalisation::DASH_AFTER_DROP);
    assert!(both.contains(Normalisation::SLASH_AS_MUTATION));
    assert!(both.contains(Normalisation::NONE));
    assert!(!Normalisation::SLASH_AS_MUTATION.contains(both));
    assert!(Normalisation::default().is_empty());
    assert!(!both.is_empty());
}

#[test]
fn from_str_and_try_from() {
    let a: Pmn = "e2-e4".parse().unwrap();
    let b = Pmn::try_from("e2-e4").unwrap();
    let d = Pmn::parse_bytes(b"e2-e4").unwrap();
    assert_eq!(a, b);
    assert_eq!(a, d);
    assert!("e7-e8/Q".parse::<Pmn>().is_err());
    assert_eq!(format!("{}", a.encode()), "e2-e4");
    assert_eq!(&*a.encode(), "e2-e4");
    assert_eq!(a.encode().as_bytes(), b"e2-e4");
}

#[test]
fn descriptions() {
    assert_eq!(describe("...").unwrap(), "pass");
    assert_eq!(
        describe("e7-e8=Q").unwrap(),
        "quiet move e7 to e8, becomes Q"
    );
    assert_eq!(
        describe("b7+a8=R/n").unwrap(),
        "capture b7 to a8, taking the piece on a8, becomes R, captured piece becomes n"
    );
    assert_eq!(
        describe("*e5").unwrap(),
        "drop on e5 (piece inferred from the hand)"
    );
    assert_eq!(describe("L.b4").unwrap(), "drop with capture of L on b4");
    assert_eq!(
        describe("c3=k'").unwrap(),
        "in-place mutation on c3 into k'"
    );
    assert_eq!(
        describe("+d4").unwrap(),
        "static capture of the piece on d4"
    );
    let e = describe("e7-e8/Q").unwrap_err();
    assert_eq!(e.kind, "CaptureSuffixNotAllowed");
    assert!(e.message.contains("e7-e8=Q"), "{}", e.message);
    assert_eq!(describe("e2e4").unwrap_err().kind, "MissingOperator");
    assert_eq!(describe("pass").unwrap_err().kind, "InvalidCell");
}

#[cfg(feature = "serde")]
#[test]
fn serde_as_string() {
    let m = ok("S*c3=+S");
    assert_eq!(serde_json::to_string(&m).unwrap(), "\"S*c3=+S\"");
    assert_eq!(serde_json::from_str::<Pmn>("\"S*c3=+S\"").unwrap(), m);
    let e = serde_json::from_str::<Pmn>("\"e7-e8/Q\"").unwrap_err();
    assert!(e.to_string().contains("capture suffix"), "{e}");
    assert!(serde_json::from_str::<Pmn>("3").is_err());
}
