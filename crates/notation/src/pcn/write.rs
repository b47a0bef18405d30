//! The canonical PCN writer.

use serde_json::Value;

use super::{Map, Outcome, Pcn, PcnError, Ply};

fn ply(p: &Ply) -> Value {
    let mv = Value::String(p.pmn.to_string());
    if p.seconds.is_none() && p.extra.is_empty() {
        return mv;
    }
    let mut m = Map::new();
    m.insert("move".into(), mv);
    if let Some(s) = p.seconds {
        // A non-finite time has no JSON form; it is written as null (and refused on reading).
        let n = serde_json::Number::from_f64(s).map_or(Value::Null, Value::Number);
        m.insert("seconds".into(), n);
    }
    for (k, v) in &p.extra {
        m.insert(k.clone(), v.clone());
    }
    Value::Object(m)
}

fn outcome(o: &Outcome) -> Value {
    let mut m = Map::new();
    match o.status.len() {
        0 => {}
        1 => {
            let s = o.status.iter().next().map(|s| s.as_str()).unwrap_or("");
            m.insert("status".into(), Value::String(s.into()));
        }
        _ => {
            let a = o.status.iter().map(|s| Value::String(s.as_str().into()));
            m.insert("status".into(), Value::Array(a.collect()));
        }
    }
    if let Some(r) = o.result {
        m.insert("result".into(), Value::String(r.as_str().into()));
    }
    for (k, v) in &o.extra {
        m.insert(k.clone(), v.clone());
    }
    Value::Object(m)
}

pub(super) fn to_value(p: &Pcn) -> Value {
    let mut m = Map::new();
    if let Some(meta) = &p.meta {
        m.insert("meta".into(), Value::Object(meta.clone()));
    }
    if let Some(links) = &p.links {
        m.insert("links".into(), Value::Array(links.clone()));
    }
    if let Some(periods) = &p.periods {
        m.insert("periods".into(), Value::Array(periods.clone()));
    }
    if let Some(sides) = &p.sides {
        m.insert("sides".into(), Value::Object(sides.clone()));
    }
    let mut setup = Map::new();
    setup.insert("feen".into(), Value::String(p.setup.feen.clone()));
    for (k, v) in &p.setup.extra {
        setup.insert(k.clone(), v.clone());
    }
    m.insert("setup".into(), Value::Object(setup));
    if let Some(plies) = &p.plies {
        m.insert(
            "plies".into(),
            Value::Array(plies.iter().map(ply).collect()),
        );
    }
    if let Some(o) = &p.outcome {
        m.insert("outcome".into(), outcome(o));
    }
    for (k, v) in &p.extra {
        // A kept key cannot shadow a section: the reader removed those.
        if !m.contains_key(k) {
            m.insert(k.clone(), v.clone());
        }
    }
    Value::Object(m)
}

pub(super) fn to_json(p: &Pcn) -> String {
    let mut s = serde_json::to_string_pretty(&to_value(p)).unwrap_or_default();
    s.push('\n');
    s
}

fn json_to_toml(v: &Value, path: &str) -> Result<toml::Value, PcnError> {
    let not = |what| PcnError::NotRepresentable {
        path: path.to_string(),
        what,
        format: "TOML",
    };
    Ok(match v {
        Value::Null => return Err(not("null")),
        Value::Bool(b) => toml::Value::Boolean(*b),
        Value::Number(n) => {
            if let Some(i) = n.as_i64() {
                toml::Value::Integer(i)
            } else if n.is_u64() {
                return Err(not("an integer above i64::MAX"));
            } else {
                toml::Value::Float(n.as_f64().unwrap_or(f64::NAN))
            }
        }
        Value::String(s) => toml::Value::String(s.clone()),
        Value::Array(a) => toml::Value::Array(
            a.iter()
                .enumerate()
                .map(|(i, x)| json_to_toml(x, &format!("{path}[{i}]")))
                .collect::<Result<_, _>>()?,
        ),
        Value::Object(m) => {
            let mut t = toml::Table::new();
            for (k, x) in m {
                let sub = if path.is_empty() {
                    k.clone()
                } else {
                    format!("{path}.{k}")
                };
                t.insert(k.clone(), json_to_toml(x, &sub)?);
            }
            toml::Value::Table(t)
        }
    })
}

pub(super) fn to_toml(p: &Pcn) -> Result<String, PcnError> {
    let t = json_to_toml(&to_value(p), "")?;
    toml::to_string(&t).map_err(|e| PcnError::NotRepresentable {
        path: format!("document ({e})"),
        what: "the record",
        format: "TOML",
    })
}
