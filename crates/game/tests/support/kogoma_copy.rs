//! A game added by files for tests: Kogoma's files (`games/kogoma`) rewritten as another game.
//! Shared by the tests of several crates (`#[path]`), which all sit in `crates/<name>`.

use std::path::Path;

use serde_json::Value;

/// The directory of Kogoma's files, from any crate of the workspace.
pub const KOGOMA_DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../games/kogoma");

/// Writes Kogoma's files into `dir` as another game: `name`, style letter `sin` (uppercase) in
/// the description, in the initial FEEN's styles and in every piece key of the table.
pub fn copy_of_kogoma(dir: &Path, name: &str, sin: char) {
    let read = |f: &str| std::fs::read_to_string(Path::new(KOGOMA_DIR).join(f)).unwrap();
    let mut desc: Value = serde_json::from_str(&read("description.json")).unwrap();
    desc["name"] = name.into();
    desc["snn"] = name.into();
    desc["sin"] = sin.to_string().into();
    let initial = desc["initial"].as_str().unwrap();
    let board = initial.strip_suffix(" / K/k").expect("Kogoma's styles K/k");
    desc["initial"] = format!("{board} / {sin}/{}", sin.to_ascii_lowercase()).into();
    let Value::Object(table) = serde_json::from_str(&read("ggn.json")).unwrap() else {
        panic!("a GGN table is an object");
    };
    let table: serde_json::Map<String, Value> = table
        .into_iter()
        .map(|(key, moves)| {
            let (style, piece) = key.split_once(':').expect("a QPI key");
            let style = match style {
                "K" => sin.to_string(),
                "k" => sin.to_ascii_lowercase().to_string(),
                other => panic!("a piece of style {other} in Kogoma's table"),
            };
            (format!("{style}:{piece}"), moves)
        })
        .collect();
    std::fs::create_dir_all(dir).unwrap();
    std::fs::write(dir.join("description.json"), desc.to_string()).unwrap();
    std::fs::write(dir.join("ggn.json"), Value::Object(table).to_string()).unwrap();
}
