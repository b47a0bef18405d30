//! GGN, General Gameplay Notation: a table of pseudo-legal movements.
//!
//! ```text
//! { "<QPI piece>": { "<source>": { "<destination>": [ { "must": {LCN}, "deny": {LCN} }, … ] } } }
//! ```
//!
//! - The piece key is an exact identity (QPI, state included: `C:+K^` and `C:K^` are distinct).
//! - Sources and destinations are CELL coordinates or the hand `*` ([`Location`]); a `*` source
//!   is a drop from the active player's hand, a `*` destination a move to the hand. Hand to hand
//!   is forbidden.
//! - The value is a list of [`Possibility`] combined by OR; one holds when every `must`
//!   condition holds and no `deny` condition holds. `must` and `deny` are optional; an absent
//!   or empty condition constrains nothing. Any other key in a possibility is an error.
//!
//! **Reading** ([`Ggn::from_json`]) is one streaming pass (a serde visitor straight into the
//! typed tables, no intermediate `serde_json::Value`), `O(n log n)` in the number of keys.
//! Duplicate keys at any level are an error. Documents are capped at [`MAX_DOCUMENT_BYTES`];
//! nesting is fixed by the grammar, and serde_json's recursion limit bounds stray nesting.
//! Errors are typed ([`GgnError`]) and name the path: `piece C:+P, source e2, destination e4,
//! possibility 0, must: …`.
//!
//! **Writing** ([`Ggn::to_json`]) is canonical and byte-identical between runs: compact JSON;
//! pieces in QPI byte order (see [`Qpi`]'s `Ord`); sources and destinations as squares in CELL
//! index order (fewer dimensions first, then file, rank, layer), then the hand `*` (the order of
//! [`Location`], shared with the `hand` module);
//! possibilities in document order; inside a possibility `must` before `deny`, each omitted
//! when empty (use [`WriteOptions::explicit_empty`] to always write both, as `ggn.rb` 0.10
//! requires). Inside a condition the squares are ordered by their Manhattan distance from the
//! source square, ties in CELL index order (for a drop, CELL index order alone): the path in the
//! order a piece travels it. That order reproduces every sample of the seeds literally, e.g.
//! `{"must":{"d1":"empty","c1":"empty","b1":"empty","a1":"C:+R"}}` from `e1` and
//! `{"must":{"d4":"C:-P","d3":"empty"}}` from `e4`. (A standalone [`Lcn`] is written in CELL
//! index order.)
//!
//! **Evaluating** (see [`Ggn::possible_destinations`], [`Ggn::is_possible`],
//! [`Ggn::holding_possibilities`], [`Ggn::evaluate`]) reads a board through
//! [`BoardView`](crate::lcn::BoardView) with the active side. A drop from `*` needs nothing
//! beyond its conditions (the rule layer checks the hand).
//!
//! ```
//! use std::collections::HashMap;
//! use tegoma_notation::{cell::Cell, ggn::{Ggn, Location}, pin::Side, qpi::Qpi};
//!
//! let ggn = Ggn::from_json(
//!     r#"{"C:+P":{"e2":{"e3":[{"must":{"e3":"empty"}}],"e4":[{"must":{"e3":"empty","e4":"empty"}}]}}}"#,
//! ).unwrap();
//! let pawn: Qpi = "C:+P".parse().unwrap();
//! let e2 = Location::Square("e2".parse().unwrap());
//! let mut board: HashMap<Cell, Qpi> = HashMap::new();
//! board.insert("e2".parse().unwrap(), pawn);
//! let dests: Vec<String> = ggn
//!     .possible_destinations(&pawn, &e2, &board, Side::First)
//!     .map(|d| d.to_string())
//!     .collect();
//! assert_eq!(dests, ["e3", "e4"]);
//! ```

mod error;
mod eval;
mod read;
mod write;

use std::collections::BTreeMap;
use std::str::FromStr;

pub use crate::hand::Location;
use crate::lcn::Lcn;
use crate::qpi::{Qpi, QpiMode};

pub use error::{Field, GgnError, Path};
pub use eval::Reach;
pub use write::WriteOptions;

/// Largest GGN document read from text, in bytes (32 MiB; a full Chess or Ōgi table is a few
/// megabytes).
///
/// The typed table takes at most about 11 bytes of memory per byte of text (the worst case is a
/// list of empty possibilities, `{},` = 3 bytes each for a 32-byte [`Possibility`]), so a hostile
/// document costs at most about 400 MiB; real tables take much less.
pub const MAX_DOCUMENT_BYTES: usize = 32 << 20;

/// One way a movement may happen: every `must` condition holds and no `deny` condition holds.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Default)]
pub struct Possibility {
    /// Conditions that must all hold (empty: none).
    pub must: Lcn,
    /// Conditions none of which may hold (empty: none).
    pub deny: Lcn,
}

/// The destinations of one piece from one source, each with its possibilities.
pub type Destinations = BTreeMap<Location, Vec<Possibility>>;
/// The sources of one piece, each with its destinations.
pub type Sources = BTreeMap<Location, Destinations>;

/// A GGN movement table, kept in canonical order.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Ggn {
    pieces: BTreeMap<Qpi, Sources>,
}

impl Ggn {
    /// An empty table.
    pub fn new() -> Ggn {
        Ggn::default()
    }

    /// Parses a JSON document (strict, same-case QPI).
    pub fn from_json(text: &str) -> Result<Ggn, GgnError> {
        read::from_json(text, QpiMode::Strict)
    }

    /// Parses a JSON document with the given QPI case rule (for piece keys and conditions).
    pub fn from_json_with(text: &str, mode: QpiMode) -> Result<Ggn, GgnError> {
        read::from_json(text, mode)
    }

    /// Reads an already parsed JSON value (strict QPI). Duplicate keys cannot be detected here:
    /// the value has merged them already.
    pub fn from_value(value: &serde_json::Value) -> Result<Ggn, GgnError> {
        read::from_value(value, QpiMode::Strict)
    }

    /// Reads an already parsed JSON value with the given QPI case rule.
    pub fn from_value_with(value: &serde_json::Value, mode: QpiMode) -> Result<Ggn, GgnError> {
        read::from_value(value, mode)
    }

    /// Appends a possibility to `piece`'s movement from `source` to `destination`, creating the
    /// entries as needed. Hand to hand is refused.
    pub fn add(
        &mut self,
        piece: Qpi,
        source: Location,
        destination: Location,
        possibility: Possibility,
    ) -> Result<(), GgnError> {
        self.destination_entry(piece, source, destination)?
            .push(possibility);
        Ok(())
    }

    /// The possibility list of `piece` from `source` to `destination`, created empty if absent
    /// (a destination with an empty list is written as `[]` and is never possible). Hand to
    /// hand is refused.
    pub fn destination_entry(
        &mut self,
        piece: Qpi,
        source: Location,
        destination: Location,
    ) -> Result<&mut Vec<Possibility>, GgnError> {
        if source == Location::Hand && destination == Location::Hand {
            return Err(GgnError::HandToHand {
                path: Path::piece(piece).with_source(source),
            });
        }
        Ok(self
            .pieces
            .entry(piece)
            .or_default()
            .entry(source)
            .or_default()
            .entry(destination)
            .or_default())
    }

    /// The pieces with their sources, in canonical order.
    pub fn pieces(&self) -> impl ExactSizeIterator<Item = (&Qpi, &Sources)> {
        self.pieces.iter()
    }

    /// The sources of `piece`, if the table has that piece.
    pub fn sources(&self, piece: &Qpi) -> Option<&Sources> {
        self.pieces.get(piece)
    }

    /// The destinations of `piece` from `source`, if any.
    pub fn destinations(&self, piece: &Qpi, source: &Location) -> Option<&Destinations> {
        self.pieces.get(piece)?.get(source)
    }

    /// The possibilities of `piece` from `source` to `destination` (empty if the table has no
    /// such entry).
    pub fn possibilities(
        &self,
        piece: &Qpi,
        source: &Location,
        destination: &Location,
    ) -> &[Possibility] {
        self.destinations(piece, source)
            .and_then(|d| d.get(destination))
            .map_or(&[], Vec::as_slice)
    }

    /// Counts: pieces, sources, destinations, possibilities.
    pub fn counts(&self) -> (usize, usize, usize, usize) {
        let (mut s, mut d, mut p) = (0, 0, 0);
        for sources in self.pieces.values() {
            s += sources.len();
            for dests in sources.values() {
                d += dests.len();
                p += dests.values().map(Vec::len).sum::<usize>();
            }
        }
        (self.pieces.len(), s, d, p)
    }
}

impl FromStr for Ggn {
    type Err = GgnError;
    fn from_str(s: &str) -> Result<Ggn, GgnError> {
        Ggn::from_json(s)
    }
}

/// Validates one GGN document (JSON) and describes it in a few words (for `tegoma validate ggn`).
pub fn describe(text: &str) -> Result<String, crate::Invalid> {
    let ggn = Ggn::from_json(text)?;
    let (pieces, sources, dests, poss) = ggn.counts();
    Ok(format!(
        "GGN: {pieces} pieces, {sources} sources, {dests} destinations, {poss} possibilities"
    ))
}
