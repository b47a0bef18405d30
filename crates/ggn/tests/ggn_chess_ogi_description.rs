//! The union table of Chess against Ōgi, its description file, and the typed errors of
//! descriptions with armies.

use tegoma_ggn::{chess, chess_ogi, export, ogi, Description, Engine, EXPORTABLE};
use tegoma_notation::ggn::{Ggn, Location};
use tegoma_notation::qpi::Qpi;
use tegoma_notation::NotationError;

#[test]
fn the_union_table_holds_both_tables_unchanged() {
    let (c, o, u) = (chess::table(), ogi::table(), chess_ogi::table());
    let (cp, cs, cd, cn) = c.counts();
    let (op, os, od, on) = o.counts();
    assert_eq!(u.counts(), (cp + op, cs + os, cd + od, cn + on));
    for (piece, sources) in c.pieces().chain(o.pieces()) {
        assert_eq!(u.sources(piece), Some(sources), "{piece}");
    }
    // Keyed by each side's style: C, c, O, o.
    let letters: std::collections::BTreeSet<String> = u
        .pieces()
        .map(|(q, _)| q.to_string().split(':').next().unwrap().to_string())
        .collect();
    assert_eq!(
        letters.into_iter().collect::<Vec<_>>(),
        ["C", "O", "c", "o"]
    );
    // An Ōgi pawn of the second player steps toward rank 1.
    let q: Qpi = "o:p".parse().unwrap();
    let from = Location::Square("e6".parse().unwrap());
    let to: Vec<String> = u
        .destinations(&q, &from)
        .unwrap()
        .keys()
        .map(ToString::to_string)
        .collect();
    assert_eq!(to, ["e5"]);
    // Exported by name, canonical.
    assert!(EXPORTABLE.contains(&"chess-ogi"));
    let json = export("chess-ogi").unwrap().to_json();
    assert_eq!(Ggn::from_json(&json).unwrap(), u);
}

#[test]
fn the_description_file() {
    let d = chess_ogi::description();
    assert_eq!(d.name, chess_ogi::NAME);
    assert_eq!(d.styles, ["C/o", "O/c"]);
    assert_eq!(d.initial, chess_ogi::START_CHESS_FIRST);
    assert_eq!(d.armies["O"].converts["Q"], "I");
    assert!(d.armies["C"].legality.check && d.armies["C"].legality.terminal_capture_legal);
    assert!(!d.armies["O"].legality.check);
    assert!(d.any_drops() && !d.drops.enabled);
    // It writes back to an equal description.
    assert_eq!(Description::from_json(&d.to_json()).unwrap(), d);
    assert_eq!(chess_ogi::RULES_ID, "tegoma.chess-ogi/1");
}

/// The chess-ogi description with `edit` applied to its JSON value.
fn edited(edit: impl FnOnce(&mut serde_json::Value)) -> Result<Engine, (String, String)> {
    let mut v: serde_json::Value = serde_json::from_str(chess_ogi::DESCRIPTION_JSON).unwrap();
    edit(&mut v);
    let d = Description::from_json(&v.to_string())
        .map_err(|e| (e.kind().to_string(), e.to_string()))?;
    Engine::new(&chess_ogi::table(), d).map_err(|e| (e.kind().to_string(), e.to_string()))
}

#[test]
fn bad_descriptions_are_refused_naming_the_field() {
    let err = |edit: fn(&mut serde_json::Value)| edited(edit).unwrap_err();
    let (kind, msg) = err(|v| v["styles"] = serde_json::json!(["C/o", "Oc"]));
    assert_eq!(kind, "InvalidField");
    assert!(msg.contains("styles"), "{msg}");
    let (kind, _) = err(|v| v["styles"] = serde_json::json!(["c/O"]));
    assert_eq!(kind, "InvalidField");
    // The first pair must begin with `sin`.
    let (kind, msg) = err(|v| v["styles"] = serde_json::json!(["O/c", "C/o"]));
    assert_eq!(
        (kind.as_str(), msg.contains("styles")),
        ("InvalidField", true)
    );
    // An army for a style the game does not have.
    let (kind, msg) = err(|v| v["armies"]["X"] = v["armies"]["O"].clone());
    assert_eq!(kind, "InvalidField");
    assert!(msg.contains("armies.X"), "{msg}");
    // A style without an army needs the top-level rules, `capture` first.
    let (kind, msg) = err(|v| {
        v["armies"].as_object_mut().unwrap().remove("O");
    });
    assert_eq!(kind, "InvalidField");
    assert!(msg.contains("capture") && msg.contains('O'), "{msg}");
    // A bad token inside an army names the army's field.
    let (kind, msg) = err(|v| v["armies"]["O"]["converts"]["Q"] = "?!".into());
    assert_eq!(kind, "InvalidPiece");
    assert!(msg.contains("armies.O.converts"), "{msg}");
    // Unknown fields are refused inside an army too.
    let (kind, _) = err(|v| v["armies"]["C"]["castling"] = true.into());
    assert_eq!(kind, "MalformedDescription");
    // Top-level rules that no style follows are refused.
    let (kind, msg) = err(|v| v["legality"] = serde_json::json!({"check": true}));
    assert_eq!(kind, "InvalidField");
    assert!(msg.contains("legality"), "{msg}");
    // A style without an army follows the top-level rules when they are given.
    let ok = edited(|v| {
        v["armies"].as_object_mut().unwrap().remove("O");
        v["capture"] = serde_json::json!({"side": "captor", "demote": true});
    });
    assert!(ok.is_ok());
}

#[test]
fn single_style_descriptions_are_unchanged() {
    // The existing files parse and write without the new fields.
    for text in [
        include_str!("../../../games/chess/description.json"),
        include_str!("../../../games/ogi/description.json"),
        include_str!("../../../games/kogoma/description.json"),
    ] {
        let d = Description::from_json(text).unwrap();
        assert!(d.styles.is_empty() && d.armies.is_empty() && d.capture.is_some());
        let json = d.to_json();
        assert!(!json.contains("armies") && !json.contains("terminal_capture_legal"));
    }
    // Without `capture` and without armies, a description is refused.
    let d = Description::from_json(
        r#"{"name": "x", "snn": "X", "sin": "X", "board": [2, 2], "initial": "2/2 / X/x"}"#,
    )
    .unwrap();
    let e = Engine::new(&Ggn::new(), d).unwrap_err();
    assert_eq!(e.kind(), "InvalidField");
}
