//! Serde helpers shared by the LCN, GGN and PCN readers (features `ggn`, `pcn`): typed errors out of a streaming
//! `Deserialize` visitor, and an allocation-free short string.
//!
//! A visitor cannot return our own error type (the error type belongs to the deserializer), so
//! the first typed error is parked in a [`Slot`] and a placeholder `custom` error aborts the
//! parse; the caller then takes the typed error out of the slot.
// PCN alone uses only `Slot` and `syntax`.
#![cfg_attr(not(feature = "ggn"), allow(dead_code, unused_imports, unused_macros))]

use std::cell::RefCell;
use std::fmt;

use serde::de::{self, Deserialize, Deserializer, Visitor};

/// Where a visitor parks the first typed error it meets.
pub(crate) struct Slot<E>(RefCell<Option<E>>);

impl<E> Slot<E> {
    pub(crate) fn new() -> Slot<E> {
        Slot(RefCell::new(None))
    }

    /// Records `e` (unless an error is already recorded) and returns a placeholder to abort with.
    pub(crate) fn fail<D: de::Error>(&self, e: E) -> D {
        let mut s = self.0.borrow_mut();
        if s.is_none() {
            *s = Some(e);
        }
        D::custom("typed error recorded")
    }

    pub(crate) fn take(&self) -> Option<E> {
        self.0.borrow_mut().take()
    }
}

/// Longest string kept by [`Short`]; longer strings keep their first bytes and their length.
pub(crate) const SHORT: usize = 24;

/// A string of any length seen through its first [`SHORT`] bytes, without allocating.
#[derive(Clone, Copy)]
pub(crate) struct Short {
    buf: [u8; SHORT],
    kept: u8,
    /// The full length of the original string in bytes.
    pub(crate) len: usize,
}

impl Short {
    pub(crate) fn new(s: &str) -> Short {
        let mut kept = s.len().min(SHORT);
        while !s.is_char_boundary(kept) {
            kept -= 1;
        }
        let mut buf = [0u8; SHORT];
        buf[..kept].copy_from_slice(&s.as_bytes()[..kept]);
        Short {
            buf,
            kept: kept as u8,
            len: s.len(),
        }
    }

    /// The whole string's bytes when it was short enough to keep entirely, else `None`.
    pub(crate) fn full(&self) -> Option<&[u8]> {
        (self.len == self.kept as usize).then(|| &self.buf[..self.kept as usize])
    }

    /// The kept prefix (a valid UTF-8 prefix of the original).
    pub(crate) fn prefix(&self) -> &str {
        std::str::from_utf8(&self.buf[..self.kept as usize]).unwrap_or("")
    }

    /// A printable rendering for error messages (`…` marks truncation).
    pub(crate) fn shown(&self) -> String {
        if self.full().is_some() {
            self.prefix().to_string()
        } else {
            format!("{}…", self.prefix())
        }
    }
}

impl<'de> Deserialize<'de> for Short {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Short, D::Error> {
        struct V;
        impl Visitor<'_> for V {
            type Value = Short;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Short, E> {
                Ok(Short::new(s))
            }
        }
        d.deserialize_str(V)
    }
}

/// A JSON value seen only as "a short string" or "something else, of this type".
pub(crate) enum Scalar {
    Str(Short),
    Other(&'static str),
}

impl<'de> Deserialize<'de> for Scalar {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Scalar, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = Scalar;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("any value")
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<Scalar, E> {
                Ok(Scalar::Str(Short::new(s)))
            }
            fn visit_bool<E: de::Error>(self, _: bool) -> Result<Scalar, E> {
                Ok(Scalar::Other("a boolean"))
            }
            fn visit_i64<E: de::Error>(self, _: i64) -> Result<Scalar, E> {
                Ok(Scalar::Other("a number"))
            }
            fn visit_u64<E: de::Error>(self, _: u64) -> Result<Scalar, E> {
                Ok(Scalar::Other("a number"))
            }
            fn visit_f64<E: de::Error>(self, _: f64) -> Result<Scalar, E> {
                Ok(Scalar::Other("a number"))
            }
            fn visit_unit<E: de::Error>(self) -> Result<Scalar, E> {
                Ok(Scalar::Other("null"))
            }
            fn visit_none<E: de::Error>(self) -> Result<Scalar, E> {
                Ok(Scalar::Other("null"))
            }
            fn visit_seq<A: de::SeqAccess<'de>>(self, mut a: A) -> Result<Scalar, A::Error> {
                // Drained so that the deserializer stays consistent; the depth is bounded by
                // serde_json's recursion limit.
                while a.next_element::<de::IgnoredAny>()?.is_some() {}
                Ok(Scalar::Other("an array"))
            }
            fn visit_map<A: de::MapAccess<'de>>(self, mut a: A) -> Result<Scalar, A::Error> {
                while a.next_entry::<de::IgnoredAny, de::IgnoredAny>()?.is_some() {}
                Ok(Scalar::Other("an object"))
            }
        }
        d.deserialize_any(V)
    }
}

/// Implements the visitor methods of the JSON types a visitor does not expect, each calling
/// `self.wrong(found)` (which parks a typed error and returns a placeholder).
macro_rules! reject {
    (scalars) => {
        fn visit_bool<E: serde::de::Error>(self, _: bool) -> Result<Self::Value, E> {
            Err(self.wrong("a boolean"))
        }
        fn visit_i64<E: serde::de::Error>(self, _: i64) -> Result<Self::Value, E> {
            Err(self.wrong("a number"))
        }
        fn visit_u64<E: serde::de::Error>(self, _: u64) -> Result<Self::Value, E> {
            Err(self.wrong("a number"))
        }
        fn visit_f64<E: serde::de::Error>(self, _: f64) -> Result<Self::Value, E> {
            Err(self.wrong("a number"))
        }
        fn visit_str<E: serde::de::Error>(self, _: &str) -> Result<Self::Value, E> {
            Err(self.wrong("a string"))
        }
        fn visit_unit<E: serde::de::Error>(self) -> Result<Self::Value, E> {
            Err(self.wrong("null"))
        }
        fn visit_none<E: serde::de::Error>(self) -> Result<Self::Value, E> {
            Err(self.wrong("null"))
        }
    };
    (seq) => {
        fn visit_seq<A: serde::de::SeqAccess<'de>>(self, _: A) -> Result<Self::Value, A::Error> {
            Err(self.wrong("an array"))
        }
    };
    (map) => {
        fn visit_map<A: serde::de::MapAccess<'de>>(self, _: A) -> Result<Self::Value, A::Error> {
            Err(self.wrong("an object"))
        }
    };
}
pub(crate) use reject;

/// Position and message of a JSON syntax error.
pub(crate) fn syntax(e: &serde_json::Error) -> (usize, usize, String) {
    let msg = e.to_string();
    // serde_json appends " at line L column C"; keep the bare message.
    let bare = match msg.rfind(" at line ") {
        Some(i) => msg[..i].to_string(),
        None => msg,
    };
    (e.line(), e.column(), bare)
}
