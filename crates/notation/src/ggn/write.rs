//! The canonical GGN writer (see the module docs of [`super`] for the order).

use serde::ser::{SerializeMap, SerializeSeq};

use super::{Ggn, Location, Possibility};
use crate::cell::Cell;
use crate::lcn::{Condition, Lcn};

/// Output options of [`Ggn::to_json_with`].
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct WriteOptions {
    /// Write `"must":{}` and `"deny":{}` even when empty (ggn.rb 0.10 requires both keys).
    pub explicit_empty: bool,
}

impl Ggn {
    /// The canonical JSON text: compact, deterministic, empty conditions omitted.
    pub fn to_json(&self) -> String {
        self.to_json_with(WriteOptions::default())
    }

    /// The JSON text with the given options (still compact and deterministic).
    pub fn to_json_with(&self, opts: WriteOptions) -> String {
        let mut out = String::with_capacity(self.pieces.len() * 4096);
        self.write_json(&mut out, opts);
        out
    }

    /// Appends the JSON text to `out`.
    pub fn write_json(&self, out: &mut String, opts: WriteOptions) {
        let mut buf = Vec::new();
        out.push('{');
        for (i, (piece, sources)) in self.pieces.iter().enumerate() {
            if i > 0 {
                out.push(',');
            }
            let (b, n) = piece.to_bytes();
            out.push('"');
            out.push_str(std::str::from_utf8(&b[..n]).unwrap_or(""));
            out.push_str("\":{");
            for (j, (source, dests)) in sources.iter().enumerate() {
                if j > 0 {
                    out.push(',');
                }
                push_location(out, source);
                out.push('{');
                for (k, (dest, poss)) in dests.iter().enumerate() {
                    if k > 0 {
                        out.push(',');
                    }
                    push_location(out, dest);
                    out.push('[');
                    for (m, p) in poss.iter().enumerate() {
                        if m > 0 {
                            out.push(',');
                        }
                        push_possibility(out, p, source, opts, &mut buf);
                    }
                    out.push(']');
                }
                out.push('}');
            }
            out.push('}');
        }
        out.push('}');
    }
}

fn push_location(out: &mut String, l: &Location) {
    match l {
        Location::Hand => out.push_str("\"*\":"),
        Location::Square(c) => crate::lcn::push_key(out, c),
    }
}

/// Manhattan distance between two coordinates (a missing dimension counts as index 0).
fn distance(a: &Cell, b: &Cell) -> u32 {
    let (a, b) = (a.indices(), b.indices());
    (0..a.len().max(b.len()))
        .map(|i| {
            let x = a.get(i).copied().unwrap_or(0);
            let y = b.get(i).copied().unwrap_or(0);
            u32::from(x.abs_diff(y))
        })
        .sum()
}

type Entry = (u32, Cell, Condition);

/// The conditions of `lcn` in GGN order: by distance from the source square, then CELL index
/// order (for a drop, CELL index order alone).
fn ordered<'b>(lcn: &Lcn, source: &Location, buf: &'b mut Vec<Entry>) -> &'b [Entry] {
    buf.clear();
    buf.extend(lcn.iter().map(|(c, k)| {
        let d = match source {
            Location::Hand => 0,
            Location::Square(s) => distance(s, &c),
        };
        (d, c, k)
    }));
    // The LCN is already in CELL index order, and the sort is stable.
    buf.sort_by_key(|e| e.0);
    buf
}

fn push_lcn(out: &mut String, lcn: &Lcn, source: &Location, buf: &mut Vec<Entry>) {
    out.push('{');
    for (i, (_, c, k)) in ordered(lcn, source, buf).iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        crate::lcn::push_entry(out, c, k);
    }
    out.push('}');
}

fn push_possibility(
    out: &mut String,
    p: &Possibility,
    source: &Location,
    opts: WriteOptions,
    buf: &mut Vec<Entry>,
) {
    out.push('{');
    let must = opts.explicit_empty || !p.must.is_empty();
    if must {
        out.push_str("\"must\":");
        push_lcn(out, &p.must, source, buf);
    }
    if opts.explicit_empty || !p.deny.is_empty() {
        if must {
            out.push(',');
        }
        out.push_str("\"deny\":");
        push_lcn(out, &p.deny, source, buf);
    }
    out.push('}');
}

/// An LCN serialized in GGN order for its source.
struct InGgn<'a>(&'a Lcn, &'a Location);

impl serde::Serialize for InGgn<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut buf = Vec::new();
        let entries = ordered(self.0, self.1, &mut buf);
        let mut m = s.serialize_map(Some(entries.len()))?;
        for (_, c, k) in entries {
            m.serialize_entry(&c.to_string(), &k.to_string())?;
        }
        m.end()
    }
}

/// A possibility serialized for its source.
struct PossIn<'a>(&'a Possibility, &'a Location);

impl serde::Serialize for PossIn<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let p = self.0;
        let n = usize::from(!p.must.is_empty()) + usize::from(!p.deny.is_empty());
        let mut m = s.serialize_map(Some(n))?;
        if !p.must.is_empty() {
            m.serialize_entry("must", &InGgn(&p.must, self.1))?;
        }
        if !p.deny.is_empty() {
            m.serialize_entry("deny", &InGgn(&p.deny, self.1))?;
        }
        m.end()
    }
}

impl serde::Serialize for Possibility {
    /// `must` then `deny`, each omitted when empty, conditions in CELL index order (inside a
    /// [`Ggn`] the conditions follow the source-distance order instead).
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let n = usize::from(!self.must.is_empty()) + usize::from(!self.deny.is_empty());
        let mut m = s.serialize_map(Some(n))?;
        if !self.must.is_empty() {
            m.serialize_entry("must", &self.must)?;
        }
        if !self.deny.is_empty() {
            m.serialize_entry("deny", &self.deny)?;
        }
        m.end()
    }
}

struct Poss<'a>(&'a [Possibility], &'a Location);

impl serde::Serialize for Poss<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut q = s.serialize_seq(Some(self.0.len()))?;
        for p in self.0 {
            q.serialize_element(&PossIn(p, self.1))?;
        }
        q.end()
    }
}

impl serde::Serialize for Ggn {
    /// The canonical structure and order, for any serde format (e.g. pretty JSON with
    /// `serde_json::to_string_pretty`).
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        struct Dests<'a>(&'a super::Destinations, &'a Location);
        impl serde::Serialize for Dests<'_> {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let mut m = s.serialize_map(Some(self.0.len()))?;
                for (d, p) in self.0 {
                    m.serialize_entry(&d.to_string(), &Poss(p, self.1))?;
                }
                m.end()
            }
        }
        struct Srcs<'a>(&'a super::Sources);
        impl serde::Serialize for Srcs<'_> {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let mut m = s.serialize_map(Some(self.0.len()))?;
                for (src, d) in self.0 {
                    m.serialize_entry(&src.to_string(), &Dests(d, src))?;
                }
                m.end()
            }
        }
        let mut m = s.serialize_map(Some(self.pieces.len()))?;
        for (q, src) in &self.pieces {
            m.serialize_entry(q, &Srcs(src))?;
        }
        m.end()
    }
}
