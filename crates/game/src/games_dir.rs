//! Games defined by files and found at run time: every directory under the directories named
//! by the `TEGOMA_GAMES` environment variable that holds both `description.json` and
//! `ggn.json` (see `docs/games-by-files.md`).
//!
//! The variable is read once per process, at the registry's first use; each game is built once.
//! A directory that cannot be used is not a game: its error (the file and the field at fault) is
//! kept for [`crate::registry::check_games_dir`] and for a request naming that game.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use serde::Deserialize;
use tegoma_ggn::{Description, DescriptionError, EngineError};
use tegoma_notation::ggn::Ggn;

use crate::registry::{FileRules, RulesError, FILE_GAMES, HAND_WRITTEN};

/// The environment variable naming the directories of games (separated by `:`, as `PATH`).
pub const GAMES_VAR: &str = "TEGOMA_GAMES";

/// The description's file name in a game's directory.
pub const DESCRIPTION_FILE: &str = "description.json";

/// The table's file name in a game's directory.
pub const GGN_FILE: &str = "ggn.json";

/// The largest description read (the description reader's own limit).
const MAX_DESCRIPTION_BYTES: u64 = 1 << 20;

/// The longest game name: a word for command lines and protocol ids (`tegoma.<name>/1`).
const MAX_NAME_LEN: usize = 32;

/// A directory that is not a usable game: the names and style letter it seemed to claim (so
/// that a request for it gets its error rather than "unknown game"), and the error.
pub(crate) struct Failed {
    /// The directory's name and the description's `name`, lowercase, when readable.
    pub(crate) names: Vec<String>,
    /// The description's `sin`, uppercase, when readable.
    pub(crate) sin: Option<String>,
    /// Why it is not a game.
    pub(crate) error: RulesError,
}

/// What `TEGOMA_GAMES` holds: the games in order, and the directories that failed.
#[derive(Default)]
pub(crate) struct Loaded {
    pub(crate) games: Vec<Arc<FileRules>>,
    pub(crate) failed: Vec<Failed>,
}

/// The games of `TEGOMA_GAMES`, loaded at the first call.
pub(crate) fn loaded() -> &'static Loaded {
    static LOADED: OnceLock<Loaded> = OnceLock::new();
    LOADED.get_or_init(|| match std::env::var_os(GAMES_VAR) {
        Some(dirs) => load(std::env::split_paths(&dirs).filter(|d| !d.as_os_str().is_empty())),
        None => Loaded::default(),
    })
}

/// A typed error about a game's file.
pub(crate) fn file_error(
    path: &Path,
    field: Option<String>,
    reason: impl Into<String>,
) -> RulesError {
    RulesError::GameFiles {
        path: path.display().to_string(),
        field,
        reason: reason.into(),
    }
}

/// Loads every game directory under `dirs`, in order (the subdirectories of each by name).
fn load(dirs: impl Iterator<Item = PathBuf>) -> Loaded {
    let mut out = Loaded::default();
    for dir in dirs {
        let entries = match std::fs::read_dir(&dir) {
            Ok(entries) => entries,
            Err(e) => {
                out.failed.push(Failed {
                    names: Vec::new(),
                    sin: None,
                    error: file_error(&dir, None, format!("cannot read the directory: {e}")),
                });
                continue;
            }
        };
        let mut subdirs: Vec<PathBuf> = entries
            .filter_map(Result::ok)
            .map(|e| e.path())
            .filter(|p| p.join(DESCRIPTION_FILE).is_file() && p.join(GGN_FILE).is_file())
            .collect();
        subdirs.sort();
        for sub in subdirs {
            match load_one(&sub, &out.games) {
                Ok(game) => out.games.push(Arc::new(game)),
                Err(failed) => out.failed.push(*failed),
            }
        }
    }
    out
}

/// One directory, checked against the games known before it.
fn load_one(dir: &Path, earlier: &[Arc<FileRules>]) -> Result<FileRules, Box<Failed>> {
    let mut names: Vec<String> = dir
        .file_name()
        .and_then(|n| n.to_str())
        .map(|n| vec![n.to_ascii_lowercase()])
        .unwrap_or_default();
    let desc_path = dir.join(DESCRIPTION_FILE);
    // What the description claims, read leniently first: a request for this game by name or
    // style letter then gets this directory's error.
    let mut sin = None;
    let text = read(&desc_path, MAX_DESCRIPTION_BYTES);
    if let Ok(text) = &text {
        if let Ok(v) = serde_json::from_str::<serde_json::Value>(text) {
            if let Some(n) = v.get("name").and_then(|n| n.as_str()) {
                names.push(n.to_ascii_lowercase());
            }
            sin = v
                .get("sin")
                .and_then(|s| s.as_str())
                .map(|s| s.to_ascii_uppercase());
        }
    }
    let fail = |error| {
        Box::new(Failed {
            names: names.clone(),
            sin: sin.clone(),
            error,
        })
    };
    let desc = text
        .and_then(|t| description(&desc_path, &t))
        .map_err(fail)?;
    check_name(&desc_path, &desc).map_err(fail)?;
    check_clash(&desc_path, &desc, earlier).map_err(fail)?;
    build(dir, desc).map_err(fail)
}

/// Reads a game's directory: its description and its table, checked (name, table styles) and
/// built. No check against other games.
pub(crate) fn from_dir(dir: &Path) -> Result<FileRules, RulesError> {
    let desc_path = dir.join(DESCRIPTION_FILE);
    let desc = description(&desc_path, &read(&desc_path, MAX_DESCRIPTION_BYTES)?)?;
    check_name(&desc_path, &desc)?;
    build(dir, desc)
}

fn build(dir: &Path, desc: Description) -> Result<FileRules, RulesError> {
    let desc_path = dir.join(DESCRIPTION_FILE);
    let ggn_path = dir.join(GGN_FILE);
    let text = read(&ggn_path, tegoma_notation::ggn::MAX_DOCUMENT_BYTES as u64)?;
    let table = Ggn::from_json(&text).map_err(|e| {
        let field = e.path().and_then(|p| p.piece).map(|q| q.to_string());
        file_error(&ggn_path, field, e.to_string())
    })?;
    // Every piece of the table must be of the game's styles: a copied table whose keys still
    // name another game's style would make a game without moves.
    for (piece, _) in table.pieces() {
        let letter = piece.sin().to_string().to_ascii_uppercase();
        if letter != desc.sin {
            return Err(file_error(
                &ggn_path,
                Some(piece.to_string()),
                format!(
                    "the piece's style {letter} is not the game's ({}, description's sin)",
                    desc.sin
                ),
            ));
        }
    }
    FileRules::build_parsed(table, desc, Some(dir.to_path_buf())).map_err(|e| match e {
        RulesError::Files(EngineError::Description(d)) => {
            let (path, field) = match &d {
                DescriptionError::Pin { field, .. } => (&desc_path, Some(field.to_string())),
                DescriptionError::Sin(_) => (&desc_path, Some("sin".into())),
                DescriptionError::Board => (&desc_path, Some("board".into())),
                DescriptionError::Initial(_) => (&desc_path, Some("initial".into())),
                DescriptionError::Json(_) => (&desc_path, None),
                DescriptionError::Table(_) => (&ggn_path, None),
                DescriptionError::Field { field, reason } => {
                    // The field is named once, by the file error.
                    return file_error(&desc_path, Some(field.clone()), reason.clone());
                }
            };
            file_error(path, field, d.to_string())
        }
        other => other,
    })
}

/// A file's text, at most `max` bytes.
fn read(path: &Path, max: u64) -> Result<String, RulesError> {
    let mut bytes = Vec::new();
    std::fs::File::open(path)
        .and_then(|f| f.take(max + 1).read_to_end(&mut bytes))
        .map_err(|e| file_error(path, None, format!("cannot read the file: {e}")))?;
    if bytes.len() as u64 > max {
        return Err(file_error(
            path,
            None,
            format!("the file exceeds {max} bytes"),
        ));
    }
    String::from_utf8(bytes).map_err(|e| file_error(path, None, format!("not UTF-8: {e}")))
}

/// Reads a description, naming the top-level field at fault when it does not fit.
fn description(path: &Path, text: &str) -> Result<Description, RulesError> {
    let error = match Description::from_json(text) {
        Ok(d) => return Ok(d),
        Err(DescriptionError::Json(m)) => m,
        Err(e) => return Err(file_error(path, None, e.to_string())),
    };
    let Ok(serde_json::Value::Object(object)) = serde_json::from_str::<serde_json::Value>(text)
    else {
        // Not JSON, or not an object: no field to name (the message has line and column).
        return Err(file_error(path, None, error));
    };
    let without = |key: &str| {
        let mut rest = object.clone();
        rest.remove(key);
        Description::deserialize(&serde_json::Value::Object(rest)).map_err(|e| e.to_string())
    };
    let missing = |message: &str| -> Option<String> {
        let rest = message.strip_prefix("missing field `")?;
        Some(rest[..rest.find('`')?].to_string())
    };
    // An unknown field, or an optional one holding a bad value: removing it cures the document.
    let field = object
        .keys()
        .find(|key| without(key).is_ok())
        .cloned()
        .or_else(|| match missing(&error) {
            // A required field missing from the document itself.
            Some(m) if top_level_fields().contains(&m) && !object.contains_key(&m) => Some(m),
            // A field missing inside a required object: the object.
            Some(_) => object
                .iter()
                .find(|(key, value)| {
                    (value.is_object() || value.is_array())
                        && without(key).is_err_and(|e| missing(&e).as_ref() == Some(*key))
                })
                .map(|(key, _)| key.clone()),
            // A required field holding a bad value: removing it makes it missing (removing
            // another field leaves the same error, found first).
            None => object
                .keys()
                .find(|key| without(key).is_err_and(|e| missing(&e).as_ref() == Some(*key)))
                .cloned(),
        });
    Err(file_error(path, field, error))
}

/// The description's top-level field names, as its reader lists them.
fn top_level_fields() -> Vec<String> {
    let probe = serde_json::json!({ "\u{0}": 0 });
    let message = match Description::deserialize(&probe) {
        Ok(_) => return Vec::new(),
        Err(e) => e.to_string(),
    };
    let list = message
        .split_once("expected one of ")
        .map_or("", |(_, l)| l);
    list.split(", ")
        .filter_map(|f| f.trim().strip_prefix('`')?.strip_suffix('`'))
        .map(str::to_string)
        .collect()
}

/// A name that command lines and protocol ids (`tegoma.<name>/1`) can carry, and a style
/// letter.
fn check_name(path: &Path, desc: &Description) -> Result<(), RulesError> {
    if desc.sin.len() != 1 || !desc.sin.starts_with(|c: char| c.is_ascii_uppercase()) {
        return Err(file_error(
            path,
            Some("sin".into()),
            format!(
                "{:?} is not one uppercase ASCII letter",
                desc.sin.chars().take(8).collect::<String>()
            ),
        ));
    }
    let name = &desc.name;
    let ok = !name.is_empty()
        && name.len() <= MAX_NAME_LEN
        && name.starts_with(|c: char| c.is_ascii_alphabetic())
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_');
    if ok {
        Ok(())
    } else {
        Err(file_error(
            path,
            Some("name".into()),
            format!(
                "{:?} is not a game name (1 to {MAX_NAME_LEN} ASCII letters, digits, '-' or '_', \
                 starting with a letter)",
                name.chars().take(40).collect::<String>()
            ),
        ))
    }
}

/// The name and style letter must be new: not a built-in game's, not an embedded one's, not an
/// earlier directory's.
fn check_clash(
    path: &Path,
    desc: &Description,
    earlier: &[Arc<FileRules>],
) -> Result<(), RulesError> {
    let name = desc.name.to_ascii_lowercase();
    let sin = desc.sin.to_ascii_uppercase();
    let clash = |field: &'static str, value: &str, game: &str| RulesError::GameClash {
        path: path.display().to_string(),
        field,
        value: value.to_string(),
        game: game.to_string(),
    };
    for h in HAND_WRITTEN {
        if h.name.eq_ignore_ascii_case(&name) || h.aliases.iter().any(|o| o.to_lowercase() == name)
        {
            return Err(clash("name", &desc.name, h.name));
        }
        if (h.make)().styles_letter() == sin {
            return Err(clash("sin", &desc.sin, h.name));
        }
    }
    for g in &FILE_GAMES {
        if g.name.eq_ignore_ascii_case(&name) {
            return Err(clash("name", &desc.name, g.name));
        }
        let embedded = Description::from_json(g.description).map(|d| d.sin);
        if embedded.is_ok_and(|l| l.eq_ignore_ascii_case(&sin)) {
            return Err(clash("sin", &desc.sin, g.name));
        }
    }
    for g in earlier {
        if g.name() == name {
            return Err(clash("name", &desc.name, g.name()));
        }
        if g.engine().description().sin.eq_ignore_ascii_case(&sin) {
            return Err(clash("sin", &desc.sin, g.name()));
        }
    }
    Ok(())
}
