//! LCN, Location Condition Notation: a JSON object `{ "<CELL>": "<state>" }`.
//!
//! Each key is a CELL coordinate (never the hand `*`); each value is `"empty"`, `"enemy"` or a
//! QPI that the square must hold exactly. GGN uses LCN for its `must` and `deny` conditions.
//!
//! **Evaluation** (as GGN defines it): `empty` holds when the square holds no piece; `enemy`
//! when it holds a piece whose *side* (the case of its PIN letter) differs from the active
//! side; a QPI when the occupant's identity is exactly that QPI. A board is seen through the
//! read-only [`BoardView`] trait.
//!
//! **Canonical form.** Compact JSON with the keys in CELL index order: coordinates with fewer
//! dimensions first, then by first index (file), then second (rank), then third (layer), so
//! `{"e3":…,"e4":…,"f1":…}`. Duplicate keys are an error, not a silent overwrite.
//!
//! ```
//! use std::collections::HashMap;
//! use tegoma_notation::{cell::Cell, lcn::Lcn, pin::Side, qpi::Qpi};
//!
//! let lcn = Lcn::from_json(r#"{"h1":"C:+R","f1":"empty"}"#).unwrap();
//! assert_eq!(lcn.to_json(), r#"{"f1":"empty","h1":"C:+R"}"#);
//!
//! let mut board: HashMap<Cell, Qpi> = HashMap::new();
//! board.insert("h1".parse().unwrap(), "C:+R".parse().unwrap());
//! assert!(lcn.all_hold(&board, Side::First));
//! ```

use std::collections::{BTreeMap, HashMap};
use std::fmt;

use serde::de::{self, DeserializeSeed, Visitor};
use serde::ser::SerializeMap;

use crate::cell::{Cell, CellError};
use crate::json::{self, reject, Scalar, Short, Slot};
use crate::pin::Side;
use crate::qpi::{Qpi, QpiError, QpiMode};
use crate::NotationError;

/// Largest LCN document read from text, in bytes.
pub const MAX_DOCUMENT_BYTES: usize = 1 << 20;

/// What one square must satisfy.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Condition {
    /// No piece on the square (`"empty"`).
    Empty,
    /// A piece whose side differs from the active side (`"enemy"`).
    Enemy,
    /// Exactly this piece identity (a QPI such as `"C:+R"`).
    Piece(Qpi),
}

impl Condition {
    /// Whether the condition holds for a square whose occupant is `occupant`, seen from
    /// `active`.
    #[inline]
    pub fn holds(&self, occupant: Option<Qpi>, active: Side) -> bool {
        match (self, occupant) {
            (Condition::Empty, o) => o.is_none(),
            (Condition::Enemy, Some(q)) => q.side() != active,
            (Condition::Enemy, None) => false,
            (Condition::Piece(want), Some(q)) => *want == q,
            (Condition::Piece(_), None) => false,
        }
    }

    /// Parses a condition value (`"empty"`, `"enemy"` or a QPI).
    pub fn parse_with(s: &str, mode: QpiMode) -> Result<Condition, ConditionError> {
        Condition::parse_bytes(s.as_bytes(), mode)
    }

    fn parse_bytes(b: &[u8], mode: QpiMode) -> Result<Condition, ConditionError> {
        match b {
            b"empty" => Ok(Condition::Empty),
            b"enemy" => Ok(Condition::Enemy),
            _ if b.contains(&b':') => Qpi::parse_bytes(b, mode)
                .map(Condition::Piece)
                .map_err(ConditionError::Qpi),
            _ => Err(ConditionError::UnknownState),
        }
    }
}

impl fmt::Display for Condition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Condition::Empty => f.write_str("empty"),
            Condition::Enemy => f.write_str("enemy"),
            Condition::Piece(q) => q.fmt(f),
        }
    }
}

impl std::str::FromStr for Condition {
    type Err = ConditionError;
    /// Strict QPI (same case).
    fn from_str(s: &str) -> Result<Condition, ConditionError> {
        Condition::parse_with(s, QpiMode::Strict)
    }
}

/// Why a string is not a condition value.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ConditionError {
    /// Neither `empty`, `enemy` nor QPI-shaped (no `:`).
    #[error("expected \"empty\", \"enemy\" or a QPI")]
    UnknownState,
    /// QPI-shaped (it has a `:`) but not a valid QPI.
    #[error("invalid QPI: {0}")]
    Qpi(QpiError),
}

/// A read-only view of a board: which piece, if any, stands on a square.
///
/// Squares outside the board may report `None` (LCN tables only name squares of their board).
pub trait BoardView {
    /// The identity of the piece on `cell`, or `None` when the square is empty.
    fn occupant(&self, cell: &Cell) -> Option<Qpi>;
}

impl<B: BoardView + ?Sized> BoardView for &B {
    fn occupant(&self, cell: &Cell) -> Option<Qpi> {
        (**self).occupant(cell)
    }
}

impl<S: std::hash::BuildHasher> BoardView for HashMap<Cell, Qpi, S> {
    fn occupant(&self, cell: &Cell) -> Option<Qpi> {
        self.get(cell).copied()
    }
}

impl BoardView for BTreeMap<Cell, Qpi> {
    fn occupant(&self, cell: &Cell) -> Option<Qpi> {
        self.get(cell).copied()
    }
}

/// A board given by a function from squares to occupants.
///
/// ```
/// use tegoma_notation::{cell::Cell, lcn::{FnBoard, Lcn}, pin::Side, qpi::Qpi};
///
/// let rook: Qpi = "C:+R".parse().unwrap();
/// let h1: Cell = "h1".parse().unwrap();
/// let board = FnBoard(|c: &Cell| (*c == h1).then_some(rook));
/// let lcn = Lcn::from_json(r#"{"g1":"empty","h1":"C:+R"}"#).unwrap();
/// assert!(lcn.all_hold(&board, Side::First));
/// ```
#[derive(Debug, Clone, Copy)]
pub struct FnBoard<F>(pub F);

impl<F: Fn(&Cell) -> Option<Qpi>> BoardView for FnBoard<F> {
    fn occupant(&self, cell: &Cell) -> Option<Qpi> {
        (self.0)(cell)
    }
}

/// A location condition: square conditions in canonical (CELL index) order, one per square.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Lcn {
    // A boxed slice (16 bytes, no allocation when empty): GGN tables hold many of these.
    entries: Box<[(Cell, Condition)]>,
}

/// Why a text or value is not an LCN document.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LcnError {
    /// The text exceeds [`MAX_DOCUMENT_BYTES`].
    #[error("document of {len} bytes exceeds {max} bytes")]
    DocumentTooLarge {
        /// The text length.
        len: usize,
        /// The limit.
        max: usize,
    },
    /// The text is not well-formed JSON.
    #[error("malformed JSON at line {line}, column {column}: {message}")]
    Json {
        /// 1-based line.
        line: usize,
        /// 1-based column.
        column: usize,
        /// The parser's explanation.
        message: String,
    },
    /// The document is not a JSON object.
    #[error("expected an object, found {found}")]
    NotAnObject {
        /// What was found instead.
        found: &'static str,
    },
    /// A key is the hand `*`, which LCN does not allow.
    #[error("key \"*\": the hand is not a valid LCN key")]
    HandKey,
    /// A key is not a CELL coordinate.
    #[error("key {key:?}: not a CELL coordinate: {error}")]
    InvalidCell {
        /// The key as written (truncated).
        key: String,
        /// Why it is not a coordinate.
        error: CellError,
    },
    /// A value is not a string.
    #[error("cell {cell}: expected a string, found {found}")]
    NotAString {
        /// The square.
        cell: Cell,
        /// What was found instead.
        found: &'static str,
    },
    /// A value is neither `empty`, `enemy` nor a QPI.
    #[error("cell {cell}: unknown state {value:?} (expected \"empty\", \"enemy\" or a QPI)")]
    UnknownState {
        /// The square.
        cell: Cell,
        /// The value as written (truncated).
        value: String,
    },
    /// A value looks like a QPI but is not a valid one.
    #[error("cell {cell}: invalid QPI {value:?}: {error}")]
    InvalidQpi {
        /// The square.
        cell: Cell,
        /// The value as written (truncated).
        value: String,
        /// Why it is not a QPI.
        error: QpiError,
    },
    /// The same square appears twice.
    #[error("cell {cell}: duplicate key")]
    DuplicateKey {
        /// The repeated square.
        cell: Cell,
    },
}

impl NotationError for LcnError {
    fn kind(&self) -> &'static str {
        match self {
            LcnError::DocumentTooLarge { .. } => "DocumentTooLarge",
            LcnError::Json { .. } => "MalformedJson",
            LcnError::NotAnObject { .. } => "NotAnObject",
            LcnError::HandKey => "HandKey",
            LcnError::InvalidCell { .. } => "InvalidCell",
            LcnError::NotAString { .. } => "NotAString",
            LcnError::UnknownState { .. } => "UnknownState",
            LcnError::InvalidQpi { .. } => "InvalidQpi",
            LcnError::DuplicateKey { .. } => "DuplicateKey",
        }
    }
}

impl Lcn {
    /// The empty condition (always holds under [`Lcn::all_hold`]).
    pub fn new() -> Lcn {
        Lcn::default()
    }

    /// Builds a condition from square/condition pairs in any order; a repeated square is an
    /// error.
    pub fn from_entries<I: IntoIterator<Item = (Cell, Condition)>>(
        entries: I,
    ) -> Result<Lcn, LcnError> {
        let mut entries: Vec<_> = entries.into_iter().collect();
        Lcn::from_slice(&mut entries)
    }

    /// Sorts `entries` in place and copies them into a new condition (one exact allocation).
    fn from_slice(entries: &mut [(Cell, Condition)]) -> Result<Lcn, LcnError> {
        entries.sort_unstable_by_key(|e| e.0);
        if let Some(w) = entries.windows(2).find(|w| w[0].0 == w[1].0) {
            return Err(LcnError::DuplicateKey { cell: w[0].0 });
        }
        Ok(Lcn {
            entries: Box::from(&*entries),
        })
    }

    /// Parses a JSON text, strict QPI.
    pub fn from_json(text: &str) -> Result<Lcn, LcnError> {
        Lcn::from_json_with(text, QpiMode::Strict)
    }

    /// Parses a JSON text with the given QPI case rule.
    pub fn from_json_with(text: &str, mode: QpiMode) -> Result<Lcn, LcnError> {
        if text.len() > MAX_DOCUMENT_BYTES {
            return Err(LcnError::DocumentTooLarge {
                len: text.len(),
                max: MAX_DOCUMENT_BYTES,
            });
        }
        let slot = Slot::new();
        let mut de = serde_json::Deserializer::from_str(text);
        let r = LcnSeed { slot: &slot, mode }
            .deserialize(&mut de)
            .and_then(|v| de.end().map(|()| v));
        finish(r, &slot)
    }

    /// Reads an already parsed JSON value, strict QPI.
    pub fn from_value(value: &serde_json::Value) -> Result<Lcn, LcnError> {
        Lcn::from_value_with(value, QpiMode::Strict)
    }

    /// Reads an already parsed JSON value with the given QPI case rule.
    pub fn from_value_with(value: &serde_json::Value, mode: QpiMode) -> Result<Lcn, LcnError> {
        let slot = Slot::new();
        let r = LcnSeed { slot: &slot, mode }.deserialize(value);
        finish(r, &slot)
    }

    /// The canonical JSON text (compact, keys in CELL index order).
    pub fn to_json(&self) -> String {
        let mut out = String::with_capacity(2 + self.entries.len() * 16);
        self.write_json(&mut out);
        out
    }

    /// Appends the canonical JSON text to `out`.
    pub fn write_json(&self, out: &mut String) {
        out.push('{');
        for (i, (cell, cond)) in self.entries.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            push_entry(out, cell, cond);
        }
        out.push('}');
    }

    /// The square conditions in canonical order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = (Cell, Condition)> + '_ {
        self.entries.iter().copied()
    }

    /// The condition on `cell`, if any.
    pub fn get(&self, cell: &Cell) -> Option<Condition> {
        self.entries
            .binary_search_by(|e| e.0.cmp(cell))
            .ok()
            .map(|i| self.entries[i].1)
    }

    /// The number of squares constrained.
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    /// Whether no square is constrained.
    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Whether every square condition holds (true for the empty LCN): the meaning of `must`.
    pub fn all_hold<B: BoardView + ?Sized>(&self, board: &B, active: Side) -> bool {
        self.entries
            .iter()
            .all(|(c, k)| k.holds(board.occupant(c), active))
    }

    /// Whether at least one square condition holds (false for the empty LCN): a `deny`
    /// condition rejects a possibility exactly when this is true.
    pub fn any_holds<B: BoardView + ?Sized>(&self, board: &B, active: Side) -> bool {
        self.entries
            .iter()
            .any(|(c, k)| k.holds(board.occupant(c), active))
    }
}

pub(crate) fn push_key(out: &mut String, cell: &Cell) {
    let mut b = [0u8; crate::cell::MAX_LENGTH];
    let n = cell.write_bytes(&mut b);
    out.push('"');
    out.push_str(std::str::from_utf8(&b[..n]).unwrap_or(""));
    out.push_str("\":");
}

/// Appends `"cell":"condition"`.
pub(crate) fn push_entry(out: &mut String, cell: &Cell, cond: &Condition) {
    push_key(out, cell);
    push_str(out, cond);
}

fn push_str(out: &mut String, cond: &Condition) {
    out.push('"');
    match cond {
        Condition::Empty => out.push_str("empty"),
        Condition::Enemy => out.push_str("enemy"),
        Condition::Piece(q) => {
            let (b, n) = q.to_bytes();
            out.push_str(std::str::from_utf8(&b[..n]).unwrap_or(""));
        }
    }
    out.push('"');
}

fn finish(r: Result<Lcn, serde_json::Error>, slot: &Slot<LcnError>) -> Result<Lcn, LcnError> {
    r.map_err(|e| {
        slot.take().unwrap_or_else(|| {
            let (line, column, message) = json::syntax(&e);
            LcnError::Json {
                line,
                column,
                message,
            }
        })
    })
}

impl serde::Serialize for Lcn {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut m = s.serialize_map(Some(self.entries.len()))?;
        for (c, k) in self.entries.iter() {
            m.serialize_entry(&c.to_string(), &k.to_string())?;
        }
        m.end()
    }
}

/// Parses a CELL key; `*` is reported as [`LcnError::HandKey`].
fn cell_key(k: &Short) -> Result<Cell, LcnError> {
    let bytes = k.full().unwrap_or(k.prefix().as_bytes());
    if bytes == b"*" {
        return Err(LcnError::HandKey);
    }
    let r = if k.full().is_some() {
        Cell::parse_bytes(bytes)
    } else {
        Err(CellError::TooLong)
    };
    r.map_err(|error| LcnError::InvalidCell {
        key: k.shown(),
        error,
    })
}

/// A streaming reader of one LCN object (also used by the GGN reader).
pub(crate) struct LcnSeed<'s> {
    pub(crate) slot: &'s Slot<LcnError>,
    pub(crate) mode: QpiMode,
}

impl<'de> DeserializeSeed<'de> for LcnSeed<'_> {
    type Value = Lcn;
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Lcn, D::Error> {
        d.deserialize_any(self)
    }
}

impl LcnSeed<'_> {
    fn wrong<E: de::Error>(self, found: &'static str) -> E {
        self.slot.fail(LcnError::NotAnObject { found })
    }
}

impl<'de> Visitor<'de> for LcnSeed<'_> {
    type Value = Lcn;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("an LCN object")
    }

    fn visit_map<A: de::MapAccess<'de>>(self, mut map: A) -> Result<Lcn, A::Error> {
        // Conditions are short: gather them on the stack, spill to the heap past 16.
        const SMALL: usize = 16;
        let mut small = [(Cell::xy(0, 0), Condition::Empty); SMALL];
        let mut n = 0;
        let mut spill: Vec<(Cell, Condition)> = Vec::new();
        while let Some(k) = map.next_key::<Short>()? {
            let cell = cell_key(&k).map_err(|e| self.slot.fail(e))?;
            let cond = match map.next_value::<Scalar>()? {
                Scalar::Other(found) => {
                    return Err(self.slot.fail(LcnError::NotAString { cell, found }))
                }
                Scalar::Str(v) => {
                    // An overlong value keeps its prefix: longer than any QPI or reserved word.
                    let bytes = v.full().unwrap_or(v.prefix().as_bytes());
                    Condition::parse_bytes(bytes, self.mode).map_err(|e| {
                        self.slot.fail(match e {
                            ConditionError::UnknownState => LcnError::UnknownState {
                                cell,
                                value: v.shown(),
                            },
                            ConditionError::Qpi(error) => LcnError::InvalidQpi {
                                cell,
                                value: v.shown(),
                                error,
                            },
                        })
                    })?
                }
            };
            if n < SMALL {
                small[n] = (cell, cond);
                n += 1;
            } else {
                if spill.is_empty() {
                    spill.extend_from_slice(&small);
                }
                spill.push((cell, cond));
            }
        }
        let entries = if spill.is_empty() {
            &mut small[..n]
        } else {
            &mut spill[..]
        };
        Lcn::from_slice(entries).map_err(|e| self.slot.fail(e))
    }

    reject!(scalars);
    reject!(seq);
}

/// Validates one LCN document (JSON) and describes it in a few words (for `tegoma validate lcn`).
pub fn describe(text: &str) -> Result<String, crate::Invalid> {
    let lcn = Lcn::from_json(text)?;
    let (mut empty, mut enemy, mut piece) = (0, 0, 0);
    for (_, c) in lcn.iter() {
        match c {
            Condition::Empty => empty += 1,
            Condition::Enemy => enemy += 1,
            Condition::Piece(_) => piece += 1,
        }
    }
    Ok(format!(
        "LCN: {} conditions ({empty} empty, {enemy} enemy, {piece} piece)",
        lcn.len()
    ))
}
