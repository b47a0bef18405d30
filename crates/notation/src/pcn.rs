//! PCN, Portable Chess Notation: a whole game record, in JSON (primary) or TOML (ruling R7).
//!
//! The current spec names the sections but its sub-schemas could not be retrieved, so this
//! reader is tolerant and the writer canonical. The schema settled here:
//!
//! | Section | Type | Read | Written |
//! |---|---|---|---|
//! | `meta` | object | any keys, kept as they are | as read |
//! | `links` | array | any items, kept | as read |
//! | `periods` | array | any items, kept | as read |
//! | `sides` | object | any keys; `first`/`second`, when present, must be objects | as read |
//! | `setup` | **required** | a FEEN string, or an object with a `feen` string plus any other keys | `{"feen": …, other keys}` |
//! | `plies` | array | each a PMN string, an object `{"move": PMN, "seconds"?: number ≥ 0, other keys}`, or a pair `[PMN, seconds]` (pcn.rb 0.6) | a PMN string when the ply has nothing else, else the object |
//! | `outcome` | object | `status`: a CGSN status or an array of them; `result`: `"first"`, `"second"` or `"draw"`; other keys kept | `status` as a string (one) or an array (several), omitted when none |
//!
//! - FEEN is validated with `sashite-feen`; PMN is read leniently ([`Pmn::parse_lenient`], so the
//!   seeds' `e7-e8/Q` is accepted) and written canonically; `seconds` is the time spent on the
//!   ply.
//! - **Unknown keys survive a round trip** at every level: top-level keys after the seven
//!   sections, keys of `setup`, of ply objects and of `outcome` after the known ones, all in
//!   document order; `meta`, `links`, `periods` and `sides` are kept whole.
//! - **Output order**: `meta`, `links`, `periods`, `sides`, `setup`, `plies`, `outcome`, then the
//!   unknown top-level keys. JSON is written pretty-printed (two spaces), TOML with `toml`'s
//!   writer. TOML cannot hold `null`: writing such a value to TOML is an error. TOML datetimes
//!   are read as their RFC 3339 text. TOML writes a table's plain values before its sub-tables,
//!   so through TOML the content of every key survives but a sub-table may move after its
//!   siblings; JSON keeps the order exactly. Equality of [`Map`]s ignores key order.
//! - **Detection** ([`Pcn::parse`]): a text whose first non-blank character is `{` is JSON,
//!   anything else TOML.
//! - **Bounds**: texts over [`MAX_DOCUMENT_BYTES`] are refused before parsing; nesting deeper
//!   than [`MAX_DEPTH`] is refused (serde_json also stops at 128 levels, toml's parser has its
//!   own limit); a duplicate key in any object is an error, in JSON as in TOML.
//!
//! ```
//! use tegoma_notation::pcn::{GameResult, Pcn};
//!
//! let pcn = Pcn::parse(r#"{
//!   "setup": "+rnbq+k^bn+r/+p+p+p+p+p+p+p+p/8/8/8/8/+P+P+P+P+P+P+P+P/+RNBQ+K^BN+R / C/c",
//!   "plies": ["f2-f3", "e7-e5", "g2-g4", "d8-h4"],
//!   "outcome": {"status": "checkmate", "result": "second"},
//!   "x-source": "example"
//! }"#).unwrap();
//! assert_eq!(pcn.plies.as_ref().map(Vec::len), Some(4));
//! assert_eq!(pcn.outcome.as_ref().unwrap().result, Some(GameResult::Second));
//! let toml = pcn.to_toml().unwrap();
//! assert_eq!(Pcn::parse(&toml).unwrap(), pcn);
//! ```

mod error;
mod read;
pub mod stream;
mod unique;
mod write;

use std::fmt;

use crate::cgsn::StatusSet;
use crate::pmn::Pmn;

pub use error::PcnError;

/// An ordered JSON object: the container for kept keys.
pub type Map = serde_json::Map<String, serde_json::Value>;

/// Largest PCN text read, in bytes (4 MiB).
pub const MAX_DOCUMENT_BYTES: usize = 4 << 20;

/// Deepest nesting of arrays and objects accepted.
pub const MAX_DEPTH: usize = 64;

/// A game record.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Pcn {
    /// `meta`: name, event, round, site, start time, platform, ... (kept as read).
    pub meta: Option<Map>,
    /// `links`: URLs and related games (kept as read).
    pub links: Option<Vec<serde_json::Value>>,
    /// `periods`: time control (kept as read).
    pub periods: Option<Vec<serde_json::Value>>,
    /// `sides`: `first` and `second` (kept as read).
    pub sides: Option<Map>,
    /// `setup`: the start position.
    pub setup: Setup,
    /// `plies`: the moves, in order (`None` when the record has no `plies` key).
    pub plies: Option<Vec<Ply>>,
    /// `outcome`: how the game ended, if it did.
    pub outcome: Option<Outcome>,
    /// Unknown top-level keys, in document order.
    pub extra: Map,
}

/// The start position.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Setup {
    /// The position in FEEN (validated).
    pub feen: String,
    /// Other keys of the `setup` object, in document order.
    pub extra: Map,
}

/// One ply.
#[derive(Debug, Clone, PartialEq)]
pub struct Ply {
    /// The move.
    pub pmn: Pmn,
    /// Seconds spent on the ply, if recorded (finite, ≥ 0).
    pub seconds: Option<f64>,
    /// Other keys of the ply object, in document order.
    pub extra: Map,
}

impl Ply {
    /// A ply with only a move.
    pub fn new(pmn: Pmn) -> Ply {
        Ply {
            pmn,
            seconds: None,
            extra: Map::new(),
        }
    }
}

/// The result of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GameResult {
    /// The first player won.
    First,
    /// The second player won.
    Second,
    /// A draw.
    Draw,
}

impl GameResult {
    /// The PCN word: `first`, `second` or `draw`.
    pub const fn as_str(self) -> &'static str {
        match self {
            GameResult::First => "first",
            GameResult::Second => "second",
            GameResult::Draw => "draw",
        }
    }
}

impl fmt::Display for GameResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// How the game ended.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Outcome {
    /// The CGSN statuses (possibly several, e.g. `check` and `timelimit`).
    pub status: StatusSet,
    /// The result, if decided.
    pub result: Option<GameResult>,
    /// Other keys of the `outcome` object, in document order.
    pub extra: Map,
}

impl Pcn {
    /// A record of the given start position (FEEN, validated), with nothing else.
    pub fn new(feen: &str) -> Result<Pcn, PcnError> {
        read::check_feen(feen, "setup.feen")?;
        Ok(Pcn {
            setup: Setup {
                feen: feen.to_string(),
                extra: Map::new(),
            },
            ..Pcn::default()
        })
    }

    /// Parses a JSON or TOML text, detected by its first non-blank character (`{`: JSON).
    pub fn parse(text: &str) -> Result<Pcn, PcnError> {
        if read::looks_like_json(text) {
            Pcn::from_json(text)
        } else {
            Pcn::from_toml(text)
        }
    }

    /// Parses a JSON text.
    pub fn from_json(text: &str) -> Result<Pcn, PcnError> {
        read::from_json(text)
    }

    /// Parses a TOML text.
    pub fn from_toml(text: &str) -> Result<Pcn, PcnError> {
        read::from_toml(text)
    }

    /// Reads an already parsed JSON value.
    pub fn from_value(value: serde_json::Value) -> Result<Pcn, PcnError> {
        read::from_value(value)
    }

    /// The record as a JSON value in canonical order.
    pub fn to_value(&self) -> serde_json::Value {
        write::to_value(self)
    }

    /// The canonical JSON text (pretty-printed, two-space indent, trailing newline).
    pub fn to_json(&self) -> String {
        write::to_json(self)
    }

    /// The canonical TOML text; fails if a kept value has no TOML form (`null`, or an integer
    /// above `i64::MAX`).
    pub fn to_toml(&self) -> Result<String, PcnError> {
        write::to_toml(self)
    }
}

/// Validates one PCN document (JSON or TOML) or stream of records (JSON Lines, a JSON array;
/// ruling R8) and describes it in a few words (for `tegoma validate pcn`). A stream is valid
/// when every record is; the first record that is not is the error (with its index and line).
pub fn describe(text: &str) -> Result<String, crate::Invalid> {
    let mut records = stream::Records::new(text.as_bytes());
    let mut count = 0usize;
    let mut plies = 0usize;
    let mut last = None;
    for r in records.by_ref() {
        let pcn = r?;
        count += 1;
        plies += pcn.plies.as_ref().map_or(0, Vec::len);
        last = Some(pcn);
    }
    let layout = records.layout();
    if layout.is_none() {
        // An empty document is not a record.
        return Err(PcnError::MissingField {
            path: "setup".to_string(),
        }
        .into());
    }
    match (count, last) {
        (1, Some(pcn)) if layout != Some(stream::Layout::Array) => Ok(describe_one(text, &pcn)),
        (_, _) => {
            let form = match layout {
                Some(stream::Layout::Array) => "JSON array",
                _ => "JSON Lines",
            };
            let s = if count == 1 { "" } else { "s" };
            Ok(format!("PCN ({form}): {count} record{s}, {plies} plies"))
        }
    }
}

fn describe_one(text: &str, pcn: &Pcn) -> String {
    let format = if read::looks_like_json(text) {
        "JSON"
    } else {
        "TOML"
    };
    let plies = pcn.plies.as_ref().map_or(0, Vec::len);
    let outcome = match &pcn.outcome {
        None => "no outcome".to_string(),
        Some(o) => {
            let status = if o.status.is_empty() {
                "no status".to_string()
            } else {
                o.status.to_string()
            };
            match o.result {
                Some(r) => format!("outcome {status}, result {r}"),
                None => format!("outcome {status}, no result"),
            }
        }
    };
    format!("PCN ({format}): {plies} plies, {outcome}")
}
