//! The streaming GGN reader: serde visitors straight into the typed tables.

use std::collections::BTreeMap;
use std::fmt;

use serde::de::{self, DeserializeSeed, Visitor};

use super::{Destinations, Field, Ggn, GgnError, Location, Path, Possibility, Sources};
use crate::cell::{Cell, CellError};
use crate::json::{self, reject, Short, Slot};
use crate::lcn::{Lcn, LcnSeed};
use crate::qpi::{Qpi, QpiError, QpiMode};

pub(super) fn from_json(text: &str, mode: QpiMode) -> Result<Ggn, GgnError> {
    if text.len() > super::MAX_DOCUMENT_BYTES {
        return Err(GgnError::DocumentTooLarge {
            len: text.len(),
            max: super::MAX_DOCUMENT_BYTES,
        });
    }
    let slot = Slot::new();
    let mut de = serde_json::Deserializer::from_str(text);
    let r = Seed {
        ctx: &Ctx { slot: &slot, mode },
        path: Path::ROOT,
        level: Level::Root,
    }
    .deserialize(&mut de)
    .and_then(|v| de.end().map(|()| v));
    finish(r, &slot)
}

pub(super) fn from_value(value: &serde_json::Value, mode: QpiMode) -> Result<Ggn, GgnError> {
    let slot = Slot::new();
    let r = Seed {
        ctx: &Ctx { slot: &slot, mode },
        path: Path::ROOT,
        level: Level::Root,
    }
    .deserialize(value);
    finish(r, &slot)
}

fn finish(r: Result<Built, serde_json::Error>, slot: &Slot<GgnError>) -> Result<Ggn, GgnError> {
    match r {
        Ok(Built::Root(ggn)) => Ok(ggn),
        Ok(_) => unreachable_level(),
        Err(e) => Err(slot.take().unwrap_or_else(|| {
            let (line, column, message) = json::syntax(&e);
            GgnError::Json {
                line,
                column,
                message,
            }
        })),
    }
}

/// A root seed always yields a root value; this stands for an impossible branch without
/// panicking.
fn unreachable_level() -> Result<Ggn, GgnError> {
    Err(GgnError::Json {
        line: 0,
        column: 0,
        message: "internal reader error".into(),
    })
}

struct Ctx<'s> {
    slot: &'s Slot<GgnError>,
    mode: QpiMode,
}

/// Which object the seed reads.
#[derive(Clone, Copy)]
enum Level {
    Root,
    Sources,
    Destinations,
    Possibilities,
    Possibility,
}

/// What a seed built.
enum Built {
    Root(Ggn),
    Sources(Sources),
    Destinations(Destinations),
    Possibilities(Vec<Possibility>),
    Possibility(Possibility),
}

#[derive(Clone, Copy)]
struct Seed<'c, 's> {
    ctx: &'c Ctx<'s>,
    path: Path,
    level: Level,
}

impl Seed<'_, '_> {
    fn wrong<E: de::Error>(self, found: &'static str) -> E {
        let path = self.path;
        self.ctx.slot.fail(match self.level {
            Level::Possibilities => GgnError::NotAnArray { path, found },
            _ => GgnError::NotAnObject { path, found },
        })
    }

    fn fail<E: de::Error>(&self, e: GgnError) -> E {
        self.ctx.slot.fail(e)
    }

    fn child(&self, path: Path, level: Level) -> Self {
        Seed {
            ctx: self.ctx,
            path,
            level,
        }
    }

    fn location(&self, k: &Short) -> Result<Location, GgnError> {
        let r = match k.full() {
            Some(b"*") => Ok(Location::Hand),
            Some(b) => Cell::parse_bytes(b).map(Location::Square),
            None => Err(CellError::TooLong),
        };
        r.map_err(|error| GgnError::InvalidLocation {
            path: self.path,
            key: k.shown(),
            error,
        })
    }

    fn duplicate(&self, k: &Short) -> GgnError {
        GgnError::DuplicateKey {
            path: self.path,
            key: k.shown(),
        }
    }

    fn root<'de, A: de::MapAccess<'de>>(self, mut map: A) -> Result<Ggn, A::Error> {
        let mut pieces = BTreeMap::new();
        while let Some(k) = map.next_key::<Short>()? {
            let piece = match k.full() {
                Some(b) => Qpi::parse_bytes(b, self.ctx.mode),
                None => Err(QpiError::TooLong),
            }
            .map_err(|error| {
                self.fail(GgnError::InvalidPiece {
                    path: self.path,
                    key: k.shown(),
                    error,
                })
            })?;
            if pieces.contains_key(&piece) {
                return Err(self.fail(self.duplicate(&k)));
            }
            let seed = self.child(Path::piece(piece), Level::Sources);
            if let Built::Sources(s) = map.next_value_seed(seed)? {
                pieces.insert(piece, s);
            }
        }
        Ok(Ggn { pieces })
    }

    fn sources<'de, A: de::MapAccess<'de>>(self, mut map: A) -> Result<Sources, A::Error> {
        let mut out = BTreeMap::new();
        while let Some(k) = map.next_key::<Short>()? {
            let source = self.location(&k).map_err(|e| self.fail(e))?;
            if out.contains_key(&source) {
                return Err(self.fail(self.duplicate(&k)));
            }
            let seed = self.child(self.path.with_source(source), Level::Destinations);
            if let Built::Destinations(d) = map.next_value_seed(seed)? {
                out.insert(source, d);
            }
        }
        Ok(out)
    }

    fn destinations<'de, A: de::MapAccess<'de>>(
        self,
        mut map: A,
    ) -> Result<Destinations, A::Error> {
        let mut out = BTreeMap::new();
        while let Some(k) = map.next_key::<Short>()? {
            let dest = self.location(&k).map_err(|e| self.fail(e))?;
            let path = self.path.with_destination(dest);
            if dest == Location::Hand && self.path.source == Some(Location::Hand) {
                return Err(self.fail(GgnError::HandToHand { path }));
            }
            if out.contains_key(&dest) {
                return Err(self.fail(self.duplicate(&k)));
            }
            if let Built::Possibilities(p) =
                map.next_value_seed(self.child(path, Level::Possibilities))?
            {
                out.insert(dest, p);
            }
        }
        Ok(out)
    }

    fn possibility<'de, A: de::MapAccess<'de>>(self, mut map: A) -> Result<Possibility, A::Error> {
        let mut must: Option<Lcn> = None;
        let mut deny: Option<Lcn> = None;
        while let Some(k) = map.next_key::<Short>()? {
            let field = match k.full() {
                Some(b"must") => Field::Must,
                Some(b"deny") => Field::Deny,
                _ => {
                    return Err(self.fail(GgnError::UnknownField {
                        path: self.path,
                        key: k.shown(),
                    }))
                }
            };
            let target = match field {
                Field::Must => &mut must,
                Field::Deny => &mut deny,
            };
            if target.is_some() {
                return Err(self.fail(self.duplicate(&k)));
            }
            let lslot = Slot::new();
            let seed = LcnSeed {
                slot: &lslot,
                mode: self.ctx.mode,
            };
            match map.next_value_seed(seed) {
                Ok(l) => *target = Some(l),
                Err(e) => {
                    return Err(match lslot.take() {
                        Some(error) => self.fail(GgnError::Condition {
                            path: self.path.with_field(field),
                            error,
                        }),
                        None => e,
                    })
                }
            }
        }
        Ok(Possibility {
            must: must.unwrap_or_default(),
            deny: deny.unwrap_or_default(),
        })
    }
}

impl<'de> DeserializeSeed<'de> for Seed<'_, '_> {
    type Value = Built;
    fn deserialize<D: de::Deserializer<'de>>(self, d: D) -> Result<Built, D::Error> {
        d.deserialize_any(self)
    }
}

impl<'de> Visitor<'de> for Seed<'_, '_> {
    type Value = Built;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a GGN object or array")
    }

    fn visit_map<A: de::MapAccess<'de>>(self, map: A) -> Result<Built, A::Error> {
        Ok(match self.level {
            Level::Root => Built::Root(self.root(map)?),
            Level::Sources => Built::Sources(self.sources(map)?),
            Level::Destinations => Built::Destinations(self.destinations(map)?),
            Level::Possibility => Built::Possibility(self.possibility(map)?),
            Level::Possibilities => return Err(self.wrong("an object")),
        })
    }

    fn visit_seq<A: de::SeqAccess<'de>>(self, mut seq: A) -> Result<Built, A::Error> {
        if !matches!(self.level, Level::Possibilities) {
            return Err(self.wrong("an array"));
        }
        // Most lists hold one or two possibilities.
        let mut out = Vec::with_capacity(seq.size_hint().unwrap_or(2).min(16));
        loop {
            let seed = self.child(self.path.with_possibility(out.len()), Level::Possibility);
            match seq.next_element_seed(seed)? {
                Some(Built::Possibility(p)) => out.push(p),
                Some(_) => return Err(self.wrong("an unexpected value")),
                None => break,
            }
        }
        // Keep the memory bound (about 11 bytes per text byte) without reallocating short lists.
        if out.capacity() > out.len() + out.len() / 4 + 2 {
            out.shrink_to_fit();
        }
        Ok(Built::Possibilities(out))
    }

    reject!(scalars);
}
