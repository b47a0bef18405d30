//! PCN (ruling R7): sections, JSON and TOML, tolerant reading, canonical writing, unknown keys
//! kept, typed errors with field paths, bounds.

use tegoma_notation::cgsn::{Status, StatusSet};
use tegoma_notation::pcn::{describe, GameResult, Pcn, PcnError, Ply};
use tegoma_notation::pmn::Pmn;
use tegoma_notation::NotationError;

const START: &str = "+rnbq+k^bn+r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/+RNBQ+K^BN+R / C/c";

fn full_json() -> String {
    format!(
        r##"{{
  "x-top": {{"z": 1, "a": [true, null]}},
  "outcome": {{"result": "second", "status": "checkmate", "x-note": "fool's mate"}},
  "plies": [
    "f2-f3",
    {{"move": "e7-e5", "seconds": 1.5, "comment": "book"}},
    ["g2-g4", 3],
    {{"move": "d8-h4", "assessment": "#"}}
  ],
  "setup": {{"feen": "{START}", "x-origin": "seed"}},
  "sides": {{"first": {{"name": "A", "variant": "Chess", "rating": 1500}}, "second": {{"name": "B"}}}},
  "periods": [{{"time": 300, "inc": 2}}],
  "links": ["https://example.org/game/1"],
  "meta": {{"event": "Test", "round": "1", "started_at": "2026-11-22T08:00:00Z"}}
}}"##
    )
}

#[test]
fn reads_every_section() {
    let p = Pcn::parse(&full_json()).unwrap();
    assert_eq!(p.setup.feen, START);
    assert_eq!(p.setup.extra["x-origin"], "seed");
    let plies = p.plies.as_ref().unwrap();
    assert_eq!(plies.len(), 4);
    assert_eq!(plies[0], Ply::new(Pmn::parse("f2-f3").unwrap()));
    assert_eq!(plies[1].seconds, Some(1.5));
    assert_eq!(plies[1].extra["comment"], "book");
    assert_eq!(plies[2].pmn, Pmn::parse("g2-g4").unwrap());
    assert_eq!(plies[2].seconds, Some(3.0));
    assert_eq!(plies[3].seconds, None);
    let o = p.outcome.as_ref().unwrap();
    assert_eq!(o.status, StatusSet::EMPTY.with(Status::Checkmate));
    assert_eq!(o.result, Some(GameResult::Second));
    assert_eq!(o.extra["x-note"], "fool's mate");
    assert_eq!(p.meta.as_ref().unwrap()["round"], "1");
    assert_eq!(p.sides.as_ref().unwrap()["first"]["rating"], 1500);
    assert_eq!(p.links.as_ref().unwrap().len(), 1);
    assert_eq!(p.periods.as_ref().unwrap()[0]["inc"], 2);
    assert_eq!(p.extra["x-top"]["a"][1], serde_json::Value::Null);
}

#[test]
fn canonical_json_order_and_round_trip() {
    let p = Pcn::parse(&full_json()).unwrap();
    let out = p.to_json();
    let keys: Vec<String> = match serde_json::from_str::<serde_json::Value>(&out).unwrap() {
        serde_json::Value::Object(m) => m.keys().cloned().collect(),
        _ => panic!(),
    };
    assert_eq!(
        keys,
        ["meta", "links", "periods", "sides", "setup", "plies", "outcome", "x-top"]
    );
    // Plies: bare string when nothing else is attached.
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["plies"][0], "f2-f3");
    assert_eq!(
        v["plies"][1],
        serde_json::json!({"move": "e7-e5", "seconds": 1.5, "comment": "book"})
    );
    assert_eq!(
        v["plies"][2],
        serde_json::json!({"move": "g2-g4", "seconds": 3.0})
    );
    assert_eq!(v["outcome"]["status"], "checkmate");
    assert_eq!(
        v["setup"],
        serde_json::json!({"feen": START, "x-origin": "seed"})
    );
    // Unknown keys keep their inner order.
    let inner: Vec<&String> = v["x-top"].as_object().unwrap().keys().collect();
    assert_eq!(inner, ["z", "a"]);
    // Fixed point.
    let again = Pcn::parse(&out).unwrap();
    assert_eq!(again, p);
    assert_eq!(again.to_json(), out);
}

#[test]
fn toml_round_trip() {
    let p = Pcn::parse(&full_json()).unwrap();
    // The null inside x-top has no TOML form.
    let e = p.to_toml().unwrap_err();
    assert_eq!(e.kind(), "NotRepresentable");
    assert!(e.to_string().starts_with("x-top.a[1]: null"), "{e}");
    let mut p = p;
    p.extra.shift_remove("x-top");
    p.extra.insert(
        "x-top".into(),
        serde_json::json!({"z": 1, "a": [true, "x"]}),
    );
    let toml = p.to_toml().unwrap();
    let back = Pcn::parse(&toml).unwrap();
    assert_eq!(back, p);
    assert_eq!(back.to_toml().unwrap(), toml);
    assert_eq!(back.to_json(), p.to_json());
}

#[test]
fn hand_written_toml() {
    let text = format!(
        r#"# a TOML record
[meta]
event = "Casual"
round = "3"
started_at = 2026-11-22T08:00:00Z

[setup]
feen = "{START}"

plies = []

[outcome]
status = ["check", "timelimit"]
result = "first"
"#
    );
    // `plies = []` after [setup] belongs to setup: a TOML subtlety, kept as an unknown key.
    let p = Pcn::parse(&text).unwrap();
    assert_eq!(
        p.meta.as_ref().unwrap()["started_at"],
        "2026-11-22T08:00:00Z"
    );
    assert!(p.plies.is_none());
    assert_eq!(p.setup.extra["plies"], serde_json::json!([]));
    let o = p.outcome.unwrap();
    assert_eq!(o.status.to_string(), "check timelimit");
    assert_eq!(o.result, Some(GameResult::First));

    let text = format!(
        "setup = \"{START}\"\nplies = [\"e2-e4\", {{ move = \"e7-e5\", seconds = 2.0 }}]\n"
    );
    let p = Pcn::parse(&text).unwrap();
    assert_eq!(p.plies.as_ref().unwrap().len(), 2);
    assert_eq!(describe(&text).unwrap(), "PCN (TOML): 2 plies, no outcome");
}

#[test]
fn setup_forms_and_lenient_plies() {
    let p = Pcn::parse(&format!(
        r#"{{"setup": "{START}", "plies": ["e2-e4", "e7-e5/Q"]}}"#
    ))
    .unwrap();
    // The seeds' spelling is read and written canonically (ruling R1).
    assert_eq!(p.plies.as_ref().unwrap()[1].pmn.to_string(), "e7-e5=Q");
    let v: serde_json::Value = serde_json::from_str(&p.to_json()).unwrap();
    assert_eq!(v["setup"], serde_json::json!({"feen": START}));
    assert_eq!(v["plies"][1], "e7-e5=Q");
    // Empty ply list and no outcome.
    let p = Pcn::parse(r#"{"setup":"8/8/8/8/8/8/8/8 / C/c","plies":[]}"#).unwrap();
    assert_eq!(p.plies, Some(vec![]));
    assert_eq!(
        describe(r#"{"setup":"8/8/8/8/8/8/8/8 / C/c","outcome":{"status":[],"result":"draw"}}"#)
            .unwrap(),
        "PCN (JSON): 0 plies, outcome no status, result draw"
    );
    let p = Pcn::new(START).unwrap();
    assert_eq!(Pcn::parse(&p.to_json()).unwrap(), p);
    assert!(Pcn::new("not a feen").is_err());
}

#[test]
fn typed_errors_name_the_field() {
    let s = format!(r#""setup": "{START}""#);
    let cases: Vec<(String, &str, &str)> = vec![
        ("{}".into(), "MissingField", "setup"),
        ("[]".into(), "MalformedToml", ""),
        ("{".into(), "MalformedJson", ""),
        ("setup = ".into(), "MalformedToml", ""),
        (r#"{"setup": 3}"#.into(), "WrongType", "setup"),
        (r#"{"setup": {}}"#.into(), "MissingField", "setup.feen"),
        (
            r#"{"setup": {"feen": 1}}"#.into(),
            "WrongType",
            "setup.feen",
        ),
        (
            r#"{"setup": "8/8 / C/c/x"}"#.into(),
            "InvalidFeen",
            "setup.feen",
        ),
        (
            format!(r#"{{{s}, "plies": "e2-e4"}}"#),
            "WrongType",
            "plies",
        ),
        (
            format!(r#"{{{s}, "plies": ["e2-e4", "e2e4"]}}"#),
            "InvalidPly",
            "plies[1]",
        ),
        (
            format!(r#"{{{s}, "plies": [{{"seconds": 1}}]}}"#),
            "MissingField",
            "plies[0].move",
        ),
        (
            format!(r#"{{{s}, "plies": [{{"move": "e2-e4", "seconds": -1}}]}}"#),
            "InvalidSeconds",
            "plies[0].seconds",
        ),
        (
            format!(r#"{{{s}, "plies": [{{"move": "e2-e4", "seconds": "1"}}]}}"#),
            "WrongType",
            "plies[0].seconds",
        ),
        (
            format!(r#"{{{s}, "plies": [["e2-e4"]]}}"#),
            "PlyPairLength",
            "plies[0]",
        ),
        (
            format!(r#"{{{s}, "plies": [["e2-e4", 1, 2]]}}"#),
            "PlyPairLength",
            "plies[0]",
        ),
        (
            format!(r#"{{{s}, "plies": [null]}}"#),
            "WrongType",
            "plies[0]",
        ),
        (
            format!(r#"{{{s}, "outcome": {{"status": "Checkmate"}}}}"#),
            "InvalidStatus",
            "outcome.status",
        ),
        (
            format!(r#"{{{s}, "outcome": {{"status": ["check", "time_limit"]}}}}"#),
            "InvalidStatus",
            "outcome.status[1]",
        ),
        (
            format!(r#"{{{s}, "outcome": {{"status": 1}}}}"#),
            "WrongType",
            "outcome.status",
        ),
        (
            format!(r#"{{{s}, "outcome": {{"result": "white"}}}}"#),
            "InvalidResult",
            "outcome.result",
        ),
        (format!(r#"{{{s}, "outcome": []}}"#), "WrongType", "outcome"),
        (format!(r#"{{{s}, "meta": []}}"#), "WrongType", "meta"),
        (format!(r#"{{{s}, "links": {{}}}}"#), "WrongType", "links"),
        (format!(r#"{{{s}, "periods": 5}}"#), "WrongType", "periods"),
        (
            format!(r#"{{{s}, "sides": {{"first": "Alice"}}}}"#),
            "WrongType",
            "sides.first",
        ),
    ];
    for (text, kind, path) in &cases {
        let e = Pcn::parse(text).unwrap_err();
        assert_eq!(e.kind(), *kind, "{text}: {e}");
        assert!(e.to_string().starts_with(path), "{text}: {e}");
    }
    let e = Pcn::parse(&format!(r#"{{{s}, "meta": {{"a": 1, "a": 2}}}}"#)).unwrap_err();
    assert_eq!(e, PcnError::DuplicateKey { key: "a".into() });
    let e = Pcn::parse(&format!(r#"{{{s}, {s}}}"#)).unwrap_err();
    assert_eq!(e.kind(), "DuplicateKey");
    let e = Pcn::parse(&format!(
        "{}\n{}",
        s.replace(": ", " = "),
        s.replace(": ", " = ")
    ))
    .unwrap_err();
    assert_eq!(e.kind(), "MalformedToml");
    let e = Pcn::parse(&format!(r#"{{{s}, "outcome": {{"result": "white"}}}}"#)).unwrap_err();
    assert_eq!(
        e,
        PcnError::InvalidResult {
            path: "outcome.result".into(),
            value: "white".into()
        }
    );
}

#[test]
fn bounds() {
    let s = format!(r#""setup": "{START}""#);
    // Nesting past the limit in JSON (serde_json refuses past 128, we past 64).
    let deep = format!(r#"{{{s}, "x": {}1{}}}"#, "[".repeat(100), "]".repeat(100));
    assert_eq!(Pcn::parse(&deep).unwrap_err().kind(), "TooDeep");
    let deeper = format!(
        r#"{{{s}, "x": {}1{}}}"#,
        "[".repeat(10_000),
        "]".repeat(10_000)
    );
    assert_eq!(Pcn::parse(&deeper).unwrap_err().kind(), "MalformedJson");
    // And in TOML.
    let deep = format!(
        "setup = \"{START}\"\nx = {}1{}\n",
        "[".repeat(100),
        "]".repeat(100)
    );
    assert!(matches!(
        Pcn::parse(&deep).unwrap_err().kind(),
        "TooDeep" | "MalformedToml"
    ));
    let deeper = format!(
        "setup = \"{START}\"\nx = {}1{}\n",
        "[".repeat(100_000),
        "]".repeat(100_000)
    );
    assert!(Pcn::parse(&deeper).is_err());
    let deeper = format!("setup = \"{START}\"\nx = {}", "{a=".repeat(100_000));
    assert!(Pcn::parse(&deeper).is_err());
    // Size cap.
    let big = format!(
        "{{{s}, \"x\": \"{}\"}}",
        "a".repeat(tegoma_notation::pcn::MAX_DOCUMENT_BYTES)
    );
    assert_eq!(Pcn::parse(&big).unwrap_err().kind(), "DocumentTooLarge");
    // Non-finite TOML floats have no JSON form.
    let nan = format!("setup = \"{START}\"\nx = nan\n");
    assert_eq!(Pcn::parse(&nan).unwrap_err().kind(), "NotRepresentable");
}

#[test]
fn format_detection() {
    let json = format!("\u{feff}  \n {{\"setup\": \"{START}\"}}");
    assert!(describe(&json).unwrap().starts_with("PCN (JSON)"));
    let toml = format!("\n setup = \"{START}\"");
    assert!(describe(&toml).unwrap().starts_with("PCN (TOML)"));
    assert_eq!(describe("").unwrap_err().kind, "MissingField");
}

#[test]
fn odd_keys_survive_both_formats() {
    let text = format!(
        r#"{{"setup": {{"feen": "{START}", "": 1}}, "a.b": {{"x y": [1, 2.5, "é"], "[t]": {{}}}}, "ключ": "значение", "z": "last"}}"#
    );
    let p = Pcn::parse(&text).unwrap();
    assert_eq!(p.extra.len(), 3);
    let json = p.to_json();
    assert_eq!(Pcn::parse(&json).unwrap(), p);
    let toml = p.to_toml().unwrap();
    let back = Pcn::parse(&toml).unwrap_or_else(|e| panic!("{e}\n{toml}"));
    assert_eq!(back, p);
    // JSON keeps the order of unknown keys; TOML writes plain values before tables, so a table
    // moves after them (content kept, and map equality ignores order).
    let json_keys: Vec<String> = Pcn::parse(&json).unwrap().extra.keys().cloned().collect();
    assert_eq!(json_keys, ["a.b", "ключ", "z"]);
    let toml_keys: Vec<String> = back.extra.keys().cloned().collect();
    assert_eq!(toml_keys, ["ключ", "z", "a.b"]);
}
