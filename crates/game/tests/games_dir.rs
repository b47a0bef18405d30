//! Games found at run time in the directories of `TEGOMA_GAMES`, with no code change: a copy of
//! Kogoma under another name and style letter (Zogoma, `Z/z`) plays as Kogoma does, and
//! directories that are not usable games are typed errors naming the file and the field.
//!
//! The registry reads the variable once per process: this test binary sets it (once, before
//! any use of the registry) to a temporary directory it fills, runs its checks in one test
//! (so that the directory is removed at the end) and uses the registry nowhere else.

#[path = "support/kogoma_copy.rs"]
mod kogoma_copy;
use kogoma_copy::{copy_of_kogoma, KOGOMA_DIR};

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use serde_json::Value;
use tegoma_game::registry::{self, check_games_dir, load_errors};
use tegoma_game::{MatchRules, Rules, RulesError, Visit};
use tegoma_notation::NotationError;

/// The temporary directory named by `TEGOMA_GAMES`, filled once before the registry's first
/// use: Zogoma, and directories that are not usable games (sorted by name: the order of the
/// errors).
fn games() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let root = std::env::temp_dir().join(format!("tegoma-games-dir-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&root);
        copy_of_kogoma(&root.join("zogoma"), "Zogoma", 'Z');
        // a: its description has no `capture` (a required field).
        copy_of_kogoma(&root.join("a-broken"), "Broken", 'B');
        let path = root.join("a-broken/description.json");
        let mut desc: Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        desc.as_object_mut().unwrap().remove("capture");
        std::fs::write(&path, desc.to_string()).unwrap();
        // b: the name of an embedded game.
        copy_of_kogoma(&root.join("b-named-kogoma"), "Kogoma", 'Y');
        // c: the style letter of a built-in game.
        copy_of_kogoma(&root.join("c-letter-c"), "Cogoma", 'C');
        // d: a description that is not JSON.
        copy_of_kogoma(&root.join("d-not-json"), "Dogoma", 'D');
        std::fs::write(root.join("d-not-json/description.json"), "{\"name\": ").unwrap();
        // e: Kogoma's table (style K) under the style letter E.
        copy_of_kogoma(&root.join("e-old-table"), "Egoma", 'E');
        std::fs::copy(
            Path::new(KOGOMA_DIR).join("ggn.json"),
            root.join("e-old-table/ggn.json"),
        )
        .unwrap();
        // f: an optional field holding a bad value.
        copy_of_kogoma(&root.join("f-bad-drops"), "Fogoma", 'F');
        let path = root.join("f-bad-drops/description.json");
        let mut desc: Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        desc["drops"]["enabled"] = "yes".into();
        std::fs::write(&path, desc.to_string()).unwrap();
        // h: a required object missing a required field (`capture` without `side`).
        copy_of_kogoma(&root.join("h-capture-side"), "Hogoma", 'H');
        let path = root.join("h-capture-side/description.json");
        let mut desc: Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        desc["capture"].as_object_mut().unwrap().remove("side");
        std::fs::write(&path, desc.to_string()).unwrap();
        // Not games: a directory with one of the two files, a plain file.
        std::fs::create_dir_all(root.join("g-half")).unwrap();
        std::fs::write(root.join("g-half/description.json"), "{}").unwrap();
        std::fs::write(root.join("README.md"), "not a game").unwrap();
        let missing = root.join("no-such-directory");
        let var = std::env::join_paths([root.clone(), missing]).unwrap();
        std::env::set_var("TEGOMA_GAMES", var);
        root
    })
}

struct Perft(u32);
impl Visit for Perft {
    type Output = u64;
    fn visit<R: MatchRules>(self, rules: &R) -> u64 {
        rules.perft(&rules.initial().unwrap(), self.0)
    }
}

#[test]
fn games_of_tegoma_games() {
    let root = games();
    a_copy_of_kogoma_is_a_game_found_by_name_and_style();
    the_copy_counts_as_kogoma();
    unusable_directories_are_typed_errors_naming_file_and_field();
    std::fs::remove_dir_all(root).unwrap();
}

fn a_copy_of_kogoma_is_a_game_found_by_name_and_style() {
    let z = Rules::by_name("zogoma").expect("zogoma from TEGOMA_GAMES");
    assert_eq!(z.name(), "zogoma");
    assert_eq!(z.id(), "tegoma.zogoma/1");
    assert_eq!(Rules::by_name("Zogoma").unwrap().name(), "zogoma");
    let Rules::Files(f) = &z else {
        panic!("a game defined by files")
    };
    assert_eq!(f.dir(), Some(games().join("zogoma").as_path()));
    let names: Vec<&str> = registry::names().collect();
    assert_eq!(names, ["chess", "ogi", "chess-ogi", "kogoma", "zogoma"]);
    let start = "rbsgk^/4p/5/P4/K^GSBR / Z/z";
    let position = tegoma_protocol::Position::from_feen(start).unwrap();
    assert_eq!(Rules::for_position(&position).unwrap().name(), "zogoma");
    for style in ["Z", "z"] {
        let style = tegoma_notation::sin::Identifier::parse(style).unwrap();
        assert_eq!(Rules::for_styles(style).unwrap().name(), "zogoma");
    }
    // Built-in and embedded games are found as before.
    assert_eq!(Rules::by_name("kogoma").unwrap().name(), "kogoma");
    assert!(matches!(
        Rules::by_name("xiangqi"),
        Err(RulesError::UnknownGame { .. })
    ));
}

fn the_copy_counts_as_kogoma() {
    // 3122: the independent brute force of crates/ggn/tests/ggn_kogoma.rs (perft 1 = 14 by
    // hand, games/kogoma/README.md).
    let zogoma = Rules::by_name("zogoma").unwrap();
    let kogoma = Rules::by_name("kogoma").unwrap();
    assert_eq!(zogoma.visit(Perft(1)), 14);
    assert_eq!(zogoma.visit(Perft(3)), 3122);
    assert_eq!(kogoma.visit(Perft(3)), 3122);
    // The GGN engine built directly from Kogoma's files, and from the copy's.
    let engine = |dir: &Path| {
        let ggn = tegoma_notation::ggn::Ggn::from_json(
            &std::fs::read_to_string(dir.join("ggn.json")).unwrap(),
        )
        .unwrap();
        let desc = tegoma_ggn::Description::from_json(
            &std::fs::read_to_string(dir.join("description.json")).unwrap(),
        )
        .unwrap();
        tegoma_ggn::Engine::new(&ggn, desc).unwrap()
    };
    for dir in [Path::new(KOGOMA_DIR).to_path_buf(), games().join("zogoma")] {
        let e = engine(&dir);
        assert_eq!(e.perft(e.initial(), 3), 3122, "{}", dir.display());
    }
    // `Rules::from_dir` reads a directory the same way, unregistered.
    let k = Rules::from_dir(KOGOMA_DIR).unwrap();
    assert_eq!(k.name(), "kogoma");
    assert_eq!(k.visit(Perft(2)), 194);
}

/// The error of the directory `dir` (under the temporary directory).
fn path_of(dir: &str, file: &str) -> String {
    games().join(dir).join(file).display().to_string()
}

fn unusable_directories_are_typed_errors_naming_file_and_field() {
    let errors = load_errors();
    let got: Vec<(String, Option<String>, &str)> = errors
        .iter()
        .map(|e| match e {
            RulesError::GameFiles { path, field, .. } => (path.clone(), field.clone(), e.kind()),
            RulesError::GameClash { path, field, .. } => {
                (path.clone(), Some(field.to_string()), e.kind())
            }
            other => panic!("not a game-files error: {other:?}"),
        })
        .collect();
    let d = "description.json";
    let expected: Vec<(String, Option<String>, &str)> = vec![
        (
            path_of("a-broken", d),
            Some("capture".into()),
            "InvalidGameFiles",
        ),
        (
            path_of("b-named-kogoma", d),
            Some("name".into()),
            "GameClash",
        ),
        (path_of("c-letter-c", d), Some("sin".into()), "GameClash"),
        (path_of("d-not-json", d), None, "InvalidGameFiles"),
        (
            path_of("e-old-table", "ggn.json"),
            Some("K:+B".into()),
            "InvalidGameFiles",
        ),
        (
            path_of("f-bad-drops", d),
            Some("drops".into()),
            "InvalidGameFiles",
        ),
        (
            path_of("h-capture-side", d),
            Some("capture".into()),
            "InvalidGameFiles",
        ),
        (
            games().join("no-such-directory").display().to_string(),
            None,
            "InvalidGameFiles",
        ),
    ];
    assert_eq!(got, expected, "{errors:#?}");
    // The messages say what, where.
    let broken = errors[0].to_string();
    assert!(
        broken.starts_with(&format!(
            "{}: field capture: missing field `capture`",
            path_of("a-broken", d)
        )),
        "{broken}"
    );
    let clash = errors[1].to_string();
    assert!(
        clash.ends_with("field name: \"Kogoma\" is already kogoma's"),
        "{clash}"
    );
    assert!(errors[2]
        .to_string()
        .ends_with("field sin: \"C\" is already chess's"));
    // At start: the first error.
    assert_eq!(check_games_dir(), Err(errors[0].clone()));
    assert_eq!(Rules::check_games_dir(), Err(errors[0].clone()));
    // A request for a bad game gets its error, by name (the description's or the directory's)
    // or by style letter.
    assert_eq!(Rules::by_name("broken").unwrap_err(), errors[0]);
    assert_eq!(Rules::by_name("a-broken").unwrap_err(), errors[0]);
    assert_eq!(Rules::by_name("d-not-json").unwrap_err(), errors[3]);
    let b = tegoma_notation::sin::Identifier::parse("B").unwrap();
    assert_eq!(Rules::for_styles(b).unwrap_err(), errors[0]);
    // The clashing directories did not replace the games they clash with.
    assert_eq!(Rules::by_name("kogoma").unwrap().visit(Perft(1)), 14);
    assert_eq!(Rules::by_name("chess").unwrap().visit(Perft(1)), 20);
    // `Rules::from_dir` on a bad directory: the same typed error.
    assert_eq!(
        Rules::from_dir(games().join("a-broken")).unwrap_err(),
        errors[0]
    );
}
