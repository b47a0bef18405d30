//! SEI 1.0, the Sashité Engine Interface, as Sashité's published engine
//! (`sashite-sanki-sei-random-engine` 0.1.0) speaks it: the messages both sides of a session use,
//! the engine (`tegoma engine`) and the host (`tegoma match`).
//!
//! - Transport: JSON Lines; every line strict I-JSON ([`parse_strict`]: duplicate keys and
//!   integers beyond ±(2^53 − 1) refused).
//! - Requests: `{"id": <strictly increasing integer>, "op": "hello" | "ping" | "configure" |
//!   "search" | "cancel", …}`, their envelope read by [`read_request`] (a defect there is
//!   [`Fatal`]: the engine reports it without `re` and exits with status 1), their content by
//!   [`Hello::from_fields`], [`Configure::from_fields`], [`Search::from_fields`] and
//!   [`no_fields`] (a defect there is an [`Error`] attached to the request).
//! - Events: [`Event`], `{"re": <id>, "ev": "done" | "info" | "error", …}`.
//! - Errors: [`Code`] `invalid`, then `unsupported`, then `illegal`, each with the JSON Pointer
//!   (RFC 6901) of the faulty part; only the first defect is reported, in that order.
//! - Clocks: [`Clock`] (`own`, `opp`, `overhead`), each side a [`SideClock`] that says Fischer
//!   (`remaining` + `inc`), a quota period (`togo` plies in `time`, `carry` unused time), and the
//!   periods after the current one (`next`: byōyomi, Canadian, multi-period controls).
//!   `own.deadline` is the time (ms, from the receipt of the `search`) by which the engine's move
//!   is due; the engine answers by `deadline − overhead`.
//!
//! ```
//! use tegoma_game::sei::{read_request, Search};
//! let r = read_request(r#"{"id":3,"op":"search","rules":"tegoma.ogi/1","position":"x","limits":{"depth":0}}"#, Some(2), true).unwrap();
//! let e = Search::from_fields(&r.fields).unwrap_err();
//! assert_eq!((e.code.name(), e.path.as_deref()), ("invalid", Some("/limits/depth")));
//! ```

use serde::de::{self, Deserializer, MapAccess, SeqAccess, Visitor};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Number, Value};

use crate::Rules;

/// The only protocol version spoken.
pub const VERSION: u64 = 1;
/// The largest integer a message may carry (I-JSON).
pub const MAX_INT: u64 = (1 << 53) - 1;

/// The SEI rules id of a rule system of the registry (`tegoma.chess/1`).
pub fn rules_id(rules: &Rules) -> String {
    rules.id()
}

/// The rule system an SEI rules id names (`tegoma.<game>/1`, every game of the registry).
pub fn rules_by_id(id: &str) -> Option<Rules> {
    let rest = id.strip_prefix("tegoma.")?;
    let (name, version) = rest.split_once('/')?;
    if version != "1" {
        return None;
    }
    let rules = Rules::by_name(name).ok()?;
    (rules.name() == name).then_some(rules)
}

/// The SEI rules ids of every game of the registry.
pub fn rules_ids() -> Vec<String> {
    crate::registry::names()
        .filter_map(|n| Rules::by_name(n).ok())
        .map(|r| r.id())
        .collect()
}

// ---- errors -------------------------------------------------------------------------------

/// The class of an error event.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Code {
    /// Malformed, out of domain, or not negotiated.
    Invalid,
    /// Rules (or a style) the engine does not implement.
    Unsupported,
    /// An illegal or non-canonical position or move.
    Illegal,
    /// A failure of the engine itself (fatal).
    Internal,
}

impl Code {
    /// The code's name on the wire.
    pub const fn name(self) -> &'static str {
        match self {
            Code::Invalid => "invalid",
            Code::Unsupported => "unsupported",
            Code::Illegal => "illegal",
            Code::Internal => "internal",
        }
    }
}

/// A defect of a request's content, reported as an `error` event attached to it.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{} at {}: {message}", code.name(), path.as_deref().unwrap_or("/"))]
pub struct Error {
    /// Its class.
    pub code: Code,
    /// The JSON Pointer of the faulty part.
    pub path: Option<String>,
    /// What is wrong.
    pub message: String,
}

impl Error {
    fn new(code: Code, path: impl Into<String>, message: impl Into<String>) -> Error {
        Error {
            code,
            path: Some(path.into()),
            message: message.into(),
        }
    }
    /// An `invalid` error at `path`.
    pub fn invalid(path: impl Into<String>, message: impl Into<String>) -> Error {
        Error::new(Code::Invalid, path, message)
    }
    /// An `unsupported` error at `path`.
    pub fn unsupported(path: impl Into<String>, message: impl Into<String>) -> Error {
        Error::new(Code::Unsupported, path, message)
    }
    /// An `illegal` error at `path`.
    pub fn illegal(path: impl Into<String>, message: impl Into<String>) -> Error {
        Error::new(Code::Illegal, path, message)
    }
    /// The error event attached to request `re`.
    pub fn event(&self, re: u64) -> Event {
        Event {
            re: Some(re),
            code: Some(self.code),
            path: self.path.clone(),
            message: Some(self.message.clone()),
            ..Event::new(Ev::Error)
        }
    }
}

/// An envelope error: the session ends (the engine writes [`Event::fatal`] and exits with 1).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Fatal(pub String);

/// A JSON Pointer token (RFC 6901 escaping).
pub fn token(key: &str) -> String {
    key.replace('~', "~0").replace('/', "~1")
}

// ---- strict I-JSON ------------------------------------------------------------------------

/// Reads one line as strict I-JSON: no duplicate key in any object, every number within
/// ±(2^53 − 1) (a fraction is left to the field that reads it), nothing after the value.
///
/// ```
/// use tegoma_game::sei::parse_strict;
/// assert!(parse_strict(r#"{"id":1,"op":"ping"}"#).is_ok());
/// assert!(parse_strict(r#"{"id":1,"id":2}"#).unwrap_err().contains("duplicate"));
/// assert!(parse_strict(r#"{"id":9007199254740992}"#).is_err());
/// assert!(parse_strict(r#"{"id":1.5}"#).is_ok());
/// ```
///
/// # Errors
/// What is wrong, as text.
pub fn parse_strict(text: &str) -> Result<Value, String> {
    let mut de = serde_json::Deserializer::from_str(text);
    let value = Strict::deserialize(&mut de).map_err(|e| e.to_string())?;
    de.end().map_err(|e| e.to_string())?;
    Ok(value.0)
}

struct Strict(Value);

impl<'de> Deserialize<'de> for Strict {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Strict, D::Error> {
        d.deserialize_any(StrictVisitor)
    }
}

struct StrictVisitor;

fn out_of_range<E: de::Error>() -> E {
    E::custom("a number outside ±(2^53 − 1)")
}

impl<'de> Visitor<'de> for StrictVisitor {
    type Value = Strict;

    fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
        f.write_str("an I-JSON value")
    }
    fn visit_bool<E>(self, v: bool) -> Result<Strict, E> {
        Ok(Strict(Value::Bool(v)))
    }
    fn visit_unit<E>(self) -> Result<Strict, E> {
        Ok(Strict(Value::Null))
    }
    fn visit_str<E>(self, v: &str) -> Result<Strict, E> {
        Ok(Strict(Value::String(v.to_owned())))
    }
    fn visit_string<E>(self, v: String) -> Result<Strict, E> {
        Ok(Strict(Value::String(v)))
    }
    fn visit_i64<E: de::Error>(self, v: i64) -> Result<Strict, E> {
        if v.unsigned_abs() > MAX_INT {
            return Err(out_of_range());
        }
        Ok(Strict(Value::from(v)))
    }
    fn visit_u64<E: de::Error>(self, v: u64) -> Result<Strict, E> {
        if v > MAX_INT {
            return Err(out_of_range());
        }
        Ok(Strict(Value::from(v)))
    }
    fn visit_f64<E: de::Error>(self, v: f64) -> Result<Strict, E> {
        if !v.is_finite() || v.abs() > MAX_INT as f64 {
            return Err(out_of_range());
        }
        Number::from_f64(v)
            .map(|n| Strict(Value::Number(n)))
            .ok_or_else(out_of_range)
    }
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Strict, A::Error> {
        let mut items = Vec::new();
        while let Some(Strict(v)) = seq.next_element()? {
            items.push(v);
        }
        Ok(Strict(Value::Array(items)))
    }
    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Strict, A::Error> {
        let mut out = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if out.contains_key(&key) {
                let shown: String = key.chars().take(64).collect();
                return Err(de::Error::custom(format!("duplicate key `{shown}`")));
            }
            let Strict(v) = map.next_value()?;
            out.insert(key, v);
        }
        Ok(Strict(Value::Object(out)))
    }
}

// ---- the envelope -------------------------------------------------------------------------

/// A request whose envelope is valid: its `id`, `op` and other fields.
#[derive(Debug, Clone, PartialEq)]
pub struct Request {
    /// The request's `id`.
    pub id: u64,
    /// The request's `op`.
    pub op: String,
    /// Every field but `id` and `op`.
    pub fields: Map<String, Value>,
}

/// Reads one line (without its end) as a request: strict I-JSON, an object, `id` an integer in
/// [0, 2^53 − 1] greater than `last_id`, `op` a string; before a successful `hello` (`opened`
/// false) only `hello` and `ping`; after it, no second `hello`.
///
/// # Errors
/// [`Fatal`]: the envelope's defect.
pub fn read_request(text: &str, last_id: Option<u64>, opened: bool) -> Result<Request, Fatal> {
    let value = parse_strict(text).map_err(|e| Fatal(format!("not an I-JSON object: {e}")))?;
    let Value::Object(mut fields) = value else {
        return Err(Fatal(
            "not an I-JSON object: the line is not an object".into(),
        ));
    };
    let id = match fields.remove("id") {
        Some(Value::Number(n)) => n
            .as_u64()
            .filter(|&i| i <= MAX_INT)
            .ok_or_else(|| Fatal("`id` is not an integer in [0, 2^53 − 1]".into()))?,
        Some(_) => return Err(Fatal("`id` is not an integer".into())),
        None => return Err(Fatal("`id` is missing".into())),
    };
    if let Some(last) = last_id {
        if id <= last {
            return Err(Fatal(format!(
                "`id` {id} does not increase (the last was {last})"
            )));
        }
    }
    let op = match fields.remove("op") {
        Some(Value::String(op)) => op,
        Some(_) => return Err(Fatal("`op` is not a string".into())),
        None => return Err(Fatal("`op` is missing".into())),
    };
    let shown: String = op.chars().take(32).collect();
    if !opened && op != "hello" && op != "ping" {
        return Err(Fatal(format!("`{shown}` before a successful `hello`")));
    }
    if opened && op == "hello" {
        return Err(Fatal("`hello` after a successful `hello`".into()));
    }
    Ok(Request { id, op, fields })
}

/// A request line for a host to send: `id`, `op`, then `body`'s fields.
///
/// ```
/// use tegoma_game::sei::{request, Configure};
/// assert_eq!(request(2, "ping", &()), r#"{"id":2,"op":"ping"}"#);
/// ```
pub fn request<B: Serialize>(id: u64, op: &str, body: &B) -> String {
    let mut m = Map::new();
    m.insert("id".into(), Value::from(id));
    m.insert("op".into(), Value::from(op));
    if let Ok(Value::Object(b)) = serde_json::to_value(body) {
        m.extend(b);
    }
    Value::Object(m).to_string()
}

// ---- request contents ---------------------------------------------------------------------

/// The JSON Pointer of a deserialisation error's place (a missing field: the field's own).
fn pointer_of(e: &serde_path_to_error::Error<serde_json::Error>, prefix: &str) -> String {
    use serde_path_to_error::Segment;
    let mut p = prefix.to_string();
    for s in e.path().iter() {
        match s {
            Segment::Seq { index } => p.push_str(&format!("/{index}")),
            Segment::Map { key } => p.push_str(&format!("/{}", token(key))),
            Segment::Enum { variant } => p.push_str(&format!("/{}", token(variant))),
            Segment::Unknown => {}
        }
    }
    let msg = e.inner().to_string();
    if let Some(rest) = msg.strip_prefix("missing field `") {
        if let Some(name) = rest.split('`').next() {
            p.push_str(&format!("/{}", token(name)));
        }
    }
    p
}

fn typed<T: for<'de> Deserialize<'de>>(fields: &Map<String, Value>) -> Result<T, Error> {
    serde_path_to_error::deserialize(Value::Object(fields.clone())).map_err(|e| {
        let path = pointer_of(&e, "");
        let message = e.inner().to_string();
        let message = match message.split_once(", expected one of") {
            Some((head, _)) => head.to_string(),
            None => message,
        };
        Error::invalid(path, message)
    })
}

/// `invalid` when the request has any field (`ping`, `cancel`).
///
/// # Errors
/// The first field's pointer.
pub fn no_fields(fields: &Map<String, Value>) -> Result<(), Error> {
    match fields.keys().next() {
        Some(k) => Err(Error::invalid(
            format!("/{}", token(k)),
            format!("unknown field `{}`", k.chars().take(64).collect::<String>()),
        )),
        None => Ok(()),
    }
}

/// `hello`: the versions the host speaks (other fields are ignored).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Hello {
    /// The versions, each at least 1.
    pub versions: Vec<u64>,
}

impl Hello {
    /// Reads `hello`'s fields.
    ///
    /// # Errors
    /// `invalid` when `versions` is not a non-empty array of integers ≥ 1.
    pub fn from_fields(fields: &Map<String, Value>) -> Result<Hello, Error> {
        let Some(Value::Array(items)) = fields.get("versions") else {
            return Err(Error::invalid(
                "/versions",
                "`versions` must be a non-empty array of integers",
            ));
        };
        if items.is_empty() {
            return Err(Error::invalid("/versions", "`versions` must not be empty"));
        }
        let mut versions = Vec::with_capacity(items.len());
        for (i, v) in items.iter().enumerate() {
            match v.as_u64() {
                Some(n) if n >= 1 => versions.push(n),
                _ => {
                    return Err(Error::invalid(
                        format!("/versions/{i}"),
                        "a version is an integer ≥ 1",
                    ))
                }
            }
        }
        Ok(Hello { versions })
    }

    /// Whether the host speaks this implementation's version.
    pub fn common(&self) -> bool {
        self.versions.contains(&VERSION)
    }
}

/// `configure`: the complete configuration (an option left out takes its default).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Configure {
    /// The options' values by name.
    #[serde(default)]
    pub options: Map<String, Value>,
}

impl Configure {
    /// Reads `configure`'s fields (the options' names and values are the engine's to check).
    ///
    /// # Errors
    /// `invalid` for an unknown field or `options` that is not an object.
    pub fn from_fields(fields: &Map<String, Value>) -> Result<Configure, Error> {
        typed(fields)
    }
}

/// The counters of the searched game's start (`halfmove` since the last irreversible move,
/// `ply` the number of the next ply, from 1).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Counters {
    /// Half-moves since the last irreversible move (default 0).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub halfmove: Option<u64>,
    /// The number of the next ply (default 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ply: Option<u64>,
}

/// A period after the current one (byōyomi, Canadian, the next control of a classical game).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Period {
    /// Time granted when the period begins (ms).
    pub time: u64,
    /// Increment after each ply in it (ms).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inc: Option<u64>,
    /// Plies to play in it (none: until its time runs out).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moves: Option<u64>,
    /// Whether unused time carries over when its quota is completed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub carry: Option<bool>,
}

/// One side's clock.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideClock {
    /// `own` only, required there: ms from the receipt of the search by which the move is due.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deadline: Option<u64>,
    /// Time left in the current period (ms).
    pub remaining: u64,
    /// Increment after each ply of the current period (ms).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub inc: Option<u64>,
    /// Plies still to play in the current period's quota.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub togo: Option<u64>,
    /// With `togo`: the time the period grants when it begins again (ms).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub time: Option<u64>,
    /// With `togo`: whether unused time carries over when the quota is completed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub carry: Option<bool>,
    /// The periods after the current one (the last one repeats).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub next: Option<Vec<Period>>,
}

/// The clocks of a search.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Clock {
    /// The side to move.
    pub own: SideClock,
    /// Its opponent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opp: Option<SideClock>,
    /// The host's allowance for transport (ms): the answer is due by `own.deadline − overhead`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub overhead: Option<u64>,
}

/// Hard caps of a search.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Limits {
    /// Deepest iteration, in plies (≥ 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth: Option<u64>,
    /// Nodes (≥ 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nodes: Option<u64>,
    /// Thinking time (ms).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub movetime: Option<u64>,
    /// Search for a mate in at most this many moves (≥ 1).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mate: Option<u64>,
}

/// `search`.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Search {
    /// The rules id (`tegoma.ogi/1`).
    pub rules: String,
    /// The game's start, canonical FEEN.
    pub position: String,
    /// The moves played since, canonical PMN.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<String>,
    /// The counters at `position`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub counters: Option<Counters>,
    /// The clocks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub clock: Option<Clock>,
    /// Hard caps.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limits: Option<Limits>,
    /// Answer as a fresh process would.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub fresh: bool,
    /// The moves the engine may choose from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub roots: Option<Vec<String>>,
}

fn positive(v: Option<u64>, path: &str, what: &str) -> Result<(), Error> {
    match v {
        Some(0) => Err(Error::invalid(path, format!("`{what}` must be at least 1"))),
        _ => Ok(()),
    }
}

fn check_side(s: &SideClock, at: &str, own: bool) -> Result<(), Error> {
    match (own, s.deadline) {
        (true, None) => {
            return Err(Error::invalid(
                format!("{at}/deadline"),
                "`deadline` is required",
            ))
        }
        (false, Some(_)) => {
            return Err(Error::invalid(
                format!("{at}/deadline"),
                "unknown field `deadline` (the opponent has none)",
            ))
        }
        _ => {}
    }
    positive(s.togo, &format!("{at}/togo"), "togo")?;
    if s.togo.is_some() && s.time.is_none() {
        return Err(Error::invalid(
            format!("{at}/time"),
            "`time` is required with `togo`",
        ));
    }
    if s.carry.is_some() && s.togo.is_none() {
        return Err(Error::invalid(
            format!("{at}/carry"),
            "`carry` requires `togo`",
        ));
    }
    for (i, p) in s.next.iter().flatten().enumerate() {
        let pa = format!("{at}/next/{i}");
        positive(p.moves, &format!("{pa}/moves"), "moves")?;
        if p.carry.is_some() && p.moves.is_none() {
            return Err(Error::invalid(
                format!("{pa}/carry"),
                "`carry` requires `moves`",
            ));
        }
    }
    Ok(())
}

impl Search {
    /// Reads `search`'s fields and checks every shape and domain (`invalid`); the rules, the
    /// position and the moves are the engine's to check.
    ///
    /// # Errors
    /// The first `invalid` defect.
    pub fn from_fields(fields: &Map<String, Value>) -> Result<Search, Error> {
        let s: Search = typed(fields)?;
        if let Some(c) = &s.counters {
            positive(c.ply, "/counters/ply", "ply")?;
        }
        if let Some(c) = &s.clock {
            check_side(&c.own, "/clock/own", true)?;
            if let Some(o) = &c.opp {
                check_side(o, "/clock/opp", false)?;
            }
        }
        if let Some(l) = &s.limits {
            if *l == Limits::default() {
                return Err(Error::invalid("/limits", "`limits` must not be empty"));
            }
            positive(l.depth, "/limits/depth", "depth")?;
            positive(l.nodes, "/limits/nodes", "nodes")?;
            positive(l.mate, "/limits/mate", "mate")?;
        }
        if let Some(roots) = &s.roots {
            if roots.is_empty() {
                return Err(Error::invalid("/roots", "`roots` must not be empty"));
            }
            for (i, r) in roots.iter().enumerate() {
                if roots[..i].contains(r) {
                    return Err(Error::invalid(format!("/roots/{i}"), "a repeated move"));
                }
            }
        }
        Ok(s)
    }

    /// Whether the search has no bound: neither a clock nor limits (it ends with the next
    /// request).
    pub fn infinite(&self) -> bool {
        self.clock.is_none() && self.limits.is_none()
    }
}

// ---- events -------------------------------------------------------------------------------

/// An event's kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Ev {
    /// The request's result (its terminal event).
    Done,
    /// Progress of a search.
    Info,
    /// The request failed (its terminal event); without `re`, the session ends.
    Error,
}

/// Who the engine is (`hello`'s `done`).
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct EngineId {
    /// Name.
    #[serde(default)]
    pub name: String,
    /// Version.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<String>,
    /// Author.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub author: Option<String>,
    /// A line about it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub about: Option<String>,
}

/// An option an engine offers (`hello`'s `done`).
#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
pub struct OptionSpec {
    /// `int`, `bool` or `string`.
    #[serde(rename = "type")]
    pub kind: String,
    /// The default value.
    #[serde(default, skip_serializing_if = "Value::is_null")]
    pub default: Value,
    /// Smallest value (`int`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub min: Option<i64>,
    /// Largest value (`int`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max: Option<i64>,
    /// What it does.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub about: Option<String>,
}

/// A score for the side to move.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Score {
    /// Centipawns.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cp: Option<i64>,
    /// A forced mate in this many moves (negative: the side to move is mated).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mate: Option<i64>,
    /// Win, draw and loss, per mille.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub wdl: Option<[u64; 3]>,
}

/// A line of play and its score.
#[derive(Debug, Clone, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Variation {
    /// The moves, canonical PMN, the first being the candidate.
    #[serde(default)]
    pub pv: Vec<String>,
    /// Its score.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score: Option<Score>,
}

/// `Some(None)` for a field present as `null`.
fn present<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Option<String>>, D::Error> {
    Option::<String>::deserialize(d).map(Some)
}

/// One event.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Event {
    /// The request it answers (none: a fatal error).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub re: Option<u64>,
    /// Its kind.
    pub ev: Ev,
    /// `hello`: the versions the engine speaks.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub versions: Option<Vec<u64>>,
    /// `hello`: the version chosen (absent: none in common).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub version: Option<u64>,
    /// `hello`: who the engine is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub engine: Option<EngineId>,
    /// `hello`: the rules ids the engine plays.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rules: Option<Map<String, Value>>,
    /// `hello`: the features (`roots`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub features: Option<Map<String, Value>>,
    /// `hello`: the options.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub options: Option<Map<String, Value>>,
    /// `search`'s `done`: the move (`null` in a terminal position).
    #[serde(
        default,
        deserialize_with = "present",
        skip_serializing_if = "Option::is_none"
    )]
    pub best: Option<Option<String>>,
    /// Depth reached.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth: Option<u64>,
    /// Nodes searched.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nodes: Option<u64>,
    /// Milliseconds since the search was received.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub elapsed: Option<u64>,
    /// The lines found.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variations: Option<Vec<Variation>>,
    /// `error`: the class.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<Code>,
    /// `error`: the JSON Pointer of the faulty part.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub path: Option<String>,
    /// `error`: what is wrong.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

impl Event {
    /// An event of kind `ev` with no field but `ev`.
    pub fn new(ev: Ev) -> Event {
        Event {
            re: None,
            ev,
            versions: None,
            version: None,
            engine: None,
            rules: None,
            features: None,
            options: None,
            best: None,
            depth: None,
            nodes: None,
            elapsed: None,
            variations: None,
            code: None,
            path: None,
            message: None,
        }
    }

    /// An empty `done` for request `re`.
    pub fn done(re: u64) -> Event {
        Event {
            re: Some(re),
            ..Event::new(Ev::Done)
        }
    }

    /// The fatal error (no `re`).
    pub fn fatal(code: Code, message: impl Into<String>) -> Event {
        Event {
            code: Some(code),
            message: Some(message.into()),
            ..Event::new(Ev::Error)
        }
    }

    /// The event as one line of JSON (without its end).
    pub fn line(&self) -> String {
        serde_json::to_string(self).unwrap_or_else(|_| String::from(r#"{"ev":"error"}"#))
    }

    /// Reads an engine's line as an event (strict I-JSON).
    ///
    /// ```
    /// use tegoma_game::sei::{Ev, Event};
    /// let e = Event::read(r#"{"re":3,"ev":"done","best":null}"#).unwrap();
    /// assert_eq!((e.re, e.ev, e.best), (Some(3), Ev::Done, Some(None)));
    /// assert!(Event::read(r#"{"re":3,"ev":"moved"}"#).is_err());
    /// ```
    ///
    /// # Errors
    /// What is wrong, as text.
    pub fn read(line: &str) -> Result<Event, String> {
        let v = parse_strict(line)?;
        serde_json::from_value(v).map_err(|e| e.to_string())
    }

    /// Whether this is the terminal event of request `id` (its `done` or `error`).
    pub fn ends(&self, id: u64) -> bool {
        self.re == Some(id) && matches!(self.ev, Ev::Done | Ev::Error)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(text: &str) -> Map<String, Value> {
        read_request(text, None, true).unwrap().fields
    }

    #[test]
    fn envelope() {
        assert!(read_request(r#"{"id":1,"op":"ping"}"#, Some(1), true).is_err());
        assert!(read_request(r#"{"id":1,"op":"search"}"#, None, false).is_err());
        assert!(read_request(r#"{"id":1,"op":"ping"}"#, None, false).is_ok());
        assert!(read_request(r#"{"id":2,"op":"hello"}"#, Some(1), true).is_err());
        assert!(read_request(r#"{"id":-1,"op":"ping"}"#, None, false).is_err());
        assert!(read_request(r#"{"id":1.5,"op":"ping"}"#, None, false).is_err());
        assert!(read_request(r#"{"id":1,"op":"ping"} x"#, None, false).is_err());
        assert!(read_request(r#"[1]"#, None, false).is_err());
    }

    #[test]
    fn pointers() {
        let cases = [
            (r#"{"id":1,"op":"search","position":"p"}"#, "/rules"),
            (
                r#"{"id":1,"op":"search","rules":"r","position":"p","colour":1}"#,
                "/colour",
            ),
            (
                r#"{"id":1,"op":"search","rules":"r","position":"p","clock":{"own":{"remaining":1}}}"#,
                "/clock/own/deadline",
            ),
            (
                r#"{"id":1,"op":"search","rules":"r","position":"p","clock":{"own":{"deadline":1,"remaining":1},"opp":{"deadline":1,"remaining":1}}}"#,
                "/clock/opp/deadline",
            ),
            (
                r#"{"id":1,"op":"search","rules":"r","position":"p","clock":{"own":{"deadline":1,"remaining":1,"next":[{"time":1,"carry":true}]}}}"#,
                "/clock/own/next/0/carry",
            ),
            (
                r#"{"id":1,"op":"search","rules":"r","position":"p","moves":["a",3]}"#,
                "/moves/1",
            ),
            (
                r#"{"id":1,"op":"search","rules":"r","position":"p","limits":{}}"#,
                "/limits",
            ),
            (
                r#"{"id":1,"op":"search","rules":"r","position":"p","limits":{"depth":1.5}}"#,
                "/limits/depth",
            ),
            (
                r#"{"id":1,"op":"search","rules":"r","position":"p","counters":{"ply":0}}"#,
                "/counters/ply",
            ),
            (
                r#"{"id":1,"op":"search","rules":"r","position":"p","roots":["a","a"]}"#,
                "/roots/1",
            ),
        ];
        for (line, path) in cases {
            let e = Search::from_fields(&fields(line)).unwrap_err();
            assert_eq!(
                (e.code, e.path.as_deref()),
                (Code::Invalid, Some(path)),
                "{line}: {e}"
            );
        }
    }

    #[test]
    fn a_search_round_trips() {
        let s = Search {
            rules: "tegoma.chess/1".into(),
            position: "p".into(),
            clock: Some(Clock {
                own: SideClock {
                    deadline: Some(900),
                    remaining: 0,
                    togo: Some(1),
                    time: Some(1000),
                    ..SideClock::default()
                },
                opp: None,
                overhead: Some(20),
            }),
            ..Search::default()
        };
        let line = request(7, "search", &s);
        let r = read_request(&line, Some(6), true).unwrap();
        assert_eq!(Search::from_fields(&r.fields).unwrap(), s);
        assert_eq!(rules_by_id("tegoma.kogoma/1").unwrap().name(), "kogoma");
        assert!(rules_by_id("tegoma.chess/2").is_none());
        assert!(rules_ids().contains(&"tegoma.ogi/1".to_string()));
    }
}
