//! The tolerant PCN reader.

use serde::de::DeserializeSeed;
use serde_json::Value;

use super::unique::Unique;
use crate::json::Slot;

use super::{GameResult, Map, Outcome, Pcn, PcnError, Ply, Setup, MAX_DEPTH, MAX_DOCUMENT_BYTES};
use crate::cgsn::{Status, StatusSet};
use crate::pmn::Pmn;

pub(super) fn looks_like_json(text: &str) -> bool {
    text.trim_start_matches(|c: char| c.is_whitespace() || c == '\u{feff}')
        .starts_with('{')
}

fn check_size(text: &str) -> Result<(), PcnError> {
    if text.len() > MAX_DOCUMENT_BYTES {
        return Err(PcnError::DocumentTooLarge {
            len: text.len(),
            max: MAX_DOCUMENT_BYTES,
        });
    }
    Ok(())
}

pub(super) fn from_json(text: &str) -> Result<Pcn, PcnError> {
    check_size(text)?;
    let text = text.trim_start_matches('\u{feff}');
    let slot = Slot::new();
    let mut de = serde_json::Deserializer::from_str(text);
    let v: Value = Unique(&slot)
        .deserialize(&mut de)
        .and_then(|v| de.end().map(|()| v))
        .map_err(|e| {
            slot.take().unwrap_or_else(|| {
                let (line, column, message) = crate::json::syntax(&e);
                PcnError::Json {
                    line,
                    column,
                    message,
                }
            })
        })?;
    check_depth(&v, 0, "document")?;
    from_value(v)
}

pub(super) fn from_toml(text: &str) -> Result<Pcn, PcnError> {
    check_size(text)?;
    let text = text.trim_start_matches('\u{feff}');
    let table: toml::Table = text.parse().map_err(|e: toml::de::Error| {
        let at = e
            .span()
            .map(|s| format!(" at byte {}", s.start))
            .unwrap_or_default();
        PcnError::Toml {
            message: format!("{}{at}", e.message().trim()).replace('\n', " "),
        }
    })?;
    let mut map = Map::new();
    for (k, v) in table {
        let value = toml_to_json(v, 1, &k)?;
        map.insert(k, value);
    }
    from_value(Value::Object(map))
}

/// Converts a TOML value, refusing nesting past [`MAX_DEPTH`] and non-finite floats.
fn toml_to_json(v: toml::Value, depth: usize, path: &str) -> Result<Value, PcnError> {
    if depth > MAX_DEPTH {
        return Err(PcnError::TooDeep {
            path: path.to_string(),
            max: MAX_DEPTH,
        });
    }
    Ok(match v {
        toml::Value::String(s) => Value::String(s),
        toml::Value::Integer(i) => Value::from(i),
        toml::Value::Float(f) => match serde_json::Number::from_f64(f) {
            Some(n) => Value::Number(n),
            None => {
                return Err(PcnError::NotRepresentable {
                    path: path.to_string(),
                    what: "a non-finite number",
                    format: "a PCN value",
                })
            }
        },
        toml::Value::Boolean(b) => Value::Bool(b),
        toml::Value::Datetime(d) => Value::String(d.to_string()),
        toml::Value::Array(a) => Value::Array(
            a.into_iter()
                .enumerate()
                .map(|(i, x)| toml_to_json(x, depth + 1, &format!("{path}[{i}]")))
                .collect::<Result<_, _>>()?,
        ),
        toml::Value::Table(t) => {
            let mut m = Map::new();
            for (k, x) in t {
                let value = toml_to_json(x, depth + 1, &format!("{path}.{k}"))?;
                m.insert(k, value);
            }
            Value::Object(m)
        }
    })
}

fn check_depth(v: &Value, depth: usize, path: &str) -> Result<(), PcnError> {
    if depth > MAX_DEPTH {
        return Err(PcnError::TooDeep {
            path: path.to_string(),
            max: MAX_DEPTH,
        });
    }
    match v {
        Value::Array(a) => a.iter().try_for_each(|x| check_depth(x, depth + 1, path)),
        Value::Object(m) => m.iter().try_for_each(|(k, x)| {
            // Only the top-level key is named: enough to find the spot, cheap to build.
            if depth == 0 {
                check_depth(x, depth + 1, k)
            } else {
                check_depth(x, depth + 1, path)
            }
        }),
        _ => Ok(()),
    }
}

fn type_name(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

fn wrong(path: impl Into<String>, expected: &'static str, v: &Value) -> PcnError {
    PcnError::WrongType {
        path: path.into(),
        expected,
        found: type_name(v),
    }
}

fn object(v: Value, path: &str) -> Result<Map, PcnError> {
    match v {
        Value::Object(m) => Ok(m),
        other => Err(wrong(path, "an object", &other)),
    }
}

fn array(v: Value, path: &str) -> Result<Vec<Value>, PcnError> {
    match v {
        Value::Array(a) => Ok(a),
        other => Err(wrong(path, "an array", &other)),
    }
}

fn string(v: Value, path: &str) -> Result<String, PcnError> {
    match v {
        Value::String(s) => Ok(s),
        other => Err(wrong(path, "a string", &other)),
    }
}

pub(super) fn check_feen(feen: &str, path: &str) -> Result<(), PcnError> {
    sashite_feen::Feen::parse(feen)
        .map(|_| ())
        .map_err(|e| PcnError::InvalidFeen {
            path: path.to_string(),
            error: e.to_string(),
        })
}

pub(super) fn from_value(v: Value) -> Result<Pcn, PcnError> {
    let mut doc = object(v, "document")?;
    let meta = doc
        .shift_remove("meta")
        .map(|v| object(v, "meta"))
        .transpose()?;
    let links = doc
        .shift_remove("links")
        .map(|v| array(v, "links"))
        .transpose()?;
    let periods = doc
        .shift_remove("periods")
        .map(|v| array(v, "periods"))
        .transpose()?;
    let sides = doc
        .shift_remove("sides")
        .map(|v| object(v, "sides"))
        .transpose()?;
    if let Some(s) = &sides {
        for side in ["first", "second"] {
            if let Some(v) = s.get(side) {
                if !v.is_object() {
                    return Err(wrong(format!("sides.{side}"), "an object", v));
                }
            }
        }
    }
    let setup = setup(doc.shift_remove("setup").ok_or(PcnError::MissingField {
        path: "setup".into(),
    })?)?;
    let plies = doc
        .shift_remove("plies")
        .map(|v| {
            array(v, "plies")?
                .into_iter()
                .enumerate()
                .map(|(i, p)| ply(p, &format!("plies[{i}]")))
                .collect::<Result<Vec<_>, _>>()
        })
        .transpose()?;
    let outcome = doc.shift_remove("outcome").map(outcome).transpose()?;
    Ok(Pcn {
        meta,
        links,
        periods,
        sides,
        setup,
        plies,
        outcome,
        extra: doc,
    })
}

fn setup(v: Value) -> Result<Setup, PcnError> {
    let (feen, extra) = match v {
        Value::String(s) => (s, Map::new()),
        Value::Object(mut m) => {
            let feen = m.shift_remove("feen").ok_or(PcnError::MissingField {
                path: "setup.feen".into(),
            })?;
            (string(feen, "setup.feen")?, m)
        }
        other => return Err(wrong("setup", "a FEEN string or an object", &other)),
    };
    check_feen(&feen, "setup.feen")?;
    Ok(Setup { feen, extra })
}

fn pmn(v: Value, path: &str) -> Result<Pmn, PcnError> {
    let s = string(v, path)?;
    Pmn::parse_lenient(&s)
        .map(|(m, _)| m)
        .map_err(|error| PcnError::InvalidPly {
            path: path.to_string(),
            error,
        })
}

fn seconds(v: Value, path: &str) -> Result<f64, PcnError> {
    let f = match &v {
        Value::Number(n) => n.as_f64(),
        _ => return Err(wrong(path, "a number", &v)),
    };
    match f {
        Some(f) if f.is_finite() && f >= 0.0 => Ok(f),
        _ => Err(PcnError::InvalidSeconds {
            path: path.to_string(),
        }),
    }
}

fn ply(v: Value, path: &str) -> Result<Ply, PcnError> {
    match v {
        Value::String(_) => Ok(Ply::new(pmn(v, path)?)),
        Value::Object(mut m) => {
            let mv = m
                .shift_remove("move")
                .ok_or_else(|| PcnError::MissingField {
                    path: format!("{path}.move"),
                })?;
            let pmn = pmn(mv, &format!("{path}.move"))?;
            let seconds = m
                .shift_remove("seconds")
                .map(|s| seconds(s, &format!("{path}.seconds")))
                .transpose()?;
            Ok(Ply {
                pmn,
                seconds,
                extra: m,
            })
        }
        Value::Array(a) => {
            if a.len() != 2 {
                return Err(PcnError::PlyPairLength {
                    path: path.to_string(),
                    len: a.len(),
                });
            }
            let mut it = a.into_iter();
            let mv = it.next().unwrap_or(Value::Null);
            let s = it.next().unwrap_or(Value::Null);
            Ok(Ply {
                pmn: pmn(mv, &format!("{path}[0]"))?,
                seconds: Some(seconds(s, &format!("{path}[1]"))?),
                extra: Map::new(),
            })
        }
        other => Err(wrong(
            path,
            "a PMN string, a ply object or a [PMN, seconds] pair",
            &other,
        )),
    }
}

fn status(v: Value, path: &str) -> Result<Status, PcnError> {
    let s = string(v, path)?;
    s.parse().map_err(|error| PcnError::InvalidStatus {
        path: path.to_string(),
        error,
    })
}

fn outcome(v: Value) -> Result<Outcome, PcnError> {
    let mut m = object(v, "outcome")?;
    let status = match m.shift_remove("status") {
        None => StatusSet::EMPTY,
        Some(v @ Value::String(_)) => StatusSet::EMPTY.with(status(v, "outcome.status")?),
        Some(Value::Array(a)) => a
            .into_iter()
            .enumerate()
            .map(|(i, v)| status(v, &format!("outcome.status[{i}]")))
            .collect::<Result<StatusSet, _>>()?,
        Some(other) => {
            return Err(wrong(
                "outcome.status",
                "a status or an array of statuses",
                &other,
            ))
        }
    };
    let result = match m.shift_remove("result") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(match s.as_str() {
            "first" => GameResult::First,
            "second" => GameResult::Second,
            "draw" => GameResult::Draw,
            _ => {
                return Err(PcnError::InvalidResult {
                    path: "outcome.result".into(),
                    value: s.chars().take(32).collect(),
                })
            }
        }),
        Some(other) => return Err(wrong("outcome.result", "a string", &other)),
    };
    Ok(Outcome {
        status,
        result,
        extra: m,
    })
}
