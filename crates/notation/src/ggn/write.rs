//! The canonical GGN writer (see the module docs of [`super`] for the order).

use serde::ser::{SerializeMap, SerializeSeq};

use super::{Ggn, Location, Possibility};

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
        let mut out = String::new();
        self.write_json(&mut out, opts);
        out
    }

    /// Appends the JSON text to `out`.
    pub fn write_json(&self, out: &mut String, opts: WriteOptions) {
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
                        push_possibility(out, p, opts);
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

fn push_possibility(out: &mut String, p: &Possibility, opts: WriteOptions) {
    out.push('{');
    let must = opts.explicit_empty || !p.must.is_empty();
    if must {
        out.push_str("\"must\":");
        p.must.write_json(out);
    }
    if opts.explicit_empty || !p.deny.is_empty() {
        if must {
            out.push(',');
        }
        out.push_str("\"deny\":");
        p.deny.write_json(out);
    }
    out.push('}');
}

impl serde::Serialize for Possibility {
    /// `must` then `deny`, each omitted when empty (as the canonical writer).
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

struct Poss<'a>(&'a [Possibility]);

impl serde::Serialize for Poss<'_> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut q = s.serialize_seq(Some(self.0.len()))?;
        for p in self.0 {
            q.serialize_element(p)?;
        }
        q.end()
    }
}

impl serde::Serialize for Ggn {
    /// The canonical structure and order, for any serde format (e.g. pretty JSON with
    /// `serde_json::to_string_pretty`).
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        struct Dests<'a>(&'a super::Destinations);
        impl serde::Serialize for Dests<'_> {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let mut m = s.serialize_map(Some(self.0.len()))?;
                for (d, p) in self.0 {
                    m.serialize_entry(&d.to_string(), &Poss(p))?;
                }
                m.end()
            }
        }
        struct Srcs<'a>(&'a super::Sources);
        impl serde::Serialize for Srcs<'_> {
            fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
                let mut m = s.serialize_map(Some(self.0.len()))?;
                for (src, d) in self.0 {
                    m.serialize_entry(&src.to_string(), &Dests(d))?;
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
