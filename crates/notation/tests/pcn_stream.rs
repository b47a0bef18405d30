//! Several PCN records in one stream (ruling R8): one record, JSON Lines, a JSON array.
#![cfg(feature = "pcn")]
use std::io::BufReader;

use tegoma_notation::pcn::stream::{Layout, Records};
use tegoma_notation::pcn::{Pcn, MAX_DOCUMENT_BYTES};
use tegoma_notation::NotationError;

const A: &str = r#"{"setup":"8/8 / C/c","plies":["a1-a2"]}"#;
const B: &str = r#"{"setup":"8/8 / C/c","plies":["b1-b2","b8-b7"],"outcome":{"result":"draw"}}"#;

/// A record, or its error's message and kind.
type Read = Result<Pcn, (String, &'static str)>;

fn all(text: &str) -> (Vec<Read>, Option<Layout>) {
    // A tiny buffer, so that records cross buffer boundaries.
    let mut r = Records::new(BufReader::with_capacity(7, text.as_bytes()));
    let v = r
        .by_ref()
        .map(|x| x.map_err(|e| (e.to_string(), e.kind())))
        .collect();
    (v, r.layout())
}

fn plies(v: &[Read]) -> Vec<usize> {
    v.iter()
        .map(|r| r.as_ref().unwrap().plies.as_ref().map_or(0, Vec::len))
        .collect()
}

#[test]
fn one_record_pretty_or_compact() {
    let pretty = Pcn::from_json(B).unwrap().to_json();
    assert!(pretty.lines().count() > 3);
    let (v, layout) = all(&pretty);
    assert_eq!(plies(&v), [2]);
    assert_eq!(layout, Some(Layout::Json));
    assert_eq!(v[0].as_ref().unwrap(), &Pcn::from_json(B).unwrap());
    let (v, _) = all(&format!("\u{feff}{A}"));
    assert_eq!(plies(&v), [1]);
}

#[test]
fn json_lines_and_blank_separated_documents() {
    let (v, _) = all(&format!("{A}\n{B}\n\n{A}\r\n"));
    assert_eq!(plies(&v), [1, 2, 1]);
    // Pretty records one after the other (what `convert` wrote before R8) read too.
    let p = |t: &str| Pcn::from_json(t).unwrap().to_json();
    let (v, _) = all(&format!("{}\n{}", p(A), p(B)));
    assert_eq!(plies(&v), [1, 2]);
}

#[test]
fn json_array() {
    let (v, layout) = all(&format!("[\n {A},\n {B}\n]\n"));
    assert_eq!(plies(&v), [1, 2]);
    assert_eq!(layout, Some(Layout::Array));
    let (v, _) = all("[]");
    assert!(v.is_empty());
    let (v, _) = all(&format!("[{A}"));
    assert_eq!(v.len(), 2);
    assert_eq!(v[1].as_ref().unwrap_err().1, "MalformedJson");
}

#[test]
fn toml_is_one_record_and_a_table_header_is_not_an_array() {
    let toml = "[setup]\nfeen = \"8/8 / C/c\"\n";
    let (v, layout) = all(toml);
    assert_eq!(plies(&v), [0]);
    assert_eq!(layout, Some(Layout::Toml));
    let (v, _) = all("plies = [\"a1-a2\"]\nsetup = \"8/8 / C/c\"\n");
    assert_eq!(plies(&v), [1]);
}

#[test]
fn a_bad_line_is_reported_and_the_next_lines_still_read() {
    let bad_pmn = r#"{"setup":"8/8 / C/c","plies":["zz"]}"#;
    let text = format!("{A}\n{bad_pmn}\n{{\"setup\": \"8/8 / C/c\"\n{B}\nxyz\n{A}\n");
    let (v, _) = all(&text);
    let kinds: Vec<&str> = v
        .iter()
        .map(|r| r.as_ref().map_or_else(|e| e.1, |_| "ok"))
        .collect();
    assert_eq!(
        kinds,
        [
            "ok",
            "InvalidPly",
            "MalformedJson",
            "ok",
            "MalformedJson",
            "ok"
        ]
    );
    let (msg, _) = v[1].as_ref().unwrap_err();
    assert!(msg.starts_with("record 1 (line 2): plies[0]"), "{msg}");
    let (msg, _) = v[2].as_ref().unwrap_err();
    assert!(msg.starts_with("record 2 (line 3)"), "{msg}");
}

#[test]
fn braces_inside_strings_do_not_end_a_record() {
    let t = r#"{"setup":"8/8 / C/c","meta":{"event":"a } ] \" { ["}}"#;
    let (v, _) = all(&format!("{t}\n{A}\n"));
    assert_eq!(plies(&v), [0, 1]);
}

#[test]
fn a_record_over_the_limit_is_refused_and_the_next_read() {
    let big = format!(
        "{{\"setup\":\"8/8 / C/c\",\"meta\":{{\"x\":\"{}\"}}}}",
        "a".repeat(MAX_DOCUMENT_BYTES)
    );
    let (v, _) = all(&format!("{A}\n{big}\n{B}\n"));
    assert_eq!(v.len(), 3);
    assert_eq!(v[1].as_ref().unwrap_err().1, "DocumentTooLarge");
    assert!(v[2].is_ok());
}

#[test]
fn blank_input_has_no_record_but_is_not_a_valid_document() {
    assert!(all("").0.is_empty());
    assert!(all(" \n\n").0.is_empty());
    let e = tegoma_notation::validate::validate(tegoma_notation::validate::Kind::Pcn, "\n")
        .unwrap_err();
    assert_eq!(e.kind, "MissingField");
}

#[test]
fn validate_describes_streams() {
    use tegoma_notation::validate::{validate, Kind};
    assert_eq!(
        validate(Kind::Pcn, &format!("{A}\n{B}\n")).unwrap(),
        "PCN (JSON Lines): 2 records, 3 plies"
    );
    assert_eq!(
        validate(Kind::Pcn, &format!("[{A},{B}]")).unwrap(),
        "PCN (JSON array): 2 records, 3 plies"
    );
    assert_eq!(
        validate(Kind::Pcn, A).unwrap(),
        "PCN (JSON): 1 plies, no outcome"
    );
    let e = validate(Kind::Pcn, &format!("{A}\n{{\"setup\":3}}\n")).unwrap_err();
    assert_eq!(e.kind, "WrongType");
    assert!(e.message.starts_with("record 1 (line 2)"), "{}", e.message);
}
